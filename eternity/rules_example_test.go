package eternity_test

import (
	"fmt"

	"github.com/reassemble/jigsaw/eternity"
)

// The official hints, for the seed's piece file (turn 0) and for the
// eternity2.dev JSON set, whose pieces are turned a half turn from it.
// Cells are 0-based (row, column); pieces are 0-based, one less than the
// numbers printed on them.
func ExamplePreset_In() {
	fmt.Println("seed file:", eternity.AllHints.In(0))
	fmt.Println("JSON set: ", eternity.AllHints.In(2))
	// Output:
	// seed file: [{(8,7) 138/2} {(2,2) 207/3} {(2,13) 254/3} {(13,2) 180/3} {(13,13) 248/0}]
	// JSON set:  [{(8,7) 138/0} {(2,2) 207/1} {(2,13) 254/1} {(13,2) 180/1} {(13,13) 248/2}]
}
