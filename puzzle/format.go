package puzzle

// Plain-text file formats for puzzles and boards.
//
// Both formats are line-oriented UTF-8 text. A '#' starts a comment that runs
// to the end of its line, blank lines are ignored, keywords are lower case
// and tokens are separated by spaces or tabs. A line may hold at most 1 MiB.
// Pieces and cells are numbered from 0, rotations are clockwise quarter
// turns 0 to 3, exactly as in the rest of the package, so a file can be read
// against the Puzzle and Board documentation without conversion.
//
// A puzzle file:
//
//	# a 2×2 shape puzzle
//	size 2x2            # ROWSxCOLS: required, and the first directive
//	rule complement     # equal or complement; default equal
//	rotate yes          # may pieces turn? yes, half (0 or 180° only) or no; default no
//	extra no            # more pieces than cells allowed? yes or no; default no
//	piece 0 1 -2 0      # Top Right Bottom Left labels: piece 0
//	piece 0 0 3 -1      # piece 1, and so on in file order
//	piece 2 -4 0 0
//	piece -3 0 0 4
//	fixed 0 0 0 0       # ROW COL PIECE ROTATION: piece 0 pinned to (0,0)
//
// A board file:
//
//	# a 2×3 board with a hole
//	board 2x3           # ROWSxCOLS, before the rows
//	0/1 5/0 .           # one line per row: PIECE/ROT, PIECE (rotation 0) or . (a hole)
//	2   3/3 4/2

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// maxLineLen bounds the length of one line of a file, in bytes without the
// line ending. It keeps a corrupt or hostile file from growing the line
// buffer without limit; real lines are a few dozen bytes, board rows a few
// bytes per cell.
const maxLineLen = 1 << 20

// SyntaxError reports a puzzle or board file that cannot be read: a
// malformed line, or a well-formed file that describes an invalid puzzle or
// board. Line is the 1-based line at fault; for a problem found only at the
// end of the input (a missing directive, too few rows) it is the last line.
type SyntaxError struct {
	// Line is the 1-based line at fault, so that an editor can jump to it.
	Line int
	// Msg says what is wrong with the line, without the line number.
	Msg string
}

// Error returns "puzzle: line N: what", naming the line before the fault
// as compilers do, so that the message reads as a place in the file.
func (e *SyntaxError) Error() string { return fmt.Sprintf("puzzle: line %d: %s", e.Line, e.Msg) }

// textLines yields the tokens of the lines of a file that hold more than
// comments and blanks, and numbers the lines.
type textLines struct {
	sc   *bufio.Scanner
	line int   // number of lines read so far
	err  error // first error, a *SyntaxError or an I/O error
}

func newTextLines(r io.Reader) *textLines {
	sc := bufio.NewScanner(r)
	// Room for a line of maxLineLen bytes, its "\r\n" and one more byte, so
	// that a line just over the limit is read whole and reported by next
	// rather than by the scanner.
	sc.Buffer(make([]byte, 0, 4096), maxLineLen+3)
	return &textLines{sc: sc}
}

// next returns the tokens of the next line that has any, or false at the end
// of the input or on an error, which t.err then holds.
func (t *textLines) next() ([]string, bool) {
	for t.err == nil && t.sc.Scan() {
		t.line++
		text := t.sc.Text()
		if len(text) > maxLineLen {
			t.err = t.errorf(t.line, "line is %d bytes long; the limit is %d", len(text), maxLineLen)
			return nil, false
		}
		if t.line == 1 {
			// Some editors start UTF-8 files with a byte order mark.
			text = strings.TrimPrefix(text, "\ufeff")
		}
		text, _, _ = strings.Cut(text, "#")
		if f := strings.FieldsFunc(text, isSpaceOrTab); len(f) > 0 {
			return f, true
		}
	}
	if t.err == nil {
		if err := t.sc.Err(); errors.Is(err, bufio.ErrTooLong) {
			t.err = t.errorf(t.line+1, "line is longer than the limit of %d bytes", maxLineLen)
		} else if err != nil {
			t.err = fmt.Errorf("puzzle: reading line %d: %w", t.line+1, err)
		}
	}
	return nil, false
}

func isSpaceOrTab(r rune) bool { return r == ' ' || r == '\t' }

