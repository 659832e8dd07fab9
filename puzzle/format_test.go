package puzzle

import (
	"bytes"
	"errors"
	"image"
	"io"
	"math"
	"os"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// formatErrorCase is an input that a parser must reject, the line it must
// blame and the facts its message must mention.
type formatErrorCase struct {
	name string
	in   string
	line int
	want []string
}

// nineLabelPieces is the body of a 3x3 puzzle, nine piece lines.
var nineLabelPieces = strings.Repeat("piece 1 2 3 4\n", 9)

var puzzleErrorCases = []formatErrorCase{
	{name: "unknown directive", in: "size 2x2\npeice 1 2 3 4\n", line: 2, want: []string{`unknown directive "peice"`}},
	{name: "unknown directive before size", in: "sise 2x2\n", line: 1, want: []string{`unknown directive "sise"`}},
	{name: "upper-case keyword", in: "Size 2x2\n", line: 1, want: []string{`unknown directive "Size"`}},
	{name: "missing size before rule", in: "# a comment\nrule equal\nsize 2x2\n", line: 2, want: []string{"rule before size"}},
	{name: "missing size before piece", in: "piece 1 2 3 4\n", line: 1, want: []string{"piece before size"}},
	{name: "missing size in empty file", in: "", line: 1, want: []string{"missing size"}},
	{name: "missing size in comments only", in: "# a\n\n   # b\n", line: 3, want: []string{"missing size"}},
	{name: "duplicate size", in: "size 2x2\npiece 1 2 3 4\nsize 3x3\n", line: 3, want: []string{"duplicate size", "line 1"}},
	{name: "size zero rows", in: "# c\nsize 0x4\n", line: 2, want: []string{"size 0x4: rows must be at least 1"}},
	{name: "size zero columns", in: "size 3x0\n", line: 1, want: []string{"size 3x0: columns must be at least 1"}},
	{name: "size without x", in: "size 3by4\n", line: 1, want: []string{`size "3by4"`, "ROWSxCOLS"}},
	{name: "size upper-case X", in: "size 3X4\n", line: 1, want: []string{`size "3X4"`}},
	{name: "size negative", in: "size -3x4\n", line: 1, want: []string{`size "-3x4"`}},
	{name: "size missing columns", in: "size 3x\n", line: 1, want: []string{`size "3x"`}},
	{name: "size three numbers", in: "size 3x4x5\n", line: 1, want: []string{`size "3x4x5"`}},
	{name: "size absurd", in: "size 100000000x100000000\n", line: 1, want: []string{"100000000x100000000", "more than 16777216 cells"}},
	{name: "size beyond int", in: "size 99999999999999999999x1\n", line: 1, want: []string{"more than 16777216 cells"}},
	// 4097×4096 is one row more than the 1<<24 cells Validate allows.
	{name: "size one row too many", in: "size 4097x4096\n", line: 1, want: []string{"4097x4096", "more than"}},
	{name: "size two arguments", in: "size 3 4\n", line: 1, want: []string{"size takes 1 argument, got 2"}},
	{name: "rule without value", in: "size 2x2\nrule\n", line: 2, want: []string{"rule takes 1 argument, got 0"}},
	{name: "rule unknown", in: "size 2x2\nrule same\n", line: 2, want: []string{`unknown rule "same"`, "equal", "complement"}},
	{name: "rule upper case", in: "size 2x2\nrule Equal\n", line: 2, want: []string{`unknown rule "Equal"`}},
	{name: "duplicate rule", in: "size 2x2\nrule equal\n\nrule complement\n", line: 4, want: []string{"duplicate rule", "line 2"}},
	{name: "rotate maybe", in: "size 2x2\nrotate maybe\n", line: 2, want: []string{`rotate "maybe": want yes or no`}},
	{name: "duplicate rotate", in: "size 2x2\nrotate yes\nrotate no\n", line: 3, want: []string{"duplicate rotate", "line 2"}},
	{name: "extra as number", in: "size 2x2\nextra 1\n", line: 2, want: []string{`extra "1": want yes or no`}},
	{name: "duplicate extra", in: "size 2x2\nextra no\nextra no\n", line: 3, want: []string{"duplicate extra"}},
	{name: "piece with 3 labels", in: "size 2x2\n#\n#\n#\n#\npiece 1 2 3 4\npiece 1 2 3\n", line: 7, want: []string{"piece has 3 labels, want 4"}},
	{name: "piece with 5 labels", in: "size 2x2\npiece 1 2 3 4 5\n", line: 2, want: []string{"piece has 5 labels, want 4"}},
	{name: "piece without labels", in: "size 2x2\npiece\n", line: 2, want: []string{"piece has 0 labels, want 4"}},
	// 2147483648 is math.MaxInt32 + 1.
	{name: "label above int32", in: "size 2x2\npiece 1 2147483648 0 0\n", line: 2, want: []string{"piece 0", "right", "2147483648 is out of range", "int32"}},
	// -2147483649 is math.MinInt32 - 1.
	{name: "label below int32", in: "size 2x2\npiece 1 2 3 4\npiece 0 0 0 -2147483649\n", line: 3, want: []string{"piece 1", "left", "-2147483649 is out of range", "-2147483647 to 2147483647"}},
	// -2147483648 is math.MinInt32, one below MinLabel: its complement
	// would not be an int32.
	{name: "label MinInt32", in: "size 2x2\npiece 1 2 3 4\npiece 0 0 -2147483648 0\n", line: 3, want: []string{"piece 1", "bottom", "-2147483648 is out of range", "-2147483647 to 2147483647"}},
	{name: "label not a number", in: "size 2x2\npiece 1 a 0 0\n", line: 2, want: []string{`"a"`, "not an integer"}},
	{name: "label fractional", in: "size 2x2\npiece 1 1.5 0 0\n", line: 2, want: []string{`"1.5"`, "not an integer"}},
	{name: "fixed with 3 numbers", in: "size 2x2\npiece 1 2 3 4\nfixed 0 0 0\n", line: 3, want: []string{"fixed takes 4 numbers", "got 3"}},
	{name: "fixed row not a number", in: "size 2x2\npiece 1 2 3 4\nfixed a 0 0 0\n", line: 3, want: []string{`fixed row "a"`}},
	{name: "fixed piece not a number", in: "size 2x2\npiece 1 2 3 4\nfixed 0 0 p 0\n", line: 3, want: []string{`fixed piece "p"`}},
	{name: "fixed row off board", in: "size 3x3\n" + nineLabelPieces + "fixed 3 0 0 0\n", line: 11, want: []string{"fixed cell (3,0) is off the 3x3 board"}},
	{name: "fixed column negative", in: "size 3x3\n" + nineLabelPieces + "fixed 0 -1 0 0\n", line: 11, want: []string{"fixed cell (0,-1) is off"}},
	{name: "fixed row beyond int64", in: "size 3x3\nfixed 99999999999999999999 0 0 0\n", line: 2, want: []string{"(99999999999999999999,0) is off"}},
	// The example of the format's specification: a fixed line before the
	// last pieces, naming a piece that does not exist.
	{name: "fixed piece out of range", in: "size 3x3\n" + strings.Repeat("piece 1 2 3 4\n", 7) + "fixed 0 0 12 0\npiece 1 2 3 4\npiece 1 2 3 4\n", line: 9, want: []string{"fixed piece 12: pieces are 0 to 8"}},
	{name: "fixed piece negative", in: "size 3x3\npiece 1 2 3 4\nfixed 0 0 -1 0\n", line: 3, want: []string{"fixed piece -1: pieces are 0 to 0"}},
	{name: "fixed piece beyond int64", in: "size 3x3\npiece 1 2 3 4\nfixed 0 0 99999999999999999999 0\n", line: 3, want: []string{"fixed piece 99999999999999999999: pieces are 0 to 0"}},
	{name: "fixed rotation 4", in: "size 3x3\npiece 1 2 3 4\nfixed 0 0 0 4\n", line: 3, want: []string{"fixed piece 0", "rotation 4: rotations are 0 to 3"}},
	{name: "fixed rotation negative", in: "size 3x3\npiece 1 2 3 4\nfixed 0 0 0 -1\n", line: 3, want: []string{`rotation "-1"`}},
	{name: "fixed cell twice", in: "size 3x3\npiece 1 2 3 4\npiece 1 2 3 4\nfixed 1 2 0 0\nfixed 1 2 1 0\n", line: 5, want: []string{"cell (1,2) is already fixed on line 4"}},
	{name: "fixed piece twice", in: "size 3x3\npiece 1 2 3 4\nfixed 0 0 0 0\nfixed 0 1 0 0\n", line: 4, want: []string{"piece 0 is already fixed on line 3"}},
	{name: "no pieces", in: "size 2x2\nrule equal\n", line: 2, want: []string{"no pieces"}},
	{name: "more pieces than cells", in: "size 1x2\npiece 1 2 3 4\npiece 1 2 3 4\npiece 1 2 3 4\n# end\n", line: 4, want: []string{"piece 2 does not fit", "3 pieces", "2 cells", "extra yes"}},
	{name: "line over the limit", in: "size 2x2\n" + strings.Repeat("#", maxLineLen+1) + "\npiece 1 2 3 4\n", line: 2, want: []string{"limit", "1048576"}},
	{name: "line far over the limit", in: "size 2x2\npiece 1 2 3 4\n" + strings.Repeat(" ", 3*maxLineLen), line: 3, want: []string{"limit", "1048576"}},
}

var boardErrorCases = []formatErrorCase{
	{name: "empty file", in: "", line: 1, want: []string{"missing board"}},
	{name: "comments only", in: "# a\n# b\n", line: 2, want: []string{"missing board"}},
	{name: "row before board", in: "0/0 1/0\n", line: 1, want: []string{`"0/0" before board`}},
	{name: "upper-case keyword", in: "Board 1x1\n0\n", line: 1, want: []string{`"Board" before board`}},
	{name: "board without size", in: "board\n", line: 1, want: []string{"board takes 1 argument, got 0"}},
	{name: "board two arguments", in: "board 2 2\n", line: 1, want: []string{"board takes 1 argument, got 2"}},
	{name: "board zero rows", in: "\nboard 0x4\n", line: 2, want: []string{"board 0x4: rows must be at least 1"}},
	{name: "board zero columns", in: "board 4x0\n", line: 1, want: []string{"board 4x0: columns must be at least 1"}},
	{name: "board not ROWSxCOLS", in: "board 4\n", line: 1, want: []string{`board "4"`, "ROWSxCOLS"}},
	{name: "board absurd", in: "board 100000000x100000000\n", line: 1, want: []string{"more than 16777216 cells"}},
	{name: "duplicate board", in: "board 1x1\nboard 1x1\n", line: 2, want: []string{"duplicate board", "line 1"}},
	{name: "row too short", in: "board 2x3\n0 1 2\n3 4\n", line: 3, want: []string{"row 1 has 2 cells, want 3"}},
	{name: "row too long", in: "board 2x3\n0 1 2 3\n", line: 2, want: []string{"row 0 has 4 cells, want 3"}},
	{name: "word for a cell", in: "board 1x2\n0 x\n", line: 2, want: []string{"cell (0,1)", `bad cell "x"`}},
	{name: "rotation missing", in: "board 1x2\n0 5/\n", line: 2, want: []string{"cell (0,1)", `rotation ""`}},
	{name: "piece missing", in: "board 1x2\n0 /1\n", line: 2, want: []string{"cell (0,1)", `bad cell "/1"`}},
	{name: "two slashes", in: "board 1x2\n0 5/1/2\n", line: 2, want: []string{"cell (0,1)", `rotation "1/2"`}},
	{name: "negative piece", in: "board 1x2\n-1 0\n", line: 2, want: []string{"cell (0,0)", `bad cell "-1"`, "write . for a hole"}},
	{name: "dash for a hole", in: "board 1x2\n- 0\n", line: 2, want: []string{"cell (0,0)", `bad cell "-"`}},
	{name: "rotation 4", in: "board 2x2\n0 1\n2 3/4\n", line: 3, want: []string{"cell (1,1)", "piece 3", "rotation 4: rotations are 0 to 3"}},
	{name: "rotation negative", in: "board 1x1\n5/-1\n", line: 2, want: []string{`rotation "-1"`}},
	// 2147483648 is math.MaxInt32 + 1, one past the largest PieceID.
	{name: "piece beyond int32", in: "board 1x1\n2147483648/0\n", line: 2, want: []string{"piece 2147483648 is out of range", "2147483647"}},
	{name: "too many rows", in: "board 1x2\n0 1\n\n2 3\n", line: 4, want: []string{"too many rows", "1x2"}},
	{name: "too few rows", in: "board 3x2\n0 1\n2 3\n# end\n", line: 4, want: []string{"too few rows", "after 2 of", "3 rows"}},
	{name: "piece placed twice", in: "board 2x2\n0 1\n. 1/2\n", line: 3, want: []string{"cell (1,1)", "piece 1 is already placed at (0,1) on line 2"}},
	{name: "line over the limit", in: "board 1x1\n" + strings.Repeat("\t", maxLineLen+1) + "\n0\n", line: 2, want: []string{"limit"}},
}

func TestParsePuzzleErrors(t *testing.T) {
	for _, tc := range puzzleErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePuzzle(strings.NewReader(tc.in))
			checkSyntaxError(t, p, err, tc)
		})
	}
}

