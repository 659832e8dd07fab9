package ga

import (
	"cmp"
	"context"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// waves returns a w×h picture of smooth random waves, different in each
// channel, at most fx and fy radians a pixel across and down, so that the
// plain L2 distance of touching pixel lines tells most true neighbours
// from the others.
func waves(w, h int, fx, fy float64, seed uint64) image.Image {
	rng := rand.New(rand.NewPCG(seed, 7))
	type wave struct{ fx, fy, phase, amp float64 }
	var ws [3][6]wave
	for c := range ws {
		for k := range ws[c] {
			ws[c][k] = wave{(2*rng.Float64() - 1) * fx, (2*rng.Float64() - 1) * fy, 2 * math.Pi * rng.Float64(), 10 + 30*rng.Float64()}
		}
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			var v [3]uint8
			for c := range v {
				s := 128.0
				for _, wv := range ws[c] {
					s += wv.amp * math.Sin(wv.fx*float64(x)+wv.fy*float64(y)+wv.phase)
				}
				v[c] = uint8(max(0, min(255, s)))
			}
			img.Set(x, y, color.RGBA{v[0], v[1], v[2], 255})
		}
	}
	return img
}

// wavePuzzle cuts a picture of waves into pieces of 16 px, scrambles it
// and prices it by the plain L2 distance, as seed 002 does.
func wavePuzzle(t testing.TB, img image.Image, seed uint64) (*puzzle.Puzzle, *puzzle.Board, edge.Scorer) {
	t.Helper()
	p, truth, err := puzzle.Cut(img, 16)
	if err != nil {
		t.Fatal(err)
	}
	sp, st, err := puzzle.Scramble(p, truth, rand.New(rand.NewPCG(seed, 2)))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := edge.NewTable(context.Background(), sp, edge.Euclidean(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return sp, st, tab
}

// TestSequenceMatchingBurst runs Hynek's schedule, shortened, on small
// pictures with the operator read as a burst of Rows×Cols moves and read
// literally, one move an application: only the burst re-assembles any.
func TestSequenceMatchingBurst(t *testing.T) {
	schedule := WithSchedule(
		Phase{Generations: 10, Population: 200, Crossover: 0.8},
		Phase{Generations: 60, Population: 40, Crossover: 0.3, SequenceMatching: 0.5},
	)
	const pictures = 8
	perfect := map[int]int{}
	neighbour := map[int]float64{}
	for seed := range uint64(pictures) {
		p, truth, scorer := wavePuzzle(t, waves(96, 96, 0.15, 0.15, seed), seed) // 6×6
		for _, moves := range []int{0, 1} {
			s := New(Hynek(), WithSequenceMatching(SequenceMatching{Moves: moves}, 0.5), schedule)
			res, err := s.Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: scorer}, solve.WithSeed(seed))
			if err != nil {
				t.Fatal(err)
			}
			if puzzle.Perfect(truth, res.Board) {
				perfect[moves]++
			}
			neighbour[moves] += puzzle.NeighbourComparison(truth, res.Board) / pictures
		}
	}
	if perfect[0] < 3 || perfect[1] > 0 {
		t.Errorf("perfect boards: %d of %d with bursts, %d with one move; want at least 3 and none", perfect[0], pictures, perfect[1])
	}
	if neighbour[0] < 0.85 || neighbour[1] > 0.6 {
		t.Errorf("mean neighbour accuracy %.3f with bursts, %.3f with one move; want above 0.85 and below 0.6", neighbour[0], neighbour[1])
	}
}

