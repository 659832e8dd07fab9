package sa

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// weighted prices a mismatched join of a label puzzle by the pieces
// involved, so that float costs and their drift are exercised.
type weighted struct{ l *edge.Labels }

func (w weighted) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if w.l.Fits(a, s, b) {
		return 0
	}
	return 0.3 + 0.1*float64((int(a.Piece)+2*int(b.Piece))%7)
}

// moveFixture is a puzzle with everything moves must respect: fixed
// pieces, holes or spare pieces.
type moveFixture struct {
	name string
	p    *puzzle.Puzzle
	sc   edge.Scorer
}

func moveFixtures(t *testing.T) []moveFixture {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	col, _, err := puzzle.GenerateColours(5, 6, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	fixed := col.Clone()
	fixed.Fixed = []puzzle.FixedPiece{
		{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: puzzle.Placement{Piece: 7, Rotation: 1}},
		{Cell: puzzle.Cell{Row: 4, Col: 5}, Placement: puzzle.Placement{Piece: 29}},
	}
	holes := col.Clone()
	holes.Pieces = holes.Pieces[:len(holes.Pieces)-3]
	extra := col.Clone()
	extra.Cols--
	extra.AllowExtra = true
	flat := col.Clone()
	flat.Rotatable = false
	labels := func(p *puzzle.Puzzle) *edge.Labels {
		l, err := edge.NewLabels(p)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	return []moveFixture{
		{"fixed", fixed, labels(fixed)},
		{"holes", holes, labels(holes)},
		{"extra", extra, labels(extra)},
		{"not rotatable", flat, labels(flat)},
		{"weighted", col, weighted{labels(col)}},
	}
}

// TestMovesKeepPermutation makes many trials of every move kind and
// checks after each that the board holds every piece once, the fixed
// pieces where they were, and that the kept cost is the board's.
func TestMovesKeepPermutation(t *testing.T) {
	mixes := []struct {
		name  string
		moves Moves
	}{
		{"thesis", ThesisMoves()},
		{"turn", Moves{Turn: 1}},
		{"swap", Moves{Swap: 1}},
		{"swap turn", Moves{SwapTurn: 1}},
		{"lines", Moves{Lines: 1}},
		{"blocks", Moves{Blocks: 1}},
		{"all", Moves{Turn: 1, Swap: 1, SwapTurn: 1, Lines: 1, Blocks: 1}},
	}
	for _, f := range moveFixtures(t) {
		for _, m := range mixes {
			t.Run(f.name+"/"+m.name, func(t *testing.T) {
				l := local.NewLayout(f.p, local.NewPricer(f.p, f.sc))
				s := local.NewState(l)
				s.Shuffle(rand.New(rand.NewPCG(5, 6)))
				run, err := solve.Start(context.Background(), solve.Problem{Puzzle: f.p, Scorer: f.sc})
				if err != nil {
					t.Fatal(err)
				}
				a := &annealer{sv: New(), run: run, s: s, tr: local.NewTracker(run), free: l.Free,
					mix: newMixer(m.moves, l.Rotatable), cost: s.Cost(), rng: wyrand{state: 7}}
				// A temperature at which about half the worsening
				// moves pass, so that both branches run.
				a.setTemp(1)
				var accepted int
				// Dense price tables hold float32 prices: the kept cost
				// agrees with edge.Cost to float32's precision.
				const tol = 1e-5
				for trial := range 3000 {
					ok, _ := a.try()
					if ok {
						accepted++
					}
					checkBoard(t, f.p, s)
					if want := edge.Cost(f.sc, s.Board(nil)); math.Abs(a.cost-want) > tol*(1+want) {
						t.Fatalf("trial %d: kept cost %v, board costs %v", trial, a.cost, want)
					}
				}
				if accepted == 0 || accepted == 3000 {
					t.Errorf("%d of 3000 moves accepted: the test does not reach both outcomes", accepted)
				}
			})
		}
	}
}

// checkBoard fails unless s holds every piece of p exactly once, with the
// fixed pieces in place.
func checkBoard(t *testing.T, p *puzzle.Puzzle, s *local.State) {
	t.Helper()
	seen := make([]bool, len(p.Pieces))
	for i, e := range s.Cells {
		if e < 0 {
			continue
		}
		if seen[e.Piece()] {
			t.Fatalf("piece %d twice (again in slot %d)", e.Piece(), i)
		}
		seen[e.Piece()] = true
		if !p.Rotatable && !s.L.Fixed(i) && e.Rotation() != 0 {
			t.Fatalf("slot %d: piece %d turned in a puzzle whose pieces do not turn", i, e.Piece())
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("piece %d lost", i)
		}
	}
	for _, fp := range p.Fixed {
		if got := s.Cells[fp.Cell.Row*p.Cols+fp.Cell.Col].Placement(); got != fp.Placement {
			t.Fatalf("fixed cell %v holds %v, want %v", fp.Cell, got, fp.Placement)
		}
	}
}

// eternityPuzzle is a 6×6 Eternity-style puzzle, scrambled.
func eternityPuzzle(t *testing.T) *puzzle.Puzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(8, 9))
	p, sol, err := puzzle.GenerateColours(6, 6, 2, 4, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestEternityTemperature follows the Eternity preset's schedule through
// its trace: seed 001's T0 = 1, and after each step the temperature times
// 0.9 unless the step lowered the cost, for 500 steps of 1,000 moves
// (§4.2.2, Fig. 18).
func TestEternityTemperature(t *testing.T) {
	p := eternityPuzzle(t)
	var steps []Trace
	res, err := New(Eternity(), WithTrace(func(tr Trace) { steps = append(steps, tr) })).
		Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithTarget(-1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Done || res.Stats.Iterations != 500*1000 {
		t.Errorf("status %v after %d moves, want done after 500,000", res.Status, res.Stats.Iterations)
	}
	if len(steps) != 500 {
		t.Fatalf("%d steps, want 500", len(steps))
	}
	if steps[0].Temperature != 1 {
		t.Errorf("first temperature %v, want 1", steps[0].Temperature)
	}
	var held, cooled int
	for k := 1; k < len(steps); k++ {
		prev, cur := steps[k-1], steps[k]
		if cur.Trials != 1000 || cur.Step != k || cur.Cycle != 0 {
			t.Fatalf("step %d: %+v, want step %d of cycle 0 with 1,000 trials", k, cur, k)
		}
		if cur.From != prev.Cost {
			t.Fatalf("step %d starts from cost %v, the step before ended on %v", k, cur.From, prev.Cost)
		}
		want := prev.Temperature * 0.9
		if prev.Cost < prev.From {
			want = prev.Temperature
			held++
		} else {
			cooled++
		}
		if cur.Temperature != want {
			t.Fatalf("step %d: temperature %v after a step from cost %v to %v at %v, want %v",
				k, cur.Temperature, prev.From, prev.Cost, prev.Temperature, want)
		}
	}
	if held == 0 || cooled == 0 {
		t.Errorf("%d steps held and %d cooled: the test does not see both", held, cooled)
	}
}

// TestThesisSchedule follows the thesis preset's cycles through the trace
// (seed 000 L7443-7531): each cycle starts at the cost of its board and
// cools by 0.75 for at most 20 steps; a step of fewer than 1,400 trials
// ended on its 801st acceptance; a cycle shorter than 20 steps ended on a
// step that accepted nothing.
func TestThesisSchedule(t *testing.T) {
	p := eternityPuzzle(t)
	for _, tc := range []struct {
		name    string
		opt     Option
		perCost float64 // the start temperature over the start cost
	}{
		{name: "code", opt: WithSchedule(ThesisSchedule()), perCost: 1},
		{name: "prose", opt: WithSchedule(ThesisPerPieceSchedule()), perCost: 1.0 / 36},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var steps []Trace
			res, err := New(Thesis(), tc.opt, WithMaxCycles(40), WithTrace(func(tr Trace) { steps = append(steps, tr) })).
				Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithTarget(-1))
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != solve.Done {
				t.Errorf("status %v, want done after 40 cycles", res.Status)
			}
			var early, frozen, cycles int
			for k, cur := range steps {
				if cur.Step == 0 {
					cycles++
					if want := tc.perCost * cur.From; math.Abs(cur.Temperature-want) > 1e-12*want {
						t.Fatalf("step %d: cycle %d starts at %v from cost %v, want %v", k, cur.Cycle, cur.Temperature, cur.From, want)
					}
				} else {
					prev := steps[k-1]
					if cur.Cycle != prev.Cycle || cur.Step != prev.Step+1 {
						t.Fatalf("step %d: %+v follows %+v", k, cur, prev)
					}
					if want := prev.Temperature * 0.75; cur.Temperature != want {
						t.Fatalf("step %d: temperature %v after %v, want %v", k, cur.Temperature, prev.Temperature, want)
					}
				}
				if cur.Step >= 20 || cur.Trials > 1400 {
					t.Fatalf("step %d: %+v beyond 20 steps of 1,400 trials", k, cur)
				}
				if cur.Trials < 1400 {
					early++
					if cur.Accepted != 801 {
						t.Fatalf("step %d ended after %d trials with %d accepted, want 801", k, cur.Trials, cur.Accepted)
					}
				}
				last := k+1 == len(steps) || steps[k+1].Step == 0
				if last && cur.Step < 19 {
					frozen++
					if cur.Accepted != 0 {
						t.Fatalf("step %d ended cycle %d after %d steps, having accepted %d moves", k, cur.Cycle, cur.Step+1, cur.Accepted)
					}
				}
			}
			if cycles != 40 || early == 0 {
				t.Errorf("%d cycles, %d steps ended early: want 40 cycles and some early steps", cycles, early)
			}
			t.Logf("%d steps, %d early, %d frozen, cost %v", len(steps), early, frozen, res.Cost)
		})
	}
}

