package tabu

import (
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// improvePass is the thesis's "deterministic optimization"
// (checknhood and checkcombination, seed 000 L8079–8212, prose
// L2950–2956, L3047–3061): for every unordered pair of free slots, in the
// thesis's order, it tries the two pieces in place in all 4×4 rotations,
// then swapped in all 4×4 rotations, and keeps each strict improvement at
// once. Pieces that do not turn are only swapped. That is up to 32 delta
// evaluations for each of the F(F−1)/2 pairs of F free slots: about a
// million on a 16×16 board.
//
// It reports whether the run must end: the context is polled every
// pollEvals evaluations, so that a pass on a large board does not hold up
// a cancellation. The board is valid and its cost current whenever it
// returns.
func (t *search) improvePass() (stop bool) {
	s, free := t.s, t.l.Free
	// Changes within rounding of nothing are no improvement.
	below := -slack(s.Cost())
	// The step's move changed the board since the last pass.
	t.changed()
	if t.stamp == nil {
		t.stamp = make([]uint64, t.l.Slots())
		t.turn4 = make([][4]float64, t.l.Slots())
	}
	if len(free) == 1 && t.l.Rotatable {
		t.turnAlone(free[0], below)
		return false
	}
	for i := 1; i < len(free); i++ {
		// The thesis takes slot pairs (a, b) with a > b, a in the outer
		// loop, both ascending.
		a := free[i]
		var n int
		if t.l.Rotatable {
			for _, b := range free[:i] {
				n += t.pair(a, b, below)
			}
		} else {
			for _, b := range free[:i] {
				if s.Cells[a] < 0 && s.Cells[b] < 0 {
					continue
				}
				n++
				if s.SwapDelta(a, b) < below {
					s.Swap(a, b)
					t.changed()
				}
			}
		}
		t.run.Stats.Evaluations += int64(n)
		if t.sinceStop += n; t.sinceStop >= pollEvals {
			t.sinceStop = 0
			if t.run.Done() {
				return true
			}
		}
	}
	return false
}

// pair is checkcombination for turning pieces on slots a and b: the pieces
// in place, then swapped, each pair in all 4×4 rotations, keeping every
// strict improvement as it comes. It returns the evaluations made.
func (t *search) pair(a, b int, below float64) int {
	s := t.s
	x, y := s.Cells[a], s.Cells[b]
	if x < 0 && y < 0 {
		// Two holes: nothing to turn or move.
		return 0
	}
	if _, adj := t.l.Adjacent(a, b); adj {
		n := t.turns(a, x, b, y, below)
		// The thesis reads the two pieces again after the first half,
		// and keeps them swapped for all sixteen rotations of the second.
		x, y = s.Cells[a], s.Cells[b]
		return n + t.turns(a, y, b, x, below)
	}
	n := t.apart(a, x, b, y, below, true)
	x, y = s.Cells[a], s.Cells[b]
	return n + t.apart(a, y, b, x, below, false)
}

// turns tries x on slot a and y on slot b in every rotation of each (an
// empty slot has one) and keeps each change of cost below below. It
// returns the evaluations made.
func (t *search) turns(a int, x local.Elem, b int, y local.Elem, below float64) int {
	s := t.s
	nx, ny := rotations(x), rotations(y)
	for rx := range nx {
		xr := turned(x, rx)
		for ry := range ny {
			yr := turned(y, ry)
			if s.Set2Delta(a, xr, b, yr) < below {
				s.Set2(a, xr, b, yr)
				t.changed()
			}
		}
	}
	return nx * ny
}

// apart is turns for slots a and b that do not touch. Then the change of
// putting x on a and y on b is the change of x on a alone plus that of y
// on b alone, so the 4×4 candidates are priced from 4+4 one-slot deltas,
// refreshed only after a change is kept: the same candidates in the same
// order as turns, at an eighth of the pricing. With inPlace, x and y are
// the slots' own pieces, whose one-slot deltas are kept from one pair to
// the next until the board changes.
func (t *search) apart(a int, x local.Elem, b int, y local.Elem, below float64, inPlace bool) int {
	nx, ny := rotations(x), rotations(y)
	var dx, dy [4]float64
	fill := func() {
		if inPlace {
			dx, dy = *t.turnings(a), *t.turnings(b)
			return
		}
		t.alone(&dx, a, x, nx)
		t.alone(&dy, b, y, ny)
	}
	fill()
	for rx := range nx {
		for ry := range ny {
			if dx[rx]+dy[ry] < below {
				t.s.Set2(a, turned(x, rx), b, turned(y, ry))
				t.changed()
				fill()
			}
		}
	}
	return nx * ny
}

// turnings returns the one-slot deltas of turning slot a's piece to each
// rotation, from the cache while the board has not changed since they
// were priced.
func (t *search) turnings(a int) *[4]float64 {
	if t.stamp[a] != t.epoch {
		x := t.s.Cells[a]
		t.alone(&t.turn4[a], a, x, rotations(x))
		t.stamp[a] = t.epoch
	}
	return &t.turn4[a]
}

// changed records a change of the board, which outdates every cached
// one-slot delta.
func (t *search) changed() { t.epoch++ }

// alone sets d[r] to the change of putting x in rotation r on slot a, for
// the first n rotations.
func (t *search) alone(d *[4]float64, a int, x local.Elem, n int) {
	for r := range n {
		d[r] = t.s.SetDelta(a, turned(x, r))
	}
}

// turnAlone tries the four rotations of the one free slot's piece, which
// has no partner to pair with, and keeps each improvement.
func (t *search) turnAlone(a int, below float64) {
	s := t.s
	x := s.Cells[a]
	n := rotations(x)
	for r := range n {
		if xr := turned(x, r); s.SetDelta(a, xr) < below {
			s.Set(a, xr)
		}
	}
	t.run.Stats.Evaluations += int64(n)
}

// rotations returns how many rotations of e the improvement tries: four
// for a piece, one for an empty slot.
func rotations(e local.Elem) int {
	if e < 0 {
		return 1
	}
	return 4
}

// turned returns e in rotation r; an empty slot stays empty.
func turned(e local.Elem, r int) local.Elem {
	if e < 0 {
		return e
	}
	return e.Turned(puzzle.Rotation(r))
}
