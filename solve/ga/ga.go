package ga

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// Option configures a Solver.
type Option func(*Solver)

// Options combines options into one, applied in order: a preset is an
// Option, and later options override it.
func Options(opts ...Option) Option {
	return func(s *Solver) {
		for _, o := range opts {
			if o != nil {
				o(s)
			}
		}
	}
}

// WithPopulation sets the number of individuals, at least 2; Solve refuses
// a population whose boards would hold more than 2^26 pieces and holes in
// all. Default: 600 (the thesis's).
func WithPopulation(n int) Option { return func(s *Solver) { s.population = n } }

// WithSelection sets how parents are chosen. Default: MatingPair(0).
func WithSelection(sel Selection) Option { return func(s *Solver) { s.selection = sel } }

// WithCrossover sets the crossover and the probability that a child is
// made by it; otherwise the child is a copy of one of its two parents,
// chosen at random. Default: PrefixOrder() at 0.75.
func WithCrossover(c Crossover, rate float64) Option {
	return func(s *Solver) { s.crossover, s.crossRate = c, rate }
}

// WithMutation sets the mutation applied to every child. Default:
// RangeMutation(0.5, 0.5).
func WithMutation(m Mutation) Option { return func(s *Solver) { s.mutation = m } }

// WithReplacement sets how children enter the population. Default:
// Generational(0).
func WithReplacement(r Replacement) Option { return func(s *Solver) { s.replacement = r } }

// WithRestart replaces the whole population by a fresh random one once the
// best cost of a generation has not changed for n consecutive generations
// (the thesis's "killall"); each restart counts in Stats.Restarts. n <= 0
// never restarts. Default: 18.
func WithRestart(n int) Option { return func(s *Solver) { s.restart = max(n, 0) } }

// WithConvergence ends the run, with status Done, after n generations in
// which the best cost found did not improve (GAlib's convergence test with
// pConvergence 1). n <= 0 never ends the run this way. Default: never.
func WithConvergence(n int) Option { return func(s *Solver) { s.convergence = max(n, 0) } }

// WithGenerations ends the run, with status Done, after n generations.
// n <= 0 means no bound. A schedule (WithSchedule) sets its own length.
// Default: no bound.
func WithGenerations(n int) Option { return func(s *Solver) { s.generations = max(n, 0) } }

// WithSequenceMatching applies Hynek's sequence-matching operator, set up
// by op, to each newly made individual with probability rate (elites are
// never touched). rate <= 0 turns it off. Default: off.
func WithSequenceMatching(op SequenceMatching, rate float64) Option {
	return func(s *Solver) { s.sequence, s.seqRate = op, rate }
}

// WithPolish, beyond the seeds, ends a run that reaches its natural end
// (not its budget or its context) by a local search on its best board:
// trades of two pieces, shifts of a run of pieces along its row or column,
// and moves of whole rows and columns, while one lowers the cost. A GA of
// big moves leaves a few pieces astray that one such move puts right.
// Default: off.
func WithPolish(on bool) Option { return func(s *Solver) { s.polish = on } }

// WithFinish, beyond the seeds, ends a run that reaches its natural end by
// handing its best board to another solver as a warm start
// (solve.WithInitial, same seed), and keeps that solver's board if the
// problem's scorer prices it lower. A GA builds most of a picture as
// segments and may leave a few misplaced; a greedy placer grown from the
// board's trusted region (greedy.New honours WithInitial so) places the
// rest with the whole region as context. Default: none.
func WithFinish(f solve.Solver) Option { return func(s *Solver) { s.finish = f } }

// Phase is a stretch of a run with its own population size and operator
// rates; the selection, crossover, mutation and replacement stay those of
// the solver. When a phase ends, the population moves to the next phase's
// size: a smaller one keeps the best distinct individuals (decimation, as
// Hynek does), a larger one is filled with random individuals.
type Phase struct {
	// Generations is the phase's length. 0 makes the phase last until the
	// run ends; only the last phase may have it.
	Generations int
	// Population is the number of individuals during the phase.
	Population int
	// Crossover is the probability that a child is made by crossover.
	Crossover float64
	// SequenceMatching is the probability that a new individual goes
	// through the sequence-matching operator (see WithSequenceMatching).
	SequenceMatching float64
}

// WithSchedule runs the phases one after the other; the run ends with status
// Done after the last one, unless its Generations is 0. It overrides
// WithPopulation, WithGenerations and the rates of WithCrossover and
// WithSequenceMatching. Default: one phase made of those options.
func WithSchedule(phases ...Phase) Option {
	return func(s *Solver) { s.schedule = slices.Clone(phases) }
}

