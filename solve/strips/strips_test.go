package strips_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/internal/badinput"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/strips"
)

// ends prices strips from a symmetric matrix over their ends: end 2i is
// piece i's left side as scanned, 2i+1 its right side.
type ends struct {
	n int
	c []float64
}

func (m *ends) end(pl puzzle.Placement, s puzzle.Side) int {
	e := 2 * int(pl.Piece)
	if pl.Rotation.Source(s) == puzzle.Right {
		e++
	}
	return e
}

func (m *ends) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	return m.c[m.end(a, s)*2*m.n+m.end(b, s.Opposite())]
}

func (m *ends) set(u, v int, x float64) {
	N := 2 * m.n
	m.c[u*N+v], m.c[v*N+u] = x, x
}

// randomEnds prices every join at random in [1, 11); without turns,
// like ends never meet.
func randomEnds(n int, turns bool, rng *rand.Rand) *ends {
	m := &ends{n: n, c: make([]float64, 4*n*n)}
	for u := range 2 * n {
		for v := u + 1; v < 2*n; v++ {
			x := 1 + rng.Float64()*10
			if !turns && u%2 == v%2 {
				x = 1e6
			}
			m.set(u, v, x)
		}
	}
	return m
}

// planted makes strip i's right end and strip i+1's left end cheaper
// than any other join, by a margin noise may eat into.
func planted(m *ends, rng *rand.Rand, noise float64) {
	for i := 0; i+1 < m.n; i++ {
		m.set(2*i+1, 2*(i+1), rng.Float64()*noise)
	}
}

// bruteForce returns the cheapest ordering's cost by trying every one.
func bruteForce(m *ends, turns bool) float64 {
	n := m.n
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := math.Inf(1)
	N := 2 * n
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			masks := 1
			if turns {
				masks = 1 << n
			}
			for mask := range masks {
				c := 0.0
				for i := 0; i+1 < n; i++ {
					a, b := perm[i], perm[i+1]
					ra, lb := 2*a+1, 2*b
					if mask>>i&1 == 1 {
						ra = 2 * a
					}
					if mask>>(i+1)&1 == 1 {
						lb = 2*b + 1
					}
					c += m.c[ra*N+lb]
				}
				best = min(best, c)
			}
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k + 1)
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0)
	return best
}

func row(n int, turns bool) *puzzle.Puzzle {
	p := &puzzle.Puzzle{Rows: 1, Cols: n, Pieces: make([]puzzle.Piece, n), Rotatable: turns, HalfTurns: turns}
	for i := range p.Pieces {
		p.Pieces[i].ID = puzzle.PieceID(i)
	}
	return p
}

// truthRow is strips 0..n-1 in order, unturned.
func truthRow(n int) *puzzle.Board {
	b := puzzle.NewBoard(1, n)
	for i := range n {
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	return b
}

// TestExactAgainstBruteForce checks the exact search's answer against
// every ordering, on random costs, the worst case for its bounds.
func TestExactAgainstBruteForce(t *testing.T) {
	for _, turns := range []bool{false, true} {
		for seed := range uint64(12) {
			n := 3 + int(seed%5)
			m := randomEnds(n, turns, rand.New(rand.NewPCG(seed, 3)))
			want := bruteForce(m, turns)
			p := row(n, turns)
			res, err := strips.New(strips.WithKicks(0)).Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: m})
			if err != nil {
				t.Fatal(err)
			}
			if err := res.Board.Validate(p); err != nil {
				t.Fatalf("turns %v seed %d: %v", turns, seed, err)
			}
			if res.Status != solve.Exhausted || math.Abs(res.Cost-want) > 1e-6 {
				t.Errorf("turns %v seed %d n %d: %v cost %v, want exhausted at %v", turns, seed, n, res.Status, res.Cost, want)
			}
		}
	}
}

