package eternity

import (
	"math/rand/v2"
)

// breaksSeg is one run of candidates for a depth: the elements of
// lists[off:end], each breaking miss joins among its left and top, less
// (when skip) those whose left side needs skipL or whose top side needs
// skipT, which an earlier run had. off < 0 stands for the hole.
type breaksSeg struct {
	off, end     int32
	skipL, skipT int32
	miss         int32
	skip         bool
}

// breaksDepth is the search's state at one depth.
type breaksDepth struct {
	segs  [5]breaksSeg
	nseg  int8
	seg   int8 // the run being tried
	open  bool // the candidates were laid out since the depth was last left
	empty bool // the depth holds the hole
	idx   int32
}

// breaksFast is the state of one depth on the fast path: the pair run
// lists[idx:end] is left to try, its exact fits ending at mid.
type breaksFast struct {
	idx, mid, end int32
	open          bool
}

// finish's limits: it searches the completions of boards with at most
// breaksFinishCells cells left, for at most a node per breaksFinishShare
// placements of the stretch it finishes (a node weighs some hundred
// placements, so finishing takes a few per cent of the time), and
// completes others greedily.
const (
	breaksFinishCells = 32
	breaksFinishShare = 1000
)

// breaksFinish is the state of a worker's finish.
type breaksFinish struct {
	cells      []int32
	used       []bool
	holes      int
	cand, cost [][]int32 // per depth: the candidates and their costs
	best       int32
	nodes      int64 // left
}

// breaksWorker is one stream of restarts: its own shuffled candidate
// lists, board and random source. Everything it does depends only on its
// seed and the placements it is given, never on the clock.
type breaksWorker struct {
	m   *breaksModel
	pcg *rand.PCG
	rng *rand.Rand // draws from pcg
	// atRestart is pcg as it stood when the restart in hand began, before
	// its shuffles: with the restart's search, all a checkpoint needs to
	// lay the candidate lists out again.
	atRestart rand.PCG

	// sched[d] is the breaks allowed in all once depth d is placed.
	sched    []int32
	perCell  int32
	restartN int64
	// grow lengthens restarts as the run goes on: each lasts at least
	// grow times the placements made before it (BreaksRestartGrowth).
	grow float64
	curN int64 // this restart's length
	// A restart that has not placed startDepth pieces after stallN
	// placements is given up: it is stuck above the first break.
	stallN     int64
	startDepth int
	checkAt    int64 // the next placement count at which a restart may end

	lists []int32
	cells []int32 // per cell: the element there, or -1
	used  []bool  // per piece
	st    []breaksDepth
	fast  []breaksFast // the fast path's state, when it applies
	cum   []int32      // cum[d]: breaks among the pieces of depths below d
	d     int
	holes int // holes left empty so far

	// bound is the most breaks a full board may have and still be worth
	// finding: one fewer than the best's.
	bound int32

	best       []int32 // the best full board found
	bestBreaks int32   // its breaks, −1 for none
	improved   bool    // best changed since the run last looked

	// The restart's most promising partial board (see promise), completed
	// when the restart ends so that every restart yields a full board, and
	// the deepest depth it reached.
	deep        []int32
	deepDepth   int
	deepBreaks  int32
	deepPromise int32
	maxDepth    int
	fill        []int32 // scratch board for the completion
	fillUsed    []bool

	fin breaksFinish // finish's scratch

	// probing records each restart's deepest depth in depths.
	probing bool
	depths  []int

	steps      int64 // iterations: placements, full boards and restarts' ends
	placements int64 // in all
	sinceStart int64 // in this restart
	backtracks int64
	restarts   int64
}

func newBreaksWorker(m *breaksModel, perCell int, seed1, seed2 uint64) *breaksWorker {
	pcg := rand.NewPCG(seed1, seed2)
	w := &breaksWorker{
		m: m, pcg: pcg, rng: rand.New(pcg), perCell: int32(perCell),
		lists: append([]int32(nil), m.lists...),
		cells: make([]int32, m.cells), used: make([]bool, m.pieces),
		cum:  make([]int32, m.n+1),
		best: make([]int32, m.cells), bestBreaks: -1, bound: 1<<31 - 1,
		deep: make([]int32, m.cells), fill: make([]int32, m.cells), fillUsed: make([]bool, m.pieces),
	}
	// Only the path the worker takes needs its state.
	if w.fastPath() {
		w.fast = make([]breaksFast, m.n+1)
	} else {
		w.st = make([]breaksDepth, m.n+1)
	}
	w.setSchedule(make([]int32, m.n), 1<<62, 1<<62)
	return w
}

