package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/solve/ga"
)

// runJSON runs the program with -json and returns its lines, each checked
// to be one JSON object with the fields every line carries.
func runJSON(t *testing.T, c config) []map[string]any {
	t.Helper()
	c.json = true
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	sizeRE := regexp.MustCompile(`^[0-9]+x[0-9]+$`)
	var lines []map[string]any
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var m map[string]any
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("line %q is not a JSON object: %v", sc.Text(), err)
		}
		if dec.More() {
			t.Fatalf("line %q holds more than one JSON value", sc.Text())
		}
		for _, k := range []string{"experiment", "size", "method"} {
			if _, ok := m[k].(string); !ok {
				t.Fatalf("line %q: %s is not a string", sc.Text(), k)
			}
		}
		for _, k := range []string{"seconds", "nodes", "solutions"} {
			if v, ok := m[k].(float64); !ok || v < 0 {
				t.Fatalf("line %q: %s is not a number at least 0", sc.Text(), k)
			}
		}
		if !sizeRE.MatchString(m["size"].(string)) {
			t.Fatalf("line %q: size is not ROWSxCOLS", sc.Text())
		}
		lines = append(lines, m)
	}
	return lines
}

func TestTable1(t *testing.T) {
	lines := runJSON(t, config{experiment: "table1", seed: 1, timeout: time.Minute})
	// Seed 000, Table 1 (L961-999): the nine sizes, two of them checked
	// here against the printed figures.
	want := map[string]string{
		"3x3": "95126814720",
		"4x5": "2675004047229796708138352640000",
	}
	if len(lines) != 9 {
		t.Fatalf("%d lines, want the thesis's 9 sizes", len(lines))
	}
	for _, l := range lines {
		if l["experiment"] != "table1" {
			t.Errorf("experiment %v, want table1", l["experiment"])
		}
		if l["combinations"] != l["thesis"] || l["combinations"] == nil {
			t.Errorf("%v: 4^N·N! = %v, the thesis prints %v", l["size"], l["combinations"], l["thesis"])
		}
		if w, ok := want[l["size"].(string)]; ok && l["combinations"] != w {
			t.Errorf("%v: %v, want %s", l["size"], l["combinations"], w)
		}
	}
}

func TestTable4CSP(t *testing.T) {
	c := config{experiment: "table4-csp", seed: 2, timeout: time.Minute, sizes: []string{"2x2", "2x3", "3x3", "4x5"}}
	lines := runJSON(t, c)
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 4 sizes × 2 methods", len(lines))
	}
	// Seed 000, Table 4 CS column (L3592-3604).
	thesis := map[string]float64{"2x2": 1, "2x3": 1, "3x3": 1, "4x5": 16}
	for _, l := range lines {
		size := l["size"].(string)
		want := 2.0 // a unique-label puzzle's solution and its half turn
		if size == "2x2" || size == "3x3" {
			want = 4
		}
		if l["solutions"] != want || l["distinct"] != 1.0 || l["status"] != "exhausted" {
			t.Errorf("%s %v: %v solutions, %v distinct, %v; want %v, 1, exhausted", size, l["method"], l["solutions"], l["distinct"], l["status"], want)
		}
		if l["thesis_ms"] != thesis[size] {
			t.Errorf("%s: thesis_ms %v, want %v", size, l["thesis_ms"], thesis[size])
		}
		if l["nodes"].(float64) < 4 {
			t.Errorf("%s: %v nodes; a complete count visits every cell at least once", size, l["nodes"])
		}
	}
}

func TestSeed004(t *testing.T) {
	lines := runJSON(t, config{experiment: "seed004", seed: 1, timeout: time.Minute, sizes: []string{"2x2", "3x3", "5x5"}})
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3", len(lines))
	}
	for _, l := range lines {
		// Seed 004: "at least 4 solutions", the turns of one.
		if l["solutions"].(float64) < 4 || l["status"] != "exhausted" || l["method"] != "backtrack" {
			t.Errorf("%v: %v solutions, %v by %v; want at least 4, exhausted, by backtrack", l["size"], l["solutions"], l["status"], l["method"])
		}
	}
}

func TestLP(t *testing.T) {
	lines := runJSON(t, config{experiment: "lp", seed: 1, timeout: time.Minute, sizes: []string{"2x2"}})
	byMethod := map[string]map[string]any{}
	for _, l := range lines {
		byMethod[l["method"].(string)] = l
	}
	// Seed 000, App. 2: 4 positions × 16 elements on 2×2.
	if l := byMethod["thesis"]; l == nil || l["placements"] != 64.0 || l["feasible"] != nil {
		t.Errorf("thesis line %v, want 64 placements and no relaxation", l)
	}
	if l := byMethod["edge-matching"]; l == nil || l["objective"] != 0.0 || l["solutions"] != 1.0 {
		t.Errorf("edge-matching line %v, want a relaxation of 0 that solves the puzzle", l)
	}
	if l := byMethod["thesis-summed"]; l == nil || l["objective"] != 0.0 || l["fractional"].(float64) == 0 {
		t.Errorf("thesis-summed line %v, want a fractional relaxation of 0", l)
	}
}

func TestTables(t *testing.T) {
	var stdout, stderr bytes.Buffer
	c := config{experiment: "all", seed: 1, timeout: time.Minute, sizes: []string{"2x2"}}
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Table 1", "6,144", "Table 4", "thesis ms", "seed 004", "App. 2", "edge-matching"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
}

