package eternity

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/solvetest"
)

// huntLong reports whether the long runs are asked for (-long, the flag
// the package's long exact-search tests also use).
func huntLong() bool {
	f := flag.Lookup("long")
	return f != nil && f.Value.String() == "true"
}

func init() {
	if flag.Lookup("long") == nil {
		flag.Bool("long", false, "run the long tests")
	}
}

// e2Like returns a scrambled 16×16-style puzzle of rows × cols with
// Eternity II's colour counts, its solution, and with centre the solution's
// piece at the middle cell fixed, as the official starter piece is.
func e2Like(t testing.TB, rows, cols, frame, inner int, seed uint64, centre bool) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	p, sol, err := puzzle.GenerateColours(rows, cols, frame, inner, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = true
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		t.Fatal(err)
	}
	if centre {
		c := puzzle.Cell{Row: rows / 2, Col: cols/2 - 1}
		p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
	}
	return p, sol
}

func TestHuntContract(t *testing.T) {
	solvetest.Run(t, func() solve.Solver { return NewHunt() }, solvetest.Config{LabelsOnly: true})
	t.Run("unlocked", func(t *testing.T) {
		solvetest.Run(t, func() solve.Solver { return NewHunt(HuntFrameLock(false), HuntRefill(7, 8)) }, solvetest.Config{LabelsOnly: true})
	})
}

func TestHungarian(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var h hungarian
	for n := 1; n <= 7; n++ {
		for range 30 {
			a := make([]int32, n*n)
			for i := range a {
				a[i] = int32(rng.IntN(9))
			}
			col := make([]int, n)
			got := h.solve(n, a, col)
			seen := make([]bool, n)
			var sum int64
			for i, j := range col {
				if seen[j] {
					t.Fatalf("n=%d: column %d used twice", n, j)
				}
				seen[j] = true
				sum += int64(a[i*n+j])
			}
			if sum != got {
				t.Fatalf("n=%d: reported %d, assignment costs %d", n, got, sum)
			}
			if want := bruteAssign(n, a); got != want {
				t.Fatalf("n=%d: Hungarian %d, brute force %d", n, got, want)
			}
		}
	}
}

func bruteAssign(n int, a []int32) int64 {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := int64(1 << 62)
	var rec func(k int, sum int64)
	rec = func(k int, sum int64) {
		if k == n {
			best = min(best, sum)
			return
		}
		for i := k; i < n; i++ {
			perm[k], perm[i] = perm[i], perm[k]
			rec(k+1, sum+int64(a[k*n+perm[k]]))
			perm[k], perm[i] = perm[i], perm[k]
		}
	}
	rec(0, 0)
	return best
}

// TestHuntMovesKeepCost runs the schedule with frequent refills on
// frame-locked and unlocked puzzles and checks after each chunk that the
// kept cost is the board's, every piece is placed once, fixed pieces stay
// and, when locked, frame pieces stay on the frame grey side out.
func TestHuntMovesKeepCost(t *testing.T) {
	p, _ := e2Like(t, 8, 9, 3, 5, 7, true)
	holes := p.Clone()
	holes.Fixed = nil
	holes.Pieces = holes.Pieces[:len(holes.Pieces)-3]
	extra := p.Clone()
	extra.Fixed = nil
	extra.Cols--
	extra.AllowExtra = true
	for _, tc := range []struct {
		name string
		p    *puzzle.Puzzle
		lock bool
	}{{"locked", p, true}, {"unlocked", p, false}, {"holes", holes, true}, {"extra", extra, true}} {
		t.Run(tc.name, func(t *testing.T) {
			m := newHuntModel(tc.p, tc.lock)
			if m.frameLock != (tc.name == "locked") {
				t.Fatalf("frameLock = %v", m.frameLock)
			}
			h := NewHunt(HuntRefill(5, 12), HuntCycle(3000))
			w := newHuntWorker(m, h, 1, 2)
			w.deal()
			for range 40 {
				w.run(500, nil)
				if c := m.cost(w.cells); c != w.cost {
					t.Fatalf("kept cost %d, board costs %d", w.cost, c)
				}
				if err := m.check(w.cells); err != nil {
					t.Fatal(err)
				}
				if m.cost(w.best) != w.bestCost || w.bestCost > w.cost {
					t.Fatalf("best %d (board %d), current %d", w.bestCost, m.cost(w.best), w.cost)
				}
				b := elemsBoard(m.rows, m.cols, w.cells, nil)
				if err := b.Validate(tc.p); err != nil {
					t.Fatal(err)
				}
				if m.frameLock {
					for i := range m.cells {
						for s := range 4 {
							if m.nb[4*i+s] == huntRim && m.rimMiss[4*int(w.cells[i])+s] != 0 {
								t.Fatalf("cell %d shows colour on the rim", i)
							}
						}
					}
				}
			}
			if w.refills == 0 {
				t.Error("no refill happened")
			}
		})
	}
}

