package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// sharedData is where the edge-matching test data sit, beside the
// repository; tests that read them skip when they are absent.
const sharedData = "../../../shared/data/eternity/"

// sharedFile returns the path of a shared data file, skipping the test when
// it is absent.
func sharedFile(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(sharedData, name)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		t.Skipf("shared data %s absent: skipping", path)
	} else if err != nil {
		t.Fatal(err)
	}
	return path
}

// base returns a configuration as the flags' defaults make it, writing
// under a test directory and printing JSON.
func base(t *testing.T) config {
	return config{frame: defaultFrame, inner: defaultInner, seed: 1, hints: "file", mode: "solve",
		pin: true, workers: 1, index: -1, out: t.TempDir(), json: true, repro: defaultReproBudget()}
}

// runJSON runs c and decodes the one JSON object it prints.
func runJSON(t *testing.T, c config) report {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr:\n%s", err, stderr.String())
	}
	var r report
	dec := json.NewDecoder(&stdout)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("stdout is not one report: %v", err)
	}
	if dec.More() {
		t.Fatal("stdout holds more than one JSON object")
	}
	return r
}

func TestJSONKeys(t *testing.T) {
	c := base(t)
	c.gen = "5x5"
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"name", "rows", "cols", "mode", "method", "score", "max_score", "solutions", "nodes", "seconds", "status", "score544", "max_score544"} {
		if _, ok := m[key]; !ok {
			t.Errorf("JSON lacks %q: %s", key, stdout.String())
		}
	}
}

func TestSolve(t *testing.T) {
	tests := []struct {
		name   string
		gen    string
		method string
		pin    bool // -pin given
	}{
		{name: "exact", gen: "6x6", method: "exact", pin: true},
		{name: "exact unpinned", gen: "6x6", method: "exact"},
		{name: "backtrack", gen: "6x6", method: "backtrack", pin: true},
		{name: "exact not square", gen: "4x7", method: "exact"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := base(t)
			// -pin defaults to on but applies to -mode solve only when
			// given (see choosePin).
			c.gen, c.method, c.pinSet = tc.gen, tc.method, tc.pin
			r := runJSON(t, c)
			if r.Status != solve.Solved.String() || r.Solutions != 1 {
				t.Errorf("status %s, %d solutions; want solved, 1", r.Status, r.Solutions)
			}
			if r.Score != r.MaxScore || r.Score544 != r.MaxScore544 {
				t.Errorf("score %d/%d (%d/%d), want the maxima", r.Score, r.MaxScore, r.Score544, r.MaxScore544)
			}
			if r.MaxScore != eternity.MaxScore(r.Rows, r.Cols) || r.Nodes <= 0 {
				t.Errorf("max_score %d, nodes %d", r.MaxScore, r.Nodes)
			}
			// A non-square board cannot take the pin (see choosePin).
			if want := tc.pin && r.Rows == r.Cols; r.Pinned != want {
				t.Errorf("pinned %v, want %v", r.Pinned, want)
			}
			if _, err := os.Stat(r.PNG); err != nil {
				t.Errorf("picture: %v", err)
			}
		})
	}
}

