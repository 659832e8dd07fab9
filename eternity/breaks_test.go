package eternity

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

func TestBreaksContract(t *testing.T) {
	solvetest.Run(t, func() solve.Solver { return NewBreaks() }, solvetest.Config{LabelsOnly: true})
	// The general path: two breaks a placement, a column-wise tail and
	// no frame classes.
	t.Run("general", func(t *testing.T) {
		solvetest.Run(t, func() solve.Solver {
			return NewBreaks(BreaksPerPlacement(2), BreaksTail(2), BreaksFrameLock(false), BreaksRestart(300))
		}, solvetest.Config{LabelsOnly: true})
	})
}

// breaksPuzzles are puzzles of every kind the search lays out differently:
// frame classes with hints beside other hints and on the rim, no frame
// classes, holes, spare pieces, the complement rule, pieces that keep
// their rotation.
func breaksPuzzles(t *testing.T) []struct {
	name string
	p    *puzzle.Puzzle
} {
	t.Helper()
	hinted, sol := e2Like(t, 7, 8, 3, 5, 21, true)
	// Two more hints: a corner, and an inner piece beside the centre one,
	// so that fixed pieces face each other, the rim and free cells on
	// every side.
	for _, c := range []puzzle.Cell{{Row: 0, Col: 7}, {Row: 3, Col: 4}} {
		hinted.Fixed = append(hinted.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
	}
	// A hint turned the wrong way breaks joins no search can mend.
	wrong := hinted.Clone()
	wrong.Fixed[0].Placement.Rotation = wrong.Fixed[0].Placement.Rotation.Add(1)
	holes := hinted.Clone()
	holes.Fixed = nil
	holes.Pieces = holes.Pieces[:len(holes.Pieces)-4]
	extra := hinted.Clone()
	extra.Fixed = nil
	extra.Cols--
	extra.AllowExtra = true
	rng := rand.New(rand.NewPCG(5, 6))
	shapes, _, err := puzzle.GenerateShapes(5, 6, 2, rng)
	if err != nil {
		t.Fatal(err)
	}
	shapes, _, err = puzzle.Scramble(shapes, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	fixedTurn := hinted.Clone()
	fixedTurn.Rotatable = false
	return []struct {
		name string
		p    *puzzle.Puzzle
	}{{"hinted", hinted}, {"wrong hint", wrong}, {"holes", holes}, {"extra", extra}, {"shapes", shapes}, {"fixed turns", fixedTurn}}
}

// verify checks the worker's invariants: every depth above the current
// one holds a piece (or a hole), every depth below it is empty, the used
// pieces are those on the board, the kept breaks are the partial board's,
// and the best board's cost is its breaks plus the fixed pieces' own.
func (w *breaksWorker) verify(p *puzzle.Puzzle) error {
	m := w.m
	on := make([]bool, m.pieces)
	for i, e := range w.cells {
		if e < 0 {
			continue
		}
		if on[e>>2] {
			return fmt.Errorf("piece %d is on the board twice", e>>2)
		}
		on[e>>2] = true
		if f := m.fixed[i]; f >= 0 && f != e {
			return fmt.Errorf("fixed cell %d holds %d, not %d", i, e, f)
		}
	}
	for i := range on {
		if on[i] != w.used[i] {
			return fmt.Errorf("piece %d: on the board %v, marked used %v", i, on[i], w.used[i])
		}
	}
	var breaks int32
	for d := range m.n {
		e := w.cells[m.cell[d]]
		switch {
		case d < w.d && e < 0 && m.holes == 0:
			return fmt.Errorf("depth %d of %d is empty", d, w.d)
		case d > w.d && e >= 0:
			return fmt.Errorf("depth %d holds a piece below depth %d", d, w.d)
		case d < w.d && e >= 0:
			breaks += w.cost(w.cells, d, e)
		}
	}
	if breaks != w.cum[w.d] {
		return fmt.Errorf("depth %d: kept %d breaks, the board has %d", w.d, w.cum[w.d], breaks)
	}
	if w.bestBreaks >= 0 {
		b := elemsBoard(m.rows, m.cols, w.best, nil)
		if err := b.Validate(p); err != nil {
			return err
		}
		l, _ := edge.NewLabels(p)
		if c := edge.Cost(l, b); int(c) != m.base+int(w.bestBreaks) {
			return fmt.Errorf("best board costs %v, kept as %d breaks + %d fixed", c, w.bestBreaks, m.base)
		}
	}
	return nil
}

// TestBreaksInvariants runs workers on every kind of puzzle, on the fast
// path and the general one, and checks their invariants after each chunk.
func TestBreaksInvariants(t *testing.T) {
	for _, pc := range breaksPuzzles(t) {
		for _, cfg := range []struct {
			name    string
			perCell int
			tail    int
			lock    bool
			noPairs bool
		}{
			{name: "fast", perCell: 1, lock: true},
			{name: "tail", perCell: 1, tail: 3, lock: true},
			{name: "two", perCell: 2, lock: true},
			{name: "unlocked", perCell: 1, tail: 2},
			{name: "no pairs", perCell: 1, lock: true, noPairs: true},
			{name: "no pairs, two", perCell: 2, tail: 1, noPairs: true},
		} {
			t.Run(pc.name+"/"+cfg.name, func(t *testing.T) {
				m := newBreaksModel(pc.p, breaksLayout{lock: cfg.lock, tail: cfg.tail, noPairs: cfg.noPairs})
				if (m.pairs == nil) != cfg.noPairs {
					t.Fatalf("pair tables: %v", m.pairs != nil)
				}
				w := newBreaksWorker(m, cfg.perCell, 1, 2)
				w.setSchedule(m.schedule(m.depthAt(0.3), m.depthAt(0.9), 8), 5_000, 1_000)
				for range 200 {
					w.run(97, nil)
					if err := w.verify(pc.p); err != nil {
						t.Fatalf("after %d placements: %v", w.placements, err)
					}
				}
				if w.restarts == 0 || w.bestBreaks < 0 {
					t.Errorf("%d restarts, best %d breaks", w.restarts, w.bestBreaks)
				}
			})
		}
	}
}

// TestBreaksTables checks the candidate tables against their definition:
// a class holds the free pieces that may go to its cells, turned to fit
// the rim, and a pair run holds the elements of its class that need both
// keys and then those that need exactly one.
func TestBreaksTables(t *testing.T) {
	for _, pc := range breaksPuzzles(t) {
		t.Run(pc.name, func(t *testing.T) {
			m := newBreaksModel(pc.p, breaksLayout{lock: true})
			if m.frameLock != (pc.name == "hinted" || pc.name == "wrong hint" || pc.name == "shapes") {
				t.Fatalf("frame classes %v", m.frameLock)
			}
			k := int32(m.keys)
			for cl := range int32(m.classes) {
				a := m.all[cl]
				es := m.lists[a.off : a.off+a.n]
				for _, e := range es {
					if m.frameLock {
						// Grey exactly on the rim sides of the class.
						grey := b2i32(m.tk[e] == keyGrey) | b2i32(m.rk[e] == m.keyNone)<<1 |
							b2i32(m.bk[e] == m.keyNone)<<2 | b2i32(m.lk[e] == keyGrey)<<3
						if grey != cl {
							t.Fatalf("class %04b holds element %d, grey on %04b", cl, e, grey)
						}
					}
				}
				if m.pairs == nil {
					continue
				}
				for l := range k {
					for tt := range k {
						p := m.pairs[(cl*k+l)*k+tt]
						var n0, n1 int32
						for _, e := range es {
							switch fl, ft := m.lk[e] == l, m.tk[e] == tt; {
							case fl && ft:
								n0++
							case fl || ft:
								n1++
							}
						}
						if p.n0 != n0 || p.n-p.n0 != n1 {
							t.Fatalf("class %d pair (%d,%d): %d exact and %d one-break, want %d and %d", cl, l, tt, p.n0, p.n-p.n0, n0, n1)
						}
						for i := p.off; i < p.off+p.n; i++ {
							e := m.lists[i]
							miss := b2i32(m.lk[e] != l) + b2i32(m.tk[e] != tt)
							if want := b2i32(i >= p.off+p.n0); miss != want {
								t.Fatalf("class %d pair (%d,%d): element %d breaks %d, listed as %d", cl, l, tt, e, miss, want)
							}
						}
					}
				}
			}
		})
	}
}

// TestBreaksZeroMap checks the exact-fit lists of a puzzle searched
// without pair tables.
func TestBreaksZeroMap(t *testing.T) {
	for _, pc := range breaksPuzzles(t) {
		t.Run(pc.name, func(t *testing.T) {
			m := newBreaksModel(pc.p, breaksLayout{lock: true, noPairs: true})
			k := int32(m.keys)
			for cl := range int32(m.classes) {
				a := m.all[cl]
				for l := range k {
					for tt := range k {
						z := m.zero(cl, l, tt)
						want := 0
						for _, e := range m.lists[a.off : a.off+a.n] {
							if m.lk[e] == l && m.tk[e] == tt {
								want++
							}
						}
						for _, e := range m.lists[z.off : z.off+z.n] {
							if m.lk[e] != l || m.tk[e] != tt {
								t.Fatalf("class %d (%d,%d) lists element %d, which needs (%d,%d)", cl, l, tt, e, m.lk[e], m.tk[e])
							}
						}
						if int(z.n) != want {
							t.Fatalf("class %d (%d,%d): %d exact fits, want %d", cl, l, tt, z.n, want)
						}
					}
				}
			}
		})
	}
}

// TestBreaksCheck checks when a restart ends: at its length, or at the
// stall point if it has not reached the first depth that may break; and
// that otherwise the next look comes a stall length later.
func TestBreaksCheck(t *testing.T) {
	p, _ := e2Like(t, 6, 6, 3, 4, 2, false)
	m := newBreaksModel(p, breaksLayout{lock: true})
	for _, tc := range []struct {
		name        string
		grow        float64
		made        int64
		since       int64
		deep        int
		ends        bool
		wantCheckAt int64
	}{
		{name: "stuck at the stall point", since: 100, deep: 19, ends: true, wantCheckAt: 100},
		{name: "through at the stall point", since: 100, deep: 20, wantCheckAt: 200},
		{name: "at its length", since: 500, deep: 36, ends: true, wantCheckAt: 100},
		// With growth 0.5 after 3,000 placements, restarts last 1,500.
		{name: "grown past its base length", grow: 0.5, made: 3_000, since: 500, deep: 36, wantCheckAt: 200},
		{name: "at its grown length", grow: 0.5, made: 3_000, since: 1_500, deep: 36, ends: true, wantCheckAt: 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newBreaksWorker(m, 1, 1, 2)
			w.grow, w.placements = tc.grow, tc.made
			w.setSchedule(m.schedule(20, m.n, 16), 500, 100)
			if w.startDepth != 20 || w.checkAt != 100 {
				t.Fatalf("start depth %d, check at %d", w.startDepth, w.checkAt)
			}
			w.sinceStart, w.maxDepth = tc.since, tc.deep
			w.check()
			if ended := w.restarts == 1; ended != tc.ends {
				t.Errorf("restart ended %v, want %v", ended, tc.ends)
			}
			if w.checkAt != tc.wantCheckAt {
				t.Errorf("next check at %d, want %d", w.checkAt, tc.wantCheckAt)
			}
		})
	}
}

// TestBreaksProbe checks the probe: every worker makes its share of the
// probes, each as long as asked, and breaks begin at their median depth.
func TestBreaksProbe(t *testing.T) {
	p, _ := e2Like(t, 12, 12, 4, 8, 3, true)
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprint(workers, " workers"), func(t *testing.T) {
			run, err := solve.Start(context.Background(), solve.Problem{Puzzle: p}, solve.WithWorkers(workers))
			if err != nil {
				t.Fatal(err)
			}
			m := newBreaksModel(p, breaksLayout{lock: true})
			nb := NewBreaks(BreaksChunk(1_000))
			br := &breaksRun{b: nb, run: run, m: m, best: math.MaxInt32}
			for k := range workers {
				br.ws = append(br.ws, newBreaksWorker(m, 1, uint64(k), 9))
			}
			const n = 20_000
			s0, ok := br.probe(n, false)
			if !ok {
				t.Fatal("the run ended in the probe")
			}
			var depths []int
			for _, w := range br.ws {
				if len(w.depths) < (breaksProbes+workers-1)/workers {
					t.Errorf("a worker made %d probes", len(w.depths))
				}
				if w.restartN != n {
					t.Errorf("probes of %d placements, want %d", w.restartN, n)
				}
				depths = append(depths, w.depths...)
			}
			if want := probeDepth(depths); s0 != want {
				t.Errorf("breaks begin at %d, want %d of %v", s0, want, depths)
			}
			if run.Stats.Iterations < breaksProbes*n {
				t.Errorf("%d iterations for %d probes of %d", run.Stats.Iterations, breaksProbes, n)
			}
		})
	}
}

