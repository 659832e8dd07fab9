package exactcover

import (
	"math"
	"math/bits"
	"slices"
)

// This file is the default engine: Algorithm X on bitsets. Its search is
// DLX2's step for step — the same item chosen at every node, the same
// options tried in the same order, the same node and update counts — but
// its state is a bitset of the options still active instead of doubly
// linked lists:
//
//   - covering an item clears, word by word, the bits of the options that
//     contain it (the item's mask ANDed with the active set), where dancing
//     links unlinks every node of every such option from its list;
//   - undoing restores the words changed, from a stack of their old values;
//   - the count of an item's active options, which dancing links keeps in
//     its header, is a popcount of its mask ANDed with the active set,
//     taken only while choosing the item to branch on, and abandoned as
//     soon as it reaches the best count so far;
//   - with no colours and few enough options, each option also has a
//     dense mask of every option it conflicts with, so that committing to
//     it is one pass over the active set instead of one per item.
//
// The updates DLX would count are counted from the options hidden: each
// contributes its size less one (less its nodes in purified items, which
// DLX2 leaves in place), by popcount when all options of a word have the
// same size.

// maskWord is one non-zero word of a sparse bitset over options.
type maskWord struct {
	word int32
	bits uint64
}

// belem is one element of an option, as the bitset engine keeps it.
type belem struct {
	item int32
	// cls is the colour class of a coloured element, or -1.
	cls int32
}

// bitem is a primary item's (or the root's) record: its neighbours in the
// list of items to cover, and its mask, masks[lo:hi].
type bitem struct {
	prev, next int32
	lo, hi     int32
}

// undoEntry is a word of the active set and its value before a change.
type undoEntry struct {
	word int32
	old  uint64
}

// bitsLevel is the state of one level of the search.
type bitsLevel struct {
	// best is the item branched on; its options are branch[start:end],
	// and branch[pos] is the one being tried.
	best            int32
	start, pos, end int32
	// The heights of the undo and pure stacks before best was covered
	// and before the option tried was committed.
	coverUndo, coverPure   int32
	commitUndo, commitPure int32
}

// conflictMaxWords bounds the memory of the dense conflict masks (8 bytes
// a word); a variable so that tests can run both ways.
var conflictMaxWords = 1 << 20

// bitsEngine is the search state of one run of the bitset engine.
type bitsEngine struct {
	primary int32
	colours bool
	// leftmost selects the first remaining primary item instead of the
	// one with the fewest options.
	leftmost bool

	// Options, renumbered densely (options without a primary item are
	// left out): option o's elements are elems[ostart[o]:ostart[o+1]].
	elems  []belem
	ostart []int32
	// weight[o] is the updates DLX counts for hiding option o: its size
	// less one, the node in the item being covered staying in place.
	weight []int32
	// orig[o] is the option's index in the Problem.
	orig []int32

	// The options containing item i are masks[mstart[i]:mstart[i+1]];
	// the options giving a secondary item the colour of colour class k
	// are masks[cstart[k]:cstart[k+1]].
	masks  []maskWord
	mstart []int32
	cstart []int32
	// conflict, when not nil, holds for each option o the dense mask of
	// the options sharing an item with it, words conflict[o*words:].
	conflict []uint64
	words    int

	// active is the set of active options; uniform[w] is the weight of
	// every option in word w, or -1 if they differ.
	active  []uint64
	uniform []int32

	// The primary items still to cover, in a circular list through the
	// root, primary, in item order; with each, where its mask is, so that
	// choosing an item reads one record per item.
	items []bitem
	// purified[i] is true while secondary item i is purified; pure
	// stacks the items purified, to clear them again.
	purified []bool
	pure     []int32

	// undo holds the words of active changed, to restore them in
	// reverse order; each change clears at least one bit, and a bit is
	// cleared once on a path of the search, so there are never more
	// entries than options.
	undo []undoEntry
	uh   int32
	// branch holds the options of the items branched on, level by
	// level; an option is hidden once branched on, so there are never
	// more than there are options.
	branch []int32
	bh     int32

	lvl []bitsLevel

	counters
}

