package edge_test

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// handJoins is a Type 1 puzzle of three pieces whose joins are set by hand
// (sides: top 4p, right 4p+1, bottom 4p+2, left 4p+3):
//
//	right 0 – left 1: 0.5 + 1.5 = 2     right 1 – left 2: 1 + 3 = 4
//	right 0 – left 2: 4 + 4 = 8         right 1 – left 0: 8 + 0 = 8
//
// and every other join 100 + 100 = 200.
func handJoins() edge.Measure {
	d := map[[2]int]float64{
		{1, 7}: 0.5, {7, 1}: 1.5,
		{1, 11}: 4, {11, 1}: 4,
		{5, 11}: 1, {11, 5}: 3,
		{5, 3}: 8, {3, 5}: 0,
	}
	return costMeasure{d: func(i, j int) float64 {
		if v, ok := d[[2]int{i, j}]; ok {
			return v
		}
		return 100
	}}
}

func TestBuddiesHand(t *testing.T) {
	// Right 0 and left 1 choose each other, as do right 1 and left 2.
	// Left 0's best is right 1, whose best is left 2. Right 2 ties
	// between left 0 and left 1 (200 each), as every top and bottom ties.
	wantBuddies := []int32{-1, 7, -1, -1, -1, 11, -1, 1, -1, -1, -1, 5}
	// 1 - best/second: right 0 1-2/8, left 0 1-8/200, right 1 1-4/8,
	// left 1 1-2/200, left 2 1-4/8; ties 0.
	wantConf := []float32{0, 0.75, 0, 0.96, 0, 0.5, 0, 0.99, 0, 0, 0, 0.5}
	p := tilePuzzle(flatTiles(tabRand(30), 3, 2, 1), false)
	table, err := edge.NewTable(context.Background(), p, handJoins(), 1)
	if err != nil {
		t.Fatal(err)
	}
	sparse, err := edge.NewSparse(context.Background(), p, handJoins(), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		c    edge.Compatibility
	}{{"table", table}, {"sparse", sparse}} {
		t.Run(c.name, func(t *testing.T) {
			if got := edge.BestBuddies(c.c); !slices.Equal(got, wantBuddies) {
				t.Errorf("BestBuddies = %v, want %v", got, wantBuddies)
			}
			got := edge.Confidence(c.c)
			for i := range wantConf {
				if math.Abs(float64(got[i]-wantConf[i])) > 1e-6 {
					t.Errorf("Confidence = %v, want %v", got, wantConf)
					break
				}
			}
		})
	}
}

// listCompat is a Compatibility given by its ranked lists alone.
type listCompat [][]edge.Match

func (l listCompat) Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64 { return 0 }
func (l listCompat) Pieces() int                                                   { return len(l) / 4 }
func (l listCompat) Rotatable() bool                                               { return true }
func (l listCompat) Join(int, int) float64                                         { return math.Inf(1) }
func (l listCompat) Best(i int) []edge.Match                                       { return l[i] }

func TestConfidenceEdgeCases(t *testing.T) {
	inf := float32(math.Inf(1))
	tests := []struct {
		name string
		best []edge.Match
		want float32
	}{
		{"no partner", nil, 0},
		{"one partner", []edge.Match{{4, 3}}, 0},
		{"two perfect fits", []edge.Match{{4, 0}, {5, 0}}, 0},
		{"one perfect fit", []edge.Match{{4, 0}, {5, 2}}, 1},
		{"no possible fit", []edge.Match{{4, inf}, {5, inf}}, 0},
		{"one possible fit", []edge.Match{{4, 3}, {5, inf}}, 1},
		{"negative cost clamped", []edge.Match{{4, -1}, {5, 2}}, 1},
		{"both negative clamped", []edge.Match{{4, -2}, {5, -1}}, 0},
		{"ratio", []edge.Match{{4, 1}, {5, 4}, {6, 4}}, 0.75},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := make(listCompat, 8)
			c[0] = tt.best
			if got := edge.Confidence(c)[0]; got != tt.want {
				t.Errorf("Confidence of side 0 = %g, want %g", got, tt.want)
			}
		})
	}
}

