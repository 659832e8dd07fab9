// Package backtrack solves label puzzles exactly by depth-first search.
//
// The search fills one cell at a time, in row-scan order (as the Eternity II
// and shape-jigsaw backtrackers do) or most-constrained-cell first, taking
// the candidates for a cell from edge.Candidates in O(1). It honours fixed
// pieces and the puzzle's rotation flag, places every piece exactly once,
// and leaves empty exactly as many cells as the puzzle lacks pieces for.
//
// Besides Solve (first solution), a Solver enumerates every solution lazily
// with All, and counts them with Count, both raw and up to whole-board turns.
package backtrack
