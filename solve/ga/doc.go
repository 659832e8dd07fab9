// Package ga solves puzzles with genetic algorithms over board genomes, as
// the seeds built them: the thesis's GA (seed 000), the GAlib GAs of the
// Eternity II study (seed 001), Hynek's two-phase GA with his
// sequence-matching operator (seed 002) and Sholomon, David and
// Netanyahu's kernel-growing crossover for picture puzzles.
//
// An individual is a complete board: every piece exactly once, fixed
// pieces in place, holes as empty cells, and the pieces a puzzle with
// AllowExtra cannot place in spare slots. The operators are values chosen
// among those provided and combined by options:
//
//   - selection: MatingPair (the thesis's two fittest), Roulette and
//     ScaledRoulette (fitness-proportional, optionally with GAlib's
//     linear scaling), Tournament;
//   - crossover: PrefixOrder (the thesis's), Block (seed 001's rectangle
//     with repair), PMX (Hynek's), Kernel (Sholomon et al.);
//   - mutation: RangeMutation (the thesis's), GeneMutation (seed 001's),
//     SwapMutation (Hynek's), NoMutation;
//   - replacement: Generational (with or without elitism), SteadyState,
//     Incremental;
//   - Hynek's SequenceMatching operator, every open point of the paper a
//     field, and schedules of phases with decimation between them;
//   - beyond the seeds, a local search that ends a run (WithPolish), and
//     another solver that finishes it from its best board (WithFinish).
//
// Presets reproduce each seed's configuration and cite its lines: Thesis
// (the default), EternitySimple, EternitySteadyState, EternityIncremental,
// Hynek and Sholomon. HynekExtended takes Hynek's GA beyond the seed.
// Options given after a preset override it.
//
// One iteration is one generation; all randomness comes from the run's
// seed, so a run replays exactly.
package ga
