package solvetest

import (
	"context"
	"errors"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/reassemble/jigsaw/solve"
)

// The checks in this file are about a run as a process: its replay, its
// events, its end on cancellation and the goroutines it leaves.

const (
	// cancelAfter is how long a run goes before its context is cancelled:
	// long enough for a solver to be deep in its search.
	cancelAfter = 50 * time.Millisecond
	// minCancelAfter is the soonest the cancellation checks cancel a run
	// that keeps ending before its context: by then a run has barely
	// started, and timers are no finer.
	minCancelAfter = 100 * time.Microsecond
	// cancelLimit is how soon after cancellation Solve must return. The
	// contract asks for 100 ms; the rest is slack for loaded test machines.
	cancelLimit = 250 * time.Millisecond
	// goroutineWait is how long exiting goroutines get to finish before they
	// count as leaked.
	goroutineWait = time.Second
)

// ignoreRuntime compares results and stats apart from the wall-clock time.
var ignoreRuntime = cmpopts.IgnoreFields(solve.Stats{}, "Runtime")

// eventRecord is what the determinism check compares of an event.
type eventRecord struct {
	Kind   solve.EventKind
	Cost   float64
	Stats  solve.Stats
	Status solve.Status
}

// determinism checks that a seed replays a run exactly: the same solver run
// twice and a fresh one give the same result and the same events.
// naturalEndWindow is how soon after a cancellation a run may return with
// the status of its own end: a run that finishes its last step just as
// the context is cancelled prices its board and returns within a fraction
// of a millisecond, and its status rightly says it ended by itself.
const naturalEndWindow = time.Millisecond

func (s *suite) determinism(t tester) {
	for _, inst := range []instance{
		mustBuild(t, "shapes-3x3-1pair", 801, shapes(3, 3, 1)),
		largeInstance(t),
	} {
		for _, seeded := range []struct {
			name string
			opts solve.Options
		}{
			{name: "default seed"},
			{name: "seed 0xdecafbad", opts: solve.Options{solve.WithSeed(0xdecafbad)}},
		} {
			t.run(inst.name+"/"+seeded.name, func(t tester) {
				var results []*solve.Result
				var events [][]eventRecord
				sv := s.newSolver()
				for i, fresh := range []bool{false, false, true} {
					if fresh {
						sv = s.newSolver()
					}
					var evs []eventRecord
					opts := solve.Options{seeded.opts, s.budget(inst), solve.WithObserver(func(ev solve.Event) error {
						evs = append(evs, eventRecord{Kind: ev.Kind, Cost: ev.Cost, Stats: ev.Stats, Status: ev.Status})
						return nil
					})}
					res, err := s.solve(t, sv, context.Background(), inst.name, inst.problem, opts)
					if err != nil {
						t.Fatalf("run %d: Solve returned error %v for a valid problem", i+1, err)
					}
					s.verify(t, context.Background(), inst, []solve.Option{opts}, res, false)
					results = append(results, res)
					events = append(events, evs)
				}
				for i, what := range []string{"the same solver run again", "a fresh solver"} {
					if diff := cmp.Diff(results[0], results[i+1], ignoreRuntime); diff != "" {
						t.Errorf("%s gave another result for the same seed and options (-first +again):\n%s", what, diff)
					}
					if diff := cmp.Diff(events[0], events[i+1], ignoreRuntime); diff != "" {
						t.Errorf("%s sent other events for the same seed and options (-first +again):\n%s", what, diff)
					}
				}
			})
		}
	}
}

// errObserver is the error an observer returns to end a run abnormally.
var errObserver = errors.New("solvetest: observer failed on purpose")

