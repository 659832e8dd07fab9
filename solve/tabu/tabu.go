package tabu

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// Neighbourhood is the set of move kinds a step draws from. The kinds a
// set holds take turns, one per step, in the order Cols, Rows, Blocks,
// Pairs; the thesis's search alternates a column swap and a row swap,
// beginning with a column (seed 000 L8249–8307).
type Neighbourhood uint8

const (
	// Rows swaps two distinct random rows whole.
	Rows Neighbourhood = 1 << iota
	// Cols swaps two distinct random columns whole.
	Cols
	// Blocks swaps two random non-overlapping rectangles of the same
	// random size, each piece keeping its place within its block and its
	// rotation: a move between a piece swap and a row swap, for the
	// transposed blocks of the thesis's Fig. 11 that do not span the board.
	Blocks
	// Pairs swaps two random pieces (or a piece and a hole or spare
	// slot). It is the thesis's first idea, abandoned because it stuck in
	// local optima (seed 000 L2917–2935), and the fallback when no two rows
	// and no two columns may move.
	Pairs

	// RowsCols is the thesis's neighbourhood, rows and columns in turn.
	RowsCols = Rows | Cols

	all = Rows | Cols | Blocks | Pairs
)

// String joins the names of the moves in n with "+" ("rows+cols"), since a
// neighbourhood is a set of them; unknown bits show as a number.
func (n Neighbourhood) String() string {
	if n == 0 {
		return "none"
	}
	var parts []string
	for _, k := range []struct {
		n    Neighbourhood
		name string
	}{{Rows, "rows"}, {Cols, "cols"}, {Blocks, "blocks"}, {Pairs, "pairs"}} {
		if n&k.n != 0 {
			parts = append(parts, k.name)
		}
	}
	if n&^all != 0 {
		parts = append(parts, fmt.Sprintf("Neighbourhood(%#x)", uint8(n&^all)))
	}
	return strings.Join(parts, "+")
}

// Option configures a Solver.
type Option func(*Solver)

// WithTenure sets the length of the tabu list: the number of recent
// non-improving moves a step may not repeat without aspiration. 0 keeps no
// list; n < 0 selects the thesis's formula; Solve refuses n above 2^20.
// Default: [c(c−1)+r(r−1)]/2 for c columns and r rows, enough to hold
// every row and column swap (seed 000 L3000–3012, L8228).
func WithTenure(n int) Option { return func(s *Solver) { s.tenure = max(n, -1) } }

// WithAspiration sets the probability with which a step aspires: it makes
// its move even when the move is tabu, and keeps the result even when it
// is no better (seed 000 L2945–2949, L8315). It must lie in [0, 1].
// Default: 0.2, "optimal for all tested puzzle sizes" (seed 000 L3022).
func WithAspiration(p float64) Option { return func(s *Solver) { s.aspiration = p } }

// WithNeighbourhood sets the move kinds a step draws from. A kind the
// board cannot offer (rows on a one-row board, or rows that all hold a
// fixed piece) is passed over; when none of the chosen kinds is possible,
// steps swap pairs of pieces instead. Default: RowsCols.
func WithNeighbourhood(n Neighbourhood) Option { return func(s *Solver) { s.nb = n } }

// WithLocalSearch turns the thesis's 2-piece improvement after every move
// on or off. Without it, moves never turn a piece, so a search of
// turning pieces can only fix their rotations by restarting. Default: on.
func WithLocalSearch(on bool) Option { return func(s *Solver) { s.local = on } }

// WithRestartAfter sets diversification: after more than n steps without
// a better board, the search deals a new random board and clears the tabu
// list. 0 never restarts; n < 0 selects the thesis's formula. Default:
// c(c−1)+r(r−1), the number of ordered row and column pairs
// (seed 000 L3028–3030, L8349–8359).
func WithRestartAfter(n int) Option { return func(s *Solver) { s.restart = max(n, -1) } }

// Thesis configures the solver as the thesis's tabu search (seed 000
// L2728–3103, App. 6 L7809–8566): rows and columns in turn, each move
// followed by the 2-piece improvement, a tabu list of [c(c−1)+r(r−1)]/2,
// aspiration 0.2 and a restart after c(c−1)+r(r−1) steps without
// improvement. These are the defaults; Thesis restores them over earlier
// options.
func Thesis() Option {
	return func(s *Solver) {
		s.tenure, s.aspiration, s.nb, s.local, s.restart = -1, 0.2, RowsCols, true, -1
	}
}

// Solver is the thesis's tabu search for any puzzle and scorer.
//
// A Solver is immutable and may be used by several goroutines at once. It
// uses one goroutine whatever solve.WithWorkers allows. Stats.Iterations
// counts steps (one row, column, block or pair move tried, tabu or not),
// Stats.Evaluations the delta costs priced (one per move made and one per
// candidate of the 2-piece improvement), and Stats.Restarts the
// diversifications.
type Solver struct {
	tenure     int
	aspiration float64
	nb         Neighbourhood
	local      bool
	restart    int
}

// New returns a tabu search, by default the thesis's.
func New(opts ...Option) *Solver {
	s := &Solver{}
	Thesis()(s)
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	return s
}

var _ solve.Solver = (*Solver)(nil)

// check reports an option out of range.
func (s *Solver) check() error {
	if !(s.aspiration >= 0 && s.aspiration <= 1) {
		return fmt.Errorf("tabu: aspiration %v is not a probability in [0, 1]", s.aspiration)
	}
	if s.nb == 0 || s.nb&^all != 0 {
		return fmt.Errorf("tabu: neighbourhood %v: want a non-empty set of Rows, Cols, Blocks and Pairs", s.nb)
	}
	if s.tenure > maxTenure {
		return fmt.Errorf("tabu: WithTenure(%d): a tabu list holds at most %d entries", s.tenure, maxTenure)
	}
	return nil
}

// maxTenure bounds the tabu list, which is allocated whole and searched
// linearly at every step: 2^20 entries are 16 MiB, thousands of times the
// thesis's lists (240 entries on 16×16).
const maxTenure = 1 << 20

// Solve searches until the board reaches the target cost (by default 0) or
// the run's budget, context or observer ends it.
func (s *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	if run.Done() {
		return run.Finish(solve.Canceled)
	}
	l, st, err := local.Begin(run)
	if err != nil {
		return nil, err
	}
	t := newSearch(s, run, l, st)
	t.loop()
	return run.Finish(solve.Done)
}

// pairs returns n(n−1), the number of ordered pairs of n things.
func pairs(n int) int { return n * (n - 1) }

// eps is the relative size below which a change of a float cost counts as
// none: incremental updates of float costs drift by rounding, and a move
// that returns to an equal board must not look like an improvement.
// Label costs are small integers and never come near it.
const eps = 1e-9

// slack returns the change in cost that counts as none at cost c.
func slack(c float64) float64 { return eps * math.Max(1, math.Abs(c)) }
