// Quickstart re-assembles a scrambled jigsaw and writes pictures of the
// scrambled and solved boards.
//
// By default it cuts an embedded photograph into 28-pixel pieces, scrambles
// and turns them (orientation unknown), and re-assembles the picture by
// greedy placement. With -kind shapes it generates a tab/blank jigsaw of
// -rows × -cols pieces instead and solves it by backtracking.
//
//	go run ./examples/quickstart [-kind photo|shapes] [-piece 28] [-rows 12] [-cols 16]
//	                             [-pairs 0] [-seed 1] [-out DIR] [-json]
//
// With -json it prints exactly one JSON object on stdout:
//
//	{"pieces":160,"seconds":0.05,"nodes":160,"solved":true,"direct":1,"neighbour":1}
//
// nodes counts the solver's steps (search nodes for backtracking, placements
// and exchanges tried for greedy placement); solved is true when the
// puzzle's planted picture was re-assembled exactly (up to a turn of the
// whole board), and for a generated jigsaw also when any solution was found.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"

	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/examples/internal/photo"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/greedy"
)

type config struct {
	kind       string
	piece      int
	rows, cols int
	pairs      int
	seed       uint64
	out        string
	json       bool
	timeout    time.Duration
}

// summary is the -json output.
type summary struct {
	Pieces    int     `json:"pieces"`
	Seconds   float64 `json:"seconds"`
	Nodes     int64   `json:"nodes"`
	Solved    bool    `json:"solved"`
	Direct    float64 `json:"direct"`
	Neighbour float64 `json:"neighbour"`
}

func main() {
	var c config
	flag.StringVar(&c.kind, "kind", "photo", "photo: the embedded photograph; shapes: a generated tab/blank jigsaw")
	flag.IntVar(&c.piece, "piece", 28, "piece size in pixels (photo)")
	flag.IntVar(&c.rows, "rows", 12, "rows of pieces (shapes)")
	flag.IntVar(&c.cols, "cols", 16, "columns of pieces (shapes)")
	flag.IntVar(&c.pairs, "pairs", 0, "tab/blank shape pairs (shapes; 0: one per six pieces, rounded up)")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the generator and the scramble")
	flag.StringVar(&c.out, "out", "", "directory for scrambled.png and solved.png (default: a new temporary directory)")
	flag.BoolVar(&c.json, "json", false, "print one JSON object on stdout instead of the summary")
	flag.DurationVar(&c.timeout, "timeout", time.Minute, "give up after this long")
	flag.Parse()
	if err := run(c, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "quickstart:", err)
		os.Exit(1)
	}
}

func run(c config, stdout, stderr io.Writer) error {
	rng := rand.New(rand.NewPCG(c.seed, c.seed))
	var (
		p      *puzzle.Puzzle
		truth  *puzzle.Board
		solver solve.Solver
		err    error
		what   string
	)
	switch c.kind {
	case "photo":
		if p, truth, err = puzzle.Cut(photo.Chelsea(), c.piece); err != nil {
			return err
		}
		p.Rotatable = true
		solver = greedy.New()
		what = fmt.Sprintf("%d×%d of %d px, cut from a photograph, orientation unknown; greedy placement", p.Rows, p.Cols, c.piece)
	case "shapes":
		if p, truth, err = puzzle.GenerateShapes(c.rows, c.cols, c.pairs, rng); err != nil {
			return err
		}
		solver = backtrack.New()
		what = fmt.Sprintf("%d×%d, %d shape pairs, rotatable; backtracking", p.Rows, p.Cols, shapePairs(c))
	default:
		return fmt.Errorf("unknown -kind %q: photo or shapes", c.kind)
	}
	if p, truth, err = puzzle.Scramble(p, truth, rng); err != nil {
		return err
	}

	if c.out, err = output.Dir(c.out, "jigsaw-quickstart-"); err != nil {
		return err
	}
	if err := output.Scrambled(c.out, p); err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	res, err := solver.Solve(ctx, solve.Problem{Puzzle: p}, solve.WithSeed(c.seed))
	if err != nil {
		return err
	}
	if err := output.Solved(c.out, p, res.Board); err != nil {
		return err
	}

	perfect := puzzle.Perfect(truth, res.Board)
	s := summary{
		Pieces:    len(p.Pieces),
		Seconds:   res.Stats.Runtime.Seconds(),
		Nodes:     max(res.Stats.Nodes, res.Stats.Iterations),
		Solved:    perfect || res.Status == solve.Solved,
		Direct:    puzzle.DirectComparison(truth, res.Board),
		Neighbour: puzzle.NeighbourComparison(truth, res.Board),
	}
	fmt.Fprintf(stderr, "pictures in %s\n", c.out)
	if c.json {
		return json.NewEncoder(stdout).Encode(s)
	}
	fmt.Fprintf(stdout, "pieces:     %d (%s)\n", s.Pieces, what)
	fmt.Fprintf(stdout, "time:       %v\n", res.Stats.Runtime.Round(time.Microsecond))
	fmt.Fprintf(stdout, "nodes:      %d (%v)\n", s.Nodes, res.Status)
	fmt.Fprintf(stdout, "direct:     %.3f\n", s.Direct)
	fmt.Fprintf(stdout, "neighbour:  %.3f\n", s.Neighbour)
	fmt.Fprintf(stdout, "solved:     %v (the planted picture, up to a turn: %v)\n", s.Solved, perfect)
	if !s.Solved {
		return errors.New("not solved")
	}
	return nil
}

func shapePairs(c config) int {
	if c.pairs > 0 {
		return c.pairs
	}
	return puzzle.ShapePairs(c.rows * c.cols)
}
