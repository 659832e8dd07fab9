package puzzle_test

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// sampleLabels are non-flat labels worth checking the rules on: small tabs
// and blanks, and both ends of the label range.
var sampleLabels = []puzzle.Label{1, -1, 7, -7, 1000, puzzle.MinLabel, -puzzle.MinLabel}

func TestMatchRuleFits(t *testing.T) {
	tests := []struct {
		name string
		rule puzzle.MatchRule
		a, b puzzle.Label
		want bool
	}{
		{name: "equal same", rule: puzzle.Equal, a: 3, b: 3, want: true},
		{name: "equal same negative", rule: puzzle.Equal, a: -3, b: -3, want: true},
		{name: "equal complement", rule: puzzle.Equal, a: 3, b: -3, want: false},
		{name: "equal other", rule: puzzle.Equal, a: 3, b: 4, want: false},
		{name: "equal least label", rule: puzzle.Equal, a: puzzle.MinLabel, b: puzzle.MinLabel, want: true},
		{name: "equal flat flat", rule: puzzle.Equal, a: puzzle.Flat, b: puzzle.Flat, want: false},
		{name: "equal flat first", rule: puzzle.Equal, a: puzzle.Flat, b: 5, want: false},
		{name: "equal flat second", rule: puzzle.Equal, a: 5, b: puzzle.Flat, want: false},
		{name: "complement tab blank", rule: puzzle.Complement, a: 3, b: -3, want: true},
		{name: "complement blank tab", rule: puzzle.Complement, a: -3, b: 3, want: true},
		{name: "complement same", rule: puzzle.Complement, a: 3, b: 3, want: false},
		{name: "complement other", rule: puzzle.Complement, a: 3, b: -4, want: false},
		{name: "complement range ends", rule: puzzle.Complement, a: puzzle.MinLabel, b: math.MaxInt32, want: true},
		{name: "complement flat flat", rule: puzzle.Complement, a: puzzle.Flat, b: puzzle.Flat, want: false},
		{name: "complement flat first", rule: puzzle.Complement, a: puzzle.Flat, b: -5, want: false},
		{name: "complement flat second", rule: puzzle.Complement, a: 5, b: puzzle.Flat, want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.rule.Fits(tc.a, tc.b); got != tc.want {
				t.Errorf("%v.Fits(%d, %d) = %v, want %v", tc.rule, tc.a, tc.b, got, tc.want)
			}
			// A join is the same join read from either side.
			if got := tc.rule.Fits(tc.b, tc.a); got != tc.want {
				t.Errorf("%v.Fits(%d, %d) = %v, want %v", tc.rule, tc.b, tc.a, got, tc.want)
			}
		})
	}
}

func TestMatchRuleMate(t *testing.T) {
	tests := []struct {
		name string
		rule puzzle.MatchRule
		a    puzzle.Label
		want puzzle.Label
	}{
		{name: "equal", rule: puzzle.Equal, a: 5, want: 5},
		{name: "equal flat", rule: puzzle.Equal, a: puzzle.Flat, want: puzzle.Flat},
		{name: "complement tab", rule: puzzle.Complement, a: 5, want: -5},
		{name: "complement blank", rule: puzzle.Complement, a: -5, want: 5},
		{name: "complement flat", rule: puzzle.Complement, a: puzzle.Flat, want: puzzle.Flat},
		{name: "complement least label", rule: puzzle.Complement, a: puzzle.MinLabel, want: math.MaxInt32},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.rule.Mate(tc.a); got != tc.want {
				t.Errorf("%v.Mate(%d) = %d, want %d", tc.rule, tc.a, got, tc.want)
			}
		})
	}
}

// TestMatchRuleLaws checks, for both rules, that Mate is an involution, that
// every non-flat label fits its mate, and that flat fits nothing.
func TestMatchRuleLaws(t *testing.T) {
	for _, rule := range []puzzle.MatchRule{puzzle.Equal, puzzle.Complement} {
		t.Run(rule.String(), func(t *testing.T) {
			for _, a := range append([]puzzle.Label{puzzle.Flat}, sampleLabels...) {
				if got := rule.Mate(rule.Mate(a)); got != a {
					t.Errorf("Mate(Mate(%d)) = %d", a, got)
				}
			}
			for _, a := range sampleLabels {
				if !rule.Fits(a, rule.Mate(a)) {
					t.Errorf("%d does not fit its mate %d", a, rule.Mate(a))
				}
				if rule.Fits(puzzle.Flat, a) || rule.Fits(a, puzzle.Flat) {
					t.Errorf("flat fits %d", a)
				}
			}
			if rule.Fits(puzzle.Flat, rule.Mate(puzzle.Flat)) {
				t.Error("flat fits its mate")
			}
		})
	}
}

