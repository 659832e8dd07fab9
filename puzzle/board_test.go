package puzzle_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// place is shorthand for piece id turned by r.
func place(id puzzle.PieceID, r puzzle.Rotation) puzzle.Placement {
	return puzzle.Placement{Piece: id, Rotation: r}
}

// boardOf returns a rows×cols board holding cells in row-major order.
func boardOf(rows, cols int, cells ...puzzle.Placement) *puzzle.Board {
	if len(cells) != rows*cols {
		panic(fmt.Sprintf("boardOf: %d cells for %d×%d", len(cells), rows, cols))
	}
	return &puzzle.Board{Rows: rows, Cols: cols, Cells: cells}
}

// hole is a readable name for an empty cell in board literals.
var hole = puzzle.Empty

func TestNewBoard(t *testing.T) {
	b := puzzle.NewBoard(2, 3)
	if b.Rows != 2 || b.Cols != 3 || len(b.Cells) != 6 {
		t.Fatalf("NewBoard(2, 3) = %d×%d with %d cells", b.Rows, b.Cols, len(b.Cells))
	}
	for i, pl := range b.Cells {
		if pl != puzzle.Empty {
			t.Errorf("cell %d = %v, want a hole", i, pl)
		}
	}
	if n := b.Placed(); n != 0 {
		t.Errorf("Placed() = %d, want 0", n)
	}
}

func TestNewBoardFor(t *testing.T) {
	p := pinned(modelPuzzle(2, 3, 6), fixedAt(0, 2, 4, 1), fixedAt(1, 0, 0, 0))
	got := puzzle.NewBoardFor(p)
	want := boardOf(2, 3,
		hole, hole, place(4, 1),
		place(0, 0), hole, hole,
	)
	if !got.Equal(want) {
		t.Fatalf("NewBoardFor =\n%v\nwant\n%v", got, want)
	}
	if err := got.Validate(p); err != nil {
		t.Errorf("the board NewBoardFor made is invalid: %v", err)
	}
	if u := got.Unplaced(p); !slices.Equal(u, []puzzle.PieceID{1, 2, 3, 5}) {
		t.Errorf("Unplaced() = %v, want [1 2 3 5]", u)
	}
}

func TestBoardIndexCellAt(t *testing.T) {
	b := puzzle.NewBoard(3, 4)
	// Row-major: cell (1,2) of a 4-column board is 1*4+2.
	if got := b.Index(puzzle.Cell{Row: 1, Col: 2}); got != 6 {
		t.Errorf("Index((1,2)) = %d, want 6", got)
	}
	if got := b.CellAt(11); got != (puzzle.Cell{Row: 2, Col: 3}) {
		t.Errorf("CellAt(11) = %v, want (2,3)", got)
	}
	for i := range b.Cells {
		c := b.CellAt(i)
		if !b.In(c) {
			t.Errorf("CellAt(%d) = %v is off the board", i, c)
		}
		if j := b.Index(c); j != i {
			t.Errorf("Index(CellAt(%d)) = %d", i, j)
		}
	}
	for row := range b.Rows {
		for col := range b.Cols {
			c := puzzle.Cell{Row: row, Col: col}
			if got := b.CellAt(b.Index(c)); got != c {
				t.Errorf("CellAt(Index(%v)) = %v", c, got)
			}
		}
	}
}

func TestBoardInAt(t *testing.T) {
	b := puzzle.NewBoard(2, 3)
	b.Set(puzzle.Cell{Row: 1, Col: 2}, place(7, 3))
	tests := []struct {
		name string
		c    puzzle.Cell
		in   bool
		at   puzzle.Placement
	}{
		{name: "top left", c: puzzle.Cell{Row: 0, Col: 0}, in: true, at: hole},
		{name: "bottom right", c: puzzle.Cell{Row: 1, Col: 2}, in: true, at: place(7, 3)},
		{name: "above", c: puzzle.Cell{Row: -1, Col: 0}, in: false, at: hole},
		{name: "left of", c: puzzle.Cell{Row: 0, Col: -1}, in: false, at: hole},
		{name: "below", c: puzzle.Cell{Row: 2, Col: 0}, in: false, at: hole},
		{name: "right of", c: puzzle.Cell{Row: 0, Col: 3}, in: false, at: hole},
		// (0,5) would alias cell (1,2) if At only checked the index.
		{name: "past the row end", c: puzzle.Cell{Row: 0, Col: 5}, in: false, at: hole},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := b.In(tc.c); got != tc.in {
				t.Errorf("In(%v) = %v, want %v", tc.c, got, tc.in)
			}
			if got := b.At(tc.c); got != tc.at {
				t.Errorf("At(%v) = %v, want %v", tc.c, got, tc.at)
			}
		})
	}
}

