package tiling_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tiling"
)

func TestPentominoCounts(t *testing.T) {
	// Raw and unique counts from seed 003's tables (rotation only; rotation
	// and reflection), confirmed in the digest §2.5 by an independent
	// exact-cover count.
	tests := []struct {
		name        string
		board       string
		mode        polyomino.Mode
		raw, unique int64
		long        bool
	}{
		{"3x20 rotate", rectangle(3, 20), polyomino.Rotate, 0, 0, false},
		{"3x20 reflect", rectangle(3, 20), polyomino.Reflect, 8, 2, false},
		{"6x10 rotate", rectangle(6, 10), polyomino.Rotate, 106, 53, false},
		{"8x8 centre hole rotate", centreHole, polyomino.Rotate, 4, 1, false},
		{"8x8 centre hole reflect", centreHole, polyomino.Reflect, 520, 65, false},
		{"4x15 reflect", rectangle(4, 15), polyomino.Reflect, 1472, 368, true},
		{"5x12 reflect", rectangle(5, 12), polyomino.Reflect, 4040, 1010, true},
		{"6x10 reflect", rectangle(6, 10), polyomino.Reflect, 9356, 2339, true},
		// Without turns the pentominoes as drawn fit no rectangle.
		{"6x10 none", rectangle(6, 10), polyomino.None, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && !*long {
				t.Skip("long count: run with -long")
			}
			p := pentominoPuzzle(t, tc.board)
			res, err := tiling.New().Count(context.Background(), p, tc.mode)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Exhausted || res.Solutions != tc.raw || res.Unique != tc.unique {
				t.Errorf("Count = %d raw, %d unique, %v; want %d, %d, exhausted", res.Solutions, res.Unique, res.Status, tc.raw, tc.unique)
			}
		})
	}
}

// solutions lists every solution by its drawing, checking each.
func solutions(t *testing.T, s *tiling.Solver, p *polyomino.Puzzle, m polyomino.Mode) map[string]bool {
	t.Helper()
	seen := make(map[string]bool)
	for sol, err := range s.All(context.Background(), p, m) {
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(sol); err != nil {
			t.Fatalf("invalid solution: %v", err)
		}
		d, _ := p.Render(sol)
		if seen[d] {
			t.Fatalf("solution found twice:\n%s", d)
		}
		seen[d] = true
	}
	return seen
}

// TestMethodsAgree compares both methods, under every set of bounds, on
// random puzzles with planted solutions: mixed tile sizes, colours, holes in
// the board and spare tiles.
func TestMethodsAgree(t *testing.T) {
	solvers := []struct {
		name string
		s    *tiling.Solver
	}{
		{"backtrack", tiling.New(tiling.WithMethod(tiling.Backtrack))},
		{"backtrack seed bounds", tiling.New(tiling.WithMethod(tiling.Backtrack), tiling.WithBounds(tiling.SeedHoleBounds))},
		{"backtrack no bounds", tiling.New(tiling.WithMethod(tiling.Backtrack), tiling.WithBounds(tiling.NoBounds))},
	}
	tests := []struct {
		name                                       string
		rows, cols, holes, colours, maxSize, extra int
	}{
		{"one colour", 4, 5, 0, 1, 5, 0},
		{"holes", 5, 5, 4, 1, 5, 0},
		{"two colours", 4, 4, 0, 2, 4, 0},
		{"spare tiles", 3, 5, 1, 1, 4, 3},
		{"coloured spares", 4, 4, 2, 2, 3, 2},
	}
	exact := tiling.New()
	for _, tc := range tests {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprintf("%s/seed %d", tc.name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 3))
				// Small tiles and spare copies can have millions of
				// solutions; draw again until the count is small.
				// Reflect allows every placement, so no mode has more.
				var p *polyomino.Puzzle
				for {
					p = planted(t, rng, tc.rows, tc.cols, tc.holes, tc.colours, tc.maxSize, tc.extra)
					c, err := tiling.New(tiling.WithUnique(false)).Count(context.Background(), p, polyomino.Reflect, solve.WithMaxIterations(20000))
					if err != nil {
						t.Fatal(err)
					}
					if c.Status == solve.Exhausted && c.Solutions <= 500 {
						break
					}
				}
				for _, m := range []polyomino.Mode{polyomino.None, polyomino.Rotate, polyomino.Reflect, polyomino.ReflectOnly} {
					want := solutions(t, exact, p, m)
					if m == polyomino.Reflect && len(want) == 0 {
						t.Fatalf("the planted solution was not found:\n%v", p.Board)
					}
					wantCount, err := exact.Count(context.Background(), p, m)
					if err != nil {
						t.Fatal(err)
					}
					if wantCount.Solutions != int64(len(want)) {
						t.Errorf("%v: Count = %d, All gave %d", m, wantCount.Solutions, len(want))
					}
					for _, sv := range solvers {
						got := solutions(t, sv.s, p, m)
						if len(got) != len(want) {
							t.Errorf("%s, %v: %d solutions, exact cover finds %d", sv.name, m, len(got), len(want))
						}
						for d := range want {
							if !got[d] {
								t.Errorf("%s, %v: misses\n%s", sv.name, m, d)
								break
							}
						}
						c, err := sv.s.Count(context.Background(), p, m)
						if err != nil {
							t.Fatal(err)
						}
						if c != (tiling.Result{Solutions: wantCount.Solutions, Unique: wantCount.Unique, Status: solve.Exhausted, Stats: c.Stats}) {
							t.Errorf("%s, %v: Count = %+v, exact cover gives %+v", sv.name, m, c, wantCount)
						}
					}
				}
			})
		}
	}
}

