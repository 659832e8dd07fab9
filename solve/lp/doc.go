// Package lp writes a label puzzle as a 0/1 integer program, after the
// thesis's LP/IP formulation (seed 000, chapter 3 and Appendix 2), exports
// it in CPLEX LP format for any MIP solver, and solves its linear
// relaxation with gonum's simplex, to show with numbers why the thesis
// dismissed the approach.
//
// It is a demonstration, not a method to solve puzzles with: package csp
// counts every solution of the same puzzles in microseconds.
//
// # The model
//
// An element is a piece in one of the rotations the puzzle allows (4 per
// piece when pieces turn). The binary variable x(c,e) puts element e in
// cell c. Every formulation has the thesis's assignment rows: one element
// per cell, and each piece once over its elements and the cells. A 3×3
// puzzle of turning pieces has 9 × 36 = 324 such variables, the thesis's
// count. What ties neighbours together is the Formulation:
//
//   - Thesis: Appendix 2 as printed (typos corrected), a goal summing the
//     differences of the facing sides' values and a "modulus
//     substitution" row for every pair of neighbouring cells and every
//     pair of elements: 15,552 rows for 3×3.
//   - ThesisSummed: the substitution applied to the values placed, one row
//     per pair of neighbours, which the goal implies.
//   - EdgeMatching: a sound linearisation, one mismatch indicator per join
//     and one row per join and element, whose objective is the board's
//     edge.Labels cost at every 0/1 point.
//
// The thesis's values are its shared edge symbols, read as numbers; the
// model reads the labels so (a second cell's side reads the label its
// partner would carry, so that "equal" means "fits" under either match
// rule) and gives each flat side a value of its own that matches nothing,
// as the thesis's border sides matched nothing. The thesis's puzzles have
// no frame; EdgeMatching charges a labelled side on the rim, as
// edge.Labels does.
//
// # Why the thesis dismissed it, in numbers
//
// The thesis wrote the 3×3 program out (more than 300 pages in full) and
// concluded, without running a solver, that no LP/IP implementation "could
// yield solutions to any real-sized jigsaw puzzle". Built and solved here,
// on unique-label puzzles like the thesis's:
//
//   - The model as printed is infeasible. A modulus row for an element j
//     that is not in the first cell reads 0 >= L(k) for the element k in
//     the second, so with positive values (equal labels that are positive,
//     as here) no 0/1 point satisfies it, the solution included. Its
//     relaxation is infeasible too when pieces turn: a pair's rows force
//     the first cell's values to be exactly proportional to 1/R and the
//     second's to 1/L, and a cell that is second in one pair and first in
//     another would need every element to show the same value on two of
//     its sides. Phase one
//     proves it for 2×2 (1,032 rows) in half a minute or more; the 3×3
//     program, 15,570 rows and 31,752 non-zeros, is too large for a dense
//     simplex.
//   - Read as its goal implies (ThesisSummed), the program is sound at 0/1
//     points, but its relaxation says nothing: spreading every cell evenly
//     over all the elements already meets every row at cost 0, since each
//     label shows as often on the left as on the right over the four
//     turns. The 3×3 relaxation (30 rows) is solved in milliseconds with
//     objective 0 at a vertex whose every non-zero value, about thirty of
//     324, is fractional: not one piece is placed.
//   - The sound EdgeMatching relaxation does better on these puzzles,
//     whose labels are all different: its optimum is 0 and integral, the
//     planted solution, for 2×2 to 4×4. But it has one row per join and
//     element, 450 for 3×3, 1,568 for 4×4, and gonum's dense simplex takes
//     about 1.5 s for 3×3, 16 s for 3×4 and 4.4 minutes for 4×4, where
//     package csp takes about 50 µs for 4×4 and half a millisecond for the
//     thesis's 150-piece 10×15. On tab/blank puzzles, whose shapes repeat,
//     the relaxation's optimum can be fractional.
//
// So the thesis's conclusion stands, for a sharper reason than its
// program's size: its own formulation admits no solution, read as its
// goal suggests it relaxes to nothing, and the sound one grows with the
// square of the pieces in rows and far faster in simplex time.
//
// # Output
//
// WriteLP writes CPLEX LP format with readable names: x_r0c1_p3r2 puts
// piece 3 turned by 2 quarter turns in row 0, column 1; m_r0c0_r0c1 flags
// a mismatch between two cells; rows are named cell_..., piece_...,
// fit_... and mod_.... Evaluate prices a board under a model and names the
// first row it violates; Round reads a board off an integral point.
package lp
