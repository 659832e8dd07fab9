// Package eternity handles edge-matching puzzles of the Eternity II family:
// the piece and board files in use, the official puzzle's rules and hints,
// the two scores, validators, a picture of a board, and the seed's
// polynomial system.
//
// # The model
//
// An edge-matching puzzle is an ordinary *puzzle.Puzzle: rule puzzle.Equal,
// Rotatable, the grey frame colour 0 read as puzzle.Flat, and every other
// colour number c the label of the same value, as puzzle.GenerateColours
// also numbers them (frame colours first, then inner colours). Hints are
// the puzzle's Fixed pieces, so every solver in the module honours them.
// Instance wraps a puzzle with what its file said about it.
//
// Sides are puzzle.Side (top, right, bottom, left, clockwise) and rotations
// are clockwise quarter turns (puzzle.Rotation); Rotation.Source relates
// turned and unturned sides. Cells are (row, column) from 0 at the top-left.
// Pieces are indexed from 0; files that number them from 1 (the seed's
// comma file, the piece/rotation grid) are converted on reading and writing.
//
// # Files
//
// Load reads every piece format and detects which by content: the JSON of
// the eternity2.dev data set, Brendan Owen's "W H" text, the hint-count
// text of the generated SAT-style instances, and the seed's comma file.
// Files written in another side order load with WithSideOrder; a loader
// that sees frame colours arranged as only a wrong side order arranges them
// says so in Instance.Warnings (SuggestSideOrder). ReadBoard reads boards as
// "piece rotation" pairs or as Verhaard's piece/rotation grid, and
// ReadColourBoard the seed's EternityEditor board of colours. Errors about
// a file's text are *SyntaxError values naming the line.
//
// # The official puzzle
//
// The board is 16×16 with 22 colours besides grey: 5 on the frame joins and
// 17 inside. Its pieces are numbered 1 to 256 on their backs; this package
// gives piece k the PieceID k−1, as the eternity2.dev JSON set does. The
// mandatory centre piece 139 sits on I8 (row 9, column 8 from 1, cell
// (8, 7)); the clue puzzles gave four more hints: 208 on C3, 255 on C14, 181
// on N3 and 249 on N14. The presets Centre and Clues give them as fixed
// pieces, and OfficialRules sets the puzzle's two rule variants, the
// centre piece alone or with the clue hints, on a piece set whose file
// fixes other pieces too. A hint's rotation depends on the file's orientation: the seed's
// file shows frame pieces grey side down and turns the centre piece twice;
// the JSON set shows them grey side up (a half turn) and leaves it unturned.
// OfficialTurn finds the orientation of a loaded set; Preset.For and
// WithHints use it.
//
// # Scores
//
// Score counts matched inner joins (MaxScore: 480 on 16×16, the prize's
// measure); Score544 is the seed's fitness, which also counts grey sides on
// the rim and grey joins inside (544 on 16×16). Conflicts gives each cell's
// number of wrong sides, and Render draws a board with each colour's own
// hue and motif and the wrong joins marked.//
// # Searches
//
// Three searches work from a puzzle's colours (a nil scorer or its
// *edge.Labels; any other scorer is refused with ErrNotLabels), and all of
// them keep the fixed pieces where they are:
//
//   - Exact (NewExact, or NewExactSolver as a solve.Solver) fills the board
//     a row at a time from the top-left, by tables of the pieces that fit a
//     cell's left and top colours, to count every solution or find the
//     first; Split cuts it into branches that run anywhere and add up, each
//     with a checkpoint to resume from.
//   - Hunt is an annealer for the most matched joins: swaps and turns, with
//     regular refills of scattered cells solved as an assignment; it saves
//     and resumes its whole state (WithCheckpoint, Resume).
//   - Breaks is a row-scan search that may leave a scheduled number of
//     joins unmatched, restarted in new random orders, after Joshua
//     Blackwood's; it is the stronger of the two score searches on 16×16
//     boards, polishes its best board with Hunt at the end, and saves and
//     resumes its search (BreaksSave, BreaksResume) so that a run stopped
//     and resumed ends where it would have ended uninterrupted.
//
// The seed's own searches for the 544-point score are the presets of
// solve/sa and solve/ga (sa.Eternity, ga.EternitySimple and the rest); the
// example program examples/eternity runs every one of these.
package eternity
