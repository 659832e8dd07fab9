package esp_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
)

// thesisPuzzle returns the thesis's test model, a 10×15 puzzle of unique
// labels (seed 000, chapter 4: 150 pieces, 10 rows × 15 columns), with
// the pieces of cells removed. upright keeps every piece unturned and
// forbids rotation, as the thesis's program read them; otherwise the
// pieces are scrambled and turned.
func thesisPuzzle(t testing.TB, seed uint64, upright bool, cells ...puzzle.Cell) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	p, sol, err := puzzle.GenerateUnique(10, 15, rng)
	if err != nil {
		t.Fatal(err)
	}
	if upright {
		p.Rotatable = false
	} else if p, sol, err = puzzle.Scramble(p, sol, rng); err != nil {
		t.Fatal(err)
	}
	p, sol, err = esp.Remove(p, sol, cells...)
	if err != nil {
		t.Fatal(err)
	}
	return p, sol
}

func cells(cs ...[2]int) []puzzle.Cell {
	out := make([]puzzle.Cell, len(cs))
	for i, c := range cs {
		out[i] = puzzle.Cell{Row: c[0], Col: c[1]}
	}
	return out
}

func TestPredict(t *testing.T) {
	cases := []struct {
		name     string
		upright  bool
		opts     []esp.Option
		holes    []puzzle.Cell
		want     []puzzle.Cell
		fallback esp.Fallback
		phantoms int
		// frames is the number of whole-board turns read: one for
		// upright pieces, two for turned pieces on an oblong board.
		frames int
	}{
		{
			name: "one hole in the middle, upright", upright: true,
			holes: cells([2]int{3, 4}), want: cells([2]int{3, 4}), frames: 1,
		},
		{
			// Read unturned, turned pieces may sit at either end of
			// their lines: rows 3 and 10-1-3, columns 4 and 15-1-4.
			name:  "one hole in the middle, turned, mirror marking",
			opts:  []esp.Option{esp.WithOrientation(false)},
			holes: cells([2]int{3, 4}), want: cells([2]int{3, 4}, [2]int{3, 10}, [2]int{6, 4}, [2]int{6, 10}),
			phantoms: 3, frames: 1,
		},
		{
			// Oriented, the pieces mark row 3 and column 4 in one
			// frame and their images, row 6 and column 10, in the
			// frame turned half a revolution: no phantom in either.
			name:  "one hole in the middle, turned, oriented",
			holes: cells([2]int{3, 4}), want: cells([2]int{3, 4}, [2]int{6, 10}),
			frames: 2,
		},
		{
			name: "one hole in a corner, upright", upright: true,
			holes: cells([2]int{0, 0}), want: cells([2]int{0, 0}, [2]int{0, 14}, [2]int{9, 0}, [2]int{9, 14}),
			frames: 1,
		},
		{
			name:  "one hole in a corner, turned",
			holes: cells([2]int{9, 14}), want: cells([2]int{0, 0}, [2]int{0, 14}, [2]int{9, 0}, [2]int{9, 14}),
			frames: 2,
		},
		{
			// Two rows and two columns cross four times: two phantom
			// points.
			name: "two holes, two phantom points", upright: true,
			holes:    cells([2]int{2, 3}, [2]int{6, 9}),
			want:     cells([2]int{2, 3}, [2]int{2, 9}, [2]int{6, 3}, [2]int{6, 9}),
			phantoms: 2, frames: 1,
		},
		{
			// Two holes in one row: one row, two columns, no phantom.
			name: "two holes sharing a row", upright: true,
			holes: cells([2]int{4, 2}, [2]int{4, 11}), want: cells([2]int{4, 2}, [2]int{4, 11}),
			frames: 1,
		},
		{
			// A hole on the frame leaves only its column marked: the
			// frame ends of the column are the candidates.
			name: "one hole on the top frame", upright: true,
			holes: cells([2]int{0, 5}), want: cells([2]int{0, 5}, [2]int{9, 5}),
			fallback: esp.FrameFallback, frames: 1,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := thesisPuzzle(t, 11, tc.upright, tc.holes...)
			pred, err := esp.Predict(p, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if len(pred.Frames) != tc.frames {
				t.Errorf("%d frames, want %d", len(pred.Frames), tc.frames)
			}
			if diff := cmp.Diff(tc.want, pred.Cells()); diff != "" {
				t.Errorf("candidates (-want +got):\n%s", diff)
			}
			if pred.Fallback != tc.fallback {
				t.Errorf("fallback %v, want %v", pred.Fallback, tc.fallback)
			}
			if got := pred.Phantoms(); got != tc.phantoms {
				t.Errorf("%d phantom points, want %d", got, tc.phantoms)
			}
			for _, h := range tc.holes {
				if !pred.Contains(h) {
					t.Errorf("the hole at %v is not a candidate", h)
				}
			}
		})
	}
}

