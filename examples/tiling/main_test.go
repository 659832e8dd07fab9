package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func defaults() config {
	return config{mode: "reflect", method: "exactcover", timeout: time.Minute}
}

func TestDefaultPuzzle(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run(defaults(), &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	out := stdout.String()
	if !strings.Contains(out, "first solution") {
		t.Fatalf("no solution drawn:\n%s", out)
	}
	// The drawing is the 6×10 board: 6 lines of 10 tile letters.
	rows := 0
	for _, line := range strings.Split(out, "\n") {
		if len(line) == 10 && strings.Trim(line, "ABCDEFGHIJKL") == "" {
			rows++
		}
	}
	if rows != 6 {
		t.Errorf("drawing has %d board rows, want 6:\n%s", rows, out)
	}
}

func TestDefaultCount(t *testing.T) {
	// With rotation only, the embedded pentominoes must keep the
	// handedness of the seed's files: 106 solutions, 53 unique (seed 003,
	// table "With Rotation and without Reflection", pentominoes6x10).
	c := defaults()
	c.mode, c.unique, c.json = "rotate", true, true
	var stdout, stderr bytes.Buffer
	if err := run(c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var got summary
	if err := json.NewDecoder(&stdout).Decode(&got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v", err)
	}
	if got.Name != "pentominoes6x10" || got.Mode != "rotate" || got.Solutions != 106 || got.Unique == nil || *got.Unique != 53 || got.Status != "exhausted" || got.Nodes == 0 {
		t.Errorf("got %+v, want 106 solutions, 53 unique", got)
	}
}

// writePuzzles writes small puzzles and a results file in the seed's
// format into a new directory.
func writePuzzles(t *testing.T, report string) string {
	dir := t.TempDir()
	files := map[string]string{
		// Two dominoes on a 2×2 square.
		"square.txt": "##\n##\n\n##\n\n##\n",
		// Two XO dominoes on an XOXO bar.
		"striped.txt":        "XOXO\n\nXO\n\nXO\n",
		"seed003-report.csv": report,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// goodReport holds the counts worked out by hand: on the square, without
// turns the dominoes lie flat in 2 orders, with turns also upright (4), all
// one up to symmetry; on the stripes the colours allow only the drawn
// orientation, in 2 orders that no symmetry of the coloured bar relates.
const goodReport = `Name, #, t, #, t, #, t, #, t, #, t, #, t, #, t, #, t, #, t,
square, 1, 0, 2, 0, 1, 0, 1, 0, 4, 0, 1, 0, 1, 0, 4, 0, 1, 0,
striped, 1, 0, 2, 0, 2, 0, 1, 0, 2, 0, 2, 0, 1, 0, 2, 0, 2, 0,
`

func TestTable(t *testing.T) {
	dir := writePuzzles(t, goodReport)
	c := defaults()
	c.table = dir
	var stdout, stderr bytes.Buffer
	if err := run(c, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	out := stdout.String()
	for _, want := range []string{"Without Rotation and Reflection", "With Rotation and Reflection", "4 / 4", "ok"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "DIFFERS") {
		t.Errorf("table reports a difference:\n%s", out)
	}

	c.json = true
	stdout.Reset()
	if err := run(c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Rows       []row
		Mismatches int
	}
	if err := json.NewDecoder(&stdout).Decode(&got); err != nil {
		t.Fatalf("stdout is not one JSON object: %v", err)
	}
	if len(got.Rows) != 6 || got.Mismatches != 0 {
		t.Errorf("%d rows, %d mismatches; want 6, 0", len(got.Rows), got.Mismatches)
	}
}

func TestTableMismatch(t *testing.T) {
	bad := strings.Replace(goodReport, "square, 1, 0, 2,", "square, 1, 0, 3,", 1)
	c := defaults()
	c.table = writePuzzles(t, bad)
	var stdout, stderr bytes.Buffer
	err := run(c, &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "1 of 6 rows differ") {
		t.Errorf("err = %v, want one row differing", err)
	}
	if !strings.Contains(stdout.String(), "DIFFERS") {
		t.Errorf("table does not mark the difference:\n%s", stdout.String())
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.txt")
	if err := os.WriteFile(junk, []byte("###\n#\t#\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		edit func(*config)
		want string
	}{
		{"unknown method", func(c *config) { c.method = "magic" }, "unknown -method"},
		{"unknown mode", func(c *config) { c.mode = "spin" }, "unknown mode"},
		{"unknown bounds", func(c *config) { c.bounds = "tight" }, "unknown -bounds"},
		{"missing file", func(c *config) { c.puzzle = filepath.Join(dir, "none.txt") }, "none.txt"},
		{"bad file", func(c *config) { c.puzzle = junk }, "junk: polyomino: line 2"},
		{"empty table", func(c *config) { c.table = t.TempDir() }, "no puzzles"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := defaults()
			tc.edit(&c)
			var stdout, stderr bytes.Buffer
			err := run(c, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}
