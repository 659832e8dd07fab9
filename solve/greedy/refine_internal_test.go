package greedy

import (
	"context"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// TestRefineDeltas checks every move the refiner tries, segment or block,
// turned or not, against the board's cost priced afresh: the change a
// move predicts is the change it makes, and undo restores the board.
func TestRefineDeltas(t *testing.T) {
	for _, tc := range []struct {
		rot        bool
		normalised bool
	}{{false, false}, {true, false}, {false, true}, {true, true}} {
		rot := tc.rot
		p, tb, rk, b := scrambledNoisy(t, 9, 7, 5, rot, rand.New(rand.NewPCG(7, 8)))
		b.Cells[5] = puzzle.Empty // a hole
		join, hole := tb.Join, func(i int) float64 { return rk.second[i] }
		if tc.normalised {
			join, hole = normalisedJoin(rk), normalisedHole
		}
		// cost prices the whole board afresh: every join once, and
		// every side facing a hole.
		cost := func() float64 {
			total := 0.0
			for i, a := range b.Cells {
				c := b.CellAt(i)
				for _, s := range puzzle.Sides {
					n := c.Neighbour(s)
					if !b.In(n) {
						continue
					}
					o := b.At(n)
					if !a.IsEmpty() && !o.IsEmpty() && (s == puzzle.Right || s == puzzle.Bottom) {
						total += join(sideIndex(a, s), sideIndex(o, s.Opposite()))
					}
					if a.IsEmpty() != o.IsEmpty() {
						if a.IsEmpty() {
							total += hole(sideIndex(o, s.Opposite())) / 2
						} else {
							total += hole(sideIndex(a, s)) / 2
						}
					}
				}
			}
			return total
		}
		r := newRefiner(rk, p, b, join, hole)
		r.loops = tc.normalised
		r.blocks = true
		r.checkDelta = func(d float64) {
			before := cost()
			r.apply()
			after := cost()
			r.undo()
			if math.Abs((after-before)-d) > 1e-6*math.Max(1, math.Abs(before)) {
				t.Fatalf("%+v: move predicted %v, made %v", tc, d, after-before)
			}
			if again := cost(); again != before {
				t.Fatalf("%+v: undo left cost %v, was %v", tc, again, before)
			}
		}
		start := cost()
		moves := r.run(5, func() bool { return true })
		if end := cost(); moves == 0 || end >= start {
			t.Errorf("%+v: %d moves took the cost from %v to %v", tc, moves, start, end)
		}
	}
}

// noisy is a picture of smooth colour ramps with seeded noise, so that
// joins have costs of every size.
func noisy(w, h int, seed uint64) image.Image {
	rng := rand.New(rand.NewPCG(seed, 1))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x*200/w + rng.IntN(40)), uint8(y*200/h + rng.IntN(40)), uint8((x*y)%200 + rng.IntN(40)), 255})
		}
	}
	return img
}

// TestSparseBounds checks that the capped prices the repair and the
// refinement read from a sparse compatibility, which skip pricing joins
// that cannot fall below the cap, equal those read from a dense table.
func TestSparseBounds(t *testing.T) {
	for _, rot := range []bool{false, true} {
		p := noisyPieces(t, 12, 10, 8, 3, rot)
		tb, err := edge.NewTable(context.Background(), p, edge.MGC(), 1)
		if err != nil {
			t.Fatal(err)
		}
		sp, err := edge.NewSparse(context.Background(), p, edge.MGC(), edge.DefaultK, 1)
		if err != nil {
			t.Fatal(err)
		}
		dense, sparse := newRanks(tb), newRanks(sp)
		if dense.lazy || !sparse.lazy {
			t.Fatal("a table must be read directly and a sparse compatibility through its bounds")
		}
		dn, sn := normalisedJoin(dense), normalisedJoin(sparse)
		skipped := 0
		for i := range 4 * len(p.Pieces) {
			for j := range 4 * len(p.Pieces) {
				if i/4 == j/4 || !rot && j%4 != (i+2)%4 {
					continue
				}
				a := puzzle.Placement{Piece: puzzle.PieceID(i / 4), Rotation: puzzle.Rotation((1 - i%4) & 3)}
				b := puzzle.Placement{Piece: puzzle.PieceID(j / 4), Rotation: puzzle.Rotation((3 - j%4) & 3)}
				if sideIndex(a, puzzle.Right) != i || sideIndex(b, puzzle.Left) != j {
					t.Fatalf("sides %d and %d not turned to face each other", i, j)
				}
				if got, want := (robust{sparse}).Score(a, puzzle.Right, b), (robust{dense}).Score(a, puzzle.Right, b); math.Abs(got-want) > 1e-9 {
					t.Fatalf("rotate=%v: robust price of %d|%d is %v sparse, %v dense", rot, i, j, got, want)
				}
				if got, want := sn(i, j), dn(i, j); math.Abs(got-want) > 1e-9 {
					t.Fatalf("rotate=%v: normalised price of %d|%d is %v sparse, %v dense", rot, i, j, got, want)
				}
				if sparse.joinAtLeast(i, j, 0) != sp.Join(i, j) {
					skipped++
				}
			}
		}
		if skipped == 0 {
			t.Errorf("rotate=%v: no join was bounded rather than priced; the test tests nothing", rot)
		}
	}
}

