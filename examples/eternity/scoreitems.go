package main

// This file runs the score search as indexed work items: each item is a
// search of its own, from a seed of its own, and -mode merge keeps the
// best board of them all. Searches from different seeds are the simplest
// way to spend many machines on the score: the restarts of Breaks are
// independent already, so N items of an hour search N times the restarts
// of one, and the best of N boards is the run's.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// itemSeed returns the seed of score item index of a run with seed base:
// the first draw of a PCG seeded with both, so that items search apart
// and every run of an item searches alike.
func itemSeed(base uint64, index int) uint64 {
	return rand.New(rand.NewPCG(base, uint64(index))).Uint64()
}

// itemPNG returns the name of item index's picture under dir.
func itemPNG(dir string, index, split int) string {
	return filepath.Join(dir, fmt.Sprintf("board-%05d-of-%05d.png", index, split))
}

// scoreItem runs item c.index of c.split of a score search, with the
// item's own seed, and writes the item's file under c.out. Breaks and
// hunt go on from the item's checkpoint when one is there, save one every
// -checkpoint-every and when stopped, and count -timeout (and
// -iterations) over all the item's runs; the other methods start afresh.
// ctx is the program's: its end (a signal) stops the item unfinished,
// while the item's own time running out finishes it.
func scoreItem(ctx context.Context, in instance, c config, stderr io.Writer) (outcome, error) {
	p := in.p
	seed := itemSeed(c.seed, c.index)
	cpPath := checkpointFile(c.out, c.index, c.split)
	it := item{Name: in.name, Rows: p.Rows, Cols: p.Cols, Mode: "score", Split: c.split, Index: c.index,
		Puzzle: eternity.HuntFingerprint(p), Method: c.method, BaseSeed: c.seed, Seed: seed,
		Budget: c.iterations, Timeout: c.timeout.Seconds()}
	timeout := c.timeout
	resume := false
	// saved reads the method's checkpoint: the time searched, the
	// iterations and the best score.
	var saved func(path string) (seconds float64, iterations int64, score int, err error)
	switch c.method {
	case "breaks":
		saved = func(path string) (float64, int64, int, error) {
			ck, err := eternity.ReadBreaksCheckpoint(path)
			if err != nil {
				return 0, 0, 0, err
			}
			return ck.Seconds, ck.Iterations, ck.Score, nil
		}
	case "hunt":
		saved = func(path string) (float64, int64, int, error) {
			ck, err := eternity.ReadHuntCheckpoint(path)
			if err != nil {
				return 0, 0, 0, err
			}
			return ck.Seconds, ck.Iterations, ck.Score, nil
		}
	}
	if saved != nil {
		secs, iters, score, err := saved(cpPath)
		switch {
		case err == nil:
			timeout -= time.Duration(secs * float64(time.Second))
			resume = true
			fmt.Fprintf(stderr, "item %d of %d: going on from %s at %d iterations, %.0f s, best %d/%d\n",
				c.index, c.split, cpPath, iters, secs, score, eternity.MaxScore(p.Rows, p.Cols))
		case !errors.Is(err, fs.ErrNotExist):
			return outcome{}, err
		}
	}
	// An item whose time ran out as its checkpoint was saved still
	// resumes, to write its file.
	tctx, cancel := context.WithTimeout(ctx, max(timeout, time.Millisecond))
	defer cancel()
	var sv solve.Solver
	switch c.method {
	case "breaks":
		opts := []eternity.BreaksOption{eternity.BreaksSave(cpPath, c.checkpointEvery)}
		if resume {
			opts = append(opts, eternity.BreaksResume(cpPath))
		}
		sv = eternity.NewBreaks(opts...)
	case "hunt":
		opts := []eternity.HuntOption{eternity.WithCheckpoint(cpPath, c.checkpointEvery)}
		if resume {
			opts = append(opts, eternity.Resume(cpPath))
		}
		sv = eternity.NewHunt(opts...)
	default:
		sv = scoreSolver(c.method, c)
	}
	ic := c
	ic.seed = seed
	o, err := runScore(tctx, p, sv, ic, stderr)
	if err != nil {
		return outcome{}, err
	}
	o.png = itemPNG(c.out, c.index, c.split)
	if ctx.Err() != nil {
		// Stopped from outside: the checkpoint holds the item.
		o.unfinished = true
		fmt.Fprintf(stderr, "item %d of %d: stopped at %d/%d; run it again to go on\n",
			c.index, c.split, eternity.Score(p, o.board), eternity.MaxScore(p.Rows, p.Cols))
		return o, nil
	}
	it.Score, it.MaxScore = eternity.Score(p, o.board), eternity.MaxScore(p.Rows, p.Cols)
	it.Score544 = eternity.Score544(p, o.board)
	it.Board = make([]int32, len(o.board.Cells))
	for i, pl := range o.board.Cells {
		it.Board[i] = -1
		if !pl.IsEmpty() {
			it.Board[i] = int32(pl.Piece)<<2 | int32(pl.Rotation)
		}
	}
	it.Iterations, it.Seconds, it.Status = o.iterations, o.seconds, o.status.String()
	if resume {
		// The time of the item's earlier runs.
		it.Seconds += (c.timeout - timeout).Seconds()
	}
	if err := writeJSON(itemFile(c.out, c.index, c.split), it); err != nil {
		return outcome{}, err
	}
	if err := os.Remove(cpPath); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return outcome{}, err
	}
	fmt.Fprintf(stderr, "item %d of %d (seed %d): %d/%d\n", c.index, c.split, seed, it.Score, it.MaxScore)
	return o, nil
}

