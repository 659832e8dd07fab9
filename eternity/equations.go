package eternity

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/big"

	"github.com/reassemble/jigsaw/puzzle"
)

// The seed's polynomial system (after Kovalsky, Glasner and Basri 2015) asks
// where pieces of known rotation go. Pieces are 2 wide, the board's
// bottom-left corner is the origin, and piece i's centre (x_i, y_i) is
// unknown; the board itself is piece 0, centred at (cols, rows), its edges
// the grey rim looking inwards. An edge has a colour c and a direction θ
// (right 0, top π/2, left π, bottom 3π/2) and sits at offset b from its
// piece's centre. Matching edges cancel in
//
//	Σ_i a_i (X_i·Y_i)^k = 0,  a_i = Σ_j s_ij(c,θ) 2^(k·(b_x+b_y)),
//
// with X_i = 2^x_i, Y_i = 2^y_i, s_ij = +1 for an edge of colour c facing θ,
// −1 for one facing θ+π, 0 otherwise, one equation per edge type (c, θ),
// θ in {0, π/2}, and k = 1..K. The seed prints k as the scalar of the vector
// (k, k), as written here, so the system sees a piece only through x_i+y_i
// and cannot tell cells on one anti-diagonal apart; Kovalsky et al. use a
// general 2-D k. K is the larger of the numbers of edges of the type facing
// θ and θ+π (the seed's 550 to 650 equations for 16×16, depending on the
// rotations; 544 when every join pairs up).

// equation is one polynomial: coef[i] multiplies (X_{i+1}·Y_{i+1})^k, and
// constant is the board's term.
type equation struct {
	colour   puzzle.Label
	dir      int // 0 for θ = 0 (right), 1 for θ = π/2 (top)
	k        int
	coef     []*big.Rat
	constant *big.Rat
}

// direction returns the seed's θ of a side in quarter turns counter-
// clockwise from the right, and the side's offset b_x + b_y.
func direction(s puzzle.Side) (q, b int) {
	switch s {
	case puzzle.Right:
		return 0, 1
	case puzzle.Top:
		return 1, 1
	case puzzle.Left:
		return 2, -1
	}
	return 3, -1
}

// pow2 returns 2^e as a rational.
func pow2(e int) *big.Rat {
	if e >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
}

// maxEquationPieces bounds the boards the system is built for: its
// coefficients grow as 2^(k·board size), and the seed's 16×16 is the
// intended use.
const maxEquationPieces = 1024

// equations builds the seed's system for p with each piece turned as board
// b turns it. b must place every piece of p.
func equations(p *puzzle.Puzzle, b *puzzle.Board) ([]equation, error) {
	if p == nil || b == nil {
		return nil, errors.New("eternity: nil puzzle or board")
	}
	if err := b.Validate(p); err != nil {
		return nil, fmt.Errorf("eternity: %w", err)
	}
	if len(p.Pieces) > maxEquationPieces {
		return nil, fmt.Errorf("eternity: %d pieces: the equation export takes at most %d", len(p.Pieces), maxEquationPieces)
	}
	rot := make([]puzzle.Rotation, len(p.Pieces))
	placed := make([]bool, len(p.Pieces))
	for _, pl := range b.Cells {
		if pl.IsEmpty() {
			return nil, errors.New("eternity: the equation export needs a full board: it takes every piece's rotation from it")
		}
		rot[pl.Piece], placed[pl.Piece] = pl.Rotation, true
	}
	for i, ok := range placed {
		if !ok {
			return nil, fmt.Errorf("eternity: piece %d is not on the board, so its rotation is unknown", i)
		}
	}
	type edgeType struct {
		c puzzle.Label
		q int
	}
	type term struct {
		piece int // -1 for the board
		sign  int
		b     int // b_x + b_y, for the board the absolute x + y of the edge, less the board centre's
	}
	terms := map[edgeType][]term{}
	var count [2]map[edgeType]int
	count[0], count[1] = map[edgeType]int{}, map[edgeType]int{}
	var types []edgeType
	add := func(c puzzle.Label, q, piece, b int) {
		t := edgeType{c, q % 2}
		if _, ok := terms[t]; !ok {
			types = append(types, t)
		}
		sign := 1
		if q >= 2 {
			sign = -1
		}
		terms[t] = append(terms[t], term{piece, sign, b})
		count[q/2][t]++
	}
	for i := range p.Pieces {
		for _, s := range puzzle.Sides {
			q, off := direction(s)
			add(p.Pieces[i].Edge(rot[i], s), q, i, off)
		}
	}
	// The board's rim: for each cell side on the rim, a grey edge at the
	// same place facing the other way.
	for i := range b.Cells {
		cell := b.CellAt(i)
		cx, cy := 2*cell.Col+1, 2*(b.Rows-1-cell.Row)+1
		for _, s := range puzzle.Sides {
			if b.In(cell.Neighbour(s)) {
				continue
			}
			q, off := direction(s)
			// Absolute x+y of the edge's midpoint, less the board
			// centre's (cols, rows).
			abs := cx + cy + off - b.Cols - b.Rows
			add(puzzle.Flat, (q+2)%4, -1, abs)
		}
	}
	var out []equation
	for _, t := range types {
		K := max(count[0][t], count[1][t])
		for k := 1; k <= K; k++ {
			e := equation{colour: t.c, dir: t.q, k: k, coef: make([]*big.Rat, len(p.Pieces)), constant: new(big.Rat)}
			for i := range e.coef {
				e.coef[i] = new(big.Rat)
			}
			for _, tm := range terms[t] {
				v := pow2(k * tm.b)
				if tm.sign < 0 {
					v.Neg(v)
				}
				if tm.piece < 0 {
					// (X_0·Y_0)^k = 2^(k·(cols+rows)) for the board.
					v.Mul(v, pow2(k*(b.Cols+b.Rows)))
					e.constant.Add(e.constant, v)
				} else {
					e.coef[tm.piece].Add(e.coef[tm.piece], v)
				}
			}
			if !e.zero() {
				out = append(out, e)
			}
		}
	}
	return out, nil
}