// setSchedule sets the schedule and the restart lengths, and starts a
// fresh restart under them.
func (w *breaksWorker) setSchedule(sched []int32, restartN, stallN int64) {
	w.useSchedule(sched, restartN, stallN)
	w.restart()
}

// useSchedule sets the schedule and the restart lengths without touching
// the restart in hand.
func (w *breaksWorker) useSchedule(sched []int32, restartN, stallN int64) {
	w.sched, w.restartN, w.stallN = sched, max(restartN, 1), max(stallN, 1)
	w.startDepth = len(sched)
	for d, s := range sched {
		if s > 0 {
			w.startDepth = d
			break
		}
	}
}

// lay puts cells on the board, marks their pieces used and clears every
// depth's state.
func (w *breaksWorker) lay(cells []int32) {
	copy(w.cells, cells)
	clear(w.used)
	for _, e := range w.cells {
		if e >= 0 {
			w.used[e>>2] = true
		}
	}
	clear(w.st)
	clear(w.fast)
}

// restart clears the board and shuffles every candidate list.
func (w *breaksWorker) restart() {
	m := w.m
	w.lay(m.fixed)
	w.d, w.holes, w.sinceStart = 0, 0, 0
	w.curN = max(w.restartN, int64(w.grow*float64(w.placements)))
	w.checkAt = min(w.stallN, w.curN)
	copy(w.deep, w.cells)
	w.deepDepth, w.deepBreaks, w.maxDepth = 0, 0, 0
	w.deepPromise = w.promise(0, 0)
	w.atRestart = *w.pcg
	w.shuffle()
}

// shuffle lays the candidate lists out for a restart: the model's order,
// every run shuffled from the worker's random source. Every element sits
// in several runs; each is shuffled on its own so that no order carries
// over from one restart to the next. Starting from the model's order
// rather than the last restart's makes the lists a function of the random
// state alone, which is what lets a checkpoint save a restart in a few
// bytes.
func (w *breaksWorker) shuffle() {
	copy(w.lists, w.m.lists)
	for _, s := range w.m.shuffled {
		l := w.lists[s.off : s.off+s.n]
		w.rng.Shuffle(len(l), func(a, b int) { l[a], l[b] = l[b], l[a] })
	}
}

// check is called every stallN placements of a restart: it ends the
// restart at its length, or at the first call when it is stuck above the
// first depth that may break a join; otherwise it finishes the most
// promising board of the last stallN placements, so that a restart yields
// several, and starts looking afresh.
func (w *breaksWorker) check() {
	if w.sinceStart >= w.curN || w.maxDepth < w.startDepth {
		w.endRestart()
		return
	}
	w.keep(w.finish())
	w.deepPromise = w.promise(0, 0)
	w.checkAt = min(w.checkAt+w.stallN, w.curN)
}

