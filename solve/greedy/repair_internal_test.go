package greedy

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// TestRepairAsksAbove checks which partners a side asks exchanges for:
// all it lists, or with onlyAbove those ranked above the one it faces.
func TestRepairAsksAbove(t *testing.T) {
	list := []edge.Match{{Side: 5, Cost: 1}, {Side: 9, Cost: 2}, {Side: 13, Cost: 3}, {Side: 17, Cost: 4}}
	sides := func(ms []edge.Match) []int32 {
		out := []int32{}
		for _, m := range ms {
			out = append(out, m.Side)
		}
		return out
	}
	for _, tc := range []struct {
		name      string
		onlyAbove bool
		now       int
		want      []int32
	}{
		{"every partner", false, 13, []int32{5, 9, 13, 17}},
		{"facing its best", true, 5, []int32{}},
		{"facing its third", true, 13, []int32{5, 9}},
		{"facing one it does not list", true, 99, []int32{5, 9, 13, 17}},
	} {
		r := &repairer{best: func(int) []edge.Match { return list }, onlyAbove: tc.onlyAbove}
		if diff := cmp.Diff(tc.want, sides(r.above(0, tc.now))); diff != "" {
			t.Errorf("%s: partners asked for (-want +got):\n%s", tc.name, diff)
		}
	}
}

// TestSparseRepairMends checks that the repair of a sparsely priced
// puzzle, asking only for partners ranked above the ones the sides face,
// still puts back two pieces swapped (and turned) on a finished board.
func TestSparseRepairMends(t *testing.T) {
	for _, rot := range []bool{false, true} {
		p, truth := wavesPuzzle(t, rot)
		sp, err := edge.NewSparse(context.Background(), p, edge.Log(edge.MGC()), edge.DefaultK, 1)
		if err != nil {
			t.Fatal(err)
		}
		rk := newRanks(sp)
		b := truth.Clone()
		x, y := b.Index(puzzle.Cell{Row: 2, Col: 3}), b.Index(puzzle.Cell{Row: 7, Col: 9})
		b.Cells[x], b.Cells[y] = b.Cells[y], b.Cells[x]
		if rot {
			b.Cells[x].Rotation = 2
		}
		rep := rk.repairer(p, b)
		if !rep.onlyAbove {
			t.Fatal("a sparse compatibility must be repaired with the limited exchanges")
		}
		for range 5 {
			if rep.pass(func() bool { return true }) == 0 {
				break
			}
		}
		if !b.Equal(truth) {
			t.Errorf("rotate=%v: the repair left the board at neighbour comparison %.3f", rot, puzzle.NeighbourComparison(truth, b))
		}
	}
}

// TestExchangeAllMends checks that the exchanges of every two pieces put
// back pieces swapped across the board, one of them turned too, on the
// log scale the solver weighs them on.
func TestExchangeAllMends(t *testing.T) {
	for _, rot := range []bool{false, true} {
		p, truth := wavesPuzzle(t, rot)
		tb, err := edge.NewTable(context.Background(), p, edge.MGC(), 1)
		if err != nil {
			t.Fatal(err)
		}
		rk := newRanks(tb)
		b := truth.Clone()
		swap := func(x, y puzzle.Cell) {
			i, j := b.Index(x), b.Index(y)
			b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i]
		}
		swap(puzzle.Cell{Row: 0, Col: 0}, puzzle.Cell{Row: 9, Col: 11})
		swap(puzzle.Cell{Row: 4, Col: 5}, puzzle.Cell{Row: 4, Col: 6})
		if rot {
			b.Cells[b.Index(puzzle.Cell{Row: 0, Col: 0})].Rotation = 3
		}
		rep := newRepairer(logJoins{rk}, rk.comp.Best, p, b)
		made := 0
		for range 5 {
			m, stop := rep.exchangeAll(func() bool { return true })
			if stop {
				t.Fatal("the pass stopped though step never asked it to")
			}
			if made += m; m == 0 {
				break
			}
		}
		if !b.Equal(truth) || made == 0 {
			t.Errorf("rotate=%v: %d exchanges left the board at neighbour comparison %.3f", rot, made, puzzle.NeighbourComparison(truth, b))
		}
	}
}

// wavesPuzzle cuts the synthetic waves picture into 12×10 pieces of 8
// pixels, unscrambled: the board truth is the picture.
func wavesPuzzle(t *testing.T, rot bool) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	p, truth, err := puzzle.Cut(waves(12*8, 10*8), 8)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = rot
	return p, truth
}
