package greedy

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// TestShiftDelta checks the change in cost shiftDelta predicts for every
// rectangle and shift, along rows and along columns, against the board
// priced afresh after the shift, turned pieces and a hole included.
func TestShiftDelta(t *testing.T) {
	for _, rot := range []bool{false, true} {
		p, _, rk, b := scrambledNoisy(t, 7, 5, 9, rot, rand.New(rand.NewPCG(3, 4)))
		b.Cells[7] = puzzle.Empty
		hole := func(i int) float64 { return 0.5 + float64(i%7) }
		r := newRefiner(rk, p, b, rk.join, hole)
		cost := r.total
		views := [2]shiftView{
			{rows: b.Rows, cols: b.Cols, across: puzzle.Right, down: puzzle.Bottom, boardCols: b.Cols},
			{rows: b.Cols, cols: b.Rows, across: puzzle.Bottom, down: puzzle.Right, transposed: true, boardCols: b.Cols},
		}
		tried := 0
		for _, v := range views {
			sm := shiftSums{v: v}
			for y0 := range v.rows {
				for y1 := y0 + 1; y1 <= v.rows; y1++ {
					r.buildShiftSums(&sm)
					sm.spanRows(y0, y1)
					for x0 := range v.cols {
						for x1 := x0 + 2; x1 <= v.cols; x1++ {
							for s := -shiftReach; s <= shiftReach; s++ {
								if s == 0 || s >= x1-x0 || -s >= x1-x0 {
									continue
								}
								before := cost()
								want := sm.shiftDelta(y0, y1, x0, x1, s)
								orig := b.Clone()
								r.applyShift(v, y0, y1, x0, x1, s)
								if got := cost() - before; math.Abs(got-want) > 1e-6*(1+math.Abs(before)) {
									t.Fatalf("rotate=%v transposed=%v: shifting rows %d–%d, columns %d–%d by %d changes the cost by %g, predicted %g",
										rot, v.transposed, y0, y1-1, x0, x1-1, s, got, want)
								}
								r.applyShift(v, y0, y1, x0, x1, -s)
								if !b.Equal(orig) {
									t.Fatalf("shifting by %d and back does not restore the board", s)
								}
								tried++
							}
						}
					}
				}
			}
		}
		if tried == 0 {
			t.Fatal("no shift tried")
		}
	}
}

// TestShiftPass plants bands astray on a picture's board, as the placer
// leaves them in a flat sky, and checks that the shift pass puts them
// back, and that a rectangle holding a fixed piece never moves.
func TestShiftPass(t *testing.T) {
	p, truth, err := puzzle.Cut(waves(12*8, 9*8), 8)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := edge.NewTable(context.Background(), p, edge.MGC(), 1)
	if err != nil {
		t.Fatal(err)
	}
	rk := newRanks(tb)
	row := shiftView{rows: truth.Rows, cols: truth.Cols, across: puzzle.Right, down: puzzle.Bottom, boardCols: truth.Cols}
	col := shiftView{rows: truth.Cols, cols: truth.Rows, across: puzzle.Bottom, down: puzzle.Right, transposed: true, boardCols: truth.Cols}
	for _, tc := range []struct {
		name       string
		plant      func(r *refiner)
		fixed      int // a cell to fix, or -1
		wantOrigin bool
	}{
		{"the picture itself", func(*refiner) {}, -1, true},
		{"top band two columns astray", func(r *refiner) { r.applyShift(row, 0, 3, 0, truth.Cols, 2) }, -1, true},
		{"block one column astray", func(r *refiner) { r.applyShift(row, 4, 7, 2, 9, -1) }, -1, true},
		{"columns one row astray", func(r *refiner) { r.applyShift(col, 5, 8, 3, truth.Rows, 1) }, -1, true},
		{"two bands", func(r *refiner) {
			r.applyShift(row, 0, 2, 0, 6, 1)
			r.applyShift(row, 6, 9, 4, 12, -2)
		}, -1, true},
		{"a fixed piece in the band", func(r *refiner) { r.applyShift(row, 0, 3, 0, truth.Cols, 2) }, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := truth.Clone()
			r := newRefiner(rk, p, b, rk.join, func(int) float64 { return 0 })
			tc.plant(r)
			planted := b.Clone()
			if tc.fixed >= 0 {
				r.fixed[tc.fixed] = true
			}
			for range 10 {
				if n, _ := r.shiftPass(func() bool { return true }); n == 0 {
					break
				}
			}
			switch {
			case tc.wantOrigin && !b.Equal(truth):
				t.Errorf("the bands were not put back: neighbour %.3f", puzzle.NeighbourComparison(truth, b))
			case tc.fixed >= 0 && b.Cells[tc.fixed] != planted.Cells[tc.fixed]:
				t.Errorf("the fixed piece moved")
			}
			if edge.Cost(tb, b) > edge.Cost(tb, planted) {
				t.Errorf("the pass raised the cost from %g to %g", edge.Cost(tb, planted), edge.Cost(tb, b))
			}
		})
	}
}

// waves is a picture of smooth colour waves with a little grain, whose
// true board is the cheapest under MGC.
func waves(w, h int) image.Image {
	rng := rand.New(rand.NewPCG(5, 6))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{
				uint8(120 + 90*math.Sin(float64(x)/9+float64(y)/23) + float64(rng.IntN(6))),
				uint8(120 + 80*math.Cos(float64(y)/7-float64(x)/31) + float64(rng.IntN(6))),
				uint8(120 + 70*math.Sin(float64(x*y)/400) + float64(rng.IntN(6))), 255})
		}
	}
	return img
}

// BenchmarkShiftPass weighs every rectangle of a 540-piece board (20 × 27,
// the McGill set's size) and of the largest board shiftPass takes (30 ×
// 40) once, along rows and along columns: one look of shiftBands.
func BenchmarkShiftPass(b *testing.B) {
	for _, size := range []struct{ rows, cols int }{{20, 27}, {30, 40}} {
		b.Run(fmt.Sprintf("%dx%d", size.rows, size.cols), func(b *testing.B) {
			p, truth, err := puzzle.Cut(waves(size.cols*8, size.rows*8), 8)
			if err != nil {
				b.Fatal(err)
			}
			tb, err := edge.NewTable(context.Background(), p, edge.MGC(), 0)
			if err != nil {
				b.Fatal(err)
			}
			rk := newRanks(tb)
			board := truth.Clone()
			r := newRefiner(rk, p, board, rk.join, func(int) float64 { return 0 })
			for b.Loop() {
				if n, _ := r.shiftPass(func() bool { return true }); n > 0 {
					b.Fatal("the picture itself was shifted")
				}
			}
		})
	}
}
