package edge_test

import (
	"context"
	"math"
	"testing"

	"github.com/reassemble/jigsaw/edge"
)

// hiddenMeasure hides a measure's type, so that tables bind it as any
// measure of a user's: through Bind.
type hiddenMeasure struct{ edge.Measure }

// On the log scale a table holds log(1 + D) for every join D of the inner
// measure's table, and each side ranks the same partners in the same
// order; a table of the measure's own Dissimilarity (no rescaling by the
// table) agrees to float32 rounding.
func TestLogTable(t *testing.T) {
	tiles := smoothPhotoTiles(t)
	for _, inner := range []edge.Measure{edge.MGC(), edge.Prediction()} {
		for _, rot := range []bool{false, true} {
			p := tilePuzzle(tiles, rot)
			plain, err := edge.NewTable(context.Background(), p, inner, 2)
			if err != nil {
				t.Fatal(err)
			}
			logged, err := edge.NewTable(context.Background(), p, edge.Log(inner), 2)
			if err != nil {
				t.Fatal(err)
			}
			bound, err := edge.NewTable(context.Background(), p, hiddenMeasure{edge.Log(inner)}, 1)
			if err != nil {
				t.Fatal(err)
			}
			if want := "log(" + inner.Name() + ")"; logged.Measure() != want {
				t.Errorf("Measure() = %q, want %q", logged.Measure(), want)
			}
			for i := range 4 * len(tiles) {
				pb, lb := plain.Best(i), logged.Best(i)
				if len(pb) != len(lb) {
					t.Fatalf("%s rot=%v: side %d keeps %d partners on the log scale, %d without", inner.Name(), rot, i, len(lb), len(pb))
				}
				for k := range pb {
					if pb[k].Side != lb[k].Side || lb[k].Cost != float32(math.Log1p(float64(pb[k].Cost))) {
						t.Fatalf("%s rot=%v: side %d's partner %d is %v on the log scale, %v without", inner.Name(), rot, i, k, lb[k], pb[k])
					}
				}
				for j := range 4 * len(tiles) {
					d, l, b := plain.Join(i, j), logged.Join(i, j), bound.Join(i, j)
					if math.IsInf(d, 1) {
						if !math.IsInf(l, 1) || !math.IsInf(b, 1) {
							t.Fatalf("impossible join (%d, %d) costs %g and %g on the log scale", i, j, l, b)
						}
						continue
					}
					if want := float64(float32(math.Log1p(d))); l != want {
						t.Fatalf("%s rot=%v: Join(%d, %d) = %g on the log scale, want log(1 + %g) = %g", inner.Name(), rot, i, j, l, d, want)
					}
					if math.Abs(b-l) > 1e-5*(1+l) {
						t.Fatalf("%s rot=%v: Join(%d, %d) = %g bound through Bind, %g by the table", inner.Name(), rot, i, j, b, l)
					}
				}
			}
		}
	}
}

func TestLogName(t *testing.T) {
	for _, name := range []string{"log(mgc)", "log(prediction)", "log(lpq(p=1,q=2))", "log(log(mgc))"} {
		m, err := edge.NewMeasure(name)
		if err != nil {
			t.Fatalf("NewMeasure(%q): %v", name, err)
		}
		if m.Name() != name {
			t.Errorf("NewMeasure(%q).Name() = %q", name, m.Name())
		}
	}
	if got := edge.Log(edge.MGC()).Depth(); got != edge.MGC().Depth() {
		t.Errorf("Depth() = %d, want the inner measure's, %d", got, edge.MGC().Depth())
	}
}
