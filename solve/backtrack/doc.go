// Package backtrack solves label puzzles exactly by depth-first search.
//
// The search fills one cell at a time in one of four orders: row scan (as
// the Eternity II and shape-jigsaw backtrackers do), most-constrained cell
// first, frame first, or a spiral from the frame inwards. It honours fixed
// pieces and the puzzle's rotation flag, places every piece exactly once,
// and leaves empty exactly as many cells as the puzzle lacks pieces for.
//
// Besides Solve (first solution), a Solver enumerates every solution lazily
// with All, and counts them with Count: raw, up to whole-board turns, and
// up to the turns of symmetric pieces.
//
// # Two engines
//
// A puzzle with exactly as many pieces as cells, the usual case and every
// edge-matching puzzle, is searched by a dense engine built for each run:
// labels renumbered densely, every turned piece an element with its labels
// packed in one word, and for each kind of cell (which sides lie on the
// rim, which face cells filled earlier) a table from the labels it must
// match to a run of candidates in one flat array. A placement is a table
// look-up, a scan of the run for an unused piece and two stores; nothing is
// allocated, no map consulted, no interface called, and the run's counters
// and context are served every few thousand placements. Other puzzles (with
// holes or extra pieces) are searched by the general engine, which takes
// its candidates from edge.Candidates. Both visit cells in the same order
// and find the same first solution, except that MostConstrained may pick
// other cells on a puzzle with symmetric pieces, whose repeated turns the
// dense engine does not count as candidates.
//
// # Symmetric pieces
//
// A piece that shows the same labels in two turns (one colour all round, or
// equal opposite sides) leads to boards that differ only in how it is
// turned. Both engines report each such board as a solution (Solve, All,
// Count.Raw), but the dense engine searches the piece in one of its turns
// and multiplies the others out, so it visits fewer placements: on the
// shared em_6x6 benchmark, whose all-one-colour piece has four turns alike,
// 6,287,448 against the general search's 9,544,173, for the same 96
// boards. Count.Arrangements counts such boards once (24 there), as
// edge-matching solvers count solutions.
//
// # Orders on edge-matching puzzles
//
// On Eternity II style puzzles (few colours, the frame with colours of its
// own) RowScan is the order to use: every placement is checked against the
// rim and against the frame and inner pieces beside it at once. FrameFirst
// and Spiral run faster per placement (a frame cell has few candidates) but
// need 6 to 12 times the placements on the 6×6 boards below, and hundreds
// of times on 7×7, since every one of the many frames that close must then
// be refuted inside; Spiral needs fewer than FrameFirst. MostConstrained
// often needs fewer placements than RowScan, but pays about eight times as
// much for each in its scan of the board, and loses by the clock.
//
// # Benchmarks
//
// BenchmarkEdgeMatching on one core of a 2-core AMD EPYC virtual machine
// shared with other work (go test -run '^$' -bench EdgeMatching
// ./solve/backtrack -long). first: the first solution (or, marked "budget",
// the placements allowed without finding one); count: every solution.
// gen-N×N are scrambled puzzles from puzzle.GenerateColours(N, N, 3, c) with
// c = 5, 6, 8 inner colours (seed 1); em_* and brendan_6x6 are the shared
// Eternity II benchmark files, with piece 0 pinned in the top-left corner.
//
//	case                 order               placements      time   placements/s
//	first gen-6x6        row scan               838,875   0.016 s    54 M
//	                     row scan, general    1,631,916   0.13 s     12 M
//	                     most constrained     2,015,570   0.31 s      6.5 M
//	                     frame first          6,788,988   0.094 s    72 M
//	                     spiral               5,918,792   0.088 s    67 M
//	first gen-7x7        row scan             2,000,856   0.042 s    47 M
//	                     most constrained   147,863,889  31 s         4.7 M
//	                     frame first      1,017,718,699  24 s        42 M
//	                     spiral             413,133,356   5.8 s      71 M
//	budget gen-8x8       row scan           200,000,000   3.7 s      54 M
//	                     most constrained    25,000,000   4.9 s       5.1 M
//	                     frame first        200,000,000   4.4 s      46 M
//	                     spiral             200,000,000   2.4 s      83 M
//	first em_6x6         row scan             1,240,498   0.027 s    46 M
//	                     row scan, general    1,914,727   0.16 s     12 M
//	                     most constrained       129,602   0.019 s     7.0 M
//	                     frame first         15,768,448   0.21 s     76 M
//	                     spiral              13,641,193   0.20 s     68 M
//	first em_7x7         row scan         1,057,602,652  20 s        52 M
//	budget em_7x7        most constrained   250,000,000  41 s         6.0 M
//	                     frame first      2,000,000,000  37 s        53 M
//	                     spiral           2,000,000,000  30 s        66 M
//	count gen-6x6        row scan            65,642,990   1.4 s      48 M
//	                     row scan, general  132,089,381  11 s        12 M
//	                     most constrained    39,266,829   6.1 s       6.5 M
//	                     frame first        429,769,170   5.7 s      75 M
//	                     spiral             296,658,914   4.3 s      69 M
//	count em_6x6         row scan             6,287,448   0.13 s     47 M
//	                     row scan, general    9,544,173   0.80 s     12 M
//	                     most constrained     4,817,105   0.65 s      7.4 M
//	                     frame first         77,297,018   1.0 s      77 M
//	                     spiral              68,286,666   1.0 s      69 M
//	count brendan_6x6    row scan            14,518,614   0.34 s     42 M
//	                     row scan, general   14,518,614   1.3 s      11 M
//	                     most constrained    14,170,604   2.4 s       5.9 M
//	                     frame first        128,424,355   1.8 s      70 M
//	                     spiral              97,937,586   1.7 s      58 M
//
// The dense row scan places four times as fast as the general one and
// finishes 4 to 8 times as soon, the more where symmetric pieces spare it
// placements too. The shared data's README has a C solver count em_6x6 in 0.26 s and
// brendan_6x6 in 0.52 s on the same kind of machine, against 0.13 s and
// 0.34 s here; its figures for em_7x7 are 42 s to the first solution for a
// Go solver and 378 s for a SAT encoding, against 20 s here.
package backtrack