// TestProbeDepth checks where the probe puts the first break: the median
// of the probes' depths, of those that reach half the deepest.
func TestProbeDepth(t *testing.T) {
	tests := []struct {
		name   string
		depths []int
		want   int
	}{
		{name: "one", depths: []int{7}, want: 7},
		// The centre hint alone on the official set: all alike.
		{name: "alike", depths: []int{203, 200, 199, 199, 200, 198, 200, 203}, want: 200},
		// The clue hints: three probes stuck behind a hint.
		{name: "some stuck", depths: []int{18, 45, 192, 187, 185, 190, 186, 45}, want: 187},
		// More stuck than not: the plain median would be 45.
		{name: "most stuck", depths: []int{18, 45, 45, 44, 185, 190, 20, 45}, want: 190},
		{name: "half the deepest counts", depths: []int{50, 100, 100, 49}, want: 100},
		{name: "at half", depths: []int{50, 100, 50, 50}, want: 50},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := probeDepth(tc.depths); got != tc.want {
				t.Errorf("probeDepth(%v) = %d, want %d", tc.depths, got, tc.want)
			}
		})
	}
}

// TestBreaksSchedule checks the allowance per depth.
func TestBreaksSchedule(t *testing.T) {
	m := &breaksModel{n: 10}
	for _, tc := range []struct {
		name       string
		start, end float64
		total      int
		want       string
	}{
		{name: "ramp", start: 0.5, end: 1, total: 5, want: "[0 0 0 0 0 1 2 3 4 5]"},
		{name: "none", start: 0.2, end: 0.8, total: 0, want: "[0 0 0 0 0 0 0 0 0 0]"},
		{name: "step", start: 0.3, end: 0.3, total: 4, want: "[0 0 0 4 4 4 4 4 4 4]"},
		{name: "from the start", start: 0, end: 0.5, total: 10, want: "[2 4 6 8 10 10 10 10 10 10]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := fmt.Sprint(m.schedule(m.depthAt(tc.start), m.depthAt(tc.end), tc.total)); got != tc.want {
				t.Errorf("schedule %s, want %s", got, tc.want)
			}
		})
	}
}

