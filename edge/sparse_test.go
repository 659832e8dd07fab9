package edge_test

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// A sparse form keeping DefaultK partners is the dense table less the costs
// it does not keep, which it prices again to the same float32 value.
func TestSparseAgreesWithDense(t *testing.T) {
	cases := append(slices.Clone(tableCases),
		// 150 pieces take three bands of rows (NewSparse prices at most
		// 64 rows at a time), so the ranking carries over from band to
		// band.
		tableCase{"type 1, three bands", func() []image.Image { return flatTiles(tabRand(20), 150, 3, 12) }, false},
		tableCase{"type 2, three bands", func() []image.Image { return noiseTiles(tabRand(21), 150, 3) }, true},
	)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := tilePuzzle(tc.tiles(), tc.rotatable)
			dense, err := edge.NewTable(context.Background(), p, predictMeasure{}, 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{1, 4} {
				sp, err := edge.NewSparse(context.Background(), p, predictMeasure{}, edge.DefaultK, workers)
				if err != nil {
					t.Fatal(err)
				}
				if sp.Measure() != dense.Measure() {
					t.Errorf("Measure() = %q, want %q", sp.Measure(), dense.Measure())
				}
				if d := compatDiff(dense, sp); d != "" {
					t.Errorf("workers=%d: dense and sparse differ: %s", workers, d)
				}
			}
		})
	}
}

// A measure with a lower bound (MGC) lets NewSparse skip pricing most
// joins on puzzles with many more partners than it keeps; the lists must
// come out exactly as the dense table's, flat tiles (many equal costs and
// bounds close to the joins) and photographs alike.
func TestSparsePrunedAgreesWithDense(t *testing.T) {
	cases := []tableCase{
		{"type 1, flat tiles", func() []image.Image { return flatTiles(tabRand(30), 200, 3, 12) }, false},
		{"type 1, noise", func() []image.Image { return noiseTiles(tabRand(31), 200, 3) }, false},
		{"type 2, flat tiles", func() []image.Image { return flatTiles(tabRand(32), 60, 3, 12) }, true},
		{"type 2, noise", func() []image.Image { return noiseTiles(tabRand(33), 60, 3) }, true},
	}
	photo, _, err := puzzle.Cut(smoothPhoto(16*10, 16*14), 10)
	if err != nil {
		t.Fatal(err)
	}
	photoTiles := func() []image.Image {
		var out []image.Image
		for _, pc := range photo.Pieces {
			out = append(out, pc.Image)
		}
		return out
	}
	cases = append(cases, tableCase{"type 1, photograph", photoTiles, false}, tableCase{"type 2, photograph", photoTiles, true})
	for _, tc := range cases {
		// On the log scale the lists are ranked by MGC's bound and
		// rescaled, and the costs they miss rescaled when priced; the
		// type 2 photograph, the slowest case, is left to MGC alone.
		measures := []edge.Measure{edge.MGC()}
		if tc.name != "type 2, photograph" {
			measures = append(measures, edge.Log(edge.MGC()))
		}
		for _, m := range measures {
			t.Run(tc.name+", "+m.Name(), func(t *testing.T) {
				p := tilePuzzle(tc.tiles(), tc.rotatable)
				dense, err := edge.NewTable(context.Background(), p, m, 2)
				if err != nil {
					t.Fatal(err)
				}
				for _, workers := range []int{1, 3} {
					sp, err := edge.NewSparse(context.Background(), p, m, edge.DefaultK, workers)
					if err != nil {
						t.Fatal(err)
					}
					if d := compatDiff(dense, sp); d != "" {
						t.Errorf("workers=%d: dense and pruned sparse differ: %s", workers, d)
					}
				}
			})
		}
	}
}

// smoothPhoto is a picture with a photograph's mix of smooth gradients and
// texture.
func smoothPhoto(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := tabRand(34)
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{
				uint8(100 + 80*math.Sin(float64(x)/13+float64(y)/31) + float64(rng.IntN(10))),
				uint8(120 + 60*math.Cos(float64(y)/11) + float64(rng.IntN(10))),
				uint8(x * 255 / w), 255})
		}
	}
	return img
}

// smoothPhotoTiles is smoothPhoto cut into 140 tiles of 16 pixels.
func smoothPhotoTiles(t testing.TB) []image.Image {
	t.Helper()
	photo, _, err := puzzle.Cut(smoothPhoto(16*10, 16*14), 16)
	if err != nil {
		t.Fatal(err)
	}
	var tiles []image.Image
	for _, pc := range photo.Pieces {
		tiles = append(tiles, pc.Image)
	}
	return tiles
}