func TestParseBoardErrors(t *testing.T) {
	for _, tc := range boardErrorCases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseBoard(strings.NewReader(tc.in))
			checkSyntaxError(t, b, err, tc)
		})
	}
}

func checkSyntaxError[T any](t *testing.T, got *T, err error, tc formatErrorCase) {
	t.Helper()
	if err == nil {
		t.Fatalf("parsed %+v, want an error on line %d", got, tc.line)
	}
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v is a %T, want a *SyntaxError", err, err)
	}
	if se.Line != tc.line {
		t.Errorf("error %q is on line %d, want %d", err, se.Line, tc.line)
	}
	if !strings.HasPrefix(err.Error(), "puzzle: line ") {
		t.Errorf("error %q does not start with \"puzzle: line \"", err)
	}
	for _, w := range tc.want {
		if !strings.Contains(se.Msg, w) {
			t.Errorf("error %q does not mention %q", err, w)
		}
	}
}

// The messages quoted in the format's specification, word for word.
func TestSyntaxErrorText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{
			name: "zero rows",
			in:   "# a board needs a row\nsize 0x4\n",
			want: "puzzle: line 2: size 0x4: rows must be at least 1",
		},
		{
			name: "fixed piece out of range",
			in:   "size 3x3\n" + strings.Repeat("piece 1 2 3 4\n", 7) + "fixed 0 0 12 0\npiece 1 2 3 4\npiece 1 2 3 4\n",
			want: "puzzle: line 9: fixed piece 12: pieces are 0 to 8",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParsePuzzle(strings.NewReader(tc.in))
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestParsePuzzle(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *Puzzle
	}{
		{
			name: "defaults",
			in:   "size 1x2\npiece 0 1 0 0\npiece 0 0 0 1\n",
			want: &Puzzle{Rows: 1, Cols: 2, Pieces: []Piece{{ID: 0, Edges: [4]Label{0, 1, 0, 0}}, {ID: 1, Edges: [4]Label{0, 0, 0, 1}}}},
		},
		{
			name: "any order after size, fixed before its piece",
			in: "size 2x1   # two rows\n\tfixed 1 0 1 3\t# a hint\nextra yes\npiece 0 0 -7 0\n" +
				"rotate yes\npiece +7 0 0 0\nrule complement\n",
			want: &Puzzle{
				Rows: 2, Cols: 1, Rule: Complement, Rotatable: true, AllowExtra: true,
				Pieces: []Piece{{ID: 0, Edges: [4]Label{0, 0, -7, 0}}, {ID: 1, Edges: [4]Label{7, 0, 0, 0}}},
				Fixed:  []FixedPiece{{Cell: Cell{1, 0}, Placement: Placement{Piece: 1, Rotation: 3}}},
			},
		},
		{
			name: "byte order mark and CRLF line ends",
			in:   "\ufeffsize 1x1\r\nrotate no\r\npiece 1 2 3 4\r\n",
			want: &Puzzle{Rows: 1, Cols: 1, Pieces: []Piece{{ID: 0, Edges: [4]Label{1, 2, 3, 4}}}},
		},
		{
			// MinLabel and math.MaxInt32.
			name: "label extremes",
			in:   "size 1x1\npiece -2147483647 2147483647 0 0\n",
			want: &Puzzle{Rows: 1, Cols: 1, Pieces: []Piece{{ID: 0, Edges: [4]Label{MinLabel, math.MaxInt32, 0, 0}}}},
		},
		{
			// 1<<24 cells, the most Validate allows; nothing is allocated
			// per cell.
			name: "largest board",
			in:   "size 1x16777216\npiece 1 2 3 4\n",
			want: &Puzzle{Rows: 1, Cols: 1 << 24, Pieces: []Piece{{ID: 0, Edges: [4]Label{1, 2, 3, 4}}}},
		},
		{
			name: "comment line at the length limit",
			in:   "size 1x1\n" + "#" + strings.Repeat("x", maxLineLen-1) + "\r\npiece 1 2 3 4",
			want: &Puzzle{Rows: 1, Cols: 1, Pieces: []Piece{{ID: 0, Edges: [4]Label{1, 2, 3, 4}}}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParsePuzzle(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// formatTestPuzzles are valid label puzzles covering both rules, rotation,
// extra and missing pieces, and fixed pieces.
func formatTestPuzzles() []struct {
	name string
	p    *Puzzle
} {
	pieces := func(edges ...[4]Label) []Piece {
		ps := make([]Piece, len(edges))
		for i, e := range edges {
			ps[i] = Piece{ID: PieceID(i), Edges: e}
		}
		return ps
	}
	return []struct {
		name string
		p    *Puzzle
	}{
		{"one piece", &Puzzle{Rows: 1, Cols: 1, Pieces: pieces([4]Label{})}},
		{"equal rule with a turned hint", &Puzzle{
			Rows: 2, Cols: 2, Rule: Equal,
			Pieces: pieces([4]Label{0, 1, 2, 0}, [4]Label{0, 0, 3, 1}, [4]Label{2, 4, 0, 0}, [4]Label{3, 0, 0, 4}),
			Fixed:  []FixedPiece{{Cell: Cell{1, 1}, Placement: Placement{Piece: 3, Rotation: 2}}},
		}},
		{"complement rule, rotatable, holes", &Puzzle{
			Rows: 2, Cols: 3, Rule: Complement, Rotatable: true,
			Pieces: pieces([4]Label{0, 5, -6, 0}, [4]Label{-5, 0, 0, 7}, [4]Label{6, -7, 0, 0}, [4]Label{1, 1, -1, -1}),
			Fixed: []FixedPiece{
				{Cell: Cell{0, 2}, Placement: Placement{Piece: 2, Rotation: 1}},
				{Cell: Cell{1, 0}, Placement: Placement{Piece: 0, Rotation: 0}},
				{Cell: Cell{0, 0}, Placement: Placement{Piece: 3, Rotation: 3}},
			},
		}},
		{"extra pieces", &Puzzle{
			Rows: 1, Cols: 2, Rule: Complement, Rotatable: true, AllowExtra: true,
			Pieces: pieces([4]Label{0, 9, 0, 0}, [4]Label{0, 0, 0, -9}, [4]Label{4, 4, 4, 4}, [4]Label{-4, 8, 0, 2}),
		}},
		{"extra allowed but unused", &Puzzle{
			Rows: 3, Cols: 1, AllowExtra: true,
			Pieces: pieces([4]Label{0, 0, 1, 0}),
		}},
		{"label extremes", &Puzzle{
			Rows: 1, Cols: 2,
			Pieces: pieces([4]Label{MinLabel, math.MaxInt32, -1, 0}, [4]Label{0, 0, math.MaxInt32, MinLabel}),
		}},
	}
}

func TestPuzzleRoundTrip(t *testing.T) {
	for _, tc := range formatTestPuzzles() {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.p.Validate(); err != nil {
				t.Fatalf("test puzzle is invalid: %v", err)
			}
			var buf bytes.Buffer
			if err := FormatPuzzle(&buf, tc.p); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			got, err := ParsePuzzle(strings.NewReader(text))
			if err != nil {
				t.Fatalf("%v; the text:\n%s", err, text)
			}
			if !reflect.DeepEqual(got, tc.p) {
				t.Fatalf("round trip gave %+v\nwant %+v\ntext:\n%s", got, tc.p, text)
			}
			buf.Reset()
			if err := FormatPuzzle(&buf, got); err != nil {
				t.Fatal(err)
			}
			if buf.String() != text {
				t.Errorf("formatting is not stable:\n%s\nthen\n%s", text, buf.String())
			}
		})
	}
}

// The canonical text, pinned so that changes to it are deliberate.
func TestFormatPuzzleText(t *testing.T) {
	p := &Puzzle{
		Rows: 2, Cols: 2, Rule: Complement, Rotatable: true,
		Pieces: []Piece{
			{ID: 0, Edges: [4]Label{0, 1, -2, 0}},
			{ID: 1, Edges: [4]Label{0, 0, 3, -1}},
			{ID: 2, Edges: [4]Label{2, -14, 0, 0}},
			{ID: 3, Edges: [4]Label{-3, 0, 0, 14}},
		},
		Fixed: []FixedPiece{{Cell: Cell{0, 0}, Placement: Placement{Piece: 0}}},
	}
	const want = `# jigsaw puzzle: 2x2 board, 4 pieces
size 2x2
rule complement
rotate yes
extra no
piece   0   1  -2   0  # 0
piece   0   0   3  -1  # 1
piece   2 -14   0   0  # 2
piece  -3   0   0  14  # 3
fixed 0 0 0 0
`
	var buf bytes.Buffer
	if err := FormatPuzzle(&buf, p); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestFormatPuzzleDropsImages(t *testing.T) {
	withImages := formatTestPuzzles()[1].p.Clone()
	for i := range withImages.Pieces {
		withImages.Pieces[i].Image = image.NewGray(image.Rect(0, 0, 4, 4))
	}
	var buf bytes.Buffer
	if err := FormatPuzzle(&buf, withImages); err != nil {
		t.Fatal(err)
	}
	got, err := ParsePuzzle(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if want := formatTestPuzzles()[1].p; !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want the label puzzle %+v", got, want)
	}
}

func TestFormatPuzzleErrors(t *testing.T) {
	valid := formatTestPuzzles()[1].p
	tests := []struct {
		name string
		p    *Puzzle
		w    io.Writer
		want string
	}{
		{name: "nil puzzle", p: nil, w: new(bytes.Buffer), want: "nil puzzle"},
		{name: "no pieces", p: &Puzzle{Rows: 2, Cols: 2}, w: new(bytes.Buffer), want: "no pieces"},
		{name: "fixed piece off the board", p: func() *Puzzle {
			q := valid.Clone()
			q.Fixed[0].Cell = Cell{2, 0}
			return q
		}(), w: new(bytes.Buffer), want: "off the 2×2 board"},
		{name: "writer fails", p: valid, w: failingWriter{}, want: errWriteFailed.Error()},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := FormatPuzzle(tc.w, tc.p)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.want)
			}
			if buf, ok := tc.w.(*bytes.Buffer); ok && buf.Len() > 0 {
				t.Errorf("wrote %q for an invalid puzzle", buf.String())
			}
		})
	}
}

