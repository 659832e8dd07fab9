package edge_test

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// The -long flag turns on the large benchmark cases. It is registered only
// if another test file of the package has not done so already.
func init() {
	if flag.Lookup("long") == nil {
		flag.Bool("long", false, "run the long benchmark cases")
	}
}

// tablesLong reports whether -long was given.
func tablesLong() bool {
	f := flag.Lookup("long")
	return f != nil && f.Value.String() == "true"
}

// tabRand returns a generator for the fixed seed.
func tabRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

// noiseTiles returns n tiles of size×size random pixels: every join has a
// distinct cost.
func noiseTiles(rng *rand.Rand, n, size int) []image.Image {
	out := make([]image.Image, n)
	for i := range out {
		img := image.NewRGBA(image.Rect(0, 0, size, size))
		for k := range img.Pix {
			img.Pix[k] = uint8(rng.IntN(256))
		}
		for k := 3; k < len(img.Pix); k += 4 {
			img.Pix[k] = 255
		}
		out[i] = img
	}
	return out
}

// flatTiles returns n tiles of one colour each, drawn from a palette of
// colours: many joins cost the same, which exercises tie-breaking.
func flatTiles(rng *rand.Rand, n, size, colours int) []image.Image {
	out := make([]image.Image, n)
	for i := range out {
		g := uint8(rng.IntN(colours) * 40)
		img := image.NewRGBA(image.Rect(0, 0, size, size))
		for y := range size {
			for x := range size {
				img.Set(x, y, color.RGBA{g, 255 - g, g / 2, 255})
			}
		}
		out[i] = img
	}
	return out
}

// tilePuzzle makes a one-row image puzzle of the tiles.
func tilePuzzle(tiles []image.Image, rotatable bool) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: 1, Cols: len(tiles), Rotatable: rotatable}
	for i, img := range tiles {
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Image: img})
	}
	return p
}

// turnImage returns img turned clockwise by r quarter turns: the pixel at
// (x, y) of one turn comes from (y, size-1-x) of the image before it.
func turnImage(img image.Image, r puzzle.Rotation) image.Image {
	for range r {
		b := img.Bounds()
		size := b.Dx()
		out := image.NewRGBA(image.Rect(0, 0, size, size))
		for y := range size {
			for x := range size {
				out.Set(x, y, img.At(b.Min.X+y, b.Min.Y+size-1-x))
			}
		}
		img = out
	}
	return img
}

// predictMeasure is a cheap, asymmetric stand-in for the package's
// measures: side i predicts the pixels beyond it by extending its two outer
// rows linearly (2·row0 − row1), and d(i, j) is the sum of squared
// differences between that prediction and side j's outer row, read in
// facing order.
type predictMeasure struct{}

func (predictMeasure) Name() string { return "test-predict" }
func (predictMeasure) Depth() int   { return edge.MinDepth }

func (predictMeasure) Bind(sides []edge.Profile) (edge.Dissimilarity, error) {
	l := sides[0].Len
	w := 3 * l
	pred := make([]float32, len(sides)*w)
	facing := make([]float32, len(sides)*w)
	for s := range sides {
		p := &sides[s]
		for i := range l {
			for c := range 3 {
				pred[s*w+i*3+c] = 2*p.At(0, i, c) - p.At(1, i, c)
				facing[s*w+(l-1-i)*3+c] = p.At(0, i, c)
			}
		}
	}
	return func(i, j int) float64 {
		a, b := pred[i*w:(i+1)*w], facing[j*w:(j+1)*w]
		var sum float64
		for k := range a {
			d := float64(a[k] - b[k])
			sum += d * d
		}
		return sum
	}, nil
}

// costMeasure prices joins by a function of the side indices, ignoring the
// pixels: hand-made tables.
type costMeasure struct {
	d   edge.Dissimilarity
	err error
}

func (costMeasure) Name() string { return "test-cost" }
func (costMeasure) Depth() int   { return edge.MinDepth }

func (m costMeasure) Bind([]edge.Profile) (edge.Dissimilarity, error) { return m.d, m.err }

// countingMeasure counts the calls of predictMeasure's Dissimilarity and
// calls cancel at call number cancelAt.
type countingMeasure struct {
	calls    *atomic.Int64
	cancelAt int64
	cancel   func()
}

func (countingMeasure) Name() string { return "test-counting" }
func (countingMeasure) Depth() int   { return edge.MinDepth }

