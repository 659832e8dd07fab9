package tiling_test

import (
	"context"
	"fmt"
	"log"
	"slices"
	"strings"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve/tiling"
)

// The 12 pentominoes fill a 3×20 rectangle in 8 ways, 2 up to the
// rectangle's symmetries (seed 003's table with rotation and reflection).
func Example() {
	const text = `
 ## ##### #### ##   ## ### # # #   #    #    #  ##
##        #     ### ##  #  ### #   ##  ### ####  #
 #                  #   #      ###  ##  #        ##

####################
####################
####################
`
	p, err := polyomino.Parse(strings.NewReader(text))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	res, err := tiling.New().Count(ctx, p, polyomino.Reflect)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d solutions, %d unique (%v)\n", res.Solutions, res.Unique, res.Status)

	// Draw the first in alphabetical order of drawings, which does not
	// depend on the order of the search. Tiles are lettered in the order
	// drawn: A is the F pentomino, then I L N P T U V W X Y Z.
	var drawings []string
	for sol, err := range tiling.New().All(ctx, p, polyomino.Reflect) {
		if err != nil {
			log.Fatal(err)
		}
		d, err := p.Render(sol)
		if err != nil {
			log.Fatal(err)
		}
		drawings = append(drawings, d)
	}
	slices.Sort(drawings)
	fmt.Print(drawings[0])
	// Output:
	// 8 solutions, 2 unique (exhausted)
	// GGJBBBBBDDDAFIKKKKLH
	// GJJJEECDDAAAFIIKLLLH
	// GGJEEECCCCAFFFIILHHH
}