var errWriteFailed = errors.New("disk full")

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWriteFailed }

// failingReader returns its data and then an error other than io.EOF.
type failingReader struct{ data *strings.Reader }

var errReadFailed = errors.New("connection reset")

func (r failingReader) Read(p []byte) (int, error) {
	if r.data.Len() == 0 {
		return 0, errReadFailed
	}
	return r.data.Read(p)
}

func TestParseReadError(t *testing.T) {
	for _, parse := range []struct {
		name string
		fn   func(io.Reader) error
	}{
		{"puzzle", func(r io.Reader) error { _, err := ParsePuzzle(r); return err }},
		{"board", func(r io.Reader) error { _, err := ParseBoard(r); return err }},
	} {
		t.Run(parse.name, func(t *testing.T) {
			err := parse.fn(failingReader{strings.NewReader("# one\n# two\n")})
			if !errors.Is(err, errReadFailed) {
				t.Fatalf("error %v, want %v", err, errReadFailed)
			}
			var se *SyntaxError
			if errors.As(err, &se) {
				t.Errorf("read error %v reported as a syntax error", err)
			}
			if !strings.Contains(err.Error(), "line 3") {
				t.Errorf("error %q does not name line 3, the one being read", err)
			}
		})
	}
}

func TestParseBoard(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want *Board
	}{
		{
			name: "all three cell forms",
			in:   "# a solution\nboard 2x3\n0/1 5/0 .   # first row\n\t2 3/3 4/2\n",
			want: &Board{Rows: 2, Cols: 3, Cells: []Placement{{0, 1}, {5, 0}, Empty, {2, 0}, {3, 3}, {4, 2}}},
		},
		{
			name: "leading zeros",
			in:   "board 1x2\n007/03 0\n",
			want: &Board{Rows: 1, Cols: 2, Cells: []Placement{{7, 3}, {0, 0}}},
		},
		{
			name: "only holes",
			in:   "board 2x1\n.\n.\n",
			want: &Board{Rows: 2, Cols: 1, Cells: []Placement{Empty, Empty}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseBoard(strings.NewReader(tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if got.Rows != tc.want.Rows || got.Cols != tc.want.Cols || !got.Equal(tc.want) {
				t.Errorf("got\n%v\nwant\n%v", got, tc.want)
			}
		})
	}
}

// A file may claim a board of millions of cells and stop short; reading it
// must not cost memory for cells that never come.
func TestParseBoardAllocatesOnlyWhatItReads(t *testing.T) {
	// 4096×4096 is the most cells a board may have, 1<<24; as placements
	// they would take 128 MiB.
	const in = "board 4096x4096\n0 1 2\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ParseBoard(strings.NewReader(in))
	runtime.ReadMemStats(&after)
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v, want a *SyntaxError for the short row", err)
	}
	// The bound leaves room for anything else the process allocates
	// meanwhile and still catches an allocation of the claimed size.
	if got := after.TotalAlloc - before.TotalAlloc; got > 16<<20 {
		t.Errorf("parsing %q allocated %d bytes, want under 16 MiB", in, got)
	}
}

