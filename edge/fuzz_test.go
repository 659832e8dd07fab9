package edge_test

import (
	"context"
	"image"
	"math"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// fuzzTiles returns n size×size RGBA tiles, their bytes (alpha included,
// so that premultiplied values below the colour occur) taken in turn from
// pix, all zero when pix is empty.
func fuzzTiles(n, size int, pix []byte) []image.Image {
	out := make([]image.Image, n)
	next := 0
	for i := range out {
		img := image.NewRGBA(image.Rect(0, 0, size, size))
		if len(pix) > 0 {
			for k := range img.Pix {
				img.Pix[k] = pix[next%len(pix)]
				next++
			}
		}
		out[i] = img
	}
	return out
}

// joinPossible reports whether sides i and j may face each other, as
// Table.Join's doc says: sides of two different pieces, and for pieces
// that may not turn only Right–Left and Bottom–Top.
func joinPossible(rot bool, i, j int) bool {
	if i/4 == j/4 {
		return false
	}
	return rot || j%4 == (i%4+2)%4
}

// ranking returns every possible partner of side i, cheapest first, ties to
// the lower side index: the order Best promises.
func ranking(c edge.Compatibility, i int) []edge.Match {
	var all []edge.Match
	for j := range 4 * c.Pieces() {
		if joinPossible(c.Rotatable(), i, j) {
			all = append(all, edge.Match{Side: int32(j), Cost: float32(c.Join(i, j))})
		}
	}
	slices.SortFunc(all, func(x, y edge.Match) int {
		switch {
		case x.Cost < y.Cost:
			return -1
		case x.Cost > y.Cost:
			return 1
		}
		return int(x.Side - y.Side)
	})
	return all
}

// checkCompatibility checks the contract of a table or sparse table built
// with k partners a side: every possible join finite and at least 0, every
// other +Inf, joins symmetric, Score the join of the facing sides, and Best
// the head of the full ranking; best buddies mutual and confidences in
// [0, 1].
func checkCompatibility(t *testing.T, what string, c edge.Compatibility, k int) {
	t.Helper()
	n, rot := c.Pieces(), c.Rotatable()
	for i := range 4 * n {
		for j := range 4 * n {
			v := c.Join(i, j)
			switch {
			case !joinPossible(rot, i, j):
				if !math.IsInf(v, 1) {
					t.Fatalf("%s: Join(%d, %d) = %g for sides that cannot face each other, want +Inf", what, i, j, v)
				}
			case math.IsNaN(v) || math.IsInf(v, 0) || v < 0:
				t.Fatalf("%s: Join(%d, %d) = %g, want a finite cost of at least 0", what, i, j, v)
			}
			if w := c.Join(j, i); w != v {
				t.Fatalf("%s: Join(%d, %d) = %g but Join(%d, %d) = %g", what, i, j, v, j, i, w)
			}
		}
		want := ranking(c, i)
		want = want[:min(len(want), k)]
		if got := c.Best(i); !slices.Equal(got, want) {
			t.Fatalf("%s: Best(%d) = %v, want %v", what, i, got, want)
		}
	}
	// Two unturned pieces side by side and one above the other.
	for a := range n {
		for b := range n {
			pa, pb := puzzle.Placement{Piece: puzzle.PieceID(a)}, puzzle.Placement{Piece: puzzle.PieceID(b)}
			if got, want := c.Score(pa, puzzle.Right, pb), c.Join(4*a+int(puzzle.Right), 4*b+int(puzzle.Left)); got != want {
				t.Fatalf("%s: Score(%d, Right, %d) = %g, Join = %g", what, a, b, got, want)
			}
			if got, want := c.Score(pa, puzzle.Bottom, pb), c.Join(4*a+int(puzzle.Bottom), 4*b+int(puzzle.Top)); got != want {
				t.Fatalf("%s: Score(%d, Bottom, %d) = %g, Join = %g", what, a, b, got, want)
			}
		}
	}
	buddies := edge.BestBuddies(c)
	for i, j := range buddies {
		if j >= 0 && buddies[j] != int32(i) {
			t.Fatalf("%s: side %d's best buddy is %d, whose best buddy is %d", what, i, j, buddies[j])
		}
	}
	for i, v := range edge.Confidence(c) {
		if !(v >= 0 && v <= 1) {
			t.Fatalf("%s: Confidence of side %d is %g, want a value in [0, 1]", what, i, v)
		}
	}
}

// FuzzTable checks NewTable and NewSparse on small picture puzzles of
// every measure MeasureNames lists: 1 to 6 pieces of 2 to 9 pixels, turning
// or not, pixels from the fuzzer, any k and number of workers. Neither may
// panic or fail, and both must keep the Compatibility contract and agree.
func FuzzTable(f *testing.F) {
	f.Add(uint8(3), uint8(4), false, uint8(0), int8(0), uint8(1), []byte{10, 200, 30, 255, 0, 7})
	f.Add(uint8(5), uint8(2), true, uint8(1), int8(3), uint8(2), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint8(0), uint8(3), true, uint8(2), int8(-1), uint8(0), []byte{})        // one piece: no partners
	f.Add(uint8(1), uint8(7), false, uint8(3), int8(1), uint8(3), []byte{255})     // two flat pieces: every join ties
	f.Add(uint8(4), uint8(5), true, uint8(4), int8(100), uint8(0), []byte{0, 255}) // k above the partners a side has
	f.Add(uint8(2), uint8(6), false, uint8(5), int8(2), uint8(1), []byte{17, 0, 0, 0})
	f.Add(uint8(3), uint8(0), true, uint8(6), int8(5), uint8(2), []byte{128, 3, 250, 9, 0})
	f.Add(uint8(5), uint8(8), true, uint8(7), int8(16), uint8(1), []byte{1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233})
	names := edge.MeasureNames()
	f.Fuzz(func(t *testing.T, pieces, size uint8, rot bool, measure uint8, k int8, workers uint8, pix []byte) {
		n := 1 + int(pieces)%6
		m, err := edge.NewMeasure(names[int(measure)%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		p := tilePuzzle(fuzzTiles(n, 2+int(size)%8, pix), rot)
		w := int(workers) % 4 // 0 means GOMAXPROCS
		ctx := context.Background()
		tab, err := edge.NewTable(ctx, p, m, w)
		if err != nil {
			t.Fatalf("NewTable with %s: %v", m.Name(), err)
		}
		checkCompatibility(t, "table "+m.Name(), tab, edge.DefaultK)
		sp, err := edge.NewSparse(ctx, p, m, int(k), w)
		if err != nil {
			t.Fatalf("NewSparse with %s, k = %d: %v", m.Name(), k, err)
		}
		keep := int(k)
		if keep < 1 {
			keep = edge.DefaultK
		}
		checkCompatibility(t, "sparse "+m.Name(), sp, keep)
		for i := range 4 * n {
			for j := range 4 * n {
				if x, y := tab.Join(i, j), sp.Join(i, j); x != y {
					t.Fatalf("%s: Join(%d, %d) is %g in the table, %g in the sparse table", m.Name(), i, j, x, y)
				}
			}
		}
	})
}

// FuzzNewMeasure checks that NewMeasure never panics on a name, that the
// measure it returns is found again by its Name, and that bound to a small
// picture puzzle it prices every pair of sides at a cost of at least 0
// (+Inf included: an lpq measure with extreme exponents may overflow).
func FuzzNewMeasure(f *testing.F) {
	for _, name := range edge.MeasureNames() {
		f.Add(name)
	}
	for _, name := range []string{
		"lpq(p=0.3,q=0.0625)", "lpq(p=1,q=2)", "lpq(p=2,q=1)", "lpq(p=0x1p-2,q=1e300)",
		"lpq(p=5e-324,q=1)", "lpq(p=-1,q=1)", "lpq(p=NaN,q=1)", "lpq(p=Inf,q=1)",
		"lpq(p=1,q=1", "lpq(p=1;q=1)", "lpq(p=,q=)", "lpq(p=1,q=2,q=3)", "thesis5", "thesis0", "", "MGC",
		"log(mgc)", "log(log(prediction))", "log(lpq(p=1,q=2))", "log(", "log()", "log(sobel)", "log(mgc))",
	} {
		f.Add(name)
	}
	// 3 pieces of 4 pixels with varied colours.
	p := tilePuzzle(fuzzTiles(3, 4, []byte{0, 0, 0, 255, 90, 14, 250, 255, 3, 200, 7, 255, 128, 128, 128, 255, 0}), true)
	f.Fuzz(func(t *testing.T, name string) {
		m, err := edge.NewMeasure(name)
		if err != nil {
			if m != nil {
				t.Errorf("NewMeasure(%q) returned a measure with the error %v", name, err)
			}
			return
		}
		again, err := edge.NewMeasure(m.Name())
		if err != nil {
			t.Fatalf("NewMeasure(%q) is named %q, which NewMeasure rejects: %v", name, m.Name(), err)
		}
		if again.Name() != m.Name() {
			t.Fatalf("NewMeasure(%q) is named %q, which NewMeasure reads as %q", name, m.Name(), again.Name())
		}
		sides, err := edge.Profiles(p, m.Depth())
		if err != nil {
			t.Fatalf("measure %q reads %d rows deep: %v", m.Name(), m.Depth(), err)
		}
		d, err := m.Bind(sides)
		if err != nil {
			t.Fatalf("measure %q does not bind to a valid puzzle's profiles: %v", m.Name(), err)
		}
		for i := range sides {
			for j := range sides {
				if v := d(i, j); !(v >= 0) {
					t.Fatalf("measure %q prices side %d against side %d at %g", m.Name(), i, j, v)
				}
			}
		}
	})
}
