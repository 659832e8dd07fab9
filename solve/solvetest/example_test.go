package solvetest_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// Example checks a method the way its package's tests do. In a test the
// suite runs as subtests:
//
//	func TestContract(t *testing.T) {
//		solvetest.Run(t, func() solve.Solver { return backtrack.New() }, solvetest.Config{Complete: true, LabelsOnly: true})
//	}
//
// Check runs the same checks anywhere and says which failed.
func Example() {
	err := solvetest.Check(func() solve.Solver { return backtrack.New() }, solvetest.Config{
		Complete:   true, // an exact method: it must solve every small puzzle
		LabelsOnly: true, // it matches labels and refuses pixel scorers
	})
	fmt.Println(err)
	// Output:
	// <nil>
}

// forgetful is a broken method: it drops the fixed pieces from every
// problem before solving it.
type forgetful struct{ solve.Solver }

func (f forgetful) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if p.Puzzle != nil {
		p.Puzzle = p.Puzzle.Clone()
		p.Puzzle.Fixed = nil
	}
	return f.Solver.Solve(ctx, p, opts...)
}

// ExampleCheck shows what Check reports for a method that ignores fixed
// pieces: the checks that caught it, by name.
func ExampleCheck() {
	err := solvetest.Check(func() solve.Solver { return forgetful{backtrack.New()} }, solvetest.Config{Complete: true, LabelsOnly: true})
	if err == nil {
		fmt.Println("not caught")
		return
	}
	caught := make(map[string]bool)
	for _, line := range strings.Split(err.Error(), "\n")[1:] {
		check, _, _ := strings.Cut(line, "/")
		caught[check] = true
	}
	fmt.Println(caught["Fixed"], caught["InvalidInput"])
	// Output:
	// true true
}
