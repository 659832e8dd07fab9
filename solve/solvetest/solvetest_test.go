package solvetest

import (
	"context"
	"fmt"
	"iter"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

func TestExhaustivePasses(t *testing.T) {
	Run(t, func() solve.Solver { return exhaustive{} }, Config{Complete: true})
}

func TestDescentPasses(t *testing.T) {
	Run(t, func() solve.Solver { return descent{} }, Config{})
}

func TestLabelsOnlyPasses(t *testing.T) {
	Run(t, func() solve.Solver { return labelsOnly{} }, Config{Complete: true, LabelsOnly: true})
}

// labelsOnly is exhaustive for label puzzles only: it rejects other
// scorers, as an exact label solver does.
type labelsOnly struct{ exhaustive }

func (l labelsOnly) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if _, ok := p.Scorer.(*edge.Labels); p.Scorer != nil && !ok {
		return nil, fmt.Errorf("labelsOnly: scorer %T is not the puzzle's labels", p.Scorer)
	}
	return l.exhaustive.Solve(ctx, p, opts...)
}

// fakeT is a tester that records failures instead of failing, so that a
// test can check that the suite catches a broken solver.
type fakeT struct {
	name   string
	failed bool
	log    *fakeLog
}

// fakeLog collects what every subtest of one suite run reported.
type fakeLog struct {
	mu     sync.Mutex
	failed map[string][]string // subtest name → its failure messages
	lines  []string
}

func newFakeT() *fakeT { return &fakeT{log: &fakeLog{failed: make(map[string][]string)}} }

func (f *fakeT) Helper() {}

func (f *fakeT) Logf(format string, args ...any) {
	f.log.mu.Lock()
	defer f.log.mu.Unlock()
	f.log.lines = append(f.log.lines, f.name+": "+fmt.Sprintf(format, args...))
}

func (f *fakeT) Errorf(format string, args ...any) {
	f.log.mu.Lock()
	defer f.log.mu.Unlock()
	f.failed = true
	f.log.failed[f.name] = append(f.log.failed[f.name], fmt.Sprintf(format, args...))
}

func (f *fakeT) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	runtime.Goexit()
}

// run runs fn on its own goroutine, as testing does, so that Fatalf ends
// only the subtest.
func (f *fakeT) run(name string, fn func(tester)) bool {
	sub := &fakeT{name: strings.TrimPrefix(f.name+"/"+name, "/"), log: f.log}
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn(sub)
	}()
	<-done
	f.log.mu.Lock()
	defer f.log.mu.Unlock()
	if sub.failed {
		f.failed = true
	}
	return !sub.failed
}

// failures lists the failed subtests with their messages, for test output.
func (l *fakeLog) failures() string {
	var sb strings.Builder
	for name, msgs := range l.failed {
		for _, m := range msgs {
			fmt.Fprintf(&sb, "  %s: %s\n", name, firstLine(m))
		}
	}
	return sb.String()
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// The broken solvers each break one rule of the contract.

// liar reports a cost other than its board's.
type liar struct{ exhaustive }

func (l liar) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	res, err := l.exhaustive.Solve(ctx, p, opts...)
	if err == nil {
		res.Cost += 0.5
	}
	return res, err
}

// unpinned solves the puzzle as if it had no fixed pieces.
type unpinned struct{ exhaustive }

func (u unpinned) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if p.Puzzle != nil {
		q := p.Puzzle.Clone()
		q.Fixed = nil
		p.Puzzle = q
	}
	return u.exhaustive.Solve(ctx, p, opts...)
}

// deafDelay is how long deaf runs on after its context ends: more than
// cancelLimit plus cancelAfter, so that the suite must notice.
const deafDelay = 400 * time.Millisecond

// deaf ignores its context and stops only on its own clock.
type deaf struct{ exhaustive }

func (d deaf) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	own, stop := context.WithTimeout(context.Background(), deafDelay)
	defer stop()
	return d.exhaustive.Solve(own, p, opts...)
}

// fickle seeds each run from a counter it keeps between runs, then claims
// the seed it was given.
type fickle struct {
	descent
	runs *atomic.Uint64
}

func (f fickle) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	res, err := f.descent.Solve(ctx, p, append(opts, solve.WithSeed(f.runs.Add(1)))...)
	if err == nil {
		res.Seed = solve.NewSettings(opts...).Seed
	}
	return res, err
}

// leaky leaves a goroutine behind whenever it may use two workers.
type leaky struct {
	exhaustive
	release chan struct{}
}

func (l leaky) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if solve.NewSettings(opts...).Workers > 1 {
		go func() { <-l.release }()
	}
	return l.exhaustive.Solve(ctx, p, opts...)
}

// careless reads the puzzle before checking it.
type careless struct{ exhaustive }

func (c careless) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if p.Puzzle.Cells() == 0 {
		return nil, fmt.Errorf("careless: empty board")
	}
	return c.exhaustive.Solve(ctx, p, opts...)
}

// quitterNodes is a search budget that the suite's larger small puzzles
// need more than: 4×4 alone has 16 cells to fill.
const quitterNodes = 10

// quitter is a complete search that gives up after a few nodes.
type quitter struct{ exhaustive }

func (q quitter) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	return q.exhaustive.Solve(ctx, p, append(opts, solve.WithMaxIterations(quitterNodes))...)
}

// repeater's All yields every solution twice.
type repeater struct{ exhaustive }

