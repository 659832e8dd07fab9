package ga

// Thesis is the GA of seed 000 (Ch. 3 L1628-2240, code in App. 4
// L6554-7321), the default of New:
//
//   - population 600 (L2088-2090, npopulation L6572; the UI stores size
//     minus one and the array runs from 0, so 600 individuals);
//   - mating subset of the two fittest, nmating=1 (L2093-2096, L6574;
//     selection MatingPair(0)), the whole population replaced by children
//     of two distinct random members of it (L7152-7188);
//   - prefix order crossover at 0.75 (FCrossover L6579, code L6908-6958),
//     otherwise a copy of a random parent;
//   - RangeMutation(0.5, 0.5) on every child (FGeneChange, FGeneSwap
//     L6581-6583, code L6858-6906);
//   - a fresh random population after 18 generations whose best is
//     unchanged (killall L6576, L7249-7296: the seed compares each
//     generation's best with the last and counts equal ones, whatever the
//     best ever was);
//   - no other end than a perfect board (L2067-2069, L7300) or the run's options.
//
// The tournament of the mating subset keeps the worse entrant in the seed
// (L7146); with nmating=1 it never runs, and MatingPair fixes it.
func Thesis() Option {
	return Options(
		WithPopulation(600),
		WithSelection(MatingPair(0)),
		WithCrossover(PrefixOrder(), 0.75),
		WithMutation(RangeMutation(0.5, 0.5)),
		WithReplacement(Generational(0)),
		WithRestart(18),
		WithConvergence(0),
		WithGenerations(0),
		WithSequenceMatching(SequenceMatching{}, 0),
		WithSchedule(),
		WithPolish(false),
	)
}

// eternity is what seed 001's three GAs share (§4.3.2.5, L856-900):
// roulette selection on the matched-join score, linearly scaled by GAlib
// (L874; GAlib's GALinearScaling with its default multiple 1.2), block
// crossover of 4-6 × 4-6 pieces with the five-step repair (L878-888),
// per-piece turn and swap mutation (L567, L890), and the end after 500
// generations of unchanged best (nConvergence 500, pConvergence 1,
// L802-803, L1158). The seed's scores count matched joins out of 544,
// which for a label puzzle is the number of joins less the cost.
func eternity(population int, pc, pm float64, r Replacement) Option {
	return Options(
		WithPopulation(population),
		WithSelection(ScaledRoulette(MatchedJoins, 1.2)),
		WithCrossover(Block(4, 6), pc),
		WithMutation(GeneMutation(pm)),
		WithReplacement(r),
		WithRestart(0),
		WithConvergence(500),
		WithGenerations(0),
		WithSequenceMatching(SequenceMatching{}, 0),
		WithSchedule(),
		WithPolish(false),
	)
}

// EternitySimple is seed 001's best simple (generational) GA (§5.1.1.1,
// L1160-1186): elitism on, crossover 0.7, mutation 0.015, population 150.
// It scored 102/544 in 154 s and 2,094 generations on Eternity II.
func EternitySimple() Option { return eternity(150, 0.7, 0.015, Generational(1)) }

// EternitySteadyState is seed 001's best steady-state GA (§5.1.1.2,
// L1194-1217 and Figure 26): 25% replacement, crossover 0.9, mutation
// 0.005, population 250. It scored 300/544 in 272 s and 8,390
// generations, the best of the seed's GAs.
func EternitySteadyState() Option { return eternity(250, 0.9, 0.005, SteadyState(0.25)) }

// EternityIncremental is seed 001's best incremental GA (§5.1.1.3,
// L1225-1245): 2 children a generation replacing the worst, crossover 0.9,
// mutation 0.005, population 50. It scored 199/544 in 13 s and 12,121
// generations.
func EternityIncremental() Option { return eternity(50, 0.9, 0.005, Incremental(2)) }