func newBitsEngine(p *Problem, leftmost bool) *bitsEngine {
	n := p.primary + p.secondary
	e := &bitsEngine{primary: int32(p.primary), leftmost: leftmost}

	// Options, in the Problem's order of elements (which DLX2 follows
	// when it commits to an option, and so must this engine, for colours
	// make the counts depend on it); colour classes numbered as met.
	type key struct{ item, colour int32 }
	classOf := map[key]int32{}
	var classes int32
	// Sized for every option at once: grown by appending, a large
	// problem's arrays would cost several times their size in garbage.
	e.orig = make([]int32, 0, p.Options())
	e.ostart = make([]int32, 0, p.Options()+1)
	e.weight = make([]int32, 0, p.Options())
	e.elems = make([]belem, 0, len(p.elems))
	for o := range p.Options() {
		opt := p.elems[p.start[o]:p.start[o+1]]
		if !slices.ContainsFunc(opt, func(x Elem) bool { return int(x.Item) < p.primary }) {
			continue // no primary item: never chosen
		}
		e.orig = append(e.orig, int32(o))
		e.ostart = append(e.ostart, int32(len(e.elems)))
		for _, x := range opt {
			cls := int32(-1)
			if x.Colour != 0 {
				k := key{x.Item, x.Colour}
				c, ok := classOf[k]
				if !ok {
					c = classes
					classOf[k] = c
					classes++
				}
				cls = c
				e.colours = true
			}
			e.elems = append(e.elems, belem{item: x.Item, cls: cls})
		}
		e.weight = append(e.weight, int32(len(opt)-1))
	}
	nopt := len(e.orig)
	e.ostart = append(e.ostart, int32(len(e.elems)))

	// Sparse masks of items and colour classes: count the words, then
	// fill them, option by option so that words come in order. Sets
	// 0..n-1 are the items, n.. the colour classes.
	sets := n + int(classes)
	setOf := func(x belem, class bool) int {
		if class {
			return n + int(x.cls)
		}
		return int(x.item)
	}
	start := make([]int32, sets+1)
	last := make([]int32, sets)
	for i := range last {
		last[i] = -1
	}
	each := func(f func(o int, set int)) {
		for o := range nopt {
			for _, x := range e.elems[e.ostart[o]:e.ostart[o+1]] {
				f(o, setOf(x, false))
				if x.cls >= 0 {
					f(o, setOf(x, true))
				}
			}
		}
	}
	each(func(o, s int) {
		if w := int32(o >> 6); last[s] != w {
			last[s] = w
			start[s+1]++
		}
	})
	for s := range sets {
		start[s+1] += start[s]
	}
	e.masks = make([]maskWord, start[sets])
	fill := make([]int32, sets)
	copy(fill, start)
	each(func(o, s int) {
		w, b := int32(o>>6), uint64(1)<<(o&63)
		if k := fill[s]; k > start[s] && e.masks[k-1].word == w {
			e.masks[k-1].bits |= b
		} else {
			e.masks[k] = maskWord{w, b}
			fill[s]++
		}
	})
	e.mstart = start[:n+1]
	e.cstart = start[n:]

	e.words = (nopt + 63) / 64
	e.active = make([]uint64, e.words)
	for o := range nopt {
		e.active[o>>6] |= 1 << (o & 63)
	}
	e.uniform = make([]int32, e.words)
	for w := range e.uniform {
		e.uniform[w] = e.weight[w*64]
		for o := w * 64; o < min(nopt, w*64+64); o++ {
			if e.weight[o] != e.uniform[w] {
				e.uniform[w] = -1
				break
			}
		}
	}
	if !e.colours && nopt*e.words <= conflictMaxWords {
		e.conflict = make([]uint64, nopt*e.words)
		for o := range nopt {
			row := e.conflict[o*e.words : (o+1)*e.words]
			for _, x := range e.elems[e.ostart[o]:e.ostart[o+1]] {
				for _, mw := range e.masks[e.mstart[x.item]:e.mstart[x.item+1]] {
					row[mw.word] |= mw.bits
				}
			}
		}
	}

	P := e.primary
	e.items = make([]bitem, P+1)
	for i := range P + 1 {
		e.items[i] = bitem{prev: i - 1, next: i + 1}
		if i < P {
			e.items[i].lo, e.items[i].hi = e.mstart[i], e.mstart[i+1]
		}
	}
	e.items[0].prev, e.items[P].next = P, 0
	if P > 0 {
		e.items[P].prev = P - 1
	}
	e.purified = make([]bool, n)
	e.pure = make([]int32, 0, p.secondary)
	e.undo = make([]undoEntry, nopt+1)
	e.branch = make([]int32, nopt+1)
	e.lvl = make([]bitsLevel, P+1)
	return e
}

