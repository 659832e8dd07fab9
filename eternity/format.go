package eternity

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/reassemble/jigsaw/puzzle"
)

// Instance is an edge-matching puzzle read from a file. Puzzle is an ordinary
// *puzzle.Puzzle (rule Equal, rotatable pieces, grey frame sides Flat, hints
// in Puzzle.Fixed), so every solver in the module accepts it as is.
type Instance struct {
	// Name is the name the file gives, or for LoadFile the file's base
	// name without extension when the file gives none.
	Name string
	// Puzzle is the puzzle itself.
	Puzzle *puzzle.Puzzle
	// Colours is the colour count the file declares (JSON numColors), or
	// 0. Files disagree on whether grey counts (the official set says 22,
	// the clue puzzles count grey), so it is reported, not checked.
	Colours int
	// Format is the format the instance was read in.
	Format Format
	// Warnings are findings that do not stop the load: frame colours
	// that suggest a wrong side order, a declared maximum score that does
	// not fit the board.
	Warnings []string
}

// Format names a piece-file format.
type Format uint8

const (
	// Auto detects the format from the content (Load) and is not a
	// format of its own.
	Auto Format = iota
	// JSON is the instance format of the eternity2.dev data set: width,
	// height, numColors, pieces as [up, right, down, left] and hints as
	// {pos, piece, rot}, pos row-major from the top-left, pieces from 0,
	// rot in clockwise quarter turns.
	JSON
	// Sized is the text format of Brendan Owen's benchmark sets: a line
	// "W H" (columns, then rows), then one piece per line as four colours.
	// A file without the size line is read as a square board.
	Sized
	// Heule is the text format of the generated SAT-style instances: a
	// line with the number of hints H, then H lines "POS PIECE ROT" (as
	// in JSON), then one piece per line as four colours "N E S W". The
	// board is square unless WithSize says otherwise.
	Heule
	// Comma is the seed's piece file: one piece per line as four
	// comma-separated colours "t,r,b,l"; line k is piece k, from 1. The
	// board is square unless WithSize says otherwise.
	Comma
)

// String returns the format's lower-case name, which error messages use to
// say how a file was read.
func (f Format) String() string {
	switch f {
	case Auto:
		return "auto"
	case JSON:
		return "json"
	case Sized:
		return "sized"
	case Heule:
		return "heule"
	case Comma:
		return "comma"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// SideOrder says which side of a piece each of a file's four colour columns
// describes: column i holds the colour of side SideOrder[i]. It must be a
// permutation of the four sides.
type SideOrder [4]puzzle.Side

// The side orders in circulation. Every format of this package defaults to
// Clockwise; the others are here for files from elsewhere, read with
// WithSideOrder.
var (
	// Clockwise is top, right, bottom, left (N E S W): the order of the
	// seed, the eternity2.dev JSON, Brendan Owen's files and puzzle.Side.
	Clockwise = SideOrder{puzzle.Top, puzzle.Right, puzzle.Bottom, puzzle.Left}
	// TopBottomLeftRight is the order of the space-separated e2pieces.txt
	// copies that list top, bottom, left, right.
	TopBottomLeftRight = SideOrder{puzzle.Top, puzzle.Bottom, puzzle.Left, puzzle.Right}
	// BottomLeftTopRight is the order of the Eternity2Puzzles.jl piece
	// files.
	BottomLeftTopRight = SideOrder{puzzle.Bottom, puzzle.Left, puzzle.Top, puzzle.Right}
)

// Valid reports whether o names each side exactly once.
func (o SideOrder) Valid() bool {
	var seen [4]bool
	for _, s := range o {
		if !s.Valid() || seen[s] {
			return false
		}
		seen[s] = true
	}
	return true
}

// String lists the sides in file order, comma-separated ("top,right,
// bottom,left"), so that a message shows which order a file was read in.
func (o SideOrder) String() string {
	var b strings.Builder
	for i, s := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s.String())
	}
	return b.String()
}

// An Option changes how a file is read or written. Options is itself an
// Option, so a set of them is one value.
type Option interface {
	apply(*config)
}

// Options is a list of options applied in order; later ones win.
type Options []Option

func (o Options) apply(c *config) {
	for _, opt := range o {
		if opt != nil {
			opt.apply(c)
		}
	}
}

type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