func TestMatchRuleString(t *testing.T) {
	tests := []struct {
		name  string
		rule  puzzle.MatchRule
		valid bool
		str   string
	}{
		{name: "equal", rule: puzzle.Equal, valid: true, str: "equal"},
		{name: "complement", rule: puzzle.Complement, valid: true, str: "complement"},
		{name: "unknown", rule: 2, valid: false, str: "MatchRule(2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.rule.Valid(); got != tc.valid {
				t.Errorf("Valid() = %v, want %v", got, tc.valid)
			}
			if got := tc.rule.String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
		})
	}
}

// TestPieceEdge pins the orientation convention with a concrete piece: turned
// by r, side s shows what unrotated side (s-r) mod 4 held.
func TestPieceEdge(t *testing.T) {
	p := puzzle.Piece{ID: 0, Edges: [4]puzzle.Label{puzzle.Top: 1, puzzle.Right: 2, puzzle.Bottom: 3, puzzle.Left: 4}}
	// want[r] is Top, Right, Bottom, Left as seen after r quarter turns
	// clockwise, worked out by turning a card by hand.
	want := [4][4]puzzle.Label{
		{1, 2, 3, 4},
		{4, 1, 2, 3},
		{3, 4, 1, 2},
		{2, 3, 4, 1},
	}
	for _, r := range allRotations {
		for _, s := range puzzle.Sides {
			if got := p.Edge(r, s); got != want[r][s] {
				t.Errorf("turned %v, %v side shows %d, want %d", r, s, got, want[r][s])
			}
		}
		if got := p.Turned(r); got != want[r] {
			t.Errorf("Turned(%v) = %v, want %v", r, got, want[r])
		}
	}
}

func TestPlacement(t *testing.T) {
	tests := []struct {
		name  string
		pl    puzzle.Placement
		empty bool
		str   string
	}{
		{name: "hole", pl: puzzle.Empty, empty: true, str: "-"},
		{name: "piece 0 unturned", pl: puzzle.Placement{}, empty: false, str: "0/0"},
		{name: "piece 12 turned", pl: puzzle.Placement{Piece: 12, Rotation: 3}, empty: false, str: "12/3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.pl.IsEmpty(); got != tc.empty {
				t.Errorf("IsEmpty() = %v, want %v", got, tc.empty)
			}
			if got := tc.pl.String(); got != tc.str {
				t.Errorf("String() = %q, want %q", got, tc.str)
			}
		})
	}
	if puzzle.Empty.Piece != puzzle.NoPiece || puzzle.Empty.Rotation != 0 {
		t.Errorf("Empty = %+v, want piece NoPiece at rotation 0", puzzle.Empty)
	}
}

// modelPuzzle returns a valid rows×cols Equal puzzle of n pieces, piece i
// carrying labels 4i+1 to 4i+4, so that no two sides share a label.
func modelPuzzle(rows, cols, n int) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: rows, Cols: cols, Rule: puzzle.Equal}
	for i := range n {
		l := puzzle.Label(4*i + 1)
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: [4]puzzle.Label{l, l + 1, l + 2, l + 3}})
	}
	return p
}

// modified returns a copy of p changed by f.
func modified(p *puzzle.Puzzle, f func(*puzzle.Puzzle)) *puzzle.Puzzle {
	q := p.Clone()
	f(q)
	return q
}

// pinned returns a copy of p with fixed as its fixed pieces.
func pinned(p *puzzle.Puzzle, fixed ...puzzle.FixedPiece) *puzzle.Puzzle {
	q := p.Clone()
	q.Fixed = fixed
	return q
}

// fixedAt pins piece id turned by r to cell (row, col).
func fixedAt(row, col int, id puzzle.PieceID, r puzzle.Rotation) puzzle.FixedPiece {
	return puzzle.FixedPiece{Cell: puzzle.Cell{Row: row, Col: col}, Placement: puzzle.Placement{Piece: id, Rotation: r}}
}

// cellBound is the largest board Validate accepts: 1<<24 cells, the bound
// its error message states (maxCells in puzzle.go).
const cellBound = 1 << 24

