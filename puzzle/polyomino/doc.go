// Package polyomino models tiling puzzles: a board to cover exactly with
// polyomino tiles, as in seed 003's puzzle solver and the puzzles of Gabriel
// Robins' tiling-puzzle page.
//
// # Shapes
//
// A Shape is a set of squares with colours, kept translated to the origin
// and sorted, so equal shapes compare equal. The 8 symmetries of the square
// are Transform values (an optional mirror, then clockwise quarter turns); a
// Mode says which of them a tile may undergo: None, Rotate, Reflect, or the
// seed code's ReflectOnly. Shape.Orientations lists a tile's distinct
// orientations in a mode, so a symmetric tile is not tried twice in the same
// place.
//
// # Puzzles and solutions
//
// A Puzzle is a board and tiles. A Solution is a list of Placements (tile,
// transform, position); Puzzle.Check validates one and Puzzle.Render draws
// it. When the tiles' area exceeds the board's, a solution uses a subset of
// the tiles (Puzzle.Subsets). Fold counts solutions up to the board's
// symmetries by hashing canonical forms.
//
// # Text format
//
// Parse reads the ASCII format of the seed's puzzles: every region of
// non-space characters connected through shared sides is one figure, the
// largest is the board, the others are tiles in reading order, and a
// character is a colour that a tile square must match on the board. Errors
// name the line. Format writes a puzzle back.
//
// Solvers live in package solve/tiling.
package polyomino
