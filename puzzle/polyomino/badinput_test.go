package polyomino_test

import (
	"errors"
	"github.com/reassemble/jigsaw/internal/badinput"
	"io"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

// TestBadInput gives the package's exported API every kind of mistake a
// caller or a file can make: texts with no board, no tiles or two boards,
// control characters, shapes with a cell twice, empty tiles, placements of
// unknown tiles or transforms that leave the board, overlap or clash in
// colour, and boards whose few squares span a huge bounding box. Each row
// must get an error that names what is wrong and where (the line, the
// tile, the cell); none may panic, and a huge box must be refused before a
// grid of its size is allocated.
func TestBadInput(t *testing.T) {
	parse := func(text string) func() error {
		return func() error { _, err := polyomino.Parse(strings.NewReader(text)); return err }
	}
	shape := func(text string) polyomino.Shape {
		s, err := polyomino.ParseShape(text)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	sq := func(r, c int) polyomino.Square {
		return polyomino.Square{Cell: polyomino.Cell{Row: r, Col: c}, Colour: '#'}
	}
	// p is a 1×3 board and two tiles: a domino and a monomino.
	p := &polyomino.Puzzle{Board: shape("###"), Tiles: []polyomino.Shape{shape("##"), shape("#")}}
	// far is a board of two squares 2^20 rows and columns apart: a few
	// bytes that span a box of 2^40 cells.
	far, err := polyomino.NewShape(sq(0, 0), sq(1<<20, 1<<20))
	if err != nil {
		t.Fatal(err)
	}
	farPuzzle := &polyomino.Puzzle{Board: far, Tiles: []polyomino.Shape{shape("#")}}
	at := func(tile int, tr polyomino.Transform, r, c int) polyomino.Placement {
		return polyomino.Placement{Tile: tile, Transform: tr, At: polyomino.Cell{Row: r, Col: c}}
	}

	cases := []struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold.
		wantIn []string
		// huge marks a row whose input spans a huge box: refusing it must
		// allocate next to nothing, or at most textCost when the box
		// comes from a parsed text.
		huge     bool
		textCost uint64
	}{
		{name: "empty text", call: parse(""), wantIn: []string{"no figures"}},
		{name: "board alone", call: parse("\n\n###\n"), wantIn: []string{"line 3", "no tiles"}},
		{name: "two boards", call: parse("##  ##\n\n#\n"), wantIn: []string{"line 1", "both the largest"}},
		{name: "tab in the text", call: parse("###\n#\t#\n"), wantIn: []string{"line 2", "column 2"}},
		{name: "invalid UTF-8", call: parse("###\n\xff\n"), wantIn: []string{"line 2", "UTF-8"}},
		{name: "text too long", call: parse(strings.Repeat("#", 1<<20+1)), wantIn: []string{"exceeds"}},
		{name: "thin board spanning a huge box", call: parse(strings.Repeat("#", 5000) + "\n" + strings.Repeat("#\n", 4000) + "\n  X\n"),
			// 14 KB of text whose box of 4001×5000 cells exceeds 2^24;
			// the allowance is the parser's own, about 200 bytes a
			// square for the 9,000 squares, not the box's.
			wantIn: []string{"line 1", "4001×5000", "bounding box"}, huge: true, textCost: 4 << 20},
		{name: "unreadable text", call: func() error {
			_, err := polyomino.Parse(io.MultiReader(strings.NewReader("###\n"), errReader{}))
			return err
		}, wantIn: []string{"reading the puzzle", "disk on fire"}},
		{name: "unknown mode", call: func() error { _, err := polyomino.ParseMode("flip"); return err }, wantIn: []string{`"flip"`}},
		{name: "shape with a cell twice", call: func() error { _, err := polyomino.NewShape(sq(1, 2), sq(0, 0), sq(1, 2)); return err },
			wantIn: []string{"cell (1,2) given twice"}},
		{name: "empty board", call: (&polyomino.Puzzle{Tiles: p.Tiles}).Validate, wantIn: []string{"board is empty"}},
		{name: "no tiles", call: (&polyomino.Puzzle{Board: p.Board}).Validate, wantIn: []string{"no tiles"}},
		{name: "empty tile", call: (&polyomino.Puzzle{Board: p.Board, Tiles: []polyomino.Shape{shape("#"), {}}}).Validate,
			wantIn: []string{"tile 1 is empty"}},
		{name: "board spanning a huge box", call: farPuzzle.Validate, wantIn: []string{"1048577×1048577", "bounding box"}, huge: true},
		{name: "grid of a board spanning a huge box", call: func() error { _, err := farPuzzle.Grid(nil); return err },
			wantIn: []string{"bounding box"}, huge: true},
		{name: "fold of a board spanning a huge box", call: func() error {
			_, err := polyomino.NewFold(farPuzzle).Add(polyomino.Solution{at(0, polyomino.Identity, 0, 0)})
			return err
		}, wantIn: []string{"bounding box"}, huge: true},
		{name: "placement of an unknown tile", call: func() error { _, err := p.Squares(at(2, polyomino.Identity, 0, 0)); return err },
			wantIn: []string{"tile 2", "0 to 1"}},
		{name: "placement of a negative tile", call: func() error { return p.Check(polyomino.Solution{at(-1, polyomino.Identity, 0, 0)}) },
			wantIn: []string{"tile -1"}},
		{name: "placement with an invalid transform", call: func() error { _, err := p.Grid(polyomino.Solution{at(0, 8, 0, 0)}); return err },
			wantIn: []string{"tile 0", "invalid"}},
		{name: "placement off the board", call: func() error { _, err := p.Grid(polyomino.Solution{at(0, polyomino.Identity, 0, 2)}); return err },
			wantIn: []string{"tile 0 covers (0,3), off the board"}},
		{name: "placement at a huge offset", call: func() error {
			_, err := p.Render(polyomino.Solution{at(1, polyomino.Identity, 1<<62, -1<<62)})
			return err
		}, wantIn: []string{"tile 1", "off the board"}},
		{name: "placements that overlap", call: func() error {
			return p.Check(polyomino.Solution{at(0, polyomino.Identity, 0, 0), at(1, polyomino.Identity, 0, 1)})
		}, wantIn: []string{"tiles 0 and 1 overlap at (0,1)"}},
		{name: "tile placed twice", call: func() error {
			_, err := polyomino.NewFold(p).Key(polyomino.Solution{at(1, polyomino.Identity, 0, 0), at(1, polyomino.Identity, 0, 2)})
			return err
		}, wantIn: []string{"tile 1 is placed twice"}},
		{name: "tile on a square of another colour", call: func() error {
			q := &polyomino.Puzzle{Board: shape("#O#"), Tiles: p.Tiles}
			return q.Check(polyomino.Solution{at(0, polyomino.Identity, 0, 0)})
		}, wantIn: []string{"tile 0", "(0,1)", "'O'"}},
		{name: "board left uncovered", call: func() error { return p.Check(polyomino.Solution{at(0, polyomino.Identity, 0, 0)}) },
			wantIn: []string{"(0,2)"}},
		{name: "format of a disconnected tile", call: func() error {
			two, err := polyomino.NewShape(sq(0, 0), sq(0, 2))
			if err != nil {
				return err
			}
			return polyomino.Format(io.Discard, &polyomino.Puzzle{Board: p.Board, Tiles: []polyomino.Shape{two}})
		}, wantIn: []string{"tile 0", "not connected"}},
		{name: "format of a space colour", call: func() error {
			blank := polyomino.Square{Colour: ' '}
			s, err := polyomino.NewShape(blank)
			if err != nil {
				return err
			}
			return polyomino.Format(io.Discard, &polyomino.Puzzle{Board: p.Board, Tiles: []polyomino.Shape{s}})
		}, wantIn: []string{"tile 0", "colour ' '"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}

// errRead is what errReader fails with.
var errRead = errors.New("disk on fire")

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errRead }