// hidden returns the updates DLX counts for hiding the options in m, which
// are active options of word w.
func (e *bitsEngine) hidden(w int32, m uint64) int64 {
	if u := e.uniform[w]; u >= 0 && !e.colours {
		return int64(bits.OnesCount64(m)) * int64(u)
	}
	var upd int64
	base := int(w) << 6
	for m != 0 {
		o := base + bits.TrailingZeros64(m)
		m &= m - 1
		upd += int64(e.weight[o])
		if e.colours {
			for _, x := range e.elems[e.ostart[o]:e.ostart[o+1]] {
				if e.purified[x.item] {
					upd--
				}
			}
		}
	}
	return upd
}

// clear hides the active options of word w that are in b, and returns the
// updates DLX counts for them.
func (e *bitsEngine) clear(w int32, b uint64) int64 {
	old := e.active[w]
	m := old & b
	if m == 0 {
		return 0
	}
	e.undo[e.uh] = undoEntry{w, old}
	e.uh++
	e.active[w] = old &^ m
	return e.hidden(w, m)
}

// unlink takes primary item c off the list of items to cover.
func (e *bitsEngine) unlink(c int32) {
	it := e.items
	p, n := it[c].prev, it[c].next
	it[p].next = n
	it[n].prev = p
}

// relink undoes unlink(c).
func (e *bitsEngine) relink(c int32) {
	it := e.items
	it[it[c].next].prev = c
	it[it[c].prev].next = c
}

// cover hides every active option containing item c.
func (e *bitsEngine) cover(c int32) {
	upd := int64(1)
	for _, mw := range e.masks[e.mstart[c]:e.mstart[c+1]] {
		upd += e.clear(mw.word, mw.bits)
	}
	e.updates += upd
}

// purify hides the active options that give secondary item c another
// colour than class cls, or none, and marks c purified.
func (e *bitsEngine) purify(c, cls int32) {
	same := e.masks[e.cstart[cls]:e.cstart[cls+1]]
	j := 0
	for _, mw := range e.masks[e.mstart[c]:e.mstart[c+1]] {
		b := mw.bits
		for j < len(same) && same[j].word < mw.word {
			j++
		}
		if j < len(same) && same[j].word == mw.word {
			b &^= same[j].bits
		}
		e.updates += e.clear(mw.word, b)
	}
	// Marked only now: the options just hidden have their node in c
	// left out of their weight already.
	e.purified[c] = true
	e.pure = append(e.pure, c)
}

// restore undoes the changes to active and the purifications made since
// the stacks had heights uh and ph.
func (e *bitsEngine) restore(uh, ph int32) {
	act := e.active
	for k := e.uh - 1; k >= uh; k-- {
		u := e.undo[k]
		act[u.word] = u.old
	}
	e.uh = uh
	for _, c := range e.pure[ph:] {
		e.purified[c] = false
	}
	e.pure = e.pure[:ph]
}

// choose returns the primary item to branch on, as DLX1 chooses it: the
// first with the fewest active options. An item's count is abandoned as
// soon as it reaches the best so far, so most items cost a word or two.
func (e *bitsEngine) choose() int32 {
	root := e.primary
	k := e.items[root].next
	if e.leftmost {
		return k
	}
	act, masks, items := e.active, e.masks, e.items
	best, t := k, int32(math.MaxInt32)
	for ; k != root; k = items[k].next {
		e.scanned++
		it := items[k]
		var l int32
		if it.hi-it.lo == 1 {
			// One word, as every item of a small problem has: no call.
			mw := masks[it.lo]
			l = int32(bits.OnesCount64(mw.bits & act[mw.word]))
		} else {
			l = countUpTo(masks[it.lo:it.hi], act, t)
		}
		if l < t {
			best, t = k, l
			if t == 0 {
				break
			}
		}
	}
	return best
}

// countUpTo counts the active options in ms, stopping once it reaches t.
// It is kept out of line on purpose: inlined into choose, its loop keeps
// reloading spilled registers around the popcount's fallback call, and runs
// slower.
//
//go:noinline
func countUpTo(ms []maskWord, act []uint64, t int32) int32 {
	l := int32(0)
	for _, mw := range ms {
		l += int32(bits.OnesCount64(mw.bits & act[mw.word]))
		if l >= t {
			break
		}
	}
	return l
}