// formatTestBoards are boards that FormatBoard accepts.
func formatTestBoards() []struct {
	name string
	b    *Board
} {
	// One "1/1" among holes: padded to its width the row would take about
	// 2*maxLineLen bytes; unpadded it takes maxLineLen-1.
	wide := NewBoard(1, maxLineLen/2-1)
	wide.Cells[len(wide.Cells)-1] = Placement{Piece: 1, Rotation: 1}
	return []struct {
		name string
		b    *Board
	}{
		{"one hole", NewBoard(1, 1)},
		{"full and turned", &Board{Rows: 2, Cols: 2, Cells: []Placement{{3, 0}, {2, 1}, {1, 2}, {0, 3}}}},
		{"holes and wide IDs", &Board{Rows: 3, Cols: 2, Cells: []Placement{Empty, {math.MaxInt32, 3}, {10, 0}, Empty, {0, 2}, {999, 1}}}},
		{"one column", &Board{Rows: 4, Cols: 1, Cells: []Placement{{0, 0}, Empty, {2, 2}, {1, 0}}}},
		{"row too wide to pad", wide},
	}
}

func TestBoardRoundTrip(t *testing.T) {
	for _, tc := range formatTestBoards() {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := FormatBoard(&buf, tc.b); err != nil {
				t.Fatal(err)
			}
			text := buf.String()
			got, err := ParseBoard(strings.NewReader(text))
			if err != nil {
				t.Fatalf("%v; the text:\n%.500s", err, text)
			}
			if got.Rows != tc.b.Rows || got.Cols != tc.b.Cols || !got.Equal(tc.b) {
				t.Fatalf("round trip gave\n%.500v\nwant\n%.500v", got, tc.b)
			}
			if s := tc.b.String(); s != text {
				t.Errorf("String() = %.500q, want FormatBoard's %.500q", s, text)
			}
		})
	}
}

