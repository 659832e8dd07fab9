package lp_test

import (
	"fmt"
	"testing"

	"github.com/reassemble/jigsaw/solve/lp"
)

// BenchmarkRelax times the relaxations the package documentation quotes.
// The 3×3 edge-matching relaxation takes about a second and a half.
func BenchmarkRelax(b *testing.B) {
	for _, n := range []int{2, 3} {
		for _, f := range []lp.Formulation{lp.ThesisSummed, lp.EdgeMatching} {
			b.Run(fmt.Sprintf("%dx%d/%v", n, n, f), func(b *testing.B) {
				p, _ := planted(b, n, n, 1)
				m, err := lp.New(p, f)
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if _, err := m.Relax(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkNew times building the models, the thesis's 15,570-row 3×3
// among them.
func BenchmarkNew(b *testing.B) {
	p, _ := planted(b, 3, 3, 1)
	for _, f := range []lp.Formulation{lp.Thesis, lp.ThesisSummed, lp.EdgeMatching} {
		b.Run(f.String(), func(b *testing.B) {
			for b.Loop() {
				if _, err := lp.New(p, f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
