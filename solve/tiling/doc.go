// Package tiling solves polyomino tiling puzzles (package puzzle/polyomino):
// it finds one solution, lists them all lazily, or counts them, both as they
// are and up to the board's symmetries, in any orientation mode.
//
// # Methods
//
// The default method turns the puzzle into an exact-cover problem (see
// ExactCoverProblem) and solves it with package solve/exactcover: one item per tile
// and per board cell, one option per placement of a tile orientation on
// squares of matching colours. When the tiles' area exceeds the board's, the
// tile items are secondary, so each solution uses the subset of tiles it
// needs.
//
// Backtrack is seed 003's own search, kept for comparison: fill the first
// empty cell in row-major order with each unused tile, in order, in each of
// its orientations, and prune with the seed's hole-size rules (Bounds).
//
// # Counts
//
// Result.Solutions counts every solution; Result.Unique counts them up to
// the board's symmetries, folded by polyomino.Fold, as in the seed's
// "after symmetric solutions are removed" columns.
//
// # Building
//
// Both methods first find where each tile fits by walking the board's
// squares, not its bounding box, once per distinct tile shape and
// orientation, so a sparse board costs its area and many copies of one tile
// cost one shape. The context is polled while they build, and what they
// build is bounded (MaxOptions, WithMaxOptions): a puzzle over the bound is
// refused with an error wrapping ErrTooLarge, which gives the count and the
// bound, before the memory is allocated.
//
// # Runs
//
// Every method honours the context and the run options of package solve:
// WithObserver (Started, Progress and Finished events with Board nil and
// Stats.Nodes set), WithProgressEvery and WithMaxIterations, both in search
// nodes. A run ended early is not an error: Result.Status says why it
// ended (solve.Canceled when the context ends, during the build or the
// search; solve.Stopped when the observer returns solve.ErrStop;
// solve.IterationLimit). The other run options have nothing to act on and
// are ignored: the search is deterministic and single-threaded, and a
// solution is exact, so WithTarget has no cost to compare.
//
// # Why not a solve.Solver
//
// A Solver here finds tilings, not boards of jigsaw pieces: its answer is a
// polyomino.Solution (tile, transform, position), not a *puzzle.Board, and
// it has no cost, seed or unplaced pieces to report. So it is not a
// solve.Solver: First, All and Count take a *polyomino.Puzzle and a
// polyomino.Mode and return this package's Result, whose counts (solutions,
// unique solutions, nodes, updates) are the ones the seed's tables give.
// It keeps the conventions of package solve where they carry over: the
// context first, the run options, solve.Status for why a run ended, and an
// error only for invalid input or an observer's own error.
package tiling