// TestLogScaleCompat checks that a compatibility on the log scale of its
// measure (edge.Log) leaves the placer's compatibilities and the repair's
// robust prices as they are on the measure's own scale, read from a table
// or through a sparse compatibility's bounds: Paikin and Tal's ratios are
// taken on the measure's scale, and only what a board costs changes.
func TestLogScaleCompat(t *testing.T) {
	for _, rot := range []bool{false, true} {
		p := noisyPieces(t, 12, 10, 8, 4, rot)
		plain, err := edge.NewTable(context.Background(), p, edge.MGC(), 1)
		if err != nil {
			t.Fatal(err)
		}
		logTable, err := edge.NewTable(context.Background(), p, edge.Log(edge.MGC()), 1)
		if err != nil {
			t.Fatal(err)
		}
		logSparse, err := edge.NewSparse(context.Background(), p, edge.Log(edge.MGC()), edge.DefaultK, 1)
		if err != nil {
			t.Fatal(err)
		}
		want := newRanks(plain)
		for _, got := range []*ranks{newRanks(logTable), newRanks(logSparse)} {
			if !got.logScaled {
				t.Fatal("a compatibility on the log scale is not read as one")
			}
			capped := 0
			for i := range 4 * len(p.Pieces) {
				for j := range 4 * len(p.Pieces) {
					if i/4 == j/4 || !rot && j%4 != (i+2)%4 {
						continue
					}
					if g, w := got.compat(i, j), want.compat(i, j); math.Abs(g-w) > 1e-5*(1+math.Abs(w)) {
						t.Fatalf("rotate=%v lazy=%v: compat(%d, %d) = %v on the log scale, %v on MGC's", rot, got.lazy, i, j, g, w)
					}
					a := puzzle.Placement{Piece: puzzle.PieceID(i / 4), Rotation: puzzle.Rotation((1 - i%4) & 3)}
					b := puzzle.Placement{Piece: puzzle.PieceID(j / 4), Rotation: puzzle.Rotation((3 - j%4) & 3)}
					g, w := (robust{got}).Score(a, puzzle.Right, b), (robust{want}).Score(a, puzzle.Right, b)
					if math.Abs(g-w) > 1e-5 {
						t.Fatalf("rotate=%v lazy=%v: robust price of %d|%d is %v on the log scale, %v on MGC's", rot, got.lazy, i, j, g, w)
					}
					if w == 1 {
						capped++
					}
				}
			}
			if capped == 0 {
				t.Errorf("rotate=%v: no join capped; the test tests nothing", rot)
			}
		}
	}
}

// scrambledNoisy cuts a noisy picture of cols × rows pieces of 6 pixels,
// prices it with MGC and lays its pieces out at random, turned at random
// too if rot.
func scrambledNoisy(t testing.TB, cols, rows int, seed uint64, rot bool, rng *rand.Rand) (*puzzle.Puzzle, *edge.Table, *ranks, *puzzle.Board) {
	t.Helper()
	p := noisyPieces(t, cols, rows, 6, seed, rot)
	tb, err := edge.NewTable(context.Background(), p, edge.MGC(), 1)
	if err != nil {
		t.Fatal(err)
	}
	b := puzzle.NewBoard(p.Rows, p.Cols)
	for i, k := range rng.Perm(len(p.Pieces)) {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(k)}
		if rot {
			b.Cells[i].Rotation = puzzle.Rotation(rng.IntN(4))
		}
	}
	return p, tb, newRanks(tb), b
}

// noisyPieces cuts a noisy picture into cols × rows pieces of size pixels,
// turnable if rot.
func noisyPieces(t testing.TB, cols, rows, size int, seed uint64, rot bool) *puzzle.Puzzle {
	t.Helper()
	p, _, err := puzzle.Cut(noisy(cols*size, rows*size, seed), size)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = rot
	return p
}