func TestFirst(t *testing.T) {
	p := pentominoPuzzle(t, rectangle(6, 10))
	for _, method := range []tiling.Method{tiling.ExactCover, tiling.Backtrack} {
		t.Run(method.String(), func(t *testing.T) {
			sol, res, err := tiling.New(tiling.WithMethod(method)).First(context.Background(), p, polyomino.Reflect)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Solved || res.Solutions != 1 || res.Stats.Nodes == 0 {
				t.Errorf("First: %+v, want solved, 1 solution, some nodes", res)
			}
			if err := p.Check(sol); err != nil {
				t.Error(err)
			}
			// No rectangle takes the pentominoes as drawn.
			sol, res, err = tiling.New(tiling.WithMethod(method)).First(context.Background(), p, polyomino.None)
			if err != nil || sol != nil || res.Status != solve.Exhausted {
				t.Errorf("First without turns = %v, %+v, %v; want none, exhausted", sol, res, err)
			}
		})
	}
}

func TestTooFewTiles(t *testing.T) {
	p := pentominoPuzzle(t, rectangle(6, 10))
	p.Tiles = p.Tiles[1:]
	for _, method := range []tiling.Method{tiling.ExactCover, tiling.Backtrack} {
		t.Run(method.String(), func(t *testing.T) {
			var events []solve.EventKind
			obs := solve.WithObserver(func(e solve.Event) error { events = append(events, e.Kind); return nil })
			// Searching would take long; the area settles it at once.
			res, err := tiling.New(tiling.WithMethod(method)).Count(context.Background(), p, polyomino.Reflect, obs)
			if err != nil || res.Solutions != 0 || res.Status != solve.Exhausted {
				t.Errorf("Count = %+v, %v; want 0, exhausted", res, err)
			}
			if len(events) != 2 || events[0] != solve.Started || events[1] != solve.Finished {
				t.Errorf("events %v, want started, finished", events)
			}
		})
	}
}

func TestInvalid(t *testing.T) {
	good := pentominoPuzzle(t, rectangle(3, 20))
	tests := []struct {
		name string
		p    *polyomino.Puzzle
		m    polyomino.Mode
	}{
		{"nil puzzle", nil, polyomino.Reflect},
		{"no tiles", &polyomino.Puzzle{Board: good.Board}, polyomino.Reflect},
		{"bad mode", good, polyomino.Mode(7)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tiling.New()
			if _, err := s.Count(context.Background(), tc.p, tc.m); err == nil {
				t.Error("Count succeeded")
			}
			if _, _, err := s.First(context.Background(), tc.p, tc.m); err == nil {
				t.Error("First succeeded")
			}
			for _, err := range s.All(context.Background(), tc.p, tc.m) {
				if err == nil {
					t.Error("All yielded a solution")
				}
			}
			if _, _, err := tiling.ExactCoverProblem(tc.p, tc.m); err == nil {
				t.Error("ExactCoverProblem succeeded")
			}
		})
	}
}

func TestExactCoverProblem(t *testing.T) {
	// Option counts of the pentomino boards with rotation and reflection,
	// from the digest of seed 003 (§2.5, "exact-cover rows").
	tests := []struct {
		name    string
		board   string
		options int
	}{
		{"3x20", rectangle(3, 20), 1236},
		{"4x15", rectangle(4, 15), 1696},
		{"5x12", rectangle(5, 12), 1936},
		{"6x10", rectangle(6, 10), 2056},
		{"8x8 centre hole", centreHole, 1568},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := pentominoPuzzle(t, tc.board)
			xc, places, err := tiling.ExactCoverProblem(p, polyomino.Reflect)
			if err != nil {
				t.Fatal(err)
			}
			if xc.Options() != tc.options || len(places) != tc.options {
				t.Errorf("%d options, %d placements; want %d", xc.Options(), len(places), tc.options)
			}
			if prim, sec := xc.Items(); prim != 72 || sec != 0 {
				t.Errorf("items %d primary, %d secondary; want 12 tiles + 60 cells, all primary", prim, sec)
			}
			if xc.Name(0) != "t0" || xc.Name(12) != "r0c0" {
				t.Errorf("items named %q, %q; want t0, r0c0", xc.Name(0), xc.Name(12))
			}
		})
	}
	// With spare tiles, the tiles are secondary and come after the cells.
	p := pentominoPuzzle(t, "###\n# #\n###")
	xc, _, err := tiling.ExactCoverProblem(p, polyomino.Reflect)
	if err != nil {
		t.Fatal(err)
	}
	if prim, sec := xc.Items(); prim != 8 || sec != 12 || xc.Name(8) != "t0" {
		t.Errorf("ring board: items %d primary, %d secondary, item 8 %q; want 8, 12, t0", prim, sec, xc.Name(8))
	}
}