// TestHuntSolvesSmall checks that small E2-like puzzles are solved.
func TestHuntSolvesSmall(t *testing.T) {
	for _, size := range []int{4, 5, 6} {
		p, _ := e2Like(t, size, size, 2, 3, uint64(size), false)
		res, err := NewHunt(HuntCycle(200_000)).Solve(context.Background(), solve.Problem{Puzzle: p},
			solve.WithMaxIterations(20_000_000))
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != solve.Solved {
			t.Errorf("%d×%d: %v at cost %v after %d moves", size, size, res.Status, res.Cost, res.Stats.Iterations)
		}
	}
}

// TestHuntDeterministic checks that a seed gives one result, with one
// worker and with two.
func TestHuntDeterministic(t *testing.T) {
	p, _ := e2Like(t, 10, 10, 3, 6, 11, true)
	for _, workers := range []int{1, 2} {
		var boards []*puzzle.Board
		for range 2 {
			res, err := NewHunt(HuntCycle(100_000)).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithMaxIterations(300_000), solve.WithSeed(5), solve.WithWorkers(workers))
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Iterations != 300_000 {
				t.Errorf("%d workers: %d iterations, want 300000", workers, res.Stats.Iterations)
			}
			boards = append(boards, res.Board)
		}
		if !boards[0].Equal(boards[1]) {
			t.Errorf("%d workers: two runs with one seed differ", workers)
		}
	}
}

