package eternity_test

import (
	"fmt"
	"strings"

	"github.com/reassemble/jigsaw/eternity"
)

// The seed's 3×3 fixture (its Figure 14) is a perfect board: all 12 inner
// joins match, and the seed's score adds the 12 grey rim sides. Turning
// the centre piece a quarter turn breaks three of its four joins.
func ExampleScore() {
	p, b, err := eternity.ReadColourBoard(strings.NewReader(`0 1 3 0   0 3 1 1   0 0 4 3
3 2 1 0   1 1 4 2   4 0 3 1
1 4 0 0   4 2 0 4   3 0 0 2
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d/%d, seed's score %d/%d\n", eternity.Score(p, b), eternity.MaxScore(3, 3), eternity.Score544(p, b), eternity.MaxScore544(3, 3))
	b.Cells[4].Rotation = 1
	fmt.Printf("%d/%d, conflicts per cell %v\n", eternity.Score(p, b), eternity.MaxScore(3, 3), eternity.Conflicts(p, b))
	// Output:
	// 12/12, seed's score 24/24
	// 9/12, conflicts per cell [0 1 0 1 3 0 0 1 0]
}