// TestAlongColumns breaks columns of a solved picture by trading short
// runs between them, and checks that the operator run down the columns,
// keeping only moves that do not raise the cost, puts most pictures back,
// as TestSequenceMatchingRepairsPicture does for rows.
func TestAlongColumns(t *testing.T) {
	img, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "chelsea.png"))
	if err != nil {
		t.Fatal(err)
	}
	p, truth, err := puzzle.Cut(img, 40) // 7×11
	if err != nil {
		t.Fatal(err)
	}
	tab, err := edge.NewTable(context.Background(), p, edge.DefaultMeasure(), 1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(WithSequenceMatching(SequenceMatching{Along: AlongColumns, Accept: AcceptIfNotWorse}, 1))
	e, x := engineOn(t, s, solve.Problem{Puzzle: p, Scorer: tab}, solve.WithSeed(3))
	rng := rand.New(rand.NewPCG(5, 6))
	const trials = 10
	repaired := 0
	for trial := range trials {
		if err := x.Load(truth); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			n := 2 + rng.IntN(2)
			r0, r1 := rng.IntN(p.Rows-n), rng.IntN(p.Rows-n)
			c0, c1 := rng.IntN(p.Cols), rng.IntN(p.Cols)
			if c0 == c1 {
				continue
			}
			for i := range n {
				x.Swap((r0+i)*p.Cols+c0, (r1+i)*p.Cols+c1)
			}
		}
		broken := x.Recompute()
		for range 20 {
			e.sequenceMatch(x)
		}
		if x.Cost() > broken+1e-6*broken {
			t.Errorf("trial %d: cost %v from %v", trial, x.Cost(), broken)
		}
		if puzzle.Perfect(truth, x.Board(nil)) {
			repaired++
		}
	}
	if repaired < trials*7/10 {
		t.Errorf("%d of %d broken pictures repaired, want at least %d", repaired, trials, trials*7/10)
	}
}

// TestWorstJoins checks the operator's choice of the dearest joins, which
// keeps only the joins above a floor set from the previous choice, against
// sorting them all, through runs of small price changes (the moves of a
// burst), large drops (which leave too few joins above the floor), ties,
// empty sides and boards with fewer priced joins than it asks for.
func TestWorstJoins(t *testing.T) {
	tests := []struct {
		name   string
		joins  int
		n      int
		levels int // prices drawn from this many values; 0: continuous
		empty  float64
		drop   float64
	}{
		{"continuous", 210, 15, 0, 0, 0},
		{"drops", 210, 15, 0, 0, 0.3},
		{"ties", 210, 15, 3, 0, 0},
		{"labels", 60, 8, 2, 0.2, 0.1},
		{"empty sides", 40, 10, 0, 0.8, 0},
		{"small", 5, 10, 0, 0, 0},
		{"free joins among the dearest", 30, 20, 2, 0.3, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			q := &sequencer{slack: 0.5}
			draw := func() float64 {
				if rng.Float64() < tt.empty {
					return -1
				}
				if tt.levels > 0 {
					return float64(rng.IntN(tt.levels))
				}
				return rng.Float64()
			}
			for j := range tt.joins {
				q.joins = append(q.joins, int32(3*j))
				q.price = append(q.price, draw())
			}
			for step := range 2000 {
				for range 1 + rng.IntN(4) {
					k := rng.IntN(tt.joins)
					if rng.Float64() < tt.drop {
						q.price[k] *= 0.1
					} else {
						q.price[k] = draw()
					}
				}
				got := q.worst(rng.IntN(tt.joins), tt.n)
				var want []float64
				for _, p := range q.price {
					if p >= 0 {
						want = append(want, p)
					}
				}
				slices.SortFunc(want, func(a, b float64) int { return cmp.Compare(b, a) })
				want = want[:min(len(want), tt.n)]
				var prices []float64
				seen := map[int]bool{}
				for _, f := range got {
					if f.at%3 != 0 || q.price[f.at/3] != f.price || seen[f.at] {
						t.Fatalf("step %d: join %+v is not a join at its price, or twice", step, f)
					}
					seen[f.at] = true
					prices = append(prices, f.price)
				}
				slices.SortFunc(prices, func(a, b float64) int { return cmp.Compare(b, a) })
				if !slices.Equal(prices, want) {
					t.Fatalf("step %d: prices %v, want %v", step, prices, want)
				}
			}
		})
	}
}

// BenchmarkBurst times one application of Hynek's operator, a burst of
// 4×Rows×Cols moves, on a scrambled 15×15 picture.
func BenchmarkBurst(b *testing.B) {
	p, _, scorer := wavePuzzle(b, waves(240, 240, 0.15, 0.15, 1), 1)
	e, x := engineOn(b, New(Hynek()), solve.Problem{Puzzle: p, Scorer: scorer}, solve.WithSeed(1))
	start := slices.Clone(x.Cells)
	for b.Loop() {
		copy(x.Cells, start)
		x.Recompute()
		e.sequenceMatch(x)
	}
}
