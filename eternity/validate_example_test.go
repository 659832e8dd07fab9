package eternity_test

import (
	"fmt"
	"strings"

	"github.com/reassemble/jigsaw/eternity"
)

// A census of the seed's 3×3 fixture: the kinds of its pieces, its frame
// and inner colours, and whether every colour can pair up.
func ExampleTakeCensus() {
	p, _, err := eternity.ReadColourBoard(strings.NewReader(`0 1 3 0   0 3 1 1   0 0 4 3
3 2 1 0   1 1 4 2   4 0 3 1
1 4 0 0   4 2 0 4   3 0 0 2
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	c := eternity.TakeCensus(p)
	fmt.Println("corners", c.Count[eternity.Corner], "edges", c.Count[eternity.Edge], "inner", c.Count[eternity.Inner])
	fmt.Println("frame colours", c.FrameColours(), "inner colours", c.InnerColours())
	fmt.Println("check:", eternity.Check(p))
	// Output:
	// corners 4 edges 4 inner 1
	// frame colours [1 2 3 4] inner colours [1 2 4]
	// check: <nil>
}