// TestBreaksScan checks the scan order: rows, then the tail a column at
// a time, fixed cells left out, every cell's left and top neighbours
// before it.
func TestBreaksScan(t *testing.T) {
	p, _ := e2Like(t, 4, 5, 2, 3, 3, false)
	c := puzzle.Cell{Row: 3, Col: 1}
	p.Fixed = []puzzle.FixedPiece{{Cell: c, Placement: puzzle.Placement{Piece: 0}}}
	for _, tc := range []struct {
		name string
		tail int
		want string
	}{
		{name: "rows", tail: 0, want: "[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 17 18 19]"},
		{name: "tail of two", tail: 2, want: "[0 1 2 3 4 5 6 7 8 9 10 15 11 12 17 13 18 14 19]"},
		{name: "all columns", tail: 9, want: "[0 5 10 15 1 6 11 2 7 12 17 3 8 13 18 4 9 14 19]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newBreaksModel(p, breaksLayout{lock: true, tail: tc.tail})
			if got := fmt.Sprint(m.cell); got != tc.want {
				t.Fatalf("scan %s, want %s", got, tc.want)
			}
			at := map[int32]int{}
			for d, c := range m.cell {
				at[c] = d
			}
			for d, c := range m.cell {
				if lc := m.leftCell[d]; lc >= 0 && at[lc] >= d {
					t.Errorf("cell %d comes before its left neighbour", c)
				}
				if tc := m.topCell[d]; tc >= 0 && at[tc] >= d {
					t.Errorf("cell %d comes before its top neighbour", c)
				}
			}
		})
	}
}

