package document

import (
	"context"
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
	for k, pl := range truth.Cells {
		c := truth.CellAt(k)
		below := c.Neighbour(puzzle.Bottom)
		if !truth.In(below) {
			continue
		}
		i, j := int(pl.Piece), int(truth.At(below).Piece)
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
