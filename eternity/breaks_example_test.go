package eternity_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// ExampleNewBreaks searches a 10×10 puzzle in the style of Eternity II,
// its pieces shuffled and turned, with a budget of iterations (placements,
// then the polish's moves): the score depends on the seed and the budget,
// never on the machine.
func ExampleNewBreaks() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, _, _ := puzzle.GenerateColours(10, 10, 4, 9, rng)
	p.Rotatable = true
	p, _, _ = puzzle.Scramble(p, nil, rng)

	res, err := eternity.NewBreaks().Solve(context.Background(), solve.Problem{Puzzle: p},
		solve.WithMaxIterations(20_000_000), solve.WithSeed(1))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d/%d joins, %v\n", eternity.Score(p, res.Board), eternity.MaxScore(10, 10), res.Status)
	// Output: 174/180 joins, iteration limit
}

// ExampleBreaksResume stops a search part way, as a batch system stops a
// preempted job, and runs it again from its checkpoint: it ends with the
// board and the counters of the search run straight through.
func ExampleBreaksResume() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, _, _ := puzzle.GenerateColours(8, 8, 3, 6, rng)
	p.Rotatable = true
	p, _, _ = puzzle.Scramble(p, nil, rng)
	prob := solve.Problem{Puzzle: p}
	opts := []eternity.BreaksOption{eternity.BreaksChunk(100_000), eternity.BreaksRestart(200_000)}
	budget := solve.WithMaxIterations(3_000_000)

	straight, err := eternity.NewBreaks(opts...).Solve(context.Background(), prob, budget, solve.WithSeed(1))
	if err != nil {
		panic(err)
	}

	dir, err := os.MkdirTemp("", "breaks")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "breaks.json")
	stop := solve.WithObserver(func(ev solve.Event) error {
		if ev.Stats.Iterations >= 1_000_000 {
			return solve.ErrStop
		}
		return nil
	})
	first, err := eternity.NewBreaks(append(opts, eternity.BreaksSave(path, 0))...).Solve(context.Background(), prob, budget, solve.WithSeed(1), stop)
	if err != nil {
		panic(err)
	}
	resumed, err := eternity.NewBreaks(append(opts, eternity.BreaksResume(path))...).Solve(context.Background(), prob, budget)
	if err != nil {
		panic(err)
	}
	fmt.Println("first session:", first.Status)
	fmt.Printf("resumed: %d/%d joins, %v\n", eternity.Score(p, resumed.Board), eternity.MaxScore(8, 8), resumed.Status)
	fmt.Println("as straight through:", resumed.Board.Equal(straight.Board) && resumed.Stats.Nodes == straight.Stats.Nodes)
	// Output:
	// first session: stopped
	// resumed: 110/112 joins, iteration limit
	// as straight through: true
}
