package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/solve"
)

// TestItems runs a count as N work items through run, each with its index
// in JOB_COMPLETION_INDEX as an Indexed Job gives it, merges their files
// and compares the sum with a single run: the same solutions and the same
// placements, for N = 1, 7 and 64 (more items than branches at first, so
// the split goes deeper, and some items may get none).
func TestItems(t *testing.T) {
	tests := []struct {
		name   string
		gen    string
		pieces string // a shared data file instead of gen
	}{
		{name: "generated 5x5", gen: "5x5"},
		// 65 solutions up to turns (the data README's 100 less 35).
		{name: "brendan 6x6", pieces: "brendan/set1_06x06.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			single := base(t)
			single.mode = "count"
			if tc.pieces != "" {
				single.pieces = sharedFile(t, tc.pieces)
			} else {
				single.gen, single.frame, single.inner = tc.gen, 3, 5
			}
			want := runJSON(t, single)
			if want.Solutions == 0 {
				t.Fatal("the single run counts no solutions")
			}
			for _, n := range []int{1, 7, 64} {
				dir := t.TempDir()
				for i := range n {
					c := single
					c.out, c.split = dir, n
					t.Setenv(indexEnv, strconv.Itoa(i))
					r := runJSON(t, c)
					if r.Split != n || r.Index == nil || *r.Index != i || r.Status != "exhausted" {
						t.Fatalf("item %d of %d: split %d, index %v, status %s", i, n, r.Split, r.Index, r.Status)
					}
				}
				m := single
				m.mode, m.out = "merge", dir
				got := runJSON(t, m)
				if got.Solutions != want.Solutions || got.Nodes != want.Nodes || got.Status != "exhausted" {
					t.Errorf("%d items: merged %d solutions, %d placements (%s); the single run %d, %d",
						n, got.Solutions, got.Nodes, got.Status, want.Solutions, want.Nodes)
				}
			}
		})
	}
}

// TestMergeChecks checks that merge refuses an incomplete or mixed set of
// items.
func TestMergeChecks(t *testing.T) {
	dir := t.TempDir()
	c := base(t)
	c.gen, c.frame, c.inner, c.mode, c.out, c.split = "5x5", 3, 5, "count", dir, 3
	m := checkMergeRefuses(t, c)
	var stdout, stderr bytes.Buffer
	// An item that stopped before the end (item 1 of the first search,
	// in place of the other search's).
	c.index = 1
	runJSON(t, c)
	path := itemFile(dir, 1, 3)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var it item
	if err := json.Unmarshal(data, &it); err != nil {
		t.Fatal(err)
	}
	it.Status = "canceled"
	if err := writeJSON(path, it); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), m, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "stopped before the end") {
		t.Fatalf("merge with a stopped item: err = %v", err)
	}
}

// TestJobManifest checks that the Job manifests run as many items as they
// split the search into, on this program.
func TestJobManifest(t *testing.T) {
	for _, tc := range []struct{ file, mode string }{
		{"count-job.yaml", "count"},
		{"score-job.yaml", "score"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			data, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			field := func(prefix string) string {
				for line := range strings.Lines(string(data)) {
					line = strings.TrimSpace(line)
					if v, ok := strings.CutPrefix(line, prefix); ok {
						v, _, _ = strings.Cut(v, "#")
						return strings.TrimSpace(v)
					}
				}
				t.Fatalf("%s has no line %q", tc.file, prefix)
				return ""
			}
			if c, s := field("completions:"), field("- -split="); c != s {
				t.Errorf("completions %s, -split %s: every item must run", c, s)
			}
			if m := field("completionMode:"); m != "Indexed" {
				t.Errorf("completionMode %s, want Indexed (it sets %s)", m, indexEnv)
			}
			if img := field("image:"); img != "ko://github.com/reassemble/jigsaw/examples/eternity" {
				t.Errorf("image %s, want this program's ko:// reference", img)
			}
			if m := field("- -mode="); m != tc.mode {
				t.Errorf("-mode=%s, want %s", m, tc.mode)
			}
		})
	}
}