func (r repeater) All(ctx context.Context, p solve.Problem, opts ...solve.Option) iter.Seq2[*puzzle.Board, error] {
	return func(yield func(*puzzle.Board, error) bool) {
		for b, err := range r.exhaustive.All(ctx, p, opts...) {
			if !yield(b, err) || (err == nil && !yield(b.Clone(), nil)) {
				return
			}
		}
	}
}

func TestBrokenSolversAreCaught(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	var runs atomic.Uint64
	cases := []struct {
		name      string
		newSolver func() solve.Solver
		cfg       Config
		// wantFailed are subtests that must fail, by name prefix.
		wantFailed []string
	}{
		{
			name:       "lies about its cost",
			newSolver:  func() solve.Solver { return liar{} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"Planted/unique-2x2", "Scorer/", "Determinism/", "Cancel/after 50ms with 1 worker"},
		},
		{
			name:       "ignores fixed pieces",
			newSolver:  func() solve.Solver { return unpinned{} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"Fixed/shapes-3x3-two-fixed", "Fixed/colours-3x3-fixed-turned", "InvalidInput/two fixed pieces in one cell"},
		},
		{
			name:       "ignores cancellation",
			newSolver:  func() solve.Solver { return deaf{} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"Cancel/after 50ms with 1 worker", "Cancel/before the start"},
		},
		{
			name:       "is not deterministic",
			newSolver:  func() solve.Solver { return fickle{runs: &runs} },
			wantFailed: []string{"Determinism/shapes-12x12-unsolvable/default seed", "Determinism/shapes-3x3-1pair/seed 0xdecafbad"},
		},
		{
			name:       "leaks a goroutine",
			newSolver:  func() solve.Solver { return leaky{release: release} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"Goroutines/2 workers"},
		},
		{
			name:       "panics on invalid input",
			newSolver:  func() solve.Solver { return careless{} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"InvalidInput/nil puzzle"},
		},
		{
			name:       "enumerates solutions twice",
			newSolver:  func() solve.Solver { return repeater{} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"Enumerator/unique-2x2", "Enumerator/shapes-2x3-one-missing"},
		},
		{
			name:       "rejects scorers without saying so",
			newSolver:  func() solve.Solver { return labelsOnly{} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"Scorer/shapes-3x3-weighted-framed", "Scorer/shapes-3x3-weighted-unframed"},
		},
		{
			name:       "accepts scorers it says it rejects",
			newSolver:  func() solve.Solver { return exhaustive{} },
			cfg:        Config{Complete: true, LabelsOnly: true},
			wantFailed: []string{"Scorer/shapes-3x3-weighted-framed", "Scorer/shapes-3x3-weighted-unframed"},
		},
		{
			name:       "gives up early",
			newSolver:  func() solve.Solver { return quitter{} },
			cfg:        Config{Complete: true},
			wantFailed: []string{"Planted/unique-4x4", "Unsolvable"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeT()
			run(f, tc.newSolver, tc.cfg)
			if !f.failed {
				t.Fatalf("the suite passed a solver that %s", tc.name)
			}
			t.Logf("failures:\n%s", f.log.failures())
			for _, want := range tc.wantFailed {
				caught := false
				for name := range f.log.failed {
					caught = caught || strings.HasPrefix(name, want)
				}
				if !caught {
					t.Errorf("subtest %s passed a solver that %s; the failures were:\n%s", want, tc.name, f.log.failures())
				}
			}
		})
	}
}

// TestFakeHarnessPasses checks that the harness above reports no failure
// for correct solvers, so that the failures it reports mean something.
func TestFakeHarnessPasses(t *testing.T) {
	for _, tc := range []struct {
		name      string
		newSolver func() solve.Solver
		cfg       Config
	}{
		{name: "exhaustive", newSolver: func() solve.Solver { return exhaustive{} }, cfg: Config{Complete: true}},
		{name: "descent", newSolver: func() solve.Solver { return descent{} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeT()
			run(f, tc.newSolver, tc.cfg)
			if f.failed {
				t.Errorf("the suite failed a correct solver:\n%s", f.log.failures())
			}
		})
	}
}

// TestLeakNotHiddenByExitingGoroutine checks that the goroutine check
// compares goroutines, not their number: a goroutine that was running
// before a run and ends during it must not hide one the run leaves.
func TestLeakNotHiddenByExitingGoroutine(t *testing.T) {
	exiting := make(chan struct{})
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		<-exiting
	}()
	before := goroutineSnapshot()

	release := make(chan struct{})
	defer close(release)
	close(exiting)
	<-exited
	go func() { <-release }() // the leak, one for one with the goroutine that ended

	f := newFakeT()
	f.run("check", func(t tester) { checkGoroutines(t, before) })
	if !f.failed {
		t.Fatalf("a goroutine started after the snapshot and still running was not reported")
	}
	if msgs := f.log.failed["check"]; len(msgs) != 1 || !strings.Contains(msgs[0], "TestLeakNotHiddenByExitingGoroutine") {
		t.Errorf("want one failure showing the stack of the leaked goroutine; got:\n%s", strings.Join(msgs, "\n"))
	}

	f = newFakeT()
	f.run("check", func(t tester) { checkGoroutines(t, goroutineSnapshot()) })
	if f.failed {
		t.Errorf("no goroutine was started, yet the check failed:\n%s", f.log.failures())
	}
}
