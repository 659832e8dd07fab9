// Package edge prices how well two piece sides fit: the edge-fitting
// functions of jigsaw re-assembly.
//
// A Scorer prices one join; a FrameScorer also prices a side that faces the
// outside of the board. Cost sums a scorer over a whole board, each join
// counted once. For label puzzles, Labels applies the puzzle's match rule
// and Candidates finds the oriented pieces that fit a cell in O(1).
//
// # Pixel measures
//
// For picture puzzles, Profiles reads each side's pixels clockwise around
// its piece, so that two facing sides run in opposite directions, and a
// Measure prices one side against another: Euclidean (Hynek), Pomeranz's
// (L_p)^q and prediction-based measures, Gallagher's Mahalanobis gradient
// compatibility MGC (the default), and the thesis's four edge-fitting
// functions, whose arg-min labelling ThesisLabels turns a picture puzzle
// into a label puzzle for the exact solvers. Log puts any of them on a
// logarithmic scale, which ranks partners alike but sums a board's joins
// so that a few very dear ones in a flat region do not rule the total.
//
// # Tables
//
// Solvers price the same joins again and again, so pixel puzzles price
// them once. Sides are numbered as in Profiles (side s of piece i is 4*i+s).
// A join costs J(i, j) = d(i, j) + d(j, i) for the bound Dissimilarity d, so
// J is symmetric; two sides of one piece never join (+Inf). When pieces keep
// their orientation (Type 1: Puzzle.Rotatable false) only Right–Left and
// Bottom–Top joins occur and every other pair is +Inf; when they may turn
// (Type 2) any side may face any side of another piece.
//
// NewTable prices every possible join into a dense float32 Table: two costs
// per ordered pair of pieces for Type 1 (8n² bytes for n pieces), the 16
// joins of each unordered pair once for Type 2 (32n(n-1) bytes), plus each
// side's DefaultK best partners (512n bytes). NewSparse keeps only each
// side's k best partners (32nk bytes, plus 16 MiB of scratch) and prices
// other joins on demand, for puzzles of tens of thousands of pieces. Both
// are Compatibilities: Join, Score (turning sides through Rotation.Source),
// and Best, a side's partners cheapest first, ties to the lower side index.
// Rows are shared among a bounded pool of workers; the result does not
// depend on their number. Cancelling ctx stops every worker promptly, and no
// goroutine is left behind.
//
// BestBuddies finds the pairs of sides that are each other's unique best
// partner (Pomeranz et al., CVPR 2011); Confidence rates how much cheaper a
// side's best match is than its second, 1 − best/second (Paikin and Tal,
// CVPR 2015). Together they seed greedy placement.
//
// Time grows with n² calls of the measure, which dominates. On 2 cores with
// 28-pixel pieces and a cheap one-row measure, a 1,000-piece Table takes
// about 0.2 s and 15 MB (Type 1) or 0.5 s and 39 MB (Type 2); 3,000 pieces
// take 1.6 s and 93 MB (Type 1) or 4.6 s and 309 MB (Type 2). With MGC a
// Sparse prunes the joins it prices by a lower bound (see NewSparse): a
// 10,000-piece Type 1 Sparse takes about 15 s of CPU, 8 s on 2 cores, where
// a dense table would need 800 MB.
//
// Costs are float64 values of at least 0, where 0 is a perfect fit and lower
// is better, for every scorer.
package edge
