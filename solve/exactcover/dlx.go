package exactcover

// This file is the dancing-links engine (WithEngine(DancingLinks)):
// Algorithm X on dancing links, told as Knuth's DLX1 and DLX2 tell it, with
// his names (cover, uncover, purify, unpurify; forward, advance, backup,
// recover), so that a reader can follow the two side by side and the
// update counts agree (DLX1's node count is ours plus the solutions; see
// the package doc).

// node is one cell of the dancing-links structure: an item's header, an
// element of an option, or a spacer between options. All links are
// indices into dancer.nd, never pointers, and a node is 16 bytes, four to
// a cache line.
type node struct {
	// up and down link the node into its item's list. In a spacer, up is
	// the first node of the option before it and down the last node of
	// the option after it, so that an option is walked round in either
	// direction.
	up, down int32
	// itm is the header index of the node's item (items are numbered
	// from 1), or, in a header, the length of the item's list (Knuth's
	// len), or, in a spacer, minus one more than the index of the option
	// before it (the first spacer holds 0).
	itm int32
	// colour is the element's colour, 0 for none, or -1 while the item is
	// purified with this very colour; spacers and headers hold 0.
	colour int32
}

// link chains the items that remain to be covered.
type link struct{ prev, next int32 }

// root is the head of the list of primary items still to cover.
const root = 0

// dancer is the search state of one run of the dancing-links engine. It
// is built afresh for each run from the Problem and dropped at the end, so
// a run that stops early need not put its links back.
type dancer struct {
	// nd holds the headers (root and items, 0..items), then the first
	// spacer at index lastItm, then the options with a spacer after each.
	nd []node
	// cl links the items: root, the items 1..items, and at lastItm the
	// head of the list of secondary items.
	cl      []link
	lastItm int32
	// choice[l] is the node tried at level l.
	choice []int32
	// leftmost selects the first remaining primary item instead of the
	// one with the fewest options.
	leftmost bool

	counters
}

// newDancer lays the problem out as DLX2 reads it: items in order, options
// in order, each node at the bottom of its item's list. Options without a
// primary item are left out, as Knuth's programs leave them out.
func newDancer(p *Problem, leftmost bool) *dancer {
	n := int32(p.primary + p.secondary)
	second := int32(p.primary) + 1 // header index of the first secondary item
	lastItm := n + 1
	size := int(p.nodes) // headers, first spacer, elements and spacers
	d := &dancer{
		nd:       make([]node, size),
		cl:       make([]link, lastItm+1),
		lastItm:  lastItm,
		choice:   make([]int32, p.primary+1),
		leftmost: leftmost,
	}
	nd, cl := d.nd, d.cl
	// The primary items form a circular list through root; the secondary
	// ones a circular list through lastItm.
	for k := int32(0); k < second; k++ {
		cl[k] = link{prev: k - 1, next: k + 1}
	}
	cl[root].prev = second - 1
	cl[second-1].next = root
	cl[lastItm] = link{prev: lastItm, next: lastItm}
	if second <= n {
		for k := second; k <= n; k++ {
			cl[k] = link{prev: k - 1, next: k + 1}
		}
		cl[second].prev = lastItm
		cl[n].next = lastItm
		cl[lastItm] = link{prev: n, next: second}
	}
	for k := int32(1); k <= n; k++ {
		nd[k].up, nd[k].down = k, k
	}
	last := lastItm // the spacer before the option being laid out
	for o := range p.Options() {
		elems := p.elems[p.start[o]:p.start[o+1]]
		hasPrimary := false
		for _, e := range elems {
			if int(e.Item) < p.primary {
				hasPrimary = true
				break
			}
		}
		if !hasPrimary {
			continue
		}
		spacer := last
		for _, e := range elems {
			last++
			k := e.Item + 1
			bottom := nd[k].up
			nd[last] = node{up: bottom, down: k, itm: k, colour: e.Colour}
			nd[bottom].down = last
			nd[k].up = last
			nd[k].itm++
		}
		nd[spacer].down = last
		last++
		nd[last] = node{up: spacer + 1, itm: -int32(o) - 1}
	}
	d.nd = nd[:last+1]
	return d
}

// option returns the index of the option that node x belongs to: the
// spacer after it knows.
func (d *dancer) option(x int32) int {
	nd := d.nd
	for nd[x].itm > 0 {
		x++
	}
	return int(-nd[x].itm - 1)
}

// solution returns the Problem's indices of the options chosen on levels
// 0..level.
func (d *dancer) solution(level int) []int {
	s := make([]int, level+1)
	for l := range s {
		s[l] = d.option(d.choice[l])
	}
	return s
}

// choose returns the primary item to branch on: the one with the fewest
// remaining options, the first such in item order (DLX1's rule, so that the
// search tree is DLX1's), stopping early at an item with none.
func (d *dancer) choose() int32 {
	nd, cl := d.nd, d.cl
	k := cl[root].next
	if d.leftmost {
		return k
	}
	best, t := k, nd[k].itm
	for k = cl[k].next; t > 0 && k != root; k = cl[k].next {
		d.scanned++
		if l := nd[k].itm; l < t {
			best, t = k, l
		}
	}
	return best
}