// errorf returns a syntax error at the given line.
func (t *textLines) errorf(line int, format string, args ...any) error {
	return &SyntaxError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// fail returns a syntax error at the current line.
func (t *textLines) fail(format string, args ...any) error {
	return t.errorf(t.line, format, args...)
}

// lastLine is the line at which the end of the input was found: the last
// line, or 1 for an empty input, so that every SyntaxError names a line.
func (t *textLines) lastLine() int { return max(t.line, 1) }

// Directive keywords and values, shared by the parser and the formatter so
// the two cannot drift apart.
var (
	ruleNames = [...]string{Equal: "equal", Complement: "complement"}
	yesNo     = map[bool]string{true: "yes", false: "no"}
)

// fixedLine is a fixed directive read but not yet checked against the
// pieces, which may follow it in the file.
type fixedLine struct {
	line  int
	cell  Cell
	piece string // the token, for messages
	id    int64  // the piece, or -1 if negative or beyond int64
	rot   Rotation
}

// ParsePuzzle reads a puzzle in the puzzle file format and validates it as
// Puzzle.Validate does. Every error about the text is a *SyntaxError naming
// the line at fault; an error of r is returned wrapped.
//
// The format is line-oriented UTF-8: '#' starts a comment anywhere on a line,
// blank lines are ignored, keywords are lower case, tokens are separated by
// spaces or tabs, and a line may hold at most 1 MiB.
//
//	# a 2×2 shape puzzle
//	size 2x2            # ROWSxCOLS: required, and the first directive
//	rule complement     # equal or complement; default equal
//	rotate yes          # may pieces turn? yes, half (0 or 180° only) or no; default no
//	extra no            # more pieces than cells allowed? yes or no; default no
//	piece 0 1 -2 0      # Top Right Bottom Left labels: piece 0
//	piece 0 0 3 -1      # piece 1, and so on in file order
//	piece 2 -4 0 0
//	piece -3 0 0 4
//	fixed 0 0 0 0       # ROW COL PIECE ROTATION: piece 0 pinned to (0,0)
//
// size must come first; the other directives may come in any order, and
// rule, rotate and extra at most once each. Labels are int32 from MinLabel
// up, 0 being Flat.
// Pieces get IDs 0, 1, 2... in the order of their piece lines, and a fixed
// directive may name a piece listed after it. Rows, columns, pieces and
// rotations count from 0. The board may have at most 1<<24 cells.
func ParsePuzzle(r io.Reader) (*Puzzle, error) {
	t := newTextLines(r)
	p := &Puzzle{Pieces: []Piece{}}
	var (
		seen       = map[string]int{} // line of each once-only directive
		spareLine  int                // line of the first piece beyond the board's cells
		fixed      []fixedLine
		fixedCell  = map[Cell]int{}
		fixedPiece = map[int64]int{}
	)
	for {
		f, ok := t.next()
		if !ok {
			break
		}
		dir, args := f[0], f[1:]
		switch dir {
		case "size", "rule", "rotate", "extra", "piece", "fixed":
		default:
			return nil, t.fail("unknown directive %q; want size, rule, rotate, extra, piece or fixed", dir)
		}
		if seen["size"] == 0 && dir != "size" {
			return nil, t.fail("%s before size: a puzzle file starts with \"size ROWSxCOLS\"", dir)
		}
		switch dir {
		case "size", "rule", "rotate", "extra":
			if first, dup := seen[dir]; dup {
				return nil, t.fail("duplicate %s directive (first on line %d)", dir, first)
			}
			seen[dir] = t.line
			if len(args) != 1 {
				return nil, t.fail("%s takes 1 argument, got %d", dir, len(args))
			}
		}
		switch dir {
		case "size":
			rows, cols, msg := parseSize(dir, args[0])
			if msg != "" {
				return nil, t.fail("%s", msg)
			}
			p.Rows, p.Cols = rows, cols
		case "rule":
			switch args[0] {
			case ruleNames[Equal]:
				p.Rule = Equal
			case ruleNames[Complement]:
				p.Rule = Complement
			default:
				return nil, t.fail("unknown rule %q; want %s or %s", args[0], ruleNames[Equal], ruleNames[Complement])
			}
		case "rotate", "extra":
			if dir == "rotate" && args[0] == "half" {
				p.Rotatable, p.HalfTurns = true, true
				continue
			}
			v, ok := parseYesNo(args[0])
			if !ok {
				if dir == "rotate" {
					return nil, t.fail("rotate %q: want yes or no, or half for turns of 0 or 180° only", args[0])
				}
				return nil, t.fail("%s %q: want yes or no", dir, args[0])
			}
			if dir == "rotate" {
				p.Rotatable = v
			} else {
				p.AllowExtra = v
			}
		case "piece":
			if len(args) != 4 {
				return nil, t.fail("piece has %d labels, want 4 (top, right, bottom, left)", len(args))
			}
			pc := Piece{ID: PieceID(len(p.Pieces))}
			for i, tok := range args {
				v, err := strconv.ParseInt(tok, 10, 32)
				if err != nil && !errors.Is(err, strconv.ErrRange) {
					return nil, t.fail("piece %d: %s label %q is not an integer", pc.ID, Side(i), tok)
				}
				if err != nil || v < int64(MinLabel) {
					return nil, t.fail("piece %d: %s label %s is out of range: labels are int32, %d to %d", pc.ID, Side(i), tok, MinLabel, math.MaxInt32)
				}
				pc.Edges[i] = Label(v)
			}
			if len(p.Pieces) == p.Cells() {
				spareLine = t.line
			}
			p.Pieces = append(p.Pieces, pc)
		case "fixed":
			fl, err := parseFixed(t, p, args)
			if err != nil {
				return nil, err
			}
			if first, dup := fixedCell[fl.cell]; dup {
				return nil, t.fail("cell %v is already fixed on line %d", fl.cell, first)
			}
			if first, dup := fixedPiece[fl.id]; dup && fl.id >= 0 {
				return nil, t.fail("piece %s is already fixed on line %d", fl.piece, first)
			}
			fixedCell[fl.cell] = t.line
			fixedPiece[fl.id] = t.line
			fixed = append(fixed, fl)
		}
	}
	if t.err != nil {
		return nil, t.err
	}
	if seen["size"] == 0 {
		return nil, t.errorf(t.lastLine(), "missing size: a puzzle file starts with \"size ROWSxCOLS\"")
	}
	if len(p.Pieces) == 0 {
		return nil, t.errorf(t.lastLine(), "no pieces: want a \"piece TOP RIGHT BOTTOM LEFT\" line per piece")
	}
	if len(p.Pieces) > p.Cells() && !p.AllowExtra {
		return nil, t.errorf(spareLine, "piece %d does not fit: %d pieces for the %dx%d board's %d cells; add \"extra yes\" if some pieces do not belong",
			p.Cells(), len(p.Pieces), p.Rows, p.Cols, p.Cells())
	}
	for _, fl := range fixed {
		if fl.id < 0 || fl.id >= int64(len(p.Pieces)) {
			return nil, t.errorf(fl.line, "fixed piece %s: pieces are 0 to %d", fl.piece, len(p.Pieces)-1)
		}
		p.Fixed = append(p.Fixed, FixedPiece{Cell: fl.cell, Placement: Placement{Piece: PieceID(fl.id), Rotation: fl.rot}})
	}
	// The checks above give the common mistakes a line and a precise
	// message; Validate stays the authority on what a puzzle is.
	if err := p.Validate(); err != nil {
		return nil, t.errorf(t.lastLine(), "%s", strings.TrimPrefix(err.Error(), "puzzle: "))
	}
	return p, nil
}

// parseFixed reads the arguments of a fixed directive: ROW COL PIECE
// ROTATION. The cell is checked against the board now, the piece later,
// since the pieces may follow.
func parseFixed(t *textLines, p *Puzzle, args []string) (fixedLine, error) {
	if len(args) != 4 {
		return fixedLine{}, t.fail("fixed takes 4 numbers (row, column, piece, rotation), got %d", len(args))
	}
	var n [3]int64
	for i, name := range [...]string{"row", "column", "piece"} {
		v, err := strconv.ParseInt(args[i], 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange):
			v = -1 // beyond int64: off the board, or no such piece
		case err != nil:
			return fixedLine{}, t.fail("fixed %s %q is not an integer", name, args[i])
		}
		n[i] = max(v, -1)
	}
	if n[0] < 0 || n[0] >= int64(p.Rows) || n[1] < 0 || n[1] >= int64(p.Cols) {
		return fixedLine{}, t.fail("fixed cell (%s,%s) is off the %dx%d board", args[0], args[1], p.Rows, p.Cols)
	}
	rot, msg := parseRotation(args[3])
	if msg != "" {
		return fixedLine{}, t.fail("fixed piece %s: %s", args[2], msg)
	}
	return fixedLine{line: t.line, cell: Cell{int(n[0]), int(n[1])}, piece: args[2], id: n[2], rot: rot}, nil
}

