package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/solve"
)

// engines are the engines every search test runs on.
var engines = []Engine{Bitsets, DancingLinks}

// mustRead parses a .dlx text or fails the test.
func mustRead(t testing.TB, text string) *Problem {
	t.Helper()
	p, err := ReadDLX(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// knuthPaper is the exact-cover problem (3) of Knuth's "Dancing Links":
// its one solution is the options A D, B G and C E F.
const knuthPaper = `| Knuth, "Dancing Links", problem (3)
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G
`

// knuthDLX2 is the colour example at the start of Knuth's DLX2 (and DLX3,
// without its multiplicities): two solutions, options {0, 2} and {1, 3}.
const knuthDLX2 = `| A simple example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
`

// all collects the solutions of All, failing the test on an error.
func all(t testing.TB, s *Solver, p *Problem, opts ...solve.Option) [][]int {
	t.Helper()
	var sols [][]int
	for sol, err := range s.All(context.Background(), p, opts...) {
		if err != nil {
			t.Fatalf("All: %v", err)
		}
		sols = append(sols, sol)
	}
	return sols
}

func TestKnownProblems(t *testing.T) {
	cases := []struct {
		name string
		text string
		want [][]int
		// updates as Knuth's DLX1 and DLX2 count them on this input;
		// nodes as they count them less the solutions (they count the
		// option completing a solution as a node too).
		nodes, updates int64
	}{
		{name: "Dancing Links (3)", text: knuthPaper, want: [][]int{{3, 0, 4}}, nodes: 5, updates: 30},
		{name: "DLX2 colours", text: knuthDLX2, want: [][]int{{0, 2}, {1, 3}}, nodes: 3, updates: 15},
		{name: "no options", text: "A B\n", nodes: 1, updates: 1},
		{name: "an item no option covers", text: "A B\nA\n", nodes: 1, updates: 1},
	}
	for _, tc := range cases {
		for _, eng := range engines {
			t.Run(fmt.Sprintf("%s/%v", tc.name, eng), func(t *testing.T) {
				p := mustRead(t, tc.text)
				s := New(WithEngine(eng))
				if got := all(t, s, p); !slices.EqualFunc(got, tc.want, slices.Equal) {
					t.Errorf("All = %v, want %v", got, tc.want)
				}
				c, err := s.Count(context.Background(), p)
				if err != nil {
					t.Fatal(err)
				}
				want := Count{Solutions: int64(len(tc.want)), Status: solve.Exhausted, Stats: Stats{Nodes: tc.nodes, Updates: tc.updates}}
				c.Stats.Runtime = 0
				if c != want {
					t.Errorf("Count = %+v, want %+v", c, want)
				}
				sol, status, _, err := s.Solve(context.Background(), p)
				switch {
				case err != nil:
					t.Fatal(err)
				case len(tc.want) == 0 && (status != solve.Exhausted || sol != nil):
					t.Errorf("Solve = %v, %v; want nil, exhausted", sol, status)
				case len(tc.want) > 0 && (status != solve.Solved || !slices.Equal(sol, tc.want[0])):
					t.Errorf("Solve = %v, %v; want %v, solved", sol, status, tc.want[0])
				}
			})
		}
	}
}

// TestColours pins down XCC: options that share a secondary item are
// compatible exactly when they give it the same colour.
func TestColours(t *testing.T) {
	cases := []struct {
		name   string
		c1, c2 int32
		want   int64
	}{
		{name: "same colour", c1: 1, c2: 1, want: 1},
		{name: "different colours", c1: 1, c2: 2, want: 0},
		{name: "one uncoloured", c1: 0, c2: 1, want: 0},
		{name: "both uncoloured", c1: 0, c2: 0, want: 0},
	}
	for _, tc := range cases {
		for _, eng := range engines {
			t.Run(fmt.Sprintf("%s/%v", tc.name, eng), func(t *testing.T) {
				// Primary A and B, secondary X: the only cover takes
				// both options, which share X.
				p := NewProblem(2, 1)
				mustAdd(t, p, Elem{Item: 0}, Elem{Item: 2, Colour: tc.c1})
				mustAdd(t, p, Elem{Item: 1}, Elem{Item: 2, Colour: tc.c2})
				c, err := New(WithEngine(eng)).Count(context.Background(), p)
				if err != nil || c.Solutions != tc.want {
					t.Errorf("Count = %d, %v; want %d", c.Solutions, err, tc.want)
				}
			})
		}
	}
}

func mustAdd(t testing.TB, p *Problem, elems ...Elem) {
	t.Helper()
	if _, err := p.AddOption(elems...); err != nil {
		t.Fatal(err)
	}
}

func TestNoPrimaryItems(t *testing.T) {
	p := NewProblem(0, 2)
	mustAdd(t, p, Elem{Item: 0})
	for _, eng := range engines {
		s := New(WithEngine(eng))
		if got := all(t, s, p); len(got) != 1 || len(got[0]) != 0 {
			t.Errorf("%v: All = %v, want the one empty solution", eng, got)
		}
		sol, status, _, err := s.Solve(context.Background(), p)
		if err != nil || status != solve.Solved || sol == nil || len(sol) != 0 {
			t.Errorf("%v: Solve = %v, %v, %v; want [], solved", eng, sol, status, err)
		}
	}
}

// randomProblem draws a small problem: 1–5 primary items, 0–3 secondary
// ones, 0–13 options of random items, secondary items coloured 1 or 2 or
// not at all when colours is set.
func randomProblem(rng *rand.Rand, colours bool) *Problem {
	p := NewProblem(1+rng.IntN(5), rng.IntN(4))
	prim, sec := p.Items()
	for range rng.IntN(14) {
		var opt []Elem
		for i := range prim + sec {
			if rng.IntN(3) == 0 {
				e := Elem{Item: int32(i)}
				if i >= prim && colours {
					e.Colour = int32(rng.IntN(3))
				}
				opt = append(opt, e)
			}
		}
		if len(opt) > 0 {
			if _, err := p.AddOption(opt...); err != nil {
				panic(err)
			}
		}
	}
	return p
}

// bruteForce lists, sorted, every set of options (with a primary item
// each) that covers every primary item once and every secondary item at
// most once or always with one colour.
func bruteForce(p *Problem) [][]int {
	prim, sec := p.Items()
	var sols [][]int
	for set := 0; set < 1<<p.Options(); set++ {
		count := make([]int, prim+sec)
		colour := make([]int32, prim+sec)
		ok := true
		var sol []int
		for o := range p.Options() {
			if set&(1<<o) == 0 {
				continue
			}
			sol = append(sol, o)
			hasPrimary := false
			for _, e := range p.Option(o) {
				i := e.Item
				hasPrimary = hasPrimary || int(i) < prim
				if count[i] > 0 && (e.Colour == 0 || e.Colour != colour[i]) {
					ok = false
				}
				count[i]++
				colour[i] = e.Colour
			}
			ok = ok && hasPrimary
		}
		for i := range prim {
			ok = ok && count[i] == 1
		}
		if ok {
			sols = append(sols, sol)
		}
	}
	return sols
}

func sorted(sols [][]int) [][]int {
	out := make([][]int, len(sols))
	for i, s := range sols {
		out[i] = slices.Sorted(slices.Values(s))
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

// TestRandomAgainstBruteForce checks, on many random small problems, that
// every engine, with and without the dense conflict masks, finds exactly
// the covers brute force finds, counts them, and counts its work as DLX
// does (the dancing-links engine being the reference).
func TestRandomAgainstBruteForce(t *testing.T) {
	defer func(v int) { conflictMaxWords = v }(conflictMaxWords)
	for seed := range uint64(400) {
		rng := rand.New(rand.NewPCG(seed, 7))
		colours := seed%2 == 1
		p := randomProblem(rng, colours)
		want := sorted(bruteForce(p))
		var ref Count
		for _, cfg := range []struct {
			eng      Engine
			choice   Choice
			conflict int
		}{
			{DancingLinks, MRV, 0},
			{Bitsets, MRV, 1 << 20},
			{Bitsets, MRV, 0},
			{Bitsets, Leftmost, 1 << 20},
			{DancingLinks, Leftmost, 0},
		} {
			conflictMaxWords = cfg.conflict
			s := New(WithEngine(cfg.eng), WithChoice(cfg.choice))
			name := fmt.Sprintf("seed %d, %v, %v, conflict masks up to %d words", seed, cfg.eng, cfg.choice, cfg.conflict)
			got := all(t, s, p)
			if !slices.EqualFunc(sorted(got), want, slices.Equal) {
				t.Fatalf("%s: All = %v, want %v", name, sorted(got), want)
			}
			c, err := s.Count(context.Background(), p)
			if err != nil || c.Solutions != int64(len(want)) || c.Status != solve.Exhausted {
				t.Fatalf("%s: Count = %+v, %v; want %d solutions", name, c, err, len(want))
			}
			c.Stats.Runtime = 0
			switch {
			case cfg.choice != MRV:
			case cfg.eng == DancingLinks:
				ref = c
			case c != ref:
				t.Fatalf("%s: Count = %+v, dancing links counts %+v", name, c, ref)
			}
		}
	}
}

// TestSameOrder checks that the engines try options in the same order, so
// All yields the same sequence whichever runs it.
func TestSameOrder(t *testing.T) {
	p := pentominoProblem(3, 20)
	a := all(t, New(WithEngine(Bitsets)), p)
	b := all(t, New(WithEngine(DancingLinks)), p)
	if !slices.EqualFunc(a, b, slices.Equal) {
		t.Errorf("the engines yield different sequences:\n%v\n%v", a, b)
	}
}

func TestObserverEvents(t *testing.T) {
	// 3×20 takes 32,970 nodes (DLX1's count less its 8 solutions; see
	// TestPentominoes).
	const every = 1000
	for _, eng := range engines {
		t.Run(eng.String(), func(t *testing.T) {
			var evs []solve.Event
			obs := func(ev solve.Event) error {
				evs = append(evs, ev)
				return nil
			}
			c, err := New(WithEngine(eng)).Count(context.Background(), pentominoProblem(3, 20),
				solve.WithObserver(obs), solve.WithProgressEvery(every))
			if err != nil {
				t.Fatal(err)
			}
			if len(evs) < 2 || evs[0].Kind != solve.Started || evs[len(evs)-1].Kind != solve.Finished {
				t.Fatalf("events do not start with Started and end with Finished: %d events", len(evs))
			}
			if got, want := len(evs)-2, int(c.Stats.Nodes/every); got != want {
				t.Errorf("%d progress events, want %d", got, want)
			}
			for i, ev := range evs[1 : len(evs)-1] {
				if ev.Kind != solve.Progress || ev.Stats.Nodes != int64(i+1)*every || ev.Stats.Iterations != ev.Stats.Nodes || ev.Board != nil {
					t.Fatalf("event %d = %+v, want progress at node %d", i+1, ev, (i+1)*every)
				}
			}
			last := evs[len(evs)-1]
			if last.Status != solve.Exhausted || last.Stats.Nodes != c.Stats.Nodes || last.Cost != 0 {
				t.Errorf("Finished event = %+v, want exhausted at %d nodes with cost 0", last, c.Stats.Nodes)
			}
			if evs[0].Cost == 0 {
				t.Errorf("Started event has cost 0 before any solution")
			}
		})
	}
}

func TestObserverStops(t *testing.T) {
	errOwn := errors.New("observer's own error")
	cases := []struct {
		name       string
		ret        error
		at         solve.EventKind
		wantErr    error
		wantStatus solve.Status
	}{
		{name: "ErrStop at progress", ret: solve.ErrStop, at: solve.Progress, wantStatus: solve.Stopped},
		{name: "ErrStop at start", ret: solve.ErrStop, at: solve.Started, wantStatus: solve.Stopped},
		{name: "own error at progress", ret: errOwn, at: solve.Progress, wantErr: errOwn, wantStatus: solve.Stopped},
		{name: "ErrStop at finish changes nothing", ret: solve.ErrStop, at: solve.Finished, wantStatus: solve.Exhausted},
		{name: "own error at finish", ret: errOwn, at: solve.Finished, wantErr: errOwn, wantStatus: solve.Exhausted},
	}
	for _, tc := range cases {
		for _, eng := range engines {
			t.Run(fmt.Sprintf("%s/%v", tc.name, eng), func(t *testing.T) {
				var progress int
				obs := func(ev solve.Event) error {
					if ev.Kind == solve.Progress {
						progress++
					}
					if ev.Kind == tc.at {
						return tc.ret
					}
					return nil
				}
				c, err := New(WithEngine(eng)).Count(context.Background(), pentominoProblem(3, 20),
					solve.WithObserver(obs), solve.WithProgressEvery(100))
				if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil && err != nil) {
					t.Fatalf("Count error = %v, want %v", err, tc.wantErr)
				}
				if c.Status != tc.wantStatus {
					t.Errorf("status %v, want %v", c.Status, tc.wantStatus)
				}
				if tc.wantStatus == solve.Stopped && (progress > 1 || c.Stats.Nodes > 100) {
					t.Errorf("the run went on after the observer stopped it: %d progress events, %d nodes", progress, c.Stats.Nodes)
				}
			})
		}
	}
}

func TestMaxIterations(t *testing.T) {
	p := pentominoProblem(3, 20)
	for _, eng := range engines {
		s := New(WithEngine(eng))
		full, err := s.Count(context.Background(), p)
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			max        int64
			wantStatus solve.Status
			wantNodes  int64
		}{
			{max: 1, wantStatus: solve.IterationLimit, wantNodes: 1},
			{max: 5000, wantStatus: solve.IterationLimit, wantNodes: 5000},
			{max: full.Stats.Nodes - 1, wantStatus: solve.IterationLimit, wantNodes: full.Stats.Nodes - 1},
			{max: full.Stats.Nodes, wantStatus: solve.Exhausted, wantNodes: full.Stats.Nodes},
		}
		for _, tc := range cases {
			c, err := s.Count(context.Background(), p, solve.WithMaxIterations(tc.max))
			if err != nil || c.Status != tc.wantStatus || c.Stats.Nodes != tc.wantNodes {
				t.Errorf("%v, max %d: Count = %+v, %v; want %v after %d nodes", eng, tc.max, c, err, tc.wantStatus, tc.wantNodes)
			}
		}
		// The solutions found within a budget are those found first.
		var n int64
		for _, err := range s.All(context.Background(), p, solve.WithMaxIterations(full.Stats.Nodes/2)) {
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		if c, _ := s.Count(context.Background(), p, solve.WithMaxIterations(full.Stats.Nodes/2)); n != c.Solutions || n >= full.Solutions {
			t.Errorf("%v: All within half the nodes yields %d solutions, Count %d, of %d", eng, n, c.Solutions, full.Solutions)
		}
	}
}

// TestCancel cancels a long count (the 6×10 pentomino problem takes about
// two seconds) after 50 ms and wants it back within 100 ms, with the count
// so far.
func TestCancel(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a timer")
	}
	p := pentominoProblem(6, 10)
	for _, eng := range engines {
		t.Run(eng.String(), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var cancelled time.Time
			time.AfterFunc(50*time.Millisecond, func() {
				cancelled = time.Now()
				cancel()
			})
			c, err := New(WithEngine(eng)).Count(ctx, p)
			back := time.Now()
			if err != nil || c.Status != solve.Canceled {
				t.Fatalf("Count = %+v, %v; want canceled", c, err)
			}
			if d := back.Sub(cancelled); d > 100*time.Millisecond {
				t.Errorf("Count returned %v after cancellation, want at most 100ms", d)
			}
			// 9,356 solutions in all (Knuth, "Dancing Links").
			if c.Solutions >= 9356 || c.Stats.Nodes == 0 {
				t.Errorf("Count = %+v, want a partial count", c)
			}
		})
	}
}

func TestAllEnds(t *testing.T) {
	p := pentominoProblem(3, 20)
	t.Run("break", func(t *testing.T) {
		var finished solve.Status
		obs := func(ev solve.Event) error {
			if ev.Kind == solve.Finished {
				finished = ev.Status
			}
			return nil
		}
		n := 0
		for sol, err := range New().All(context.Background(), p, solve.WithObserver(obs)) {
			if err != nil || len(sol) != 12 {
				t.Fatalf("All yielded %v, %v", sol, err)
			}
			n++
			if n == 3 {
				break
			}
		}
		if finished != solve.Stopped {
			t.Errorf("Finished status after a break = %v, want stopped", finished)
		}
	})
	t.Run("cancelled context", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var errs []error
		for sol, err := range New().All(ctx, p) {
			if sol != nil {
				t.Fatalf("All yielded a solution after cancellation")
			}
			errs = append(errs, err)
		}
		if len(errs) != 1 || !errors.Is(errs[0], context.Canceled) {
			t.Errorf("All yielded errors %v, want one context.Canceled", errs)
		}
	})
	t.Run("observer error", func(t *testing.T) {
		errOwn := errors.New("own")
		obs := func(ev solve.Event) error {
			if ev.Kind == solve.Progress {
				return errOwn
			}
			return nil
		}
		var last error
		for _, err := range New().All(context.Background(), p, solve.WithObserver(obs), solve.WithProgressEvery(10)) {
			last = err
		}
		if !errors.Is(last, errOwn) {
			t.Errorf("All ended with %v, want the observer's error", last)
		}
	})
	t.Run("nil problem", func(t *testing.T) {
		for _, err := range New().All(context.Background(), nil) {
			if !errors.Is(err, ErrNilProblem) {
				t.Errorf("All(nil) yielded %v, want ErrNilProblem", err)
			}
		}
		if _, err := New().Count(context.Background(), nil); !errors.Is(err, ErrNilProblem) {
			t.Errorf("Count(nil) = %v, want ErrNilProblem", err)
		}
		if _, _, _, err := New().Solve(context.Background(), nil); !errors.Is(err, ErrNilProblem) {
			t.Errorf("Solve(nil) = %v, want ErrNilProblem", err)
		}
	})
}

