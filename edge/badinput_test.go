package edge_test

import (
	"context"
	"errors"
	"github.com/reassemble/jigsaw/internal/badinput"
	"image"
	"math"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// TestBadInput gives the package's constructors and its pricing functions
// every kind of mistake a caller can make: nil and empty puzzles, puzzles
// without pictures or with pictures of the wrong shape, unknown measures and
// exponents, cancelled contexts, scorers that price NaN and puzzles too
// large to price. Each row must get an error that names what is wrong and
// where (the piece, the side, the measure), or, for Cost, its documented
// answer; none may panic, and a table too large must be refused before it
// is allocated.
func TestBadInput(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	ctx := context.Background()
	// pictures is a 2×2 picture puzzle of 4-pixel tiles.
	pictures := func() *puzzle.Puzzle {
		p, _, err := puzzle.Cut(image.NewRGBA(image.Rect(0, 0, 8, 8)), 4)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	with := func(edit func(p *puzzle.Puzzle)) *puzzle.Puzzle {
		p := pictures()
		edit(p)
		return p
	}
	labels := &puzzle.Puzzle{Rows: 1, Cols: 2, Rule: puzzle.Complement, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 0, 0}}, {ID: 1, Edges: [4]puzzle.Label{0, 0, 0, -1}},
	}}
	l, err := edge.NewLabels(labels)
	if err != nil {
		t.Fatal(err)
	}
	// flat returns a 1×n puzzle of pictureless pieces.
	flat := func(n int) *puzzle.Puzzle {
		p := &puzzle.Puzzle{Rows: 1, Cols: n, Pieces: make([]puzzle.Piece, n)}
		for i := range p.Pieces {
			p.Pieces[i].ID = puzzle.PieceID(i)
		}
		return p
	}
	tile := func(w, h int) image.Image { return image.NewRGBA(image.Rect(0, 0, w, h)) }
	pl := func(piece int) puzzle.Placement { return puzzle.Placement{Piece: puzzle.PieceID(piece)} }

	cases := []struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold; empty means the
		// call is documented to succeed and checks its answer itself.
		wantIn []string
		// huge marks a row whose input is too large to price: refusing
		// it must allocate next to nothing.
		huge bool
	}{
		{name: "labels of a nil puzzle", call: func() error { _, err := edge.NewLabels(nil); return err }, wantIn: []string{"no pieces"}},
		{name: "labels under an unknown rule", call: func() error {
			q := *labels
			q.Rule = 5
			_, err := edge.NewLabels(&q)
			return err
		}, wantIn: []string{"match rule", "5"}},
		{name: "label compatibility of a puzzle without pieces", call: func() error { _, err := edge.NewLabelCompatibility(flat(0)); return err },
			wantIn: []string{"no pieces"}},
		{name: "candidates of a nil puzzle", call: func() error { _, err := edge.NewCandidates(nil); return err }, wantIn: []string{"no pieces"}},
		{name: "scorer compatibility of a nil puzzle", call: func() error { _, err := edge.NewScorerCompatibility(nil, l); return err },
			wantIn: []string{"no pieces"}},
		{name: "scorer compatibility without a scorer", call: func() error { _, err := edge.NewScorerCompatibility(labels, nil); return err },
			wantIn: []string{"nil scorer"}},
		{name: "scorer compatibility pricing NaN", call: func() error { _, err := edge.NewScorerCompatibility(labels, nanScorer{}); return err },
			wantIn: []string{"NaN", "side 0 of piece 0", "side 2 of piece 1"}},
		// NewScorerCompatibility's bound: 2048 pieces, 16n² float32 joins.
		{name: "scorer compatibility of too many pieces", call: func() error { _, err := edge.NewScorerCompatibility(flat(2049), l); return err },
			wantIn: []string{"2049 pieces", "2048"}, huge: true},
		{name: "table without a measure", call: func() error { _, err := edge.NewTable(ctx, pictures(), nil, 1); return err },
			wantIn: []string{"nil measure"}},
		{name: "table of a nil puzzle", call: func() error { _, err := edge.NewTable(ctx, nil, edge.MGC(), 1); return err },
			wantIn: []string{"no pieces"}},
		{name: "table of a label puzzle", call: func() error { _, err := edge.NewTable(ctx, labels, edge.MGC(), 1); return err },
			wantIn: []string{"piece 0 has no image"}},
		{name: "table of a piece without a picture", call: func() error {
			_, err := edge.NewTable(ctx, with(func(p *puzzle.Puzzle) { p.Pieces[2].Image = nil }), edge.Euclidean(), 1)
			return err
		}, wantIn: []string{"piece 2 has no image"}},
		{name: "table of a piece that is not square", call: func() error {
			_, err := edge.NewTable(ctx, with(func(p *puzzle.Puzzle) { p.Pieces[1].Image = tile(4, 3) }), edge.MGC(), 1)
			return err
		}, wantIn: []string{"piece 1", "4×3", "square"}},
		{name: "table of pieces of two sizes", call: func() error {
			_, err := edge.NewTable(ctx, with(func(p *puzzle.Puzzle) { p.Pieces[3].Image = tile(6, 6) }), edge.MGC(), 1)
			return err
		}, wantIn: []string{"piece 3 is 6×6", "piece 0 is 4×4"}},
		{name: "table of pieces thinner than the profile", call: func() error {
			p := with(func(p *puzzle.Puzzle) {
				for i := range p.Pieces {
					p.Pieces[i].Image = tile(1, 1)
				}
			})
			_, err := edge.NewTable(ctx, p, edge.MGC(), 1)
			return err
		}, wantIn: []string{"piece 0", "2 pixels deep", "1×1"}},
		{name: "table when the context is cancelled", call: func() error {
			_, err := edge.NewTable(cancelled, pictures(), edge.MGC(), 1)
			if !errors.Is(err, context.Canceled) {
				return errors.New("the error is not context.Canceled")
			}
			return err
		}, wantIn: []string{"canceled"}},
		{name: "sparse table when the context is cancelled", call: func() error {
			_, err := edge.NewSparse(cancelled, pictures(), edge.MGC(), 4, 2)
			return err
		}, wantIn: []string{"canceled"}},
		{name: "table of a NaN exponent", call: func() error { _, err := edge.NewTable(ctx, pictures(), edge.LpQ(math.NaN(), 1), 1); return err },
			wantIn: []string{"lpq", "p = NaN"}},
		{name: "table of an infinite exponent", call: func() error { _, err := edge.NewTable(ctx, pictures(), edge.LpQ(1, math.Inf(1)), 1); return err },
			wantIn: []string{"q = +Inf"}},
		{name: "table of an unknown thesis variant", call: func() error { _, err := edge.NewTable(ctx, pictures(), edge.Thesis(9), 1); return err },
			wantIn: []string{"thesis", "function 9"}},
		{name: "unknown measure name", call: func() error { _, err := edge.NewMeasure("sobel"); return err }, wantIn: []string{`"sobel"`}},
		{name: "log of an unknown measure", call: func() error { _, err := edge.NewMeasure("log(sobel)"); return err }, wantIn: []string{`"sobel"`}},
		{name: "log of no measure", call: func() error { _, err := edge.NewTable(ctx, pictures(), edge.Log(nil), 1); return err }, wantIn: []string{"nil measure"}},
		{name: "measure with a bad exponent", call: func() error { _, err := edge.NewMeasure("lpq(p=x,q=1)"); return err },
			wantIn: []string{"lpq(p=x,q=1)"}},
		{name: "profile of a nil image", call: func() error { _, err := edge.SideProfile(nil, puzzle.Top, 2); return err },
			wantIn: []string{"nil image"}},
		{name: "profile of zero depth", call: func() error { _, err := edge.SideProfile(tile(4, 4), puzzle.Top, 0); return err },
			wantIn: []string{"0 pixels deep", "4×4"}},
		{name: "profile deeper than the image", call: func() error { _, err := edge.SideProfile(tile(4, 3), puzzle.Left, 4); return err },
			wantIn: []string{"4 pixels deep", "4×3"}},
		{name: "profile of side 7", call: func() error { _, err := edge.SideProfile(tile(4, 4), puzzle.Side(7), 2); return err },
			wantIn: []string{"Side(7)"}},
		{name: "table with a nil context", call: func() error {
			//lint:ignore SA1012 a nil context is the mistake under test
			_, err := edge.NewTable(nil, pictures(), edge.MGC(), 1)
			return err
		}, wantIn: []string{"nil context"}},
		{name: "sparse table with a nil context", call: func() error {
			//lint:ignore SA1012 a nil context is the mistake under test
			_, err := edge.NewSparse(nil, pictures(), edge.MGC(), 2, 1)
			return err
		}, wantIn: []string{"nil context"}},
		{name: "profiles one pixel deep", call: func() error { _, err := edge.Profiles(pictures(), 1); return err },
			wantIn: []string{"depth 1", "2"}},
		{name: "thesis labels without a measure", call: func() error { _, err := edge.ThesisLabels(pictures(), nil); return err },
			wantIn: []string{"no measure"}},
		{name: "thesis labels of an invalid puzzle", call: func() error {
			_, err := edge.ThesisLabels(with(func(p *puzzle.Puzzle) { p.Rows = -1 }), edge.Thesis(edge.ThesisRaw))
			return err
		}, wantIn: []string{"-1 rows"}},
		{name: "cost of boards a user got wrong", call: func() error {
			unknown := &puzzle.Board{Rows: 1, Cols: 2, Cells: []puzzle.Placement{pl(0), pl(7)}}
			short := &puzzle.Board{Rows: 3, Cols: 3, Cells: []puzzle.Placement{pl(0)}}
			negative := &puzzle.Board{Rows: -1, Cols: -1, Cells: []puzzle.Placement{pl(0)}}
			switch {
			case edge.Cost(l, nil) != 0:
				return errors.New("a nil board costs other than 0")
			case edge.Cost(l, short) != 0 || edge.Cost(l, negative) != 0:
				return errors.New("a malformed board costs other than 0")
			case edge.Cost(l, unknown) != 0:
				// Piece 0 alone: flat on top, bottom and left, and its
				// right side faces what counts as a hole.
				return errors.New("an unknown piece is priced")
			case !math.IsNaN(edge.Cost(nil, unknown)):
				return errors.New("a nil scorer prices a board")
			}
			return nil
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}

// nanScorer prices every join as NaN, as a broken user scorer might.
type nanScorer struct{}

func (nanScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return math.NaN() }
