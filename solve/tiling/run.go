package tiling

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/reassemble/jigsaw/solve"
)

// pollNodes is how many nodes the backtracker visits between looks at the
// context: a node costs a microsecond or so, so a cancelled run returns
// within milliseconds while the poll stays cheap.
const pollNodes = 1 << 10

// tracker is the book-keeping of a run outside the engine: the settings,
// the node and solution counts, events, the context and why the run ended.
// It follows the engine's conventions so that both methods report alike.
type tracker struct {
	ctx        context.Context
	settings   solve.Settings
	start      time.Time
	nodes      int64
	solutions  int64
	nextPoll   int64
	nextReport int64
	status     solve.Status
	err        error
}

// begin resolves opts and sends Started. The error is an observer's own
// error; an observer's ErrStop or a context already ended leaves the run
// ended before it starts.
func begin(ctx context.Context, opts []solve.Option) (*tracker, error) {
	t := &tracker{ctx: ctx, settings: solve.NewSettings(opts...), start: time.Now(), nextPoll: pollNodes}
	t.nextReport = t.settings.ProgressEvery
	if err := t.emit(solve.Started); err != nil && !errors.Is(err, solve.ErrStop) {
		return nil, err
	}
	if t.status == 0 && ctx.Err() != nil {
		t.end(solve.Canceled)
	}
	return t, nil
}

// node counts a search node and reports whether the search may go on: it
// enforces the node budget, polls the context and sends Progress events.
func (t *tracker) node() bool {
	if t.status != 0 {
		return false
	}
	if n := t.settings.MaxIterations; n > 0 && t.nodes >= n {
		t.end(solve.IterationLimit)
		return false
	}
	t.nodes++
	if t.nodes >= t.nextPoll {
		t.nextPoll += pollNodes
		if t.ctx.Err() != nil {
			t.end(solve.Canceled)
			return false
		}
	}
	if t.nodes >= t.nextReport {
		t.nextReport += t.settings.ProgressEvery
		if t.emit(solve.Progress) != nil {
			return false
		}
	}
	return true
}

// end ends the run with status s unless it has already ended.
func (t *tracker) end(s solve.Status) {
	if t.status == 0 {
		t.status = s
	}
}

// finish sends Finished (status Exhausted if nothing ended the run sooner)
// and returns the observer's error to report, if any.
func (t *tracker) finish() error {
	t.end(solve.Exhausted)
	if err := t.emit(solve.Finished); err != nil && t.err == nil && !errors.Is(err, solve.ErrStop) {
		t.err = err
	}
	return t.err
}

// stats returns the counters so far.
func (t *tracker) stats() Stats { return Stats{Nodes: t.nodes, Runtime: time.Since(t.start)} }

// emit sends an event. An observer's error ends the run as Stopped, and any
// error but ErrStop is kept for finish.
func (t *tracker) emit(k solve.EventKind) error {
	o := t.settings.Observer
	if o == nil {
		return nil
	}
	cost := math.Inf(1)
	if t.solutions > 0 {
		cost = 0
	}
	st := t.stats()
	ev := solve.Event{Kind: k, Cost: cost, Stats: solve.Stats{Iterations: st.Nodes, Nodes: st.Nodes, Runtime: st.Runtime}}
	if k == solve.Finished {
		ev.Status = t.status
	}
	err := o(ev)
	if err == nil || k == solve.Finished {
		return err
	}
	t.end(solve.Stopped)
	if !errors.Is(err, solve.ErrStop) && t.err == nil {
		t.err = err
	}
	return err
}

// noSearch runs a search that ends at once, for puzzles whose tiles cannot
// cover the board or whose build was cancelled: the observer still sees
// Started and Finished, and the status is solve.Canceled if ctx has ended,
// else solve.Exhausted.
func noSearch(ctx context.Context, opts []solve.Option) (Result, error) {
	t, err := begin(ctx, opts)
	if err != nil {
		return Result{}, err
	}
	err = t.finish()
	return Result{Status: t.status, Stats: t.stats()}, err
}

// buildFailed ends a run whose placements could not be laid out, begun at
// start. A context that ended during the build is a normal end: the
// observer sees Started and Finished and the status is solve.Canceled.
// Anything else, such as a puzzle over the bound, is returned as the
// error, before any event, as invalid input is.
func buildFailed(ctx context.Context, err error, opts []solve.Option, start time.Time) (Result, error) {
	if !errors.Is(err, errBuildCanceled) {
		return Result{}, err
	}
	res, err := noSearch(ctx, opts)
	res.Stats.Runtime = time.Since(start)
	return res, err
}
