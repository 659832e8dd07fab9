package document

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/internal/textpage"
	"github.com/reassemble/jigsaw/puzzle"
)

// renderedGrid renders a page of text in font and cuts it rows × cols.
func renderedGrid(t *testing.T, font string, leading float64, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	l := textpage.Layout{Width: 1500, Height: 2100, Font: font, Size: 36, Leading: leading, Margin: 90, Top: 90}
	img, err := textpage.Render(l, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, truth, err := puzzle.CutGrid(img, rows, cols)
	if err != nil {
		t.Fatal(err)
	}
	return p, truth
}

// Every piece of text, cut from a rendered page in any of the fonts,
// reads upright by its evidence, and upside down once turned; lines cut
// by a piece's top or bottom edge are passed over, not misread.
func TestUprightEvidence(t *testing.T) {
	for _, font := range textpage.Fonts {
		t.Run(font, func(t *testing.T) {
			p, _ := renderedGrid(t, font, 1.4, 6, 4, 1)
			right, wrong := 0, 0
			for i, pc := range p.Pieces {
				for _, r := range []puzzle.Rotation{0, 2} {
					gr := readGrey(puzzle.TurnImage(pc.Image, r))
					e := newSheet(gr, gr.paperHist(), 0).uprightEvidence()
					switch {
					case e == 0:
					case (e > 0) == (r == 0):
						right++
					default:
						wrong++
						t.Logf("piece %d turned %v: evidence %.3f", i, r, e)
					}
				}
			}
			if right+wrong < len(p.Pieces) || wrong*10 > right+wrong {
				t.Errorf("%d pieces read right and %d wrong (of %d, both ways up): want most read, nine in ten right", right, wrong, 2*len(p.Pieces))
			}
		})
	}
}

// The lines' pitch is found from the pieces of a grid, and a cut between
// two rows of pieces is priced higher where the lines run on across it
// evenly than where another row's lines meet them.
func TestLinePhase(t *testing.T) {
	const leading, size = 1.6, 36
	p, truth := renderedGrid(t, "regular", leading, 7, 3, 2)
	tab, err := NewTable(context.Background(), p, WithTraining(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	fr := tab.frames[1]
	if want := leading * size; fr.pitch < int(want)-1 || fr.pitch > int(want)+1 {
		t.Fatalf("pitch %d, want %.0f ± 1", fr.pitch, want)
	}
	// End 2i is piece i's bottom, 2i+1 its top, each read inwards.
	above := func(i, j int) float64 { return phaseEvidence(fr.lines[2*i], fr.lines[2*j+1], fr.pitch) }
	beaten, pairs := 0, 0
	for _, cut := range cutsAlong(truth) {
		i, j := cut.above, cut.below
		right := above(i, j)
		for other := range p.Pieces {
			if other == i || other == j {
				continue
			}
			pairs++
			if above(i, other) >= right {
				beaten++
			}
		}
	}
	if beaten*5 > pairs {
		t.Errorf("a true cut's phase evidence is matched or beaten by %d of %d others, want at most a fifth", beaten, pairs)
	}
}

// cut is a true join along the lines of text: piece above over piece
// below, which lies in row row.
type cut struct{ above, below, row int }

// cutsAlong lists the true board's joins between a piece and the one
// below it.
func cutsAlong(truth *puzzle.Board) []cut {
	var out []cut
	for k, pl := range truth.Cells {
		below := truth.CellAt(k).Neighbour(puzzle.Bottom)
		if truth.In(below) {
			out = append(out, cut{int(pl.Piece), int(truth.At(below).Piece), below.Row})
		}
	}
	return out
}

// pearson correlates two profiles at an offset over the rows both hold.
func TestPearson(t *testing.T) {
	ramp := []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	down := []float32{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}
	later := append([]float32{5, 5, 5}, ramp...)
	for _, tc := range []struct {
		name string
		a, b []float32
		s    int
		want float64
	}{
		{"the same", ramp, ramp, 0, 1},
		{"reversed", ramp, down, 0, -1},
		{"three rows lower", ramp, later, 3, 1},
		{"flat", ramp, make([]float32, 12), 0, 0},
		{"fewer than eight rows in common", ramp, ramp, 5, 0},
	} {
		if got := pearson(tc.a, tc.b, tc.s); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Of the pieces of the row below a cut between two rows of a rendered
// page, the one that lies under a piece shares its columns of ink best
// more often than chance (one in two) gives: the margins and the lines'
// ragged ends run down the page. Three pages, 120 pairs each; they gave
// 77, 78 and 64 %.
func TestColumnEvidence(t *testing.T) {
	const rows, cols = 7, 5
	won, pairs := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		p, truth := renderedGrid(t, "regular", 1.5, rows, cols, seed)
		// Turned a quarter, as the table reads the cuts along the lines.
		sheets, err := prepare(context.Background(), p, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		end := func(i int) *endHalves {
			prof := sheets[i].rowInk()
			return &endHalves{profA: prof, profB: prof, inked: !sheets[i].blank(0)}
		}
		for _, cut := range cutsAlong(truth) {
			i, j := cut.above, cut.below
			if !end(i).inked || !end(j).inked {
				continue
			}
			right := columnEvidence(end(i), end(j), 0)
			for col := range cols {
				o := int(truth.At(puzzle.Cell{Row: cut.row, Col: col}).Piece)
				if o == j || !end(o).inked {
					continue
				}
				pairs++
				if right > columnEvidence(end(i), end(o), 0) {
					won++
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no pairs of inked pieces to compare")
	}
	if won*100 < pairs*65 {
		t.Errorf("the piece below beat its row's others in %d of %d pairs, want at least 65%%", won, pairs)
	}
	blank := &endHalves{profA: []float32{0, 1, 0, 1, 0, 1, 0, 1, 0, 1}, profB: []float32{0, 1, 0, 1, 0, 1, 0, 1, 0, 1}}
	if got := columnEvidence(blank, blank, 0); got != 0 {
		t.Errorf("blank ends: evidence %v, want 0", got)
	}
}