// cover removes item c from the list of items to cover and hides every
// option in its list from the other items' lists. Nodes of purified items
// (colour < 0) stay where they are: their items are settled.
func (d *dancer) cover(c int32) {
	nd, cl := d.nd, d.cl
	l, r := cl[c].prev, cl[c].next
	cl[l].next = r
	cl[r].prev = l
	upd := d.updates + 1
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		for nn := rr + 1; nn != rr; {
			x := nd[nn]
			if x.itm <= 0 {
				nn = x.up
				continue
			}
			if x.colour >= 0 {
				nd[x.up].down = x.down
				nd[x.down].up = x.up
				nd[x.itm].itm--
				upd++
			}
			nn++
		}
	}
	d.updates = upd
}

// uncover undoes cover(c). It walks the lists in the same directions as
// cover did: as Knuth observes, the links come back either way.
func (d *dancer) uncover(c int32) {
	nd, cl := d.nd, d.cl
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		for nn := rr + 1; nn != rr; {
			x := nd[nn]
			if x.itm <= 0 {
				nn = x.up
				continue
			}
			if x.colour >= 0 {
				nd[x.up].down = nn
				nd[x.down].up = nn
				nd[x.itm].itm++
			}
			nn++
		}
	}
	l, r := cl[c].prev, cl[c].next
	cl[l].next = c
	cl[r].prev = c
}

// purify settles the secondary item of node p at p's colour: it hides the
// options that give the item another colour (or none) and marks those that
// give it the same colour, which stay compatible.
func (d *dancer) purify(p int32) {
	nd := d.nd
	c, colour := nd[p].itm, nd[p].colour
	upd := d.updates
	for rr := nd[c].down; rr != c; rr = nd[rr].down {
		if nd[rr].colour == colour {
			nd[rr].colour = -1
			continue
		}
		for nn := rr + 1; nn != rr; {
			x := nd[nn]
			if x.itm <= 0 {
				nn = x.up
				continue
			}
			if x.colour >= 0 {
				nd[x.up].down = x.down
				nd[x.down].up = x.up
				nd[x.itm].itm--
				upd++
			}
			nn++
		}
	}
	d.updates = upd
}

// unpurify undoes purify(p), walking backwards.
func (d *dancer) unpurify(p int32) {
	nd := d.nd
	c, colour := nd[p].itm, nd[p].colour
	for rr := nd[c].up; rr != c; rr = nd[rr].up {
		if nd[rr].colour < 0 {
			nd[rr].colour = colour
			continue
		}
		for nn := rr - 1; nn != rr; {
			x := nd[nn]
			if x.itm <= 0 {
				nn = x.down
				continue
			}
			if x.colour >= 0 {
				nd[x.up].down = nn
				nd[x.down].up = nn
				nd[x.itm].itm++
			}
			nn--
		}
	}
}

// commit covers or purifies every item of the option of node cur other
// than the one it was chosen for, going right.
func (d *dancer) commit(cur int32) {
	nd := d.nd
	for pp := cur + 1; pp != cur; {
		x := nd[pp]
		switch {
		case x.itm <= 0:
			pp = x.up
			continue
		case x.colour == 0:
			d.cover(x.itm)
		case x.colour > 0:
			d.purify(pp)
		}
		pp++
	}
}

// uncommit undoes commit(cur), going left.
func (d *dancer) uncommit(cur int32) {
	nd := d.nd
	for pp := cur - 1; pp != cur; {
		x := nd[pp]
		switch {
		case x.itm <= 0:
			pp = x.down
			continue
		case x.colour == 0:
			d.uncover(x.itm)
		case x.colour > 0:
			d.unpurify(pp)
		}
		pp--
	}
}

// search runs Algorithm X as DLX1 and DLX2 do; see engine.search.
func (d *dancer) search(t *thresholds, check func(atNode bool) bool, visit visitor) bool {
	nd, cl := d.nd, d.cl
	choice := d.choice
	if cl[root].next == root {
		// Nothing to cover: the empty set of options is the one
		// solution. DLX1 leaves this case undefined.
		d.solutions++
		if visit != nil {
			visit(-1)
		}
		return true
	}
	level := 0
	var best, cur int32

forward:
	if d.nodes >= t.nodes || d.updates >= t.updates || d.scanned >= t.scanned {
		if !check(true) {
			return false
		}
	}
	d.nodes++
	best = d.choose()
	d.cover(best)
	cur = nd[best].down
	choice[level] = cur

advance:
	if cur == best {
		goto backup
	}
	d.commit(cur)
	if cl[root].next == root {
		d.solutions++
		if visit != nil && !visit(level) {
			return false
		}
		if d.solutions >= t.solutions && !check(false) {
			return false
		}
		goto recover
	}
	level++
	goto forward

backup:
	d.uncover(best)
	if level == 0 {
		return true
	}
	level--
	cur = choice[level]
	best = nd[cur].itm

recover:
	d.uncommit(cur)
	cur = nd[cur].down
	choice[level] = cur
	goto advance
}
