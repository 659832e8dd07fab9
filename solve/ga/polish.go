package ga

import (
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// polish improves x by local search until no move lowers its cost or the
// run ends: trades of two pieces, shifts of a run of pieces along its row
// or column, and moves of whole rows and columns or blocks of them. A GA
// built of big moves leaves a few pieces astray at its end, each of which
// one such move puts right.
func (e *engine) polish(x *individual) {
	free := e.l.Free
	for !e.run.Done() {
		better := false
		for a, i := range free {
			if a%64 == 0 && e.run.Done() {
				break
			}
			for _, j := range free[a+1:] {
				if d := x.SwapDelta(i, j); d < -1e-9*max(1, x.Cost()) {
					x.Swap(i, j)
					better = true
				}
			}
		}
		x.Recompute()
		e.run.Stats.Evaluations++
		if e.run.Done() {
			return
		}
		if e.shiftRuns(x, false) {
			better = true
		}
		if e.shiftRuns(x, true) {
			better = true
		}
		if e.moveLines(x) {
			better = true
		}
		if !better {
			return
		}
	}
}

// shiftRuns moves runs of pieces along their rows (their columns when
// cols is set), the pieces between closing up behind them, while a move
// lowers x's cost, and reports whether any did. Cells holding fixed pieces
// bound the runs and their moves. It leaves x's cost current.
func (e *engine) shiftRuns(x *individual, cols bool) bool {
	l := e.l
	R, C := l.Rows, l.Cols
	n, k := R, C // lines, cells per line
	cell := func(u, i int) int { return u*C + i }
	if cols {
		n, k = C, R
		cell = func(u, i int) int { return i*C + u }
	}
	if k < 3 {
		return false
	}
	slots := make([]int, 0, k)
	vals := make([]local.Elem, 0, k)
	moved := false
	for u := range n {
		for a := 0; a < k; a++ {
			for b := a + 1; b <= k && b-a < k; b++ {
				if l.Fixed(cell(u, b-1)) {
					break
				}
				if l.Fixed(cell(u, a)) {
					break
				}
				// The run [a, b) goes to start at t, left or right.
				for t := 0; t+b-a <= k; t++ {
					if t == a {
						continue
					}
					lo, hi := min(a, t), max(b, t+b-a)
					blocked := false
					for i := lo; i < hi; i++ {
						if l.Fixed(cell(u, i)) {
							blocked = true
							break
						}
					}
					if blocked {
						continue
					}
					slots, vals = slots[:0], vals[:0]
					for i := lo; i < hi; i++ {
						slots = append(slots, cell(u, i))
					}
					if t < a {
						for i := a; i < b; i++ {
							vals = append(vals, x.Cells[cell(u, i)])
						}
						for i := t; i < a; i++ {
							vals = append(vals, x.Cells[cell(u, i)])
						}
					} else {
						for i := b; i < t+b-a; i++ {
							vals = append(vals, x.Cells[cell(u, i)])
						}
						for i := a; i < b; i++ {
							vals = append(vals, x.Cells[cell(u, i)])
						}
					}
					if d := e.runDelta(x, slots, vals); d < -1e-9*max(1, x.Cost()) {
						x.SetMany(slots, vals)
						moved = true
					}
				}
			}
		}
	}
	if moved {
		x.Recompute()
		e.run.Stats.Evaluations++
	}
	return moved
}

// runDelta returns the change in x's cost if each slots[k] held vals[k]:
// slots are a run of neighbouring board cells along a row or a column.
func (e *engine) runDelta(x *individual, slots []int, vals []local.Elem) float64 {
	before := e.runPrice(x, slots)
	e.runOld = e.runOld[:0]
	for k, i := range slots {
		e.runOld = append(e.runOld, x.Cells[i])
		x.Cells[i] = vals[k]
	}
	after := e.runPrice(x, slots)
	for k, i := range slots {
		x.Cells[i] = e.runOld[k]
	}
	return after - before
}

// runPrice prices the joins and rim sides of a run of neighbouring cells,
// each join once.
func (e *engine) runPrice(x *individual, slots []int) float64 {
	pr := e.l.Pricer
	var c float64
	for k, i := range slots {
		a := x.Cells[i]
		if a < 0 {
			continue
		}
		for _, s := range puzzle.Sides {
			j := e.l.Neighbour(i, s)
			switch {
			case j < 0:
				if i < e.l.Cells() {
					c += pr.Frame(a, s)
				}
			case k > 0 && j == slots[k-1]:
				// Counted from the other side.
			default:
				if b := x.Cells[j]; b >= 0 {
					c += pr.Join(a, s, b)
				}
			}
		}
	}
	return c
}