// TestItemResume stops a work item again and again and runs it anew each
// time, as an engine restarts a preempted pod, until it finishes; it must
// end with the counts of the item run straight through. The context is
// cancelled before each run, so each run makes one window of placements
// (the search looks at the context every 65,536) and saves its checkpoint:
// the stops fall mid-branch at the same places on any machine.
func TestItemResume(t *testing.T) {
	c := base(t)
	// 48 solutions up to turns, 1,626,854 placements in all.
	c.gen, c.frame, c.inner, c.mode, c.split = "6x6", 3, 6, "count", 2
	for index := range c.split {
		c.index = index
		straight := c
		straight.out = t.TempDir()
		want := runJSON(t, straight)
		wantFile, err := os.ReadFile(itemFile(straight.out, index, c.split))
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		stopped := c
		stopped.out = t.TempDir()
		runs := 0
		for {
			runs++
			var stdout, stderr bytes.Buffer
			err := run(ctx, stopped, &stdout, &stderr)
			if err == nil {
				break
			}
			if !strings.Contains(err.Error(), "stopped before the end") || runs > 1000 {
				t.Fatalf("item %d, run %d: %v\n%s", index, runs, err, stderr.String())
			}
			if _, err := os.Stat(checkpointFile(stopped.out, index, c.split)); err != nil {
				t.Fatalf("item %d, run %d: stopped without a checkpoint: %v", index, runs, err)
			}
		}
		if runs < 3 {
			t.Fatalf("item %d finished in %d runs: not stopped mid-way", index, runs)
		}
		got, err := os.ReadFile(itemFile(stopped.out, index, c.split))
		if err != nil {
			t.Fatal(err)
		}
		var a, b item
		if err := json.Unmarshal(wantFile, &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(got, &b); err != nil {
			t.Fatal(err)
		}
		a.Seconds, b.Seconds = 0, 0
		if !reflect.DeepEqual(a, b) || b.Solutions != want.Solutions {
			t.Errorf("item %d stopped %d times: %+v; straight through: %+v", index, runs-1, b, a)
		}
		if _, err := os.Stat(checkpointFile(stopped.out, index, c.split)); err == nil {
			t.Errorf("item %d: the checkpoint is left after the item finished", index)
		}
		t.Logf("item %d: %d solutions, %d placements, in %d runs", index, b.Solutions, b.Nodes, runs)
	}
}

// scoreItemsConfig is a score search split into work items, fixed by its
// seed: a budget of iterations rather than a timeout.
func scoreItemsConfig(t *testing.T, method string) config {
	c := base(t)
	c.gen, c.frame, c.inner, c.mode, c.method = "10x10", 3, 7, "score", method
	c.iterations = 2_000_000
	if method == "hunt" {
		// A move costs more than a placement.
		c.iterations = 500_000
	}
	return c
}

// TestScoreItems runs a score search as work items through run, each with
// its index in JOB_COMPLETION_INDEX: every item is the search a single run
// makes from the item's own seed, the seeds differ, and the merge keeps the
// best board, of the lowest index among equals.
func TestScoreItems(t *testing.T) {
	for _, method := range []string{"breaks", "hunt"} {
		t.Run(method, func(t *testing.T) {
			const n = 4
			dir := t.TempDir()
			in, err := load(scoreItemsConfig(t, method), io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			seeds := map[uint64]bool{}
			best, bestIndex := -1, -1
			for i := range n {
				c := scoreItemsConfig(t, method)
				c.out, c.split = dir, n
				t.Setenv(indexEnv, strconv.Itoa(i))
				r := runJSON(t, c)
				if r.Split != n || r.Index == nil || *r.Index != i {
					t.Fatalf("item %d of %d: split %d, index %v", i, n, r.Split, r.Index)
				}
				// The same search as the method's from the item's seed
				// (which -seed cannot give alone: it makes the puzzle
				// too).
				res, err := scoreSolver(method, c).Solve(context.Background(), solve.Problem{Puzzle: in.p},
					solve.WithSeed(itemSeed(1, i)), solve.WithMaxIterations(c.iterations), solve.WithWorkers(1))
				if err != nil {
					t.Fatal(err)
				}
				if want := eternity.Score(in.p, res.Board); r.Score != want || r.Iterations != res.Stats.Iterations {
					t.Errorf("item %d: %d/%d after %d iterations; the search from its seed %d after %d",
						i, r.Score, r.MaxScore, r.Iterations, want, res.Stats.Iterations)
				}
				seeds[itemSeed(1, i)] = true
				if r.Score > best {
					best, bestIndex = r.Score, i
				}
			}
			if len(seeds) != n {
				t.Errorf("%d items searched from %d seeds", n, len(seeds))
			}
			m := base(t)
			m.mode, m.out = "merge", dir
			got := runJSON(t, m)
			if got.Score != best || got.Best == nil || *got.Best != bestIndex || got.Split != n {
				t.Errorf("merged %d/%d from item %v; the best is %d from item %d", got.Score, got.MaxScore, got.Best, best, bestIndex)
			}
			// The best board reads back, and scores what the merge said.
			b, err := eternity.LoadBoardFile(filepath.Join(dir, "best-board.txt"), in.p, eternity.Grid)
			if err != nil {
				t.Fatal(err)
			}
			if s := eternity.Score(in.p, b); s != best {
				t.Errorf("best-board.txt scores %d, merged %d", s, best)
			}
		})
	}
}

// TestScoreMergeChecks checks that merging score items refuses a missing
// index and items of another search.
func TestScoreMergeChecks(t *testing.T) {
	c := scoreItemsConfig(t, "breaks")
	c.iterations, c.out, c.split = 200_000, t.TempDir(), 3
	checkMergeRefuses(t, c)
}

// checkMergeRefuses runs items 0 and 2 of the split c (into c.out) and
// checks that merging them refuses the missing item 1, then, with item 1
// run from another seed (another search), the mixed set. It returns the
// merge's configuration.
func checkMergeRefuses(t *testing.T, c config) config {
	t.Helper()
	for _, i := range []int{0, 2} {
		c.index = i
		runJSON(t, c)
	}
	m := base(t)
	m.mode, m.out = "merge", c.out
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), m, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "did not report: [1]") {
		t.Fatalf("merge with item 1 missing: err = %v", err)
	}
	// Item 1 of another search: a different seed makes another puzzle
	// (count) or another search (score).
	c.index, c.seed = 1, c.seed+1
	runJSON(t, c)
	if err := run(context.Background(), m, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "another search") {
		t.Fatalf("merge of two searches: err = %v", err)
	}
	return m
}

