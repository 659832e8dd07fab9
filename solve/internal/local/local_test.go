package local

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// asymmetric is a scorer that is neither a label scorer nor symmetric, so
// that the dense table and the scorer path are checked against edge.Cost
// for the direction in which they price a join.
type asymmetric struct{}

func (a asymmetric) Score(x puzzle.Placement, s puzzle.Side, y puzzle.Placement) float64 {
	return float64((int(x.Piece)*7+int(x.Rotation)*3+int(s)*5+int(y.Piece)*11+int(y.Rotation))%13) / 4
}

type asymmetricFrame struct{ asymmetric }

func (a asymmetricFrame) ScoreFrame(x puzzle.Placement, s puzzle.Side) float64 {
	return float64((int(x.Piece)+int(x.Rotation)*2+int(s))%5) / 2
}

// fixture is one puzzle, priced one way.
type fixture struct {
	name   string
	p      *puzzle.Puzzle
	scorer edge.Scorer
	how    pricing
}

func fixtures(t *testing.T) []fixture {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	colours, _, err := puzzle.GenerateColours(5, 6, 3, 4, rng)
	if err != nil {
		t.Fatal(err)
	}
	colours.Rotatable = true
	shapes, _, err := puzzle.GenerateShapes(4, 5, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	shapes.Rotatable = true
	flat, _, err := puzzle.GenerateUnique(3, 4, rng)
	if err != nil {
		t.Fatal(err)
	}
	// Holes: two pieces fewer than cells.
	holes := flat.Clone()
	holes.Pieces = holes.Pieces[:len(holes.Pieces)-2]
	// Spares: the board loses a column, so three pieces do not fit.
	extra := colours.Clone()
	extra.Cols--
	extra.AllowExtra = true
	// Fixed pieces, one turned in a puzzle whose pieces do not turn.
	fixed := flat.Clone()
	fixed.Fixed = []puzzle.FixedPiece{
		{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: puzzle.Placement{Piece: 3, Rotation: 2}},
		{Cell: puzzle.Cell{Row: 0, Col: 3}, Placement: puzzle.Placement{Piece: 0}},
	}
	fixedTurning := colours.Clone()
	fixedTurning.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 2, Col: 2}, Placement: puzzle.Placement{Piece: 7, Rotation: 1}}}

	label := func(p *puzzle.Puzzle) edge.Scorer {
		l, err := edge.NewLabels(p)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	return []fixture{
		{"colours/labels", colours, label(colours), byLabels},
		{"shapes/labels", shapes, label(shapes), byLabels},
		{"unique/labels", flat, label(flat), byLabels},
		{"holes/labels", holes, label(holes), byLabels},
		{"extra/labels", extra, label(extra), byLabels},
		{"fixed/labels", fixed, label(fixed), byLabels},
		{"fixed-turning/labels", fixedTurning, label(fixedTurning), byLabels},
		{"colours/table", colours, asymmetricFrame{}, byTable},
		{"unique/table", flat, asymmetric{}, byTable},
		{"holes/table", holes, asymmetricFrame{}, byTable},
		{"extra/table", extra, asymmetric{}, byTable},
		{"fixed/table", fixed, asymmetricFrame{}, byTable},
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*(1+math.Abs(b)) }

// truth prices s's board the way every solver's result is priced.
func truth(f fixture, s *State) float64 { return edge.Cost(f.scorer, s.Board(nil)) }

// TestMovesKeepCost applies random moves of every kind and checks, after
// each, that the predicted delta was the true change and that the kept cost
// equals edge.Cost of the board.
func TestMovesKeepCost(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			pr := NewPricer(f.p, f.scorer)
			if pr.how != f.how {
				t.Fatalf("pricing = %d, want %d", pr.how, f.how)
			}
			l := NewLayout(f.p, pr)
			s := NewState(l)
			rng := rand.New(rand.NewPCG(3, 4))
			s.Shuffle(rng)
			if err := s.Board(nil).Validate(f.p); err != nil {
				t.Fatalf("shuffled board: %v", err)
			}
			if got, want := s.Cost(), truth(f, s); !near(got, want) {
				t.Fatalf("shuffled cost %v, edge.Cost %v", got, want)
			}
			for step := range 3000 {
				before := truth(f, s)
				var d float64
				kind := step % 6
				switch kind {
				case 0:
					i, j := l.Free[rng.IntN(len(l.Free))], l.Free[rng.IntN(len(l.Free))]
					d = s.SwapDelta(i, j)
					s.Swap(i, j)
				case 1:
					i := l.Free[rng.IntN(len(l.Free))]
					if s.Cells[i] < 0 || !l.Rotatable {
						continue
					}
					x := s.Cells[i].Turned(puzzle.Rotation(rng.IntN(4)))
					d = s.SetDelta(i, x)
					s.Set(i, x)
				case 2:
					i, j := l.Free[rng.IntN(len(l.Free))], l.Free[rng.IntN(len(l.Free))]
					if i == j {
						continue
					}
					x, y := s.Cells[j], s.Cells[i]
					if l.Rotatable && x >= 0 {
						x = x.Turned(puzzle.Rotation(rng.IntN(4)))
					}
					d = s.Set2Delta(i, x, j, y)
					s.Set2(i, x, j, y)
				case 3:
					a, b := rng.IntN(l.Rows), rng.IntN(l.Rows)
					var ok bool
					d, ok = s.SwapRowsDelta(a, b)
					if ok != s.SwapRows(a, b) {
						t.Fatal("SwapRows and SwapRowsDelta disagree on whether the move is allowed")
					}
					if !ok {
						if d != 0 || (l.RowFixed(a) || l.RowFixed(b)) == (a == b) {
							t.Fatalf("rows %d, %d refused wrongly", a, b)
						}
						continue
					}
				case 4:
					a, b := rng.IntN(l.Cols), rng.IntN(l.Cols)
					var ok bool
					d, ok = s.SwapColsDelta(a, b)
					if ok != s.SwapCols(a, b) {
						t.Fatal("SwapCols and SwapColsDelta disagree")
					}
					if !ok {
						continue
					}
				case 5:
					h, w := 1+rng.IntN(2), 1+rng.IntN(3)
					a := Block{rng.IntN(l.Rows), rng.IntN(l.Cols), h, w}
					b := Block{rng.IntN(l.Rows), rng.IntN(l.Cols), h, w}
					var ok bool
					d, ok = s.SwapBlocksDelta(a, b)
					if ok != s.SwapBlocks(a, b) {
						t.Fatal("SwapBlocks and SwapBlocksDelta disagree")
					}
					if !ok {
						continue
					}
				}
				after := truth(f, s)
				if !near(d, after-before) {
					t.Fatalf("step %d, move kind %d: delta %v, true change %v", step, kind, d, after-before)
				}
				if !near(s.Cost(), after) {
					t.Fatalf("step %d, move kind %d: kept cost %v, edge.Cost %v", step, kind, s.Cost(), after)
				}
			}
			if err := s.Board(nil).Validate(f.p); err != nil {
				t.Fatalf("board after the moves: %v", err)
			}
		})
	}
}