func TestFormatBoardText(t *testing.T) {
	b := &Board{Rows: 2, Cols: 3, Cells: []Placement{{0, 1}, {5, 0}, Empty, {12, 0}, {3, 3}, {4, 2}}}
	const want = "board 2x3\n0/1   5   .\n 12 3/3 4/2\n"
	var buf bytes.Buffer
	if err := FormatBoard(&buf, b); err != nil {
		t.Fatal(err)
	}
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestFormatBoardErrors(t *testing.T) {
	tooWide := NewBoard(1, maxLineLen/2+1) // ". " per cell: one byte over the limit
	tests := []struct {
		name string
		b    *Board
		want string
	}{
		{name: "nil", b: nil, want: "nil board"},
		{name: "no rows", b: &Board{Rows: 0, Cols: 2}, want: "0×2"},
		{name: "absurd size", b: &Board{Rows: 1 << 20, Cols: 1 << 20}, want: "16777216 cells"},
		{name: "cells missing", b: &Board{Rows: 2, Cols: 2, Cells: make([]Placement, 3)}, want: "has 3 cells"},
		{name: "hole with a rotation", b: &Board{Rows: 1, Cols: 2, Cells: []Placement{{0, 0}, {NoPiece, 2}}}, want: "cell (0,1) is a hole with rotation 2"},
		{name: "negative piece", b: &Board{Rows: 1, Cols: 2, Cells: []Placement{{-2, 0}, {0, 0}}}, want: "cell (0,0) holds piece -2"},
		{name: "rotation 4", b: &Board{Rows: 1, Cols: 1, Cells: []Placement{{0, 4}}}, want: "cell (0,0) turns piece 0 by 4"},
		{name: "piece placed twice", b: &Board{Rows: 2, Cols: 1, Cells: []Placement{{7, 0}, {7, 1}}}, want: "piece 7 is placed twice, at (0,0) and (1,0)"},
		{name: "row over the line limit", b: tooWide, want: "more than 1048576 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := FormatBoard(&buf, tc.b)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one mentioning %q", err, tc.want)
			}
			if buf.Len() > 0 {
				t.Errorf("wrote %q for a board it rejects", buf.String())
			}
		})
	}
	if err := FormatBoard(failingWriter{}, NewBoard(1, 1)); !errors.Is(err, errWriteFailed) {
		t.Errorf("writer failure: error %v, want %v", err, errWriteFailed)
	}
}

