package polyomino_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

// Reading a puzzle drawn as text: the largest figure is the board, the
// others are tiles, and characters are colours the tiles must match.
func Example_parse() {
	const text = `
  b   bab
 aa     a

abba   b
baba
`
	p, err := polyomino.Parse(strings.NewReader(text))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("board:\n%v\n", p.Board)
	for i, t := range p.Tiles {
		fmt.Printf("tile %d (%d squares, %d orientations with turns):\n%v\n", i, t.Len(), len(t.Orientations(polyomino.Rotate)), t)
	}
	// Output:
	// board:
	// abba
	// baba
	// tile 0 (3 squares, 4 orientations with turns):
	//  b
	// aa
	// tile 1 (4 squares, 4 orientations with turns):
	// bab
	//   a
	// tile 2 (1 squares, 1 orientations with turns):
	// b
}

// A tile's distinct orientations: the S tetromino looks the same after a
// half turn, so it has 2 orientations with turns and 4 with mirror images.
func ExampleShape_Orientations() {
	s, err := polyomino.ParseShape(" ##\n##")
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range []polyomino.Mode{polyomino.None, polyomino.Rotate, polyomino.Reflect} {
		fmt.Printf("%s:", m)
		for _, o := range s.Orientations(m) {
			fmt.Printf(" %v", o.Transform)
		}
		fmt.Println()
	}
	// Output:
	// none: identity
	// rotate: identity rotate90
	// reflect: identity rotate90 mirror mirror+rotate90
}

// Folding solutions by the board's symmetries: the two ways to lay two
// dominoes end to end on a bar are mirror images of each other.
func ExampleFold() {
	bar, _ := polyomino.ParseShape("####")
	domino, _ := polyomino.ParseShape("##")
	p := &polyomino.Puzzle{Board: bar, Tiles: []polyomino.Shape{domino, domino}}
	f := polyomino.NewFold(p)
	for _, s := range []polyomino.Solution{
		{{Tile: 0, At: polyomino.Cell{Col: 0}}, {Tile: 1, At: polyomino.Cell{Col: 2}}},
		{{Tile: 1, At: polyomino.Cell{Col: 0}}, {Tile: 0, At: polyomino.Cell{Col: 2}}},
	} {
		drawing, err := p.Render(s)
		if err != nil {
			log.Fatal(err)
		}
		isNew, err := f.Add(s)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s new: %v\n", strings.TrimSpace(drawing), isNew)
	}
	fmt.Println("unique:", f.Len())
	// Output:
	// AABB new: true
	// BBAA new: false
	// unique: 1
}