type config struct {
	format     Format
	order      SideOrder
	base       int // first piece number in the file; -1 for the format's own
	rows, cols int // board size for files that carry none; 0 for square
	err        error
}

func newConfig(opts []Option) config {
	c := config{order: Clockwise, base: -1}
	Options(opts).apply(&c)
	return c
}

// WithFormat reads or writes the given format instead of detecting it.
// Default: Auto for reading.
func WithFormat(f Format) Option { return optionFunc(func(c *config) { c.format = f }) }

// WithSideOrder reads and writes the four colours of a piece in the given
// side order. Default: Clockwise.
func WithSideOrder(o SideOrder) Option {
	return optionFunc(func(c *config) {
		if !o.Valid() {
			c.err = fmt.Errorf("eternity: side order %v names a side twice", o)
			return
		}
		c.order = o
	})
}

// WithPieceBase numbers pieces in files from base, 0 or 1, for hints and
// board cells. Default: the format's own (0 for JSON, Heule and the pair
// board format; 1 for the grid board format, as the seed and Verhaard's
// result files number pieces).
func WithPieceBase(base int) Option {
	return optionFunc(func(c *config) {
		if base != 0 && base != 1 {
			c.err = fmt.Errorf("eternity: piece base %d: pieces are numbered from 0 or from 1", base)
			return
		}
		c.base = base
	})
}

// WithSize gives the board size for files that do not carry one (Heule,
// Comma, a Sized file without its size line, the pair board format).
// Default: a square board of as many cells as there are pieces.
func WithSize(rows, cols int) Option {
	return optionFunc(func(c *config) {
		if rows < 1 || cols < 1 {
			c.err = fmt.Errorf("eternity: board size %d×%d: both must be at least 1", rows, cols)
			return
		}
		c.rows, c.cols = rows, cols
	})
}

func (c *config) pieceBase(def int) int {
	if c.base < 0 {
		return def
	}
	return c.base
}

// SyntaxError reports a file that cannot be read. Line is the 1-based line
// at fault, or for a problem found only at the end of the input, the last
// line. A JSON file's malformed text is placed on its line; a well-formed
// JSON file with wrong content (a piece of three colours, a hint off the
// board) is reported at its last line, with the message naming the field,
// such as pieces[5] or hints[2].
type SyntaxError struct {
	// Format names the file format, as Format.String and
	// BoardFormat.String do.
	Format string
	// Line is the 1-based line at fault, so that an editor can jump to it.
	Line int
	// Msg says what is wrong, without the format or the line number.
	Msg string
}

// Error names the format before the line, since the same file can be read
// in several formats and a line means something only in one.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("eternity: %v file, line %d: %s", e.Format, e.Line, e.Msg)
}

// maxInput bounds the bytes read from one file: the official set is 10 KB
// as text, and a hostile file must not exhaust memory.
const maxInput = 64 << 20

// maxColour bounds colour numbers, far above any real puzzle's, so that
// every colour is a valid puzzle.Label with room to spare.
const maxColour = 1 << 30

// LoadFile reads a piece file in any supported format (see Load).
func LoadFile(path string, opts ...Option) (*Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("eternity: %w", err)
	}
	defer f.Close()
	inst, err := Load(f, opts...)
	if err != nil {
		return nil, fmt.Errorf("%w (file %s)", err, path)
	}
	if inst.Name == "" {
		base := filepath.Base(path)
		inst.Name = strings.TrimSuffix(base, filepath.Ext(base))
		inst.Name = strings.TrimSuffix(inst.Name, ".heule")
	}
	return inst, nil
}

