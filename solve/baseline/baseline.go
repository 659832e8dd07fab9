package baseline

import (
	"context"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// Option configures a Solver.
type Option func(*Solver)

// WithStructured sets whether each deal is followed by the thesis's
// rotatecheck pass (SS) or priced as dealt (ST). Default: false, ST.
func WithStructured(on bool) Option { return func(s *Solver) { s.structured = on } }

// WithAttempts sets how many boards a run deals before it ends with status
// solve.Done; n <= 0 deals without end, until the target or the run's
// budget. Default: 40,000, the thesis's stopafter (seed 000 L6139).
func WithAttempts(n int) Option { return func(s *Solver) { s.attempts = max(n, 0) } }

// DefaultAttempts is the thesis's stopafter (seed 000 L6139).
const DefaultAttempts = 40000

// Solver is the thesis's random assignment, ST, or with WithStructured its
// structured random assignment, SS. Each attempt deals every free piece
// once into a random free cell (the puzzle's holes and spare pieces taking
// the rest), in a random rotation when pieces turn, as the thesis's
// smartpop does (L6383-6432); SS then makes one rotatecheck pass
// (L6313-6354): for each cell in row-major order it tries the piece's four
// rotations and keeps any that lowers the board's cost, the pass ending
// once the board reaches the target. A run's first board is the run's
// solve.WithInitial board when it has one.
//
// Stats.Iterations counts attempts, Stats.Evaluations the boards priced
// whole plus the rotations SS prices.
//
// A Solver is immutable and may be used by several goroutines at once.
type Solver struct {
	structured bool
	attempts   int
}

// New returns a baseline, ST unless opts say otherwise.
func New(opts ...Option) *Solver {
	s := &Solver{attempts: DefaultAttempts}
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	return s
}

// Random returns the thesis's random assignment, ST.
func Random(opts ...Option) *Solver { return New(opts...) }

// Structured returns the thesis's structured random assignment, SS.
func Structured(opts ...Option) *Solver {
	return New(append([]Option{WithStructured(true)}, opts...)...)
}

var _ solve.Solver = (*Solver)(nil)

// Solve deals boards until one reaches the target, the attempts run out or
// the run ends otherwise.
func (sv *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	l, s, err := local.Begin(run)
	if err != nil {
		return nil, err
	}
	tr := local.NewTracker(run)
	target := run.Settings().Target
	for attempt := 0; sv.attempts == 0 || attempt < sv.attempts; attempt++ {
		if !run.Step() {
			break
		}
		if attempt > 0 {
			s.Shuffle(run.Rand())
		}
		run.Stats.Evaluations++
		if sv.structured && l.Rotatable {
			run.Stats.Evaluations += rotateCheck(s, target)
		}
		if !tr.Offer(s) {
			break
		}
	}
	return run.Finish(solve.Done)
}

// rotateCheck is the thesis's rotatecheck: one pass over the board's cells
// in row-major order, each piece turned to the rotation that prices best,
// keeping its own on a tie, until the cost reaches target. It returns the
// number of rotations priced.
func rotateCheck(s *local.State, target float64) int64 {
	var priced int64
	for i := range s.L.Cells() {
		if s.Cost() <= target {
			break
		}
		e := s.Cells[i]
		if e < 0 || s.L.Fixed(i) {
			continue
		}
		best, bd := e, 0.0
		for r := range puzzle.Rotation(4) {
			x := e.Turned(r)
			if x == e {
				continue
			}
			priced++
			if d := s.SetDelta(i, x); d < bd {
				best, bd = x, d
			}
		}
		if best != e {
			s.Set(i, best)
		}
	}
	return priced
}
