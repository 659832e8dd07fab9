// Package tabu is the thesis's tabu search for jigsaw and edge-matching
// puzzles (seed 000, chapter 3 L2728–3103 and Appendix 6 L7809–8566),
// on any edge.Scorer, with fixed pieces, holes and spare pieces.
//
// # The search
//
// The thesis first swapped pairs of pieces and found the search stuck in
// local optima such as its Fig. 11, two blocks transposed, which only a move
// of a whole row or column undoes (L2917–2935). Its search therefore
// repeats one step until the board costs nothing (L2966–2999, L8217–8360):
//
//  1. Draw a move: two distinct random columns, ordered a < b, on one step
//     and two rows on the next, beginning with columns (L8223, L8249–8307).
//  2. Aspire with probability 0.2 (L8309). A move on the tabu list is made
//     only when the step aspires; otherwise the step ends there (the
//     thesis's "tabu stops").
//  3. Keep a copy of the board, make the move, then run the 2-piece
//     improvement below.
//  4. Δ = new cost − cost before the move. If Δ > 0 (the blacklist, L7829,
//     L8343) the move goes on the tabu list. If Δ ≥ 0 and the step does not
//     aspire, restore the copy, which undoes the move and the improvement
//     together; otherwise keep the new board (L8345).
//  5. If the lowest cost seen has not fallen for more than c(c−1)+r(r−1)
//     steps, deal a new random board and clear the tabu list
//     (L3028–3030, L8349–8359).
//
// The 2-piece improvement is the thesis's "deterministic optimization"
// (checknhood and checkcombination, L2950–2956, L3047–3061, L8079–8212):
// for every unordered pair of free slots (a, b), a > b, in increasing
// order, try the two pieces in place in all 4×4 rotations, then swapped in
// all 4×4 rotations, keeping each strict improvement at once. Pieces that
// do not turn are only swapped. A step therefore prices up to 32·F(F−1)/2
// candidates for F free slots, O(N²·32) delta evaluations per step for N
// pieces: about a million on a 16×16 board, 15 to 30 ms on one core, where
// a step on the thesis's 4×5 prices 6,080. Candidates on two slots that do
// not touch are priced from the two slots' one-piece deltas, which gives
// the same decisions (for float scorers, up to rounding) at a fraction of
// the pricing; Stats.Evaluations counts every candidate all the same.
//
// The tabu list is a FIFO of the last [c(c−1)+r(r−1)]/2 moves that did not
// improve, enough to hold every row and column swap (L3000–3012, L8228),
// searched linearly; its attribute is the move's kind and ordered pair
// (L8265–8290).
//
// # Where this differs from the thesis's code
//
// Each point below is an inconsistency the thesis's code has, or a gap it
// leaves, and how it is resolved here.
//
//   - The column swap is fixed. The thesis's swapcol indexes slots as
//     row + col·rows (L8148–8167) while boards are stored row-major, so on
//     a square board it swaps rows, not columns, and on a rectangular one
//     it exchanges two runs of consecutive slots. Its square-board results
//     were therefore got with row swaps alone (WithNeighbourhood(Rows)
//     reproduces that); here a column swap moves two real columns.
//   - After a restart the thesis keeps the old board's cost as the current
//     cost (L8349–8359); here the new board is priced.
//   - The user interface sets moveaspiration and iterlim (L12560–12566),
//     which the printed unit does not have; they are not modelled.
//   - The prose's improvement "memorizes the best" combination and returns
//     it (L3053–3061); the code keeps each improvement as it comes, and so
//     does this package.
//   - The prose's aspiration admits a tabu move that would beat the best
//     board (L2880–2912); the code's is a random event (L8309), which lets
//     a tabu move through and keeps a result that does not improve. This
//     package follows the code.
//   - The thesis prices a board by its own count, each mismatch twice and
//     the rim free (L8474–8566); here the cost is the problem's scorer's,
//     so edge.Labels also charges a side on the rim that is not flat.
//   - The thesis re-seeds its random generator for every random board
//     (Randomize, L8402); here all randomness comes from the run's one
//     seeded source, so a seed replays a run exactly.
//   - A board with fewer than two rows free of fixed pieces offers no row
//     swap (the thesis's draw would loop for ever on a one-row board); the
//     kinds the board cannot offer are passed over, and when none is left
//     steps swap two random pieces (Pairs).
//   - The search ends at the run's target cost (by default 0, as the
//     thesis's) or when the run's budget, context or observer ends it.
//
// # Options
//
// Thesis, the default, is the thesis's search. WithTenure, WithAspiration,
// WithRestartAfter and WithLocalSearch change its parameters, and
// WithNeighbourhood its moves: Rows, Cols, Blocks (two rectangles of the
// same random size) and Pairs (two pieces), taken in turn.
//
// # Fixed pieces, holes and spares
//
// A row or column that holds a fixed piece never moves, and the
// improvement pairs only free slots. Empty cells of a puzzle with fewer
// pieces than cells move like pieces; the pieces a puzzle with AllowExtra
// cannot place sit in spare slots, which the improvement pairs with board
// cells, so a spare piece enters the board by a swap.
//
// # Counters
//
// Stats.Iterations counts steps, a tabu stop included; Stats.Evaluations
// counts delta costs: one per move made and one per candidate of the
// improvement; Stats.Restarts counts diversifications. The run uses one
// goroutine whatever solve.WithWorkers allows.
package tabu
