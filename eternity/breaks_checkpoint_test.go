package eternity

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// breaksResumeCases are the searches the resume tests stop and resume:
// the fast path with its probe, a fixed schedule, the general path, holes,
// and two workers, whose joins exchange bounds.
func breaksResumeCases(t *testing.T) []struct {
	name    string
	p       *puzzle.Puzzle
	opts    []BreaksOption
	workers int
	budget  int64
	stops   []int64 // iterations after which a session is stopped
} {
	t.Helper()
	p, _ := e2Like(t, 10, 10, 3, 6, 11, true)
	var holes *puzzle.Puzzle
	for _, c := range breaksPuzzles(t) {
		if c.name == "holes" {
			holes = c.p
		}
	}
	short := []BreaksOption{BreaksChunk(20_000), BreaksRestart(100_000)}
	return []struct {
		name    string
		p       *puzzle.Puzzle
		opts    []BreaksOption
		workers int
		budget  int64
		stops   []int64
	}{
		// The probes take 8 × 12,500 placements here: the first stop
		// falls among them.
		{name: "probe and search", p: p, opts: short, workers: 1, budget: 1_000_000, stops: []int64{40_000, 300_000, 700_000}},
		{name: "fixed schedule", p: p, opts: append(short, BreaksSchedule(0.6, 1, 8)), workers: 1, budget: 1_000_000, stops: []int64{250_000}},
		{name: "general path", p: p, opts: append(short, BreaksPerPlacement(2), BreaksTail(2), BreaksFrameLock(false)), workers: 1, budget: 600_000, stops: []int64{30_000, 200_000}},
		{name: "holes", p: holes, opts: short, workers: 1, budget: 600_000, stops: []int64{30_000, 200_000}},
		{name: "two workers", p: p, opts: short, workers: 2, budget: 1_000_000, stops: []int64{60_000, 500_000}},
	}
}

// sameRun reports how two results of the search differ, or "".
func sameRun(a, b *solve.Result) string {
	switch {
	case !a.Board.Equal(b.Board):
		return "boards differ"
	case a.Cost != b.Cost || a.Status != b.Status:
		return "costs or statuses differ"
	case a.Stats.Iterations != b.Stats.Iterations || a.Stats.Nodes != b.Stats.Nodes ||
		a.Stats.Backtracks != b.Stats.Backtracks || a.Stats.Restarts != b.Stats.Restarts:
		return "counters differ"
	}
	return ""
}

// TestBreaksResume stops a search several times, at joins chosen by an
// observer that cancels the run's context, and resumes it from its
// checkpoint each time: the last session must end with the board and the
// counters of the run made straight through, in the probe and after it,
// on both paths and with two workers.
func TestBreaksResume(t *testing.T) {
	for _, tc := range breaksResumeCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			prob := solve.Problem{Puzzle: tc.p}
			runOpts := func(extra ...solve.Option) []solve.Option {
				return append([]solve.Option{solve.WithMaxIterations(tc.budget), solve.WithSeed(7),
					solve.WithWorkers(tc.workers), solve.WithProgressEvery(1_000)}, extra...)
			}
			want, err := NewBreaks(tc.opts...).Solve(context.Background(), prob, runOpts()...)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "breaks.json")
			var got *solve.Result
			for k := range len(tc.stops) + 1 {
				ctx, cancel := context.WithCancel(context.Background())
				opts := append(tc.opts, BreaksSaveSteps(path, 0))
				if k > 0 {
					opts = append(opts, BreaksResume(path))
				}
				stop := func(ev solve.Event) error {
					if k < len(tc.stops) && ev.Stats.Iterations >= tc.stops[k] {
						cancel()
					}
					return nil
				}
				extra := []solve.Option{solve.WithObserver(stop)}
				if k > 0 {
					// Another seed: a resumed run draws nothing from it.
					extra = append(extra, solve.WithSeed(uint64(k)+100))
				}
				res, err := NewBreaks(opts...).Solve(ctx, prob, runOpts(extra...)...)
				cancel()
				if err != nil {
					t.Fatalf("session %d: %v", k, err)
				}
				if k < len(tc.stops) && res.Status != solve.Canceled {
					t.Fatalf("session %d: %v, want it stopped", k, res.Status)
				}
				ck, err := ReadBreaksCheckpoint(path)
				if err != nil {
					t.Fatalf("session %d: %v", k, err)
				}
				if k < len(tc.stops) && ck.Iterations < tc.stops[k] {
					t.Errorf("session %d: saved at %d iterations, stopped after %d", k, ck.Iterations, tc.stops[k])
				}
				got = res
			}
			if d := sameRun(want, got); d != "" {
				t.Errorf("resumed %d times: %s: %d/%d iterations, %d/%d placements, %d/%d restarts, cost %v/%v",
					len(tc.stops), d, got.Stats.Iterations, want.Stats.Iterations, got.Stats.Nodes, want.Stats.Nodes,
					got.Stats.Restarts, want.Stats.Restarts, got.Cost, want.Cost)
			}
		})
	}
}

