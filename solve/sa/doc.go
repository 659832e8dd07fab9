// Package sa re-assembles puzzles by simulated annealing, as the thesis
// (seed 000, Ch. 3 and App. 5) and the Eternity II thesis (seed 001,
// §4.2.2) built it, on the move and delta-cost machinery the local-search
// methods share.
//
// # The search
//
// The board is a permutation: every piece once, each in a rotation, fixed
// pieces in their cells, holes and spare pieces moving like pieces. A
// trial draws a move (Moves), prices it in constant time and accepts it
// by the Metropolis rule: always when the cost does not rise, and with
// probability exp(-delta/T) when it rises by delta. The temperature T
// falls geometrically from step to step of a cycle (Schedule); after a
// cycle the solver reheats and starts another (WithMaxCycles,
// WithReheat). Every new best board is offered to the run, which ends it
// once the target cost is reached.
//
// # Presets
//
// Thesis (the default) is seed 000's annealer: each cycle starts at the
// cost of the current board, cools by 0.75 over at most 20 steps of 1,400
// trials, a step ending early after 800 acceptances and a cycle after a
// step that accepted nothing; the move turns a piece and swaps two, each
// with probability 0.5, independently. It reheats without end, so bound
// its runs by the context or solve.WithMaxIterations.
//
// Eternity is seed 001's: T0 = 1, 500 steps of 1,000 moves, cooling by 0.9
// only after a step that did not lower the cost, moves half turns and half
// swaps; its run ends after the one cycle. SkienaSchedule adds the two
// constants of Skiena's code that the seed left out.
//
// Strong is this package's own setting for large edge-matching puzzles:
// longer, slower cycles of mostly swap-and-best-turn moves, each reheat
// starting from the best board.
//
// Schedules and move mixes are plain values: WithSchedule(s) and
// WithMoves(m) take any, and a preset's can be copied and changed.
package sa
