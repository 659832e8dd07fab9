package polyomino

// The text format of tiling puzzles.
//
// The puzzle is drawn in plain text: every non-space character is a square,
// and every region of squares connected through shared sides (up, down,
// left, right) is one figure. The largest figure is the board, the others
// are the tiles, numbered in the order their first square appears reading
// the text line by line, left to right. A character is a colour: a tile
// square may only cover a board square drawn with the same character.
//
//	 ###   X
//	 # #   XO    OXO
//	 ###   X
//
//	OXOXOXOXO
//	XOXOXOXOX
//
// holds three tiles (a ring of '#' squares, an X-O-X T and an O-X-O bar) and
// an 18-square board coloured like a checkerboard.
//
// Columns count characters (UTF-8 runes), so tabs are rejected: their width
// is a matter of convention. A line may end in "\r\n".

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// maxInput bounds the text Parse reads, so that a wrong file (an image, a
// log) is refused rather than read whole. The largest known puzzle files are
// a few kilobytes.
const maxInput = 1 << 20

// SyntaxError reports a puzzle text that cannot be read. Line is the 1-based
// line at fault, 0 when the fault is the text as a whole (no figures at all).
type SyntaxError struct {
	// Line is the 1-based line at fault, so that an editor can jump to
	// it, or 0 for the text as a whole.
	Line int
	// Msg says what is wrong, without the line number.
	Msg string
}

// Error returns "polyomino: line N: what", naming the line before the
// fault as compilers do, or "polyomino: what" when no single line is at
// fault, rather than point at a line 0 that no editor shows.
func (e *SyntaxError) Error() string {
	if e.Line == 0 {
		return "polyomino: " + e.Msg
	}
	return fmt.Sprintf("polyomino: line %d: %s", e.Line, e.Msg)
}

// figure is a connected region found while parsing, with the line of its
// first square for error messages.
type figure struct {
	line int
	sq   []Square
}

// Parse reads a puzzle in the text format described in the package
// documentation. Errors are *SyntaxError values naming the line: a tab, a
// control character or invalid UTF-8; no figure, or only one; two figures
// tied for largest, so that the board is ambiguous; a board whose bounding
// box holds more than 2^24 cells.
func Parse(r io.Reader) (*Puzzle, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("polyomino: reading the puzzle: %w", err)
	}
	if len(data) > maxInput {
		return nil, &SyntaxError{0, fmt.Sprintf("the text exceeds %d bytes; a puzzle is drawn in a few kilobytes", maxInput)}
	}
	rows, err := splitRows(data)
	if err != nil {
		return nil, err
	}
	figs := findFigures(rows)
	switch len(figs) {
	case 0:
		return nil, &SyntaxError{0, "the text draws no figures: expect a board and tiles"}
	case 1:
		return nil, &SyntaxError{figs[0].line, "the board is the only figure: there are no tiles"}
	}
	board := 0
	for i, f := range figs {
		if len(f.sq) > len(figs[board].sq) {
			board = i
		}
	}
	for i, f := range figs {
		if i != board && len(f.sq) == len(figs[board].sq) {
			a, b := figs[board].line, f.line
			return nil, &SyntaxError{b, fmt.Sprintf("the figures starting on lines %d and %d are both the largest (%d squares): the board must be the one largest figure", a, b, len(f.sq))}
		}
	}
	p := &Puzzle{Board: normalise(figs[board].sq)}
	if err := p.checkBox(); err != nil {
		// A thin figure can span a bounding box far larger than the text.
		return nil, &SyntaxError{figs[board].line, strings.TrimPrefix(err.Error(), "polyomino: ")}
	}
	for i, f := range figs {
		if i != board {
			p.Tiles = append(p.Tiles, normalise(f.sq))
		}
	}
	return p, nil
}

// splitRows decodes the lines of data into runes, rejecting what the format
// cannot hold.
func splitRows(data []byte) ([][]rune, error) {
	var rows [][]rune
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSuffix(line, []byte("\r"))
		if !utf8.Valid(line) {
			return nil, &SyntaxError{i + 1, "invalid UTF-8"}
		}
		row := make([]rune, 0, utf8.RuneCount(line))
		for _, ch := range string(line) {
			if err := checkChar(ch); err != nil {
				return nil, &SyntaxError{i + 1, fmt.Sprintf("column %d: %v", len(row)+1, err)}
			}
			row = append(row, ch)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// findFigures flood-fills the 4-connected regions of non-space characters,
// in reading order of their first squares. Each figure's squares come out
// sorted row-major. Rows may differ in length; the fill never builds a
// rectangle around them, so its memory stays that of the text.
func findFigures(rows [][]rune) []figure {
	seen := make([][]bool, len(rows))
	for r := range rows {
		seen[r] = make([]bool, len(rows[r]))
	}
	filled := func(c Cell) bool {
		return c.Row >= 0 && c.Row < len(rows) && c.Col >= 0 && c.Col < len(rows[c.Row]) && rows[c.Row][c.Col] != ' '
	}
	var figs []figure
	var stack []Cell
	for r, row := range rows {
		for c := range row {
			if row[c] == ' ' || seen[r][c] {
				continue
			}
			f := figure{line: r + 1}
			seen[r][c] = true
			stack = append(stack[:0], Cell{r, c})
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				f.sq = append(f.sq, Square{q, rows[q.Row][q.Col]})
				for _, d := range neighbours {
					n := q.Add(d)
					if filled(n) && !seen[n.Row][n.Col] {
						seen[n.Row][n.Col] = true
						stack = append(stack, n)
					}
				}
			}
			slices.SortFunc(f.sq, cmpSquare)
			figs = append(figs, f)
		}
	}
	return figs
}

// Format writes p in the text format: the board first, then each tile in
// order, separated by blank lines, so that Parse reads back the same puzzle
// when the board is the strictly largest figure. It fails, naming the
// figure, if a figure is not connected or a colour is a space or a character
// the format rejects, since the text could not say what was meant.
func Format(w io.Writer, p *Puzzle) error {
	figs := append([]Shape{p.Board}, p.Tiles...)
	for i, s := range figs {
		what := "the board"
		if i > 0 {
			what = fmt.Sprintf("tile %d", i-1)
		}
		if s.Len() == 0 {
			return fmt.Errorf("polyomino: %s is empty", what)
		}
		if !s.Connected() {
			return fmt.Errorf("polyomino: %s is not connected: the text format would read it as several figures", what)
		}
		for _, q := range s.sq {
			if q.Colour == ' ' || !utf8.ValidRune(q.Colour) || checkChar(q.Colour) != nil {
				return fmt.Errorf("polyomino: %s has colour %q at %v, which the text format cannot draw", what, q.Colour, q.Cell)
			}
		}
	}
	bw := bufio.NewWriter(w)
	for i, s := range figs {
		if i > 0 {
			bw.WriteString("\n")
		}
		bw.WriteString(s.String())
		bw.WriteString("\n")
	}
	return bw.Flush()
}