// parseSize reads ROWSxCOLS for the directive dir ("size" or "board") and
// checks the board's bounds before anyone allocates it. msg is empty on
// success.
func parseSize(dir, tok string) (rows, cols int, msg string) {
	rs, cs, ok := strings.Cut(tok, "x")
	if !ok || !isDigits(rs) || !isDigits(cs) {
		return 0, 0, fmt.Sprintf("%s %q: want ROWSxCOLS, for example 3x4", dir, tok)
	}
	tooBig := fmt.Sprintf("%s %s: more than %d cells", dir, tok, maxCells)
	rows, err := strconv.Atoi(rs)
	if err != nil {
		return 0, 0, tooBig // all digits, so the number is out of range
	}
	cols, err = strconv.Atoi(cs)
	if err != nil {
		return 0, 0, tooBig
	}
	switch {
	case rows < 1:
		return 0, 0, fmt.Sprintf("%s %s: rows must be at least 1", dir, tok)
	case cols < 1:
		return 0, 0, fmt.Sprintf("%s %s: columns must be at least 1", dir, tok)
	case rows > maxCells/cols:
		// Division, not multiplication, so that no product overflows.
		return 0, 0, tooBig
	}
	return rows, cols, ""
}

// parseRotation reads a rotation, 0 to 3. msg is empty on success.
func parseRotation(tok string) (Rotation, string) {
	if !isDigits(tok) {
		return 0, fmt.Sprintf("rotation %q is not a number 0 to 3", tok)
	}
	v, err := strconv.Atoi(tok)
	if err != nil || v > 3 {
		return 0, fmt.Sprintf("rotation %s: rotations are 0 to 3", tok)
	}
	return Rotation(v), ""
}

