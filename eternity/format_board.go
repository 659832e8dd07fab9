package eternity

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/reassemble/jigsaw/puzzle"
)

// BoardFormat names a board-file format.
type BoardFormat uint8

const (
	// AutoBoard detects the format: a token holding '/' means Grid,
	// anything else Pairs.
	AutoBoard BoardFormat = iota
	// Pairs is "PIECE ROTATION" per cell, row-major from the top-left,
	// pieces from 0, as the generated instances' solution files give
	// them; "- -" is an empty cell. The file carries no size.
	Pairs
	// Grid is one line per board row of "PIECE/ROTATION" tokens, pieces
	// from 1 and rotations clockwise, as in Verhaard's result files and
	// the seed's Figure 25; a token of dashes ("---/-") or "." is an
	// empty cell.
	Grid
	// Colours is the seed's EternityEditor board (its Figure 14): one
	// line per board row, each cell as its four colours top, right,
	// bottom, left as it lies on the board. It holds the pieces as well as
	// their places: see ReadColourBoard.
	Colours
)

// String returns the format's lower-case name, which error messages use to
// say how a file was read.
func (f BoardFormat) String() string {
	switch f {
	case AutoBoard:
		return "auto board"
	case Pairs:
		return "pairs board"
	case Grid:
		return "grid board"
	case Colours:
		return "colour board"
	}
	return fmt.Sprintf("BoardFormat(%d)", uint8(f))
}

// LoadBoardFile reads a board file (see ReadBoard).
func LoadBoardFile(path string, p *puzzle.Puzzle, f BoardFormat, opts ...Option) (*puzzle.Board, error) {
	file, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("eternity: %w", err)
	}
	defer file.Close()
	b, err := ReadBoard(file, p, f, opts...)
	if err != nil {
		return nil, fmt.Errorf("%w (file %s)", err, path)
	}
	return b, nil
}