func TestBoardCloneIndependent(t *testing.T) {
	b := boardOf(1, 3, place(0, 1), hole, place(2, 0))
	c := b.Clone()
	if !c.Equal(b) {
		t.Fatalf("clone\n%v\ndiffers from\n%v", c, b)
	}
	c.Set(puzzle.Cell{Row: 0, Col: 1}, place(1, 2))
	c.Cells[0].Rotation = 3
	if want := boardOf(1, 3, place(0, 1), hole, place(2, 0)); !b.Equal(want) {
		t.Errorf("changing the clone changed the original:\n%v", b)
	}
}

func TestBoardEqual(t *testing.T) {
	b := boardOf(2, 3, place(0, 0), place(1, 1), hole, place(3, 0), place(4, 2), place(5, 3))
	tests := []struct {
		name string
		a, o *puzzle.Board
		want bool
	}{
		{name: "itself", a: b, o: b, want: true},
		{name: "clone", a: b, o: b.Clone(), want: true},
		{name: "both nil", a: nil, o: nil, want: true},
		{name: "nil receiver", a: nil, o: b, want: false},
		{name: "nil argument", a: b, o: nil, want: false},
		{name: "other piece", a: b, o: boardOf(2, 3, place(0, 0), place(1, 1), place(2, 0), place(3, 0), place(4, 2), place(5, 3)), want: false},
		{name: "other rotation", a: b, o: boardOf(2, 3, place(0, 0), place(1, 2), hole, place(3, 0), place(4, 2), place(5, 3)), want: false},
		{name: "same cells other shape", a: b, o: &puzzle.Board{Rows: 3, Cols: 2, Cells: b.Cells}, want: false},
		{name: "short cells", a: b, o: &puzzle.Board{Rows: 2, Cols: 3, Cells: b.Cells[:5]}, want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.Equal(tc.o); got != tc.want {
				t.Errorf("Equal = %v, want %v", got, tc.want)
			}
			if got := tc.o.Equal(tc.a); got != tc.want {
				t.Errorf("reversed Equal = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestBoardPlaced(t *testing.T) {
	b := boardOf(2, 2, place(0, 0), hole, place(3, 2), hole)
	if got := b.Placed(); got != 2 {
		t.Errorf("Placed() = %d, want 2", got)
	}
}

// turnExample is the 2×3 board the Turn tests work by hand:
//
//	a b c     0/0 1/1 2/2
//	d e f     3/3  -  5/0
func turnExample() *puzzle.Board {
	return boardOf(2, 3,
		place(0, 0), place(1, 1), place(2, 2),
		place(3, 3), hole, place(5, 0),
	)
}

func TestBoardTurnKnown(t *testing.T) {
	tests := []struct {
		name string
		r    puzzle.Rotation
		want *puzzle.Board
	}{
		{name: "0°", r: 0, want: turnExample()},
		{
			// d a / e b / f c, each piece one more quarter turn.
			name: "90°", r: 1,
			want: boardOf(3, 2,
				place(3, 0), place(0, 1),
				hole, place(1, 2),
				place(5, 1), place(2, 3),
			),
		},
		{
			// f e d / c b a, each piece two more.
			name: "180°", r: 2,
			want: boardOf(2, 3,
				place(5, 2), hole, place(3, 1),
				place(2, 0), place(1, 3), place(0, 2),
			),
		},
		{
			// c f / b e / a d, each piece three more.
			name: "270°", r: 3,
			want: boardOf(3, 2,
				place(2, 1), place(5, 3),
				place(1, 0), hole,
				place(0, 3), place(3, 2),
			),
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := turnExample()
			got := b.Turn(tc.r)
			if !got.Equal(tc.want) {
				t.Errorf("Turn(%d) =\n%v\nwant\n%v", tc.r, got, tc.want)
			}
			if !b.Equal(turnExample()) {
				t.Errorf("Turn(%d) changed its receiver:\n%v", tc.r, b)
			}
			got.Cells[0] = place(9, 0)
			if !b.Equal(turnExample()) {
				t.Errorf("the board Turn(%d) returned shares cells with its receiver", tc.r)
			}
		})
	}
}

func TestBoardTurnLaws(t *testing.T) {
	b := turnExample()
	if got := b.Turn(1).Turn(1).Turn(1).Turn(1); !got.Equal(b) {
		t.Errorf("four quarter turns =\n%v\nwant\n%v", got, b)
	}
	for _, x := range allRotations {
		for _, y := range allRotations {
			if got, want := b.Turn(x).Turn(y), b.Turn(x.Add(y)); !got.Equal(want) {
				t.Errorf("Turn(%d).Turn(%d) =\n%v\nTurn(%d) =\n%v", x, y, got, x.Add(y), want)
			}
		}
		if got := b.Turn(x).Turn(x.Inverse()); !got.Equal(b) {
			t.Errorf("Turn(%d) then its inverse =\n%v", x, got)
		}
	}
}

func TestBoardTurns(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols int
		want       []puzzle.Rotation
	}{
		{name: "single cell", rows: 1, cols: 1, want: []puzzle.Rotation{0, 1, 2, 3}},
		{name: "square", rows: 3, cols: 3, want: []puzzle.Rotation{0, 1, 2, 3}},
		{name: "wide", rows: 2, cols: 3, want: []puzzle.Rotation{0, 2}},
		{name: "tall", rows: 4, cols: 1, want: []puzzle.Rotation{0, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := puzzle.NewBoard(tc.rows, tc.cols)
			got := b.Turns()
			if !slices.Equal(got, tc.want) {
				t.Fatalf("Turns() = %v, want %v", got, tc.want)
			}
			// What Turns promises: every listed turn keeps the shape.
			for _, r := range got {
				if tb := b.Turn(r); tb.Rows != b.Rows || tb.Cols != b.Cols {
					t.Errorf("Turn(%v) gives %d×%d, not %d×%d", r, tb.Rows, tb.Cols, b.Rows, b.Cols)
				}
			}
		})
	}
}

// joinFaults lists what is wrong with b as a solution of p: joins that do
// not fit under p's rule and rim sides that are not flat. Every cell must
// hold a piece.
func joinFaults(p *puzzle.Puzzle, b *puzzle.Board) []string {
	var faults []string
	for i, pl := range b.Cells {
		c := b.CellAt(i)
		if pl.IsEmpty() {
			faults = append(faults, fmt.Sprintf("hole at %v", c))
			continue
		}
		piece := &p.Pieces[pl.Piece]
		for _, s := range puzzle.Sides {
			a := piece.Edge(pl.Rotation, s)
			n := c.Neighbour(s)
			if !b.In(n) {
				if a != puzzle.Flat {
					faults = append(faults, fmt.Sprintf("%v side of %v on the rim shows %d", s, c, a))
				}
				continue
			}
			npl := b.At(n)
			if npl.IsEmpty() || (s != puzzle.Right && s != puzzle.Bottom) {
				continue // holes are reported once, joins from their top-left cell
			}
			o := p.Pieces[npl.Piece].Edge(npl.Rotation, s.Opposite())
			if !p.Rule.Fits(a, o) {
				faults = append(faults, fmt.Sprintf("%v %d does not fit %v %d", c, a, n, o))
			}
		}
	}
	return faults
}

// solved2x2Model returns a 2×2 puzzle under rule and its solution, worked by
// hand. Piece 3 sits turned a quarter: unrotated it carries the join labels
// on its bottom and left, which the turn brings to its left and top.
//
//	+--0--+--0--+
//	0  0  1  1  0
//	+--2--+--3--+
//	0  2  4  3  0
//	+--0--+--0--+
func solved2x2Model(rule puzzle.MatchRule) (*puzzle.Puzzle, *puzzle.Board) {
	m := rule.Mate
	p := &puzzle.Puzzle{Rows: 2, Cols: 2, Rule: rule, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{puzzle.Flat, 1, 2, puzzle.Flat}},
		{ID: 1, Edges: [4]puzzle.Label{puzzle.Flat, puzzle.Flat, 3, m(1)}},
		{ID: 2, Edges: [4]puzzle.Label{m(2), 4, puzzle.Flat, puzzle.Flat}},
		{ID: 3, Edges: [4]puzzle.Label{puzzle.Flat, puzzle.Flat, m(4), m(3)}},
	}}
	return p, boardOf(2, 2, place(0, 0), place(1, 0), place(2, 0), place(3, 1))
}