// TestBreaksResumeKilled stops a search wherever a short timeout falls,
// in the middle of a chunk as a preemption would, and resumes it until it
// ends: where the stops fall changes how many sessions it takes, never
// where the run ends. The timeouts grow by 5 ms a session, so that the
// polish, which a resumed run makes afresh, ends in one at last.
func TestBreaksResumeKilled(t *testing.T) {
	tc := breaksResumeCases(t)[len(breaksResumeCases(t))-1] // two workers
	prob := solve.Problem{Puzzle: tc.p}
	runOpts := []solve.Option{solve.WithMaxIterations(tc.budget), solve.WithSeed(7), solve.WithWorkers(tc.workers)}
	want, err := NewBreaks(tc.opts...).Solve(context.Background(), prob, runOpts...)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "breaks.json")
	var got *solve.Result
	sessions := 0
	for got == nil || got.Status == solve.Canceled {
		if sessions++; sessions > 1_000 {
			t.Fatal("no end after 1,000 sessions")
		}
		opts := append(tc.opts, BreaksSave(path, 0))
		if _, err := os.Stat(path); err == nil {
			opts = append(opts, BreaksResume(path))
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(sessions)*5*time.Millisecond)
		got, err = NewBreaks(opts...).Solve(ctx, prob, runOpts...)
		cancel()
		if err != nil {
			t.Fatalf("session %d: %v", sessions, err)
		}
	}
	if d := sameRun(want, got); d != "" {
		t.Errorf("after %d sessions: %s", sessions, d)
	}
	t.Logf("%d sessions", sessions)
}