// TestPredictEvidence checks the counts of the hole's four neighbours on an
// upright board: each sees the board's far edges along one line and nothing
// across the hole (seed 000, chapter 4, Fig. 25).
func TestPredictEvidence(t *testing.T) {
	p, sol := thesisPuzzle(t, 12, true, puzzle.Cell{Row: 3, Col: 4})
	pred, err := esp.Predict(p)
	if err != nil {
		t.Fatal(err)
	}
	byPiece := make(map[puzzle.PieceID]esp.Evidence)
	for _, ev := range pred.Evidence {
		byPiece[ev.Piece] = ev
	}
	cases := []struct {
		name   string
		cell   puzzle.Cell
		counts [4][]int // top, right, bottom, left
		rows   []int
		cols   []int
	}{
		{name: "above", cell: puzzle.Cell{Row: 2, Col: 4}, counts: [4][]int{{2}, {10}, {0}, {4}}, cols: []int{4}},
		// Its row reads 0+9 pieces, the board's height less one: the
		// thesis's test takes the broken row for a whole column's, and
		// the piece marks nothing.
		{name: "right", cell: puzzle.Cell{Row: 3, Col: 5}, counts: [4][]int{{3}, {9}, {6}, {0}}},
		{name: "below", cell: puzzle.Cell{Row: 4, Col: 4}, counts: [4][]int{{0}, {10}, {5}, {4}}, cols: []int{4}},
		{name: "left", cell: puzzle.Cell{Row: 3, Col: 3}, counts: [4][]int{{3}, {0}, {6}, {3}}, rows: []int{3}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ev, ok := byPiece[sol.At(tc.cell).Piece]
			if !ok {
				t.Fatalf("no evidence from the piece at %v", tc.cell)
			}
			if diff := cmp.Diff(tc.counts, ev.Counts); diff != "" {
				t.Errorf("counts (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.rows, ev.Rows); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.cols, ev.Cols); diff != "" {
				t.Errorf("columns (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExtendedCount builds the thesis's similar-pieces failure (chapter 4,
// Figs. 27-28): joins that share a label send the plain count down the
// wrong line, and the extended count, following every branch, recovers.
func TestExtendedCount(t *testing.T) {
	p, _, hole, err := esp.SimilarPuzzle(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := esp.Predict(p)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Contains(hole) {
		t.Errorf("the plain count predicts the hole at %v; the case is built to mislead it: %v", hole, plain.Cells())
	}
	ext, err := esp.Predict(p, esp.WithExtendedCount(true))
	if err != nil {
		t.Fatal(err)
	}
	if !ext.Contains(hole) {
		t.Errorf("the extended count misses the hole at %v: %v", hole, ext.Cells())
	}
	if !slices.ContainsFunc(ext.Evidence, func(ev esp.Evidence) bool {
		return slices.ContainsFunc(ev.Counts[:], func(c []int) bool { return len(c) > 1 })
	}) {
		t.Error("no side of any piece has more than one extended count")
	}
}

func TestPredictRejects(t *testing.T) {
	if _, err := esp.Predict(&puzzle.Puzzle{Rows: 2, Cols: 2}); err == nil {
		t.Error("Predict accepted a puzzle without pieces")
	}
}
