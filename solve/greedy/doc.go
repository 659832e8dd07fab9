// Package greedy re-assembles picture puzzles by greedy placement guided by
// best buddies, after Paikin and Tal (CVPR 2015), with the loop checks of
// Son, Hays and Cooper (ECCV 2014) and segment-level correction.
//
// A run has four stages.
//
//  1. Placement. Two sides are best buddies when each is the other's best
//     partner. The placer starts from the piece with the most confident
//     best buddies and repeatedly places the candidate it is most confident
//     of: a best buddy of every placed neighbour first, otherwise the
//     highest mutual compatibility (one minus the join's cost over the
//     side's second-best cost), slots with more placed neighbours
//     preferred. The placed region floats, bounded only by the board's
//     extent, so neither the first piece's position nor, for pieces of
//     unknown orientation, the picture's orientation need be known; on an
//     oblong board such a picture grows twice, once held to each shape.
//  2. Repair. Exchanges of single pieces against their neighbours' best
//     partners, priced by capped compatibilities so that no single join
//     dominates.
//  3. Re-growth. The largest region whose joins are all best buddies is
//     kept and every other piece placed again around it, while that region
//     keeps growing.
//  4. Refinement. The board is cut into segments, regions whose joins are
//     best buddies lying on a closed square of four best-buddy joins (a
//     wrong join rarely closes a consistent loop). Whole segments, and
//     small blocks of pieces behind any rim piece, are moved against the
//     best partners of their rim sides, the pieces they displace taking
//     the cells they leave; cyclic shifts of the whole board by one row or
//     column undo a picture built one row off. Moves are priced by a
//     normalised cost, each side's cost above its best partner in units of
//     its gap to the next few, capped, which flat regions and heavy-tailed
//     measures do not distort.
//
// With WithEvolution, a fifth stage follows: short runs of Sholomon, David
// and Netanyahu's genetic algorithm (solve/ga), each from a fresh random
// population and finished by this placer grown from its board's trusted
// region, two at a time while they keep finding cheaper boards. The
// placer's trust in a join is relative to the side's other partners,
// which still water, sky and clipped white defeat; the GA judges whole
// boards by their total cost, and a board with a dome left in the sky or
// a stretch of water built several columns astray does not survive it.
//
// Last, the run's best board, unless it has holes, has its bands shifted:
// every rectangle of pieces, shifted cyclically by one or two cells along
// its rows or its columns, the pieces pushed out at one end entering at
// the other, is weighed by the problem's own cost; the shift that lowers
// it most is made, and each next best whose rectangle touches none made,
// again until none lowers it. A band of sky or water built a column or two astray
// fits within itself and meets the rest along joins as good as any in a
// flat region, so no segment move finds its place; shifted whole, it
// does. Sums of the joins between any two columns of a row, and across
// rows, weigh each rectangle in constant time: a look at the 80,000
// rectangles of a 540-piece board takes 20 ms (BenchmarkShiftPass).
// Boards of more than about 1,300 cells are left as they are: the looks'
// time grows as the square of the cells, and on BGU's 3,300-piece
// photographs they took 8 to 12 s for a gain of 0.002.
//
// Then the pieces of every two cells are exchanged, the one moving into
// the first cell in each of its turns and the other in its best, wherever
// that lowers the cost on the same log scale, pass after pass until none
// does. Every other stage proposes a side's best partners, and a true
// join that is no side's best is never proposed; here every pair is
// weighed. Costs are never negative, so a piece that costs more in the
// first cell than both cells cost now rules the pair out on four joins:
// the passes over 540 pieces, 145,000 pairs each, added about 0.04 s a
// picture, known or turned, no more than runs of the set vary by. On the
// benchmark halves (seed 1,
// as below) it took McGill with orientation known from 0.986 to 0.989
// and McGill 3, the lighthouse, from 0.978 to perfect (8 of 10 perfect),
// McGill turned from 0.929 to 0.930 and MIT turned from 0.936 to 0.937,
// and left MIT with orientation known as it was. The finishes of the GA
// runs leave it to the run's own best board. Boards with holes, and of
// more than about 1,450 cells, are left as they are.
//
// With WithAlternatives, the first three stages run again under each other
// measure given; their result is offered too, and refined under the
// problem's measure when that measure prices it lowest. The run keeps the
// board the problem's scorer prices lowest among those of every stage.
// Puzzles with fewer pieces than cells get holes, never wrong pieces in
// their place; pieces beyond the board's cells are reported unplaced.
//
// A warm start (solve.WithInitial) replaces the placement: the initial
// board (with any pieces it leaves out placed around its own) is offered
// first, then repaired and grown again from its largest region of
// best-buddy joins, and refined; the run keeps it if nothing prices
// lower. Another solver's board, a genetic algorithm's say, whose
// segments are built but a few misplaced, is finished so (ga.WithFinish).
//
// On the halves of the MIT (432 pieces) and McGill (540 pieces) benchmark
// sets at 28 pixels, with the MGC measure, a run takes about 0.15–0.3 s per
// photograph with orientation known and 0.6–1 s unknown on two cores; with
// the prediction measure as an alternative, 0.3–0.7 s and 1.2–2.9 s.
// Evolution (WithEvolution(4), two workers) took the mean time per
// photograph, pricing included, from 0.5 to 1.0 s on the McGill half with
// orientation known and from 2.0 to 2.9 s turned, and on the MIT half from
// 0.3 to 0.9 s and from 1.4 to 2.3 s; a photograph it mends costs the most,
// up to 3 s known and 9 s turned. Since a run ends once five generations
// in a row find nothing cheaper, and reads a turning puzzle's joins side
// by side, the whole solve takes 1.0–1.1 s a McGill photograph known and
// 2.7 s turned, MIT 0.6–0.7 s and 1.8 s (log(mgc), the figures below; the
// ranges are the machine's drift). Its effect on the mean neighbour
// comparison, prediction as an alternative, scramble seed 1:
//
//	set        orientation  without  with (perfect of 10)
//	McGill     known        0.938    0.960 (6)
//	McGill     unknown      0.907    0.913 (6)
//	MIT        known        0.935    0.937 (6)
//	MIT        unknown      0.931    0.934 (5)
//
// McGill with orientation known gave 0.962 with seeds 2 and 3 (0.936 and
// 0.937 without). Where it falls short, on the flattest photographs
// (McGill 3 and 8, sky, sand and still water), the board returned is still
// far dearer under MGC than the picture itself (McGill 3 turned: 5.8·10⁶
// against 0.9·10⁶): the search falls short there, not the measure.
//
// A compatibility on the log scale of its measure (edge.Log; see
// edge.Table.LogScaled) is read two ways. Paikin and Tal's compatibility
// and the repair's capped prices are ratios of costs, taken on the
// measure's own scale, so placement and repair are what they are under
// the measure itself; the refinement's moves, the choice among the
// stages' boards and the GA's fitness sum the log costs, which no handful
// of dear joins in a flat region dominates, and so do the band shifts
// whatever the measure. On the benchmark halves, log(mgc) against mgc, evolution
// and the prediction measure as an alternative: McGill 0.986 (7 perfect)
// against 0.970 (6) with orientation known and 0.929 against 0.915
// turned, MIT 0.940 against 0.937 and 0.936 against 0.935, BGU's
// 3,300-piece photographs 0.965 against 0.957 and 0.940 against 0.925
// (0.963 and 0.939 under log(mgc) since the repair of a sparsely priced
// puzzle was limited; see below).
// The band shifts alone took McGill with orientation known from 0.968 to
// 0.986 (direct comparison 0.925 to 0.978; McGill 3, the lighthouse,
// from 0.85 to 0.98), and changed little turned. McGill 3 turned is
// still 0.67 and McGill 8 turned 0.72: there flat pieces are turned as
// well as misplaced, the boards are dearer than the pictures on the log
// scale too, and neither the GA runs nor the shifts find a cheaper one.
//
// Why the partners mislead there: the photographs are JPEG, compressed in
// blocks of 8 pixels, and a 28-pixel cut falls on a block boundary at
// every other row and column. Across a block boundary a flat region shows
// a small step of brightness in the true picture, which a smoother wrong
// partner does not. Under log(mgc), turned, the true partner is a side's
// best for 0.85 of McGill 3's joins off the block grid but 0.49 of those
// on it (McGill 8: 0.93 and 0.50; over the whole half 0.94 and 0.80).
// The placer, the repair and the segment and block moves all go by best
// partners, and the GA's crossover, after the joins its parents share,
// does too; only the band shifts do not, and they move whole bands. So
// on such photographs half the true joins are never proposed, though the
// true board prices far lower (McGill 3 turned: 5,205 against the 5,835
// of the board returned, which puts 165 of the 540 pieces the wrong way
// round). Sixteen placer starts, twelve GA runs and a hill climb over
// every exchange of two pieces in any turns each leave it within 0.02 of
// where it was.
//
// The problem's scorer is best an edge.Compatibility (an edge.Table, or an
// edge.Sparse for tens of thousands of pieces). With a Sparse, joins
// missing from both sides' lists are priced only as far as a decision
// needs (Sparse.JoinAtLeast, and the placer's cheap bounds), and the
// repair tries for each side only the partners it ranks above the one it
// faces, since each exchange tried prices joins afresh: 10,000 pieces take
// 8 s with orientation known under log(MGC) (9 s under MGC) and 17-18 s
// unknown, the lists' pricing included (BenchmarkGreedy with -long; 15 s
// and 18 s when the repair tried every listed partner, for the same
// neighbour comparison within 0.001).
package greedy