// TestOrder checks that -order decreasing runs the exact search in
// eternity.ExactDescending's order: the same placements before the first
// solution as the package's own search, and the same count.
func TestOrder(t *testing.T) {
	in, err := generate("5x5", 3, 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	nodes := map[string]uint64{}
	for order, opts := range map[string][]eternity.ExactOption{
		orderIncreasing: nil,
		orderDecreasing: {eternity.ExactDescending()},
	} {
		x, err := eternity.NewExact(in.p, opts...)
		if err != nil {
			t.Fatal(err)
		}
		b, st, err := x.First(context.Background())
		if err != nil || b == nil {
			t.Fatalf("%s: no first solution: %v", order, err)
		}
		nodes[order] = st.Nodes
	}
	if nodes[orderIncreasing] == nodes[orderDecreasing] {
		t.Fatalf("both orders make %d placements: the puzzle does not tell them apart", nodes[orderIncreasing])
	}
	counts := map[string]uint64{}
	for order, want := range nodes {
		c := base(t)
		c.gen, c.frame, c.inner, c.order = "5x5", 3, 5, order
		r := runJSON(t, c)
		if r.Nodes != int64(want) || r.Order != order || r.Status != solve.Solved.String() {
			t.Errorf("-order %s: %d placements (order %q, %s), want %d, solved", order, r.Nodes, r.Order, r.Status, want)
		}
		c.mode = "count"
		counts[order] = runJSON(t, c).Solutions
	}
	if counts[orderIncreasing] != counts[orderDecreasing] {
		t.Errorf("counts %v differ between the orders", counts)
	}
}

// TestCount checks the count mode against counts made here by the other
// search: the general backtracker's count up to turns for the pinned exact
// search, and the exact search's unpinned count, a quarter of which are
// pinned, for the pinned backtracker. No solution of a square board is its
// own turn (a corner piece would have to be in two corners), so each
// pinned solution stands for exactly four boards.
func TestCount(t *testing.T) {
	for _, gen := range []struct {
		size         string
		frame, inner int
	}{{"4x4", 2, 3}, {"5x5", 3, 4}, {"5x5", 3, 5}} {
		in, err := generate(gen.size, gen.frame, gen.inner, 1)
		if err != nil {
			t.Fatal(err)
		}
		bt, err := backtrack.New().Count(context.Background(), solve.Problem{Puzzle: in.p})
		if err != nil || bt.Status != solve.Exhausted {
			t.Fatalf("%s: backtrack count: %v, %v", in.name, err, bt.Status)
		}
		x, err := eternity.NewExact(in.p)
		if err != nil {
			t.Fatal(err)
		}
		raw, _, err := x.Count(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if raw != uint64(bt.Raw) || raw%4 != 0 || raw == 0 {
			t.Fatalf("%s: exact counts %d boards, backtrack %d; want the same nonzero multiple of 4", in.name, raw, bt.Raw)
		}
		t.Logf("%s: %d solutions up to turns", in.name, raw/4)
		for _, method := range []string{"exact", "backtrack"} {
			t.Run(in.name+" "+method, func(t *testing.T) {
				c := base(t)
				c.gen, c.frame, c.inner, c.mode, c.method = gen.size, gen.frame, gen.inner, "count", method
				r := runJSON(t, c)
				if r.Solutions != uint64(bt.Distinct) || r.Solutions != raw/4 || !r.Pinned {
					t.Errorf("%d solutions (pinned %v), want %d", r.Solutions, r.Pinned, bt.Distinct)
				}
				if r.Status != solve.Exhausted.String() || r.Score != r.MaxScore {
					t.Errorf("status %s, score %d/%d", r.Status, r.Score, r.MaxScore)
				}
				c.pin = false
				if r := runJSON(t, c); r.Solutions != raw || r.Pinned {
					t.Errorf("unpinned: %d solutions (pinned %v), want %d", r.Solutions, r.Pinned, raw)
				}
			})
		}
	}
}

// TestCountShared checks the counts of the shared data's README, which
// are Dave Clark's counter: solutions plus the cells less one.
func TestCountShared(t *testing.T) {
	tests := []struct {
		name   string
		file   string
		readme uint64
	}{
		// The README's 131 solutions, 9,544,174 placements.
		{name: "em_6x6", file: "generated/em_6x6_b3_i5_s1.json", readme: 131},
		// The README's 100 solutions, 14,518,615 placements.
		{name: "brendan 6x6", file: "brendan/set1_06x06.txt", readme: 100},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := base(t)
			c.pieces, c.mode, c.method = sharedFile(t, tc.file), "count", "exact"
			r := runJSON(t, c)
			if want := tc.readme - uint64(r.Rows*r.Cols-1); r.Solutions != want {
				t.Errorf("%d solutions, want %d (the README's %d less %d cells less one)", r.Solutions, want, tc.readme, r.Rows*r.Cols)
			}
		})
	}
}

func TestScore(t *testing.T) {
	for _, method := range modes["score"] {
		t.Run(method, func(t *testing.T) {
			c := base(t)
			c.gen, c.mode, c.method, c.timeout = "6x6", "score", method, 200*time.Millisecond
			start := time.Now()
			r := runJSON(t, c)
			// The timeout bounds the run; the slack is for a loaded
			// machine.
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("ran %v with a timeout of %v", el, c.timeout)
			}
			if r.Score < 0 || r.Score > r.MaxScore || r.Score544 > r.MaxScore544 || r.Iterations <= 0 {
				t.Errorf("score %d/%d, %d/%d, iterations %d", r.Score, r.MaxScore, r.Score544, r.MaxScore544, r.Iterations)
			}
			if (r.Solutions == 1) != (r.Score == r.MaxScore) {
				t.Errorf("%d solutions at score %d/%d", r.Solutions, r.Score, r.MaxScore)
			}
		})
	}
}

