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
// # Runs
//
// Every method honours the context and the run options of package solve:
// WithObserver (Started, Progress and Finished events with Board nil and
// Stats.Nodes set), WithProgressEvery and WithMaxIterations, both in search
// nodes. A run ended early is not an error: Result.Status says why it
// ended.
package tiling
