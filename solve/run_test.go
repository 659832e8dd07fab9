package solve_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// row returns a 1×3 label puzzle whose solution is pieces 0, 1, 2 unturned
// from left to right, with piece 2 fixed in place.
func row() *puzzle.Puzzle {
	return &puzzle.Puzzle{
		Rows: 1, Cols: 3, Rule: puzzle.Complement, Rotatable: true,
		Pieces: []puzzle.Piece{
			{ID: 0, Edges: [4]puzzle.Label{0, 1, 0, 0}},
			{ID: 1, Edges: [4]puzzle.Label{0, 2, 0, -1}},
			{ID: 2, Edges: [4]puzzle.Label{0, 0, 0, -2}},
		},
		Fixed: []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 2}, Placement: puzzle.Placement{Piece: 2}}},
	}
}

// solution is row's solution.
func solution() *puzzle.Board {
	return &puzzle.Board{Rows: 1, Cols: 3, Cells: []puzzle.Placement{{Piece: 0}, {Piece: 1}, {Piece: 2}}}
}

// swapped is row's board with pieces 0 and 1 swapped; TestFinish prices it.
func swapped() *puzzle.Board {
	return &puzzle.Board{Rows: 1, Cols: 3, Cells: []puzzle.Placement{{Piece: 1}, {Piece: 0}, {Piece: 2}}}
}

// start starts a run on row or fails the test.
func start(t *testing.T, ctx context.Context, opts ...solve.Option) *solve.Run {
	t.Helper()
	r, err := solve.Start(ctx, solve.Problem{Puzzle: row()}, opts...)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	return r
}

func TestStartRejects(t *testing.T) {
	bad := row()
	bad.Rows = 0
	twice := solution()
	twice.Cells[1] = puzzle.Placement{Piece: 0}
	errObserver := errors.New("observer failed")
	cases := []struct {
		name    string
		problem solve.Problem
		opts    []solve.Option
		// wantIn is a fragment the error must name.
		wantIn string
	}{
		{name: "no puzzle", problem: solve.Problem{}, wantIn: "no puzzle"},
		{name: "invalid puzzle", problem: solve.Problem{Puzzle: bad}, wantIn: "rows"},
		{name: "initial board of the wrong size", problem: solve.Problem{Puzzle: row()},
			opts: []solve.Option{solve.WithInitial(puzzle.NewBoard(3, 1))}, wantIn: "initial board"},
		{name: "initial board placing a piece twice", problem: solve.Problem{Puzzle: row()},
			opts: []solve.Option{solve.WithInitial(twice)}, wantIn: "piece 0 is placed twice"},
		{name: "initial board without the fixed piece", problem: solve.Problem{Puzzle: row()},
			opts: []solve.Option{solve.WithInitial(puzzle.NewBoard(1, 3))}, wantIn: "fixed piece"},
		{name: "observer fails at the start", problem: solve.Problem{Puzzle: row()},
			opts: []solve.Option{solve.WithObserver(func(solve.Event) error { return errObserver })}, wantIn: "observer failed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := solve.Start(context.Background(), tc.problem, tc.opts...)
			if err == nil {
				t.Fatalf("Start accepted invalid input")
			}
			if r != nil {
				t.Errorf("Start returned a run with error %v", err)
			}
			if !strings.Contains(err.Error(), tc.wantIn) {
				t.Errorf("error %q does not name %q", err, tc.wantIn)
			}
		})
	}
}

