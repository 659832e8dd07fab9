package esp_test

import (
	"testing"

	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// TestPicturesContract checks Pictures against the solver contract. Its
// default placer is greedy, an incomplete method, so the suite checks that
// the boards, costs and statuses are honest, not that it solves every
// puzzle.
func TestPicturesContract(t *testing.T) {
	solvetest.Run(t, func() solve.Solver { return esp.NewPictures() }, solvetest.Config{})
}
