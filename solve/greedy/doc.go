// Package greedy re-assembles picture puzzles by greedy placement guided by
// best buddies, after Paikin and Tal (CVPR 2015).
//
// Two sides are best buddies when each is the other's best partner. The
// placer starts from the piece with the most confident best buddies and
// repeatedly places the candidate it is most confident of: a best buddy of
// every placed neighbour first, otherwise the highest mutual compatibility,
// where the compatibility of a join is one minus its cost over the side's
// second-best cost. The placed region floats and is bounded only by the
// board's extent, so neither the first piece's position nor, for pieces of
// unknown orientation, the picture's orientation need be known.
//
// The problem's scorer must rank partners: an edge.Table or edge.Sparse.
package greedy