// TestPlanted checks that planted orders come back, by the exact search
// for a page and by the local search for a collection, turned or not.
func TestPlanted(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		turns bool
		opts  []strips.Option
		want  float64 // least neighbour comparison
	}{
		{"page upright", 30, false, nil, 1},
		{"page turned", 40, true, nil, 1},
		{"collection upright", 300, false, nil, 0.99},
		{"collection turned", 600, true, nil, 0.99},
		{"page by local search", 40, true, []strips.Option{strips.WithExact(0)}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tc.n), 9))
			m := randomEnds(tc.n, tc.turns, rng)
			planted(m, rng, 0.9)
			p := row(tc.n, tc.turns)
			truth := truthRow(tc.n)
			if tc.turns {
				var err error
				if p, truth, err = puzzle.Scramble(p, truth, rng); err != nil {
					t.Fatal(err)
				}
				m = rescramble(m, p, truth)
			}
			res, err := strips.New(tc.opts...).Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: m})
			if err != nil {
				t.Fatal(err)
			}
			if err := res.Board.Validate(p); err != nil {
				t.Fatal(err)
			}
			if got := puzzle.NeighbourComparison(truth, res.Board); got < tc.want {
				t.Errorf("neighbour comparison %.3f, want at least %.3f (%v)", got, tc.want, res.Status)
			}
		})
	}
}

// rescramble re-expresses end costs for a scrambled puzzle: the piece in
// truth's cell i is the original piece i, turned as truth says.
func rescramble(m *ends, p *puzzle.Puzzle, truth *puzzle.Board) *ends {
	n := m.n
	orig := make([]int, n)    // scrambled piece → original piece
	turned := make([]bool, n) // whether its scan is turned
	for i, pl := range truth.Cells {
		orig[pl.Piece] = i
		turned[pl.Piece] = pl.Rotation == 2
	}
	end := func(e int) int { // scrambled end → original end
		o := 2 * orig[e/2]
		if (e%2 == 1) != turned[e/2] {
			o++
		}
		return o
	}
	out := &ends{n: n, c: make([]float64, 4*n*n)}
	for u := range 2 * n {
		for v := range 2 * n {
			out.c[u*2*n+v] = m.c[end(u)*2*n+end(v)]
		}
	}
	return out
}

// TestFixed pins strips and checks that they stay, turned as pinned.
func TestFixed(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	m := randomEnds(12, true, rng)
	planted(m, rng, 0.5)
	p := row(12, true)
	p.Fixed = []puzzle.FixedPiece{
		{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: puzzle.Placement{Piece: 7}},
		{Cell: puzzle.Cell{Row: 0, Col: 5}, Placement: puzzle.Placement{Piece: 2, Rotation: 2}},
	}
	res, err := strips.New().Solve(context.Background(), solve.Problem{Puzzle: p, Scorer: m})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Board.Validate(p); err != nil {
		t.Fatal(err)
	}
}