// String shows boards that FormatBoard rejects, since those are the ones a
// failing test most needs to print.
func TestBoardStringInvalid(t *testing.T) {
	tests := []struct {
		name string
		b    *Board
		want string
	}{
		{name: "nil", b: nil, want: "<nil board>"},
		{name: "piece placed twice", b: &Board{Rows: 1, Cols: 2, Cells: []Placement{{1, 0}, {1, 2}}}, want: "board 1x2\n  1 1/2\n"},
		{name: "hole with a rotation", b: &Board{Rows: 1, Cols: 2, Cells: []Placement{{0, 0}, {NoPiece, 1}}}, want: "board 1x2\n   0 -1/1\n"},
		{name: "cells missing", b: &Board{Rows: 2, Cols: 2, Cells: []Placement{{0, 0}, Empty}}, want: "Board{Rows: 2, Cols: 2, Cells: [0/0 -]}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

// The example files in testdata hold a puzzle and its solution; reading
// both and checking every join keeps the parsers and the files honest.
func TestShapesTestdata(t *testing.T) {
	p := readTestPuzzle(t, "testdata/shapes-3x3.txt")
	b := readTestBoard(t, "testdata/shapes-3x3-solution.txt")
	if p.Rows != 3 || p.Cols != 3 || len(p.Pieces) != 9 || p.Rule != Complement || !p.Rotatable || len(p.Fixed) != 1 {
		t.Fatalf("read %+v, want the 3x3 rotatable complement puzzle with one hint", p)
	}
	if err := b.Validate(p); err != nil {
		t.Fatal(err)
	}
	for i, pl := range b.Cells {
		c := b.CellAt(i)
		for _, s := range Sides {
			l := p.Pieces[pl.Piece].Edge(pl.Rotation, s)
			n := c.Neighbour(s)
			if !b.In(n) {
				if l != Flat {
					t.Errorf("cell %v shows label %d on the board's %v edge, want flat", c, l, s)
				}
				continue
			}
			npl := b.At(n)
			if m := p.Pieces[npl.Piece].Edge(npl.Rotation, s.Opposite()); !p.Rule.Fits(l, m) {
				t.Errorf("cell %v shows %d on its %v side, facing %d: no fit", c, l, s, m)
			}
		}
	}
}

func readTestPuzzle(t *testing.T, name string) *Puzzle {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := ParsePuzzle(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

func readTestBoard(t *testing.T, name string) *Board {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := ParseBoard(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// addFormatSeeds gives a fuzz target every test input of the given kind and
// the example files, so that plain go test runs them all.
func addFormatSeeds(f *testing.F, cases []formatErrorCase, files ...string) {
	for _, tc := range cases {
		if len(tc.in) < 4096 { // long-line cases would slow fuzzing down
			f.Add(tc.in)
		}
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
}

// FuzzParsePuzzle checks that ParsePuzzle never panics, that it rejects
// input only with a *SyntaxError on a line of the input, and that whatever
// it accepts survives FormatPuzzle and ParsePuzzle again unchanged.
func FuzzParsePuzzle(f *testing.F) {
	addFormatSeeds(f, puzzleErrorCases, "testdata/shapes-3x3.txt")
	for _, tc := range formatTestPuzzles() {
		var buf bytes.Buffer
		if err := FormatPuzzle(&buf, tc.p); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.String())
	}
	f.Add("size 2x1\nfixed 1 0 1 3\nextra yes\npiece 0 0 -7 0\nrotate yes\npiece +7 0 0 0\nrule complement\n")
	f.Fuzz(func(t *testing.T, in string) {
		p, err := ParsePuzzle(strings.NewReader(in))
		if err != nil {
			checkFuzzError(t, in, err)
			return
		}
		var buf bytes.Buffer
		if err := FormatPuzzle(&buf, p); err != nil {
			t.Fatalf("parsed %+v, which FormatPuzzle rejects: %v", p, err)
		}
		text := buf.String()
		q, err := ParsePuzzle(strings.NewReader(text))
		if err != nil {
			t.Fatalf("FormatPuzzle wrote text ParsePuzzle rejects: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("round trip changed the puzzle:\n%+v\n%+v\ntext:\n%s", p, q, text)
		}
		buf.Reset()
		if err := FormatPuzzle(&buf, q); err != nil || buf.String() != text {
			t.Fatalf("formatting is not stable (error %v):\n%s\nthen\n%s", err, text, buf.String())
		}
	})
}

// FuzzParseBoard is FuzzParsePuzzle for boards.
func FuzzParseBoard(f *testing.F) {
	addFormatSeeds(f, boardErrorCases, "testdata/shapes-3x3-solution.txt")
	for _, tc := range formatTestBoards() {
		if len(tc.b.Cells) < 100 {
			f.Add(tc.b.String())
		}
	}
	f.Add("board 2x3\n0/1 5/0 .\n2 3/3 4/2\n")
	f.Fuzz(func(t *testing.T, in string) {
		b, err := ParseBoard(strings.NewReader(in))
		if err != nil {
			checkFuzzError(t, in, err)
			return
		}
		if len(b.Cells) != b.Rows*b.Cols {
			t.Fatalf("parsed a %dx%d board with %d cells", b.Rows, b.Cols, len(b.Cells))
		}
		var buf bytes.Buffer
		if err := FormatBoard(&buf, b); err != nil {
			t.Fatalf("parsed\n%v\nwhich FormatBoard rejects: %v", b, err)
		}
		text := buf.String()
		q, err := ParseBoard(strings.NewReader(text))
		if err != nil {
			t.Fatalf("FormatBoard wrote text ParseBoard rejects: %v\n%s", err, text)
		}
		if q.Rows != b.Rows || q.Cols != b.Cols || !q.Equal(b) {
			t.Fatalf("round trip changed the board:\n%v\n%v", b, q)
		}
		if s := q.String(); s != text {
			t.Fatalf("String() = %q, FormatBoard wrote %q", s, text)
		}
	})
}

func checkFuzzError(t *testing.T, in string, err error) {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v is a %T, want a *SyntaxError", err, err)
	}
	if lines := strings.Count(in, "\n") + 1; se.Line < 1 || se.Line > lines {
		t.Fatalf("error %q names line %d of an input of %d lines", err, se.Line, lines)
	}
}