func parseYesNo(tok string) (v, ok bool) {
	switch tok {
	case yesNo[true]:
		return true, true
	case yesNo[false]:
		return false, true
	}
	return false, false
}

// isDigits reports whether s is a non-empty run of ASCII digits: the
// unsigned numbers of sizes, cells and rotations, which take no sign.
func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// FormatPuzzle writes p in the puzzle file format that ParsePuzzle reads,
// after a comment line that says what the file holds. Every directive is
// written, defaults included, and each piece line ends with a comment giving
// the piece's ID, for readers who reference pieces in fixed lines.
//
// Piece images are not written: a puzzle with images comes back from
// ParsePuzzle as a label puzzle with the same labels. Otherwise
// ParsePuzzle(FormatPuzzle(p)) equals p. An invalid p is reported as
// Puzzle.Validate reports it, and nothing is written.
func FormatPuzzle(w io.Writer, p *Puzzle) error {
	if err := p.Validate(); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# jigsaw puzzle: %dx%d board, %d pieces\n", p.Rows, p.Cols, len(p.Pieces))
	fmt.Fprintf(bw, "size %dx%d\n", p.Rows, p.Cols)
	fmt.Fprintf(bw, "rule %s\n", ruleNames[p.Rule])
	if p.Rotatable && p.HalfTurns {
		fmt.Fprintln(bw, "rotate half")
	} else {
		fmt.Fprintf(bw, "rotate %s\n", yesNo[p.Rotatable])
	}
	fmt.Fprintf(bw, "extra %s\n", yesNo[p.AllowExtra])
	// Right-align the labels in columns so that the sides line up.
	width := 1
	for i := range p.Pieces {
		for _, l := range p.Pieces[i].Edges {
			width = max(width, len(strconv.Itoa(int(l))))
		}
	}
	for i := range p.Pieces {
		e := &p.Pieces[i].Edges
		fmt.Fprintf(bw, "piece %*d %*d %*d %*d  # %d\n", width, e[Top], width, e[Right], width, e[Bottom], width, e[Left], i)
	}
	for _, f := range p.Fixed {
		fmt.Fprintf(bw, "fixed %d %d %d %d\n", f.Cell.Row, f.Cell.Col, f.Placement.Piece, f.Placement.Rotation)
	}
	return bw.Flush()
}