// solvedGridModel returns a rows×cols puzzle under rule and its solution,
// every piece unturned in the cell of its ID, every join a label of its own.
func solvedGridModel(rows, cols int, rule puzzle.MatchRule) (*puzzle.Puzzle, *puzzle.Board) {
	across := func(r, c int) puzzle.Label { return puzzle.Label(1 + r*cols + c) }  // (r,c)-(r,c+1)
	down := func(r, c int) puzzle.Label { return puzzle.Label(1001 + r*cols + c) } // (r,c)-(r+1,c)
	p := &puzzle.Puzzle{Rows: rows, Cols: cols, Rule: rule, Rotatable: true}
	b := puzzle.NewBoard(rows, cols)
	for r := range rows {
		for c := range cols {
			var e [4]puzzle.Label
			if r > 0 {
				e[puzzle.Top] = rule.Mate(down(r-1, c))
			}
			if c < cols-1 {
				e[puzzle.Right] = across(r, c)
			}
			if r < rows-1 {
				e[puzzle.Bottom] = down(r, c)
			}
			if c > 0 {
				e[puzzle.Left] = rule.Mate(across(r, c-1))
			}
			id := puzzle.PieceID(len(p.Pieces))
			p.Pieces = append(p.Pieces, puzzle.Piece{ID: id, Edges: e})
			b.Set(puzzle.Cell{Row: r, Col: c}, place(id, 0))
		}
	}
	return p, b
}