// Load reads a piece file. Unless WithFormat says otherwise the format is
// found from the content: a '{' starts JSON; a first line of one number is
// Heule's hint count; of two numbers, Sized's "W H"; a comma on the first
// line means Comma; four numbers begin a Sized file without a size line.
//
// Colour 0 is the grey frame (puzzle.Flat); every other colour number is the
// label of the same value. The puzzle is rotatable under puzzle.Equal. If
// the frame colours fit another side order better than the one read with,
// Instance.Warnings says so (see SuggestSideOrder). Errors about the text are
// *SyntaxError values naming the line.
func Load(r io.Reader, opts ...Option) (*Instance, error) {
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
	f := c.format
	if f == Auto {
		f = detect(data)
	}
	var inst *Instance
	switch f {
	case JSON:
		inst, err = readJSON(data, &c)
	case Sized, Heule, Comma:
		inst, err = readText(data, f, &c)
	default:
		return nil, fmt.Errorf("eternity: unknown format %v", f)
	}
	if err != nil {
		return nil, err
	}
	inst.Format = f
	if better, ok := SuggestSideOrder(inst.Puzzle, c.order); ok {
		inst.Warnings = append(inst.Warnings, fmt.Sprintf(
			"frame colours suggest side order %v, not %v: %d pieces have grey sides that no frame position explains, against %d",
			better, c.order, FrameFaults(inst.Puzzle), frameFaultsReordered(inst.Puzzle, c.order, better)))
	}
	return inst, nil
}

// detect guesses the format of data from its first meaningful line.
func detect(data []byte) Format {
	t := bytes.TrimSpace(data)
	if len(t) > 0 && t[0] == '{' {
		return JSON
	}
	sc := bufio.NewScanner(bytes.NewReader(t))
	sc.Buffer(nil, maxLine+3)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.Contains(line, ",") {
			return Comma
		}
		switch len(strings.Fields(line)) {
		case 0:
			continue
		case 1:
			return Heule
		default:
			return Sized
		}
	}
	return Sized
}

// jsonInstance is the eternity2.dev instance schema.
type jsonInstance struct {
	ID        string      `json:"id,omitempty"`
	Name      string      `json:"name,omitempty"`
	Width     int         `json:"width"`
	Height    int         `json:"height"`
	NumColors int         `json:"numColors,omitempty"`
	Pieces    [][]int64   `json:"pieces"`
	Hints     []jsonHint  `json:"hints"`
	MaxScore  json.Number `json:"maxScore,omitempty"`
}

type jsonHint struct {
	Pos   int64 `json:"pos"`
	Piece int64 `json:"piece"`
	Rot   int64 `json:"rot"`
}

func readJSON(data []byte, c *config) (*Instance, error) {
	var in jsonInstance
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&in); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, &SyntaxError{"json", lineAt(data, se.Offset), se.Error()}
		case errors.As(err, &te):
			return nil, &SyntaxError{"json", lineAt(data, te.Offset), fmt.Sprintf("field %q: %v cannot hold %s", te.Field, te.Type, te.Value)}
		}
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			return nil, &SyntaxError{"json", lineAt(data, int64(len(data))), "unexpected end of input"}
		}
		return nil, &SyntaxError{"json", lineAt(data, dec.InputOffset()), err.Error()}
	}
	if dec.More() {
		return nil, &SyntaxError{"json", lineAt(data, dec.InputOffset()), "more data after the instance object"}
	}
	fail := func(format string, args ...any) error {
		return &SyntaxError{"json", lineAt(data, int64(len(data))), fmt.Sprintf(format, args...)}
	}
	inst := &Instance{Name: in.Name, Colours: in.NumColors}
	if inst.Name == "" {
		inst.Name = in.ID
	}
	if in.NumColors < 0 {
		return nil, fail("numColors is %d", in.NumColors)
	}
	pieces := make([]puzzle.Piece, len(in.Pieces))
	for i, col := range in.Pieces {
		if len(col) != 4 {
			return nil, fail("pieces[%d] has %d colours, want 4", i, len(col))
		}
		for k, v := range col {
			if v < 0 || v > maxColour {
				return nil, fail("pieces[%d] has colour %d; colours are 0 (grey) to %d", i, v, maxColour)
			}
			pieces[i].Edges[c.order[k]] = puzzle.Label(v)
		}
		pieces[i].ID = puzzle.PieceID(i)
	}
	rows, cols := in.Height, in.Width
	if rows == 0 && cols == 0 {
		var msg string
		if rows, cols, msg = boardSize(c, len(pieces)); msg != "" {
			return nil, fail("%s", msg)
		}
	}
	if rows < 1 || cols < 1 || rows > maxCells/cols {
		return nil, fail("board of width %d and height %d: both must be at least 1, with at most %d cells", cols, rows, maxCells)
	}
	if len(pieces) != rows*cols {
		// As the text formats do: every format holds one piece per cell.
		return nil, fail("%d pieces for a %d×%d board of %d cells", len(pieces), cols, rows, rows*cols)
	}
	p := &puzzle.Puzzle{Rows: rows, Cols: cols, Pieces: pieces, Rule: puzzle.Equal, Rotatable: true}
	base := int64(c.pieceBase(0))
	for i, h := range in.Hints {
		cells := int64(rows) * int64(cols)
		if h.Pos < 0 || h.Pos >= cells {
			return nil, fail("hints[%d] at pos %d: the %d×%d board has cells 0 to %d", i, h.Pos, cols, rows, cells-1)
		}
		if h.Piece < base || h.Piece-base >= int64(len(pieces)) {
			return nil, fail("hints[%d] names piece %d; pieces are %d to %d", i, h.Piece, base, int64(len(pieces))-1+base)
		}
		if h.Rot < 0 || h.Rot > 3 {
			return nil, fail("hints[%d] has rotation %d; rotations are 0 to 3", i, h.Rot)
		}
		p.Fixed = append(p.Fixed, puzzle.FixedPiece{
			Cell:      puzzle.Cell{Row: int(h.Pos) / cols, Col: int(h.Pos) % cols},
			Placement: puzzle.Placement{Piece: puzzle.PieceID(h.Piece - base), Rotation: puzzle.Rotation(h.Rot)},
		})
	}
	if err := p.Validate(); err != nil {
		return nil, fail("%v", err)
	}
	if in.MaxScore != "" {
		if m, err := in.MaxScore.Int64(); err != nil || m != int64(MaxScore(rows, cols)) {
			inst.Warnings = append(inst.Warnings, fmt.Sprintf("maxScore %s does not fit a %d×%d board, whose maximum is %d", in.MaxScore, rows, cols, MaxScore(rows, cols)))
		}
	}
	inst.Puzzle = p
	return inst, nil
}