// TestBreaksSolvesSmall checks that small E2-like puzzles are solved.
func TestBreaksSolvesSmall(t *testing.T) {
	for _, size := range []int{4, 5, 6, 7} {
		p, _ := e2Like(t, size, size, 2, 3, uint64(size), size%2 == 1)
		res, err := NewBreaks().Solve(context.Background(), solve.Problem{Puzzle: p}, solve.WithMaxIterations(20_000_000))
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Solved {
			t.Errorf("%d×%d: %v at cost %v after %d placements", size, size, res.Status, res.Cost, res.Stats.Iterations)
		}
	}
}

// TestBreaksDeterministic checks that a seed gives one result, with one
// worker and with two, and that the budget is spent exactly.
func TestBreaksDeterministic(t *testing.T) {
	p, _ := e2Like(t, 10, 10, 3, 6, 11, true)
	for _, workers := range []int{1, 2, 3} {
		var boards []*puzzle.Board
		for range 2 {
			res, err := NewBreaks(BreaksChunk(10_000), BreaksRestart(40_000)).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithMaxIterations(300_001), solve.WithSeed(5), solve.WithWorkers(workers))
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Iterations != 300_001 {
				t.Errorf("%d workers: %d iterations, want 300001", workers, res.Stats.Iterations)
			}
			boards = append(boards, res.Board)
		}
		if !boards[0].Equal(boards[1]) {
			t.Errorf("%d workers: two runs with one seed differ", workers)
		}
	}
}