// zero reports whether every coefficient of e is 0: the equation 0 = 0.
func (e *equation) zero() bool {
	if e.constant.Sign() != 0 {
		return false
	}
	for _, c := range e.coef {
		if c.Sign() != 0 {
			return false
		}
	}
	return true
}

// WriteMacaulay2 writes the seed's polynomial system for puzzle p, with
// every piece turned as board b turns it and the positions unknown, in
// Macaulay2's input syntax: a ring QQ[X_1..X_n, Y_1..Y_n] (pieces counted
// from 1, as the seed counts them) and an ideal I of the equations. It
// returns the number of equations. The system is the seed's Eq. 7 with its
// scalar k, whose limits the comments at the top of this file describe; a
// nonzero constant among the equations proves the rotations infeasible.
func WriteMacaulay2(w io.Writer, p *puzzle.Puzzle, b *puzzle.Board) (int, error) {
	eqs, err := equations(p, b)
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriter(w)
	n := len(p.Pieces)
	fmt.Fprintf(bw, "-- edge-matching system: %d×%d board, %d pieces, rotations fixed, %d equations\n", b.Rows, b.Cols, n, len(eqs))
	fmt.Fprintf(bw, "R = QQ[X_1..X_%d, Y_1..Y_%d];\n", n, n)
	bw.WriteString("I = ideal(\n")
	for j, e := range eqs {
		fmt.Fprintf(bw, "  -- colour %d, direction %s, k = %d\n  ", e.colour, [2]string{"0", "pi/2"}[e.dir], e.k)
		first := true
		for i, c := range e.coef {
			if c.Sign() == 0 {
				continue
			}
			writeCoef(bw, c, first)
			fmt.Fprintf(bw, "*(X_%d*Y_%d)^%d", i+1, i+1, e.k)
			first = false
		}
		if e.constant.Sign() != 0 || first {
			writeCoef(bw, e.constant, first)
		}
		if j < len(eqs)-1 {
			bw.WriteByte(',')
		}
		bw.WriteByte('\n')
	}
	bw.WriteString(");\n")
	if err := bw.Flush(); err != nil {
		return 0, fmt.Errorf("eternity: writing: %w", err)
	}
	return len(eqs), nil
}

// writeCoef writes a rational term with its sign, as "3/2" or " - 3/2".
func writeCoef(w *bufio.Writer, c *big.Rat, first bool) {
	a := new(big.Rat).Abs(c)
	switch {
	case c.Sign() < 0 && first:
		w.WriteString("-")
	case c.Sign() < 0:
		w.WriteString(" - ")
	case !first:
		w.WriteString(" + ")
	}
	w.WriteString("(" + a.RatString() + ")")
}