func TestBestBuddiesLists(t *testing.T) {
	tests := []struct {
		name string
		c    listCompat
		want map[int]int32 // the sides that have a buddy
	}{
		{"single kept partners", listCompat{0: {{5, 1}}, 5: {{0, 1}}}, map[int]int32{0: 5, 5: 0}},
		{"tie on one side", listCompat{0: {{5, 1}, {6, 1}}, 5: {{0, 1}}}, nil},
		{"tie behind the best", listCompat{0: {{5, 1}, {6, 2}, {7, 2}}, 5: {{0, 1}, {1, 3}}}, map[int]int32{0: 5, 5: 0}},
		{"one way", listCompat{0: {{5, 1}}, 5: {{6, 1}}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := append(tt.c, make(listCompat, 8-len(tt.c))...)
			want := slices.Repeat([]int32{-1}, 8)
			for i, j := range tt.want {
				want[i] = j
			}
			if got := edge.BestBuddies(c); !slices.Equal(got, want) {
				t.Errorf("BestBuddies = %v, want %v", got, want)
			}
		})
	}
}

// On real tables, best buddies pair up, follow the definition, and the
// dense and sparse forms agree.
func TestBestBuddiesDefinition(t *testing.T) {
	for _, tc := range tableCases {
		t.Run(tc.name, func(t *testing.T) {
			p := tilePuzzle(tc.tiles(), tc.rotatable)
			table, err := edge.NewTable(context.Background(), p, predictMeasure{}, 2)
			if err != nil {
				t.Fatal(err)
			}
			sparse, err := edge.NewSparse(context.Background(), p, predictMeasure{}, 2, 2)
			if err != nil {
				t.Fatal(err)
			}
			got := edge.BestBuddies(table)
			if other := edge.BestBuddies(sparse); !slices.Equal(got, other) {
				t.Errorf("table's best buddies %v, sparse's %v", got, other)
			}
			if a, b := edge.Confidence(table), edge.Confidence(sparse); !slices.Equal(a, b) {
				t.Errorf("table's confidence %v, sparse's %v", a, b)
			}
			for i, j := range got {
				want := int32(-1)
				if best, ok := bruteUniqueBest(table, i); ok {
					if back, ok := bruteUniqueBest(table, best); ok && back == i {
						want = int32(best)
					}
				}
				if j != want {
					t.Errorf("side %d: best buddy %d, want %d", i, j, want)
				}
			}
		})
	}
}

// bruteUniqueBest finds side i's cheapest partner through Join, or false if
// it has none or two share the least cost.
func bruteUniqueBest(c edge.Compatibility, i int) (int, bool) {
	best, count := -1, 0
	for j := range 4 * c.Pieces() {
		v := c.Join(i, j)
		if !canFace(c.Rotatable(), i, j) {
			continue
		}
		switch {
		case best < 0 || v < c.Join(i, best):
			best, count = j, 1
		case v == c.Join(i, best):
			count++
		}
	}
	return best, count == 1
}

// On a smooth picture cut into a 3×3 grid, best buddies are exactly the
// pieces that were neighbours: a side with a perfect continuation never
// chooses a rim side, whose best fits are all imperfect.
func ExampleBestBuddies() {
	const tile = 4
	img := image.NewRGBA(image.Rect(0, 0, 3*tile, 3*tile))
	for y := range 3 * tile {
		for x := range 3 * tile {
			img.Set(x, y, color.RGBA{uint8(16*x + 8), uint8(16*y + 8), 128, 255})
		}
	}
	p := &puzzle.Puzzle{Rows: 3, Cols: 3}
	for i := range 9 {
		r := image.Rect(i%3*tile, i/3*tile, i%3*tile+tile, i/3*tile+tile)
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Image: img.SubImage(r)})
	}
	t, err := edge.NewTable(context.Background(), p, predictMeasure{}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	buddies := edge.BestBuddies(t)
	conf := edge.Confidence(t)
	for i, j := range buddies {
		if j > int32(i) {
			fmt.Printf("piece %d %v – piece %d %v (confidence %.2f)\n",
				i/4, puzzle.Side(i%4), j/4, puzzle.Side(j%4), conf[i])
		}
	}
	// Output:
	// piece 0 right – piece 1 left (confidence 1.00)
	// piece 0 bottom – piece 3 top (confidence 1.00)
	// piece 1 right – piece 2 left (confidence 1.00)
	// piece 1 bottom – piece 4 top (confidence 1.00)
	// piece 2 bottom – piece 5 top (confidence 1.00)
	// piece 3 right – piece 4 left (confidence 1.00)
	// piece 3 bottom – piece 6 top (confidence 1.00)
	// piece 4 right – piece 5 left (confidence 1.00)
	// piece 4 bottom – piece 7 top (confidence 1.00)
	// piece 5 bottom – piece 8 top (confidence 1.00)
	// piece 6 right – piece 7 left (confidence 1.00)
	// piece 7 right – piece 8 left (confidence 1.00)
}
