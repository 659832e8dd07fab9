package solvetest

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// The checks here recompute what a result claims without trusting the
// solver or the shared helpers it may use (edge.Cost, Board.Unplaced): a
// solver and its check that share a bug would agree.

// verify checks res, returned without error for inst run with opts under
// ctx, against the contract. stoppable says the run had an observer that
// may have returned ErrStop.
func (s *suite) verify(t tester, ctx context.Context, inst instance, opts []solve.Option, res *solve.Result, stoppable bool) {
	t.Helper()
	set := solve.NewSettings(opts...)
	p := inst.problem
	if res == nil {
		t.Fatalf("%s: Solve returned neither a result nor an error", inst.name)
	}
	if res.Board == nil {
		t.Fatalf("%s: Solve returned a result without a board and no error (%s)", inst.name, describe(res))
	}
	if err := res.Board.Validate(p.Puzzle); err != nil {
		// Nothing else can be checked on a board that does not fit.
		t.Fatalf("%s: the returned board is not valid for the puzzle: %v\n%s", inst.name, err, boardString(res.Board))
	}
	cost, err := independentCost(p, res.Board)
	if err != nil {
		t.Fatalf("%s: %v", inst.name, err)
	}
	if !closeTo(res.Cost, cost) {
		t.Errorf("%s: Result.Cost is %g but the board costs %g under the problem's scorer\n%s", inst.name, res.Cost, cost, boardString(res.Board))
	}
	if got, want := res.Unplaced, missing(p.Puzzle, res.Board); !slices.Equal(got, want) {
		t.Errorf("%s: Result.Unplaced is %v but the board leaves out %v", inst.name, got, want)
	}
	if res.Status < solve.Solved || res.Status > solve.Done {
		t.Errorf("%s: unknown status %v", inst.name, res.Status)
	}
	if res.Seed != set.Seed {
		t.Errorf("%s: Result.Seed is %d; the run asked for %d", inst.name, res.Seed, set.Seed)
	}
	st := res.Stats
	if st.Iterations < 0 || st.Evaluations < 0 || st.Nodes < 0 || st.Backtracks < 0 || st.Restarts < 0 || st.Runtime < 0 {
		t.Errorf("%s: negative counter in %+v", inst.name, st)
	}
	if set.MaxIterations > 0 && st.Iterations > set.MaxIterations {
		t.Errorf("%s: %d iterations exceed the bound of %d", inst.name, st.Iterations, set.MaxIterations)
	}
	switch res.Status {
	case solve.Solved:
		if cost > set.Target && !closeTo(cost, set.Target) {
			t.Errorf("%s: status Solved, but the board costs %g, above the target %g", inst.name, cost, set.Target)
		}
		if got, want := placed(res.Board), min(len(p.Puzzle.Pieces), p.Puzzle.Cells()); got != want {
			t.Errorf("%s: status Solved with %d pieces placed; a solution places %d\n%s", inst.name, got, want, boardString(res.Board))
		}
	case solve.Canceled:
		if ctx.Err() == nil {
			t.Errorf("%s: status Canceled, but the context was not cancelled", inst.name)
		}
	case solve.Stopped:
		if !stoppable {
			t.Errorf("%s: status Stopped, but no observer could stop the run", inst.name)
		}
	}
}

// scorerOf returns the problem's scorer, or the puzzle's label rule when it
// has none, as solve.Problem documents.
func scorerOf(p solve.Problem) (edge.Scorer, error) {
	if p.Scorer != nil {
		return p.Scorer, nil
	}
	l, err := edge.NewLabels(p.Puzzle)
	if err != nil {
		return nil, fmt.Errorf("solvetest: label scorer: %w", err)
	}
	return l, nil
}

// independentCost prices board b by visiting every placed piece's four
// sides: a side facing a piece on its right or below is a join, counted
// once from this side; a side facing the outside costs its frame cost when
// the scorer has one; a side facing a hole costs nothing.
func independentCost(p solve.Problem, b *puzzle.Board) (float64, error) {
	sc, err := scorerOf(p)
	if err != nil {
		return 0, err
	}
	fs, framed := sc.(edge.FrameScorer)
	var total float64
	for row := range b.Rows {
		for col := range b.Cols {
			a := b.Cells[row*b.Cols+col]
			if a.IsEmpty() {
				continue
			}
			for _, side := range puzzle.Sides {
				dr, dc := side.Step()
				nr, nc := row+dr, col+dc
				if nr < 0 || nr >= b.Rows || nc < 0 || nc >= b.Cols {
					if framed {
						total += fs.ScoreFrame(a, side)
					}
					continue
				}
				if side != puzzle.Right && side != puzzle.Bottom {
					continue
				}
				if o := b.Cells[nr*b.Cols+nc]; !o.IsEmpty() {
					total += sc.Score(a, side, o)
				}
			}
		}
	}
	return total, nil
}