// open lays out the candidate runs of depth d for the board as it is:
// exact fits, then the hole, then placements that break one join, then
// two.
func (w *breaksWorker) open(d int) {
	m := w.m
	s := &w.st[d]
	l, t := m.leftNeed[d], m.topNeed[d]
	if c := m.leftCell[d]; c >= 0 {
		if e := w.cells[c]; e >= 0 {
			l = m.rk[e]
		} else {
			l = keyAny
		}
	}
	if c := m.topCell[d]; c >= 0 {
		if e := w.cells[c]; e >= 0 {
			t = m.bk[e]
		} else {
			t = keyAny
		}
	}
	cl := m.class[d]
	k := int32(m.keys)
	segs := &s.segs
	n := 0
	hole := w.holes < m.holes
	switch {
	case l != keyAny && t != keyAny && m.pairs != nil:
		p := m.pairs[(cl*k+l)*k+t]
		if p.n0 > 0 {
			segs[n] = breaksSeg{off: p.off, end: p.off + p.n0}
			n++
		}
		if hole {
			segs[n] = breaksSeg{off: -1}
			n++
		}
		if p.n > p.n0 {
			segs[n] = breaksSeg{off: p.off + p.n0, end: p.off + p.n, miss: 1}
			n++
		}
		if a := m.all[cl]; w.perCell >= 2 && a.n > 0 {
			segs[n] = breaksSeg{off: a.off, end: a.off + a.n, skipL: l, skipT: t, miss: 2, skip: true}
			n++
		}
	case l != keyAny && t != keyAny:
		if z := m.zero(cl, l, t); z.n > 0 {
			segs[n] = breaksSeg{off: z.off, end: z.off + z.n}
			n++
		}
		if hole {
			segs[n] = breaksSeg{off: -1}
			n++
		}
		// The run that breaks the top join, then the one that breaks the
		// left one.
		bl, bt := m.byLeft[cl*k+l], m.byTop[cl*k+t]
		segs[n] = breaksSeg{off: bl.off, end: bl.off + bl.n, skipL: keyOff, skipT: t, miss: 1, skip: true}
		segs[n+1] = breaksSeg{off: bt.off, end: bt.off + bt.n, skipL: l, skipT: keyOff, miss: 1, skip: true}
		n += 2
		if a := m.all[cl]; w.perCell >= 2 {
			segs[n] = breaksSeg{off: a.off, end: a.off + a.n, skipL: l, skipT: t, miss: 2, skip: true}
			n++
		}
	default:
		// Next to a hole: the side facing it is free.
		a := m.all[cl]
		switch {
		case l == keyAny && t == keyAny:
			segs[n] = breaksSeg{off: a.off, end: a.off + a.n}
		case l == keyAny:
			bt := m.byTop[cl*k+t]
			segs[n] = breaksSeg{off: bt.off, end: bt.off + bt.n}
		default:
			bl := m.byLeft[cl*k+l]
			segs[n] = breaksSeg{off: bl.off, end: bl.off + bl.n}
		}
		n++
		if hole {
			segs[n] = breaksSeg{off: -1}
			n++
		}
		if l != keyAny || t != keyAny {
			segs[n] = breaksSeg{off: a.off, end: a.off + a.n, skipL: l, skipT: t, miss: 1, skip: true}
			n++
		}
	}
	s.nseg, s.seg, s.idx, s.open = int8(n), 0, 0, true
	if n > 0 {
		s.idx = segs[0].off
	}
}

// next finds depth d's next candidate within budget breaks, from where the
// last one was found: the element (or −1 for the hole) and its breaks, and
// false when there is none left.
func (w *breaksWorker) next(d int, budget int32) (int32, int32, bool) {
	m := w.m
	s := &w.st[d]
	lists, used := w.lists, w.used
	for s.seg < s.nseg {
		g := &s.segs[s.seg]
		if g.off < 0 {
			// The hole: tried once, and only while the board is within
			// the cap.
			s.seg++
			if s.seg < s.nseg {
				s.idx = s.segs[s.seg].off
			}
			if budget < 0 {
				continue
			}
			return -1, 0, true
		}
		if g.miss <= budget && g.miss <= w.perCell {
			idx, end := s.idx, g.end
			if !g.skip && !m.extra[d] {
				// The hot path: every unused element is within budget.
				for idx < end {
					e := lists[idx]
					idx++
					if !used[e>>2] {
						s.idx = idx
						return e, g.miss, true
					}
				}
			} else {
				rw, bw := m.rightWant[d], m.bottomWant[d]
				for idx < end {
					e := lists[idx]
					idx++
					if used[e>>2] || g.skip && (m.lk[e] == g.skipL || m.tk[e] == g.skipT) {
						continue
					}
					b := g.miss
					if rw != keyOff && m.rk[e] != rw {
						b++
					}
					if bw != keyOff && m.bk[e] != bw {
						b++
					}
					if b <= budget && b <= w.perCell {
						s.idx = idx
						return e, b, true
					}
				}
			}
		}
		s.seg++
		if s.seg < s.nseg {
			s.idx = s.segs[s.seg].off
		}
	}
	return 0, 0, false
}

