package ga_test

import (
	"math"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestBadInput gives the solver every mistake a caller can make in the
// problem and the run options (solvetest.BadInput) and then in the method's
// own options: each is refused with an error naming what is wrong, or ends
// the run normally where the contract says so.
func TestBadInput(t *testing.T) {
	ends := solvetest.Ends
	solvetest.BadInput(t, func() solve.Solver { return ga.New() },
		solvetest.BadCase{Name: "nil option", Solver: ga.New(nil, ga.Options(nil)), WantStatus: ends},
		solvetest.BadCase{Name: "population of 1", Solver: ga.New(ga.WithPopulation(1)), WantIn: []string{"phase 1", "population 1"}},
		solvetest.BadCase{Name: "negative population", Solver: ga.New(ga.WithPopulation(-10)), WantIn: []string{"phase 1", "population -10"}},
		solvetest.BadCase{Name: "huge population", Solver: ga.New(ga.WithPopulation(1 << 40)), WantIn: []string{"phase 1", "population of 1099511627776"}, Huge: true},
		solvetest.BadCase{Name: "NaN crossover rate", Solver: ga.New(ga.WithCrossover(ga.PMX(), math.NaN())), WantIn: []string{"crossover NaN"}},
		solvetest.BadCase{Name: "crossover rate above 1", Solver: ga.New(ga.WithCrossover(ga.PMX(), 2)), WantIn: []string{"crossover 2"}},
		solvetest.BadCase{Name: "NaN sequence-matching rate", Solver: ga.New(ga.WithSequenceMatching(ga.SequenceMatching{}, math.NaN())), WantIn: []string{"sequence matching NaN"}},
		solvetest.BadCase{Name: "zero crossover", Solver: ga.New(ga.WithCrossover(ga.Crossover{}, 1)), WantIn: []string{"crossover"}},
		solvetest.BadCase{Name: "empty block", Solver: ga.New(ga.WithCrossover(ga.Block(0, 0), 1)), WantIn: []string{"block crossover", "0 to 0"}},
		solvetest.BadCase{Name: "block bounds reversed", Solver: ga.New(ga.WithCrossover(ga.Block(3, 2), 1)), WantIn: []string{"block crossover", "3 to 2"}},
		solvetest.BadCase{Name: "block larger than the board", Solver: ga.New(ga.WithCrossover(ga.Block(1, 1<<40), 1)), WantStatus: ends},
		solvetest.BadCase{Name: "zero mutation", Solver: ga.New(ga.WithMutation(ga.Mutation{})), WantIn: []string{"mutation"}},
		solvetest.BadCase{Name: "NaN mutation", Solver: ga.New(ga.WithMutation(ga.RangeMutation(math.NaN(), 0))), WantIn: []string{"mutation", "NaN"}},
		solvetest.BadCase{Name: "mutation above 1", Solver: ga.New(ga.WithMutation(ga.SwapMutation(1.5))), WantIn: []string{"mutation", "1.5"}},
		solvetest.BadCase{Name: "zero selection", Solver: ga.New(ga.WithSelection(ga.Selection{})), WantIn: []string{"selection"}},
		solvetest.BadCase{Name: "empty tournament", Solver: ga.New(ga.WithSelection(ga.Tournament(0))), WantIn: []string{"tournament of 0"}},
		solvetest.BadCase{Name: "tournament beyond the population", Solver: ga.New(ga.WithPopulation(10), ga.WithSelection(ga.Tournament(1<<40))),
			WantIn: []string{"phase 1", "Tournament(1099511627776)", "population of 10"}, Huge: true},
		solvetest.BadCase{Name: "mating tournaments beyond the population", Solver: ga.New(ga.WithPopulation(10), ga.WithSelection(ga.MatingPair(1<<40))),
			WantIn: []string{"phase 1", "MatingPair(1099511627776)", "population of 10"}, Huge: true},
		solvetest.BadCase{Name: "roulette of an unknown fitness", Solver: ga.New(ga.WithSelection(ga.Roulette(9))), WantIn: []string{"roulette", "Fitness(9)"}},
		solvetest.BadCase{Name: "NaN scaling multiple", Solver: ga.New(ga.WithSelection(ga.ScaledRoulette(ga.InverseCost, math.NaN()))), WantIn: []string{"multiple NaN"}},
		solvetest.BadCase{Name: "infinite scaling multiple", Solver: ga.New(ga.WithSelection(ga.ScaledRoulette(ga.InverseCost, math.Inf(1)))), WantIn: []string{"multiple +Inf"}},
		solvetest.BadCase{Name: "zero replacement", Solver: ga.New(ga.WithReplacement(ga.Replacement{})), WantIn: []string{"replacement"}},
		solvetest.BadCase{Name: "negative elite", Solver: ga.New(ga.WithReplacement(ga.Generational(-3))), WantIn: []string{"elite of -3"}},
		solvetest.BadCase{Name: "NaN elite share", Solver: ga.New(ga.WithReplacement(ga.GenerationalShare(math.NaN()))), WantIn: []string{"share NaN"}},
		solvetest.BadCase{Name: "NaN steady-state share", Solver: ga.New(ga.WithReplacement(ga.SteadyState(math.NaN()))), WantIn: []string{"share NaN"}},
		solvetest.BadCase{Name: "no incremental children", Solver: ga.New(ga.WithReplacement(ga.Incremental(0))), WantIn: []string{"incremental", "0 children"}},
		solvetest.BadCase{Name: "schedule phase of population 1", Solver: ga.New(ga.WithSchedule(ga.Phase{Generations: 3, Population: 10}, ga.Phase{Population: 1})),
			WantIn: []string{"phase 2", "population 1"}},
		solvetest.BadCase{Name: "schedule phase of negative length", Solver: ga.New(ga.WithSchedule(ga.Phase{Generations: -3, Population: 10})),
			WantIn: []string{"phase 1", "-3 generations"}},
		solvetest.BadCase{Name: "endless schedule phase before another", Solver: ga.New(ga.WithSchedule(ga.Phase{Population: 10}, ga.Phase{Population: 10})),
			WantIn: []string{"phase 1 of 2", "no length"}},
		solvetest.BadCase{Name: "unknown sequence target", Solver: ga.New(ga.WithSequenceMatching(ga.SequenceMatching{Target: 9}, 0.5)), WantIn: []string{"sequence", "9"}},
		solvetest.BadCase{Name: "negative burst", Solver: ga.New(ga.WithSequenceMatching(ga.SequenceMatching{Moves: -2}, 0.5)), WantIn: []string{"-2 moves per application"}},
		solvetest.BadCase{Name: "negative burst per cell", Solver: ga.New(ga.WithSequenceMatching(ga.SequenceMatching{MovesPerCell: -3}, 0.5)), WantIn: []string{"-3 moves per board cell"}},
		solvetest.BadCase{Name: "scorer pricing NaN", Scorer: nanScorer{}, Solver: ga.New(ga.WithPopulation(10)), WantStatus: ends},
	)
}

// nanScorer prices every join as NaN, as a broken user scorer might.
type nanScorer struct{}

func (nanScorer) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return math.NaN() }
