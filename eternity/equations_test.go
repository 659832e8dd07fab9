package eternity

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// evaluate returns the value of every equation with each piece's centre
// where board b puts it: X_i·Y_i = 2^(x_i + y_i).
func evaluate(eqs []equation, b *puzzle.Board) []*big.Rat {
	sum := make([]*big.Rat, len(eqs))
	for j, e := range eqs {
		s := new(big.Rat).Set(e.constant)
		for i, pl := range b.Cells {
			c := b.CellAt(i)
			x, y := 2*c.Col+1, 2*(b.Rows-1-c.Row)+1
			s.Add(s, new(big.Rat).Mul(e.coef[pl.Piece], pow2(e.k*(x+y))))
		}
		sum[j] = s
	}
	return sum
}

func TestEquationsVanishOnSolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	p, sol, err := puzzle.GenerateColours(3, 4, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		t.Fatal(err)
	}
	eqs, err := equations(p, sol)
	if err != nil {
		t.Fatal(err)
	}
	// At a solution every join pairs up, so K sums to the joins and rim
	// sides: 17 inner joins of a 3×4 board and 14 rim sides.
	if len(eqs) != MaxScore544(3, 4) {
		t.Errorf("%d equations, want %d (one per join and rim side)", len(eqs), MaxScore544(3, 4))
	}
	for j, v := range evaluate(eqs, sol) {
		if v.Sign() != 0 {
			t.Fatalf("equation %d (colour %d, k %d) is %v at the solution, want 0", j, eqs[j].colour, eqs[j].k, v.RatString())
		}
	}
	// Moving two pieces off their anti-diagonals breaks the system.
	wrong := sol.Clone()
	wrong.Cells[0], wrong.Cells[1] = wrong.Cells[1], wrong.Cells[0]
	nonzero := 0
	for _, v := range evaluate(eqs, wrong) {
		if v.Sign() != 0 {
			nonzero++
		}
	}
	if nonzero == 0 {
		t.Errorf("the system holds for a board with two pieces swapped")
	}
}

func TestWriteMacaulay2(t *testing.T) {
	p := &puzzle.Puzzle{Rows: 1, Cols: 2, Rule: puzzle.Equal, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 0, 0}},
		{ID: 1, Edges: [4]puzzle.Label{0, 0, 0, 1}},
	}}
	b := &puzzle.Board{Rows: 1, Cols: 2, Cells: []puzzle.Placement{{Piece: 0}, {Piece: 1}}}
	var buf bytes.Buffer
	n, err := WriteMacaulay2(&buf, p, b)
	if err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	// One join and six rim sides: seven equations.
	if n != 7 {
		t.Errorf("%d equations, want 7", n)
	}
	for _, want := range []string{"R = QQ[X_1..X_2, Y_1..Y_2];", "I = ideal(", "*(X_1*Y_1)^1", ");\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if got := strings.Count(out, "\n  -- colour"); got != n {
		t.Errorf("%d equations written, %d reported", got, n)
	}
	holed := b.Clone()
	holed.Cells[1] = puzzle.Empty
	if _, err := WriteMacaulay2(&buf, p, holed); err == nil {
		t.Errorf("a board with a hole: no error")
	}
}