// TestSetMany checks the general permutation move against edge.Cost.
func TestSetMany(t *testing.T) {
	for _, f := range fixtures(t) {
		t.Run(f.name, func(t *testing.T) {
			l := NewLayout(f.p, NewPricer(f.p, f.scorer))
			s := NewState(l)
			rng := rand.New(rand.NewPCG(5, 6))
			s.Shuffle(rng)
			for range 200 {
				k := 2 + rng.IntN(min(5, len(l.Free)-1))
				perm := rng.Perm(len(l.Free))[:k]
				slots := make([]int, k)
				elems := make([]Elem, k)
				for n, p := range perm {
					slots[n] = l.Free[p]
				}
				for n := range slots {
					elems[n] = s.Cells[slots[(n+1)%k]]
				}
				before := truth(f, s)
				d := s.SetManyDelta(slots, elems)
				if !near(truth(f, s), before) {
					t.Fatal("SetManyDelta changed the board")
				}
				s.SetMany(slots, elems)
				if after := truth(f, s); !near(d, after-before) || !near(s.Cost(), after) {
					t.Fatalf("delta %v, true change %v; kept %v, edge.Cost %v", d, after-before, s.Cost(), after)
				}
			}
		})
	}
}

// TestLoadRoundTrip loads solved and partial boards and checks they come
// back unchanged, with every piece somewhere.
func TestLoadRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	p, solution, err := puzzle.GenerateColours(4, 4, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	l := NewLayout(p, NewPricer(p, mustLabels(t, p)))
	s := NewState(l)
	if err := s.Load(solution); err != nil {
		t.Fatal(err)
	}
	if s.Cost() != 0 {
		t.Errorf("solved board costs %v", s.Cost())
	}
	if got := s.Board(nil); !got.Equal(solution) {
		t.Errorf("round trip changed the board:\n%v\nwant\n%v", got, solution)
	}
	// A board with two pieces taken off: Load puts them back in the holes.
	partial := solution.Clone()
	partial.Cells[0], partial.Cells[5] = puzzle.Empty, puzzle.Empty
	if err := s.Load(partial); err != nil {
		t.Fatal(err)
	}
	got := s.Board(nil)
	if len(got.Unplaced(p)) != 0 {
		t.Errorf("Load left pieces %v off the board", got.Unplaced(p))
	}
	if err := got.Validate(p); err != nil {
		t.Error(err)
	}
	if err := s.Load(puzzle.NewBoard(3, 4)); err == nil {
		t.Error("Load accepted a board of the wrong size")
	}
}

