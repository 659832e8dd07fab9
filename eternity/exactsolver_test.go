package eternity_test

import (
	"testing"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

func TestExactSolverContract(t *testing.T) {
	solvetest.Run(t, func() solve.Solver { return eternity.NewExactSolver() }, solvetest.Config{Complete: true, LabelsOnly: true})
}

func TestExactSolverFoldedContract(t *testing.T) {
	solvetest.Run(t, func() solve.Solver { return eternity.NewExactSolver(eternity.ExactFoldTurns()) }, solvetest.Config{Complete: true, LabelsOnly: true})
}
