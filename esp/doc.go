// Package esp re-assembles label puzzles with missing pieces, after the
// thesis's chapter 4 (seed 000): when pieces are missing, which cells are
// empty? It implements the thesis's three answers as solvers.
//
//   - Wildcard, approach (a): a blank piece that fits anything. The search
//     may leave a cell empty while pieces are missing, and a side facing
//     an empty cell is unconstrained; propagation cannot fail against a
//     blank, so the search wanders.
//   - FBF, approach (b), Fit Blank First: choose the empty cells first,
//     unlink them from their neighbours, and solve the reduced puzzle,
//     which is complete, so that a wrong choice fails fast. The layouts of
//     the k empty cells are tried in order until one solves.
//   - Solver, approach (c), Empty Slot Prediction with FBF: Predict names
//     the probable empty cells from the labels alone, and FBF tries only
//     the layouts among them.
//
// # Empty Slot Prediction
//
// For each side of a piece, the in-line neighbour count is how many pieces
// chain from that side in a straight line, each fitting the previous one's
// side in the same direction. In a complete puzzle with unique labels every
// line spans the board: a piece's left and right counts sum to the width
// less one, its top and bottom counts to the height less one. A hole
// breaks the lines through it, and only its four neighbours lack a partner
// on some side. A piece whose line across is broken while its line along
// is whole marks the line across as holding a hole, at the distance its
// count along gives; the candidates are the crossings of marked rows and
// columns. Several holes give more crossings than holes: the phantom
// points, which only construction rules out. A hole on the frame leaves no
// perpendicular evidence, so when no lines cross, the frame ends of the
// marked lines are the candidates; a piece beside an empty corner meets the
// corner rule, which makes all four corners candidates. Prediction exposes
// every piece's counts and marks, so a user can see why a cell was chosen.
//
// When pieces may rotate, a piece's turn is unknown to the labels, and
// read unturned its count places it at either end of its line, so both
// lines would be marked: k isolated holes then mark 2k rows and 2k
// columns. The thesis's program read the pieces unturned and marked one.
// Predict instead works out each piece's turn, relative to one reference
// piece, from the matches that are unique, since two pieces whose sides
// fit only each other are neighbours and the sides that fit fix their
// relative turn; each oriented piece then marks one line. What stays
// unknown is the turn of the whole board, which maps a solution to a
// solution: the prediction holds one frame per turn the board's shape
// allows (two on an oblong board, four on a square one), and ESP+FBF tries
// the frames' candidates in turn. WithOrientation(false) keeps the mirror
// marking of both lines.
//
// With similar pieces a side fits several others. The plain count follows
// the first match, as the thesis's program does, and can mark the wrong
// lines or miss the right ones. The extended count (WithExtendedCount),
// which the thesis proposes, follows every branch and treats a line as
// whole when any branch makes it span the board.
//
// # Beyond the thesis
//
// Besides orienting turned pieces, ESP+FBF first tries, per frame, only
// the layouts that put a hole on a line each marking piece marked, which
// with unique labels every solution does. When no layout among the
// predicted cells solves, Solver widens the search in stages
// (WithWidening) before it falls back, as the thesis does, to every
// layout; every method here is complete.
//
// PredictBuddies carries the prediction to picture puzzles, whose sides
// have costs rather than labels: two sides fit when they are best
// buddies. Pictures (NewPictures) uses it behind a placer, by default the
// greedy placer, which leaves its holes where its growth ends: it weighs
// the layouts of the holes among the prediction's candidates and the
// placer's own, moving the pieces out of a layout's cells into the
// placer's holes, and keeps the placer's board unless a layout leaves
// clearly less doubt in the joins. Shapes takes up the thesis's future
// work of a board of unknown size: it lists the shapes that could hold
// the pieces with a given number missing, rules out those whose rim the
// pieces' flat sides cannot cover, and searches the rest for a board.
//
// The experiments of the thesis's chapter 4 (Tables 5-8, the similar
// pieces of Figs. 27-28) are reproduced by the thesis example program,
// go run ./examples/thesis -experiment esp1 (esp2, espmulti, espsimilar),
// on the layouts of MultiLayouts and SimilarPuzzle.
package esp