// run makes up to n placements, fewer when done closes (looked at every
// 65,536 placements and at the start of each restart, since short
// restarts cost more than their placements). A restart that ends counts
// as a placement, so that a search with nothing to place still spends its
// budget.
func (w *breaksWorker) run(n int64, done <-chan struct{}) {
	m := w.m
	if w.fastPath() {
		w.runFast(n, done)
		return
	}
	k := int64(0)
	defer func() { w.steps += k }()
	for k < n {
		if (k&0xffff == 0xffff || w.sinceStart == 0) && done != nil {
			select {
			case <-done:
				return
			default:
			}
		}
		d := w.d
		if d == m.n {
			w.full()
			w.d--
			k++
			if w.bestBreaks == 0 {
				return // nothing left to find
			}
			continue
		}
		s := &w.st[d]
		cell := m.cell[d]
		if !s.open {
			w.open(d)
		} else if s.empty {
			w.holes--
			s.empty = false
		} else if e := w.cells[cell]; e >= 0 {
			w.used[e>>2] = false
			w.cells[cell] = -1
		}
		budget := min(w.sched[d], w.bound) - w.cum[d]
		e, b, ok := w.next(d, budget)
		if !ok {
			s.open = false
			w.backtracks++
			w.d--
			if w.d < 0 {
				w.endRestart()
				k++
				if w.bestBreaks == 0 {
					return
				}
			}
			continue
		}
		if e < 0 {
			s.empty = true
			w.holes++
		} else {
			w.cells[cell] = e
			w.used[e>>2] = true
		}
		w.cum[d+1] = w.cum[d] + b
		w.d++
		k++
		w.placements++
		w.sinceStart++
		w.maxDepth = max(w.maxDepth, w.d)
		if p := w.promise(w.d, w.cum[w.d]); p < w.deepPromise {
			w.deepDepth, w.deepBreaks, w.deepPromise = w.d, w.cum[w.d], p
			copy(w.deep, w.cells)
		}
		if w.sinceStart >= w.checkAt {
			w.check()
		}
		if w.bestBreaks == 0 {
			return
		}
	}
}

// full records the board, complete at the bottom of the scan, if it beats
// the best, and lowers the bound so that the search goes on for better.
func (w *breaksWorker) full() {
	b := w.cum[w.m.n]
	if w.bestBreaks < 0 || b < w.bestBreaks {
		w.bestBreaks = b
		copy(w.best, w.cells)
		w.improved = true
	}
	w.setBound(w.bestBreaks - 1)
}

// breaksLeftCost is what completing a partial board is reckoned to break
// per cell left, in tenths: finishing boards of 16×16 with 5 to 10 cells
// left breaks 1 to 1.2 joins a cell.
const breaksLeftCost = 11

// promise reckons the breaks of a full board completed from a partial one
// of d pieces and b breaks, in tenths.
func (w *breaksWorker) promise(d int, b int32) int32 {
	return 10*b + breaksLeftCost*int32(w.m.n-d)
}

// setBound lowers the cap on a full board's breaks to b.
func (w *breaksWorker) setBound(b int32) { w.bound = min(w.bound, b) }

// endRestart completes the restart's most promising board, keeps it if it
// beats the best, and starts afresh.
func (w *breaksWorker) endRestart() {
	if w.probing {
		w.depths = append(w.depths, w.maxDepth)
	}
	w.keep(w.finish())
	w.restarts++
	w.restart()
}

// keep makes the completed board in w.fill, of b breaks, the best if it
// beats it.
func (w *breaksWorker) keep(b int32) {
	if w.bestBreaks < 0 || b < w.bestBreaks {
		w.bestBreaks = b
		copy(w.best, w.fill)
		w.improved = true
		w.setBound(w.bestBreaks - 1)
	}
}

