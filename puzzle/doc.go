// Package puzzle is the model shared by every jigsaw package: pieces, their
// sides and rotations, the board, and the puzzles to solve.
//
// # Orientation
//
// Sides are numbered clockwise from the top (Top, Right, Bottom, Left). A
// Rotation is a number of clockwise quarter turns; a piece turned by r shows
// on side s what its unrotated side (s-r) mod 4 holds. Rotation.Source is the
// one function that says so, and every package uses it.
//
// # Coordinates
//
// Cells are (Row, Col), 0-based, row 0 at the top. Boards are row-major.
// Pieces are indexed from 0 by PieceID; NoPiece marks a hole.
//
// # Labels and rules
//
// A Label describes a side discretely. Flat (0) is a straight side that
// belongs on the outside of the board and fits nothing. Under the Equal rule
// two sides fit when they carry the same label (colours, pair labels); under
// Complement a tab +k fits a blank -k.
//
// # Holes, extra and fixed pieces
//
// A puzzle may have fewer pieces than cells: the cells left over stay empty.
// It may have more only when AllowExtra is set; solvers then report the
// pieces they leave out. Fixed pieces are pinned to their cells.
package puzzle