func TestStart(t *testing.T) {
	r := start(t, context.Background(), solve.WithSeed(9))
	if _, ok := r.Problem().Scorer.(*edge.Labels); !ok {
		t.Errorf("the prepared problem's scorer is %T, want the puzzle's labels", r.Problem().Scorer)
	}
	if got := r.Settings().Seed; got != 9 {
		t.Errorf("Settings().Seed = %d, want 9", got)
	}
	if b, cost := r.Best(); b != nil || !math.IsInf(cost, 1) {
		t.Errorf("Best() = %v, %g before any offer; want nil, +Inf", b, cost)
	}
	if r.Status() != 0 || r.Done() {
		t.Errorf("a fresh run has status %v, done %v", r.Status(), r.Done())
	}

	// A scorer given with the problem is kept.
	sc := constScorer(0.25)
	r2, err := solve.Start(context.Background(), solve.Problem{Puzzle: row(), Scorer: sc})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Problem().Scorer != sc {
		t.Errorf("the prepared problem's scorer is %v, want the one given", r2.Problem().Scorer)
	}
}

// constScorer prices every join the same.
type constScorer float64

func (c constScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 {
	return float64(c)
}

func TestRand(t *testing.T) {
	draw := func(opts ...solve.Option) []uint64 {
		r := start(t, context.Background(), opts...)
		out := make([]uint64, 8)
		for i := range out {
			out[i] = r.Rand().Uint64()
		}
		return out
	}
	if a, b := draw(solve.WithSeed(5)), draw(solve.WithSeed(5)); !slices.Equal(a, b) {
		t.Errorf("two runs seeded 5 draw %v and %v", a, b)
	}
	if a, b := draw(), draw(solve.WithSeed(solve.DefaultSeed)); !slices.Equal(a, b) {
		t.Errorf("a run without a seed draws %v, one seeded DefaultSeed %v", a, b)
	}
	if a, b := draw(solve.WithSeed(5)), draw(solve.WithSeed(6)); slices.Equal(a, b) {
		t.Errorf("runs seeded 5 and 6 draw the same %v", a)
	}
}

func TestStepLimits(t *testing.T) {
	cases := []struct {
		name string
		opts []solve.Option
		// improveAt lists the iterations after which a better board is
		// offered, at costs going down from 10.
		improveAt []int64
		// wantSteps is the iteration at which Step first returns false.
		wantSteps  int64
		wantStatus solve.Status
	}{
		{name: "iteration limit", opts: []solve.Option{solve.WithMaxIterations(5)}, wantSteps: 5, wantStatus: solve.IterationLimit},
		{name: "iteration limit of 1", opts: []solve.Option{solve.WithMaxIterations(1)}, wantSteps: 1, wantStatus: solve.IterationLimit},
		{name: "stall without improvement", opts: []solve.Option{solve.WithStall(3)}, wantSteps: 3, wantStatus: solve.Stalled},
		{name: "stall counts from the last improvement", opts: []solve.Option{solve.WithStall(3)},
			improveAt: []int64{2, 4}, wantSteps: 7, wantStatus: solve.Stalled},
		{name: "the earlier budget ends the run", opts: []solve.Option{solve.WithStall(3), solve.WithMaxIterations(2)},
			wantSteps: 2, wantStatus: solve.IterationLimit},
		{name: "an improvement every step never stalls", opts: []solve.Option{solve.WithStall(2), solve.WithMaxIterations(6)},
			improveAt: []int64{1, 2, 3, 4, 5}, wantSteps: 6, wantStatus: solve.IterationLimit},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := start(t, context.Background(), tc.opts...)
			cost := 10.0
			var it int64
			for r.Step() {
				it++
				if it > 100 {
					t.Fatalf("Step still true after %d iterations", it)
				}
				if slices.Contains(tc.improveAt, it) {
					cost--
					r.Offer(swapped(), cost)
				}
			}
			if got := r.Stats.Iterations; got != tc.wantSteps {
				t.Errorf("Step returned false at iteration %d, want %d", got, tc.wantSteps)
			}
			if r.Status() != tc.wantStatus || !r.Done() {
				t.Errorf("status %v, done %v; want %v, done", r.Status(), r.Done(), tc.wantStatus)
			}
			if r.Step() {
				t.Errorf("Step returned true after the run ended")
			}
			if r.Stats.Iterations != tc.wantSteps {
				t.Errorf("Step after the end counted an iteration: %d", r.Stats.Iterations)
			}
			res, err := r.Finish(solve.Exhausted)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != tc.wantStatus {
				t.Errorf("Finish(Exhausted) after the run ended gave status %v, want the first reason %v", res.Status, tc.wantStatus)
			}
		})
	}
}