// TestBreaksPolish checks how a budget of iterations is shared: the
// search makes the placements of its share, the polish the moves of the
// rest, and the run ends exactly at its limit.
func TestBreaksPolish(t *testing.T) {
	p, _ := e2Like(t, 10, 10, 3, 6, 11, true)
	const budget = 2_000_000
	for _, tc := range []struct {
		name   string
		share  float64
		search int64 // iterations of the search
	}{
		{name: "none", share: 0, search: budget},
		{name: "a fifth", share: 0.2, search: budget * 4 / 5},
		{name: "most", share: 0.9, search: budget / 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := NewBreaks(BreaksPolish(tc.share), BreaksChunk(50_000)).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithMaxIterations(budget), solve.WithWorkers(2), solve.WithTarget(-1))
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Iterations != budget {
				t.Errorf("%d iterations, want %d", res.Stats.Iterations, budget)
			}
			// Placements are most of the search's iterations, and the
			// search stops at its share (a chunk may end past it).
			if n := res.Stats.Nodes; n > tc.search || n < tc.search*9/10 {
				t.Errorf("%d placements, want about %d", n, tc.search)
			}
		})
	}
}

// TestBreaksCancel checks that a cancelled run ends promptly with a full
// board, in the probe and after it, with restarts of any length.
func TestBreaksCancel(t *testing.T) {
	p, _ := e2Like(t, 16, 16, 5, 17, 1, true)
	for _, tc := range []struct {
		name  string
		after time.Duration
		opts  []BreaksOption
	}{
		{name: "in the probe", after: 50 * time.Millisecond},
		{name: "after the probe", after: 300 * time.Millisecond, opts: []BreaksOption{BreaksRestart(1_000_000)}},
		{name: "endless restarts", after: 100 * time.Millisecond, opts: []BreaksOption{BreaksRestart(math.MaxInt64)}},
		{name: "fixed schedule", after: 100 * time.Millisecond, opts: []BreaksOption{BreaksSchedule(0.7, 1, 30)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), tc.after)
			defer cancel()
			start := time.Now()
			res, err := NewBreaks(tc.opts...).Solve(ctx, solve.Problem{Puzzle: p}, solve.WithWorkers(2))
			if err != nil {
				t.Fatal(err)
			}
			// A chunk, and a finish, take a few tens of milliseconds.
			if took := time.Since(start); took > tc.after+time.Second {
				t.Errorf("cancelled at %v, returned after %v", tc.after, took)
			}
			if res.Status != solve.Canceled || len(res.Unplaced) != 0 {
				t.Errorf("%v with %d pieces unplaced", res.Status, len(res.Unplaced))
			}
		})
	}
}

// TestBreaksOfficial runs briefly on the official set, with its hints, and
// checks the board keeps them and the frame grey.
func TestBreaksOfficial(t *testing.T) {
	inst := loadOfficial(t)
	res, err := NewBreaks().Solve(context.Background(), solve.Problem{Puzzle: inst.Puzzle}, solve.WithMaxIterations(30_000_000))
	if err != nil {
		t.Fatal(err)
	}
	score := checkOfficialBoard(t, inst, res)
	t.Logf("official set, 30,000,000 iterations: %d/480", score)
	// 450 with the default seed when this was written (the run is fixed
	// by its seed; 427 before the polish); 440 leaves room for changes
	// that move a restart.
	if score < 440 {
		t.Errorf("score %d after 30,000,000 iterations", score)
	}
}

