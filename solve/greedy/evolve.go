package greedy

import (
	"context"
	"fmt"
	"sync"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
)

// WithEvolution lets up to runs short genetic runs follow the placer, each
// from a fresh random population, and keeps the board the problem's scorer
// prices lowest. Each run is Sholomon, David and Netanyahu's GA
// (ga.Sholomon: the kernel crossover, the four best kept) over a population
// of 100 for 30 generations, or fewer once 5 in a row find nothing cheaper
// (WithEvolutionPatience), parents chosen by tournaments of two, and
// finished by this solver (its placer grown again from the GA board's
// trusted region, without evolution or alternatives). The runs go two at a
// time, on two goroutines when solve.WithWorkers allows, the first two
// beside the placer (they start from random boards, not from its); another
// two follow only while the last two found a board cheaper than the best
// before them by more than half a percent, so a picture the placer got
// right costs one round.
//
// Why: the placer trusts each join by how it compares with the side's
// other partners, and in a flat or repetitive region (still water, sky,
// clipped white) that trust misleads it: it can build a region several
// columns astray or leave a lighthouse's dome in the sky, and the
// refinement's moves, priced the same way, keep it there. The GA judges
// whole boards by their total cost and grows its children from the joins
// both parents agree on, which such a board's giant joins do not survive.
// The package doc gives the figures on the benchmark sets.
//
// The runs draw their seeds from the run's random source, so a result
// replays for a given seed (solve.WithSeed) whatever the number of workers.
// Evolution needs the board's size (it is skipped with WithUnknownSize),
// one piece for every cell (a board with holes prices low for the joins
// it lacks, and the GA would take the holes to where the joins are
// dearest; package esp weighs holes) and a problem scorer that is an
// edge.Compatibility; the GA prices joins of every kind, so an edge.Table
// suits it far better than an edge.Sparse. runs ≤ 0 turns it off.
// Default: 0.
func WithEvolution(runs int) Option { return func(s *Solver) { s.evolution = max(runs, 0) } }

// WithEvolutionPatience ends each GA run of WithEvolution once this many
// generations in a row find no cheaper board, before its 30 (see
// evolutionConvergence for the figures). Fewer generations save time where
// the runs cost the most, on photographs of hundreds of pieces; on a
// small puzzle whose measure leaves several layouts close, a run that
// stalls for a while can still find a cheaper one, and examples/shreds
// lets its grids' runs go their 30 generations. n ≤ 0 never ends a run
// early. Default: 5.
func WithEvolutionPatience(n int) Option { return func(s *Solver) { s.patience = max(n, 0) } }

// The short GA's size: a tenth of Sholomon's population and under a third
// of its generations. On the McGill half, a population of 200 for 50
// generations did no better and took three times as long; tournaments of
// two did as well as Sholomon's roulette in one run and better over
// several (roulette's fitness, 1/(1+cost), is nearly flat across a
// population). evolutionGain is the least relative gain of a round that
// earns another.
const (
	evolutionPopulation  = 100
	evolutionGenerations = 30
	evolutionGain        = 0.005
)

// evolutionConvergence is the default of WithEvolutionPatience: a GA run
// ends once this many generations in a row found no cheaper board
// (ga.WithConvergence). A run converges well before
// its 30 generations on most photographs, and the generations after that
// cost time for nothing. On the MIT and McGill halves (seed 1, prediction
// as an alternative, two cores) the mean time per photograph fell from
// 1.14 to 0.97 s (McGill, orientation known), 3.09 to 2.90 s (McGill,
// turned), 0.86 to 0.63 s (MIT) and 2.15 to 1.97 s (MIT, turned); the
// mean neighbour comparison moved by under 0.001 each way (McGill turned
// 0.930 to 0.931, MIT 0.9404 to 0.9401). Three generations cost McGill
// with orientation known a perfect picture (0.989 to 0.982); eight were
// as accurate as five and slower. On a document's 7×7 grids
// (examples/shreds, seeds 1–3) single grids moved both ways, by up to
// 0.19, on the three pages whose true grid prices no lower than the one
// found, and the means went from 0.812 to 0.804 (D1) and 0.888 to 0.873
// (D2); ten generations gave 0.817 and 0.884 there, and no time saved on
// photographs, and 31 or 32 generations without the patience 0.812 and
// 0.884, so the grids keep every generation.
const evolutionConvergence = 5

// evolutionRound is how many GA runs go at once, on as many goroutines as
// the run's workers allow. Fixed, so that the result does not depend on
// the number of workers.
const evolutionRound = 2

