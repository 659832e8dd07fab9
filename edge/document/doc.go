// Package document prices the joins of a text document's pieces: the
// strips of a strip-cut shredder, scanned one by one, or the rectangles of
// a page cut across and along. Plain pixel measures fail on such pieces:
// the paper is white and mostly blank, a shredder tears the outermost
// columns of every strip, and separate scans do not line the pieces up.
//
// # The table
//
// NewTable reads every piece (its alpha channel, if any, marks paper from
// the backing: puzzle.Masked) and returns a Table, an edge.Compatibility
// and edge.FrameScorer that the solvers of this module read as they read a
// picture's table: solve/strips orders strips, solve/greedy lays a grid.
// Everything it needs is read from the pieces themselves, never from an
// answer:
//
//   - the torn depth, the columns at each cut edge whose ink is spoiled
//     (Depth): where the share of inked pixels, counted from the edges of
//     all pieces, recovers to the interior's, read only when the
//     outermost column inks less than the interior on more sides than
//     chance would give (a clean cut's few lines of text at a cut must
//     not read as a tear), and read across the lines for a grid's cuts
//     along them too;
//   - the shift, how far two scans may be out of line (Shift): the offsets
//     at which the row ink profiles of mutually best pairs agree;
//   - blank pieces (Blank), which no measure can place;
//   - which way up each piece reads (Upright): Latin text has more ink
//     above its lines' small letters than below, weighed over equal
//     heights above and below each band of small letters;
//   - for a grid, the spacing of the lines of text (the pitch at which
//     the pieces' ink by row repeats).
//
// A join is priced at the offset its row profiles give, refined by the
// pair model, with more kinds of evidence where they exist: the outline
// of a tear (masked scans; both sides of a cut share its wiggles), the
// paper's grain across a clean cut (pieces cut from one scan), and, for a
// cut along the lines of text (a grid's top and bottom sides), whether
// the lines run on across it at their spacing, and whether the two
// pieces share the page's columns of ink (margins, indents, the lines'
// ragged ends): a cut through the blank between two lines leaves the pair
// model nothing to read; the lines' phase then tells which rows of pieces
// meet, and the columns which piece of one row lies under which of the
// other.
//
// # The pair model
//
// Model is a small neural network (one hidden layer; 8 columns each side
// of a cut, 16 rows, 32 hidden units: 33 kB) that reads ink on both sides
// of a cut and returns the log-odds that the two were one piece there. Its
// first layer splits into a left and a right half, so each side is read
// once and a pair costs a sum. DefaultModel was trained by Train on pages
// the module renders itself in the Go fonts (go run
// ./edge/document/internal/pretrain writes it again, byte for byte).
// NewTable fine-tunes a copy on the pieces at hand, split where they were
// never cut: the k columns left of a column and the k columns a gap to its
// right were one piece (positives), the same columns beside another
// piece's are not (negatives). This is self-supervised: no piece's place
// is read, and nothing is kept after the call.
//
// # Concurrency
//
// NewTable and Train use up to WithWorkers goroutines, all ended before
// they return, and their results do not depend on how many. A Table is
// read-only and safe for concurrent use.
//
// # Speed
//
// Fine-tuning is most of NewTable's time. On amd64 the innermost loops
// (each inked pixel's weights added to the hidden units, its gradients in
// training, Adam's step, the hidden layer's output, the row profiles'
// correlations, the paper's running maxima) run several values at a time
// in SSE registers, which every amd64 processor has; each value's sum is
// taken in the same order as the Go loops take it, one product and one
// sum at a time, so the bits are the same (the build tag noasm selects
// the Go loops; the tests hold both to the same bits). Together with the
// windows' ink bounded before they are read and the workers meeting at a
// barrier instead of starting afresh for each batch, this took
// examples/shreds from 1.56 s to 0.80 s a page on 2 cores (the mean over
// the really shredded pages of both shared collections, seeds 1 to 4,
// upright and half turned, measured in the same hour) and 1,013 mixed
// strips from 33.5-36.8 s to 22-26 s, every table, and so every order,
// unchanged bit for bit.
package document