// TestScoreItemResume stops a score item again and again from outside, as
// an engine preempts a pod, at whatever point a growing timeout falls, and
// runs it anew each time until it finishes: it must end with the board
// and the counts of the item run straight through.
func TestScoreItemResume(t *testing.T) {
	c := scoreItemsConfig(t, "breaks")
	c.split, c.index, c.iterations = 2, 1, 3_000_000
	straight := c
	straight.out = t.TempDir()
	runJSON(t, straight)
	wantFile, err := os.ReadFile(itemFile(straight.out, c.index, c.split))
	if err != nil {
		t.Fatal(err)
	}
	stopped := c
	stopped.out = t.TempDir()
	runs := 0
	for {
		runs++
		if runs > 1000 {
			t.Fatal("no end after 1,000 runs")
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Duration(runs)*10*time.Millisecond)
		var stdout, stderr bytes.Buffer
		err := run(ctx, stopped, &stdout, &stderr)
		cancel()
		if err == nil {
			break
		}
		if !strings.Contains(err.Error(), "stopped before the end") {
			t.Fatalf("run %d: %v\n%s", runs, err, stderr.String())
		}
	}
	got, err := os.ReadFile(itemFile(stopped.out, c.index, c.split))
	if err != nil {
		t.Fatal(err)
	}
	var a, b item
	if err := json.Unmarshal(wantFile, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &b); err != nil {
		t.Fatal(err)
	}
	a.Seconds, b.Seconds = 0, 0
	if !reflect.DeepEqual(a, b) {
		t.Errorf("stopped %d times: %d/%d after %d iterations; straight through: %d after %d",
			runs-1, b.Score, b.MaxScore, b.Iterations, a.Score, a.Iterations)
	}
	if fileExists(checkpointFile(stopped.out, c.index, c.split)) {
		t.Error("the checkpoint is left after the item finished")
	}
	t.Logf("%d runs", runs)
}