// commit takes the primary items of option o other than best off the list
// of items to cover, and covers or purifies its items other than best.
func (e *bitsEngine) commit(o, best int32) {
	el := e.elems[e.ostart[o]:e.ostart[o+1]]
	k := 0 // where best is in o
	for j, x := range el {
		if x.item == best {
			k = j
		} else if x.item < e.primary {
			e.unlink(x.item)
		}
	}
	if e.conflict != nil {
		// Every item is covered: the options hidden are the active ones
		// that conflict with o, each counted once, and each item costs
		// DLX one update more.
		upd := int64(len(el) - 1)
		act, undo, uh := e.active, e.undo, e.uh
		row := e.conflict[int(o)*e.words : (int(o)+1)*e.words]
		for w, b := range row {
			old := act[w]
			m := old & b
			if m == 0 {
				continue
			}
			undo[uh] = undoEntry{int32(w), old}
			uh++
			act[w] = old &^ m
			if u := e.uniform[w]; u >= 0 {
				upd += int64(bits.OnesCount64(m)) * int64(u)
			} else {
				upd += e.hidden(int32(w), m)
			}
		}
		e.uh = uh
		e.updates += upd
		return
	}
	// DLX goes round the option from the node after best's: with
	// colours, the counts depend on the order.
	for i := 1; i < len(el); i++ {
		switch x := el[(k+i)%len(el)]; {
		case x.cls < 0:
			e.cover(x.item)
		case !e.purified[x.item]:
			e.purify(x.item, x.cls)
		}
	}
}

// uncommit puts the primary items of option o other than best back on
// the list of items to cover, in the reverse of the order commit took
// them.
func (e *bitsEngine) uncommit(o, best int32) {
	el := e.elems[e.ostart[o]:e.ostart[o+1]]
	for j := len(el) - 1; j >= 0; j-- {
		if c := el[j].item; c != best && c < e.primary {
			e.relink(c)
		}
	}
}

// coverBranch covers item c, the item branched on, and appends its active
// options, in order, to branch.
func (e *bitsEngine) coverBranch(c int32) {
	e.unlink(c)
	upd := int64(1)
	act := e.active
	for _, mw := range e.masks[e.mstart[c]:e.mstart[c+1]] {
		old := act[mw.word]
		m := old & mw.bits
		if m == 0 {
			continue
		}
		e.undo[e.uh] = undoEntry{mw.word, old}
		e.uh++
		act[mw.word] = old &^ m
		upd += e.hidden(mw.word, m)
		base := mw.word << 6
		for ; m != 0; m &= m - 1 {
			e.branch[e.bh] = base + int32(bits.TrailingZeros64(m))
			e.bh++
		}
	}
	e.updates += upd
}

// search runs the search as dancer.search does, label for label.
func (e *bitsEngine) search(t *thresholds, check func(atNode bool) bool, visit visitor) bool {
	root := e.primary
	if e.items[root].next == root {
		e.solutions++
		if visit != nil {
			visit(-1)
		}
		return true
	}
	level := 0
	var L *bitsLevel
	var o int32

forward:
	if e.nodes >= t.nodes || e.updates >= t.updates || e.scanned >= t.scanned {
		if !check(true) {
			return false
		}
	}
	e.nodes++
	L = &e.lvl[level]
	L.best = e.choose()
	L.coverUndo, L.coverPure = e.uh, int32(len(e.pure))
	L.start = e.bh
	e.coverBranch(L.best)
	L.pos, L.end = L.start, e.bh

advance:
	if L.pos == L.end {
		goto backup
	}
	o = e.branch[L.pos]
	L.commitUndo, L.commitPure = e.uh, int32(len(e.pure))
	e.commit(o, L.best)
	if e.items[root].next == root {
		e.solutions++
		if visit != nil && !visit(level) {
			return false
		}
		if e.solutions >= t.solutions && !check(false) {
			return false
		}
		goto recover
	}
	level++
	goto forward

backup:
	e.restore(L.coverUndo, L.coverPure)
	e.relink(L.best)
	e.bh = L.start
	if level == 0 {
		return true
	}
	level--
	L = &e.lvl[level]

recover:
	o = e.branch[L.pos]
	e.restore(L.commitUndo, L.commitPure)
	e.uncommit(o, L.best)
	L.pos++
	goto advance
}

// solution returns the Problem's indices of the options tried on levels
// 0..level.
func (e *bitsEngine) solution(level int) []int {
	s := make([]int, level+1)
	for l := range s {
		s[l] = int(e.orig[e.branch[e.lvl[l].pos]])
	}
	return s
}