// maxCells bounds a board read from a file, as puzzle.Validate does, and
// before anything is allocated for it.
const maxCells = 1 << 24

// lineAt returns the 1-based line holding byte offset off of data.
func lineAt(data []byte, off int64) int {
	off = max(0, min(off, int64(len(data))))
	return 1 + bytes.Count(data[:off], []byte("\n"))
}

// boardSize returns the board size for n pieces in a file that carries no
// size: WithSize's, or the square of n cells.
func boardSize(c *config, n int) (rows, cols int, msg string) {
	if c.rows > 0 {
		return c.rows, c.cols, ""
	}
	if n == 0 {
		return 0, 0, "no pieces"
	}
	s := int(math.Sqrt(float64(n)))
	for s*s > n {
		s--
	}
	for (s+1)*(s+1) <= n {
		s++
	}
	if s*s != n {
		return 0, 0, fmt.Sprintf("%d pieces do not fill a square board and the file gives no size: use WithSize", n)
	}
	return s, s, ""
}

// maxLine bounds one line of a text file.
const maxLine = 1 << 20

// textReader numbers the meaningful lines of a text file: '#' starts a
// comment, blank lines are skipped.
type textReader struct {
	f    string // the format's name, for errors
	sc   *bufio.Scanner
	line int
}

func newTextReader(data []byte, f string) *textReader {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), maxLine+3)
	return &textReader{f: f, sc: sc}
}

// next returns the next line that holds more than a comment, split into
// fields by split, or false at the end.
func (t *textReader) next(split func(string) []string) ([]string, bool, error) {
	for t.sc.Scan() {
		t.line++
		text, _, _ := strings.Cut(t.sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		return split(text), true, nil
	}
	if err := t.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, false, t.errorf(t.line+1, "line is longer than %d bytes", maxLine)
		}
		return nil, false, fmt.Errorf("eternity: reading line %d: %w", t.line+1, err)
	}
	return nil, false, nil
}

func (t *textReader) errorf(line int, format string, args ...any) error {
	return &SyntaxError{Format: t.f, Line: max(line, 1), Msg: fmt.Sprintf(format, args...)}
}

func (t *textReader) fail(format string, args ...any) error {
	return t.errorf(t.line, format, args...)
}

