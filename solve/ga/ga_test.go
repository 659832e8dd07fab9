package ga_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
)

// scrambled returns a unique-label puzzle of the thesis's kind, shuffled
// and turned, and its planted solution.
func scrambled(t testing.TB, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 11))
	p, sol, err := puzzle.GenerateUnique(rows, cols, rng)
	if err != nil {
		t.Fatal(err)
	}
	if p, sol, err = puzzle.Scramble(p, sol, rng); err != nil {
		t.Fatal(err)
	}
	return p, sol
}

// TestThesisSolves runs the thesis's GA on the small sizes of its Table 4
// (seed 000 L3592-3604), where it found every solution in well under a
// second.
func TestThesisSolves(t *testing.T) {
	cases := []struct {
		name       string
		rows, cols int
	}{
		{name: "2x3", rows: 2, cols: 3},
		{name: "3x3", rows: 3, cols: 3},
		{name: "2x4", rows: 2, cols: 4},
	}
	for _, tc := range cases {
		for seed := range uint64(3) {
			p, _ := scrambled(t, tc.rows, tc.cols, seed)
			res, err := ga.New(ga.Thesis()).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithSeed(seed), solve.WithMaxIterations(20000))
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Solved || res.Cost != 0 {
				t.Errorf("%s seed %d: %v at cost %v after %d generations", tc.name, seed, res.Status, res.Cost, res.Stats.Iterations)
			}
			if res.Stats.Evaluations < res.Stats.Iterations {
				t.Errorf("%s seed %d: %d evaluations in %d generations", tc.name, seed, res.Stats.Evaluations, res.Stats.Iterations)
			}
		}
	}
}

// TestPresetsRun runs every preset briefly on a 4×4 puzzle and checks the
// end and the counters.
func TestPresetsRun(t *testing.T) {
	p, _ := scrambled(t, 4, 4, 9)
	cases := []struct {
		name   string
		preset ga.Option
	}{
		{name: "thesis", preset: ga.Thesis()},
		{name: "eternity-simple", preset: ga.EternitySimple()},
		{name: "eternity-steady-state", preset: ga.EternitySteadyState()},
		{name: "eternity-incremental", preset: ga.EternityIncremental()},
		{name: "hynek", preset: ga.Hynek()},
		{name: "hynek-extended", preset: ga.HynekExtended()},
		{name: "sholomon", preset: ga.Sholomon()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := ga.New(tc.preset).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithMaxIterations(60))
			if err != nil {
				t.Fatal(err)
			}
			if err := res.Board.Validate(p); err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.IterationLimit && res.Status != solve.Solved {
				t.Errorf("status %v after %d generations", res.Status, res.Stats.Iterations)
			}
			if res.Stats.Evaluations == 0 {
				t.Error("no evaluations counted")
			}
		})
	}
}

// TestNaturalEnds checks the ends a configuration sets: the schedule's
// length, convergence and the restarts of a stagnant population.
func TestNaturalEnds(t *testing.T) {
	p, _ := scrambled(t, 5, 5, 4)
	t.Run("schedule", func(t *testing.T) {
		res, err := ga.New(ga.Hynek(), ga.WithSchedule(
			ga.Phase{Generations: 5, Population: 40, Crossover: 0.8},
			ga.Phase{Generations: 7, Population: 10, Crossover: 0.3, SequenceMatching: 0.5},
		)).Solve(context.Background(), solve.Problem{Puzzle: p})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Done || res.Stats.Iterations != 5+7 {
			t.Errorf("status %v after %d generations, want done after 12", res.Status, res.Stats.Iterations)
		}
	})
	t.Run("convergence", func(t *testing.T) {
		res, err := ga.New(ga.EternityIncremental(), ga.WithConvergence(30)).Solve(context.Background(), solve.Problem{Puzzle: p},
			solve.WithMaxIterations(100000))
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Done {
			t.Errorf("status %v after %d generations, want done", res.Status, res.Stats.Iterations)
		}
	})
	t.Run("restart", func(t *testing.T) {
		// Without crossover or mutation every child copies a parent, so
		// the best never changes and every third generation restarts.
		res, err := ga.New(ga.WithPopulation(10), ga.WithCrossover(ga.PrefixOrder(), 0), ga.WithMutation(ga.NoMutation()),
			ga.WithRestart(2)).Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithMaxIterations(30))
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.Restarts < 5 {
			t.Errorf("%d restarts in %d generations", res.Stats.Restarts, res.Stats.Iterations)
		}
	})
}

// TestDeterminism checks that a seed replays every preset.
func TestDeterminism(t *testing.T) {
	p, _ := scrambled(t, 4, 5, 2)
	extended := ga.Options(ga.HynekExtended(), ga.WithSchedule(
		ga.Phase{Generations: 5, Population: 40, Crossover: 0.8},
		ga.Phase{Generations: 10, Population: 10, SequenceMatching: 1},
	))
	for _, preset := range []ga.Option{ga.Thesis(), ga.EternitySteadyState(), ga.Hynek(), extended, ga.Sholomon()} {
		var first *solve.Result
		for range 2 {
			res, err := ga.New(preset, ga.WithPopulation(30)).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithSeed(77), solve.WithMaxIterations(40))
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = res
				continue
			}
			if !res.Board.Equal(first.Board) || res.Cost != first.Cost || res.Stats.Evaluations != first.Stats.Evaluations {
				t.Errorf("two runs with seed 77 differ: cost %v and %v", first.Cost, res.Cost)
			}
		}
	}
}

