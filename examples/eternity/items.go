package main

// This file runs the exact count as indexed work items of an existing
// batch engine: a Kubernetes Indexed Job, or any system that starts N
// copies of a command and tells each its index. Every item builds the
// same split of the search (eternity.Exact.Split is deterministic), takes
// the branches whose number is its index modulo N, counts them and writes
// its result as a file under -out; -mode merge reads the files back, checks
// that every index reported a finished count of the same search, and sums
// them. The program runs no scheduler of its own: the engine starts the
// items, and -out is whatever folder they share.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// indexEnv is the variable a Kubernetes Indexed Job sets to each pod's
// index; -index defaults to it.
const indexEnv = "JOB_COMPLETION_INDEX"

// branchesPerItem is how many branches the split aims at per item, so
// that the items' shares of the search even out.
const branchesPerItem = 8

// item is the result file of one work item.
type item struct {
	Name string `json:"name"`
	Rows int    `json:"rows"`
	Cols int    `json:"cols"`
	Mode string `json:"mode"`
	// Split and Index say which item this is: Index of Split.
	Split int `json:"split"`
	Index int `json:"index"`
	// Fingerprint identifies the puzzle and search options
	// (eternity.Checkpoint's); Depth and Branches the split every item
	// made, so that merge can tell items of different searches apart.
	Fingerprint uint64 `json:"fingerprint"`
	Depth       int    `json:"depth"`
	Branches    int    `json:"branches"`
	Pinned      bool   `json:"pinned"`
	Order       string `json:"order"`
	// Solutions and Nodes are the item's counts; item 0 also counts the
	// split's own placements, so that the items' nodes sum to a single
	// run's.
	Solutions uint64  `json:"solutions"`
	Nodes     uint64  `json:"nodes"`
	Seconds   float64 `json:"seconds"`
	Status    string  `json:"status"`

	// A score item's search: the puzzle's fingerprint
	// (eternity.HuntFingerprint), the method, the run's seed and the
	// item's, drawn from it (itemSeed), and its budget.
	Puzzle   string  `json:"puzzle,omitempty"`
	Method   string  `json:"method,omitempty"`
	BaseSeed uint64  `json:"baseSeed,omitempty"`
	Seed     uint64  `json:"seed,omitempty"`
	Budget   int64   `json:"iterationBudget,omitempty"` // -iterations
	Timeout  float64 `json:"timeout,omitempty"`         // -timeout, in seconds
	// What the score item found: its best board (elements 4·piece +
	// rotation, row-major, −1 for an empty cell), the board's scores and
	// the iterations made.
	Score      int     `json:"score,omitempty"`
	MaxScore   int     `json:"maxScore,omitempty"`
	Score544   int     `json:"score544,omitempty"`
	Board      []int32 `json:"board,omitempty"`
	Iterations int64   `json:"iterations,omitempty"`
}

// itemFile returns the name of item index's result file under dir.
func itemFile(dir string, index, split int) string {
	return filepath.Join(dir, fmt.Sprintf("item-%05d-of-%05d.json", index, split))
}

// resolveIndex sets c.index from the environment when -index was not
// given, and checks the work-item flags.
func resolveIndex(c *config) error {
	if c.split == 0 {
		if c.index >= 0 {
			return errors.New("-index applies to a split search; give -split N too")
		}
		return nil
	}
	if c.split < 0 {
		return fmt.Errorf("-split %d: want 1 or more items", c.split)
	}
	if (c.mode != "count" || c.method != "exact") && c.mode != "score" {
		return fmt.Errorf("-split applies to -mode count with -method exact and to -mode score, not -mode %s -method %s", c.mode, c.method)
	}
	if c.out == "" {
		return errors.New("-split writes each item's result under -out: give the folder the items share")
	}
	if c.index < 0 {
		v, ok := os.LookupEnv(indexEnv)
		if !ok {
			return fmt.Errorf("-split %d: give -index or set %s", c.split, indexEnv)
		}
		i, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%s=%q: not an index", indexEnv, v)
		}
		c.index = i
	}
	if c.index < 0 || c.index >= c.split {
		return fmt.Errorf("index %d: want 0 to %d for -split %d", c.index, c.split-1, c.split)
	}
	return nil
}

// itemCheckpoint is a work item's resumable state, saved under -out as
// the item runs and when it is stopped, so that the item run again (a pod
// the engine restarts after a preemption) goes on where it stopped.
type itemCheckpoint struct {
	Split       int    `json:"split"`
	Index       int    `json:"index"`
	Fingerprint uint64 `json:"fingerprint"`
	Depth       int    `json:"depth"`
	Branches    int    `json:"branches"`
	// Next numbers, among the item's branches, the one in progress (or
	// the next to start); Solutions and Nodes are the counts of those
	// before it, with the split's placements for item 0.
	Next      int     `json:"next"`
	Solutions uint64  `json:"solutions"`
	Nodes     uint64  `json:"nodes"`
	Seconds   float64 `json:"seconds"`
	// Branch is the branch in progress, nil when it has not started.
	Branch *eternity.Checkpoint `json:"branch,omitempty"`
}