// splitComma splits a Comma line at commas, trimming spaces around fields.
func splitComma(s string) []string {
	f := strings.Split(s, ",")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

// parseInt reads a decimal integer token in [lo, hi], naming what in the
// message.
func (t *textReader) parseInt(tok, what string, lo, hi int64) (int64, error) {
	v, err := strconv.ParseInt(tok, 10, 64)
	if err != nil || v < lo || v > hi {
		return 0, t.fail("%s %q: want a whole number from %d to %d", what, tok, lo, hi)
	}
	return v, nil
}

// readText reads the Sized, Heule and Comma formats.
func readText(data []byte, f Format, c *config) (*Instance, error) {
	t := newTextReader(data, f.String())
	split := strings.Fields
	if f == Comma {
		split = splitComma
	}
	rows, cols := 0, 0
	var hints []jsonHint
	var hintLines []int
	first, ok, err := t.next(split)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, t.fail("no pieces")
	}
	switch {
	case f == Sized && len(first) == 2:
		w, err := t.parseInt(first[0], "width", 1, maxCells)
		if err != nil {
			return nil, err
		}
		h, err := t.parseInt(first[1], "height", 1, maxCells)
		if err != nil {
			return nil, err
		}
		if w*h > maxCells {
			return nil, t.fail("board of %d×%d cells is larger than %d cells", w, h, maxCells)
		}
		rows, cols = int(h), int(w)
		first = nil
	case f == Heule:
		if len(first) != 1 {
			return nil, t.fail("first line has %d numbers; a Heule file starts with the number of hints", len(first))
		}
		n, err := t.parseInt(first[0], "hint count", 0, maxCells)
		if err != nil {
			return nil, err
		}
		for range n {
			tok, ok, err := t.next(split)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, t.fail("file ends after %d of %d hints", len(hints), n)
			}
			if len(tok) != 3 {
				return nil, t.fail("hint line has %d numbers, want 3: POS PIECE ROT", len(tok))
			}
			var v [3]int64
			for i, what := range []string{"hint position", "hint piece", "hint rotation"} {
				if v[i], err = t.parseInt(tok[i], what, 0, math.MaxInt32); err != nil {
					return nil, err
				}
			}
			hints = append(hints, jsonHint{Pos: v[0], Piece: v[1], Rot: v[2]})
			hintLines = append(hintLines, t.line)
		}
		first = nil
	}
	var pieces []puzzle.Piece
	for {
		tok := first
		first = nil
		if tok == nil {
			var ok bool
			if tok, ok, err = t.next(split); err != nil {
				return nil, err
			}
			if !ok {
				break
			}
		}
		if len(tok) != 4 {
			return nil, t.fail("piece line has %d colours, want 4", len(tok))
		}
		if len(pieces) >= maxCells {
			return nil, t.fail("more than %d pieces", maxCells)
		}
		pc := puzzle.Piece{ID: puzzle.PieceID(len(pieces))}
		for k, s := range tok {
			v, err := t.parseInt(s, "colour", 0, maxColour)
			if err != nil {
				return nil, err
			}
			pc.Edges[c.order[k]] = puzzle.Label(v)
		}
		pieces = append(pieces, pc)
	}
	if len(pieces) == 0 {
		return nil, t.fail("no pieces")
	}
	if rows == 0 {
		var msg string
		if rows, cols, msg = boardSize(c, len(pieces)); msg != "" {
			return nil, t.fail("%s", msg)
		}
	}
	if len(pieces) != rows*cols {
		return nil, t.fail("%d pieces for a %d×%d board of %d cells", len(pieces), cols, rows, rows*cols)
	}
	p := &puzzle.Puzzle{Rows: rows, Cols: cols, Pieces: pieces, Rule: puzzle.Equal, Rotatable: true}
	base := int64(c.pieceBase(0))
	cellHint, pieceHint := map[int64]int{}, map[int64]int{} // the hint on each, by index
	for i, h := range hints {
		if h.Pos >= int64(rows*cols) {
			return nil, t.errorf(hintLines[i], "hint at pos %d: the board has cells 0 to %d", h.Pos, rows*cols-1)
		}
		if h.Piece < base || h.Piece-base >= int64(len(pieces)) {
			return nil, t.errorf(hintLines[i], "hint names piece %d; pieces are %d to %d", h.Piece, base, int64(len(pieces))-1+base)
		}
		if h.Rot > 3 {
			return nil, t.errorf(hintLines[i], "hint has rotation %d; rotations are 0 to 3", h.Rot)
		}
		// Name the line of the earlier hint, which p.Validate cannot.
		cell := puzzle.Cell{Row: int(h.Pos) / cols, Col: int(h.Pos) % cols}
		if j, dup := cellHint[h.Pos]; dup {
			return nil, t.errorf(hintLines[i], "hint on cell %v: the hint on line %d is there already", cell, hintLines[j])
		}
		if j, dup := pieceHint[h.Piece]; dup {
			return nil, t.errorf(hintLines[i], "hint places piece %d: the hint on line %d places it already", h.Piece, hintLines[j])
		}
		cellHint[h.Pos], pieceHint[h.Piece] = i, i
		p.Fixed = append(p.Fixed, puzzle.FixedPiece{
			Cell:      cell,
			Placement: puzzle.Placement{Piece: puzzle.PieceID(h.Piece - base), Rotation: puzzle.Rotation(h.Rot)},
		})
	}
	if err := p.Validate(); err != nil {
		line := t.line
		if len(hintLines) > 0 {
			line = hintLines[0]
		}
		return nil, t.errorf(line, "%v", err)
	}
	return &Instance{Puzzle: p}, nil
}

