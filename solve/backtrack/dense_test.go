package backtrack_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// agreement is a small puzzle on which the dense engine and the general
// search must agree.
type agreement struct {
	name string
	p    *puzzle.Puzzle
}

// agreementPuzzles generates, over several seeds, small scrambled puzzles
// of every kind: colours (few of them, so that pieces repeat, turn into
// themselves and leave many solutions), shapes, unique labels; rotatable
// or not; with and without fixed pieces.
func agreementPuzzles(t *testing.T) []agreement {
	t.Helper()
	type gen struct {
		kind              string
		rows, cols, a, b  int
		fixed, unrotating bool
		// unsolvable gives one side a label nothing carries, so that
		// the searches end exhausted with their deepest boards.
		unsolvable bool
	}
	gens := []gen{
		{kind: "colours", rows: 1, cols: 1},
		{kind: "colours", rows: 1, cols: 4, a: 1},
		{kind: "colours", rows: 4, cols: 1, a: 2},
		{kind: "colours", rows: 2, cols: 2, a: 1},
		{kind: "colours", rows: 2, cols: 3, a: 1, b: 1},
		{kind: "colours", rows: 3, cols: 3, a: 1, b: 1},
		{kind: "colours", rows: 3, cols: 3, a: 2, b: 2},
		{kind: "colours", rows: 3, cols: 4, a: 2, b: 2},
		{kind: "colours", rows: 4, cols: 4, a: 2, b: 3, fixed: true},
		{kind: "colours", rows: 3, cols: 3, a: 1, b: 2, unrotating: true},
		{kind: "colours", rows: 4, cols: 4, a: 3, b: 5},
		{kind: "shapes", rows: 3, cols: 3, a: 1},
		{kind: "shapes", rows: 3, cols: 4, a: 2},
		{kind: "shapes", rows: 4, cols: 4, a: 1, fixed: true},
		{kind: "shapes", rows: 4, cols: 3, a: 1, unrotating: true},
		{kind: "shapes", rows: 4, cols: 4, a: 2, unsolvable: true},
		{kind: "colours", rows: 4, cols: 4, a: 2, b: 2, unsolvable: true},
		{kind: "unique", rows: 5, cols: 4},
		{kind: "unique", rows: 4, cols: 4, fixed: true},
	}
	var out []agreement
	for _, g := range gens {
		for seed := uint64(1); seed <= 4; seed++ {
			rng := rand.New(rand.NewPCG(seed, 21))
			var (
				p   *puzzle.Puzzle
				sol *puzzle.Board
				err error
			)
			switch g.kind {
			case "colours":
				p, sol, err = puzzle.GenerateColours(g.rows, g.cols, g.a, g.b, rng)
			case "shapes":
				p, sol, err = puzzle.GenerateShapes(g.rows, g.cols, g.a, rng)
			case "unique":
				p, sol, err = puzzle.GenerateUnique(g.rows, g.cols, rng)
			}
			if err != nil {
				t.Fatal(err)
			}
			if p, sol, err = puzzle.Scramble(p, sol, rng); err != nil {
				t.Fatal(err)
			}
			if g.unrotating {
				p, sol = unturn(p, sol)
			}
			if g.fixed {
				// Pin two planted placements, one on the rim and one
				// inside when there is an inside.
				for _, c := range []puzzle.Cell{{Row: 0, Col: 1}, {Row: g.rows / 2, Col: g.cols / 2}} {
					p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
				}
			}
			if g.unsolvable {
				for s, l := range p.Pieces[0].Edges {
					if l != puzzle.Flat {
						p.Pieces[0].Edges[s] = 1000
						break
					}
				}
			}
			name := fmt.Sprintf("%s-%dx%d-%d-%d-fixed=%v-rot=%v-unsolvable=%v-seed%d", g.kind, g.rows, g.cols, g.a, g.b, g.fixed, !g.unrotating, g.unsolvable, seed)
			out = append(out, agreement{name, p})
		}
	}
	return out
}