// Solver is a genetic algorithm over board genomes: an individual is a
// complete board in which every piece appears exactly once, fixed pieces
// never move, holes are empty cells and, when the puzzle allows extra
// pieces, the pieces left over wait in spare slots. Every operator keeps
// that invariant, so no individual is ever "sterile" (seed 000's word).
//
// One iteration (Stats.Iterations) is one generation. Stats.Evaluations
// counts full cost evaluations, one per individual made, and
// Stats.Restarts the restarts of WithRestart. The run ends on the target
// cost, the run's options (iterations, stall, cancellation), the end of
// the schedule or WithConvergence.
//
// New() with no options is the thesis's GA (Thesis).
type Solver struct {
	population  int
	selection   Selection
	crossover   Crossover
	crossRate   float64
	mutation    Mutation
	replacement Replacement
	restart     int
	convergence int
	generations int
	sequence    SequenceMatching
	seqRate     float64
	schedule    []Phase
	polish      bool
	finish      solve.Solver
}

var _ solve.Solver = (*Solver)(nil)

// New returns a solver configured by opts over the thesis's GA.
func New(opts ...Option) *Solver {
	s := &Solver{}
	Thesis()(s)
	Options(opts...)(s)
	return s
}

// phases returns the schedule to run.
func (s *Solver) phases() []Phase {
	if len(s.schedule) > 0 {
		return s.schedule
	}
	return []Phase{{Generations: s.generations, Population: s.population, Crossover: s.crossRate, SequenceMatching: s.seqRate}}
}

// check reports a configuration that cannot run.
func (s *Solver) check() error {
	ph := s.phases()
	for i, p := range ph {
		switch {
		case p.Population < 2:
			return fmt.Errorf("ga: phase %d: population %d, need at least 2", i+1, p.Population)
		case p.Generations < 0:
			return fmt.Errorf("ga: phase %d: %d generations", i+1, p.Generations)
		case p.Generations == 0 && i < len(ph)-1:
			return fmt.Errorf("ga: phase %d of %d has no length; only the last phase may last until the run ends", i+1, len(ph))
		case !prob(p.Crossover) || !prob(p.SequenceMatching):
			return fmt.Errorf("ga: phase %d: rates must lie in [0, 1], have crossover %v and sequence matching %v", i+1, p.Crossover, p.SequenceMatching)
		}
	}
	if err := s.selection.check(); err != nil {
		return err
	}
	// Tournaments run without polling the context and the mating subset
	// holds one winner per tournament, so a size beyond the population
	// (which adds nothing: the draws repeat) could hang a run or exhaust
	// memory.
	for i, p := range ph {
		if s.selection.size > p.Population {
			what := "Tournament"
			if s.selection.kind == selectMating {
				what = "MatingPair"
			}
			return fmt.Errorf("ga: phase %d: %s(%d) in a population of %d: at most the population's size", i+1, what, s.selection.size, p.Population)
		}
	}
	if err := s.crossover.check(); err != nil {
		return err
	}
	if err := s.mutation.check(); err != nil {
		return err
	}
	if err := s.replacement.check(); err != nil {
		return err
	}
	return s.sequence.check()
}

func prob(p float64) bool { return p >= 0 && p <= 1 }

// maxGenes bounds population × slots, the genes a generation holds twice
// (the population and the next): 2^26 of them, about a gigabyte, is well
// beyond the seeds' largest runs (1000 boards of 22,834 pieces).
const maxGenes = 1 << 26

// checkSize refuses, before anything is allocated, a population too large
// to hold for p's board. An invalid p is left for solve.Start to report.
func (s *Solver) checkSize(p *puzzle.Puzzle) error {
	if p == nil || p.Validate() != nil {
		return nil
	}
	slots := max(p.Cells(), len(p.Pieces))
	for i, ph := range s.phases() {
		if ph.Population > maxGenes/slots {
			return fmt.Errorf("ga: phase %d: a population of %d boards of %d slots is more than %d genes", i+1, ph.Population, slots, maxGenes)
		}
	}
	return nil
}

