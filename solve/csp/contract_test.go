package csp_test

import (
	"testing"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/csp"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

var (
	orders       = []csp.Order{csp.ThesisOrder, csp.RowMajor, csp.MRV}
	propagations = []csp.Propagation{csp.ForwardChecking, csp.ArcConsistency}
)

func TestContract(t *testing.T) {
	for _, o := range orders {
		for _, pr := range propagations {
			t.Run(o.String()+"/"+pr.String(), func(t *testing.T) {
				solvetest.Run(t, func() solve.Solver {
					return csp.New(csp.WithOrder(o), csp.WithPropagation(pr))
				}, solvetest.Config{Complete: true, LabelsOnly: true})
			})
		}
	}
}