// checkpointFile returns the name of item index's checkpoint under dir;
// merge's pattern does not match it.
func checkpointFile(dir string, index, split int) string {
	return filepath.Join(dir, fmt.Sprintf("checkpoint-%05d-of-%05d.json", index, split))
}

// countItem counts the branches of item c.index of c.split and writes the
// item's file under c.out. It goes on from the item's checkpoint when one
// is there, saves one every -checkpoint-every and when ctx ends, and
// removes it once the item's file is written.
func countItem(ctx context.Context, in instance, c config, pin puzzle.PieceID, xopts []eternity.ExactOption, stderr io.Writer) (outcome, error) {
	start := time.Now()
	p := in.p
	x, err := eternity.NewExact(p, xopts...)
	if err != nil {
		return outcome{}, err
	}
	whole, _, err := x.Split(ctx, 0)
	if err != nil {
		return outcome{}, err
	}
	it := item{Name: in.name, Rows: p.Rows, Cols: p.Cols, Mode: "count", Split: c.split, Index: c.index,
		Fingerprint: whole[0].Checkpoint().Fingerprint, Pinned: pin >= 0, Order: c.order}
	// The shallowest split with enough branches for every item: the
	// same in every item, since Split is deterministic.
	var (
		branches []*eternity.Branch
		st       eternity.ExactStats
	)
	for it.Depth = 1; ; it.Depth++ {
		if branches, st, err = x.Split(ctx, it.Depth); err != nil {
			return outcome{}, err
		}
		if st.Status == solve.Canceled || len(branches) >= branchesPerItem*c.split || it.Depth >= x.Depth() {
			break
		}
	}
	if st.Status == solve.Canceled {
		// Nothing to save: the split is made afresh on the next run.
		return outcome{seconds: time.Since(start).Seconds(), status: solve.Canceled, pinned: pin >= 0}, nil
	}
	it.Branches = len(branches)
	var mine []*eternity.Branch
	for j := c.index; j < len(branches); j += c.split {
		mine = append(mine, branches[j])
	}
	cpPath := checkpointFile(c.out, c.index, c.split)
	cp, err := readItemCheckpoint(cpPath, it)
	if err != nil {
		return outcome{}, err
	}
	if cp == nil {
		cp = &itemCheckpoint{Split: c.split, Index: c.index, Fingerprint: it.Fingerprint, Depth: it.Depth, Branches: it.Branches}
		if c.index == 0 {
			cp.Nodes = st.Nodes
		}
	} else {
		fmt.Fprintf(stderr, "item %d of %d: going on from %s at branch %d of %d\n", c.index, c.split, cpPath, cp.Next, len(mine))
		if cp.Branch != nil {
			if mine[cp.Next], err = x.Resume(*cp.Branch); err != nil {
				return outcome{}, fmt.Errorf("%s: %w", cpPath, err)
			}
		}
	}
	earlier := cp.Seconds
	save := func() error {
		cp.Seconds = earlier + time.Since(start).Seconds()
		return writeJSON(cpPath, cp)
	}
	lastSave := time.Now()
	status := solve.Exhausted
	for cp.Next < len(mine) {
		b := mine[cp.Next]
		bctx, cancel := ctx, context.CancelFunc(func() {})
		if c.checkpointEvery > 0 {
			// End the run at the next save; the branch goes on after it.
			bctx, cancel = context.WithDeadline(ctx, lastSave.Add(c.checkpointEvery))
		}
		n, bst, err := b.Run(bctx)
		cancel()
		if err != nil {
			return outcome{}, err
		}
		if bst.Status == solve.Exhausted {
			cp.Solutions += n
			cp.Nodes += bst.Nodes
			cp.Next++
			cp.Branch = nil
		} else {
			bcp := b.Checkpoint()
			cp.Branch = &bcp
		}
		if ctx.Err() != nil {
			status = solve.Canceled
			if err := save(); err != nil {
				return outcome{}, err
			}
			break
		}
		if time.Since(lastSave) >= c.checkpointEvery && cp.Next < len(mine) {
			if err := save(); err != nil {
				return outcome{}, err
			}
			lastSave = time.Now()
		}
	}
	it.Solutions, it.Nodes = cp.Solutions, cp.Nodes
	it.Seconds = earlier + time.Since(start).Seconds()
	it.Status = status.String()
	fmt.Fprintf(stderr, "item %d of %d: %d of its %d branches done (%d in the split at depth %d), %d solutions, %s\n",
		c.index, c.split, cp.Next, len(mine), len(branches), it.Depth, it.Solutions, it.Status)
	if status == solve.Exhausted {
		if err := writeJSON(itemFile(c.out, c.index, c.split), it); err != nil {
			return outcome{}, err
		}
		if err := os.Remove(cpPath); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return outcome{}, err
		}
	}
	return outcome{solutions: it.Solutions, nodes: int64(it.Nodes), iterations: int64(it.Nodes),
		seconds: it.Seconds, status: status, pinned: it.Pinned}, nil
}