// Solve runs the genetic algorithm.
func (s *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	if err := s.checkSize(p.Puzzle); err != nil {
		return nil, err
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	if run.Done() {
		return run.Finish(solve.Canceled)
	}
	l, first, err := local.Begin(run)
	if err != nil {
		return nil, err
	}
	e := newEngine(s, run, l)
	if s.crossover.kind == crossKernel {
		k, err := newKernelContext(l, run.Problem())
		if err != nil {
			return nil, fmt.Errorf("ga: kernel crossover: %w", err)
		}
		e.kernel = k
	}
	status := e.evolve(first)
	e.finish()
	if s.sequence.Along == AlongBoth && !run.Done() {
		// The second pass: the whole schedule again, from a fresh deal,
		// with the operator down the columns.
		cols := newEngine(s, run, l)
		cols.kernel, cols.useCols = e.kernel, true
		status = cols.evolve(cols.fresh(nil))
		cols.finish()
	}
	if best, _ := run.Best(); s.finish != nil && best != nil && !run.Done() {
		res, err := s.finish.Solve(ctx, run.Problem(), solve.WithInitial(best), solve.WithSeed(run.Settings().Seed))
		if err != nil {
			return nil, fmt.Errorf("ga: finishing solver: %w", err)
		}
		if res.Board != nil {
			run.Offer(res.Board, edge.Cost(run.Problem().Scorer, res.Board))
		}
	}
	return run.Finish(status)
}

// finish polishes the population's best when the run asks for it and
// has not ended.
func (e *engine) finish() {
	if e.s.polish && !e.run.Done() {
		e.polish(e.pop[e.best()])
		e.offer()
	}
}

// individual is a genome with its cost as of its last full evaluation.
type individual = local.State

// engine is one run.
type engine struct {
	s      *Solver
	run    *solve.Run
	l      *local.Layout
	rng    *rand.Rand
	tr     *local.Tracker
	kernel *kernelContext

	pop, next []*individual
	free      []int // the genes: l.Free
	pieces    int   // tokens 0..pieces-1 are pieces, the rest holes

	// Scratch.
	fit        []float64
	tokA, tokB []int32
	pos        []int32
	used       marks // tokens
	inside     marks // slots
	slots      []int
	holes      []int
	stack      []local.Elem
	// The sequence-matching operator's, made on first use: on the rows,
	// on the columns (the transposed board's rows), whether it works on
	// the columns, and on whole lines.
	seq      *sequencer
	cols     *sequencer
	colBoard *individual
	useCols  bool
	lines    *lineMover
	runOld   []local.Elem
}

func newEngine(s *Solver, run *solve.Run, l *local.Layout) *engine {
	n := len(l.Free)
	pieces := l.Pricer.Pieces()
	tokens := pieces + n
	return &engine{
		s: s, run: run, l: l, rng: run.Rand(), tr: local.NewTracker(run),
		free: l.Free, pieces: pieces,
		tokA: make([]int32, n), tokB: make([]int32, n),
		pos: make([]int32, tokens), used: newMarks(tokens), inside: newMarks(l.Slots()),
		useCols: s.sequence.Along == AlongColumns,
	}
}

// fresh returns a random individual, reusing x when it is not nil.
func (e *engine) fresh(x *individual) *individual {
	if x == nil {
		x = local.NewState(e.l)
	}
	x.Shuffle(e.rng)
	e.run.Stats.Evaluations++
	return x
}

// resize makes the population n individuals: the best distinct ones when
// it shrinks, random new ones when it grows or runs short of distinct ones.
func (e *engine) resize(n int) {
	if n < len(e.pop) {
		e.sortPop()
		kept := e.pop[:0:0]
		seen := make(map[string]bool, n)
		var dropped []*individual
		for _, x := range e.pop {
			key := genomeKey(x)
			if len(kept) < n && !seen[key] {
				seen[key] = true
				kept = append(kept, x)
			} else {
				dropped = append(dropped, x)
			}
		}
		for len(kept) < n {
			kept = append(kept, e.fresh(dropped[0]))
			dropped = dropped[1:]
		}
		e.pop = kept
	}
	for len(e.pop) < n {
		e.pop = append(e.pop, e.fresh(nil))
	}
	e.next = e.next[:0]
	for len(e.next) < n {
		e.next = append(e.next, local.NewState(e.l))
	}
}

// genomeKey identifies an individual's board.
func genomeKey(x *individual) string {
	b := make([]byte, 0, 2*len(x.Cells))
	for _, c := range x.Cells {
		b = append(b, byte(c), byte(c>>8), byte(c>>16))
	}
	return string(b)
}

// sortPop orders the population by cost, best first, stably so that runs
// replay.
func (e *engine) sortPop() {
	slices.SortStableFunc(e.pop, func(a, b *individual) int { return cmpCost(a.Cost(), b.Cost()) })
}

func cmpCost(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// best returns the index of the population's best individual, the first
// of equals.
func (e *engine) best() int {
	b := 0
	for i, x := range e.pop {
		if x.Cost() < e.pop[b].Cost() {
			b = i
		}
	}
	return b
}

// evolve runs the generations and returns the run's natural status.
func (e *engine) evolve(first *individual) solve.Status {
	phases := e.s.phases()
	e.pop = []*individual{first}
	e.run.Stats.Evaluations++
	e.resize(phases[0].Population)
	if !e.offer() {
		return solve.Done
	}
	stable := 0                        // generations with an unchanged generation best
	lastBest := e.pop[e.best()].Cost() // the previous generation's best
	sinceBetter := 0                   // generations since the best ever improved
	bestEver := lastBest
	phase, inPhase := 0, 0
	for e.run.Step() {
		ph := phases[phase]
		inPhase++
		if e.s.restart > 0 && stable >= e.s.restart {
			for i := range e.pop {
				e.fresh(e.pop[i])
			}
			e.run.Stats.Restarts++
			stable = 0
		} else if !e.generation(ph) {
			return solve.Done
		}
		if e.run.Done() || !e.offer() {
			return solve.Done
		}
		genBest := e.pop[e.best()].Cost()
		if genBest == lastBest {
			stable++
		} else {
			stable = 0
		}
		lastBest = genBest
		if genBest < bestEver {
			bestEver, sinceBetter = genBest, 0
		} else if sinceBetter++; e.s.convergence > 0 && sinceBetter >= e.s.convergence {
			return solve.Done
		}
		if ph.Generations > 0 && inPhase == ph.Generations {
			if phase == len(phases)-1 {
				return solve.Done
			}
			phase, inPhase = phase+1, 0
			e.resize(phases[phase].Population)
		}
	}
	return solve.Done
}

// offer offers the population's best to the run.
func (e *engine) offer() bool { return e.tr.Offer(e.pop[e.best()]) }

// generation breeds one generation; false when the run must end.
func (e *engine) generation(ph Phase) bool {
	r := e.s.replacement
	elite := 0
	if r.kind == replaceGenerational {
		if elite = r.elite(len(e.pop)); elite > 0 {
			e.sortPop()
		}
	}
	sel := e.s.selection.prepare(e, e.pop)
	switch r.kind {
	case replaceGenerational:
		for i := range e.next {
			if i < elite {
				e.next[i].CopyFrom(e.pop[i])
				continue
			}
			// A child can take milliseconds (the kernel crossover
			// on a large puzzle): poll for cancellation at each.
			if e.run.Done() {
				return false
			}
			e.breed(sel, ph, e.next[i])
		}
		e.pop, e.next = e.next, e.pop
	case replaceSteadyState, replaceIncremental:
		n := r.children
		if r.kind == replaceSteadyState {
			n = max(1, int(math.Round(r.share*float64(len(e.pop)))))
		}
		child := e.next[0]
		for k := range n {
			if k > 0 && e.run.Done() {
				return false
			}
			e.breed(sel, ph, child)
			w := e.worst()
			c, wc := child.Cost(), e.pop[w].Cost()
			if c < wc || r.kind == replaceIncremental && c == wc {
				e.pop[w], child = child, e.pop[w]
				// The population changed: selection sees it.
				sel = e.s.selection.prepare(e, e.pop)
			}
		}
		e.next[0] = child
	}
	return true
}

// worst returns the index of the population's worst individual, the last
// of equals.
func (e *engine) worst() int {
	w := 0
	for i, x := range e.pop {
		if x.Cost() >= e.pop[w].Cost() {
			w = i
		}
	}
	return w
}

// breed makes one child into dst: parents by selection, crossover or a
// copy, mutation, the sequence-matching operator, then a full evaluation.
func (e *engine) breed(sel selector, ph Phase, dst *individual) {
	a, b := sel.pair(e.rng)
	mom, dad := e.pop[a], e.pop[b]
	if e.rng.Float64() < ph.Crossover {
		e.cross(dad, mom, dst)
	} else if e.rng.IntN(2) == 0 {
		copy(dst.Cells, dad.Cells)
	} else {
		copy(dst.Cells, mom.Cells)
	}
	e.mutate(dst)
	dst.Recompute()
	e.run.Stats.Evaluations++
	if ph.SequenceMatching > 0 && e.rng.Float64() < ph.SequenceMatching {
		e.sequenceMatch(dst)
	}
}