// TestTurnKeepsJoins checks Board.Turn against Piece.Edge: a solved board
// turned as a whole is still solved, every join fitting and every rim side
// flat.
func TestTurnKeepsJoins(t *testing.T) {
	type model func(puzzle.MatchRule) (*puzzle.Puzzle, *puzzle.Board)
	models := []struct {
		name string
		make model
	}{
		{name: "2x2 by hand", make: solved2x2Model},
		{name: "2x3 grid", make: func(r puzzle.MatchRule) (*puzzle.Puzzle, *puzzle.Board) { return solvedGridModel(2, 3, r) }},
		{name: "3x1 grid", make: func(r puzzle.MatchRule) (*puzzle.Puzzle, *puzzle.Board) { return solvedGridModel(3, 1, r) }},
	}
	for _, m := range models {
		for _, rule := range []puzzle.MatchRule{puzzle.Equal, puzzle.Complement} {
			t.Run(m.name+"/"+rule.String(), func(t *testing.T) {
				p, b := m.make(rule)
				if err := p.Validate(); err != nil {
					t.Fatal(err)
				}
				if f := joinFaults(p, b); f != nil {
					t.Fatalf("the model solution is not solved: %v", f)
				}
				for _, r := range allRotations {
					tb := b.Turn(r)
					if f := joinFaults(p, tb); f != nil {
						t.Errorf("turned %v:\n%v\n%s", r, tb, strings.Join(f, "\n"))
					}
					// The check must see a fault when cells move but
					// pieces do not turn with them.
					if r%2 == 1 {
						moved := tb.Clone()
						for i := range moved.Cells {
							moved.Cells[i].Rotation = moved.Cells[i].Rotation.Add(r.Inverse())
						}
						if joinFaults(p, moved) == nil {
							t.Errorf("turned %v without turning the pieces, no fault found", r)
						}
					}
				}
			})
		}
	}
}

// TestJoinFaultsSeesAMisturn makes sure the join check behind
// TestTurnKeepsJoins can fail: one piece turned wrongly breaks joins.
func TestJoinFaultsSeesAMisturn(t *testing.T) {
	for _, rule := range []puzzle.MatchRule{puzzle.Equal, puzzle.Complement} {
		p, b := solved2x2Model(rule)
		b.Cells[3].Rotation = b.Cells[3].Rotation.Add(1)
		if f := joinFaults(p, b); f == nil {
			t.Errorf("%v: piece 3 turned once more, no fault found", rule)
		}
	}
}