// TestBreaksCurve (with -long) measures the score over time:
// BREAKS_PUZZLE=official|generated, BREAKS_SECONDS (default 300),
// BREAKS_SEED, BREAKS_WORKERS (default 2), BREAKS_OPTS as
// "auto,lead,rate,restart,tail" or "fixed,start,end,total,restart,tail".
func TestBreaksCurve(t *testing.T) {
	if !huntLong() {
		t.Skip("a long run: use -long")
	}
	secs := envInt("BREAKS_SECONDS", 300)
	seed := uint64(envInt("BREAKS_SEED", 1))
	var p *puzzle.Puzzle
	if os.Getenv("BREAKS_PUZZLE") == "generated" {
		p, _ = e2Like(t, 16, 16, 5, 17, seed, true)
	} else {
		p = loadOfficial(t).Puzzle
	}
	opts, err := parseBreaksOpts(os.Getenv("BREAKS_OPTS"))
	if err != nil {
		t.Fatal(err)
	}
	if g := os.Getenv("BREAKS_GROW"); g != "" {
		f, err := strconv.ParseFloat(g, 64)
		if err != nil {
			t.Fatalf("BREAKS_GROW %q: %v", g, err)
		}
		opts = append(opts, BreaksRestartGrowth(f))
	}
	marks := []time.Duration{10 * time.Second, 30 * time.Second, 60 * time.Second, 120 * time.Second, 180 * time.Second,
		300 * time.Second, 600 * time.Second, 1200 * time.Second, 1800 * time.Second, 3600 * time.Second}
	start := time.Now()
	best, next := 0, 0
	var line []string
	obs := solve.WithObserver(func(e solve.Event) error {
		for next < len(marks) && time.Since(start) >= marks[next] {
			line = append(line, fmt.Sprintf("%v:%d", marks[next], best))
			next++
		}
		if e.Board != nil {
			best = Score(p, e.Board)
		}
		return nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(secs)*time.Second)
	defer cancel()
	res, err := NewBreaks(opts...).Solve(ctx, solve.Problem{Puzzle: p},
		solve.WithWorkers(envInt("BREAKS_WORKERS", 2)), solve.WithSeed(seed), obs, solve.WithProgressEvery(1<<20))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("curve %s: %s end %v:%d (%.1f M placements/s, %d restarts)", os.Getenv("BREAKS_OPTS"), strings.Join(line, " "),
		res.Stats.Runtime.Round(time.Second), Score(p, res.Board), float64(res.Stats.Nodes)/res.Stats.Runtime.Seconds()/1e6, res.Stats.Restarts)
}

// parseBreaksOpts reads TestBreaksCurve's BREAKS_OPTS.
func parseBreaksOpts(v string) ([]BreaksOption, error) {
	if v == "" {
		return nil, nil
	}
	f := strings.Split(v, ",")
	num := make([]float64, len(f)-1)
	for i, x := range f[1:] {
		var err error
		if num[i], err = strconv.ParseFloat(x, 64); err != nil {
			return nil, fmt.Errorf("BREAKS_OPTS %q: %v", v, err)
		}
	}
	switch {
	case f[0] == "auto" && len(num) == 4:
		return []BreaksOption{BreaksAuto(num[0], num[1]), BreaksRestart(int64(num[2])), BreaksTail(int(num[3]))}, nil
	case f[0] == "fixed" && len(num) == 5:
		return []BreaksOption{BreaksSchedule(num[0], num[1], int(num[2])), BreaksRestart(int64(num[3])), BreaksTail(int(num[4]))}, nil
	}
	return nil, fmt.Errorf("BREAKS_OPTS %q: want auto,lead,rate,restart,tail or fixed,start,end,total,restart,tail", v)
}

// BenchmarkBreaksPlacements measures one worker's placements on a 16×16
// E2-like board with its centre hint; b.N counts placements.
func BenchmarkBreaksPlacements(b *testing.B) {
	p, _ := e2Like(b, 16, 16, 5, 17, 1, true)
	nb := NewBreaks()
	m := newBreaksModel(p, breaksLayout{lock: true, tail: nb.tail})
	w := newBreaksWorker(m, nb.perCell, 1, 2)
	// The schedule the probe gives this puzzle: breaks from the 200th
	// cell, 20 in all.
	w.setSchedule(m.schedule(200, m.n, 20), nb.restart, nb.restart/5)
	for b.Loop() {
		w.run(1, nil)
	}
}
