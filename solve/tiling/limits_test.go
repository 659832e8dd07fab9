package tiling_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tiling"
)

// sparseL is the adversarial puzzle: an L of one-square arms along the top
// row and the left column of a 300×300 box (599 squares in a box of 90,000
// cells), and 200 trominoes, straight and bent alternately, whose 600
// squares exceed the board's 599, so that every tile is optional.
//
// The trominoes cannot cover it (599 is not a multiple of 3), and the
// exact-cover search, which must try the tiles' copies in every order, will
// not find that out in any time: runs on it end by budget or cancellation.
//
// Options: each straight tromino lies along the top row at columns 0 to 297
// or down the left column at rows 0 to 297 (596 placements), and each bent
// one only in the corner (1), so 100·596 + 100·1 = 59,700.
func sparseL(t testing.TB) *polyomino.Puzzle {
	t.Helper()
	const side = 300
	sq := make([]polyomino.Square, 0, 2*side-1)
	for c := range side {
		sq = append(sq, polyomino.Square{Cell: polyomino.Cell{Row: 0, Col: c}, Colour: '#'})
	}
	for r := 1; r < side; r++ {
		sq = append(sq, polyomino.Square{Cell: polyomino.Cell{Row: r, Col: 0}, Colour: '#'})
	}
	board, err := polyomino.NewShape(sq...)
	if err != nil {
		t.Fatal(err)
	}
	straight, bent := shape(t, "###"), shape(t, "##\n#")
	p := &polyomino.Puzzle{Board: board}
	for i := range 200 {
		if i%2 == 0 {
			p.Tiles = append(p.Tiles, straight)
		} else {
			p.Tiles = append(p.Tiles, bent)
		}
	}
	return p
}

// sparseLOptions is sparseL's option count (see there).
const sparseLOptions = 59700

// sparseLEntries is the size of the backtracker's table for sparseL: the 2
// orientations of the straight tromino and the 4 of the bent one, on each
// of the 599 squares.
const sparseLEntries = 6 * 599

func TestSparseBoardMemory(t *testing.T) {
	p := sparseL(t)
	xc, places, err := tiling.ExactCoverProblem(p, polyomino.Rotate)
	if err != nil {
		t.Fatal(err)
	}
	if xc.Options() != sparseLOptions || len(places) != sparseLOptions {
		t.Errorf("%d options, %d placements; want %d", xc.Options(), len(places), sparseLOptions)
	}
	tests := []struct {
		name       string
		method     tiling.Method
		wantStatus solve.Status
	}{
		// The search has no end in sight: it stops at the node budget.
		{name: "exact cover", method: tiling.ExactCover, wantStatus: solve.IterationLimit},
		// No subset of the trominoes has the board's area: done at once.
		{name: "backtrack", method: tiling.Backtrack, wantStatus: solve.Exhausted},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, res, err := tiling.New(tiling.WithMethod(tc.method)).First(context.Background(), p, polyomino.Rotate, solve.WithMaxIterations(1000))
			runtime.ReadMemStats(&after)
			if err != nil || res.Status != tc.wantStatus {
				t.Fatalf("First = %+v, %v; want %v", res, err, tc.wantStatus)
			}
			// Measured: about 20 MB for exact cover, under 1 MB for
			// backtrack. Walking the bounding box instead, the
			// backtracker's table took 2 GB.
			const limit = 64 << 20
			if got := after.TotalAlloc - before.TotalAlloc; got > limit {
				t.Errorf("allocated %d MB, want at most %d MB", got>>20, limit>>20)
			}
		})
	}
}