// ParseBoard reads a board in the board file format. It checks what a board
// is on its own: its size, one token per cell, rotations 0 to 3, and no
// piece placed twice; Board.Validate checks it against a puzzle. Every error
// about the text is a *SyntaxError naming the line at fault; an error of r
// is returned wrapped.
//
// The lexical rules are those of ParsePuzzle: '#' comments, blank lines
// ignored, tokens separated by spaces or tabs, lines of at most 1 MiB.
//
//	# a 2×3 board with a hole
//	board 2x3           # ROWSxCOLS, before the rows
//	0/1 5/0 .           # one line per row: PIECE/ROT, PIECE (rotation 0) or . (a hole)
//	2   3/3 4/2
//
// A row has one token per column: PIECE/ROT places piece PIECE turned ROT
// clockwise quarter turns (0 to 3), a bare PIECE means rotation 0, and '.'
// leaves the cell empty. Pieces and rotations count from 0. The board may
// have at most 1<<24 cells.
func ParseBoard(r io.Reader) (*Board, error) {
	t := newTextLines(r)
	var (
		b          *Board
		boardLine  int
		row        int
		placedLine = map[PieceID]int{}
		placedCell = map[PieceID]Cell{}
	)
	for {
		f, ok := t.next()
		if !ok {
			break
		}
		if b == nil {
			if f[0] != "board" {
				return nil, t.fail("%q before board: a board file starts with \"board ROWSxCOLS\"", f[0])
			}
			if len(f) != 2 {
				return nil, t.fail("board takes 1 argument, got %d", len(f)-1)
			}
			rows, cols, msg := parseSize("board", f[1])
			if msg != "" {
				return nil, t.fail("%s", msg)
			}
			// Cells grow row by row as the rows are read, so a file that
			// claims a large board but stops short costs no memory.
			b = &Board{Rows: rows, Cols: cols, Cells: make([]Placement, 0, min(rows*cols, 1<<12))}
			boardLine = t.line
			continue
		}
		if f[0] == "board" {
			return nil, t.fail("duplicate board directive (first on line %d)", boardLine)
		}
		if row == b.Rows {
			return nil, t.fail("too many rows: the board is %dx%d (ROWSxCOLS)", b.Rows, b.Cols)
		}
		if len(f) != b.Cols {
			return nil, t.fail("row %d has %d cells, want %d", row, len(f), b.Cols)
		}
		for col, tok := range f {
			c := Cell{row, col}
			pl, msg := parseCellToken(tok)
			if msg != "" {
				return nil, t.fail("cell %v: %s", c, msg)
			}
			if !pl.IsEmpty() {
				if first, dup := placedLine[pl.Piece]; dup {
					return nil, t.fail("cell %v: piece %d is already placed at %v on line %d", c, pl.Piece, placedCell[pl.Piece], first)
				}
				placedLine[pl.Piece] = t.line
				placedCell[pl.Piece] = c
			}
			b.Cells = append(b.Cells, pl)
		}
		row++
	}
	if t.err != nil {
		return nil, t.err
	}
	if b == nil {
		return nil, t.errorf(t.lastLine(), "missing board: a board file starts with \"board ROWSxCOLS\"")
	}
	if row < b.Rows {
		return nil, t.errorf(t.lastLine(), "too few rows: end of file after %d of the %dx%d board's %d rows", row, b.Rows, b.Cols, b.Rows)
	}
	return b, nil
}

// parseCellToken reads one cell of a board row: PIECE/ROT, PIECE or '.'.
// msg is empty on success.
func parseCellToken(tok string) (Placement, string) {
	if tok == "." {
		return Empty, ""
	}
	ps, rs, hasRot := strings.Cut(tok, "/")
	if !isDigits(ps) {
		if strings.HasPrefix(ps, "-") {
			return Empty, fmt.Sprintf("bad cell %q: pieces count from 0; write . for a hole", tok)
		}
		return Empty, fmt.Sprintf("bad cell %q: want PIECE/ROT, PIECE or . for a hole", tok)
	}
	id, err := strconv.ParseInt(ps, 10, 32)
	if err != nil {
		return Empty, fmt.Sprintf("piece %s is out of range: pieces are 0 to %d", ps, int32(^uint32(0)>>1))
	}
	pl := Placement{Piece: PieceID(id)}
	if hasRot {
		rot, msg := parseRotation(rs)
		if msg != "" {
			return Empty, fmt.Sprintf("piece %s: %s", ps, msg)
		}
		pl.Rotation = rot
	}
	return pl, ""
}