// readItemCheckpoint reads the item's checkpoint, nil when there is none.
// A checkpoint of another search or split is an error, not ignored: the
// folder holds another run's state.
func readItemCheckpoint(path string, it item) (*itemCheckpoint, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var cp itemCheckpoint
	if err := json.Unmarshal(data, &cp); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if cp.Split != it.Split || cp.Index != it.Index || cp.Fingerprint != it.Fingerprint || cp.Depth != it.Depth || cp.Branches != it.Branches {
		return nil, fmt.Errorf("%s: a checkpoint of another search or split (item %d of %d, fingerprint %#x, depth %d, %d branches); remove it or use another -out",
			path, cp.Index, cp.Split, cp.Fingerprint, cp.Depth, cp.Branches)
	}
	mine := (it.Branches - it.Index + it.Split - 1) / it.Split
	if cp.Next < 0 || cp.Next > mine || (cp.Branch != nil && cp.Next == mine) {
		return nil, fmt.Errorf("%s: branch %d of the item's %d", path, cp.Next, mine)
	}
	return &cp, nil
}

// writeJSON writes v to the file whole or not at all: an item killed
// while writing leaves no file to be mistaken for its result or its
// checkpoint.
func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// merge reads the item files under c.out and sums them, checking that
// every index of the split reported a finished count of the same search;
// score items go to mergeScore.
func merge(c config, stdout io.Writer, stderr io.Writer) error {
	if c.out == "" {
		return errors.New("-mode merge reads the items' results under -out: give that folder")
	}
	paths, err := filepath.Glob(filepath.Join(c.out, "item-*-of-*.json"))
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("-mode merge: no item files (item-*-of-*.json) in %s", c.out)
	}
	var items []item
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var it item
		if err := json.Unmarshal(data, &it); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		items = append(items, it)
	}
	if items[0].Mode == "score" {
		return mergeScore(c, paths, items, stdout, stderr)
	}
	var (
		first item
		seen  = map[int]bool{}
		r     report
	)
	for k, it := range items {
		path := paths[k]
		if k == 0 {
			first = it
			r = report{Name: it.Name, Rows: it.Rows, Cols: it.Cols, Mode: "merge", Method: "exact",
				MaxScore: eternity.MaxScore(it.Rows, it.Cols), MaxScore544: eternity.MaxScore544(it.Rows, it.Cols),
				Pinned: it.Pinned, Order: it.Order, Split: it.Split}
		}
		if it.Split != first.Split || it.Fingerprint != first.Fingerprint || it.Depth != first.Depth || it.Branches != first.Branches || it.Mode != first.Mode {
			return fmt.Errorf("%s: item %d of %d of another search than %s (split %d, fingerprint %#x, depth %d, %d branches; want %d, %#x, %d, %d)",
				path, it.Index, it.Split, paths[0], it.Split, it.Fingerprint, it.Depth, it.Branches, first.Split, first.Fingerprint, first.Depth, first.Branches)
		}
		if it.Index < 0 || it.Index >= it.Split || seen[it.Index] {
			return fmt.Errorf("%s: index %d repeated or out of 0 to %d", path, it.Index, it.Split-1)
		}
		if it.Status != solve.Exhausted.String() {
			return fmt.Errorf("%s: item %d stopped before the end (%s); run it again", path, it.Index, it.Status)
		}
		seen[it.Index] = true
		r.Solutions += it.Solutions
		r.Nodes += int64(it.Nodes)
		r.Seconds += it.Seconds
	}
	if err := allReported(seen, first.Split); err != nil {
		return err
	}
	r.Iterations, r.Status = r.Nodes, solve.Exhausted.String()
	fmt.Fprintf(stderr, "merged %d items of %s\n", first.Split, first.Name)
	if c.json {
		return json.NewEncoder(stdout).Encode(r)
	}
	printSummary(stdout, r)
	return nil
}

// abbreviate lists at most the first 20 indices.
func abbreviate(ix []int) string {
	if len(ix) <= 20 {
		return fmt.Sprint(ix)
	}
	return fmt.Sprint(slices.Clip(ix[:20])) + " …"
}

// allReported checks that every index below split has reported.
func allReported(seen map[int]bool, split int) error {
	var missing []int
	for i := range split {
		if !seen[i] {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("-mode merge: %d of %d items did not report: %v", len(missing), split, abbreviate(missing))
	}
	return nil
}