func TestTooLarge(t *testing.T) {
	p := sparseL(t)
	tests := []struct {
		name    string
		method  tiling.Method
		limit   int64
		wantErr string // "" for no error
	}{
		{name: "exact cover over", method: tiling.ExactCover, limit: sparseLOptions - 1,
			wantErr: fmt.Sprintf("%d options (tile placements) for 200 tiles on 599 board squares, more than the limit of %d", sparseLOptions, sparseLOptions-1)},
		{name: "exact cover at", method: tiling.ExactCover, limit: sparseLOptions},
		{name: "backtrack over", method: tiling.Backtrack, limit: sparseLEntries - 1,
			wantErr: fmt.Sprintf("%d entries (6 tile orientations × 599 board squares), more than the limit of %d", sparseLEntries, sparseLEntries-1)},
		{name: "backtrack at", method: tiling.Backtrack, limit: sparseLEntries},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tiling.New(tiling.WithMethod(tc.method), tiling.WithMaxOptions(tc.limit))
			check := func(entry string, err error) {
				t.Helper()
				if tc.wantErr == "" {
					if err != nil {
						t.Errorf("%s: %v", entry, err)
					}
					return
				}
				if !errors.Is(err, tiling.ErrTooLarge) || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("%s: error %v, want ErrTooLarge with %q", entry, err, tc.wantErr)
				}
			}
			var events int
			obs := solve.WithObserver(func(solve.Event) error { events++; return nil })
			budget := solve.WithMaxIterations(100)
			_, _, err := s.First(context.Background(), p, polyomino.Rotate, obs, budget)
			check("First", err)
			_, err = s.Count(context.Background(), p, polyomino.Rotate, obs, budget)
			check("Count", err)
			var last error
			for _, err := range s.All(context.Background(), p, polyomino.Rotate, obs, budget) {
				last = err
			}
			check("All", last)
			// A refused puzzle is invalid input: no run begins.
			if tc.wantErr != "" && events != 0 {
				t.Errorf("the observer saw %d events of refused runs, want none", events)
			}
		})
	}

	t.Run("default bound", func(t *testing.T) {
		// 1,800 straight trominoes have 1800·596 = 1,072,800 options,
		// over MaxOptions (2^20 = 1,048,576).
		q := &polyomino.Puzzle{Board: p.Board}
		for range 1800 {
			q.Tiles = append(q.Tiles, p.Tiles[0])
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, _, err := tiling.ExactCoverProblem(q, polyomino.Rotate)
		runtime.ReadMemStats(&after)
		if !errors.Is(err, tiling.ErrTooLarge) || !strings.Contains(err.Error(), "1072800 options") {
			t.Errorf("ExactCoverProblem: error %v, want ErrTooLarge for 1072800 options", err)
		}
		// Refused before the options are built, which would take about
		// 150 MB with the engine's share.
		if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
			t.Errorf("refusing allocated %d MB, want at most 8 MB", got>>20)
		}
	})
}

// countdown is a context that reports itself cancelled from its n-th look
// on, so that a test can cancel a run at a chosen point of its build,
// whatever the machine's speed. After it counts the looks made since.
type countdown struct {
	context.Context
	left  atomic.Int64
	after atomic.Int64
}

func newCountdown(n int64) *countdown {
	c := &countdown{Context: context.Background()}
	c.left.Store(n)
	return c
}

func (c *countdown) Err() error {
	if c.left.Add(-1) >= 0 {
		return nil
	}
	c.after.Add(1)
	return context.Canceled
}

