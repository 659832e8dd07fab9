package backtrack

import (
	"context"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// WithGeneral makes the solver use the general search on every puzzle, so
// that tests can hold the dense engine to it.
func WithGeneral() Option { return func(s *Solver) { s.general = true } }

// DenseApplies reports whether the dense engine takes p in order o, so
// that tests comparing the engines know they compare two.
func DenseApplies(p *puzzle.Puzzle, o Order) bool {
	_, e, err := New(WithOrder(o)).start(context.Background(), solve.Problem{Puzzle: p}, nil)
	return err == nil && e.dense != nil
}