func TestOffer(t *testing.T) {
	cases := []struct {
		name string
		opts []solve.Option
		// costs are offered in turn; wantGoOn is Offer's answer to each.
		costs      []float64
		wantGoOn   []bool
		wantBest   float64
		wantStatus solve.Status
	}{
		{name: "better boards are kept", costs: []float64{3, 2, 2.5}, wantGoOn: []bool{true, true, true}, wantBest: 2},
		{name: "default target is a perfect fit", costs: []float64{0.5, 0}, wantGoOn: []bool{true, false}, wantBest: 0, wantStatus: solve.Solved},
		{name: "at the target", opts: []solve.Option{solve.WithTarget(1)}, costs: []float64{3, 1}, wantGoOn: []bool{true, false}, wantBest: 1, wantStatus: solve.Solved},
		{name: "below the target", opts: []solve.Option{solve.WithTarget(1)}, costs: []float64{0.5}, wantGoOn: []bool{false}, wantBest: 0.5, wantStatus: solve.Solved},
		{name: "no offer after the end", costs: []float64{0, 5}, wantGoOn: []bool{false, false}, wantBest: 0, wantStatus: solve.Solved},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := start(t, context.Background(), tc.opts...)
			for i, c := range tc.costs {
				if got := r.Offer(swapped(), c); got != tc.wantGoOn[i] {
					t.Errorf("Offer(cost %g) = %v, want %v", c, got, tc.wantGoOn[i])
				}
			}
			if _, best := r.Best(); best != tc.wantBest {
				t.Errorf("best cost %g, want %g", best, tc.wantBest)
			}
			if r.Status() != tc.wantStatus {
				t.Errorf("status %v, want %v", r.Status(), tc.wantStatus)
			}
		})
	}
}

func TestOfferKeepsACopy(t *testing.T) {
	r := start(t, context.Background())
	b := swapped()
	r.Offer(b, 4)
	b.Cells[0], b.Cells[1] = b.Cells[1], b.Cells[0]
	if best, _ := r.Best(); !best.Equal(swapped()) {
		t.Errorf("the run's best board changed with the caller's: %v", best.Cells)
	}
	// A better board replaces the copy in place; the first is still intact
	// in the run's keeping, not the caller's.
	r.Offer(b, 0)
	if best, _ := r.Best(); !best.Equal(solution()) {
		t.Errorf("best board %v, want the solution", best.Cells)
	}
}