// finish completes the kept partial board at the least cost it finds,
// into w.fill, and returns the board's breaks: when at most
// breaksFinishCells cells are left, a depth-first branch and bound over
// them, in scan order, trying every unused piece of the cell's class,
// cheapest first, with no limit on the breaks of a placement, from the
// greedy completion's cost down, for at most a node per breaksFinishShare
// placements of the stretch; otherwise the greedy completion. The last
// cells of a scan hold the pieces left over, which seldom fit the way the
// search needs; a searched fill of them saves joins over the greedy one.
func (w *breaksWorker) finish() int32 {
	m := w.m
	best := w.complete()
	if w.deepDepth >= m.n || m.n-w.deepDepth > breaksFinishCells {
		return best
	}
	f := &w.fin
	if f.cells == nil {
		f.cells = make([]int32, m.cells)
		f.used = make([]bool, m.pieces)
		f.cand = make([][]int32, m.n+1)
		f.cost = make([][]int32, m.n+1)
	}
	copy(f.cells, w.deep)
	clear(f.used)
	for _, e := range f.cells {
		if e >= 0 {
			f.used[e>>2] = true
		}
	}
	f.holes = m.holes
	for d := range w.deepDepth {
		if f.cells[m.cell[d]] < 0 {
			f.holes--
		}
	}
	f.best, f.nodes = best, min(w.sinceStart, w.stallN)/breaksFinishShare
	w.finishAt(w.deepDepth, w.deepBreaks)
	return f.best
}

// finishAt is finish's search from depth d with b breaks so far.
func (w *breaksWorker) finishAt(d int, b int32) {
	m, f := w.m, &w.fin
	if d == m.n {
		if b < f.best {
			f.best = b
			copy(w.fill, f.cells)
		}
		return
	}
	if f.nodes <= 0 {
		return
	}
	f.nodes--
	// The unused candidates that would keep the board below the best, by
	// their cost.
	cand, cost := f.cand[d][:0], f.cost[d][:0]
	sp := m.all[m.class[d]]
	for _, e := range w.lists[sp.off : sp.off+sp.n] {
		if f.used[e>>2] {
			continue
		}
		if c := w.cost(f.cells, d, e); b+c < f.best {
			cand, cost = append(cand, e), append(cost, c)
		}
	}
	f.cand[d], f.cost[d] = cand, cost
	cell := m.cell[d]
	for c := int32(0); c < f.best-b; c++ {
		if c == 0 && f.holes > 0 {
			// A hole breaks nothing.
			f.holes--
			w.finishAt(d+1, b)
			f.holes++
		}
		for i, e := range cand {
			if cost[i] != c || f.used[e>>2] {
				continue
			}
			f.cells[cell], f.used[e>>2] = e, true
			w.finishAt(d+1, b+c)
			f.cells[cell], f.used[e>>2] = -1, false
			if c >= f.best-b || f.nodes <= 0 {
				return
			}
		}
	}
}

// complete fills the cells the kept partial board leaves free, in scan order,
// each with the unused candidate that breaks fewest joins (a hole when
// that breaks none and holes are left), into w.fill, and returns the
// board's breaks.
func (w *breaksWorker) complete() int32 {
	m := w.m
	copy(w.fill, w.deep)
	used := w.fillUsed
	clear(used)
	holes := m.holes
	for _, e := range w.fill {
		if e >= 0 {
			used[e>>2] = true
		}
	}
	// Holes the kept board left are among its first deepDepth cells.
	for d := range w.deepDepth {
		if w.fill[m.cell[d]] < 0 {
			holes--
		}
	}
	total := w.deepBreaks
	for d := w.deepDepth; d < m.n; d++ {
		c := m.cell[d]
		bestE, bestB := int32(-1), int32(5)
		sp := m.all[m.class[d]]
		for _, e := range w.lists[sp.off : sp.off+sp.n] {
			if used[e>>2] {
				continue
			}
			if b := w.cost(w.fill, d, e); b < bestB {
				bestE, bestB = e, b
				if b == 0 {
					break
				}
			}
		}
		if bestE < 0 || (bestB > 0 && holes > 0) {
			holes--
			continue // a hole: it breaks nothing
		}
		w.fill[c] = bestE
		used[bestE>>2] = true
		total += bestB
	}
	return total
}

// cost returns the joins element e breaks in depth d's cell on board
// cells: with its left and top neighbours, fixed pieces to its right and
// below, and the rim.
func (w *breaksWorker) cost(cells []int32, d int, e int32) int32 { return w.m.cost(cells, d, e) }

