package solve

import (
	"github.com/reassemble/jigsaw/puzzle"
)

// An Option sets how a run goes: when it stops, what it reports, where it
// starts. Options compose: Options is itself an Option, so a preset is just
// a value.
type Option interface {
	apply(*Settings)
}

// Options is a list of options applied in order; later ones win.
type Options []Option

func (o Options) apply(s *Settings) {
	for _, opt := range o {
		if opt != nil {
			opt.apply(s)
		}
	}
}

type optionFunc func(*Settings)

func (f optionFunc) apply(s *Settings) { f(s) }

// Settings is the resolved form of a run's options. Solvers read it through
// NewSettings; users set it through the With functions.
type Settings struct {
	// Seed seeds the run's one random source.
	Seed uint64
	// MaxIterations bounds Stats.Iterations; 0 means no bound.
	MaxIterations int64
	// Stall ends the run after this many iterations without improvement;
	// 0 means never.
	Stall int64
	// Target is the cost at or below which a board counts as solved.
	Target float64
	// Observer receives progress events; nil for none.
	Observer Observer
	// ProgressEvery is the number of iterations between Progress events.
	ProgressEvery int64
	// Initial is a board to start from, or nil.
	Initial *puzzle.Board
	// Workers is the number of goroutines a method may use.
	Workers int
}

// DefaultSeed is the seed of a run that sets none, so that runs replay
// unless asked otherwise.
const DefaultSeed uint64 = 1

// NewSettings resolves opts over the defaults.
func NewSettings(opts ...Option) Settings {
	s := Settings{Seed: DefaultSeed, ProgressEvery: 1 << 16, Workers: 1}
	Options(opts).apply(&s)
	return s
}

// WithSeed seeds the run's random source. Same seed, same options and one
// worker give the same result. Default: DefaultSeed.
func WithSeed(seed uint64) Option { return optionFunc(func(s *Settings) { s.Seed = seed }) }

// WithMaxIterations ends the run with status IterationLimit after n
// iterations (see Stats.Iterations for what a method counts). n <= 0 means
// no bound. Default: no bound.
func WithMaxIterations(n int64) Option {
	return optionFunc(func(s *Settings) { s.MaxIterations = max(n, 0) })
}

// WithStall ends the run with status Stalled after n iterations without an
// improvement of the best cost. n <= 0 means never. Default: never.
func WithStall(n int64) Option { return optionFunc(func(s *Settings) { s.Stall = max(n, 0) }) }

// WithTarget ends the run with status Solved once a board costs at most
// cost. A NaN cost is invalid input: no board would ever reach it.
// Default: 0, a perfect fit.
func WithTarget(cost float64) Option { return optionFunc(func(s *Settings) { s.Target = cost }) }

// WithObserver calls o, synchronously, with the run's events. Default: none.
func WithObserver(o Observer) Option { return optionFunc(func(s *Settings) { s.Observer = o }) }

// WithProgressEvery sends a Progress event every n iterations. n <= 0 keeps
// the default. Default: 65536.
func WithProgressEvery(n int64) Option {
	return optionFunc(func(s *Settings) {
		if n > 0 {
			s.ProgressEvery = n
		}
	})
}

// WithInitial starts the run from board b (a warm start); methods that build
// boards piece by piece keep b's placements. The board is copied. Default:
// none.
func WithInitial(b *puzzle.Board) Option {
	// Copy now, so that later edits of b do not reach the run, and again
	// on every resolution, so that one run's edits do not reach the next.
	if b != nil {
		b = b.Clone()
	}
	return optionFunc(func(s *Settings) {
		s.Initial = nil
		if b != nil {
			s.Initial = b.Clone()
		}
	})
}

// WithWorkers lets a method use up to n goroutines, all ended before Solve
// returns. n < 1 means 1. Results are reproducible for a given seed only with
// one worker. Default: 1.
func WithWorkers(n int) Option {
	return optionFunc(func(s *Settings) { s.Workers = max(n, 1) })
}
