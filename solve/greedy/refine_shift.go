package greedy

import (
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// The shift pass of the refiner. In a flat sky or still water the placer
// often builds a whole band of the picture one or two columns astray: each
// piece fits its neighbours within the band, and the band's rim, where it
// meets the rest, is as good as any other join of the flat region. No
// move of a segment against a rim side's best partners finds its place,
// since the rim's partners are all alike. Shifting the band's pieces
// cyclically along its rows does: the pieces pushed out at one end enter
// at the other, and only the joins on the rectangle's rim and the one
// seam where its ends meet change. The pass weighs every rectangle of the
// board shifted by up to shiftReach cells along its rows and along its
// columns.
//
// A shift's change in cost comes from sums over the rectangle's rows of
// the joins between any two columns, and from prefix sums along the rows
// of the joins across each pair of rows under each offset, so a
// rectangle is weighed in constant time, and the board's R²C²/4
// rectangles in 20 ms for 540 pieces; the sums are built again for each
// look.

// shiftReach is the farthest a rectangle's pieces are shifted: on the
// benchmark photographs the bands astray lay one or two cells off.
const shiftReach = 2

// maxShiftRects bounds the rectangles a look weighs (the board's
// R(R+1)C(C+1)/4): past it, about 1,300 cells, the board is left as it
// is. The look's time grows as the square of the board's cells, and on
// BGU's 3,300-piece photographs, 2.8 million rectangles, the shifts cost
// 8 s known and 12 s turned for a gain of 0.002 in the neighbour
// comparison.
const maxShiftRects = 1 << 19

// shiftView reads the board as rows along which a rectangle shifts: the
// board itself (along its rows) or its transpose (along its columns).
type shiftView struct {
	rows, cols int
	across     puzzle.Side // from a cell to the next along a row
	down       puzzle.Side // from a cell to the next row
	transposed bool
	boardCols  int
}

func (v shiftView) cell(row, col int) int {
	if v.transposed {
		return row + col*v.boardCols
	}
	return row*v.boardCols + col
}

// shiftSums holds what one view's shifts are weighed with.
type shiftSums struct {
	v shiftView
	// pair[(a*cols+b)*(rows+1)+y+1] sums, over rows 0..y, the join of
	// the piece in column a with the piece in column b on its across
	// side: the joins a rectangle's seam and sides would make.
	pair []float64
	// span[a*cols+b] is pair summed over the rows of the rectangle
	// being weighed.
	span []float64
	// vert[(y*cols+a)*cols+b] is the join of cell (y−1, a) with cell
	// (y, b) below it, and rim[s+shiftReach][y*(cols+1)+x+1] sums those
	// with b = a−s over columns a ≤ x: the joins a rectangle's top and
	// bottom rims make when shifted by s.
	// under is rim for the bottom rim, where the row above reads s
	// columns back: the join of (y−1, a−s) with (y, a).
	vert       []float64
	rim, under [2*shiftReach + 1][]float64
	fixedIn    []int
}

func (r *refiner) buildShiftSums(sm *shiftSums) {
	v := sm.v
	rows, cols := v.rows, v.cols
	sm.pair = grown(sm.pair, cols*cols*(rows+1))
	sm.span = grown(sm.span, cols*cols)
	sm.vert = grown(sm.vert, rows*cols*cols)
	for a := range cols {
		for b := range cols {
			p := sm.pair[(a*cols+b)*(rows+1) : (a*cols+b+1)*(rows+1)]
			p[0] = 0
			for y := range rows {
				j := 0.0
				if a != b {
					j = r.join(v.cell(y, a), v.across, v.cell(y, b))
				}
				p[y+1] = p[y] + j
			}
		}
	}
	for y := 1; y < rows; y++ {
		for a := range cols {
			row := sm.vert[(y*cols+a)*cols : (y*cols+a+1)*cols]
			for b := range cols {
				row[b] = r.join(v.cell(y-1, a), v.down, v.cell(y, b))
			}
		}
	}
	for k := range sm.rim {
		s := k - shiftReach
		sm.rim[k] = grown(sm.rim[k], rows*(cols+1))
		sm.under[k] = grown(sm.under[k], rows*(cols+1))
		for y := range rows {
			sums := sm.rim[k][y*(cols+1) : (y+1)*(cols+1)]
			unders := sm.under[k][y*(cols+1) : (y+1)*(cols+1)]
			sums[0], unders[0] = 0, 0
			for x := range cols {
				j, u := 0.0, 0.0
				if y > 0 && x-s >= 0 && x-s < cols {
					j = sm.vert[(y*cols+x)*cols+x-s]
					u = sm.vert[(y*cols+x-s)*cols+x]
				}
				sums[x+1], unders[x+1] = sums[x]+j, unders[x]+u
			}
		}
	}
}

// grown returns buf with length n, reallocated if it is shorter.
func grown[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

// spanRows fills span with pair summed over rows y0..y1−1.
func (sm *shiftSums) spanRows(y0, y1 int) {
	rows := sm.v.rows
	for ab := range sm.span {
		p := sm.pair[ab*(rows+1) : (ab+1)*(rows+1)]
		sm.span[ab] = p[y1] - p[y0]
	}
}

// shiftDelta returns the change in cost of shifting the contents of the
// rectangle of rows y0..y1−1 and columns x0..x1−1 by s columns along its
// rows, cyclically: the piece in column x moves to x0 + (x − x0 + s) mod w.
// span must hold the sums over rows y0..y1−1 (spanRows).
func (sm *shiftSums) shiftDelta(y0, y1, x0, x1, s int) float64 {
	cols := sm.v.cols
	w := x1 - x0
	span := sm.span
	// After the shift the rectangle's last column holds old column
	// cut and its first holds cut+1: the one join inside the rows that
	// the shift breaks. The rows' ends meet in its place.
	var cut int
	if s > 0 {
		cut = x1 - 1 - s
	} else {
		cut = x0 - s - 1
	}
	d := span[(x1-1)*cols+x0] - span[cut*cols+cut+1]
	if x0 > 0 {
		d += span[(x0-1)*cols+cut+1] - span[(x0-1)*cols+x0]
	}
	if x1 < cols {
		d += span[cut*cols+x1] - span[(x1-1)*cols+x1]
	}
	// Along the top and bottom rims the columns lo..hi−1 read s columns
	// back; the |s| others wrap round from the rectangle's other end.
	lo, hi := x0+max(s, 0), x1+min(s, 0)
	rim := sm.rim[s+shiftReach]
	flat := sm.rim[shiftReach]
	if y0 > 0 {
		row := y0 * (cols + 1)
		d += rim[row+hi] - rim[row+lo] - (flat[row+x1] - flat[row+x0])
		vert := sm.vert[y0*cols*cols:]
		for x := x0; x < lo; x++ {
			d += vert[x*cols+x-s+w]
		}
		for x := hi; x < x1; x++ {
			d += vert[x*cols+x-s-w]
		}
	}
	if y1 < sm.v.rows {
		row := y1 * (cols + 1)
		under := sm.under[s+shiftReach]
		d += under[row+hi] - under[row+lo] - (flat[row+x1] - flat[row+x0])
		vert := sm.vert[y1*cols*cols:]
		for x := x0; x < lo; x++ {
			d += vert[(x-s+w)*cols+x]
		}
		for x := hi; x < x1; x++ {
			d += vert[(x-s-w)*cols+x]
		}
	}
	return d
}

// applyShift shifts the rectangle's contents as shiftDelta prices it.
func (r *refiner) applyShift(v shiftView, y0, y1, x0, x1, s int) {
	w := x1 - x0
	b := r.b
	for y := y0; y < y1; y++ {
		r.old = r.old[:0]
		for x := x0; x < x1; x++ {
			r.old = append(r.old, b.Cells[v.cell(y, x)])
		}
		for x := x0; x < x1; x++ {
			b.Cells[v.cell(y, x0+((x-x0+s)%w+w)%w)] = r.old[x-x0]
		}
	}
}

// shiftMove is one shift weighed: the rectangle, in its view, the shift
// and the change in cost.
type shiftMove struct {
	view, y0, y1, x0, x1, s int
	delta                   float64
}

// shiftMovesKept is how many of the best shifts one look keeps, to make
// all those that do not touch a better one.
const shiftMovesKept = 32

// shiftPass weighs every rectangle's shifts, along its rows and along its
// columns, and makes the best, then each next best whose rectangle, with
// the cells around it, touches none made: such shifts change disjoint
// joins, so each lowers the cost by what it was weighed at. Taking the
// best first matters: a band astray leaves smaller rectangles whose
// shifts look better too and would strand it. It reports the shifts made,
// and whether step asked to stop.
func (r *refiner) shiftPass(step func() bool) (int, bool) {
	b := r.b
	if b.Rows*(b.Rows+1)/2*(b.Cols*(b.Cols+1)/2) > maxShiftRects {
		return 0, false
	}
	views := [2]shiftView{
		{rows: b.Rows, cols: b.Cols, across: puzzle.Right, down: puzzle.Bottom, boardCols: b.Cols},
		{rows: b.Cols, cols: b.Rows, across: puzzle.Bottom, down: puzzle.Right, transposed: true, boardCols: b.Cols},
	}
	kept := r.shiftKept[:0]
	// worst is the delta a shift must beat to be kept.
	worst := func() float64 {
		if len(kept) < shiftMovesKept {
			return 0
		}
		return kept[len(kept)-1].delta
	}
	scale := 0.0
	for k, v := range views {
		sm := &r.shiftSums[k]
		sm.v = v
		r.buildShiftSums(sm)
		if k == 0 {
			for a := 0; a+1 < v.cols; a++ {
				scale += math.Abs(sm.pair[(a*v.cols+a+1)*(v.rows+1)+v.rows])
			}
		}
		// fixedIn[y*(cols+1)+x] counts the fixed cells above row y
		// and before column x: a rectangle holding one never moves.
		w1 := v.cols + 1
		sm.fixedIn = grown(sm.fixedIn, (v.rows+1)*w1)
		fixedIn := sm.fixedIn
		for y := range v.rows {
			for x := range v.cols {
				f := 0
				if r.fixed[v.cell(y, x)] {
					f = 1
				}
				fixedIn[(y+1)*w1+x+1] = fixedIn[y*w1+x+1] + fixedIn[(y+1)*w1+x] - fixedIn[y*w1+x] + f
			}
		}
		for y0 := range v.rows {
			if !step() {
				r.shiftKept = kept
				return 0, true
			}
			for y1 := y0 + 1; y1 <= v.rows; y1++ {
				sm.spanRows(y0, y1)
				for x0 := range v.cols {
					for x1 := x0 + 2; x1 <= v.cols; x1++ {
						if fixedIn[y1*w1+x1]-fixedIn[y0*w1+x1]-fixedIn[y1*w1+x0]+fixedIn[y0*w1+x0] > 0 {
							break // every wider rectangle holds it too
						}
						for s := -min(shiftReach, x1-x0-1); s <= min(shiftReach, x1-x0-1); s++ {
							if s == 0 {
								continue
							}
							if d := sm.shiftDelta(y0, y1, x0, x1, s); d < worst() {
								kept = keepMove(kept, shiftMove{k, y0, y1, x0, x1, s, d})
							}
						}
					}
				}
			}
		}
	}
	r.shiftKept = kept
	// Rounding: a shift must gain more than the sums' error.
	tol := -1e-9 * (1 + scale)
	r.stamp++
	made := 0
	for _, m := range kept {
		if m.delta >= tol {
			break
		}
		v := views[m.view]
		clear := true
		for y := max(m.y0-1, 0); y < min(m.y1+1, v.rows) && clear; y++ {
			for x := max(m.x0-1, 0); x < min(m.x1+1, v.cols); x++ {
				if r.touched[v.cell(y, x)] == r.stamp {
					clear = false
					break
				}
			}
		}
		if !clear {
			continue
		}
		for y := max(m.y0-1, 0); y < min(m.y1+1, v.rows); y++ {
			for x := max(m.x0-1, 0); x < min(m.x1+1, v.cols); x++ {
				r.touched[v.cell(y, x)] = r.stamp
			}
		}
		r.applyShift(v, m.y0, m.y1, m.x0, m.x1, m.s)
		made++
	}
	if made > 0 {
		r.locate()
		for i := range r.seg {
			r.seg[i] = -1
		}
	}
	return made, false
}

// keepMove inserts m into kept, ordered by delta, at most shiftMovesKept
// long.
func keepMove(kept []shiftMove, m shiftMove) []shiftMove {
	i := len(kept)
	for i > 0 && kept[i-1].delta > m.delta {
		i--
	}
	if len(kept) < shiftMovesKept {
		kept = append(kept, shiftMove{})
	} else if i == len(kept) {
		return kept
	}
	copy(kept[i+1:], kept[i:len(kept)-1])
	kept[i] = m
	return kept
}