// observer checks the order of events and what an observer's return value
// does.
func (s *suite) observer(t tester) {
	inst := mustBuild(t, "shapes-3x3-2pairs", 901, shapes(3, 3, 2))
	// Progress after every iteration, so that even a short run sends some.
	every := solve.WithProgressEvery(1)

	t.run("order", func(t tester) {
		var kinds []solve.EventKind
		var improved []float64
		var lastIter int64
		obs := func(ev solve.Event) error {
			kinds = append(kinds, ev.Kind)
			if ev.Stats.Iterations < lastIter {
				t.Errorf("event %d (%v): iterations went back from %d to %d", len(kinds), ev.Kind, lastIter, ev.Stats.Iterations)
			}
			lastIter = ev.Stats.Iterations
			switch ev.Kind {
			case solve.Started:
				if !math.IsInf(ev.Cost, 1) {
					t.Errorf("Started event has cost %g; before any board it is +Inf", ev.Cost)
				}
			case solve.Improved:
				s.checkImproved(t, inst, ev, improved)
				improved = append(improved, ev.Cost)
			}
			return nil
		}
		opts := solve.Options{every, s.budget(inst), solve.WithObserver(obs)}
		res := s.solveValid(t, context.Background(), inst, opts)
		checkOrder(t, kinds)
		if res.Status == solve.Solved && (len(improved) == 0 || improved[len(improved)-1] != res.Cost) {
			t.Errorf("the run solved the puzzle at cost %g, but the Improved events reported costs %v", res.Cost, improved)
		}
	})

	for _, tc := range []struct {
		name string
		ret  error
	}{
		{name: "ErrStop", ret: solve.ErrStop},
		{name: "error", ret: errObserver},
	} {
		t.run(tc.name, func(t tester) {
			var kinds []solve.EventKind
			var final solve.Event
			returned := -1
			obs := func(ev solve.Event) error {
				kinds = append(kinds, ev.Kind)
				if returned >= 0 && ev.Kind != solve.Finished {
					t.Errorf("event %d (%v) came after the observer returned %v at event %d", len(kinds), ev.Kind, tc.ret, returned+1)
				}
				if ev.Kind == solve.Finished {
					final = ev
				}
				if returned < 0 && (ev.Kind == solve.Improved || ev.Kind == solve.Progress) {
					returned = len(kinds) - 1
					return tc.ret
				}
				return nil
			}
			opts := solve.Options{every, s.budget(inst), solve.WithObserver(obs)}
			res, err := s.solve(t, s.newSolver(), context.Background(), inst.name, inst.problem, opts)
			if returned < 0 {
				t.Fatalf("no Improved or Progress event came to return %v from, with a Progress event due every iteration (events %v)", tc.ret, kinds)
			}
			if tc.ret != solve.ErrStop {
				if !errors.Is(err, tc.ret) {
					t.Errorf("the observer returned %q; Solve returned error %v, want that error", tc.ret, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("the observer returned ErrStop; Solve returned error %v, want nil", err)
			}
			s.verify(t, context.Background(), inst, []solve.Option{opts}, res, true)
			if res.Status != solve.Stopped {
				t.Errorf("the observer returned ErrStop; status is %v, want Stopped", res.Status)
			}
			checkOrder(t, kinds)
			if final.Status != res.Status {
				t.Errorf("the Finished event has status %v, the result %v", final.Status, res.Status)
			}
		})
	}
}

// checkImproved checks an Improved event: its board (valid only during the
// call) fits and costs what the event says, and the cost went down.
func (s *suite) checkImproved(t tester, inst instance, ev solve.Event, before []float64) {
	t.Helper()
	n := len(before) + 1
	if len(before) > 0 && !(ev.Cost < before[len(before)-1]) {
		t.Errorf("Improved event %d has cost %g, not below the previous %g", n, ev.Cost, before[len(before)-1])
	}
	if ev.Board == nil {
		t.Errorf("Improved event %d has no board", n)
		return
	}
	if err := ev.Board.Validate(inst.problem.Puzzle); err != nil {
		t.Errorf("Improved event %d: board is not valid: %v", n, err)
		return
	}
	cost, err := independentCost(inst.problem, ev.Board)
	if err != nil {
		t.Errorf("Improved event %d: %v", n, err)
		return
	}
	if !closeTo(ev.Cost, cost) {
		t.Errorf("Improved event %d says cost %g; its board costs %g", n, ev.Cost, cost)
	}
}

// checkOrder checks a normal run's events: Started, then Improved and
// Progress, then Finished once.
func checkOrder(t tester, kinds []solve.EventKind) {
	t.Helper()
	if len(kinds) < 2 || kinds[0] != solve.Started || kinds[len(kinds)-1] != solve.Finished {
		t.Errorf("events %v: want Started first and Finished last", kinds)
		return
	}
	for i, k := range kinds[1 : len(kinds)-1] {
		if k != solve.Improved && k != solve.Progress {
			t.Errorf("event %d is %v: between Started and Finished only Improved and Progress may come (events %v)", i+2, k, kinds)
		}
	}
}

// cancel checks that a run ends soon after its context does, normally,
// with a valid board.
func (s *suite) cancel(t tester) {
	inst := largeInstance(t)
	for _, workers := range []int{1, 2} {
		t.run("after 50ms with "+plural(workers, "worker"), func(t tester) {
			// A fast method may end by itself before 50 ms; cancel it
			// sooner then, so that a cancellation in mid-run is checked
			// for every method, not only for slow ones.
			for d := cancelAfter; !s.cancelled(t, inst, d, solve.WithWorkers(workers)) && d > minCancelAfter; d /= 8 {
			}
		})
	}
	t.run("before the start", func(t tester) {
		s.cancelled(t, inst, 0)
	})
}

// cancelled runs inst, which the solver cannot finish, and cancels it after
// d, or before the start for d = 0. Workers stopped by a cancellation are
// the ones most easily left running, so it checks for goroutines too. It
// reports whether the cancellation came before the run ended, so that the
// check meant something.
func (s *suite) cancelled(t tester, inst instance, d time.Duration, opts ...solve.Option) (measured bool) {
	t.Helper()
	// Deferred first, so that it runs last: after the timer and the
	// context are released, a goroutine still running is the solver's.
	defer checkGoroutines(t, goroutineSnapshot())
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	var kinds []solve.EventKind
	var final solve.Event
	opts = append(opts, solve.WithObserver(func(ev solve.Event) error {
		kinds = append(kinds, ev.Kind)
		if ev.Kind == solve.Finished {
			final = ev
		}
		return nil
	}))
	at := make(chan time.Time, 1)
	cancel := func() {
		at <- time.Now()
		stop()
	}
	if d == 0 {
		cancel()
	} else {
		timer := time.AfterFunc(d, cancel)
		defer timer.Stop()
	}
	res, err := s.solve(t, s.newSolver(), ctx, inst.name, inst.problem, opts...)
	end := time.Now()
	if err != nil {
		t.Fatalf("Solve returned error %v; a cancelled run ends normally", err)
	}
	var when time.Time
	select {
	case when = <-at:
	default:
	}
	if when.IsZero() || when.After(end) {
		// Nothing to measure: the solver ended the run itself.
		t.Logf("%s: the run ended by itself before the cancellation (%s); it could not be checked", inst.name, describe(res))
		s.verify(t, ctx, inst, opts, res, false)
		return false
	}
	lag := end.Sub(when)
	t.Logf("%s: Solve returned %v after the cancellation (%s)", inst.name, lag.Round(time.Microsecond), describe(res))
	if lag > cancelLimit {
		t.Errorf("Solve returned %v after the context was cancelled; the limit is %v", lag.Round(time.Millisecond), cancelLimit)
	}
	s.verify(t, ctx, inst, opts, res, false)
	if res.Status != solve.Canceled && lag < naturalEndWindow {
		// The run reached its own end as the context was cancelled:
		// its status rightly says so.
		t.Logf("%s: the run ended by itself as the context was cancelled (%s)", inst.name, describe(res))
		return true
	}
	if res.Status != solve.Canceled {
		t.Errorf("the context was cancelled during the run; status is %v, want Canceled", res.Status)
	}
	checkOrder(t, kinds)
	if final.Status != res.Status {
		t.Errorf("the Finished event has status %v, the result %v", final.Status, res.Status)
	}
	return true
}

// goroutines checks that no goroutine outlives Solve, whether the run ends
// by itself or by cancellation.
func (s *suite) goroutines(t tester) {
	small := mustBuild(t, "shapes-3x3-2pairs", 1001, shapes(3, 3, 2))
	large := largeInstance(t)
	for _, workers := range []int{1, 2} {
		t.run(plural(workers, "worker"), func(t tester) {
			before := goroutineSnapshot()
			s.solveValid(t, context.Background(), small, solve.WithWorkers(workers), s.budget(small))
			ctx, stop := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer stop()
			s.solveValid(t, ctx, large, solve.WithWorkers(workers))
			stop()
			checkGoroutines(t, before)
		})
	}
}

// A goroutineSet is the goroutines running at one moment: their stacks by
// goroutine ID.
//
// The suite compares identities, not counts: a goroutine of the test
// process that ends during the runs (a timer's callback, a subtest's
// goroutine winding down) would otherwise hide one the solver leaves
// behind, and a failure shows where each leaked goroutine is stuck.
type goroutineSet map[int64]string

// goroutineSnapshot returns the goroutines running now.
func goroutineSnapshot() goroutineSet {
	buf := make([]byte, 64<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	set := make(goroutineSet)
	for _, g := range strings.Split(string(buf), "\n\n") {
		// Each stack starts "goroutine 17 [chan receive]:".
		head, _, _ := strings.Cut(g, "\n")
		id, ok := strings.CutPrefix(head, "goroutine ")
		if !ok {
			continue
		}
		id, _, _ = strings.Cut(id, " ")
		if n, err := strconv.ParseInt(id, 10, 64); err == nil {
			set[n] = g
		}
	}
	return set
}

// leakedSince returns the stacks of the goroutines running now that were
// not running at before, in order of goroutine ID.
func leakedSince(before goroutineSet) []string {
	var ids []int64
	now := goroutineSnapshot()
	for id := range now {
		if _, old := before[id]; !old {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	stacks := make([]string, len(ids))
	for i, id := range ids {
		stacks[i] = now[id]
	}
	return stacks
}

// checkGoroutines waits for every goroutine started since before to end
// and fails, showing their stacks, if some do not in time.
func checkGoroutines(t tester, before goroutineSet) {
	t.Helper()
	deadline := time.Now().Add(goroutineWait)
	for {
		leaked := leakedSince(before)
		if len(leaked) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("%s still running %v after the runs returned, started during them:\n\n%s",
				plural(len(leaked), "goroutine"), goroutineWait, strings.Join(leaked, "\n\n"))
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