// closeTo compares costs summed in different orders: equal to within a
// relative 1e-9, far above float64 rounding over a few hundred joins and far
// below any cost difference that means something.
func closeTo(a, b float64) bool {
	if a == b {
		return true
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false
	}
	return math.Abs(a-b) <= 1e-9*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// missing returns, in increasing order, the pieces of p that b does not
// place, or nil when it places them all.
func missing(p *puzzle.Puzzle, b *puzzle.Board) []puzzle.PieceID {
	on := make(map[puzzle.PieceID]bool, len(b.Cells))
	for _, pl := range b.Cells {
		on[pl.Piece] = true
	}
	var out []puzzle.PieceID
	for id := range puzzle.PieceID(len(p.Pieces)) {
		if !on[id] {
			out = append(out, id)
		}
	}
	return out
}

// placed counts the pieces on b.
func placed(b *puzzle.Board) int {
	n := 0
	for _, pl := range b.Cells {
		if pl.Piece != puzzle.NoPiece {
			n++
		}
	}
	return n
}

// boardString draws b for a failure message, one row per line.
func boardString(b *puzzle.Board) string {
	var sb strings.Builder
	for row := range b.Rows {
		for col := range b.Cols {
			if col > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "%5v", b.Cells[row*b.Cols+col])
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// boardKey identifies a board's placements, to find repeats.
func boardKey(b *puzzle.Board) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%d", b.Rows, b.Cols)
	for _, pl := range b.Cells {
		fmt.Fprintf(&sb, " %v", pl)
	}
	return sb.String()
}

// countSolutions counts the perfect boards of p, up to limit: boards that
// are valid, place as many pieces as fit (every piece, or every cell when
// there are extra pieces) and cost 0. It is a plain search over cells in
// row-major order, written apart from every solver, to check what an
// Enumerator yields on small puzzles.
func countSolutions(p solve.Problem, limit int) (int, error) {
	pz := p.Puzzle
	if err := pz.Validate(); err != nil {
		return 0, err
	}
	sc, err := scorerOf(p)
	if err != nil {
		return 0, err
	}
	fs, framed := sc.(edge.FrameScorer)
	b := puzzle.NewBoardFor(pz)
	used := make([]bool, len(pz.Pieces))
	fixed := make([]bool, len(b.Cells))
	for _, f := range pz.Fixed {
		used[f.Placement.Piece] = true
		fixed[b.Index(f.Cell)] = true
	}
	holes := max(0, pz.Cells()-len(pz.Pieces))
	// fits reports whether pl in cell i costs nothing against the rim and
	// the pieces already on the board.
	fits := func(i int, pl puzzle.Placement) bool {
		c := b.CellAt(i)
		for _, side := range puzzle.Sides {
			nb := c.Neighbour(side)
			if !b.In(nb) {
				if framed && fs.ScoreFrame(pl, side) != 0 {
					return false
				}
				continue
			}
			if o := b.At(nb); !o.IsEmpty() && sc.Score(pl, side, o) != 0 {
				return false
			}
		}
		return true
	}
	count := 0
	var walk func(i int)
	walk = func(i int) {
		if count >= limit {
			return
		}
		if i == len(b.Cells) {
			count++
			return
		}
		if fixed[i] {
			if fits(i, b.Cells[i]) {
				walk(i + 1)
			}
			return
		}
		if holes > 0 {
			holes--
			walk(i + 1)
			holes++
		}
		for id := range pz.Pieces {
			if used[id] {
				continue
			}
			used[id] = true
			for _, r := range pz.Turns() {
				pl := puzzle.Placement{Piece: puzzle.PieceID(id), Rotation: r}
				if fits(i, pl) {
					b.Cells[i] = pl
					walk(i + 1)
					b.Cells[i] = puzzle.Empty
				}
			}
			used[id] = false
		}
	}
	walk(0)
	return count, nil
}
