package tabu

import (
	"math"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// blacklist is the thesis's threshold: a move whose step raises the cost
// by more than this goes on the tabu list. The thesis sets it to 0 so that
// the list holds every move that did not improve (seed 000 L3018–3027,
// L7829).
const blacklist = 0

// pollEvals is how many delta evaluations of the 2-piece improvement pass
// between two looks at the context: a few tens of microseconds of work,
// so that a cancelled run on a large board ends promptly although one
// step may take milliseconds.
const pollEvals = 1 << 12

// recomputeEvery is how many steps without the improvement pass go between
// two fresh pricings of the board, which keep rounding from piling up in
// the cost of float scorers.
const recomputeEvery = 1 << 12

// search is one run of the tabu search.
type search struct {
	run *solve.Run
	rng *rand.Rand
	l   *local.Layout
	s   *local.State
	// prev is the board before the step's move, kept to revert the move
	// and the improvement together.
	prev *local.State
	tr   *local.Tracker
	tabu *list

	aspiration   float64
	improve      bool
	restartAfter int // 0: never

	// The move kinds steps take in turn, and the next one's index.
	kinds []kind
	turn  int
	// movRows and movCols list the rows and columns free of fixed pieces.
	movRows, movCols []int

	// sinceStop counts delta evaluations since the context was last
	// polled.
	sinceStop int

	// turn4[i] caches the one-slot deltas of turning slot i's piece to
	// each rotation, valid while stamp[i] equals epoch, which every change
	// of the board advances.
	turn4 [][4]float64
	stamp []uint64
	epoch uint64
}

// newSearch prepares a run of solver cfg from state st.
func newSearch(cfg *Solver, run *solve.Run, l *local.Layout, st *local.State) *search {
	t := &search{
		run: run, rng: run.Rand(), l: l, s: st, prev: st.Clone(),
		tr:         local.NewTracker(run),
		aspiration: cfg.aspiration,
		improve:    cfg.local,
	}
	for r := range l.Rows {
		if !l.RowFixed(r) {
			t.movRows = append(t.movRows, r)
		}
	}
	for c := range l.Cols {
		if !l.ColFixed(c) {
			t.movCols = append(t.movCols, c)
		}
	}
	t.kinds = t.kindsFor(cfg.nb)
	// The thesis's formulas count the board's row and column pairs
	// whether or not fixed pieces pin some of them.
	lines := pairs(l.Cols) + pairs(l.Rows)
	tenure := cfg.tenure
	if tenure < 0 {
		tenure = lines / 2
	}
	t.tabu = newList(tenure)
	switch {
	case cfg.restart < 0:
		t.restartAfter = lines
	default:
		t.restartAfter = cfg.restart
	}
	return t
}

// kindsFor returns the kinds of nb the board can offer, in the order
// steps take them, or the fallback when it offers none.
func (t *search) kindsFor(nb Neighbourhood) []kind {
	var ks []kind
	if nb&Cols != 0 && len(t.movCols) >= 2 {
		ks = append(ks, colSwap)
	}
	if nb&Rows != 0 && len(t.movRows) >= 2 {
		ks = append(ks, rowSwap)
	}
	if nb&Blocks != 0 && t.freeCells() >= 2 {
		ks = append(ks, blockSwap)
	}
	if nb&Pairs != 0 && len(t.l.Free) >= 2 {
		ks = append(ks, pairSwap)
	}
	switch {
	case len(ks) > 0:
		return ks
	case len(t.l.Free) >= 2:
		return []kind{pairSwap}
	}
	return []kind{none}
}

// freeCells counts the board cells (not spare slots) moves may change.
func (t *search) freeCells() int {
	n := 0
	for _, i := range t.l.Free {
		if i < t.l.Cells() {
			n++
		}
	}
	return n
}

// loop runs steps until the run ends (seed 000 L8217–8360).
func (t *search) loop() {
	s := t.s
	if !t.tr.Offer(s) {
		return
	}
	// best is the thesis's bcost: the lowest cost seen since the start,
	// across restarts; steady counts steps since it last fell.
	best := math.Inf(1)
	steady := 0
	for t.run.Step() {
		m := t.pick()
		aspire := t.rng.Float64() < t.aspiration
		if !aspire && t.tabu.contains(m) {
			// A "tabu stop": the step ends without a move.
			continue
		}
		t.prev.CopyFrom(s)
		cur := s.Cost()
		t.apply(m)
		if t.improve {
			if t.improvePass() {
				return
			}
			// A pass makes thousands of incremental updates: price the
			// board afresh, at a small fraction of the pass's cost.
			s.Recompute()
		} else if t.run.Stats.Iterations%recomputeEvery == 0 {
			s.Recompute()
		}
		next := s.Cost()
		delta := next - cur
		if tol := slack(cur); math.Abs(delta) <= tol {
			delta = 0
		}
		if low := math.Min(next, cur); best-low > slack(low) {
			best, steady = low, 0
		} else {
			steady++
		}
		if delta > blacklist && m.kind != none {
			t.tabu.add(m)
		}
		if delta >= 0 && !aspire {
			s.CopyFrom(t.prev)
		} else if !t.tr.Offer(s) {
			return
		}
		if t.restartAfter > 0 && steady > t.restartAfter {
			// Diversification. The thesis's code keeps the old board's
			// cost after dealing the new one (seed 000 L8349–8359);
			// Shuffle prices the new board.
			s.Shuffle(t.rng)
			t.tabu.clear()
			steady = 0
			t.run.Stats.Restarts++
			if !t.tr.Offer(s) {
				return
			}
		}
	}
}

// pick draws the step's move: the next kind in turn, two distinct random
// lines, pieces or blocks of it, ordered.
func (t *search) pick() move {
	k := t.kinds[t.turn]
	t.turn++
	if t.turn == len(t.kinds) {
		t.turn = 0
	}
	switch k {
	case colSwap:
		return t.two(k, t.movCols)
	case rowSwap:
		return t.two(k, t.movRows)
	case pairSwap:
		return t.two(k, t.l.Free)
	case blockSwap:
		if m, ok := t.blocks(); ok {
			return m
		}
		// No two blocks found: swap two single cells, the smallest
		// blocks, which always exist when Blocks is offered.
		return t.cells()
	}
	return move{}
}

// two returns the move of kind k on two distinct random members of xs.
func (t *search) two(k kind, xs []int) move {
	i := t.rng.IntN(len(xs))
	j := t.rng.IntN(len(xs) - 1)
	if j >= i {
		j++
	}
	return ordered(k, xs[i], xs[j])
}

// ordered returns the move of kind k on a and b with a < b.
func ordered(k kind, a, b int) move {
	if a > b {
		a, b = b, a
	}
	return move{kind: k, a: int32(a), b: int32(b)}
}

// blockTries bounds the draws for two blocks that fit apart on the board.
const blockTries = 8

// blocks draws two non-overlapping movable blocks of one random size.
func (t *search) blocks() (move, bool) {
	l := t.l
	for range blockTries {
		h, w := 1+t.rng.IntN(l.Rows), 1+t.rng.IntN(l.Cols)
		a := local.Block{Row: t.rng.IntN(l.Rows - h + 1), Col: t.rng.IntN(l.Cols - w + 1), Rows: h, Cols: w}
		b := local.Block{Row: t.rng.IntN(l.Rows - h + 1), Col: t.rng.IntN(l.Cols - w + 1), Rows: h, Cols: w}
		if a.Row+h <= b.Row || b.Row+h <= a.Row || a.Col+w <= b.Col || b.Col+w <= a.Col {
			if l.BlockMovable(a) && l.BlockMovable(b) {
				m := ordered(blockSwap, a.Row*l.Cols+a.Col, b.Row*l.Cols+b.Col)
				m.h, m.w = int32(h), int32(w)
				return m, true
			}
		}
	}
	return move{}, false
}

// cells returns a swap of two random free board cells as 1×1 blocks.
func (t *search) cells() move {
	cells := t.l.Free
	for len(cells) > 0 && cells[len(cells)-1] >= t.l.Cells() {
		cells = cells[:len(cells)-1]
	}
	m := t.two(blockSwap, cells)
	m.h, m.w = 1, 1
	return m
}

// apply makes move m on the state.
func (t *search) apply(m move) {
	s, cols := t.s, t.l.Cols
	t.run.Stats.Evaluations++
	switch m.kind {
	case colSwap:
		s.SwapCols(int(m.a), int(m.b))
	case rowSwap:
		s.SwapRows(int(m.a), int(m.b))
	case pairSwap:
		s.Swap(int(m.a), int(m.b))
	case blockSwap:
		a, b, h, w := int(m.a), int(m.b), int(m.h), int(m.w)
		s.SwapBlocks(local.Block{Row: a / cols, Col: a % cols, Rows: h, Cols: w},
			local.Block{Row: b / cols, Col: b % cols, Rows: h, Cols: w})
	default:
		t.run.Stats.Evaluations--
	}
}
