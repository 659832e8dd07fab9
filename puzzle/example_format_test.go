package puzzle_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/reassemble/jigsaw/puzzle"
)

// Reading a puzzle and a solution from their text files, checking the
// solution against the puzzle, and writing the puzzle back in canonical form.
func ExampleParsePuzzle() {
	const puzzleFile = `# a 2×2 shape puzzle: +k is a tab that fits the blank -k
size 2x2
rule complement
rotate yes
piece 0 1 -2 0     # top right bottom left
piece 0 0 3 -1
piece 2 -4 0 0
piece -3 0 0 4
fixed 0 0 0 0      # row col piece rotation: piece 0 is the top-left corner
`
	const boardFile = `# its solution: PIECE/ROTATION per cell, or PIECE for rotation 0
board 2x2
0 1
2 3/0
`
	p, err := puzzle.ParsePuzzle(strings.NewReader(puzzleFile))
	if err != nil {
		log.Fatal(err)
	}
	b, err := puzzle.ParseBoard(strings.NewReader(boardFile))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%dx%d, %d pieces, rule %v, rotatable %v\n", p.Rows, p.Cols, len(p.Pieces), p.Rule, p.Rotatable)
	fmt.Println("board valid:", b.Validate(p) == nil)

	if err := puzzle.FormatPuzzle(os.Stdout, p); err != nil {
		log.Fatal(err)
	}

	// Errors name the line and what is wrong with it.
	_, err = puzzle.ParsePuzzle(strings.NewReader("size 2x2\npiece 0 1 -2\n"))
	fmt.Println(err)
	// Output:
	// 2x2, 4 pieces, rule complement, rotatable true
	// board valid: true
	// # jigsaw puzzle: 2x2 board, 4 pieces
	// size 2x2
	// rule complement
	// rotate yes
	// extra no
	// piece  0  1 -2  0  # 0
	// piece  0  0  3 -1  # 1
	// piece  2 -4  0  0  # 2
	// piece -3  0  0  4  # 3
	// fixed 0 0 0 0
	// puzzle: line 2: piece has 3 labels, want 4 (top, right, bottom, left)
}

// A board prints in the board file format, holes as '.', which makes
// solver output and test failures readable.
func ExampleFormatBoard() {
	b := puzzle.NewBoard(2, 3)
	b.Set(puzzle.Cell{Row: 0, Col: 0}, puzzle.Placement{Piece: 4, Rotation: 1})
	b.Set(puzzle.Cell{Row: 0, Col: 2}, puzzle.Placement{Piece: 10})
	b.Set(puzzle.Cell{Row: 1, Col: 1}, puzzle.Placement{Piece: 7, Rotation: 2})
	if err := puzzle.FormatBoard(os.Stdout, b); err != nil {
		log.Fatal(err)
	}
	// Output:
	// board 2x3
	// 4/1   .  10
	//   . 7/2   .
}