// cost is breaksWorker.cost, for checking a saved board.
func (m *breaksModel) cost(cells []int32, d int, e int32) int32 {
	b := int32(0)
	l, t := m.leftNeed[d], m.topNeed[d]
	if c := m.leftCell[d]; c >= 0 {
		l = keyAny
		if x := cells[c]; x >= 0 {
			l = m.rk[x]
		}
	}
	if c := m.topCell[d]; c >= 0 {
		t = keyAny
		if x := cells[c]; x >= 0 {
			t = m.bk[x]
		}
	}
	if l != keyAny && m.lk[e] != l {
		b++
	}
	if t != keyAny && m.tk[e] != t {
		b++
	}
	if rw := m.rightWant[d]; rw != keyOff && m.rk[e] != rw {
		b++
	}
	if bw := m.bottomWant[d]; bw != keyOff && m.bk[e] != bw {
		b++
	}
	return b
}

// fastPath reports whether the worker runs runFast: pair tables, no
// holes, at most one break a placement.
func (w *breaksWorker) fastPath() bool {
	return w.m.pairs != nil && w.m.holes == 0 && w.perCell == 1
}

// runFast is run for the usual case: pair tables, no holes, at most one
// break a placement. A depth's candidates are then one run, exact fits
// first, and its state three indices.
func (w *breaksWorker) runFast(n int64, done <-chan struct{}) {
	m := w.m
	cells, used, lists, fast, cum := w.cells, w.used, w.lists, w.fast, w.cum
	k := int64(0)
	defer func() { w.steps += k }()
	kk := int32(m.keys)
	for k < n {
		if (k&0xffff == 0xffff || w.sinceStart == 0) && done != nil {
			select {
			case <-done:
				return
			default:
			}
		}
		d := w.d
		if d == m.n {
			w.full()
			w.d--
			k++
			if w.bestBreaks == 0 {
				return // nothing left to find
			}
			continue
		}
		f := &fast[d]
		cell := m.cell[d]
		if !f.open {
			l, t := m.leftNeed[d], m.topNeed[d]
			if c := m.leftCell[d]; c >= 0 {
				l = m.rk[cells[c]]
			}
			if c := m.topCell[d]; c >= 0 {
				t = m.bk[cells[c]]
			}
			p := m.pairs[(m.class[d]*kk+l)*kk+t]
			f.idx, f.mid, f.end, f.open = p.off, p.off+p.n0, p.off+p.n, true
		} else {
			used[cells[cell]>>2] = false
			cells[cell] = -1
		}
		budget := min(w.sched[d], w.bound) - cum[d]
		idx, end := f.idx, f.mid
		switch {
		case budget >= 1:
			end = f.end
		case budget < 0:
			// The cap fell below this board's breaks.
			end = idx
		}
		var e, b int32
		if !m.extra[d] {
			for idx < end && used[lists[idx]>>2] {
				idx++
			}
			if idx < end {
				e = lists[idx]
				b = b2i32(idx >= f.mid)
			}
		} else {
			// A fixed piece to the right or below: its join counts too.
			rw, bw := m.rightWant[d], m.bottomWant[d]
			for ; idx < end; idx++ {
				e = lists[idx]
				if used[e>>2] {
					continue
				}
				b = b2i32(idx >= f.mid)
				if rw != keyOff && m.rk[e] != rw {
					b++
				}
				if bw != keyOff && m.bk[e] != bw {
					b++
				}
				if b <= budget && b <= 1 {
					break
				}
			}
		}
		if idx >= end {
			f.open = false
			w.backtracks++
			w.d--
			if w.d < 0 {
				w.endRestart()
				k++
				if w.bestBreaks == 0 {
					return
				}
			}
			continue
		}
		f.idx = idx + 1
		cells[cell] = e
		used[e>>2] = true
		cum[d+1] = cum[d] + b
		w.d++
		k++
		w.placements++
		w.sinceStart++
		w.maxDepth = max(w.maxDepth, w.d)
		if p := w.promise(w.d, cum[w.d]); p < w.deepPromise {
			w.deepDepth, w.deepBreaks, w.deepPromise = w.d, cum[w.d], p
			copy(w.deep, cells)
		}
		if w.sinceStart >= w.checkAt {
			w.check()
		}
		if w.bestBreaks == 0 {
			return
		}
	}
}

func b2i32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