// TestFrozen starts the thesis's schedule on the solution of a
// unique-label puzzle, where every swap raises the cost and the
// temperature, the cost, is 0: each cycle freezes on its first step.
func TestFrozen(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	p, sol, err := puzzle.GenerateUnique(3, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	var steps []Trace
	res, err := New(Thesis(), WithMoves(Moves{Swap: 1}), WithMaxCycles(3), WithTrace(func(tr Trace) { steps = append(steps, tr) })).
		Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithInitial(sol), solve.WithTarget(-1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != solve.Done || res.Cost != 0 || res.Stats.Iterations != 3*1400 {
		t.Errorf("status %v, cost %v after %d moves, want done at 0 after 3 × 1,400", res.Status, res.Cost, res.Stats.Iterations)
	}
	if len(steps) != 3 {
		t.Fatalf("%d steps, want 3 frozen cycles of one step", len(steps))
	}
	for k, s := range steps {
		if s.Step != 0 || s.Cycle != k || s.Accepted != 0 || s.Temperature != 0 {
			t.Errorf("step %d: %+v, want step 0 of cycle %d at temperature 0, nothing accepted", k, s, k)
		}
	}
}

// TestReheat checks where each cycle after the first starts.
func TestReheat(t *testing.T) {
	p := eternityPuzzle(t)
	short := Schedule{Start: FixedStart, T0: 2, Factor: 0.5, Steps: 3, Trials: 500}
	for _, r := range []Reheat{FromCurrent, FromBest, FromRandom} {
		t.Run(r.String(), func(t *testing.T) {
			var steps []Trace
			var best []float64 // best cost so far at the end of each step
			res, err := New(WithSchedule(short), WithMoves(Moves{Swap: 1, Turn: 1}), WithReheat(r), WithMaxCycles(5),
				WithTrace(func(tr Trace) { steps = append(steps, tr) })).
				Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithTarget(-1),
					solve.WithObserver(func(ev solve.Event) error {
						if ev.Kind == solve.Improved {
							best = append(best, ev.Cost)
						}
						return nil
					}))
			if err != nil {
				t.Fatal(err)
			}
			if len(steps) != 15 || res.Status != solve.Done {
				t.Fatalf("%d steps, status %v; want 15 steps, done", len(steps), res.Status)
			}
			if want := int64(0); r == FromRandom {
				want = 4
				if res.Stats.Restarts != want {
					t.Errorf("%d restarts, want %d", res.Stats.Restarts, want)
				}
			} else if res.Stats.Restarts != want {
				t.Errorf("%d restarts, want %d", res.Stats.Restarts, want)
			}
			for k := 3; k < len(steps); k += 3 {
				switch r {
				case FromCurrent:
					if steps[k].From != steps[k-1].Cost {
						t.Errorf("cycle %d starts from %v, the last ended on %v", steps[k].Cycle, steps[k].From, steps[k-1].Cost)
					}
				case FromBest:
					min := steps[0].From
					for _, c := range best {
						min = math.Min(min, c)
					}
					if steps[k].From < min {
						t.Errorf("cycle %d starts from %v, below the best %v", steps[k].Cycle, steps[k].From, min)
					}
				}
			}
		})
	}
}

// TestInvalid checks that settings out of range give an error that names
// them.
func TestInvalid(t *testing.T) {
	p := eternityPuzzle(t)
	good := ThesisSchedule()
	with := func(f func(*Schedule)) Option {
		s := good
		f(&s)
		return WithSchedule(s)
	}
	cases := []struct {
		name, want string
		opt        Option
	}{
		{name: "negative T0", want: "T0", opt: with(func(s *Schedule) { s.T0 = -1 })},
		{name: "NaN T0", want: "T0", opt: with(func(s *Schedule) { s.T0 = math.NaN() })},
		{name: "factor 0", want: "Factor", opt: with(func(s *Schedule) { s.Factor = 0 })},
		{name: "factor above 1", want: "Factor", opt: with(func(s *Schedule) { s.Factor = 1.5 })},
		{name: "no steps", want: "Steps", opt: with(func(s *Schedule) { s.Steps = 0 })},
		{name: "no trials", want: "Trials", opt: with(func(s *Schedule) { s.Trials = 0 })},
		{name: "negative accepts", want: "Accepts", opt: with(func(s *Schedule) { s.Accepts = -1 })},
		{name: "negative K", want: "K", opt: with(func(s *Schedule) { s.K = -0.01 })},
		{name: "unknown start", want: "start rule", opt: with(func(s *Schedule) { s.Start = 9 })},
		{name: "negative weight", want: "Swap", opt: WithMoves(Moves{Swap: -1, Turn: 1})},
		{name: "no moves", want: "every move weight is 0", opt: WithMoves(Moves{})},
		{name: "independent probability", want: "at most 1", opt: WithMoves(Moves{Turn: 2, Independent: true})},
		{name: "independent lines", want: "Lines", opt: WithMoves(Moves{Turn: 0.5, Lines: 1, Independent: true})},
		{name: "unknown reheat", want: "reheat", opt: WithReheat(7)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.opt).Solve(context.Background(), solve.Problem{Puzzle: p})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one naming %q", err, tc.want)
			}
		})
	}
}
