package solvetest

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"github.com/reassemble/jigsaw/solve"
)

// Config says what the solver under test can do, so that Run knows which
// checks apply. The zero Config describes an incomplete (stochastic) solver
// with the default budget.
type Config struct {
	// Complete says the solver is exact: it must solve every small solvable
	// instance, with status Solved and cost 0, and report Exhausted when an
	// instance has no solution. An incomplete solver is only checked to keep
	// the contract: valid boards, honest costs and statuses, determinism,
	// cancellation. Default: false.
	Complete bool

	// Budget holds run options that make a run end on its own. The suite
	// adds them to every run that must end by itself: all runs of an
	// incomplete solver, and a complete solver's runs on the large (12×12,
	// unsolvable) instance, but not the runs that end by cancellation. The
	// budget must not depend on the clock, or the determinism checks fail,
	// and should end a run on the large instance within a few hundred
	// milliseconds. Default: solve.WithMaxIterations(2000).
	Budget solve.Options

	// LabelsOnly says the solver works from the puzzle's labels alone and
	// rejects, with an error, a Problem whose Scorer is neither nil nor an
	// *edge.Labels. The scorer checks then expect that error where they
	// would otherwise check the cost under the other scorers. Default: false,
	// the solver prices boards with any edge.Scorer.
	LabelsOnly bool

	// Unreproducible says the solver's runs may differ for one seed, as
	// solve.WithWorkers allows a method on several goroutines (a race
	// between workers decides which of several solutions comes back); the
	// determinism checks are left out. Default: false, two runs with the
	// same seed and options must give the same result.
	Unreproducible bool
}

// defaultBudget bounds runs when Config.Budget is empty: two thousand
// iterations of one search node or one move each take milliseconds on the
// 12×12 instance.
var defaultBudget = solve.Options{solve.WithMaxIterations(2000)}

// Run checks the solvers newSolver returns against the contract of package
// solve, one subtest per rule. newSolver is called for a fresh solver
// wherever the suite needs one; the same solver is also reused for a second
// run, to catch state kept between runs.
func Run(t *testing.T, newSolver func() solve.Solver, cfg Config) {
	t.Helper()
	run(testingT{t}, newSolver, cfg)
}

// tester is the part of *testing.T the suite uses. It lets the suite's own
// tests run it under a harness that records failures instead of failing, to
// check that broken solvers are caught.
type tester interface {
	Helper()
	Logf(format string, args ...any)
	Errorf(format string, args ...any)
	// Fatalf reports a failure and ends the subtest (runtime.Goexit).
	Fatalf(format string, args ...any)
	// run runs f as a subtest and reports whether it passed.
	run(name string, f func(tester)) bool
}

// testingT adapts *testing.T to tester.
type testingT struct{ *testing.T }

func (t testingT) run(name string, f func(tester)) bool {
	return t.T.Run(name, func(t *testing.T) { f(testingT{t}) })
}

// suite carries what every check needs.
type suite struct {
	newSolver func() solve.Solver
	cfg       Config
}

// run is Run for any tester.
func run(t tester, newSolver func() solve.Solver, cfg Config) {
	t.Helper()
	if newSolver == nil {
		t.Fatalf("solvetest: newSolver is nil")
	}
	if len(cfg.Budget) == 0 {
		cfg.Budget = defaultBudget
	}
	s := &suite{newSolver: newSolver, cfg: cfg}
	if s.newSolver() == nil {
		t.Fatalf("solvetest: newSolver returned a nil solver")
	}
	t.run("InvalidInput", s.invalidInput)
	t.run("Planted", s.planted)
	t.run("Unsolvable", s.unsolvable)
	t.run("Initial", s.initial)
	t.run("Fixed", s.fixed)
	t.run("Holes", s.holes)
	t.run("Extra", s.extra)
	t.run("Scorer", s.scorer)
	if !cfg.Unreproducible {
		t.run("Determinism", s.determinism)
	}
	t.run("Observer", s.observer)
	t.run("Cancel", s.cancel)
	t.run("Goroutines", s.goroutines)
	t.run("Enumerator", s.enumerator)
}

// budget returns the options that bound a run on inst: the configured
// budget for an incomplete solver, and for a complete one only on the large
// instance.
func (s *suite) budget(inst instance) solve.Options {
	if !s.cfg.Complete || inst.large {
		return s.cfg.Budget
	}
	return nil
}

// solve runs sv and turns a panic into a test failure that names the run.
func (s *suite) solve(t tester, sv solve.Solver, ctx context.Context, what string, p solve.Problem, opts ...solve.Option) (res *solve.Result, err error) {
	t.Helper()
	var stack []byte
	panicked := func() (v any) {
		defer func() {
			if v = recover(); v != nil {
				stack = debug.Stack()
			}
		}()
		res, err = sv.Solve(ctx, p, opts...)
		return nil
	}()
	if panicked != nil {
		t.Fatalf("%s: Solve panicked: %v\n%s", what, panicked, stack)
	}
	return res, err
}

// solveValid runs a fresh solver on inst, expects no error and checks the
// result against the contract. It returns the result for further checks.
func (s *suite) solveValid(t tester, ctx context.Context, inst instance, opts ...solve.Option) *solve.Result {
	t.Helper()
	res, err := s.solve(t, s.newSolver(), ctx, inst.name, inst.problem, opts...)
	if err != nil {
		t.Fatalf("%s: Solve returned error %v for a valid problem", inst.name, err)
	}
	s.verify(t, ctx, inst, opts, res, false)
	return res
}

// describe renders a result for failure messages.
func describe(res *solve.Result) string {
	if res == nil {
		return "<nil result>"
	}
	return fmt.Sprintf("status %v, cost %g, %d unplaced, stats %+v", res.Status, res.Cost, len(res.Unplaced), res.Stats)
}

// Check runs the suite outside go test, for a program that vets solvers
// (a plugin host, a benchmark harness) or an example. It returns nil when
// the solvers newSolver returns keep the contract, and otherwise an error
// with one line per failed check: the check's name, as Run names its
// subtest, and its first message. Config means what it means for Run.
func Check(newSolver func() solve.Solver, cfg Config) error {
	rec := &recorder{log: new(failureLog)}
	rec.run("", func(t tester) { run(t, newSolver, cfg) })
	if len(rec.log.lines) == 0 {
		return nil
	}
	return errors.New("solvetest: the solver breaks the contract:\n" + strings.Join(rec.log.lines, "\n"))
}

// recorder is the tester Check runs the suite with: it records failures
// and runs each subtest on a goroutine of its own, as testing does, so that
// Fatalf ends only that subtest.
type recorder struct {
	name   string
	failed bool
	log    *failureLog
}

// failureLog collects the failures of one Check, in the order they came.
type failureLog struct {
	mu    sync.Mutex
	lines []string
}

func (r *recorder) Helper() {}

func (r *recorder) Logf(string, ...any) {}

func (r *recorder) Errorf(format string, args ...any) {
	msg, _, _ := strings.Cut(fmt.Sprintf(format, args...), "\n")
	r.log.mu.Lock()
	defer r.log.mu.Unlock()
	r.failed = true
	if r.name != "" {
		msg = r.name + ": " + msg
	}
	r.log.lines = append(r.log.lines, msg)
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *recorder) run(name string, f func(tester)) bool {
	sub := &recorder{name: strings.TrimPrefix(r.name+"/"+name, "/"), log: r.log}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(sub)
	}()
	<-done
	r.log.mu.Lock()
	defer r.log.mu.Unlock()
	r.failed = r.failed || sub.failed
	return !sub.failed
}