// With k partners kept, Best is the head of the dense ranking.
func TestSparseK(t *testing.T) {
	tests := []struct {
		name      string
		rotatable bool
		k, want   int
	}{
		{"type 1, k=3", false, 3, 3},
		{"type 2, k=1", true, 1, 1},
		// k < 1 means DefaultK.
		{"type 2, default", true, 0, edge.DefaultK},
		// 12 pieces: a side has 11 partners in Type 1, 44 in Type 2.
		{"type 1, k beyond partners", false, 100, 11},
		{"type 2, k beyond partners", true, 100, 44},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tilePuzzle(noiseTiles(tabRand(22), 12, 4), tt.rotatable)
			sp, err := edge.NewSparse(context.Background(), p, predictMeasure{}, tt.k, 2)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 4 * sp.Pieces() {
				got, want := sp.Best(i), bruteBest(sp, i, tt.want)
				if !slices.Equal(got, want) {
					t.Fatalf("Best(%d) = %v, want %v", i, got, want)
				}
			}
		})
	}
}

// Joins outside the kept lists are priced on demand, the same as a table's,
// and Score goes through the same rotations.
func TestSparseJoinOnDemand(t *testing.T) {
	p := tilePuzzle(noiseTiles(tabRand(23), 8, 4), true)
	dense, err := edge.NewTable(context.Background(), p, predictMeasure{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := edge.NewSparse(context.Background(), p, predictMeasure{}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	kept := 0
	for i := range 32 {
		for j := range 32 {
			if int(sp.Best(i)[0].Side) == j {
				kept++
			}
			if got, want := sp.Join(i, j), dense.Join(i, j); got != want {
				t.Fatalf("Join(%d, %d) = %g, dense %g", i, j, got, want)
			}
		}
	}
	if kept != 32 {
		t.Errorf("%d kept partners found, want one per side", kept)
	}
	for ra := range puzzle.Rotation(4) {
		for _, s := range puzzle.Sides {
			a, b := pl(3, ra), pl(5, ra.Add(1))
			if got, want := sp.Score(a, s, b), dense.Score(a, s, b); got != want {
				t.Errorf("Score(%v, %v, %v) = %g, dense %g", a, s, b, got, want)
			}
		}
	}
	if got := sp.Join(0, 2); !math.IsInf(got, 1) {
		t.Errorf("Join of two sides of piece 0 = %g, want +Inf", got)
	}
}

// Sparse refuses lists beyond its size limit before allocating them.
func TestNewSparseTooLarge(t *testing.T) {
	// 4n·k Matches pass 2^30 for k = n-1 from n = 16385.
	p := tilePuzzle(flatTiles(tabRand(24), 16385, 2, 1), false)
	_, err := edge.NewSparse(context.Background(), p, predictMeasure{}, 1<<20, 0)
	if err == nil || !strings.Contains(err.Error(), "keep fewer") {
		t.Errorf("got %v, want an error asking to keep fewer partners", err)
	}
}

func BenchmarkNewSparse(b *testing.B) {
	// MGC ranks by pruning (a lower bound spares most joins); the
	// prediction measure prices every join. Noise tiles are the pruning's
	// worst case: their sides' mean colours are alike.
	measures := []edge.Measure{predictMeasure{}, edge.MGC()}
	for _, n := range benchSizes([]int{1000}, []int{10000}) {
		p := tilePuzzle(benchTiles(n), false)
		for _, m := range measures {
			b.Run(fmt.Sprintf("type1/%s/n=%d", m.Name(), n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := edge.NewSparse(context.Background(), p, m, edge.DefaultK, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// JoinAtLeast is Join below the bound and lies between the bound and Join
// above it, with MGC's bounds and with a measure that has none.
func TestSparseJoinAtLeast(t *testing.T) {
	tiles := smoothPhotoTiles(t)
	for _, tc := range []struct {
		name string
		m    edge.Measure
		rot  bool
	}{
		{"mgc, type 1", edge.MGC(), false},
		{"mgc, type 2", edge.MGC(), true},
		{"log(mgc), type 1", edge.Log(edge.MGC()), false},
		{"log(mgc), type 2", edge.Log(edge.MGC()), true},
		{"no bound, type 2", predictMeasure{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := tilePuzzle(tiles, tc.rot)
			sp, err := edge.NewSparse(context.Background(), p, tc.m, 4, 1)
			if err != nil {
				t.Fatal(err)
			}
			ruledOut := 0
			for i := range 4 * len(tiles) {
				for j := range 4 * len(tiles) {
					join := sp.Join(i, j)
					if math.IsInf(join, 1) {
						if got := sp.JoinAtLeast(i, j, 0); !math.IsInf(got, 1) {
							t.Fatalf("JoinAtLeast(%d, %d) = %g of an impossible join, want +Inf", i, j, got)
						}
						continue
					}
					// Bounds below, at and above the join.
					for _, bound := range []float64{0, join / 2, join, 2 * join} {
						got := sp.JoinAtLeast(i, j, bound)
						switch {
						case join < bound && got != join:
							t.Fatalf("JoinAtLeast(%d, %d, %g) = %g, want the join, %g", i, j, bound, got, join)
						case join >= bound && (got < bound || got > join):
							t.Fatalf("JoinAtLeast(%d, %d, %g) = %g, want between the bound and the join, %g", i, j, bound, got, join)
						}
						if got < join {
							ruledOut++
						}
					}
				}
			}
			if _, ok := tc.m.(predictMeasure); !ok && ruledOut == 0 {
				t.Error("no join ruled out short of pricing it")
			}
		})
	}
}
