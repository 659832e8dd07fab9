package solve_test

import (
	"context"
	"fmt"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// guess is a method in a few lines: it deals the pieces at random until a
// board fits. Start, Step, Offer and Finish do the book-keeping: budgets,
// cancellation, events, the best board and the result.
type guess struct{}

func (guess) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	r, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	pz, rng := r.Problem().Puzzle, r.Rand()
	b := puzzle.NewBoardFor(pz)
	for r.Step() {
		for i, id := range rng.Perm(len(pz.Pieces)) {
			b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(id), Rotation: puzzle.Rotation(rng.IntN(4))}
		}
		r.Stats.Evaluations++
		if !r.Offer(b, edge.Cost(r.Problem().Scorer, b)) {
			break
		}
	}
	return r.Finish(solve.Exhausted)
}

// Example_method writes a method with the shared book-keeping and runs it
// on a two-piece puzzle: a tab on piece 0's right fits a blank on piece 1's
// left.
func Example_method() {
	p := &puzzle.Puzzle{Rows: 1, Cols: 2, Rule: puzzle.Complement, Rotatable: true, Pieces: []puzzle.Piece{
		{ID: 0, Edges: [4]puzzle.Label{0, 1, 0, 0}},
		{ID: 1, Edges: [4]puzzle.Label{0, 0, 0, -1}},
	}}
	res, err := guess{}.Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithSeed(3), solve.WithMaxIterations(1000))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Status, res.Cost, res.Board.Cells)
	// Output:
	// solved 0 [0/0 1/0]
}

// ExampleOptions builds a preset and overrides one of its options: later
// options win.
func ExampleOptions() {
	quick := solve.Options{solve.WithMaxIterations(10000), solve.WithStall(500)}
	s := solve.NewSettings(quick, solve.WithStall(100), solve.WithSeed(7))
	fmt.Println(s.MaxIterations, s.Stall, s.Seed, s.Workers)
	// Output:
	// 10000 100 7 1
}