// TestHuntCheckpointResume stops a run by cancelling its context after a
// checkpoint, resumes it, and checks that the resumed run starts from the
// saved board and ends where the run that never stopped ends.
func TestHuntCheckpointResume(t *testing.T) {
	p, _ := e2Like(t, 10, 10, 3, 6, 13, true)
	prob := solve.Problem{Puzzle: p}
	const total = 600_000
	opts := []HuntOption{HuntCycle(150_000), HuntChunk(10_000)}
	whole, err := NewHunt(opts...).Solve(context.Background(), prob, solve.WithMaxIterations(total), solve.WithSeed(9))
	if err != nil {
		t.Fatal(err)
	}

	path := filepath.Join(t.TempDir(), "hunt.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel once the run is past 250,000 moves: the final checkpoint is
	// then taken at the end of the chunk that was running.
	stopper := solve.WithObserver(func(e solve.Event) error {
		if e.Stats.Iterations >= 250_000 {
			cancel()
		}
		return nil
	})
	first, err := NewHunt(append(opts, WithCheckpointSteps(path, 100_000))...).Solve(ctx, prob,
		solve.WithMaxIterations(total), solve.WithSeed(9), stopper, solve.WithProgressEvery(10_000))
	if err != nil {
		t.Fatal(err)
	}
	if first.Status != solve.Canceled {
		t.Fatalf("first part ended %v", first.Status)
	}
	ck, err := ReadHuntCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	if ck.Iterations != first.Stats.Iterations || ck.Iterations >= total || ck.Iterations < 250_000 {
		t.Fatalf("checkpoint at %d iterations, first part did %d", ck.Iterations, first.Stats.Iterations)
	}
	saved, err := ck.Board(p)
	if err != nil {
		t.Fatal(err)
	}
	if !saved.Equal(first.Board) {
		t.Error("the checkpoint's best board is not the first part's result")
	}
	if ck.Score != Score(p, saved) {
		t.Errorf("checkpoint score %d, board scores %d", ck.Score, Score(p, saved))
	}

	// The resumed run's first offer is the saved best board.
	var firstOffer *puzzle.Board
	watch := solve.WithObserver(func(e solve.Event) error {
		if e.Kind == solve.Improved && firstOffer == nil {
			firstOffer = e.Board.Clone()
		}
		return nil
	})
	rest, err := NewHunt(append(opts, Resume(path))...).Solve(context.Background(), prob,
		solve.WithMaxIterations(total), solve.WithSeed(9), watch)
	if err != nil {
		t.Fatal(err)
	}
	if firstOffer == nil || !firstOffer.Equal(saved) {
		t.Error("the resumed run did not start from the saved board")
	}
	if rest.Stats.Iterations != total {
		t.Errorf("resumed run ended at %d iterations, want %d", rest.Stats.Iterations, total)
	}
	if !rest.Board.Equal(whole.Board) || rest.Cost != whole.Cost {
		t.Errorf("resumed run ends at cost %v, the uninterrupted run at %v, or on another board", rest.Cost, whole.Cost)
	}

	// A checkpoint of another puzzle is refused.
	other, _ := e2Like(t, 10, 10, 3, 6, 14, true)
	if _, err := NewHunt(Resume(path)).Solve(context.Background(), solve.Problem{Puzzle: other}, solve.WithMaxIterations(10)); err == nil {
		t.Error("resumed a checkpoint of another puzzle")
	}
	if _, err := NewHunt(Resume(filepath.Join(t.TempDir(), "none.json"))).Solve(context.Background(), prob); err == nil {
		t.Error("resumed from a missing file")
	}
}

// TestHuntCheckpointTimed checks the time-based checkpoints with two
// workers: files appear while the run goes on and a resume continues.
func TestHuntCheckpointTimed(t *testing.T) {
	p, _ := e2Like(t, 8, 8, 3, 5, 17, true)
	path := filepath.Join(t.TempDir(), "hunt.json")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res, err := NewHunt(WithCheckpoint(path, 50*time.Millisecond)).Solve(ctx, solve.Problem{Puzzle: p},
		solve.WithWorkers(2), solve.WithTarget(-1))
	if err != nil {
		t.Fatal(err)
	}
	ck, err := ReadHuntCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(ck.Workers) != 2 || ck.Iterations != res.Stats.Iterations {
		t.Fatalf("checkpoint of %d workers at %d iterations; run did %d", len(ck.Workers), ck.Iterations, res.Stats.Iterations)
	}
	rest, err := NewHunt(Resume(path)).Solve(context.Background(), solve.Problem{Puzzle: p},
		solve.WithWorkers(2), solve.WithMaxIterations(ck.Iterations+200_000), solve.WithTarget(-1))
	if err != nil {
		t.Fatal(err)
	}
	if rest.Cost > res.Cost {
		t.Errorf("resumed run ends at %v, worse than the saved %v", rest.Cost, res.Cost)
	}
}

// TestHuntOfficial runs briefly on the official set, with its hints, and
// checks the board keeps them and the frame grey.
func TestHuntOfficial(t *testing.T) {
	inst := loadOfficial(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	res, err := NewHunt(HuntQuench()).Solve(ctx, solve.Problem{Puzzle: inst.Puzzle}, solve.WithWorkers(2))
	if err != nil {
		t.Fatal(err)
	}
	score := checkOfficialBoard(t, inst, res)
	t.Logf("official set, 2 s on 2 workers: %d/480", score)
	if score < 380 {
		t.Errorf("score %d after 2 s", score)
	}
}

// checkOfficialBoard checks that a score search's board on the official
// set is valid, keeps the hints and has a grey frame (so that its score is
// MaxScore less its cost), and returns the score.
func checkOfficialBoard(t *testing.T, inst *Instance, res *solve.Result) int {
	t.Helper()
	b := res.Board
	if err := b.Validate(inst.Puzzle); err != nil {
		t.Fatal(err)
	}
	for _, f := range inst.Puzzle.Fixed {
		if b.At(f.Cell) != f.Placement {
			t.Errorf("hint at %v moved", f.Cell)
		}
	}
	score := Score(inst.Puzzle, b)
	if score != MaxScore(16, 16)-int(res.Cost) {
		t.Errorf("score %d with cost %v: the frame is not grey", score, res.Cost)
	}
	return score
}

func loadOfficial(t testing.TB) *Instance {
	t.Helper()
	path := "../../shared/data/eternity/instances/e2-16x16-v00.json"
	if v := os.Getenv("HUNT_INSTANCE"); v != "" {
		path = v
	}
	inst, err := LoadFile(path)
	if err != nil {
		t.Skipf("official set not available: %v", err)
	}
	return inst
}

// TestHuntCurve (with -long) measures the score over time on 2 workers:
// HUNT_PUZZLE=official|generated, HUNT_SECONDS (default 300), HUNT_SEED,
// HUNT_OPTS as "hot,cold,cycle,refillEvery,refillSize".
func TestHuntCurve(t *testing.T) {
	if !huntLong() {
		t.Skip("a long run: use -long")
	}
	secs := envInt("HUNT_SECONDS", 300)
	seed := uint64(envInt("HUNT_SEED", 1))
	var p *puzzle.Puzzle
	if os.Getenv("HUNT_PUZZLE") == "generated" {
		p, _ = e2Like(t, 16, 16, 5, 17, seed, true)
	} else {
		p = loadOfficial(t).Puzzle
	}
	var opts []HuntOption
	if os.Getenv("HUNT_OPTS") == "quench" {
		opts = append(opts, HuntQuench())
	} else if v := os.Getenv("HUNT_OPTS"); v != "" {
		f := strings.Split(v, ",")
		hot, _ := strconv.ParseFloat(f[0], 64)
		cold, _ := strconv.ParseFloat(f[1], 64)
		cycle, _ := strconv.ParseInt(f[2], 10, 64)
		every, _ := strconv.ParseInt(f[3], 10, 64)
		size, _ := strconv.Atoi(f[4])
		opts = append(opts, HuntTemperatures(hot, cold), HuntCycle(cycle), HuntRefill(every, size))
		if len(f) >= 7 {
			a, _ := strconv.Atoi(f[5])
			b, _ := strconv.Atoi(f[6])
			opts = append(opts, HuntFocus(a, b))
		}
		if len(f) >= 8 {
			opts = append(opts, HuntRefillFocus(f[7] == "1"))
		}
	}
	opts = append(opts, huntExtra(t, os.Getenv("HUNT_EXTRA"))...)
	marks := []time.Duration{10 * time.Second, 30 * time.Second, 60 * time.Second, 120 * time.Second, 180 * time.Second, 300 * time.Second, 600 * time.Second, 1800 * time.Second, 3600 * time.Second}
	start := time.Now()
	best := 0
	next := 0
	var line []string
	obs := solve.WithObserver(func(e solve.Event) error {
		if e.Board != nil {
			best = Score(p, e.Board)
		}
		for next < len(marks) && time.Since(start) >= marks[next] {
			line = append(line, fmt.Sprintf("%v:%d", marks[next], best))
			next++
		}
		return nil
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(secs)*time.Second)
	defer cancel()
	workers := envInt("HUNT_WORKERS", 2)
	runOpts := []solve.Option{solve.WithWorkers(workers), solve.WithSeed(seed), obs, solve.WithProgressEvery(1 << 20)}
	if moves := envInt("HUNT_MOVES", 0); moves > 0 {
		// A budget in moves rather than time: comparable across machine
		// loads.
		ctx = context.Background()
		runOpts = append(runOpts, solve.WithMaxIterations(int64(moves)))
	}
	res, err := NewHunt(opts...).Solve(ctx, solve.Problem{Puzzle: p}, runOpts...)
	if err != nil {
		t.Fatal(err)
	}
	final := Score(p, res.Board)
	t.Logf("curve %s: %s end %v:%d (%.1f M moves/s)", os.Getenv("HUNT_OPTS"), strings.Join(line, " "),
		res.Stats.Runtime.Round(time.Second), final, float64(res.Stats.Iterations)/res.Stats.Runtime.Seconds()/1e6)
}

// huntExtra parses HUNT_EXTRA, a comma-separated list of k=N (HuntCycles),
// share=0|1 (HuntShare), reheat=T (HuntReheat) and cycle=N (HuntCycle).
func huntExtra(t *testing.T, v string) []HuntOption {
	var opts []HuntOption
	for _, f := range strings.Split(v, ",") {
		key, val, _ := strings.Cut(f, "=")
		n, _ := strconv.ParseInt(val, 10, 64)
		switch key {
		case "":
		case "k":
			opts = append(opts, HuntCycles(int(n)))
		case "reheat":
			r, _ := strconv.ParseFloat(val, 64)
			opts = append(opts, HuntReheat(r))
		case "share":
			opts = append(opts, HuntShare(n == 1))
		case "cycle":
			opts = append(opts, HuntCycle(n))
		default:
			t.Fatalf("HUNT_EXTRA: unknown key %q", key)
		}
	}
	return opts
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// BenchmarkHuntMoves measures one worker's moves on a 16×16 E2-like board,
// with and without refills.
func BenchmarkHuntMoves(b *testing.B) {
	p, _ := e2Like(b, 16, 16, 5, 17, 1, true)
	m := newHuntModel(p, true)
	for _, tc := range []struct {
		name string
		h    *Hunt
	}{{"swaps", NewHunt(HuntRefill(0, 0))}, {"refill64", NewHunt(HuntRefill(1, 64))}} {
		b.Run(tc.name, func(b *testing.B) {
			w := newHuntWorker(m, tc.h, 1, 2)
			w.deal()
			for b.Loop() {
				w.run(1, nil)
			}
		})
	}
}