// symmetric reports whether some piece of p shows the same labels under
// two of the turns the puzzle allows: the dense engine then tries it once
// where the general search tries it in every turn.
func symmetric(p *puzzle.Puzzle) bool {
	for i := range p.Pieces {
		turns := p.Turns()
		for _, r := range turns {
			for _, q := range turns {
				if q < r && p.Pieces[i].Turned(q) == p.Pieces[i].Turned(r) {
					return true
				}
			}
		}
	}
	return false
}

var ignoreRuntime = cmpopts.IgnoreFields(solve.Stats{}, "Runtime")

func TestDenseAgreesWithGeneral(t *testing.T) {
	ctx := context.Background()
	for _, a := range agreementPuzzles(t) {
		t.Run(a.name, func(t *testing.T) {
			prob := solve.Problem{Puzzle: a.p}
			same := !symmetric(a.p)
			for _, o := range orders {
				if !backtrack.DenseApplies(a.p, o) {
					t.Fatalf("%v: the dense engine does not take the puzzle", o)
				}
				dense := backtrack.New(backtrack.WithOrder(o))
				general := backtrack.New(backtrack.WithOrder(o), backtrack.WithGeneral())

				want, err := general.Count(ctx, prob)
				if err != nil {
					t.Fatal(err)
				}
				got, err := dense.Count(ctx, prob)
				if err != nil {
					t.Fatal(err)
				}
				if got.Status != solve.Exhausted || want.Status != solve.Exhausted {
					t.Fatalf("%v: status %v, general %v", o, got.Status, want.Status)
				}
				if got.Raw != want.Raw || got.Distinct != want.Distinct || got.Arrangements != want.Arrangements {
					t.Errorf("%v: raw/distinct/arrangements %d/%d/%d, general %d/%d/%d", o, got.Raw, got.Distinct, got.Arrangements, want.Raw, want.Distinct, want.Arrangements)
				}
				// A static order walks the general search's tree less
				// the repeated turns of symmetric pieces. With those,
				// MostConstrained counts its cells' candidates
				// differently and may pick other cells.
				static := o != backtrack.MostConstrained
				if static && got.Stats.Nodes > want.Stats.Nodes || same && got.Stats.Nodes != want.Stats.Nodes {
					t.Errorf("%v: counting took %d placements, general %d", o, got.Stats.Nodes, want.Stats.Nodes)
				}

				gres, err := general.Solve(ctx, prob)
				if err != nil {
					t.Fatal(err)
				}
				dres, err := dense.Solve(ctx, prob)
				if err != nil {
					t.Fatal(err)
				}
				if dres.Status != gres.Status {
					t.Fatalf("%v: status %v, general %v", o, dres.Status, gres.Status)
				}
				if err := dres.Board.Validate(a.p); err != nil {
					t.Fatalf("%v: %v", o, err)
				}
				// The dense engine tries each piece in its least turn
				// first, as the general search does: a static order
				// finds the same first solution, and so does a dynamic
				// one when no piece has two turns alike.
				if (same || static) && !dres.Board.Equal(gres.Board) {
					t.Errorf("%v: first solution\n%v\ngeneral\n%v", o, dres.Board, gres.Board)
				}
				if same {
					if diff := cmp.Diff(gres.Stats, dres.Stats, ignoreRuntime); diff != "" {
						t.Errorf("%v: stats (-general +dense):\n%s", o, diff)
					}
				}
			}
		})
	}
}