func TestRunRejects(t *testing.T) {
	tests := []struct {
		name string
		c    config
		want string
	}{
		{"experiment", config{experiment: "table9", timeout: time.Second}, `unknown -experiment "table9"`},
		{"timeout", config{experiment: "all"}, "-timeout"},
		{"piece", config{experiment: "hynek", timeout: time.Second, piece: -1}, "-piece -1"},
		{"size", config{experiment: "hynek", timeout: time.Second, hynekSize: 16}, "-size 16"},
		{"method", config{experiment: "hynek", timeout: time.Second, method: "hynek-fast"}, `-method "hynek-fast"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := run(context.Background(), tt.c, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestCommas(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"short", "144", "144"},
		{"four", "6144", "6,144"},
		{"six", "123456", "123,456"},
		{"seven", "2949120", "2,949,120"},
	}
	for _, tt := range tests {
		if got := commas(tt.in); got != tt.want {
			t.Errorf("%s: commas(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestTable4(t *testing.T) {
	lines := runJSON(t, config{experiment: "table4", seed: 1, runs: 3, timeout: 3 * time.Second, sizes: []string{"2x2", "2x3", "3x3"}})
	methods := map[string]int{}
	for _, l := range lines {
		methods[l["method"].(string)]++
		if l["runs"].(float64) < 1 {
			t.Errorf("line %v: no runs", l)
		}
		if l["method"] != "st" && l["status"] != "solved" {
			t.Errorf("%v %v: %v; every method but ST solves these sizes in every run", l["method"], l["size"], l["status"])
		}
	}
	for _, m := range []string{"ss", "ga", "sa", "tabu", "csp"} {
		if methods[m] != 3 {
			t.Errorf("method %s has %d lines, want one per size", m, methods[m])
		}
	}
}

// hynekShort is a short GA schedule, so that the tests check the
// experiment's plumbing rather than wait for the seed's 200 generations.
var hynekShort = []ga.Option{ga.WithSchedule(
	ga.Phase{Generations: 3, Population: 50, Crossover: 0.8},
	ga.Phase{Generations: 3, Population: 10, Crossover: 0.3, SequenceMatching: 0.5},
)}

func TestHynekSmall(t *testing.T) {
	// piece 0: the largest pieces that fit, 20 px for chelsea's 300 rows.
	lines := runJSON(t, config{experiment: "hynek", seed: 1, runs: 1, timeout: time.Minute,
		sizes: []string{"15x15"}, images: []string{"chelsea.png"}, gaOptions: hynekShort})
	if len(lines) != len(hynekVariants) {
		t.Fatalf("%d lines, want one per variant", len(lines))
	}
	for i, l := range lines {
		if l["image"] != "chelsea.png" || l["seed_percent"].(float64) != 100 || l["method"] != hynekVariants[i].name {
			t.Errorf("line %v: want chelsea.png beside the seed's 100%% for its Test 3 at 15x15, method %s", l, hynekVariants[i].name)
		}
		if l["piece_size"].(float64) != 20 {
			t.Errorf("piece size %v, want 20", l["piece_size"])
		}
		for _, k := range []string{"direct", "neighbour", "percent"} {
			if v, ok := l[k].(float64); !ok || v < 0 || v > 100 || k != "percent" && v > 1 {
				t.Errorf("%s %v out of range", k, l[k])
			}
		}
	}
}

// TestHynekPhotograph runs the experiment on a photograph given by file
// at the seed's 80 px, which holds 15×15 pieces and not 20×20 or 25×25.
func TestHynekPhotograph(t *testing.T) {
	file := filepath.Join("..", "..", "..", "shared", "data", "images", "bgu3300", "1.jpg")
	if _, err := os.Stat(file); err != nil {
		t.Skipf("no shared photographs: %v", err)
	}
	var stdout, stderr bytes.Buffer
	c := config{experiment: "hynek", seed: 1, runs: 1, timeout: time.Minute, json: true,
		files: []string{file}, piece: 80, gaOptions: hynekShort}
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	var lines []map[string]any
	for _, text := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(text), &m); err != nil {
			t.Fatalf("line %q: %v", text, err)
		}
		lines = append(lines, m)
	}
	if len(lines) != len(hynekVariants) {
		t.Fatalf("%d lines, want one per variant at 15x15:\n%s", len(lines), stdout.String())
	}
	for _, l := range lines {
		if l["size"] != "15x15" || l["piece_size"].(float64) != 80 || l["image"] != file {
			t.Errorf("line %v: want 15x15 pieces of 80 px of %s", l, file)
		}
	}
	// 1848×1400 pixels hold 17 rows of 80 px.
	for _, n := range []string{"20x20 skipped", "25x25 skipped"} {
		if !strings.Contains(stderr.String(), n) {
			t.Errorf("stderr lacks %q:\n%s", n, stderr.String())
		}
	}
}

func TestESP(t *testing.T) {
	dir := t.TempDir()
	lines := runJSON(t, config{experiment: "esp1", seed: 1, timeout: time.Minute, positions: 3, limit: 10 * time.Second, out: dir})
	if len(lines) != 3 {
		t.Fatalf("%d lines, want one per method", len(lines))
	}
	for _, l := range lines {
		// The fields for esp1.
		for _, k := range []string{"positions", "mean_seconds", "min_seconds", "max_seconds", "solved"} {
			if _, ok := l[k].(float64); !ok {
				t.Errorf("line %v lacks %s", l, k)
			}
		}
		if l["solved"].(float64) != 3 || l["positions"].(float64) != 3 {
			t.Errorf("%v: solved %v of %v positions, want 3 of 3", l["method"], l["solved"], l["positions"])
		}
		if _, err := os.Stat(filepath.Join(dir, "esp1-"+l["method"].(string)+".png")); err != nil {
			t.Errorf("heat map: %v", err)
		}
	}
}