// TestInvalidConfiguration checks that Solve refuses settings that cannot
// run, before it starts.
func TestInvalidConfiguration(t *testing.T) {
	p, _ := scrambled(t, 2, 2, 1)
	cases := []struct {
		name string
		opt  ga.Option
	}{
		{name: "population of one", opt: ga.WithPopulation(1)},
		{name: "crossover rate above 1", opt: ga.WithCrossover(ga.PMX(), 1.5)},
		{name: "zero crossover", opt: ga.WithCrossover(ga.Crossover{}, 0.5)},
		{name: "empty block", opt: ga.WithCrossover(ga.Block(0, 3), 0.5)},
		{name: "scaling multiple 1", opt: ga.WithSelection(ga.ScaledRoulette(ga.MatchedJoins, 1))},
		{name: "roulette without fitness", opt: ga.WithSelection(ga.Roulette(0))},
		{name: "tournament of none", opt: ga.WithSelection(ga.Tournament(0))},
		{name: "mutation above 1", opt: ga.WithMutation(ga.GeneMutation(2))},
		{name: "steady state of none", opt: ga.WithReplacement(ga.SteadyState(0))},
		{name: "incremental of none", opt: ga.WithReplacement(ga.Incremental(0))},
		{name: "open-ended first phase", opt: ga.WithSchedule(ga.Phase{Population: 10}, ga.Phase{Generations: 3, Population: 10})},
		{name: "unknown target", opt: ga.WithSequenceMatching(ga.SequenceMatching{Target: 9}, 0.5)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ga.New(tc.opt).Solve(context.Background(), solve.Problem{Puzzle: p}); err == nil {
				t.Error("Solve accepted the configuration")
			}
		})
	}
}

// TestObserverStop checks that an observer's ErrStop ends a run between
// generations with status Stopped.
func TestObserverStop(t *testing.T) {
	p, _ := scrambled(t, 6, 6, 3)
	res, err := ga.New(ga.WithPopulation(50)).Solve(context.Background(), solve.Problem{Puzzle: p},
		solve.WithProgressEvery(3), solve.WithObserver(func(ev solve.Event) error {
			if ev.Kind == solve.Progress && ev.Stats.Iterations >= 9 {
				return solve.ErrStop
			}
			return nil
		}))
	if err != nil && !errors.Is(err, solve.ErrStop) {
		t.Fatal(err)
	}
	if res.Status != solve.Stopped || res.Stats.Iterations != 9 {
		t.Errorf("status %v after %d generations, want stopped after 9", res.Status, res.Stats.Iterations)
	}
}

// finisher is a solver that records the board it starts from and returns
// a fixed one.
type finisher struct {
	initial *puzzle.Board
	result  *puzzle.Board
}

func (f *finisher) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	f.initial = run.Settings().Initial
	run.Offer(f.result, edge.Cost(run.Problem().Scorer, f.result))
	return run.Finish(solve.Done)
}

// TestWithFinish: the finishing solver starts from the GA's best board and
// its board is kept when it costs less, not when it costs more.
func TestWithFinish(t *testing.T) {
	p, sol := scrambled(t, 6, 6, 5)
	labels, err := edge.NewLabels(p)
	if err != nil {
		t.Fatal(err)
	}
	prob := solve.Problem{Puzzle: p, Scorer: labels}
	opts := []ga.Option{ga.Thesis(), ga.WithGenerations(3)}
	alone, err := ga.New(opts...).Solve(context.Background(), prob, solve.WithSeed(1))
	if err != nil {
		t.Fatal(err)
	}
	if alone.Cost == 0 {
		t.Fatal("the GA alone solved the puzzle: nothing left to finish")
	}
	// Every piece turned a quarter: no join holds.
	worst := sol.Clone()
	for i := range worst.Cells {
		worst.Cells[i].Rotation = worst.Cells[i].Rotation.Add(1)
	}
	for _, tc := range []struct {
		name   string
		result *puzzle.Board
		kept   bool
	}{{"cheaper", sol, true}, {"dearer", worst, false}} {
		f := &finisher{result: tc.result}
		res, err := ga.New(append(opts, ga.WithFinish(f))...).Solve(context.Background(), prob, solve.WithSeed(1))
		if err != nil {
			t.Fatal(err)
		}
		if f.initial == nil || !f.initial.Equal(alone.Board) {
			t.Errorf("%s: the finishing solver did not start from the GA's best board", tc.name)
		}
		if got := res.Board.Equal(tc.result); got != tc.kept {
			t.Errorf("%s: the finishing solver's board (cost %g against the GA's %g) kept %v, want %v", tc.name, edge.Cost(labels, tc.result), alone.Cost, got, tc.kept)
		}
	}
}