// FormatBoard writes b in the board file format that ParseBoard reads, with
// the cells right-aligned in columns and a piece at rotation 0 written as a
// bare PIECE; ParseBoard(FormatBoard(b)) equals b. A board that ParseBoard would reject is an error and nothing is
// written: a size below 1×1 or above 1<<24 cells, Cells of the wrong length,
// a negative piece other than a hole, a hole with a rotation, a rotation
// beyond 3, a piece placed twice, or a row that needs more than 1 MiB.
func FormatBoard(w io.Writer, b *Board) error {
	if b == nil {
		return errors.New("puzzle: nil board")
	}
	if err := checkBoardShape(b); err != nil {
		return err
	}
	where := make(map[PieceID]Cell, len(b.Cells))
	for i, pl := range b.Cells {
		c := b.CellAt(i)
		switch {
		case pl == Empty:
			continue
		case pl.Piece == NoPiece:
			return fmt.Errorf("puzzle: cell %v is a hole with rotation %d", c, pl.Rotation)
		case pl.Piece < 0:
			return fmt.Errorf("puzzle: cell %v holds piece %d; pieces count from 0", c, pl.Piece)
		case !pl.Rotation.Valid():
			return fmt.Errorf("puzzle: cell %v turns piece %d by %d; rotations are 0 to 3", c, pl.Piece, pl.Rotation)
		}
		if prev, dup := where[pl.Piece]; dup {
			return fmt.Errorf("puzzle: piece %d is placed twice, at %v and %v", pl.Piece, prev, c)
		}
		where[pl.Piece] = c
	}
	width, ok := cellWidth(b)
	if !ok {
		return fmt.Errorf("puzzle: a row of the %dx%d board needs more than %d bytes, the limit of a line", b.Rows, b.Cols, maxLineLen)
	}
	bw := bufio.NewWriter(w)
	writeBoard(bw, b, width)
	return bw.Flush()
}

// checkBoardShape reports a board whose size or cell count ParseBoard would
// not accept.
func checkBoardShape(b *Board) error {
	if b.Rows < 1 || b.Cols < 1 || b.Rows > maxCells/b.Cols {
		return fmt.Errorf("puzzle: board of %d×%d cells: want 1×1 to %d cells", b.Rows, b.Cols, maxCells)
	}
	if len(b.Cells) != b.Rows*b.Cols {
		return fmt.Errorf("puzzle: board of %d×%d has %d cells", b.Rows, b.Cols, len(b.Cells))
	}
	return nil
}

// cellWidth returns the width to pad each cell to, 0 for no padding, and
// false if even unpadded some row would be longer than a line may be.
func cellWidth(b *Board) (int, bool) {
	width := 0
	for _, pl := range b.Cells {
		width = max(width, len(cellToken(pl)))
	}
	if b.Cols*(width+1)-1 <= maxLineLen {
		return width, true
	}
	for r := range b.Rows {
		n := b.Cols - 1
		for _, pl := range b.Cells[r*b.Cols : (r+1)*b.Cols] {
			n += len(cellToken(pl))
		}
		if n > maxLineLen {
			return 0, false
		}
	}
	return 0, true
}

// cellToken is the board-file token of a placement: '.', PIECE for rotation
// 0, PIECE/ROT otherwise. It is never longer than any token ParseBoard reads
// as the same placement, so a board that was read within the line limit is
// written within it too. A placement that no token stands for (a hole with
// a rotation, a negative piece) is written the same way, so that
// Board.String shows what is there.
func cellToken(pl Placement) string {
	if pl == Empty {
		return "."
	}
	if pl.Rotation == 0 {
		return strconv.Itoa(int(pl.Piece))
	}
	return strconv.Itoa(int(pl.Piece)) + "/" + strconv.Itoa(int(pl.Rotation))
}

// writeBoard writes the board without checking it; b's shape must be sound.
func writeBoard(w *bufio.Writer, b *Board, width int) {
	fmt.Fprintf(w, "board %dx%d\n", b.Rows, b.Cols)
	for r := range b.Rows {
		for c, pl := range b.Cells[r*b.Cols : (r+1)*b.Cols] {
			if c > 0 {
				w.WriteByte(' ')
			}
			tok := cellToken(pl)
			for range width - len(tok) {
				w.WriteByte(' ')
			}
			w.WriteString(tok)
		}
		w.WriteByte('\n')
	}
}

// String returns b in the board file format, as FormatBoard writes it, so
// that a failing test can print a board readably. Unlike FormatBoard it
// does not reject holes with rotations or pieces placed twice; a board
// whose size does not match its cells is shown as a plain list.
func (b *Board) String() string {
	if b == nil {
		return "<nil board>"
	}
	if checkBoardShape(b) != nil {
		return fmt.Sprintf("Board{Rows: %d, Cols: %d, Cells: %v}", b.Rows, b.Cols, b.Cells)
	}
	width, _ := cellWidth(b)
	var sb strings.Builder
	bw := bufio.NewWriter(&sb)
	writeBoard(bw, b, width)
	bw.Flush()
	return sb.String()
}