// Write writes inst in format f (Auto means JSON), with the colours of each
// piece in WithSideOrder's order. Formats that cannot hold what inst holds
// are an error rather than a silent loss: hints in Sized or Comma, a board
// that is not square in Heule or Comma (their readers then need WithSize
// and say so), labels below 0, or a puzzle that is not a rotatable Equal
// puzzle.
func Write(w io.Writer, inst *Instance, f Format, opts ...Option) error {
	c := newConfig(opts)
	if c.err != nil {
		return c.err
	}
	if inst == nil || inst.Puzzle == nil {
		return errors.New("eternity: nil instance")
	}
	p := inst.Puzzle
	if err := p.Validate(); err != nil {
		return fmt.Errorf("eternity: %w", err)
	}
	if p.Rule != puzzle.Equal || !p.Rotatable {
		return fmt.Errorf("eternity: the piece formats hold rotatable puzzles under the equal rule; this one is %v, rotatable %v", p.Rule, p.Rotatable)
	}
	if len(p.Pieces) != p.Cells() {
		return fmt.Errorf("eternity: %d pieces for %d cells: the piece formats hold one piece per cell", len(p.Pieces), p.Cells())
	}
	for i := range p.Pieces {
		for _, s := range puzzle.Sides {
			if l := p.Pieces[i].Edges[s]; l < 0 || l > maxColour {
				return fmt.Errorf("eternity: piece %d has label %d on its %v side; colours are 0 (grey) to %d", i, l, s, maxColour)
			}
		}
	}
	colours := func(pc *puzzle.Piece) [4]int64 {
		var v [4]int64
		for k, s := range c.order {
			v[k] = int64(pc.Edges[s])
		}
		return v
	}
	if (f == Heule || f == Comma) && p.Rows != p.Cols {
		return fmt.Errorf("eternity: %v files carry no size, so they hold square boards only; this one is %d×%d", f, p.Rows, p.Cols)
	}
	if (f == Sized || f == Comma) && len(p.Fixed) > 0 {
		return fmt.Errorf("eternity: %v files cannot hold the puzzle's %d fixed pieces; clear Puzzle.Fixed to write the pieces alone", f, len(p.Fixed))
	}
	base := int64(c.pieceBase(0))
	bw := bufio.NewWriter(w)
	switch f {
	case Auto, JSON:
		out := jsonInstance{Name: inst.Name, Width: p.Cols, Height: p.Rows, NumColors: inst.Colours,
			Pieces: make([][]int64, len(p.Pieces)), Hints: []jsonHint{}}
		for i := range p.Pieces {
			v := colours(&p.Pieces[i])
			out.Pieces[i] = v[:]
		}
		for _, h := range p.Fixed {
			out.Hints = append(out.Hints, jsonHint{
				Pos: int64(h.Cell.Row*p.Cols + h.Cell.Col), Piece: int64(h.Placement.Piece) + base, Rot: int64(h.Placement.Rotation)})
		}
		enc := json.NewEncoder(bw)
		if err := enc.Encode(out); err != nil {
			return fmt.Errorf("eternity: %w", err)
		}
	case Sized, Heule, Comma:
		if f == Sized {
			fmt.Fprintf(bw, "%d %d\n", p.Cols, p.Rows)
		}
		if f == Heule {
			fmt.Fprintf(bw, "%d\n", len(p.Fixed))
			for _, h := range p.Fixed {
				fmt.Fprintf(bw, "%d %d %d\n", h.Cell.Row*p.Cols+h.Cell.Col, int64(h.Placement.Piece)+base, h.Placement.Rotation)
			}
		}
		sep := " "
		if f == Comma {
			sep = ","
		}
		for i := range p.Pieces {
			v := colours(&p.Pieces[i])
			fmt.Fprintf(bw, "%d%s%d%s%d%s%d\n", v[0], sep, v[1], sep, v[2], sep, v[3])
		}
	default:
		return fmt.Errorf("eternity: unknown format %v", f)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("eternity: writing: %w", err)
	}
	return nil
}