func mustLabels(t testing.TB, p *puzzle.Puzzle) *edge.Labels {
	t.Helper()
	l, err := edge.NewLabels(p)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestFixedStay checks that no move touches a fixed piece.
func TestFixedStay(t *testing.T) {
	f := fixtures(t)[5] // fixed/labels
	l := NewLayout(f.p, NewPricer(f.p, f.scorer))
	s := NewState(l)
	rng := rand.New(rand.NewPCG(9, 10))
	s.Shuffle(rng)
	for range 500 {
		i, j := l.Free[rng.IntN(len(l.Free))], l.Free[rng.IntN(len(l.Free))]
		s.Swap(i, j)
		s.SwapRows(rng.IntN(l.Rows), rng.IntN(l.Rows))
		s.SwapCols(rng.IntN(l.Cols), rng.IntN(l.Cols))
		s.SwapBlocks(Block{rng.IntN(l.Rows), rng.IntN(l.Cols), 1, 1}, Block{rng.IntN(l.Rows), rng.IntN(l.Cols), 1, 1})
	}
	if err := s.Board(nil).Validate(f.p); err != nil {
		t.Fatal(err)
	}
	for _, fx := range f.p.Fixed {
		if !l.Fixed(fx.Cell.Row*l.Cols + fx.Cell.Col) {
			t.Errorf("cell %v not marked fixed", fx.Cell)
		}
	}
}

// BenchmarkDelta measures delta evaluations of the local-search moves on a
// 16×16 puzzle in the style of Eternity II (5 frame and 17 inner colours).
func BenchmarkDelta(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	p, _, err := puzzle.GenerateColours(16, 16, 5, 17, rng)
	if err != nil {
		b.Fatal(err)
	}
	p.Rotatable = true
	l := NewLayout(p, NewPricer(p, mustLabels(b, p)))
	s := NewState(l)
	s.Shuffle(rng)
	n := len(l.Free)
	b.Run("swap", func(b *testing.B) {
		var sink float64
		k := 0
		for b.Loop() {
			sink += s.SwapDelta(l.Free[k%n], l.Free[(k*7+3)%n])
			k++
		}
		_ = sink
	})
	b.Run("swap-turn", func(b *testing.B) {
		var sink float64
		k := 0
		for b.Loop() {
			i, j := l.Free[k%n], l.Free[(k*7+3)%n]
			if i != j {
				sink += s.Set2Delta(i, s.Cells[j].Turned(puzzle.Rotation(k)), j, s.Cells[i])
			}
			k++
		}
		_ = sink
	})
	b.Run("turn", func(b *testing.B) {
		var sink float64
		k := 0
		for b.Loop() {
			i := l.Free[k%n]
			sink += s.SetDelta(i, s.Cells[i].Turned(puzzle.Rotation(k)))
			k++
		}
		_ = sink
	})
	b.Run("rows", func(b *testing.B) {
		var sink float64
		k := 0
		for b.Loop() {
			d, _ := s.SwapRowsDelta(k%16, (k*5+1)%16)
			sink += d
			k++
		}
		_ = sink
	})
}

// TestTracker checks that a tracker offers only improvements, priced
// afresh, and that the run keeps the best board.
func TestTracker(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	p, _, err := puzzle.GenerateColours(4, 4, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	var offers int
	r, err := solve.Start(context.Background(), solve.Problem{Puzzle: p}, solve.WithObserver(func(e solve.Event) error {
		if e.Kind == solve.Improved {
			offers++
		}
		return nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	l, s, err := Begin(r)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTracker(r)
	tr.Offer(s)
	first := tr.Best()
	if first != s.Cost() || offers != 1 {
		t.Fatalf("first offer: best %v, state %v, %d improvements", first, s.Cost(), offers)
	}
	for range 2000 {
		i, j := l.Free[rng.IntN(len(l.Free))], l.Free[rng.IntN(len(l.Free))]
		if s.SwapDelta(i, j) <= 0 {
			s.Swap(i, j)
		}
		tr.Offer(s)
	}
	res, err := r.Finish(solve.Done)
	if err != nil {
		t.Fatal(err)
	}
	if res.Cost != tr.Best() || res.Cost > first {
		t.Errorf("result cost %v, tracker best %v, first %v", res.Cost, tr.Best(), first)
	}
	if offers < 2 {
		t.Errorf("only %d improvements reported over 2000 greedy moves", offers)
	}
}