func TestAllBreak(t *testing.T) {
	p := pentominoPuzzle(t, rectangle(6, 10))
	for _, method := range []tiling.Method{tiling.ExactCover, tiling.Backtrack} {
		t.Run(method.String(), func(t *testing.T) {
			var final solve.Status
			obs := solve.WithObserver(func(e solve.Event) error {
				if e.Kind == solve.Finished {
					final = e.Status
				}
				return nil
			})
			n := 0
			for _, err := range tiling.New(tiling.WithMethod(method)).All(context.Background(), p, polyomino.Reflect, obs) {
				if err != nil {
					t.Fatal(err)
				}
				if n++; n == 3 {
					break
				}
			}
			if n != 3 || final != solve.Stopped {
				t.Errorf("stopped after %d solutions with status %v, want 3, stopped", n, final)
			}
		})
	}
}

// longRuns are the counts the run-control tests interrupt: each takes
// seconds to finish.
var longRuns = []struct {
	name string
	s    *tiling.Solver
}{
	{"exact cover", tiling.New(tiling.WithUnique(false))},
	{"exact cover folding", tiling.New()},
	{"backtrack", tiling.New(tiling.WithMethod(tiling.Backtrack))},
}

func TestCancel(t *testing.T) {
	p := pentominoPuzzle(t, rectangle(6, 10))
	for _, tc := range longRuns {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			defer cancel()
			start := time.Now()
			res, err := tc.s.Count(ctx, p, polyomino.Reflect)
			took := time.Since(start)
			if err != nil || res.Status != solve.Canceled {
				t.Errorf("Count = %+v, %v; want status canceled, no error", res, err)
			}
			// The whole count takes seconds; cancelled, it must end
			// soon after the deadline.
			if took > time.Second {
				t.Errorf("cancelled count took %v", took)
			}
			var last error
			for _, err := range tc.s.All(ctx, p, polyomino.Reflect) {
				last = err
			}
			if !errors.Is(last, context.DeadlineExceeded) {
				t.Errorf("All on an ended context ended with %v, want the deadline", last)
			}
		})
	}
}

func TestProgress(t *testing.T) {
	p := pentominoPuzzle(t, rectangle(6, 10))
	for _, tc := range longRuns {
		t.Run(tc.name, func(t *testing.T) {
			var kinds []solve.EventKind
			var nodes int64
			obs := func(e solve.Event) error {
				if e.Stats.Nodes < nodes || e.Board != nil {
					t.Errorf("event %v: nodes %d after %d, board %v", e.Kind, e.Stats.Nodes, nodes, e.Board)
				}
				nodes = e.Stats.Nodes
				kinds = append(kinds, e.Kind)
				if e.Kind == solve.Progress && len(kinds) == 4 {
					return solve.ErrStop
				}
				return nil
			}
			res, err := tc.s.Count(context.Background(), p, polyomino.Reflect,
				solve.WithObserver(obs), solve.WithProgressEvery(1000))
			if err != nil || res.Status != solve.Stopped {
				t.Errorf("Count = %+v, %v; want stopped", res, err)
			}
			want := []solve.EventKind{solve.Started, solve.Progress, solve.Progress, solve.Progress, solve.Finished}
			if fmt.Sprint(kinds) != fmt.Sprint(want) {
				t.Errorf("events %v, want %v", kinds, want)
			}
			if res.Stats.Nodes < 3000 || res.Stats.Nodes > 4100 {
				t.Errorf("stopped after %d nodes, want about 3000", res.Stats.Nodes)
			}

			boom := errors.New("observer failed")
			_, err = tc.s.Count(context.Background(), p, polyomino.Reflect, solve.WithObserver(func(e solve.Event) error {
				if e.Kind == solve.Progress {
					return boom
				}
				return nil
			}), solve.WithProgressEvery(1000))
			if !errors.Is(err, boom) {
				t.Errorf("Count with a failing observer: error %v, want %v", err, boom)
			}

			res, err = tc.s.Count(context.Background(), p, polyomino.Reflect, solve.WithMaxIterations(5000))
			if err != nil || res.Status != solve.IterationLimit || res.Stats.Nodes > 5000 {
				t.Errorf("Count with 5000 nodes = %+v, %v; want iteration limit within the budget", res, err)
			}
		})
	}
}
