package sa_test

import (
	"testing"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/sa"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

func TestContract(t *testing.T) {
	for _, tc := range []struct {
		name   string
		preset sa.Option
	}{
		{name: "thesis", preset: sa.Thesis()},
		{name: "eternity", preset: sa.Eternity()},
		{name: "strong", preset: sa.Strong()},
		{name: "all moves", preset: sa.WithMoves(sa.Moves{Turn: 1, Swap: 1, SwapTurn: 1, Lines: 1, Blocks: 1})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			solvetest.Run(t, func() solve.Solver { return sa.New(tc.preset) }, solvetest.Config{})
		})
	}
}