func (m countingMeasure) Bind(sides []edge.Profile) (edge.Dissimilarity, error) {
	d, err := predictMeasure{}.Bind(sides)
	return func(i, j int) float64 {
		if m.calls.Add(1) == m.cancelAt {
			m.cancel()
		}
		return d(i, j)
	}, err
}

// boundTo binds m to p's profiles as NewTable does, for computing expected
// costs independently of the table.
func boundTo(t testing.TB, p *puzzle.Puzzle, m edge.Measure) edge.Dissimilarity {
	t.Helper()
	prof, err := edge.Profiles(p, m.Depth())
	if err != nil {
		t.Fatal(err)
	}
	d, err := m.Bind(prof)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// canFace reports whether sides i and j may face each other.
func canFace(rotatable bool, i, j int) bool {
	return i/4 != j/4 && (rotatable || j%4 == (i+2)%4)
}

// bruteBest ranks every possible partner of side i by Join then side index
// with a full sort, and keeps k.
func bruteBest(c edge.Compatibility, i, k int) []edge.Match {
	var all []edge.Match
	for j := range 4 * c.Pieces() {
		if canFace(c.Rotatable(), i, j) {
			all = append(all, edge.Match{Side: int32(j), Cost: float32(c.Join(i, j))})
		}
	}
	slices.SortFunc(all, func(x, y edge.Match) int {
		return cmp.Or(cmp.Compare(x.Cost, y.Cost), cmp.Compare(x.Side, y.Side))
	})
	return all[:min(k, len(all))]
}

// tableCase is a puzzle to build tables of.
type tableCase struct {
	name      string
	tiles     func() []image.Image
	rotatable bool
}

// tableCases are the puzzles most table tests run on.
var tableCases = []tableCase{
	{"type 1, noise", func() []image.Image { return noiseTiles(tabRand(1), 23, 4) }, false},
	{"type 2, noise", func() []image.Image { return noiseTiles(tabRand(2), 23, 4) }, true},
	{"type 1, flat colours", func() []image.Image { return flatTiles(tabRand(3), 30, 3, 4) }, false},
	{"type 2, flat colours", func() []image.Image { return flatTiles(tabRand(4), 30, 3, 4) }, true},
	// Fewer possible partners than DefaultK: Type 1 has n-1 = 2,
	// Type 2 has 4(n-1) = 8.
	{"type 1, three pieces", func() []image.Image { return noiseTiles(tabRand(5), 3, 5) }, false},
	{"type 2, three pieces", func() []image.Image { return noiseTiles(tabRand(6), 3, 5) }, true},
	{"type 2, one piece", func() []image.Image { return noiseTiles(tabRand(7), 1, 4) }, true},
}

func TestTableJoin(t *testing.T) {
	for _, tc := range tableCases {
		t.Run(tc.name, func(t *testing.T) {
			p := tilePuzzle(tc.tiles(), tc.rotatable)
			tab, err := edge.NewTable(context.Background(), p, predictMeasure{}, 2)
			if err != nil {
				t.Fatal(err)
			}
			if tab.Pieces() != len(p.Pieces) || tab.Rotatable() != tc.rotatable || tab.Measure() != "test-predict" {
				t.Errorf("Pieces, Rotatable, Measure = %d, %v, %q; want %d, %v, %q",
					tab.Pieces(), tab.Rotatable(), tab.Measure(), len(p.Pieces), tc.rotatable, "test-predict")
			}
			d := boundTo(t, p, predictMeasure{})
			for i := range 4 * tab.Pieces() {
				for j := range 4 * tab.Pieces() {
					got := tab.Join(i, j)
					if got != tab.Join(j, i) {
						t.Fatalf("Join(%d, %d) = %g but Join(%d, %d) = %g", i, j, got, j, i, tab.Join(j, i))
					}
					want := math.Inf(1)
					if canFace(tc.rotatable, i, j) {
						want = float64(float32(d(i, j) + d(j, i)))
					}
					if got != want {
						t.Fatalf("Join(%d, %d) = %g, want %g", i, j, got, want)
					}
				}
			}
		})
	}
}

// The two layouts price the joins they share alike; only Type 2 prices the
// others.
func TestTableLayouts(t *testing.T) {
	tiles := noiseTiles(tabRand(8), 9, 4)
	one, err := edge.NewTable(context.Background(), tilePuzzle(tiles, false), predictMeasure{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	two, err := edge.NewTable(context.Background(), tilePuzzle(tiles, true), predictMeasure{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	var shared, onlyTwo int
	for i := range 4 * 9 {
		for j := range 4 * 9 {
			a, b := one.Join(i, j), two.Join(i, j)
			switch {
			case i/4 == j/4:
				if !math.IsInf(a, 1) || !math.IsInf(b, 1) {
					t.Errorf("sides %d and %d of one piece: Join = %g (type 1), %g (type 2), want +Inf", i, j, a, b)
				}
			case j%4 == (i+2)%4:
				shared++
				if a != b {
					t.Errorf("Join(%d, %d) = %g in type 1, %g in type 2", i, j, a, b)
				}
			default:
				onlyTwo++
				if !math.IsInf(a, 1) || math.IsInf(b, 0) {
					t.Errorf("Join(%d, %d) = %g in type 1, %g in type 2: want +Inf and finite", i, j, a, b)
				}
			}
		}
	}
	// Of a piece pair's 16 side pairs, 4 face as in Type 1: 9·8 ordered
	// piece pairs give 72·4 shared and 72·12 Type 2 only.
	if shared != 72*4 || onlyTwo != 72*12 {
		t.Errorf("counted %d shared and %d type-2-only joins, want %d and %d", shared, onlyTwo, 72*4, 72*12)
	}
}

// Join rejects indices outside the puzzle rather than reading another
// join's cost.
func TestTableJoinOutOfRange(t *testing.T) {
	tab, err := edge.NewTable(context.Background(), tilePuzzle(noiseTiles(tabRand(9), 3, 4), false), predictMeasure{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, ij := range [][2]int{{0, 12}, {-1, 5}, {12, 1}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Join(%d, %d) on 3 pieces did not panic", ij[0], ij[1])
				}
			}()
			tab.Join(ij[0], ij[1])
		}()
	}
}

// In a hand-made table where d(i, j) = 10i + j, a join costs 11(i + j).
func TestTableScoreHand(t *testing.T) {
	hand := costMeasure{d: func(i, j int) float64 { return float64(10*i + j) }}
	tiles := flatTiles(tabRand(10), 2, 2, 1)
	tests := []struct {
		name      string
		rotatable bool
		a         puzzle.Placement
		s         puzzle.Side
		b         puzzle.Placement
		want      float64
	}{
		// Unturned, piece 0's right side (1) meets piece 1's left side
		// (7): 17 + 71.
		{"type 1 right", false, pl(0, 0), puzzle.Right, pl(1, 0), 88},
		// Piece 1's bottom (6) on piece 0's top (0): 6 + 60.
		{"type 1 top", false, pl(0, 0), puzzle.Top, pl(1, 0), 66},
		// Piece 0 turned 90° shows its top (0) on the right; piece 1
		// turned 270° shows its top (4) on the left: 4 + 40.
		{"type 2 turned", true, pl(0, 1), puzzle.Right, pl(1, 3), 44},
		// Piece 1 turned 180° shows its top (4) at the bottom; piece 0
		// turned 90° shows its left (3) on top: 43 + 34.
		{"type 2 bottom", true, pl(1, 2), puzzle.Bottom, pl(0, 1), 77},
		// The same turned pair in a Type 1 table: top against top never
		// occurs there.
		{"type 1 turned", false, pl(0, 1), puzzle.Right, pl(1, 3), math.Inf(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab, err := edge.NewTable(context.Background(), tilePuzzle(tiles, tt.rotatable), hand, 1)
			if err != nil {
				t.Fatal(err)
			}
			if got := tab.Score(tt.a, tt.s, tt.b); got != tt.want {
				t.Errorf("Score(%v, %v, %v) = %g, want %g", tt.a, tt.s, tt.b, got, tt.want)
			}
		})
	}
}

// Turning a pair of placements as a whole, or looking at the join from the
// other piece, leaves its cost unchanged.
func TestTableScoreTurns(t *testing.T) {
	tab, err := edge.NewTable(context.Background(), tilePuzzle(noiseTiles(tabRand(11), 4, 4), true), predictMeasure{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	for a := range puzzle.PieceID(4) {
		for b := range puzzle.PieceID(4) {
			for ra := range puzzle.Rotation(4) {
				for rb := range puzzle.Rotation(4) {
					for _, s := range puzzle.Sides {
						want := tab.Score(pl(a, ra), s, pl(b, rb))
						if (a == b) != math.IsInf(want, 1) {
							t.Fatalf("Score(%v, %v, %v) = %g", pl(a, ra), s, pl(b, rb), want)
						}
						if got := tab.Score(pl(b, rb), s.Opposite(), pl(a, ra)); got != want {
							t.Fatalf("Score(%v, %v, %v) = %g, the other way %g", pl(a, ra), s, pl(b, rb), want, got)
						}
						for turn := range puzzle.Rotation(4) {
							s2 := turn.Inverse().Source(s) // s turned clockwise by turn
							got := tab.Score(pl(a, ra.Add(turn)), s2, pl(b, rb.Add(turn)))
							if got != want {
								t.Fatalf("Score(%v, %v, %v) = %g, turned by %v: Score(%v, %v, %v) = %g",
									pl(a, ra), s, pl(b, rb), want, turn, pl(a, ra.Add(turn)), s2, pl(b, rb.Add(turn)), got)
							}
						}
					}
				}
			}
		}
	}
}

// A rotatable table prices turned pieces as an unrotatable table prices
// pictures turned beforehand: the rotations, the clockwise profiles and
// the table's layout agree.
func TestTableScoreMatchesTurnedPictures(t *testing.T) {
	tiles := noiseTiles(tabRand(12), 3, 4)
	two, err := edge.NewTable(context.Background(), tilePuzzle(tiles, true), predictMeasure{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, pair := range [][2]puzzle.PieceID{{0, 1}, {2, 0}} {
		a, b := pair[0], pair[1]
		for ra := range puzzle.Rotation(4) {
			for rb := range puzzle.Rotation(4) {
				turned := tilePuzzle([]image.Image{turnImage(tiles[a], ra), turnImage(tiles[b], rb)}, false)
				one, err := edge.NewTable(context.Background(), turned, predictMeasure{}, 1)
				if err != nil {
					t.Fatal(err)
				}
				for _, s := range puzzle.Sides {
					want := one.Score(pl(0, 0), s, pl(1, 0))
					if got := two.Score(pl(a, ra), s, pl(b, rb)); got != want {
						t.Errorf("Score(%v, %v, %v) = %g; the turned pictures side by side cost %g",
							pl(a, ra), s, pl(b, rb), got, want)
					}
				}
			}
		}
	}
}

func TestTableBest(t *testing.T) {
	for _, tc := range tableCases {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := edge.NewTable(context.Background(), tilePuzzle(tc.tiles(), tc.rotatable), predictMeasure{}, 3)
			if err != nil {
				t.Fatal(err)
			}
			n := tab.Pieces()
			partners := n - 1
			if tc.rotatable {
				partners = 4 * (n - 1)
			}
			for i := range 4 * n {
				got := tab.Best(i)
				if len(got) != min(edge.DefaultK, partners) {
					t.Fatalf("side %d: %d matches, want %d", i, len(got), min(edge.DefaultK, partners))
				}
				for r, m := range got {
					if int(m.Side)/4 == i/4 {
						t.Fatalf("side %d: match %d is side %d of its own piece", i, r, m.Side)
					}
					if float64(m.Cost) != tab.Join(i, int(m.Side)) {
						t.Fatalf("side %d: match %d costs %g, Join says %g", i, r, m.Cost, tab.Join(i, int(m.Side)))
					}
				}
				if !slices.IsSortedFunc(got, func(x, y edge.Match) int { return cmp.Compare(x.Cost, y.Cost) }) {
					t.Fatalf("side %d: Best not sorted: %v", i, got)
				}
				if want := bruteBest(tab, i, edge.DefaultK); !slices.Equal(got, want) {
					t.Fatalf("side %d: Best = %v\nbrute force: %v", i, got, want)
				}
			}
		})
	}
}

// Best hands out shared slices; appending to one must not overwrite the
// next side's list.
func TestTableBestCapped(t *testing.T) {
	tab, err := edge.NewTable(context.Background(), tilePuzzle(noiseTiles(tabRand(13), 5, 4), true), predictMeasure{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	next := slices.Clone(tab.Best(1))
	_ = append(tab.Best(0), edge.Match{Side: -1})
	if !slices.Equal(tab.Best(1), next) {
		t.Errorf("appending to Best(0) changed Best(1)")
	}
}

// Workers share out rows, never the values: any number of them gives the
// same table.
func TestTableDeterministic(t *testing.T) {
	for _, rotatable := range []bool{false, true} {
		t.Run(fmt.Sprint("rotatable=", rotatable), func(t *testing.T) {
			p := tilePuzzle(flatTiles(tabRand(14), 70, 3, 6), rotatable)
			want, err := edge.NewTable(context.Background(), p, predictMeasure{}, 1)
			if err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{4, 0} {
				got, err := edge.NewTable(context.Background(), p, predictMeasure{}, workers)
				if err != nil {
					t.Fatal(err)
				}
				if d := compatDiff(want, got); d != "" {
					t.Errorf("workers=%d differs from workers=1: %s", workers, d)
				}
			}
		})
	}
}

// compatDiff returns the first difference between two compatibilities'
// joins and rankings, or "".
func compatDiff(a, b edge.Compatibility) string {
	if a.Pieces() != b.Pieces() || a.Rotatable() != b.Rotatable() {
		return fmt.Sprintf("%d pieces, rotatable %v vs %d, %v", a.Pieces(), a.Rotatable(), b.Pieces(), b.Rotatable())
	}
	for i := range 4 * a.Pieces() {
		if x, y := a.Best(i), b.Best(i); !slices.Equal(x, y) {
			return fmt.Sprintf("Best(%d) = %v vs %v", i, x, y)
		}
		for j := range 4 * a.Pieces() {
			if x, y := a.Join(i, j), b.Join(i, j); x != y {
				return fmt.Sprintf("Join(%d, %d) = %g vs %g", i, j, x, y)
			}
		}
	}
	return ""
}

// waitGoroutines waits briefly for the goroutine count to fall back to
// before: a finished worker may still be on its way out.
func waitGoroutines(t *testing.T, before int) {
	t.Helper()
	for range 100 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d goroutines left running, %d before", runtime.NumGoroutine(), before)
}

// compatBuilder is NewTable or NewSparse with DefaultK.
type compatBuilder struct {
	name string
	new  func(ctx context.Context, p *puzzle.Puzzle, m edge.Measure, workers int) (edge.Compatibility, error)
}

var compatBuilders = []compatBuilder{
	{"table", func(ctx context.Context, p *puzzle.Puzzle, m edge.Measure, workers int) (edge.Compatibility, error) {
		t, err := edge.NewTable(ctx, p, m, workers)
		if err != nil {
			return nil, err // not a nil *Table in a non-nil interface
		}
		return t, nil
	}},
	{"sparse", func(ctx context.Context, p *puzzle.Puzzle, m edge.Measure, workers int) (edge.Compatibility, error) {
		s, err := edge.NewSparse(ctx, p, m, 0, workers)
		if err != nil {
			return nil, err
		}
		return s, nil
	}},
}

func TestCancel(t *testing.T) {
	const n = 60
	for _, bl := range compatBuilders {
		for _, rotatable := range []bool{false, true} {
			// A row prices one piece against the others, both ways:
			// 2 calls for each of its costs.
			rowCalls, tableCalls := int64(2*2*n), int64(2*2*n*(n-1))
			if rotatable {
				rowCalls, tableCalls = 2*16*(n-1), 2*16*n*(n-1)/2
			}
			p := tilePuzzle(noiseTiles(tabRand(15), n, 4), rotatable)
			t.Run(fmt.Sprintf("%s/rotatable=%v/before", bl.name, rotatable), func(t *testing.T) {
				var calls atomic.Int64
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				before := runtime.NumGoroutine()
				c, err := bl.new(ctx, p, countingMeasure{calls: &calls, cancel: cancel}, 4)
				if c != nil || !errors.Is(err, context.Canceled) {
					t.Fatalf("got %v, %v; want nil, context.Canceled", c, err)
				}
				if calls.Load() != 0 {
					t.Errorf("%d joins priced after cancellation", calls.Load())
				}
				waitGoroutines(t, before)
			})
			t.Run(fmt.Sprintf("%s/rotatable=%v/during", bl.name, rotatable), func(t *testing.T) {
				const workers, cancelAt = 2, 500
				var calls atomic.Int64
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				before := runtime.NumGoroutine()
				c, err := bl.new(ctx, p, countingMeasure{calls: &calls, cancelAt: cancelAt, cancel: cancel}, workers)
				if c != nil || !errors.Is(err, context.Canceled) {
					t.Fatalf("got %v, %v; want nil, context.Canceled", c, err)
				}
				// Each worker finishes the block of rows it holds (8 at
				// most, NewTable's doc), then stops.
				if got, most := calls.Load(), cancelAt+workers*8*rowCalls; got > most || got >= tableCalls {
					t.Errorf("%d joins priced, want at most %d of the %d", got, most, tableCalls)
				}
				waitGoroutines(t, before)
			})
		}
	}
}

func TestNewTableErrors(t *testing.T) {
	good := tilePuzzle(noiseTiles(tabRand(16), 3, 4), true)
	noImage := tilePuzzle(noiseTiles(tabRand(16), 3, 4), false)
	noImage.Pieces[2].Image = nil
	nan := costMeasure{d: func(i, j int) float64 {
		if i == 5 && j == 11 {
			return math.NaN()
		}
		return 1
	}}
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		m    edge.Measure
		want string
	}{
		{"nil measure", good, nil, "nil measure"},
		{"nil puzzle", nil, predictMeasure{}, "no pieces"},
		{"piece without image", noImage, predictMeasure{}, "piece 2 has no image"},
		{"bind fails", good, costMeasure{err: errors.New("no statistics")}, "no statistics"},
		{"nil dissimilarity", good, costMeasure{}, "nil Dissimilarity"},
		// Side 5 is piece 1's right, side 11 piece 2's left.
		{"NaN", good, nan, "measure test-cost prices the join of piece 1's right side and piece 2's left side as NaN"},
	}
	for _, tt := range tests {
		for _, bl := range compatBuilders {
			t.Run(tt.name+"/"+bl.name, func(t *testing.T) {
				c, err := bl.new(context.Background(), tt.p, tt.m, 2)
				if c != nil || err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("got %v, %v; want an error containing %q", c, err, tt.want)
				}
			})
		}
	}
}

// With several NaN joins, the error names the first in row order, however
// the rows are shared out.
func TestNaNErrorDeterministic(t *testing.T) {
	// Piece 7 meets piece 10 at NaN, and piece 2 meets piece 70: rows 2
	// and 7 may share a block, in which column 10 is priced before
	// column 70.
	nan := costMeasure{d: func(i, j int) float64 {
		if a, c := i/4, j/4; a == 7 && c == 10 || a == 2 && c == 70 {
			return math.NaN()
		}
		return float64(i % 7)
	}}
	p := tilePuzzle(flatTiles(tabRand(19), 80, 2, 1), false)
	const want = "piece 2's right side and piece 70's left side"
	for _, bl := range compatBuilders {
		for _, workers := range []int{1, 2, 4} {
			_, err := bl.new(context.Background(), p, nan, workers)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s, workers=%d: got %v, want an error naming %s", bl.name, workers, err, want)
			}
		}
	}
}

// A dense table beyond its size limit is refused before it is allocated.
func TestNewTableTooLarge(t *testing.T) {
	// 8n(n-1) float32 costs pass 2^30 from n = 11586.
	p := tilePuzzle(flatTiles(tabRand(17), 11586, 2, 1), true)
	_, err := edge.NewTable(context.Background(), p, predictMeasure{}, 0)
	if err == nil || !strings.Contains(err.Error(), "use NewSparse") {
		t.Errorf("got %v, want an error suggesting NewSparse", err)
	}
}

// benchSizes returns the piece counts to benchmark: the short list, and the
// long one with -long.
func benchSizes(short, more []int) []int {
	if tablesLong() {
		return append(short, more...)
	}
	return short
}

// benchTiles is 28-pixel noise, the piece size of Cho et al. and of
// Paikin and Tal's benchmarks.
func benchTiles(n int) []image.Image { return noiseTiles(tabRand(18), n, 28) }

func BenchmarkNewTable(b *testing.B) {
	for _, rotatable := range []bool{false, true} {
		kind := "type1"
		if rotatable {
			kind = "type2"
		}
		for _, n := range benchSizes([]int{100, 1000}, []int{3000}) {
			p := tilePuzzle(benchTiles(n), rotatable)
			b.Run(fmt.Sprintf("%s/n=%d", kind, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := edge.NewTable(context.Background(), p, predictMeasure{}, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
