// Quickstart generates a tab/blank jigsaw, scrambles it, solves it by
// backtracking and writes pictures of the scrambled and solved boards.
//
//	go run ./examples/quickstart [-rows 12] [-cols 16] [-seed 1] [-out DIR] [-json]
//
// With -json it prints exactly one JSON object on stdout:
//
//	{"pieces":192,"seconds":0.004,"nodes":192,"solved":true}
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

type config struct {
	rows, cols int
	pairs      int
	seed       uint64
	out        string
	json       bool
	timeout    time.Duration
}

// summary is the -json output.
type summary struct {
	Pieces  int     `json:"pieces"`
	Seconds float64 `json:"seconds"`
	Nodes   int64   `json:"nodes"`
	Solved  bool    `json:"solved"`
}

func main() {
	var c config
	flag.IntVar(&c.rows, "rows", 12, "rows of pieces")
	flag.IntVar(&c.cols, "cols", 16, "columns of pieces")
	flag.IntVar(&c.pairs, "pairs", 0, "tab/blank shape pairs (0: one per six pieces, rounded up)")
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
	p, truth, err := puzzle.GenerateShapes(c.rows, c.cols, c.pairs, rng)
	if err != nil {
		return err
	}
	p, truth, err = puzzle.Scramble(p, truth, rng)
	if err != nil {
		return err
	}

	if c.out == "" {
		if c.out, err = os.MkdirTemp("", "jigsaw-quickstart-"); err != nil {
			return err
		}
	} else if err := os.MkdirAll(c.out, 0o755); err != nil {
		return err
	}
	// The scrambled pieces, laid out in the order they came in.
	heap := puzzle.NewBoard(p.Rows, p.Cols)
	for i := range p.Pieces {
		heap.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	if err := writePNG(filepath.Join(c.out, "scrambled.png"), puzzle.Render(p, heap)); err != nil {
		return err
	}

	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	res, err := backtrack.New().Solve(ctx, solve.Problem{Puzzle: p}, solve.WithSeed(c.seed))
	if err != nil {
		return err
	}
	if err := writePNG(filepath.Join(c.out, "solved.png"), puzzle.Render(p, res.Board)); err != nil {
		return err
	}

	s := summary{
		Pieces:  len(p.Pieces),
		Seconds: res.Stats.Runtime.Seconds(),
		Nodes:   res.Stats.Nodes,
		Solved:  res.Status == solve.Solved,
	}
	fmt.Fprintf(stderr, "pictures in %s\n", c.out)
	if c.json {
		return json.NewEncoder(stdout).Encode(s)
	}
	fmt.Fprintf(stdout, "pieces:  %d (%d×%d, %d shape pairs, rotatable)\n", s.Pieces, p.Rows, p.Cols, shapePairs(c))
	fmt.Fprintf(stdout, "time:    %v\n", res.Stats.Runtime.Round(time.Microsecond))
	fmt.Fprintf(stdout, "nodes:   %d (%d backtracks)\n", s.Nodes, res.Stats.Backtracks)
	fmt.Fprintf(stdout, "solved:  %v (%v; the planted picture, up to a turn: %v)\n", s.Solved, res.Status, puzzle.Perfect(truth, res.Board))
	if !s.Solved {
		return errors.New("no solution found")
	}
	return nil
}

func shapePairs(c config) int {
	if c.pairs > 0 {
		return c.pairs
	}
	return puzzle.ShapePairs(c.rows * c.cols)
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