func TestFinish(t *testing.T) {
	fixedOnly := puzzle.NewBoardFor(row())
	partial := fixedOnly.Clone()
	partial.Cells[1] = puzzle.Placement{Piece: 1}
	cases := []struct {
		name         string
		offer        *puzzle.Board
		offerCost    float64
		fallback     *puzzle.Board
		wantBoard    *puzzle.Board
		wantCost     float64
		wantUnplaced []puzzle.PieceID
	}{
		{name: "the best offered", offer: solution(), offerCost: 0, fallback: partial,
			wantBoard: solution(), wantCost: 0},
		// The swapped board shows flat against flat between pieces 1 and
		// 0 (1), 0's tab against 2's blank of another shape (1), and 1's
		// blank on the rim (1).
		{name: "the best offered, not the fallback", offer: swapped(), offerCost: 3, fallback: partial,
			wantBoard: swapped(), wantCost: 3},
		// Piece 1's blank faces a hole, which costs nothing, and its tab
		// fits piece 2.
		{name: "the fallback, priced afresh", fallback: partial, wantBoard: partial, wantCost: 0, wantUnplaced: []puzzle.PieceID{0}},
		{name: "the fixed pieces", wantBoard: fixedOnly, wantCost: 0, wantUnplaced: []puzzle.PieceID{0, 1}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := start(t, context.Background(), solve.WithSeed(77))
			if tc.fallback != nil {
				fb := tc.fallback.Clone()
				r.Fallback(fb)
				fb.Cells[0] = puzzle.Placement{Piece: 0, Rotation: 3} // must not reach the run
			}
			if tc.offer != nil {
				r.Offer(tc.offer, tc.offerCost)
			}
			res, err := r.Finish(solve.Exhausted)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Board.Equal(tc.wantBoard) {
				t.Errorf("board %v, want %v", res.Board.Cells, tc.wantBoard.Cells)
			}
			if res.Cost != tc.wantCost {
				t.Errorf("cost %g, want %g", res.Cost, tc.wantCost)
			}
			if !slices.Equal(res.Unplaced, tc.wantUnplaced) {
				t.Errorf("unplaced %v, want %v", res.Unplaced, tc.wantUnplaced)
			}
			if res.Seed != 77 {
				t.Errorf("seed %d, want 77", res.Seed)
			}
			if tc.offer == nil || tc.offerCost > 0 {
				if res.Status != solve.Exhausted {
					t.Errorf("status %v, want exhausted", res.Status)
				}
			} else if res.Status != solve.Solved {
				t.Errorf("status %v, want solved", res.Status)
			}
			if res.Stats.Runtime < 0 {
				t.Errorf("negative runtime %v", res.Stats.Runtime)
			}
		})
	}
}

func TestFallbackKeepsTheLatest(t *testing.T) {
	r := start(t, context.Background())
	first := puzzle.NewBoardFor(row())
	first.Cells[0] = puzzle.Placement{Piece: 0}
	second := puzzle.NewBoardFor(row())
	second.Cells[1] = puzzle.Placement{Piece: 1}
	r.Fallback(first)
	r.Fallback(second)
	res, err := r.Finish(solve.Exhausted)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Board.Equal(second) {
		t.Errorf("board %v, want the latest fallback %v", res.Board.Cells, second.Cells)
	}
}

func TestEnd(t *testing.T) {
	r := start(t, context.Background())
	r.End(solve.Stalled)
	r.End(solve.Solved)
	if r.Status() != solve.Stalled || !r.Done() {
		t.Errorf("status %v, done %v after End(Stalled), End(Solved); want stalled, done", r.Status(), r.Done())
	}
	if r.Step() || r.Offer(solution(), 0) {
		t.Errorf("Step or Offer let an ended run go on")
	}
}

// record is what TestEvents compares of an event.
type record struct {
	Kind       solve.EventKind
	Cost       float64
	Iterations int64
	Status     solve.Status
	Board      []puzzle.Placement
}

func recorder(into *[]record) solve.Observer {
	return func(ev solve.Event) error {
		rec := record{Kind: ev.Kind, Cost: ev.Cost, Iterations: ev.Stats.Iterations, Status: ev.Status}
		if ev.Board != nil {
			rec.Board = slices.Clone(ev.Board.Cells)
		}
		*into = append(*into, rec)
		return nil
	}
}