// mergeScore keeps the best board of the score items at paths, checking
// that every index of the split reported a finished search of the same
// puzzle, method, seed and budget. Of boards of equal score it keeps the
// one of the lowest index, so that a merge never depends on the order in
// which the files are read.
func mergeScore(c config, paths []string, items []item, stdout, stderr io.Writer) error {
	first := items[0]
	seen := map[int]bool{}
	best := -1
	r := report{Name: first.Name, Rows: first.Rows, Cols: first.Cols, Mode: "merge", Method: first.Method,
		MaxScore: eternity.MaxScore(first.Rows, first.Cols), MaxScore544: eternity.MaxScore544(first.Rows, first.Cols),
		Split: first.Split}
	for k, it := range items {
		if it.Mode != first.Mode || it.Split != first.Split || it.Puzzle != first.Puzzle || it.Method != first.Method ||
			it.BaseSeed != first.BaseSeed || it.Budget != first.Budget || it.Timeout != first.Timeout {
			return fmt.Errorf("%s: item %d of %d of another search than %s (%s of puzzle %s, seed %d, %d iterations, %g s; want %s of %s, %d, %d, %g s)",
				paths[k], it.Index, it.Split, paths[0], it.Method, it.Puzzle, it.BaseSeed, it.Budget, it.Timeout,
				first.Method, first.Puzzle, first.BaseSeed, first.Budget, first.Timeout)
		}
		if it.Index < 0 || it.Index >= it.Split || seen[it.Index] {
			return fmt.Errorf("%s: index %d repeated or out of 0 to %d", paths[k], it.Index, it.Split-1)
		}
		if it.Seed != itemSeed(it.BaseSeed, it.Index) {
			return fmt.Errorf("%s: item %d searched from seed %d, not its own %d", paths[k], it.Index, it.Seed, itemSeed(it.BaseSeed, it.Index))
		}
		if len(it.Board) != it.Rows*it.Cols {
			return fmt.Errorf("%s: item %d has a board of %d cells for %d×%d", paths[k], it.Index, len(it.Board), it.Rows, it.Cols)
		}
		seen[it.Index] = true
		r.Iterations += it.Iterations
		r.Seconds += it.Seconds
		if best < 0 || it.Score > items[best].Score || it.Score == items[best].Score && it.Index < items[best].Index {
			best = k
		}
	}
	if err := allReported(seen, first.Split); err != nil {
		return err
	}
	b := items[best]
	r.Score, r.Score544, r.Status, r.Best = b.Score, b.Score544, b.Status, &b.Index
	board := puzzle.NewBoard(b.Rows, b.Cols)
	for i, e := range b.Board {
		board.Cells[i] = puzzle.Empty
		if e >= 0 {
			board.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(e >> 2), Rotation: puzzle.Rotation(e & 3)}
		}
	}
	// The best board as Verhaard's grid (pieces from 1), which
	// eternity.LoadBoardFile reads back.
	f, err := os.Create(filepath.Join(c.out, "best-board.txt"))
	if err != nil {
		return err
	}
	if err := eternity.WriteBoard(f, board, eternity.Grid); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if png := itemPNG(c.out, b.Index, b.Split); fileExists(png) {
		r.PNG = png
	}
	fmt.Fprintf(stderr, "merged %d items of %s: item %d's board, %d/%d, in %s\n",
		first.Split, first.Name, b.Index, b.Score, r.MaxScore, filepath.Join(c.out, "best-board.txt"))
	if c.json {
		return json.NewEncoder(stdout).Encode(r)
	}
	printSummary(stdout, r)
	return nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
