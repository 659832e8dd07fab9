package eternity_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
)

// seedFigure14 is the seed's 3×3 EternityEditor board (its Figure 14), a
// perfect solution: 12/12 inner joins and 12 grey rim sides, 24/24 in the
// seed's score.
const seedFigure14 = `0 1 3 0   0 3 1 1   0 0 4 3
3 2 1 0   1 1 4 2   4 0 3 1
1 4 0 0   4 2 0 4   3 0 0 2
`

func TestSharedSolutions(t *testing.T) {
	for _, name := range []string{"em_6x6_b3_i5_s1", "em_7x7_b3_i6_s1", "em_8x8_b3_i8_s1"} {
		t.Run(name, func(t *testing.T) {
			inst := formatLoad(t, "generated/"+name+".json")
			p := inst.Puzzle
			b, err := eternity.LoadBoardFile(formatData+"generated/"+name+".solution.txt", p, eternity.AutoBoard)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Validate(p); err != nil {
				t.Fatal(err)
			}
			if got, want := eternity.Score(p, b), eternity.MaxScore(p.Rows, p.Cols); got != want {
				t.Errorf("planted solution scores %d, want %d", got, want)
			}
			if got, want := eternity.Score544(p, b), eternity.MaxScore544(p.Rows, p.Cols); got != want {
				t.Errorf("planted solution scores %d in the seed's score, want %d", got, want)
			}
		})
	}
}

func TestBoardRoundTrip(t *testing.T) {
	p, b := formatPuzzle(t, 4, 5, 5)
	holed := b.Clone()
	holed.Cells[3] = puzzle.Empty
	tests := []struct {
		name   string
		b      *puzzle.Board
		format eternity.BoardFormat
		opts   []eternity.Option
	}{
		{"pairs", b, eternity.Pairs, nil},
		{"grid", b, eternity.Grid, nil},
		{"grid from 0", b, eternity.Grid, []eternity.Option{eternity.WithPieceBase(0)}},
		{"pairs with a hole", holed, eternity.Pairs, nil},
		{"grid with a hole", holed, eternity.Grid, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := eternity.WriteBoard(&buf, tc.b, tc.format, tc.opts...); err != nil {
				t.Fatal(err)
			}
			got, err := eternity.ReadBoard(bytes.NewReader(buf.Bytes()), p, eternity.AutoBoard, tc.opts...)
			if err != nil {
				t.Fatalf("%v\n%s", err, buf.String())
			}
			if !got.Equal(tc.b) {
				t.Errorf("board changed in the round trip:\n%s", buf.String())
			}
		})
	}
}

func TestReadBoardErrors(t *testing.T) {
	p, _ := formatPuzzle(t, 2, 2, 1)
	tests := []struct {
		name   string
		in     string
		format eternity.BoardFormat
		line   int
		want   string
	}{
		{"pairs odd", "0 0\n1\n", eternity.Pairs, 2, "1 tokens"},
		{"pairs rotation", "0 0\n1 4\n2 0\n3 0\n", eternity.Pairs, 2, `rotation "4"`},
		{"pairs too few", "0 0\n1 0\n", eternity.Pairs, 2, "2 cells for a 2×2 board"},
		{"pairs twice", "0 0\n1 0\n1 0\n3 0\n", eternity.Pairs, 3, "placed twice"},
		{"pairs unknown piece", "0 0\n1 0\n2 0\n4 0\n", eternity.Pairs, 4, "holds piece 4"},
		{"grid ragged", "1/0 2/0\n3/0\n", eternity.Grid, 2, "row 2 has 1 cells"},
		{"grid piece 0", "0/0 2/0\n3/0 4/0\n", eternity.Grid, 1, `piece "0"`},
		{"grid no rotation", "1 2/0\n3/0 4/0\n", eternity.Grid, 1, "no rotation"},
		{"grid wrong size", "1/0 2/0 3/0\n", eternity.Grid, 1, "board is 1×3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := eternity.ReadBoard(strings.NewReader(tc.in), p, tc.format)
			var se *eternity.SyntaxError
			if err == nil || !strings.Contains(err.Error(), tc.want) || !errors.As(err, &se) || se.Line != tc.line {
				t.Errorf("ReadBoard: %v; want a syntax error at line %d about %q", err, tc.line, tc.want)
			}
		})
	}
}

func TestColourBoard(t *testing.T) {
	p, b, err := eternity.ReadColourBoard(strings.NewReader(seedFigure14))
	if err != nil {
		t.Fatal(err)
	}
	// The seed's figure is perfect: 12 inner joins, 24 in its score.
	if got := eternity.Score(p, b); got != 12 {
		t.Errorf("Score = %d, want 12", got)
	}
	if got := eternity.Score544(p, b); got != 24 {
		t.Errorf("Score544 = %d, want 24", got)
	}
	var buf bytes.Buffer
	if err := eternity.WriteColourBoard(&buf, p, b); err != nil {
		t.Fatal(err)
	}
	if buf.String() != seedFigure14 {
		t.Errorf("WriteColourBoard wrote\n%s\nwant\n%s", buf.String(), seedFigure14)
	}
}

func FuzzReadBoard(f *testing.F) {
	for _, s := range []string{"0 0\n1 1\n2 2\n3 3\n", "1/0 2/1\n3/2 4/3\n", "---/- 2/1\n. 4/3\n", "- -\n0 1\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		b, err := eternity.ReadBoard(strings.NewReader(in), nil, eternity.AutoBoard)
		if err != nil {
			checkFuzzError(t, in, err)
			return
		}
		if len(b.Cells) != b.Rows*b.Cols {
			t.Fatalf("%d cells on a %d×%d board", len(b.Cells), b.Rows, b.Cols)
		}
		for _, f := range []eternity.BoardFormat{eternity.Pairs, eternity.Grid} {
			var buf bytes.Buffer
			if err := eternity.WriteBoard(&buf, b, f); err != nil {
				t.Fatalf("WriteBoard %v refuses what ReadBoard read: %v", f, err)
			}
			again, err := eternity.ReadBoard(&buf, nil, f, eternity.WithSize(b.Rows, b.Cols))
			if err != nil {
				t.Fatalf("ReadBoard %v refuses what WriteBoard wrote: %v", f, err)
			}
			if !again.Equal(b) {
				t.Fatalf("round trip through %v changed the board", f)
			}
		}
	})
}

func FuzzReadColourBoard(f *testing.F) {
	f.Add(seedFigure14)
	f.Add("0 0 0 0\n")
	f.Fuzz(func(t *testing.T, in string) {
		p, b, err := eternity.ReadColourBoard(strings.NewReader(in))
		if err != nil {
			checkFuzzError(t, in, err)
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("invalid puzzle: %v", err)
		}
		if err := b.Validate(p); err != nil {
			t.Fatalf("invalid board: %v", err)
		}
		var buf bytes.Buffer
		if err := eternity.WriteColourBoard(&buf, p, b); err != nil {
			t.Fatal(err)
		}
		q, c, err := eternity.ReadColourBoard(&buf)
		if err != nil || len(q.Pieces) != len(p.Pieces) || !c.Equal(b) {
			t.Fatalf("round trip: %v", err)
		}
		for i := range p.Pieces {
			if q.Pieces[i].Edges != p.Pieces[i].Edges {
				t.Fatalf("piece %d changed: %v to %v", i, p.Pieces[i].Edges, q.Pieces[i].Edges)
			}
		}
	})
}
