package local

import (
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Begin builds the machinery for run r: the pricer and layout of its
// problem and a first state, the run's WithInitial board when it has one
// and otherwise a random deal from the run's source.
func Begin(r *solve.Run) (*Layout, *State, error) {
	p := r.Problem()
	l := NewLayout(p.Puzzle, NewPricer(p.Puzzle, p.Scorer))
	s := NewState(l)
	if b := r.Settings().Initial; b != nil {
		if err := s.Load(b); err != nil {
			return nil, nil, err
		}
	} else {
		s.Shuffle(r.Rand())
	}
	return l, s, nil
}

// Tracker offers a search's states to its run when they beat the best so
// far, reusing one board for the conversion.
type Tracker struct {
	run  *solve.Run
	buf  *puzzle.Board
	best float64
}

// NewTracker returns a tracker for run r.
func NewTracker(r *solve.Run) *Tracker {
	_, best := r.Best()
	return &Tracker{run: r, best: best}
}

// Best returns the best cost offered so far.
func (t *Tracker) Best() float64 { return t.best }

// Offer offers s to the run if it beats the best so far and reports
// whether the run may go on: false once an offer reaches the target or the
// observer stops the run. A state that does not improve is not offered and
// leaves the answer to the run's Step, which polls the context.
func (t *Tracker) Offer(s *State) bool {
	if s.cost >= t.best {
		return true
	}
	// Incremental costs drift; price the board afresh before it counts.
	c := s.Recompute()
	if c >= t.best {
		return true
	}
	t.best = c
	t.buf = s.Board(t.buf)
	return t.run.Offer(t.buf, c)
}