func TestPuzzleValidate(t *testing.T) {
	base := modelPuzzle(2, 2, 4)
	// half squared wraps to exactly 0 in int arithmetic on any platform.
	const half = 1 << (strconv.IntSize / 2)
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		want []string // substrings of the error; nil for a valid puzzle
	}{
		{name: "nil puzzle", p: nil, want: []string{"nil puzzle"}},
		{name: "zero rows", p: modified(base, func(p *puzzle.Puzzle) { p.Rows = 0 }), want: []string{"0 rows and 2 columns"}},
		{name: "negative cols", p: modified(base, func(p *puzzle.Puzzle) { p.Cols = -3 }), want: []string{"2 rows and -3 columns"}},
		{name: "both negative", p: modified(base, func(p *puzzle.Puzzle) { p.Rows, p.Cols = -2, -2 }), want: []string{"-2 rows and -2 columns"}},
		{name: "one row over the bound", p: modified(base, func(p *puzzle.Puzzle) { p.Rows, p.Cols = 4097, 4096 }), want: []string{"4097×4096", strconv.Itoa(cellBound)}},
		{name: "one cell over the bound", p: modified(base, func(p *puzzle.Puzzle) { p.Rows, p.Cols = cellBound+1, 1 }), want: []string{strconv.Itoa(cellBound+1) + "×1", strconv.Itoa(cellBound)}},
		{name: "product wraps negative", p: modified(base, func(p *puzzle.Puzzle) { p.Rows, p.Cols = math.MaxInt, 2 }), want: []string{strconv.Itoa(math.MaxInt) + "×2", strconv.Itoa(cellBound)}},
		{name: "product wraps to one", p: modified(base, func(p *puzzle.Puzzle) { p.Rows, p.Cols = math.MaxInt, math.MaxInt }), want: []string{strconv.Itoa(math.MaxInt) + "×" + strconv.Itoa(math.MaxInt), strconv.Itoa(cellBound)}},
		{name: "product wraps to zero", p: modified(base, func(p *puzzle.Puzzle) { p.Rows, p.Cols = half, half }), want: []string{strconv.Itoa(half) + "×" + strconv.Itoa(half), strconv.Itoa(cellBound)}},
		{name: "unknown rule", p: modified(base, func(p *puzzle.Puzzle) { p.Rule = 2 }), want: []string{"unknown match rule 2"}},
		{name: "no pieces", p: modified(base, func(p *puzzle.Puzzle) { p.Pieces = nil }), want: []string{"no pieces"}},
		{name: "piece ID not its index", p: modified(base, func(p *puzzle.Puzzle) { p.Pieces[2].ID = 5 }), want: []string{"piece 2 has ID 5"}},
		{name: "piece ID NoPiece", p: modified(base, func(p *puzzle.Puzzle) { p.Pieces[0].ID = puzzle.NoPiece }), want: []string{"piece 0 has ID -1"}},
		{
			name: "label below MinLabel",
			p:    modified(base, func(p *puzzle.Puzzle) { p.Pieces[1].Edges[puzzle.Left] = puzzle.MinLabel - 1 }),
			want: []string{"piece 1", strconv.Itoa(math.MinInt32), "left side", strconv.Itoa(int(puzzle.MinLabel))},
		},
		{
			name: "more pieces than cells",
			p:    modelPuzzle(2, 2, 5),
			want: []string{"5 pieces for 4 cells", "AllowExtra"},
		},
		{name: "fixed below the board", p: pinned(base, fixedAt(2, 0, 1, 0)), want: []string{"fixed piece 1", "entry 0", "(2,0)", "2×2"}},
		{name: "fixed left of the board", p: pinned(base, fixedAt(0, 1, 0, 0), fixedAt(1, -1, 3, 0)), want: []string{"fixed piece 3", "entry 1", "(1,-1)"}},
		{name: "fixed unknown piece", p: pinned(base, fixedAt(1, 1, 4, 0)), want: []string{"entry 0", "(1,1)", "piece 4", "0 to 3"}},
		{name: "fixed hole", p: pinned(base, puzzle.FixedPiece{Cell: puzzle.Cell{Row: 0, Col: 1}, Placement: puzzle.Empty}), want: []string{"(0,1)", "piece -1"}},
		{name: "fixed rotation 4", p: pinned(base, fixedAt(0, 1, 2, 4)), want: []string{"fixed piece 2", "(0,1)", "rotation 4"}},
		{name: "cell fixed twice", p: pinned(base, fixedAt(1, 0, 0, 0), fixedAt(1, 0, 1, 0)), want: []string{"cell (1,0) is fixed twice", "entries 0 and 1"}},
		{name: "piece fixed twice", p: pinned(base, fixedAt(0, 0, 2, 0), fixedAt(1, 1, 3, 1), fixedAt(1, 0, 2, 0)), want: []string{"piece 2 is fixed twice", "entries 0 and 2"}},

		{name: "valid", p: base},
		{name: "valid single cell", p: modelPuzzle(1, 1, 1)},
		{name: "valid fewer pieces than cells", p: modelPuzzle(3, 4, 5)},
		{name: "valid more pieces with AllowExtra", p: modified(modelPuzzle(2, 2, 7), func(p *puzzle.Puzzle) { p.AllowExtra = true })},
		{name: "valid complement", p: modified(base, func(p *puzzle.Puzzle) { p.Rule = puzzle.Complement })},
		{name: "valid label range ends", p: modified(base, func(p *puzzle.Puzzle) {
			p.Pieces[3].Edges = [4]puzzle.Label{puzzle.MinLabel, math.MaxInt32, puzzle.Flat, -1}
		})},
		{name: "valid board at the bound", p: modelPuzzle(cellBound, 1, 1)},
		{name: "valid square at the bound", p: modelPuzzle(4096, 4096, 1)},
		{
			// A fixed piece may be turned even when the rest may not: a
			// hint is placed as given.
			name: "valid fixed turned in a non-rotatable puzzle",
			p:    pinned(base, fixedAt(1, 1, 0, 3), fixedAt(0, 0, 3, 0)),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Validate()
			checkValidateError(t, err, tc.want)
		})
	}
}