// FrameFaults counts the pieces whose grey sides no frame position explains:
// two grey sides facing each other, or a piece with one grey side whose
// opposite side carries a colour that also lies beside a grey side on some
// piece (in a well-read file the side opposite a frame piece's grey side
// faces inwards and the sides beside it run along the frame, and the two
// kinds of colours are apart). A file read in the wrong side order shows
// many such pieces; a correctly read Eternity-style set shows none.
func FrameFaults(p *puzzle.Puzzle) int {
	if p == nil {
		return 0
	}
	return frameFaults(p, [4]puzzle.Side{0, 1, 2, 3})
}

// frameFaults is FrameFaults with each piece's sides read through perm:
// side s shows what the piece holds on perm[s].
func frameFaults(p *puzzle.Puzzle, perm [4]puzzle.Side) int {
	edge := func(pc *puzzle.Piece, s puzzle.Side) puzzle.Label { return pc.Edges[perm[s]] }
	beside := map[puzzle.Label]bool{}
	for i := range p.Pieces {
		pc := &p.Pieces[i]
		for _, s := range puzzle.Sides {
			if edge(pc, s) != puzzle.Flat {
				continue
			}
			for _, n := range []puzzle.Side{(s + 1) & 3, (s + 3) & 3} {
				if l := edge(pc, n); l != puzzle.Flat {
					beside[l] = true
				}
			}
		}
	}
	faults := 0
	for i := range p.Pieces {
		pc := &p.Pieces[i]
		flats := 0
		var flat puzzle.Side
		opposite := false
		for _, s := range puzzle.Sides {
			if edge(pc, s) == puzzle.Flat {
				flats++
				flat = s
				if edge(pc, s.Opposite()) == puzzle.Flat {
					opposite = true
				}
			}
		}
		switch {
		case opposite:
			faults++
		case flats == 1 && beside[edge(pc, flat.Opposite())]:
			faults++
		}
	}
	return faults
}

// sideSwaps are the reorderings that reach the other two cyclic side orders
// from any one: every order of four sides is one of three cycles, each up
// to turning and mirroring, and turning or mirroring every piece alike does
// not change which frame positions the pieces fit.
var sideSwaps = [...][4]puzzle.Side{
	{0, 2, 1, 3}, // swap the second and third columns
	{0, 1, 3, 2}, // swap the third and fourth columns
}

// SuggestSideOrder reports whether the frame colours of p, read from a file
// in side order read, fit another order better: it returns that order and
// true when the file as read has frame faults (FrameFaults) and a reordering
// of the file's columns has none. A mirrored order (top, left, bottom,
// right) cannot be told apart this way, since mirroring every piece
// mirrors the solutions too; hints and boards read with it are still wrong.
func SuggestSideOrder(p *puzzle.Puzzle, read SideOrder) (SideOrder, bool) {
	if p == nil || !read.Valid() || FrameFaults(p) == 0 {
		return read, false
	}
	for _, sw := range sideSwaps {
		var better SideOrder
		for i := range read {
			better[i] = read[sw[i]]
		}
		if frameFaultsReordered(p, read, better) == 0 {
			return better, true
		}
	}
	return read, false
}

// frameFaultsReordered counts the frame faults of p re-read from order read
// into order better.
func frameFaultsReordered(p *puzzle.Puzzle, read, better SideOrder) int {
	var perm [4]puzzle.Side
	for i := range read {
		perm[better[i]] = read[i]
	}
	return frameFaults(p, perm)
}