// evolution is the GA runs of one Solve.
type evolution struct {
	s      *Solver
	run    *solve.Run
	finish Solver
	// ctx ends the runs early, when the Solve ends before their turn.
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// The round under way: its results once wg is done.
	results []*solve.Result
	errs    []error
	started int // runs started so far
}

// newEvolution returns the GA runs WithEvolution asks for, or nil when
// there are none to make. The caller must stop it.
func (s *Solver) newEvolution(ctx context.Context, run *solve.Run) *evolution {
	if s.evolution == 0 || s.unknownSize || run.Done() {
		return nil
	}
	if _, ok := run.Problem().Scorer.(edge.Compatibility); !ok {
		return nil
	}
	if pz := run.Problem().Puzzle; len(pz.Pieces) != pz.Cells() {
		// A board with holes prices low for the joins it lacks: the
		// GA would take the holes to where the joins are dearest.
		return nil
	}
	if ctx == nil {
		// As solve.Start reads a nil context.
		ctx = context.Background()
	}
	e := &evolution{s: s, run: run}
	e.ctx, e.cancel = context.WithCancel(ctx)
	// The finish grows the picture again from each GA board's trusted
	// region. The alternatives' growths ignore that board and would only
	// repeat the boards this run has already offered, and the exchanges
	// of every two pieces are this run's to weigh, once, on its best.
	e.finish = *s
	e.finish.evolution, e.finish.alternatives, e.finish.exchanges = 0, nil, false
	return e
}

// early starts the first round on goroutines of its own while the placer
// works, when the workers allow and no iteration budget needs sharing:
// the GA runs start from random boards, not from the placer's, and the
// placer keeps only one core busy.
func (e *evolution) early() {
	if e.run.Settings().Workers > 1 && e.run.Settings().MaxIterations == 0 {
		e.launch()
	}
}

// launch starts the next round, on goroutines when the workers allow. The
// GA's generations and its finish's steps count against the run's
// iteration budget, shared by the round; launch reports false, ending the
// run, when what is left cannot give each run one.
func (e *evolution) launch() bool {
	n := min(evolutionRound, e.s.evolution-e.started)
	var budget int64
	if limit := e.run.Settings().MaxIterations; limit > 0 {
		if budget = (limit - e.run.Stats.Iterations) / int64(n); budget < 1 {
			e.run.End(solve.IterationLimit)
			return false
		}
	}
	e.started += n
	e.results, e.errs = make([]*solve.Result, n), make([]error, n)
	opts := make([][]solve.Option, n)
	for k := range opts {
		opts[k] = []solve.Option{solve.WithSeed(e.run.Rand().Uint64())}
		if budget > 0 {
			opts[k] = append(opts[k], solve.WithMaxIterations(budget))
		}
	}
	one := func(k int) {
		g := ga.New(ga.Sholomon(),
			ga.WithPopulation(evolutionPopulation),
			ga.WithGenerations(evolutionGenerations),
			ga.WithConvergence(e.s.patience),
			ga.WithSelection(ga.Tournament(2)),
			ga.WithFinish(&e.finish))
		e.results[k], e.errs[k] = g.Solve(e.ctx, e.run.Problem(), opts[k]...)
	}
	if e.run.Settings().Workers > 1 {
		for k := range n {
			e.wg.Go(func() { one(k) })
		}
		return true
	}
	for k := range n {
		one(k)
	}
	return true
}

// stop ends the runs under way and waits for them.
func (e *evolution) stop() {
	e.cancel()
	e.wg.Wait()
}

// finishRounds takes the rounds' boards, round after round while they
// keep finding cheaper boards, offering them to the run.
func (e *evolution) finishRounds(price func(*puzzle.Board) float64) error {
	run := e.run
	_, before := run.Best()
	for {
		if run.Done() {
			// Stopped, or ended by its target: stop ends the round
			// under way, whose boards the run would not take.
			return nil
		}
		if e.results == nil && (e.started >= e.s.evolution || !e.launch()) {
			return nil
		}
		e.wg.Wait()
		results, errs := e.results, e.errs
		e.results = nil
		best := before
		for k, res := range results {
			if errs[k] != nil {
				return fmt.Errorf("greedy: evolution: %w", errs[k])
			}
			run.Stats.Iterations += res.Stats.Iterations
			run.Stats.Evaluations += res.Stats.Evaluations
			if res.Board == nil {
				continue
			}
			cost := price(res.Board)
			run.Offer(res.Board, cost)
			best = min(best, cost)
		}
		if limit := run.Settings().MaxIterations; limit > 0 && run.Stats.Iterations >= limit {
			run.End(solve.IterationLimit)
			return nil
		}
		if !(best < before*(1-evolutionGain)) {
			return nil
		}
		before = best
	}
}