// ReadBoard reads a board in format f (Pairs or Grid; AutoBoard detects
// which). When p is not nil the board must have p's size and name only p's
// pieces; for Pairs, p (or else WithSize, or else a square) gives the size.
// No piece may be placed twice. The board is not checked against p's fixed
// pieces: a board from another tool may ignore them, and Board.Validate
// says so. Errors about the text are *SyntaxError values naming the line.
func ReadBoard(r io.Reader, p *puzzle.Puzzle, f BoardFormat, opts ...Option) (*puzzle.Board, error) {
	c := newConfig(opts)
	if c.err != nil {
		return nil, c.err
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("eternity: reading: %w", err)
	}
	if len(data) > maxInput {
		return nil, fmt.Errorf("eternity: input is larger than %d bytes", maxInput)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if f == AutoBoard {
		f = Pairs
		if bytes.Contains(data, []byte("/")) {
			f = Grid
		}
	}
	t := newTextReader(data, f.String())
	var cells []puzzle.Placement
	var lines []int
	rows, cols := 0, 0
	base := int64(c.pieceBase(0))
	if f == Grid {
		base = int64(c.pieceBase(1))
	}
	switch f {
	case Pairs:
		for {
			tok, ok, err := t.next(strings.Fields)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			if len(tok)%2 != 0 {
				return nil, t.fail("%d tokens: a pairs board has PIECE ROTATION pairs", len(tok))
			}
			for i := 0; i < len(tok); i += 2 {
				if len(cells) >= maxCells {
					return nil, t.fail("more than %d cells", maxCells)
				}
				pl, err := t.placement(tok[i], tok[i+1], base)
				if err != nil {
					return nil, err
				}
				cells = append(cells, pl)
				lines = append(lines, t.line)
			}
		}
		if p != nil {
			rows, cols = p.Rows, p.Cols
		} else {
			var msg string
			if rows, cols, msg = boardSize(&c, len(cells)); msg != "" {
				return nil, t.fail("%s", msg)
			}
		}
		if len(cells) != rows*cols {
			return nil, t.fail("%d cells for a %d×%d board", len(cells), rows, cols)
		}
	case Grid:
		for {
			tok, ok, err := t.next(strings.Fields)
			if err != nil {
				return nil, err
			}
			if !ok {
				break
			}
			if cols == 0 {
				cols = len(tok)
			} else if len(tok) != cols {
				return nil, t.fail("row %d has %d cells, row 1 has %d", rows+1, len(tok), cols)
			}
			if len(cells)+len(tok) > maxCells {
				return nil, t.fail("more than %d cells", maxCells)
			}
			for _, s := range tok {
				ps, rs, _ := strings.Cut(s, "/")
				pl, err := t.placement(ps, rs, base)
				if err != nil {
					return nil, err
				}
				cells = append(cells, pl)
				lines = append(lines, t.line)
			}
			rows++
		}
		if rows == 0 {
			return nil, t.fail("no rows")
		}
		if p != nil && (rows != p.Rows || cols != p.Cols) {
			return nil, t.fail("board is %d×%d, the puzzle %d×%d", rows, cols, p.Rows, p.Cols)
		}
	default:
		return nil, fmt.Errorf("eternity: ReadBoard reads pairs and grid boards, not %v", f)
	}
	b := &puzzle.Board{Rows: rows, Cols: cols, Cells: cells}
	seen := make(map[puzzle.PieceID]int, len(cells))
	for i, pl := range cells {
		if pl.IsEmpty() {
			continue
		}
		if p != nil && int(pl.Piece) >= len(p.Pieces) {
			return nil, t.errorf(lines[i], "cell %v holds piece %d; the puzzle has %d pieces", b.CellAt(i), int64(pl.Piece)+base, len(p.Pieces))
		}
		if j, dup := seen[pl.Piece]; dup {
			return nil, t.errorf(lines[i], "piece %d is placed twice, at %v and %v", int64(pl.Piece)+base, b.CellAt(j), b.CellAt(i))
		}
		seen[pl.Piece] = i
	}
	return b, nil
}

// placement parses one cell: a piece number from base and a rotation, or an
// empty cell written as dashes or '.'.
func (t *textReader) placement(ps, rs string, base int64) (puzzle.Placement, error) {
	if isEmptyToken(ps) {
		if rs != "" && !isEmptyToken(rs) {
			return puzzle.Empty, t.fail("empty cell %q has rotation %q", ps, rs)
		}
		return puzzle.Empty, nil
	}
	if rs == "" {
		return puzzle.Empty, t.fail("cell %q has no rotation: write PIECE/ROTATION", ps)
	}
	v, err := strconv.ParseInt(ps, 10, 64)
	if err != nil || v < base || v-base >= maxCells {
		return puzzle.Empty, t.fail("piece %q: want a whole number from %d to %d", ps, base, maxCells-1+base)
	}
	r, err := strconv.ParseUint(rs, 10, 8)
	if err != nil || r > 3 {
		return puzzle.Empty, t.fail("rotation %q: want 0 to 3 clockwise quarter turns", rs)
	}
	return puzzle.Placement{Piece: puzzle.PieceID(v - base), Rotation: puzzle.Rotation(r)}, nil
}

func isEmptyToken(s string) bool {
	if s == "." {
		return true
	}
	return s != "" && strings.Trim(s, "-") == ""
}

// WriteBoard writes b in format f (Pairs or Grid; AutoBoard means Grid).
// Pieces are numbered from the format's base unless WithPieceBase says
// otherwise.
func WriteBoard(w io.Writer, b *puzzle.Board, f BoardFormat, opts ...Option) error {
	c := newConfig(opts)
	if c.err != nil {
		return c.err
	}
	if b == nil || b.Rows < 1 || b.Cols < 1 || len(b.Cells) != b.Rows*b.Cols {
		return errors.New("eternity: board is nil or its cells do not fill its size")
	}
	for i, pl := range b.Cells {
		if (pl.IsEmpty() && pl != puzzle.Empty) || (!pl.IsEmpty() && (pl.Piece < 0 || !pl.Rotation.Valid())) {
			return fmt.Errorf("eternity: cell %v holds %v, which is neither a piece nor a hole", b.CellAt(i), pl)
		}
	}
	bw := bufio.NewWriter(w)
	switch f {
	case Pairs:
		base := int64(c.pieceBase(0))
		for _, pl := range b.Cells {
			if pl.IsEmpty() {
				bw.WriteString("- -\n")
				continue
			}
			fmt.Fprintf(bw, "%d %d\n", int64(pl.Piece)+base, pl.Rotation)
		}
	case AutoBoard, Grid:
		base := int64(c.pieceBase(1))
		tok := make([]string, len(b.Cells))
		width := 0
		for i, pl := range b.Cells {
			if pl.IsEmpty() {
				tok[i] = "---/-"
			} else {
				tok[i] = fmt.Sprintf("%d/%d", int64(pl.Piece)+base, pl.Rotation)
			}
			width = max(width, len(tok[i]))
		}
		for r := range b.Rows {
			for col := range b.Cols {
				if col > 0 {
					bw.WriteByte(' ')
				}
				fmt.Fprintf(bw, "%*s", width, tok[r*b.Cols+col])
			}
			bw.WriteByte('\n')
		}
	default:
		return fmt.Errorf("eternity: WriteBoard writes pairs and grid boards, not %v", f)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("eternity: writing: %w", err)
	}
	return nil
}

// ReadColourBoard reads a Colours board, the seed's EternityEditor output:
// one line per board row, each cell as four colours top, right, bottom,
// left as it lies on the board. It returns the puzzle whose piece i is cell
// i's piece unturned (row-major, rotatable, no hints) and the board that
// places piece i in cell i at rotation 0.
func ReadColourBoard(r io.Reader) (*puzzle.Puzzle, *puzzle.Board, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, nil, fmt.Errorf("eternity: reading: %w", err)
	}
	if len(data) > maxInput {
		return nil, nil, fmt.Errorf("eternity: input is larger than %d bytes", maxInput)
	}
	t := newTextReader(bytes.TrimPrefix(data, []byte("\ufeff")), Colours.String())
	var pieces []puzzle.Piece
	rows, cols := 0, 0
	for {
		tok, ok, err := t.next(strings.Fields)
		if err != nil {
			return nil, nil, err
		}
		if !ok {
			break
		}
		if len(tok)%4 != 0 {
			return nil, nil, t.fail("%d colours: a colour board has four per cell", len(tok))
		}
		if cols == 0 {
			cols = len(tok) / 4
		} else if len(tok)/4 != cols {
			return nil, nil, t.fail("row %d has %d cells, row 1 has %d", rows+1, len(tok)/4, cols)
		}
		if len(pieces)+cols > maxCells {
			return nil, nil, t.fail("more than %d cells", maxCells)
		}
		for i := 0; i < len(tok); i += 4 {
			pc := puzzle.Piece{ID: puzzle.PieceID(len(pieces))}
			for k := range 4 {
				v, err := t.parseInt(tok[i+k], "colour", 0, maxColour)
				if err != nil {
					return nil, nil, err
				}
				pc.Edges[k] = puzzle.Label(v)
			}
			pieces = append(pieces, pc)
		}
		rows++
	}
	if rows == 0 {
		return nil, nil, t.fail("no rows")
	}
	p := &puzzle.Puzzle{Rows: rows, Cols: cols, Pieces: pieces, Rule: puzzle.Equal, Rotatable: true}
	b := puzzle.NewBoard(rows, cols)
	for i := range b.Cells {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	return p, b, nil
}

// WriteColourBoard writes board b of puzzle p as a Colours board: each cell
// as the four colours its piece shows there, top, right, bottom, left; an
// empty cell as four dashes.
func WriteColourBoard(w io.Writer, p *puzzle.Puzzle, b *puzzle.Board) error {
	if p == nil || b == nil || b.Rows < 1 || b.Cols < 1 || len(b.Cells) != b.Rows*b.Cols {
		return errors.New("eternity: nil puzzle, or a board whose cells do not fill its size")
	}
	bw := bufio.NewWriter(w)
	for r := range b.Rows {
		for col := range b.Cols {
			if col > 0 {
				bw.WriteString("   ")
			}
			pl := b.Cells[r*b.Cols+col]
			if pl.Piece < 0 || int(pl.Piece) >= len(p.Pieces) || !pl.Rotation.Valid() {
				return fmt.Errorf("eternity: cell (%d,%d) holds %v: a colour board needs a known piece in every cell", r, col, pl)
			}
			e := p.Pieces[pl.Piece].Turned(pl.Rotation)
			fmt.Fprintf(bw, "%d %d %d %d", e[puzzle.Top], e[puzzle.Right], e[puzzle.Bottom], e[puzzle.Left])
		}
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("eternity: writing: %w", err)
	}
	return nil
}