func TestCancelDuringBuild(t *testing.T) {
	// A full 300×300 board and 30,000 straight trominoes: the layout tries
	// 2·90,000 anchor squares, looking at the context every 4,096, before
	// it could find 30,000·178,802 options and refuse them.
	var sq []polyomino.Square
	for r := range 300 {
		for c := range 300 {
			sq = append(sq, polyomino.Square{Cell: polyomino.Cell{Row: r, Col: c}, Colour: '#'})
		}
	}
	board, err := polyomino.NewShape(sq...)
	if err != nil {
		t.Fatal(err)
	}
	p := &polyomino.Puzzle{Board: board}
	straight := shape(t, "###")
	for range 30000 {
		p.Tiles = append(p.Tiles, straight)
	}
	// Cancelled at the third look, well inside the layout's 43.
	const looks = 3
	for _, tc := range []struct {
		name   string
		solver *tiling.Solver
	}{
		{name: "exact cover", solver: tiling.New(tiling.WithUnique(false))},
		{name: "exact cover folding", solver: tiling.New()},
		{name: "backtrack", solver: tiling.New(tiling.WithMethod(tiling.Backtrack))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var kinds []solve.EventKind
			var finished solve.Status
			obs := solve.WithObserver(func(e solve.Event) error {
				kinds = append(kinds, e.Kind)
				if e.Kind == solve.Finished {
					finished = e.Status
				}
				return nil
			})
			ctx := newCountdown(looks)
			_, res, err := tc.solver.First(ctx, p, polyomino.Rotate, obs)
			if err != nil || res.Status != solve.Canceled || res.Stats.Nodes != 0 {
				t.Errorf("First = %+v, %v; want canceled before any node", res, err)
			}
			if want := fmt.Sprint([]solve.EventKind{solve.Started, solve.Finished}); fmt.Sprint(kinds) != want || finished != solve.Canceled {
				t.Errorf("events %v, finished %v; want %v, canceled", kinds, finished, want)
			}
			// Prompt: once cancelled, the build stops at its next
			// look, and the run only confirms it.
			if n := ctx.after.Load(); n > 3 {
				t.Errorf("the context was looked at %d times after it ended, want at most 3", n)
			}

			res, err = tc.solver.Count(newCountdown(looks), p, polyomino.Rotate)
			if err != nil || res.Status != solve.Canceled || res.Solutions != 0 {
				t.Errorf("Count = %+v, %v; want canceled", res, err)
			}
			var last error
			for _, err := range tc.solver.All(newCountdown(looks), p, polyomino.Rotate) {
				last = err
			}
			if !errors.Is(last, context.Canceled) {
				t.Errorf("All ended with %v, want context.Canceled", last)
			}
		})
	}
}

// TestFirstEnds checks First's ends other than a solution: cancellation
// and an observer's ErrStop or own error, on searches that would run on.
func TestFirstEnds(t *testing.T) {
	tests := []struct {
		name   string
		solver *tiling.Solver
		puzzle *polyomino.Puzzle
		mode   polyomino.Mode
	}{
		// Never ends (see sparseL).
		{name: "exact cover", solver: tiling.New(), puzzle: sparseL(t), mode: polyomino.Rotate},
		// No solution (seed 003's table), found after 688,028 nodes,
		// about half a second.
		{name: "backtrack", solver: tiling.New(tiling.WithMethod(tiling.Backtrack)), puzzle: pentominoPuzzle(t, rectangle(3, 20)), mode: polyomino.Rotate},
	}
	for _, tc := range tests {
		t.Run(tc.name+"/cancel", func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			sol, res, err := tc.solver.First(ctx, tc.puzzle, tc.mode)
			took := time.Since(start)
			if err != nil || sol != nil || res.Status != solve.Canceled {
				t.Errorf("First = %v, %+v, %v; want no solution, canceled", sol, res, err)
			}
			if took > time.Second {
				t.Errorf("cancelled after 50ms, First took %v", took)
			}
		})
		errOwn := errors.New("observer's own error")
		for _, stop := range []struct {
			name    string
			ret     error
			wantErr error
		}{
			{name: "ErrStop", ret: solve.ErrStop},
			{name: "own error", ret: errOwn, wantErr: errOwn},
		} {
			t.Run(tc.name+"/"+stop.name, func(t *testing.T) {
				var finished solve.Status
				obs := solve.WithObserver(func(e solve.Event) error {
					switch e.Kind {
					case solve.Progress:
						return stop.ret
					case solve.Finished:
						finished = e.Status
					}
					return nil
				})
				sol, res, err := tc.solver.First(context.Background(), tc.puzzle, tc.mode, obs, solve.WithProgressEvery(100))
				if !errors.Is(err, stop.wantErr) || stop.wantErr == nil && err != nil {
					t.Errorf("First error %v, want %v", err, stop.wantErr)
				}
				if sol != nil || res.Status != solve.Stopped || finished != solve.Stopped {
					t.Errorf("First = %v, %+v, Finished %v; want no solution, stopped", sol, res, finished)
				}
				// Stopped at the first Progress event, after 100 nodes.
				if res.Stats.Nodes > 101 {
					t.Errorf("stopped after %d nodes, want about 100", res.Stats.Nodes)
				}
			})
		}
	}
}