func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sol, status, st, err := New().Solve(ctx, pentominoProblem(6, 10))
	if err != nil || status != solve.Canceled || sol != nil || st.Nodes != 0 {
		t.Errorf("Solve on a cancelled context = %v, %v, %+v, %v; want nil, canceled, no nodes", sol, status, st, err)
	}
}

func TestStringers(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{MRV.String(), "MRV"},
		{Leftmost.String(), "leftmost"},
		{Choice(9).String(), "Choice(9)"},
		{Bitsets.String(), "bitsets"},
		{DancingLinks.String(), "dancing links"},
		{Engine(9).String(), "Engine(9)"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

// TestRandomLargeAgainstLinks compares the engines on random problems too
// large for brute force, whose options span many words of the bitsets:
// the same solutions in the same order, the same counts, within a budget
// of nodes that also checks they stop at the same point.
func TestRandomLargeAgainstLinks(t *testing.T) {
	defer func(v int) { conflictMaxWords = v }(conflictMaxWords)
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 11))
		p := NewProblem(10+rng.IntN(6), rng.IntN(5))
		prim, sec := p.Items()
		for range 70 + rng.IntN(200) {
			// 2–4 primary items and up to 2 secondary ones, shuffled.
			var opt []Elem
			for _, i := range rng.Perm(prim)[:2+rng.IntN(3)] {
				opt = append(opt, Elem{Item: int32(i)})
			}
			for _, i := range rng.Perm(sec)[:rng.IntN(min(sec, 2)+1)] {
				e := Elem{Item: int32(prim + i)}
				if seed%2 == 1 {
					e.Colour = int32(rng.IntN(3))
				}
				opt = append(opt, e)
			}
			rng.Shuffle(len(opt), func(i, j int) { opt[i], opt[j] = opt[j], opt[i] })
			mustAdd(t, p, opt...)
		}
		budget := solve.WithMaxIterations(5000)
		ref, err := New(WithEngine(DancingLinks)).Count(context.Background(), p, budget)
		if err != nil {
			t.Fatal(err)
		}
		ref.Stats.Runtime = 0
		refAll := all(t, New(WithEngine(DancingLinks)), p, budget)
		for _, conflict := range []int{1 << 20, 0} {
			conflictMaxWords = conflict
			c, err := New().Count(context.Background(), p, budget)
			c.Stats.Runtime = 0
			if err != nil || c != ref {
				t.Fatalf("seed %d, conflict masks up to %d words: Count = %+v, %v; dancing links counts %+v", seed, conflict, c, err, ref)
			}
			if got := all(t, New(), p, budget); !slices.EqualFunc(got, refAll, slices.Equal) {
				t.Fatalf("seed %d, conflict masks up to %d words: All differs from dancing links", seed, conflict)
			}
		}
	}
}