func TestEvents(t *testing.T) {
	var got []record
	r := start(t, context.Background(), solve.WithProgressEvery(2), solve.WithObserver(recorder(&got)))
	r.Offer(swapped(), 3)
	r.Step()
	r.Step()
	r.Offer(swapped(), 4) // worse: no event
	r.Offer(solution(), 0.5)
	r.Step()
	if _, err := r.Finish(solve.Exhausted); err != nil {
		t.Fatal(err)
	}
	inf := math.Inf(1)
	want := []record{
		{Kind: solve.Started, Cost: inf},
		{Kind: solve.Improved, Cost: 3, Board: swapped().Cells},
		{Kind: solve.Progress, Cost: 3, Iterations: 2, Board: swapped().Cells},
		{Kind: solve.Improved, Cost: 0.5, Iterations: 2, Board: solution().Cells},
		// Finish prices the best board afresh: the solution costs 0
		// whatever cost it was offered at.
		{Kind: solve.Finished, Cost: 0, Iterations: 3, Status: solve.Exhausted, Board: solution().Cells},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}

// errObserver is an observer's own error.
var errObserver = errors.New("observer failed")

func TestObserverEndsTheRun(t *testing.T) {
	cases := []struct {
		name string
		// at is the event kind at which the observer returns ret.
		at  solve.EventKind
		ret error
		// wantErr is the error Finish must return (errors.Is), or nil.
		wantErr error
		// wantStatus is the status of a run that ends without error; the
		// status that goes with an observer's error is not part of the
		// contract.
		wantStatus solve.Status
	}{
		{name: "ErrStop at Improved", at: solve.Improved, ret: solve.ErrStop, wantStatus: solve.Stopped},
		{name: "ErrStop at Progress", at: solve.Progress, ret: solve.ErrStop, wantStatus: solve.Stopped},
		{name: "wrapped ErrStop", at: solve.Improved, ret: errors.Join(errors.New("enough"), solve.ErrStop), wantStatus: solve.Stopped},
		{name: "ErrStop at Finished changes nothing", at: solve.Finished, ret: solve.ErrStop, wantStatus: solve.IterationLimit},
		{name: "error at Improved", at: solve.Improved, ret: errObserver, wantErr: errObserver},
		{name: "error at Progress", at: solve.Progress, ret: errObserver, wantErr: errObserver},
		{name: "error at Finished", at: solve.Finished, ret: errObserver, wantErr: errObserver},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var kinds []solve.EventKind
			r := start(t, context.Background(), solve.WithProgressEvery(1), solve.WithMaxIterations(4),
				solve.WithObserver(func(ev solve.Event) error {
					kinds = append(kinds, ev.Kind)
					if ev.Kind == tc.at {
						return tc.ret
					}
					return nil
				}))
			steps := 0
			for r.Offer(swapped(), float64(10-steps)) && r.Step() {
				steps++
			}
			res, err := r.Finish(solve.Exhausted)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("Finish returned error %v, want %v", err, tc.wantErr)
				}
			} else if err != nil {
				t.Fatalf("Finish returned error %v, want nil", err)
			} else if res.Status != tc.wantStatus {
				t.Errorf("status %v, want %v", res.Status, tc.wantStatus)
			}
			if tc.at != solve.Finished {
				// The run ended at the first event of that kind: only
				// Finished may follow it.
				i := slices.Index(kinds, tc.at)
				if got := kinds[i+1:]; !slices.Equal(got, []solve.EventKind{solve.Finished}) {
					t.Errorf("events after the observer's %v: %v, want only finished", tc.at, got)
				}
			}
		})
	}
}

func TestCanceled(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, stop := context.WithTimeout(context.Background(), -time.Second)
	defer stop()
	for _, tc := range []struct {
		name string
		ctx  context.Context
	}{
		{name: "cancelled", ctx: canceled},
		{name: "deadline passed", ctx: expired},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Run("Step", func(t *testing.T) {
				r := start(t, tc.ctx)
				n := 0
				for r.Step() {
					n++
				}
				// Step polls the context once per 256 iterations
				// (ctxCheckMask in run.go), so that polling stays cheap.
				if n >= 256 {
					t.Errorf("Step went on for %d iterations after the context ended", n)
				}
				res, err := r.Finish(solve.Exhausted)
				if err != nil || res.Status != solve.Canceled {
					t.Errorf("Finish = status %v, error %v; want canceled, nil", res.Status, err)
				}
			})
			t.Run("Done", func(t *testing.T) {
				r := start(t, tc.ctx)
				if !r.Done() || r.Status() != solve.Canceled {
					t.Errorf("Done() = %v with status %v; want true, canceled", r.Done(), r.Status())
				}
			})
		})
	}
}
