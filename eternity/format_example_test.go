package eternity_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/reassemble/jigsaw/eternity"
)

// A piece file in the seed's comma format: line k is piece k (from 1), its
// colours top, right, bottom, left, grey 0.
func ExampleLoad() {
	const pieces = `1,2,0,0
0,0,3,1
3,4,0,0
0,0,4,2
`
	inst, err := eternity.Load(strings.NewReader(pieces))
	if err != nil {
		fmt.Println(err)
		return
	}
	p := inst.Puzzle
	fmt.Println(inst.Format, p.Rows, "x", p.Cols, "rotatable:", p.Rotatable)
	fmt.Println("piece 0 (the file's piece 1):", p.Pieces[0].Edges)
	// Output:
	// comma 2 x 2 rotatable: true
	// piece 0 (the file's piece 1): [1 2 0 0]
}

// The seed's board format numbers pieces from 1; the pair format of the
// generated instances from 0.
func ExampleWriteBoard() {
	_, b, err := eternity.ReadColourBoard(strings.NewReader(`0 1 3 0   0 3 1 1   0 0 4 3
3 2 1 0   1 1 4 2   4 0 3 1
1 4 0 0   4 2 0 4   3 0 0 2
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	b.Cells[4].Rotation = 2
	if err := eternity.WriteBoard(os.Stdout, b, eternity.Grid); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 1/0 2/0 3/0
	// 4/0 5/2 6/0
	// 7/0 8/0 9/0
}
