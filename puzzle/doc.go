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
//
// # File formats
//
// ParsePuzzle and FormatPuzzle read and write label puzzles as line-oriented
// text: '#' starts a comment, blank lines are ignored, size comes first;
// rule, rotate and extra default to equal, no and no; each piece line gives
// the Top Right Bottom Left labels of pieces 0, 1, 2 and so on; and fixed
// pins PIECE to cell ROW COL turned by ROTATION:
//
//	size 2x2
//	rule complement
//	rotate yes
//	piece 0 1 -2 0
//	piece 0 0 3 -1
//	piece 2 -4 0 0
//	piece -3 0 0 4
//	fixed 0 0 0 0
//
// ParseBoard and FormatBoard do the same for boards: "board ROWSxCOLS", then
// one line per row of PIECE/ROT, PIECE (rotation 0) or '.' for a hole.
// Parse errors are *SyntaxError values naming the line at fault.
//
// # Images
//
// Cut cuts a picture into square tiles (centre-cropping any excess) and
// returns the puzzle with its ground truth; FromFragments builds one from
// separately photographed pieces; LoadImage reads PNG and JPEG files.
// Both keep what edge measures need: a JPEG's colour is interpolated
// between its chroma samples as libjpeg does (Go's decoder repeats each
// sample over its pixels, which breaks every join along a cut), and a
// 16-bit photograph keeps its 16 bits in *image.RGBA64 tiles. Render draws
// any board, label or picture, holes left dark. Solvers break ties by
// piece number, so pieces numbered in the order their files were read give
// results that change when the files are renamed; ContentOrder numbers
// pictures by their pixels instead.
//
// The comparisons (DirectComparison, NeighbourComparison, Perfect and
// ShiftedDirectComparison) are strict: a piece counts only in its own
// place. FindIdentical finds the pieces whose tiles are exact copies (flat
// sky, saturated highlights); its Relabel lets any comparison treat them as
// interchangeable, the second figure the literature reports.
//
// # Documents
//
// Pieces need not be square. CutGrid cuts a picture into rows × cols
// rectangles (one row of them is a strip-cut page); FromStrips builds the
// one-row puzzle of strips scanned one by one, which may differ in width
// and height; Masked marks the paper of a scan on a backing in its alpha
// channel, which measures read as the piece's outline. Strips and other
// oblong pieces turn only by 0 or 180°: set HalfTurns beside Rotatable.
package puzzle