// TestCancelManyItems: on a problem of many items and few updates per node
// (a path of 200,001 items covered by edges, which has no perfect
// matching), choosing an item is the work, and cancelling must still be
// prompt.
func TestCancelManyItems(t *testing.T) {
	const n = 200001
	p := NewProblem(n, 0)
	for i := 0; i+1 < n; i++ {
		if _, err := p.AddOption(Elem{Item: int32(i)}, Elem{Item: int32(i + 1)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, e := range []Engine{Bitsets, DancingLinks} {
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled time.Time
		timer := time.AfterFunc(50*time.Millisecond, func() { cancelled = time.Now(); cancel() })
		c, err := New(WithEngine(e)).Count(ctx, p)
		returned := time.Now()
		timer.Stop()
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if c.Status == solve.Canceled {
			// The contract is 100 ms; the slack is for loaded machines.
			if late := returned.Sub(cancelled); late > 250*time.Millisecond {
				t.Errorf("%v: returned %v after the cancel", e, late)
			}
		}
	}
}

// TestSolveEnds checks Solve's ends other than a solution on a search that
// would run for minutes (the path of TestCancelManyItems): cancellation,
// and an observer's ErrStop or own error.
func TestSolveEnds(t *testing.T) {
	const n = 200001
	p := NewProblem(n, 0)
	p.Grow(n-1, 2*(n-1))
	for i := 0; i+1 < n; i++ {
		if _, err := p.AddOption(Elem{Item: int32(i)}, Elem{Item: int32(i + 1)}); err != nil {
			t.Fatal(err)
		}
	}
	errOwn := errors.New("observer's own error")
	tests := []struct {
		name       string
		timeout    time.Duration // 0 for none
		ret        error         // the observer's answer to Progress
		wantErr    error
		wantStatus solve.Status
	}{
		{name: "cancelled", timeout: 50 * time.Millisecond, wantStatus: solve.Canceled},
		{name: "ErrStop", ret: solve.ErrStop, wantStatus: solve.Stopped},
		{name: "own error", ret: errOwn, wantErr: errOwn, wantStatus: solve.Stopped},
	}
	for _, tc := range tests {
		for _, eng := range engines {
			t.Run(fmt.Sprintf("%s/%v", tc.name, eng), func(t *testing.T) {
				ctx := context.Background()
				if tc.timeout > 0 {
					var cancel context.CancelFunc
					ctx, cancel = context.WithTimeout(ctx, tc.timeout)
					defer cancel()
				}
				var finished solve.Status
				obs := func(ev solve.Event) error {
					switch ev.Kind {
					case solve.Progress:
						return tc.ret
					case solve.Finished:
						finished = ev.Status
					}
					return nil
				}
				start := time.Now()
				sol, status, st, err := New(WithEngine(eng)).Solve(ctx, p, solve.WithObserver(obs), solve.WithProgressEvery(10))
				took := time.Since(start)
				if !errors.Is(err, tc.wantErr) || tc.wantErr == nil && err != nil {
					t.Errorf("Solve error %v, want %v", err, tc.wantErr)
				}
				if sol != nil || status != tc.wantStatus || finished != tc.wantStatus {
					t.Errorf("Solve = %v, %v (Finished %v); want no solution, %v", sol, status, finished, tc.wantStatus)
				}
				if tc.ret != nil && st.Nodes > 10 {
					t.Errorf("the run went on after the observer stopped it: %d nodes", st.Nodes)
				}
				// The contract is 100 ms after the cancel; the slack is
				// for loaded machines.
				if tc.timeout > 0 && took > tc.timeout+250*time.Millisecond {
					t.Errorf("Solve returned %v after it began, cancelled at %v", took, tc.timeout)
				}
			})
		}
	}
}