// TestRun checks the contract of a run: the same seed gives the same
// result; a cancelled context ends the run at once with a valid board; an
// observer sees the run start, improve and finish, and its ErrStop or
// error ends the run as documented; no goroutine is left behind.
func TestRun(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	m := randomEnds(200, true, rng)
	planted(m, rng, 2)
	p := row(200, true)
	prob := solve.Problem{Puzzle: p, Scorer: m}
	before := runtime.NumGoroutine()

	a, err := strips.New().Solve(context.Background(), prob, solve.WithSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	b, err := strips.New().Solve(context.Background(), prob, solve.WithSeed(5))
	if err != nil {
		t.Fatal(err)
	}
	if !a.Board.Equal(b.Board) || a.Cost != b.Cost || a.Stats.Iterations != b.Stats.Iterations {
		t.Errorf("two runs with seed 5 differ: cost %v and %v, %d and %d iterations", a.Cost, b.Cost, a.Stats.Iterations, b.Stats.Iterations)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	res, err := strips.New().Solve(ctx, prob)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Canceled || time.Since(start) > time.Second {
		t.Errorf("cancelled run: %v after %v", res.Status, time.Since(start))
	}
	if err := res.Board.Validate(p); err != nil {
		t.Error(err)
	}

	var kinds []solve.EventKind
	_, err = strips.New().Solve(context.Background(), prob, solve.WithObserver(func(ev solve.Event) error {
		kinds = append(kinds, ev.Kind)
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	if len(kinds) < 3 || kinds[0] != solve.Started || kinds[len(kinds)-1] != solve.Finished || !slices.Contains(kinds, solve.Improved) {
		t.Errorf("events %v, want started, improved ..., finished", kinds)
	}
	res, err = strips.New().Solve(context.Background(), prob, solve.WithObserver(func(ev solve.Event) error {
		if ev.Kind == solve.Improved {
			return solve.ErrStop
		}
		return nil
	}))
	if err != nil || res.Status != solve.Stopped {
		t.Errorf("observer's ErrStop: %v, %v; want status stopped", res.Status, err)
	}
	boom := errors.New("boom")
	if _, err = strips.New().Solve(context.Background(), prob, solve.WithObserver(func(solve.Event) error { return boom })); !errors.Is(err, boom) {
		t.Errorf("observer's error: %v, want boom", err)
	}
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("%d goroutines before the runs, %d after", before, after)
	}
}

// nanEnds prices one join as NaN, as a broken scorer might.
type nanEnds struct{ ends }

func (m nanEnds) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if a.Piece == 1 && b.Piece == 2 {
		return math.NaN()
	}
	return m.ends.Score(a, s, b)
}

// TestBadInput gives the solver the mistakes a caller can make: each is
// refused with an error naming what is wrong, without a panic.
func TestBadInput(t *testing.T) {
	m := randomEnds(4, true, rand.New(rand.NewPCG(1, 1)))
	tall := row(4, true)
	tall.Rows, tall.Cols = 2, 2
	short := row(4, true)
	short.Cols, short.AllowExtra = 3, true
	tests := []struct {
		name   string
		p      *puzzle.Puzzle
		scorer any
		wantIn []string
	}{
		{"no puzzle", nil, m, []string{"no puzzle"}},
		{"a board of two rows", tall, m, []string{"2×2", "one row"}},
		{"more strips than cells", short, m, []string{"4 pieces", "3 cells"}},
		{"a join priced NaN", row(4, true), nanEnds{*m}, []string{"NaN", "piece 1", "piece 2"}},
		{"no pieces", &puzzle.Puzzle{Rows: 1, Cols: 2}, m, []string{"no pieces"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, func() error {
				sc, _ := tc.scorer.(interface {
					Score(puzzle.Placement, puzzle.Side, puzzle.Placement) float64
				})
				_, err := strips.New().Solve(context.Background(), solve.Problem{Puzzle: tc.p, Scorer: sc})
				return err
			}, tc.wantIn, false)
		})
	}
	// Options out of range are taken in range, not refused.
	res, err := strips.New(nil, strips.WithExact(-1), strips.WithNeighbours(0), strips.WithKicks(-5), strips.WithExactNodes(-1)).
		Solve(context.Background(), solve.Problem{Puzzle: row(4, true), Scorer: m})
	if err != nil || !strings.Contains("done exhausted", res.Status.String()) {
		t.Errorf("options out of range: %v, %v", res.Status, err)
	}
}

// BenchmarkStrips orders a page of strips exactly and a collection by
// local search, on planted costs.
func BenchmarkStrips(b *testing.B) {
	for _, n := range []int{30, 1000} {
		rng := rand.New(rand.NewPCG(uint64(n), 1))
		m := randomEnds(n, true, rng)
		planted(m, rng, 2)
		prob := solve.Problem{Puzzle: row(n, true), Scorer: m}
		b.Run(map[int]string{30: "page-30", 1000: "collection-1000"}[n], func(b *testing.B) {
			for b.Loop() {
				if _, err := strips.New().Solve(context.Background(), prob); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