func TestPuzzleAccessors(t *testing.T) {
	tests := []struct {
		name    string
		p       *puzzle.Puzzle
		cells   int
		missing int
	}{
		{name: "full", p: modelPuzzle(2, 3, 6), cells: 6, missing: 0},
		{name: "holes", p: modelPuzzle(2, 3, 4), cells: 6, missing: 2},
		{name: "extra", p: modelPuzzle(2, 3, 8), cells: 6, missing: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.Cells(); got != tc.cells {
				t.Errorf("Cells() = %d, want %d", got, tc.cells)
			}
			if got := tc.p.Missing(); got != tc.missing {
				t.Errorf("Missing() = %d, want %d", got, tc.missing)
			}
		})
	}

	p := modelPuzzle(2, 3, 6)
	for _, c := range []puzzle.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 2}} {
		if !p.In(c) {
			t.Errorf("In(%v) = false on a 2×3 board", c)
		}
	}
	for _, c := range []puzzle.Cell{{Row: -1, Col: 0}, {Row: 0, Col: -1}, {Row: 2, Col: 0}, {Row: 0, Col: 3}} {
		if p.In(c) {
			t.Errorf("In(%v) = true on a 2×3 board", c)
		}
	}
}

func TestPuzzleHasImages(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 2, 2))
	tests := []struct {
		name   string
		images []image.Image // one per piece
		want   bool
	}{
		{name: "no pieces", images: nil, want: false},
		{name: "labels only", images: []image.Image{nil, nil}, want: false},
		{name: "one missing", images: []image.Image{img, nil}, want: false},
		{name: "all", images: []image.Image{img, img}, want: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := modelPuzzle(1, 2, len(tc.images))
			for i, m := range tc.images {
				p.Pieces[i].Image = m
			}
			if got := p.HasImages(); got != tc.want {
				t.Errorf("HasImages() = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestPuzzleTurns(t *testing.T) {
	p := modelPuzzle(2, 3, 6)
	if got := p.Turns(); !slices.Equal(got, []puzzle.Rotation{0}) {
		t.Errorf("non-rotatable Turns() = %v, want [0]", got)
	}
	p.Rotatable = true
	if got := p.Turns(); !slices.Equal(got, []puzzle.Rotation{0, 1, 2, 3}) {
		t.Errorf("rotatable Turns() = %v, want [0 1 2 3]", got)
	}
}

func TestPuzzleClone(t *testing.T) {
	p := modelPuzzle(2, 2, 4)
	p.Fixed = []puzzle.FixedPiece{fixedAt(0, 0, 1, 2)}
	q := p.Clone()
	if fmt.Sprint(*q) != fmt.Sprint(*p) {
		t.Fatalf("clone %+v differs from %+v", *q, *p)
	}
	q.Pieces[0].Edges[puzzle.Top] = 99
	q.Fixed[0].Cell = puzzle.Cell{Row: 1, Col: 1}
	q.Rows = 5
	if p.Pieces[0].Edges[puzzle.Top] != 1 || p.Fixed[0].Cell != (puzzle.Cell{}) || p.Rows != 2 {
		t.Errorf("changing the clone changed the original: %+v", *p)
	}
}

// checkValidateError checks err against want: nil for a valid input, or the
// facts the error must name, after the package prefix.
func checkValidateError(t *testing.T, err error, want []string) {
	t.Helper()
	if want == nil {
		if err != nil {
			t.Fatalf("Validate() = %v, want nil", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("Validate() = nil, want an error naming %q", want)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "puzzle: ") {
		t.Errorf("error %q lacks the package prefix", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not name %q", msg, w)
		}
	}
}