func TestBoardValidate(t *testing.T) {
	// A 2×2 puzzle of 4 pieces whose pieces may not rotate, with piece 3
	// fixed at (1,1) turned half-way.
	fixed := pinned(modelPuzzle(2, 2, 4), fixedAt(1, 1, 3, 2))
	rotatable := modified(fixed, func(p *puzzle.Puzzle) { p.Rotatable = true })

	tests := []struct {
		name string
		b    *puzzle.Board
		p    *puzzle.Puzzle
		want []string // substrings of the error; nil for a valid board
	}{
		{name: "nil board", b: nil, p: fixed, want: []string{"nil board"}},
		{name: "wrong size", b: puzzle.NewBoard(2, 3), p: fixed, want: []string{"board is 2×3", "puzzle is 2×2"}},
		{name: "transposed size", b: puzzle.NewBoard(1, 4), p: fixed, want: []string{"board is 1×4"}},
		{
			name: "wrong cell count",
			b:    &puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{hole, hole, place(3, 2)}},
			p:    fixed,
			want: []string{"2×2", "3 cells"},
		},
		{name: "unknown piece", b: boardOf(2, 2, hole, place(4, 0), hole, place(3, 2)), p: fixed, want: []string{"cell (0,1)", "piece 4", "0 to 3"}},
		{name: "negative piece", b: boardOf(2, 2, hole, hole, place(-2, 0), place(3, 2)), p: fixed, want: []string{"cell (1,0)", "piece -2"}},
		{name: "rotation 4", b: boardOf(2, 2, place(0, 4), hole, hole, place(3, 2)), p: rotatable, want: []string{"cell (0,0)", "piece 0", "by 4"}},
		{name: "turned in a non-rotatable puzzle", b: boardOf(2, 2, hole, place(1, 1), hole, place(3, 2)), p: fixed, want: []string{"cell (0,1)", "piece 1", "90°", "may not rotate"}},
		{name: "fixed piece turned away from its cell", b: boardOf(2, 2, place(3, 2), hole, hole, hole), p: fixed, want: []string{"cell (0,0)", "piece 3", "180°", "may not rotate"}},
		{name: "fixed piece turned otherwise", b: boardOf(2, 2, hole, hole, hole, place(3, 1)), p: fixed, want: []string{"cell (1,1)", "piece 3", "90°", "may not rotate"}},
		{name: "fixed piece turned otherwise, rotatable", b: boardOf(2, 2, hole, hole, hole, place(3, 1)), p: rotatable, want: []string{"cell (1,1)", "fixed piece 3/2", "holds 3/1"}},
		{name: "placed twice", b: boardOf(2, 2, place(0, 0), hole, place(0, 0), place(3, 2)), p: fixed, want: []string{"piece 0 is placed twice", "(0,0)", "(1,0)"}},
		{name: "missing fixed piece", b: boardOf(2, 2, place(0, 0), place(1, 0), place(2, 0), hole), p: fixed, want: []string{"cell (1,1)", "fixed piece 3/2", "holds -"}},
		{name: "other piece on the fixed cell", b: boardOf(2, 2, hole, hole, hole, place(2, 0)), p: fixed, want: []string{"cell (1,1)", "fixed piece 3/2", "holds 2/0"}},

		{name: "valid full", b: boardOf(2, 2, place(1, 0), place(0, 0), place(2, 0), place(3, 2)), p: fixed},
		{name: "valid with holes", b: boardOf(2, 2, hole, place(2, 0), hole, place(3, 2)), p: fixed},
		{name: "valid only the fixed piece", b: puzzle.NewBoardFor(fixed), p: fixed},
		{name: "valid turned, rotatable", b: boardOf(2, 2, place(1, 3), place(0, 1), place(2, 2), place(3, 2)), p: rotatable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.b.Validate(tc.p)
			checkValidateError(t, err, tc.want)
		})
	}
}

func TestBoardUnplaced(t *testing.T) {
	p := modelPuzzle(2, 2, 5)
	p.AllowExtra = true
	tests := []struct {
		name string
		b    *puzzle.Board
		want []puzzle.PieceID
	}{
		{name: "empty board", b: puzzle.NewBoard(2, 2), want: []puzzle.PieceID{0, 1, 2, 3, 4}},
		{name: "some placed", b: boardOf(2, 2, place(4, 1), hole, place(0, 0), place(2, 3)), want: []puzzle.PieceID{1, 3}},
		{name: "board full, one extra", b: boardOf(2, 2, place(3, 0), place(2, 0), place(1, 0), place(0, 0)), want: []puzzle.PieceID{4}},
		// Pieces the puzzle does not have are not its pieces to report.
		{name: "unknown pieces ignored", b: boardOf(2, 2, place(9, 0), place(-3, 0), place(1, 0), hole), want: []puzzle.PieceID{0, 2, 3, 4}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Unplaced(p); !slices.Equal(got, tc.want) {
				t.Errorf("Unplaced() = %v, want %v", got, tc.want)
			}
		})
	}
	all := boardOf(2, 2, place(3, 0), place(2, 0), place(1, 0), place(0, 0))
	if got := all.Unplaced(modelPuzzle(2, 2, 4)); len(got) != 0 {
		t.Errorf("every piece placed: Unplaced() = %v, want none", got)
	}
}
