// Package edge prices how well two piece sides fit: the edge-fitting
// functions of jigsaw re-assembly.
//
// A Scorer prices one join; a FrameScorer also prices a side that faces the
// outside of the board. Cost sums a scorer over a whole board, each join
// counted once. For label puzzles, Labels applies the puzzle's match rule
// and Candidates finds the oriented pieces that fit a cell in O(1).
//
// Costs are float64 values of at least 0, where 0 is a perfect fit and lower
// is better, for every scorer.
package edge