func TestDenseAllMatchesCount(t *testing.T) {
	// A 3×3 colour puzzle with one frame and one inner colour: its inner
	// piece is one colour all round, so every arrangement is four boards.
	rng := rand.New(rand.NewPCG(2, 21))
	p, sol, err := puzzle.GenerateColours(3, 3, 1, 1, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, _, _ = puzzle.Scramble(p, sol, rng)
	if !symmetric(p) {
		t.Fatal("the puzzle has no symmetric piece: the test checks nothing")
	}
	for _, o := range orders {
		s := backtrack.New(backtrack.WithOrder(o))
		c, err := s.Count(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		seen := make(map[string]bool)
		for b, err := range s.All(context.Background(), solve.Problem{Puzzle: p}) {
			if err != nil {
				t.Fatal(err)
			}
			if puzzle.Mismatches(p, b) != 0 || b.Validate(p) != nil {
				t.Fatalf("%v: not a solution:\n%v", o, b)
			}
			if seen[b.String()] {
				t.Fatalf("%v: solution yielded twice:\n%v", o, b)
			}
			seen[b.String()] = true
		}
		if int64(len(seen)) != c.Raw || c.Raw != 4*c.Arrangements || c.Raw != 4*c.Distinct {
			t.Errorf("%v: All yielded %d boards; Count says raw %d, distinct %d, arrangements %d", o, len(seen), c.Raw, c.Distinct, c.Arrangements)
		}
	}
}

func TestDenseReportsLikeGeneral(t *testing.T) {
	// Runs cut short by an iteration budget, a stall limit or an observer
	// must end where the general search ends, with the same counters,
	// events and deepest board: the dense engine reports its placements in
	// windows, and this checks the windows' edges.
	p, _ := scrambled(t, "colours", 5, 5, 4)
	if symmetric(p) {
		t.Fatal("the puzzle has a symmetric piece: the two searches would differ")
	}
	tests := []struct {
		name string
		opts solve.Options
	}{
		{name: "budget 1", opts: solve.Options{solve.WithMaxIterations(1)}},
		{name: "budget 4095", opts: solve.Options{solve.WithMaxIterations(4095)}},
		{name: "budget 4096", opts: solve.Options{solve.WithMaxIterations(4096)}},
		{name: "budget 10007", opts: solve.Options{solve.WithMaxIterations(10007)}},
		{name: "stall 777", opts: solve.Options{solve.WithStall(777)}},
		{name: "progress every 1000", opts: solve.Options{solve.WithProgressEvery(1000), solve.WithMaxIterations(5000)}},
		{name: "progress every 3", opts: solve.Options{solve.WithProgressEvery(3), solve.WithMaxIterations(100)}},
	}
	for _, tc := range tests {
		for _, o := range orders {
			t.Run(fmt.Sprintf("%s/%v", tc.name, o), func(t *testing.T) {
				run := func(s *backtrack.Solver) (*solve.Result, []solve.Event) {
					var evs []solve.Event
					obs := solve.WithObserver(func(ev solve.Event) error {
						ev.Board, ev.Stats.Runtime = nil, 0
						evs = append(evs, ev)
						return nil
					})
					res, err := s.Solve(context.Background(), solve.Problem{Puzzle: p}, tc.opts, obs)
					if err != nil {
						t.Fatal(err)
					}
					return res, evs
				}
				want, wantEvs := run(backtrack.New(backtrack.WithOrder(o), backtrack.WithGeneral()))
				got, gotEvs := run(backtrack.New(backtrack.WithOrder(o)))
				if diff := cmp.Diff(want, got, ignoreRuntime); diff != "" {
					t.Errorf("result (-general +dense):\n%s", diff)
				}
				if diff := cmp.Diff(wantEvs, gotEvs); diff != "" {
					t.Errorf("events (-general +dense):\n%s", diff)
				}
			})
		}
	}
}

func TestDenseCancelled(t *testing.T) {
	// A cancelled context ends the run before its first placement.
	p, _ := scrambled(t, "colours", 6, 6, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, o := range orders {
		res, err := backtrack.New(backtrack.WithOrder(o)).Solve(ctx, solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Canceled || res.Stats.Nodes != 0 {
			t.Errorf("%v: status %v after %d placements, want canceled after none", o, res.Status, res.Stats.Nodes)
		}
	}
}
