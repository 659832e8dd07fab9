package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
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
	for _, i := range []int{0, 2} {
		c.index = i
		runJSON(t, c)
	}
	m := base(t)
	m.mode, m.out = "merge", dir
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), m, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "did not report: [1]") {
		t.Fatalf("merge with item 1 missing: err = %v", err)
	}
	// Item 1 of another search: a different seed makes another puzzle.
	c.index, c.seed = 1, 2
	runJSON(t, c)
	if err := run(context.Background(), m, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "another search") {
		t.Fatalf("merge of two searches: err = %v", err)
	}
	// An item that stopped before the end.
	c.seed = 1
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
	if err := writeItem(path, it); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), m, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "stopped before the end") {
		t.Fatalf("merge with a stopped item: err = %v", err)
	}
}
