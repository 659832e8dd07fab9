package tiling_test

import (
	"context"
	"encoding/csv"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tiling"
)

// seedData is where the seed's 19 puzzles and its author's results file
// are kept, outside the module.
const seedData = "../../../shared/data/tiling"

// seedRow is one puzzle's line of the seed author's results file: per mode
// (no turns, rotation only, rotation and reflection), whether a first
// solution was found, and the counts before and after removing symmetric
// solutions.
type seedRow struct {
	first, raw, unique [3]int64
}

var seedModes = [3]polyomino.Mode{polyomino.None, polyomino.Rotate, polyomino.Reflect}

// readSeedReport reads seed003-report.csv: a name, then for each mode six
// columns (first #, ms, before #, ms, after #, ms).
func readSeedReport(t *testing.T) map[string]seedRow {
	t.Helper()
	f, err := os.Open(filepath.Join(seedData, "seed003-report.csv"))
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("the seed's data is not here (%s): skipping", seedData)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.TrimLeadingSpace = true
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	rows := make(map[string]seedRow)
	for _, rec := range recs[1:] {
		if len(rec) < 19 {
			t.Fatalf("results line %q: %d fields, want 19", rec, len(rec))
		}
		var row seedRow
		for m := range 3 {
			for i, dst := range []*int64{&row.first[m], &row.raw[m], &row.unique[m]} {
				v, err := strconv.ParseInt(rec[1+6*m+2*i], 10, 64)
				if err != nil {
					t.Fatalf("results for %s: %v", rec[0], err)
				}
				*dst = v
			}
		}
		rows[rec[0]] = row
	}
	return rows
}

func readSeedPuzzle(t *testing.T, name string) *polyomino.Puzzle {
	t.Helper()
	f, err := os.Open(filepath.Join(seedData, name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := polyomino.Parse(f)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// slowSeedCounts take more than about half a second each; they run with
// -long.
var slowSeedCounts = map[string]bool{
	"checkerboard/reflect":                                    true,
	"pentominoes4x15/reflect":                                 true,
	"pentominoes5x12/reflect":                                 true,
	"pentominoes6x10/reflect":                                 true,
	"pentominoes8x8_corner_missing/reflect":                   true,
	"pentominoes8x8_corner_missing/rotate":                    true,
	"pentominoes8x8_four_missing_corners/reflect":             true,
	"pentominoes8x8_four_missing_corners/rotate":              true,
	"pentominoes8x8_four_missing_near_corners/reflect":        true,
	"pentominoes8x8_four_missing_offset_near_corners/reflect": true,
	"pentominoes8x8_middle_missing/reflect":                   true,
	"pentominoes8x8_side_missing/reflect":                     true,
	"pentominoes8x8_side_offset_missing/reflect":              true,
}

// TestSeedTables reproduces the seed's three tables (experiment E003-1):
// for every puzzle and mode, whether there is a solution, and the counts
// before and after removing symmetric solutions, all from the seed
// author's results file, which corrects the seed report's Checkerboard
// rows.
func TestSeedTables(t *testing.T) {
	report := readSeedReport(t)
	if len(report) != 19 {
		t.Fatalf("results for %d puzzles, want the seed's 19", len(report))
	}
	s := tiling.New()
	for name, want := range report {
		p := readSeedPuzzle(t, name)
		for m, mode := range seedModes {
			t.Run(name+"/"+mode.String(), func(t *testing.T) {
				sol, res, err := s.First(context.Background(), p, mode)
				if err != nil {
					t.Fatal(err)
				}
				if res.Solutions != want.first[m] {
					t.Errorf("first solution: found %d, the seed %d", res.Solutions, want.first[m])
				}
				if sol != nil {
					if err := p.Check(sol); err != nil {
						t.Error(err)
					}
				}
				if slowSeedCounts[name+"/"+mode.String()] && !*long {
					t.Skip("long count: run with -long")
				}
				res, err = s.Count(context.Background(), p, mode)
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != solve.Exhausted || res.Solutions != want.raw[m] || res.Unique != want.unique[m] {
					t.Errorf("Count: %d raw, %d unique (%v); the seed %d, %d", res.Solutions, res.Unique, res.Status, want.raw[m], want.unique[m])
				}
			})
		}
	}
}

// TestSeedBacktrack runs the seed's own method on the seed's puzzles that
// it finishes quickly, including partial_cross, where it searches the 220
// sets of 9 of the 12 pentominoes; with -long, on every puzzle in the two
// modes without mirror images.
func TestSeedBacktrack(t *testing.T) {
	report := readSeedReport(t)
	quick := map[string]bool{"trivial": true, "IQ_creator": true, "thirteen_holes": true, "partial_cross": true}
	s := tiling.New(tiling.WithMethod(tiling.Backtrack))
	for name, want := range report {
		p := readSeedPuzzle(t, name)
		for m, mode := range seedModes {
			if !quick[name] && mode != polyomino.None && !(*long && mode == polyomino.Rotate) {
				continue
			}
			t.Run(name+"/"+mode.String(), func(t *testing.T) {
				res, err := s.Count(context.Background(), p, mode)
				if err != nil {
					t.Fatal(err)
				}
				if res.Status != solve.Exhausted || res.Solutions != want.raw[m] || res.Unique != want.unique[m] {
					t.Errorf("Count: %d raw, %d unique (%v); the seed %d, %d", res.Solutions, res.Unique, res.Status, want.raw[m], want.unique[m])
				}
			})
		}
	}
}