// TestHuntResume saves a hunt and goes on from it: the resumed run starts
// from the saved best board, so it ends no worse.
func TestHuntResume(t *testing.T) {
	c := base(t)
	c.gen, c.frame, c.inner, c.mode, c.method, c.timeout = "10x10", 4, 10, "score", "hunt", 300*time.Millisecond
	c.checkpoint = filepath.Join(t.TempDir(), "hunt.json")
	first := runJSON(t, c)
	ck, err := eternity.ReadHuntCheckpoint(c.checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	if ck.Score != first.Score {
		t.Errorf("checkpoint score %d, run's %d", ck.Score, first.Score)
	}
	c.resume = c.checkpoint
	if second := runJSON(t, c); second.Score < first.Score {
		t.Errorf("resumed at %d, ended at %d", first.Score, second.Score)
	}
}

// TestBreaksResume saves a single breaks search and goes on from it: a
// resumed run starts from the checkpoint (given a budget the checkpoint
// has spent, it ends at once with the checkpoint's best board), and with
// -iterations it ends where a run straight through ends, with the same
// best board.
func TestBreaksResume(t *testing.T) {
	dir := t.TempDir()
	c := base(t)
	c.gen, c.frame, c.inner, c.mode, c.method = "10x10", 4, 10, "score", "breaks"
	c.iterations, c.checkpoint = 400_000, filepath.Join(dir, "straight.json")
	straight := runJSON(t, c)
	c.iterations, c.checkpoint = 200_000, filepath.Join(dir, "halves.json")
	half := runJSON(t, c)
	c.resume, c.checkpoint = c.checkpoint, filepath.Join(dir, "spent.json")
	c.iterations = 100_000
	spent := runJSON(t, c)
	h, err := eternity.ReadBreaksCheckpoint(c.resume)
	if err != nil {
		t.Fatal(err)
	}
	s, err := eternity.ReadBreaksCheckpoint(c.checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	if spent.Score != half.Score || !slices.Equal(s.Best, h.Best) {
		t.Errorf("resumed with a spent budget: score %d, the checkpoint's %d, boards equal %v", spent.Score, half.Score, slices.Equal(s.Best, h.Best))
	}
	c.iterations, c.checkpoint = 400_000, c.resume
	resumed := runJSON(t, c)
	t.Logf("straight: score %d/%d after %d iterations", straight.Score, straight.MaxScore, straight.Iterations)
	if resumed.Score != straight.Score || resumed.Iterations != straight.Iterations {
		t.Errorf("resumed: score %d after %d iterations; straight through: %d after %d", resumed.Score, resumed.Iterations, straight.Score, straight.Iterations)
	}
	a, err := eternity.ReadBreaksCheckpoint(filepath.Join(dir, "straight.json"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := eternity.ReadBreaksCheckpoint(c.checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Best, b.Best) || a.Nodes != b.Nodes || a.Restarts != b.Restarts {
		t.Errorf("resumed: %d placements, %d restarts, another best board than straight through (%d, %d)", b.Nodes, b.Restarts, a.Nodes, a.Restarts)
	}
}

func TestHints(t *testing.T) {
	path := sharedFile(t, "instances/e2-16x16-v00.json")
	tests := []struct {
		hints string
		fixed int
	}{
		// instances/index.json: 8 hints in the file.
		{"file", 8},
		{"none", 0},
		// The centre piece alone; with the four clue hints.
		{"centre", 1},
		{"clues", 5},
	}
	for _, tc := range tests {
		t.Run(tc.hints, func(t *testing.T) {
			c := base(t)
			c.pieces, c.hints = path, tc.hints
			in, err := load(c, &bytes.Buffer{})
			if err != nil {
				t.Fatal(err)
			}
			if len(in.p.Fixed) != tc.fixed {
				t.Errorf("%d fixed pieces, want %d", len(in.p.Fixed), tc.fixed)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	junk := filepath.Join(t.TempDir(), "junk.txt")
	if err := os.WriteFile(junk, []byte("1,2,3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		edit func(*config)
		want string
	}{
		{"unknown mode", func(c *config) { c.mode = "play" }, "unknown -mode"},
		{"method of another mode", func(c *config) { c.method = "hunt" }, `-method "hunt" for -mode solve`},
		{"bad size", func(c *config) { c.gen = "8by8" }, "ROWSxCOLS"},
		{"trailing size", func(c *config) { c.gen = "8x8x8" }, "ROWSxCOLS"},
		{"tiny board", func(c *config) { c.gen = "1x5" }, "at least 2"},
		{"no colours", func(c *config) { c.inner = 0 }, "-inner 0"},
		{"file and generator", func(c *config) { c.pieces, c.gen = junk, "4x4" }, "not both"},
		{"missing file", func(c *config) { c.pieces = "no/such/file.txt" }, "no/such/file.txt"},
		{"unreadable file", func(c *config) { c.pieces = junk }, "line 1"},
		{"hints on a generated set", func(c *config) { c.gen, c.hints = "16x16", "centre" }, "not it"},
		{"unknown hints", func(c *config) { c.hints = "some" }, `-hints "some"`},
		{"pin on a non-square board", func(c *config) { c.gen, c.pinSet = "4x5", true }, "not square"},
		{"checkpoint of another method", func(c *config) { c.mode, c.method, c.checkpoint = "score", "sa", "x.json" }, "-method hunt and -method breaks"},
		{"negative timeout", func(c *config) { c.timeout = -time.Second }, "negative"},
		{"unknown order", func(c *config) { c.order = "random" }, `-order "random"`},
		{"order of another method", func(c *config) { c.method, c.order = "backtrack", orderDecreasing }, "-method exact"},
		{"no workers", func(c *config) { c.workers = 0 }, "-workers 0"},
		{"index without split", func(c *config) { c.mode, c.index = "count", 0 }, "give -split"},
		{"split of a solve", func(c *config) { c.split, c.index = 2, 0 }, "-mode count"},
		{"index out of range", func(c *config) { c.mode, c.split, c.index = "count", 2, 2 }, "index 2"},
		{"merge of nothing", func(c *config) { c.mode = "merge" }, "no item files"},
		{"method in reproduce", func(c *config) { c.mode, c.method = "reproduce", "sa" }, "does not apply"},
		{"no random boards", func(c *config) { c.mode, c.repro.random = "reproduce", 0 }, "-r-random"},
		{"no GA time", func(c *config) { c.mode, c.repro.ga = "reproduce", 0 }, "-r-ga"},
		{"no runs", func(c *config) { c.mode, c.repro.runs = "reproduce", 0 }, "-r-runs"},
		{"count runs out of time", func(c *config) { c.gen, c.inner, c.mode, c.timeout = "9x9", 9, "count", time.Millisecond }, "stopped before the end"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := base(t)
			tc.edit(&c)
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), c, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

// tinyRepro returns a reproduction configuration that takes about a
// second.
func tinyRepro(t *testing.T) config {
	c := base(t)
	c.mode = "reproduce"
	c.repro = reproBudget{random: 300, runs: 2, ga: 100 * time.Millisecond, sa: 200 * time.Millisecond,
		backtrack: 100 * time.Millisecond, hunt: 100 * time.Millisecond}
	return c
}

func runRepro(t *testing.T, c config) reproReport {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\nstderr:\n%s", err, stderr.String())
	}
	var rep reproReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("stdout is not one JSON object: %v", err)
	}
	var ids []string
	for _, r := range rep.Rows {
		ids = append(ids, r.ID)
	}
	if got, want := strings.Join(ids, " "), "R0 R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11"; got != want {
		t.Fatalf("rows %s, want %s", got, want)
	}
	// Figure 14 of the seed is a perfect 3×3 board: 24 of 24 (12 inner
	// joins and 12 rim sides), 12 of 12 inner joins.
	if r := rep.Rows[1]; r.Ours != "24/24, 12/12 inner joins" {
		t.Errorf("R1: %s", r.Ours)
	}
	for _, m := range []string{"ga-simple", "sa", "backtrack-score", "hunt"} {
		if _, err := os.Stat(filepath.Join(rep.OutDir, m+".png")); err != nil {
			t.Errorf("picture: %v", err)
		}
	}
	return rep
}

func TestReproduceGenerated(t *testing.T) {
	c := tinyRepro(t)
	c.gen, c.frame, c.inner = "6x6", 3, 5
	rep := runRepro(t, c)
	if rep.RealSet || rep.Name != "gen-6x6-f3-i5-s1" {
		t.Errorf("name %s, real set %v", rep.Name, rep.RealSet)
	}
	for _, r := range rep.Rows {
		if r.Score544 != nil && (*r.Score544 < 0 || *r.Score544 > eternity.MaxScore544(6, 6)) {
			t.Errorf("%s: score %d", r.ID, *r.Score544)
		}
	}
}

// TestReproduceText checks the table and the fallback to a generated
// 16×16 set when no piece file is given.
func TestReproduceText(t *testing.T) {
	if testing.Short() {
		t.Skip("a 16×16 reproduction: skipped in -short")
	}
	c := tinyRepro(t)
	c.json = false
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	for _, want := range []string{"gen-16x16-f5-i17-s1", "not the official set", "a generated 16×16 set", "R0 ", "R11 ", "25.8", "Verhaard 467"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestReproduceRealSet(t *testing.T) {
	c := tinyRepro(t)
	c.pieces = sharedFile(t, "instances/e2-16x16-v00.json")
	rep := runRepro(t, c)
	if !rep.RealSet || rep.Note != "" {
		t.Errorf("real set %v, note %q", rep.RealSet, rep.Note)
	}
	// The seed's §4.3.2.7: pieces 173, 199 and 233 have a repeated corner.
	if r := rep.Rows[2]; r.Ours != "173, 199, 233" {
		t.Errorf("R2: %s", r.Ours)
	}
}
