// Package csp solves label puzzles as a constraint-satisfaction problem,
// after the thesis's CSP solver (seed 000, chapter 3 and Appendix 7): a
// depth-first search that narrows the domains of the cells still to fill
// after every choice and picks the next cell by what is left.
//
// # The model
//
// The variables are the cells. The values are the thesis's "elements": a
// piece in one of the rotations the puzzle allows, 4N of them for N turning
// pieces, N when pieces keep their orientation. The constraints are
//
//   - all-different on pieces: once a piece is placed, all its elements
//     leave every other domain;
//   - the edge constraint between neighbouring cells, under the puzzle's
//     match rule (puzzle.MatchRule: equal colours or complementary shapes),
//     read through edge.Labels;
//   - the frame: a side on the board's rim must be flat (edge.Labels
//     charges any other), and when every cell must be filled, no side
//     facing another cell may be.
//
// Fixed pieces, and the placements of a warm start (solve.WithInitial), are
// assigned before the search and constrain their neighbours from the
// start. When the puzzle has fewer pieces than cells, a cell may also be
// left empty, as long as empty cells remain to be had: a cell whose domain
// empties then has to become a hole, and the search fails only when more
// cells are left with nothing than holes remain. A side facing a hole is
// unconstrained. When there are more pieces than cells (AllowExtra), every
// cell is filled and the pieces left over are reported as unplaced.
//
// Domains are bitsets over the elements, one word per 64 elements; every
// change is recorded on a trail and undone in one sweep when the search
// backs up, so a node allocates nothing once the trail has grown. Cells no
// constraint has reached yet keep their domain implicit (the frame's
// elements less the placed pieces), which keeps forward checking's work per
// node proportional to the cells around the filled region rather than to
// the board.
//
// # Options
//
// WithPropagation chooses how far domains are narrowed after a choice:
//
//   - ForwardChecking (the default) is the thesis's Trim Slot: the placed
//     piece leaves every domain and each undecided neighbour keeps only the
//     elements that fit it.
//   - ArcConsistency adds the thesis's Trim List ("ripplize"), run to a
//     fixpoint after every choice and once before the first: an element
//     stays in a cell's domain only if every undecided neighbour still
//     holds an element of another piece that fits it. While a cell may
//     still stay empty, every element has support through that possible
//     hole, and arc consistency prunes nothing beyond forward checking.
//
// WithOrder chooses the cell to fill next:
//
//   - MRV (the default): the fewest elements left, the first in row-major
//     order on a tie. It typically opens in a corner, where the frame
//     leaves fewest pieces.
//   - ThesisOrder: the centre cell first, then the fewest elements left, on
//     a tie the fewest undecided neighbours, then the first in row-major
//     order.
//   - RowMajor: row by row from the top-left corner, as plain backtracking
//     does.
//
// Thesis sets ThesisOrder with ArcConsistency, the thesis's solver.
//
// The defaults were chosen by measurement. On the thesis's unique-label
// puzzles every combination solves 10×15 in under half a millisecond, and
// forward checking solves 100×100 in about 30 ms with MRV or RowMajor (0.2 s
// from the centre), where arc consistency spends one and a half seconds,
// most of it in its first full pass over 10,000 domains of 40,000 elements.
// On puzzles with repeated labels (few tab/blank shapes, few colours) arc
// consistency visits up to fifteen times fewer nodes but pays more per
// node, so that it is never faster and up to two and a half times slower;
// MRV beats RowMajor there, and starting at the centre, as ThesisOrder
// does, costs the most.
//
// # Modes and counters
//
// Solve returns the first solution, All yields every solution lazily, and
// Count counts them, raw and up to whole-board turns, as the thesis's
// solver does when it enumerates (its chapter-3 times are times to find all
// solutions). All three honour the run options of package solve: a
// cancelled context or an iteration budget ends the search, and Count then
// reports the solutions found so far with the status that says why.
//
// Stats.Nodes counts every choice tried, an element or a hole put in a
// cell, whether or not propagation then fails, as the thesis's n_nodes
// does; Stats.Backtracks counts the choices undone. Count also reports the
// propagation counters (domain revisions and the elements they removed)
// and the deepest level reached.
//
// # Correspondence with the thesis
//
// The search is the thesis's Fit Piece, Trim Slot and Trim List, with these
// differences:
//
//   - Sides on the rim must be flat. The thesis's puzzles have no frame
//     constraint (border sides carry labels nothing matches); here the
//     frame is part of every puzzle, as edge.Labels prices it.
//   - Labels fit under the puzzle's rule, exactly, rather than within the
//     thesis's tolerance of 0.01 on real-valued patterns.
//   - Trim List revises only the arcs towards cells whose domains changed,
//     and only for the labels they lost, rather than sweeping every cell
//     until nothing changes; arc consistency has one fixpoint, so the
//     domains, and hence the search tree, are the same.
//   - Values are tried in increasing element order, piece then rotation,
//     which is the order of the thesis's lists before its swap-removals
//     permute them. The order changes which solution comes first, never the
//     tree an enumeration visits.
//   - The tie on domain size goes to the cell with the fewest undecided
//     neighbours. The thesis's listing keeps the neighbour count of the
//     first undecided cell as the one to beat even after a cell with a
//     smaller domain has replaced it, so its tie-break compares against a
//     stale count; ThesisOrder does what its text describes.
//   - The first cell is the centre of the board, (⌊(rows-1)/2⌋,
//     ⌊(cols-1)/2⌋), as the text says. The listing takes slot
//     round((n+1)/2) of the n cells in row-major order: the centre on its
//     3×3, but on 10×15 the left end of the sixth row.
//   - The listing's deepest-level counter records a slot number rather than
//     the depth; MaxDepth is the depth.
//   - Holes, extra pieces and fixed pieces are beyond the thesis's
//     complete-puzzle solver; its chapter-4 methods for missing pieces
//     belong to package esp.
//
// # Limits
//
// The domains take one bit per cell and element: a puzzle of N turning
// pieces needs N²/2 bytes, 50 MB for 100×100. Boards needing more than
// 1 GiB (beyond about 200×200 turning pieces) are rejected with an error;
// package backtrack keeps no domains.
package csp