// Hynek is the schedule of seed 002 (Hynek 2014, L106-128): roulette on
// 1/(1+cost), 10% elitism, PMX and SwapMutation(0.05); 50 generations of
// 1,000 individuals with crossover 0.8, then the best 100 distinct ones
// (decimation, L124) for 150 generations with crossover 0.3 and the
// sequence-matching operator on half of each generation's new
// individuals. The run ends after the 200 generations.
//
// One application of the operator is a burst of 4×Rows×Cols moves
// (MovesPerCell 4), the reading under which the schedule works; the
// operator's other settings are their defaults (see SequenceMatching).
// The seed does not say whether mutation goes on after generation 50
// (L128 names it only for the first phase); it goes on here, at 0.05,
// since nothing says it stops. The seed's dissimilarity is the plain L2 distance of touching
// pixel lines (Eq. 1-2); give the run such a scorer to follow it, since
// the problem's scorer prices every join here.
func Hynek() Option {
	return Options(
		WithSelection(Roulette(InverseCost)),
		WithCrossover(PMX(), 0.8),
		WithMutation(SwapMutation(0.05)),
		WithReplacement(GenerationalShare(0.1)),
		WithRestart(0),
		WithConvergence(0),
		WithSequenceMatching(SequenceMatching{MovesPerCell: 4}, 0.5),
		WithSchedule(
			Phase{Generations: 50, Population: 1000, Crossover: 0.8},
			Phase{Generations: 150, Population: 100, Crossover: 0.3, SequenceMatching: 0.5},
		),
		WithPolish(false),
	)
}

// Sholomon is the GA of Sholomon, David and Netanyahu (CVPR 2013) for
// picture puzzles: population 1,000, 100 generations, the best 4 copied
// unchanged, parents by roulette on fitness (1/(1+cost) here, since the
// paper's fitness is a sum of dissimilarities to minimise), every other
// child made by the kernel crossover, which folds its own mutation in, and
// no other mutation.
func Sholomon() Option {
	return Options(
		WithPopulation(1000),
		WithGenerations(100),
		WithSelection(Roulette(InverseCost)),
		WithCrossover(Kernel(), 1),
		WithMutation(NoMutation()),
		WithReplacement(Generational(4)),
		WithRestart(0),
		WithConvergence(0),
		WithSequenceMatching(SequenceMatching{}, 0),
		WithSchedule(),
		WithPolish(false),
	)
}

// HynekExtended is Hynek's GA taken beyond the seed to escape its
// failure modes; Hynek stays as the seed ran it. Each change and what it
// mends:
//
//   - the schedule runs twice, the operator growing segments along the
//     rows and then down the columns, and the better board is kept
//     (AlongBoth): a photograph with a smooth sky builds down its columns,
//     a textured one along its rows; a run takes twice as long;
//   - points of fraction are priced relative to the best join their
//     pieces could have (RelativeFractions), so that wrong joins in a
//     smooth region, cheap as they are, get their turn;
//   - a segment whose target lies in its own row moves there whole and
//     the pieces between shift along (SwapOrShift): a block swap cannot
//     shift a segment a few cells along its row;
//   - each application ends by moving whole rows and columns, or blocks
//     of them (Lines): the picture cut between two rows and glued back in
//     the wrong order, the seed's own failure (§5);
//   - parents are chosen by tournaments of 3, and in the second phase
//     every child goes through the operator and none is made by PMX:
//     roulette on 1/(1+cost) is nearly flat and PMX cuts the segments the
//     operator builds, so that the operator's work was spread over the
//     whole population and undone about as fast as it was done;
//   - the run ends by a local search on the best board (WithPolish), which
//     puts the last few pieces astray in their places.
//
// The first phase is otherwise the seed's; it builds nothing (see
// SequenceMatching) but costs little.
//
// On the BGU 3,300-piece set's photographs cut into 15×15 pieces of 80 px
// (go run ./examples/thesis -experiment hynek -size 15), it re-assembled
// 10 of 10 runs of the textured first one, where Hynek re-assembles 17 of
// 20, and 10 of 10 of the second, whose smooth sky Hynek never
// re-assembles (none of 10). At 20×20 pieces of 70 px of the first it
// re-assembled 3 of 5 (Hynek none of 6); both failures were blocks of a
// few rows in the picture's plain top, assembled but misplaced sideways,
// which no line move or polish move undoes. Finished by the greedy placer
// grown from its trusted region (WithFinish(greedy.New()), as
// examples/thesis runs it), it re-assembled 10 of 10 there (seeds 1 to
// 10). Its bursts are Rows×Cols moves long, a quarter of Hynek's, since
// its other moves order the rows: a run takes a little longer than
// Hynek's, some 13 s against 10 s at 15×15.
func HynekExtended() Option {
	return Options(
		Hynek(),
		WithSelection(Tournament(3)),
		WithSequenceMatching(SequenceMatching{
			Along:        AlongBoth,
			Fractions:    RelativeFractions,
			Displacement: SwapOrShift,
			Lines:        true,
		}, 1),
		WithSchedule(
			Phase{Generations: 50, Population: 1000, Crossover: 0.8},
			Phase{Generations: 150, Population: 100, Crossover: 0, SequenceMatching: 1},
		),
		WithPolish(true),
	)
}
