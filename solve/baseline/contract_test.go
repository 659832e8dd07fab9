package baseline_test

import (
	"testing"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/baseline"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

func TestContract(t *testing.T) {
	t.Run("ST", func(t *testing.T) {
		solvetest.Run(t, func() solve.Solver { return baseline.Random() }, solvetest.Config{})
	})
	t.Run("SS", func(t *testing.T) {
		solvetest.Run(t, func() solve.Solver { return baseline.Structured() }, solvetest.Config{})
	})
}
