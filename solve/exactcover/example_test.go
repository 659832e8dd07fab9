package exactcover_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/exactcover"
)

// The exact-cover problem of Knuth's paper "Dancing Links": choose rows of
// a 0/1 matrix that together hold exactly one 1 in every column.
func Example() {
	p := exactcover.NewProblem(7, 0)
	for i, name := range strings.Fields("A B C D E F G") {
		p.SetName(i, name)
	}
	for _, row := range [][]int32{{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}} {
		var opt []exactcover.Elem
		for _, item := range row {
			opt = append(opt, exactcover.Elem{Item: item})
		}
		if _, err := p.AddOption(opt...); err != nil {
			panic(err)
		}
	}
	sol, status, stats, err := exactcover.New().Solve(context.Background(), p)
	if err != nil {
		panic(err)
	}
	fmt.Println(status, stats.Nodes, "nodes")
	for _, o := range sol {
		var names []string
		for _, e := range p.Option(o) {
			names = append(names, p.Name(int(e.Item)))
		}
		fmt.Println(strings.Join(names, " "))
	}
	// Output:
	// solved 5 nodes
	// A D
	// C E F
	// B G
}

// Secondary items with colours (Knuth's XCC): options may share X or Y
// when they give it the same colour.
func ExampleReadDLX() {
	p, err := exactcover.ReadDLX(strings.NewReader(`| DLX2's example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
`))
	if err != nil {
		panic(err)
	}
	for sol, err := range exactcover.New().All(context.Background(), p) {
		if err != nil {
			panic(err)
		}
		fmt.Println(sol)
	}
	// Output:
	// [0 2]
	// [1 3]
}

// dominoes is the problem of tiling a 2×n board with dominoes: an item per
// square, an option per domino.
func dominoes(n int) *exactcover.Problem {
	p := exactcover.NewProblem(2*n, 0)
	domino := func(r1, c1, r2, c2 int) {
		if _, err := p.AddOption(exactcover.Elem{Item: int32(r1*n + c1)}, exactcover.Elem{Item: int32(r2*n + c2)}); err != nil {
			panic(err)
		}
	}
	for c := range n {
		domino(0, c, 1, c) // upright
		if c+1 < n {
			domino(0, c, 0, c+1) // lying, top row
			domino(1, c, 1, c+1) // lying, bottom row
		}
	}
	return p
}

// A 2×10 board has 89 domino tilings, the 11th Fibonacci number.
func ExampleSolver_Count() {
	c, err := exactcover.New().Count(context.Background(), dominoes(10))
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Solutions, c.Status)
	// Output:
	// 89 exhausted
}

// All yields the solutions lazily, each as the options in the order they
// were chosen; a budget of nodes ends the search quietly, and Count says
// how far it got.
func ExampleSolver_All() {
	s := exactcover.New()
	budget := solve.WithMaxIterations(8)
	for sol, err := range s.All(context.Background(), dominoes(4), budget) {
		if err != nil {
			panic(err)
		}
		fmt.Println(sol)
	}
	c, _ := s.Count(context.Background(), dominoes(4), budget)
	fmt.Println(c.Solutions, "of 5 within", c.Stats.Nodes, "nodes:", c.Status)
	// Output:
	// [0 3 6 9]
	// [0 3 7 8]
	// [0 4 9 5]
	// 3 of 5 within 8 nodes: iteration limit
}

// WriteDLX writes a problem for Knuth's programs, naming unnamed items by
// their index.
func ExampleWriteDLX() {
	p := exactcover.NewProblem(2, 1)
	p.SetName(2, "x")
	for item := range int32(2) {
		if _, err := p.AddOption(exactcover.Elem{Item: item}, exactcover.Elem{Item: 2, Colour: 5}); err != nil {
			panic(err)
		}
	}
	if err := exactcover.WriteDLX(os.Stdout, p); err != nil {
		panic(err)
	}
	// Output:
	// 0 1 | x
	// 0 x:5
	// 1 x:5
}