// TestBreaksResumeErrors checks that a checkpoint of another puzzle or
// another search, or a damaged one, is refused with an error that says
// what is wrong.
func TestBreaksResumeErrors(t *testing.T) {
	p, _ := e2Like(t, 8, 8, 3, 5, 3, true)
	other, _ := e2Like(t, 8, 8, 3, 5, 4, true)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	opts := []BreaksOption{BreaksChunk(10_000), BreaksRestart(50_000)}
	_, err := NewBreaks(append(opts, BreaksSaveSteps(good, 0))...).Solve(context.Background(), solve.Problem{Puzzle: p},
		solve.WithMaxIterations(300_000), solve.WithWorkers(1))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	// damaged writes the good checkpoint changed by edit.
	damaged := func(name string, edit func(ck *BreaksCheckpoint)) string {
		var ck BreaksCheckpoint
		if err := json.Unmarshal(data, &ck); err != nil {
			t.Fatal(err)
		}
		edit(&ck)
		path := filepath.Join(dir, name+".json")
		if err := ck.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	raw := func(name, text string) string {
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tests := []struct {
		name    string
		path    string
		p       *puzzle.Puzzle
		opts    []BreaksOption
		workers int
		want    string
	}{
		{name: "no file", path: filepath.Join(dir, "none.json"), want: "reading checkpoint"},
		{name: "not JSON", path: raw("text", "checkpoint"), want: "invalid character"},
		{name: "cut short", path: raw("short", string(data[:len(data)/2])), want: "unexpected end"},
		{name: "another version", path: damaged("version", func(ck *BreaksCheckpoint) { ck.Version = 2 }), want: "version 2"},
		{name: "another phase", path: damaged("phase", func(ck *BreaksCheckpoint) { ck.Phase = "polish" }), want: `phase "polish"`},
		{name: "no worker", path: damaged("workers", func(ck *BreaksCheckpoint) { ck.Workers = nil }), want: "no worker"},
		{name: "another puzzle", path: good, p: other, want: "another puzzle"},
		{name: "another tail", path: good, opts: []BreaksOption{BreaksTail(3)}, want: "BreaksTail: 5 in the checkpoint, 3 in this search"},
		{name: "more workers", path: good, workers: 2, want: "workers (solve.WithWorkers): 1 in the checkpoint, 2"},
		{name: "random state", path: damaged("rng", func(ck *BreaksCheckpoint) { ck.Workers[0].RNG = []byte("pcg") }), want: "random generator"},
		{name: "a piece twice", path: damaged("twice", func(ck *BreaksCheckpoint) {
			w := &ck.Workers[0]
			w.Best[1] = w.Best[2]
		}), want: "placed twice"},
		{name: "wrong breaks", path: damaged("breaks", func(ck *BreaksCheckpoint) { ck.BestBreaks++ }), want: "saved as"},
		{name: "deep beyond the scan", path: damaged("depth", func(ck *BreaksCheckpoint) { ck.Workers[0].Depth = 1000 }), want: "depth 1000"},
		{name: "stack position", path: damaged("stack", func(ck *BreaksCheckpoint) {
			w := &ck.Workers[0]
			if len(w.Stack) == 0 {
				w.Depth, w.Stack = 1, []int32{-1}
				return
			}
			w.Stack[0] = -1
		}), want: "position -1"},
		{name: "schedule", path: damaged("schedule", func(ck *BreaksCheckpoint) { ck.Schedule = ck.Schedule[1:] }), want: "schedule"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pz, workers := p, 1
			if tc.p != nil {
				pz = tc.p
			}
			if tc.workers > 0 {
				workers = tc.workers
			}
			o := append(append(append([]BreaksOption(nil), opts...), tc.opts...), BreaksResume(tc.path))
			_, err := NewBreaks(o...).Solve(context.Background(), solve.Problem{Puzzle: pz},
				solve.WithMaxIterations(400_000), solve.WithWorkers(workers))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to say %q", err, tc.want)
			}
		})
	}
	// The good one resumes, and its board reads back.
	ck, err := ReadBreaksCheckpoint(good)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ck.Board(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := Score(p, b); got != ck.Score {
		t.Errorf("the board scores %d, saved as %d", got, ck.Score)
	}
	if _, err := ck.Board(other); err == nil {
		t.Error("the board of another puzzle read back")
	}
}

// FuzzBreaksCheckpoint reads arbitrary checkpoints and resumes those that
// parse on the puzzle the seed corpus was made of: a damaged file is an
// error, never a panic or a board that breaks the puzzle's rules.
func FuzzBreaksCheckpoint(f *testing.F) {
	p, _ := e2Like(f, 5, 5, 2, 3, 1, true)
	opts := []BreaksOption{BreaksChunk(2_000), BreaksRestart(5_000)}
	dir := f.TempDir()
	for k, budget := range []int64{3_000, 40_000} {
		path := filepath.Join(dir, "seed.json")
		_, err := NewBreaks(append(opts, BreaksSaveSteps(path, 0))...).Solve(context.Background(), solve.Problem{Puzzle: p},
			solve.WithMaxIterations(budget), solve.WithSeed(uint64(k)), solve.WithWorkers(1))
		if err != nil {
			f.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"version":1,"phase":"search","rows":5,"cols":5,"workers":[{}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ck, err := ParseBreaksCheckpoint(data)
		if err != nil || ck.Iterations < 0 || ck.Iterations > 1<<40 {
			return
		}
		path := filepath.Join(t.TempDir(), "ck.json")
		if err := ck.WriteFile(path); err != nil {
			t.Fatal(err)
		}
		res, err := NewBreaks(append(opts, BreaksResume(path))...).Solve(context.Background(), solve.Problem{Puzzle: p},
			solve.WithMaxIterations(ck.Iterations+20_000), solve.WithWorkers(1))
		if err != nil {
			if !strings.Contains(err.Error(), "eternity: ") {
				t.Errorf("an error that does not say where it comes from: %v", err)
			}
			return
		}
		if err := res.Board.Validate(p); err != nil {
			t.Errorf("resumed to an invalid board: %v", err)
		}
	})
}
