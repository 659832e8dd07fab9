package polyomino_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

func TestParse(t *testing.T) {
	text := "" +
		"  b   bab\n" + // line 1: tile 0 starts with b; tile 1 is bab over a
		" aa     a\n" +
		"\n" +
		"abba   b\n" + // line 4: the board and tile 2
		"baba\n"
	p, err := polyomino.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if want := mustShape(t, "abba\nbaba"); !p.Board.Equal(want) {
		t.Errorf("board = %q, want %q", p.Board, want)
	}
	want := []string{" b\naa", "bab\n  a", "b"}
	if len(p.Tiles) != len(want) {
		t.Fatalf("%d tiles, want %d", len(p.Tiles), len(want))
	}
	for i, w := range want {
		if !p.Tiles[i].Equal(mustShape(t, w)) {
			t.Errorf("tile %d = %q, want %q", i, p.Tiles[i], w)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		text string
		line int
		msg  string
	}{
		{"tab", "###\n#\t#\n\n#", 2, "tab"},
		{"control", "###\n\n#\x07", 3, "control"},
		{"bad utf-8", "###\n#\xfe", 2, "UTF-8"},
		{"nothing", "\n  \n", 0, "no figures"},
		{"board only", "\n##\n##", 2, "only figure"},
		{"tied", "##\n\n##\n\n#", 3, "both the largest"},
		{"corner touch is two figures", "#\n #\n", 2, "both the largest"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := polyomino.Parse(strings.NewReader(tc.text))
			var se *polyomino.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) error = %v, want a *SyntaxError", tc.text, err)
			}
			if se.Line != tc.line || !strings.Contains(se.Msg, tc.msg) {
				t.Errorf("Parse(%q) = %v, want line %d mentioning %q", tc.text, err, tc.line, tc.msg)
			}
		})
	}
}

func TestFormatErrors(t *testing.T) {
	split := mustShape(t, "# #")
	tests := []struct {
		name string
		p    *polyomino.Puzzle
		msg  string
	}{
		{"split tile", &polyomino.Puzzle{Board: mustShape(t, "###"), Tiles: []polyomino.Shape{split}}, "tile 0 is not connected"},
		{"empty board", &polyomino.Puzzle{Tiles: []polyomino.Shape{split}}, "board is empty"},
		{"space colour", &polyomino.Puzzle{Board: mustShape(t, "##"), Tiles: []polyomino.Shape{
			func() polyomino.Shape {
				s, _ := polyomino.NewShape(polyomino.Square{Colour: ' '})
				return s
			}(),
		}}, "cannot draw"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := polyomino.Format(&bytes.Buffer{}, tc.p)
			if err == nil || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Format error = %v, want one mentioning %q", err, tc.msg)
			}
		})
	}
}

// FuzzParse checks that Parse never panics, that what it accepts has a
// strictly largest board and connected tiles, and that Format writes it
// back so that Parse reads the same puzzle.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"  b   bab\n aa     a\n\nabba   b\nbaba\n",
		"XOXO\nOXOX\nXOXO\nOXOX\n\n XO  X\n OX  O\n",
		"#####\n#####\n\n##\r\n##\r\n",
		"###\n#\t#\n",
		"\xff\xfe",
		"",
		"é\n\nüüü",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := polyomino.Parse(strings.NewReader(text))
		if err != nil {
			var se *polyomino.SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v is not a *SyntaxError", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("parsed puzzle is invalid: %v", err)
		}
		for i, tile := range p.Tiles {
			if tile.Len() >= p.Board.Len() || !tile.Connected() {
				t.Fatalf("tile %d (%q) is as large as the board or not connected", i, tile)
			}
		}
		var buf bytes.Buffer
		if err := polyomino.Format(&buf, p); err != nil {
			t.Fatalf("Format of a parsed puzzle: %v", err)
		}
		q, err := polyomino.Parse(&buf)
		if err != nil {
			t.Fatalf("Parse(Format(p)): %v", err)
		}
		if !q.Board.Equal(p.Board) || len(q.Tiles) != len(p.Tiles) {
			t.Fatalf("round trip changed the puzzle: %q with %d tiles, want %q with %d", q.Board, len(q.Tiles), p.Board, len(p.Tiles))
		}
		for i := range p.Tiles {
			if !q.Tiles[i].Equal(p.Tiles[i]) {
				t.Fatalf("round trip changed tile %d: %q, want %q", i, q.Tiles[i], p.Tiles[i])
			}
		}
	})
}
