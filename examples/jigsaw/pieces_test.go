package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/examples/internal/photo"
	"github.com/reassemble/jigsaw/puzzle"
)

// fragmentFolder writes the pieces of img as separate files under names
// that say nothing of their place, in random turns unless upright, less
// the pieces of the cells in missing, plus one piece of stranger. It
// returns the folder, the board that shows each file (by its index among
// the sorted names) in its true cell, and the stranger's file name.
func fragmentFolder(t *testing.T, img, stranger image.Image, upright bool, missing ...int) (string, *puzzle.Board, string) {
	t.Helper()
	p, truth, err := puzzle.Cut(img, 28)
	if err != nil {
		t.Fatal(err)
	}
	other, _, err := puzzle.Cut(stranger, 28)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	type fragment struct {
		img  image.Image
		cell int
		turn puzzle.Rotation
	}
	var frags []fragment
	for i, a := range truth.Cells {
		if slices.Contains(missing, i) {
			continue
		}
		frags = append(frags, fragment{img: p.Pieces[a.Piece].Image, cell: i})
	}
	frags = append(frags, fragment{img: other.Pieces[len(other.Pieces)/2].Image, cell: -1})
	names := rng.Perm(len(frags))
	dir := t.TempDir()
	for k := range frags {
		if !upright {
			frags[k].turn = puzzle.Rotation(rng.IntN(4))
		}
		name := filepath.Join(dir, fmt.Sprintf("scan-%03d.png", names[k]))
		if err := output.WritePNG(name, puzzle.TurnImage(frags[k].img, frags[k].turn)); err != nil {
			t.Fatal(err)
		}
	}
	// File names sort as their numbers: the index of fragment k is
	// names[k].
	want := puzzle.NewBoard(truth.Rows, truth.Cols)
	strangerFile := ""
	for k, f := range frags {
		if f.cell < 0 {
			strangerFile = fmt.Sprintf("scan-%03d.png", names[k])
			continue
		}
		want.Cells[f.cell] = puzzle.Placement{Piece: puzzle.PieceID(names[k]), Rotation: f.turn.Inverse()}
	}
	return dir, want, strangerFile
}

func TestPiecesFolder(t *testing.T) {
	coffee, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "coffee.png"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		upright    bool
		rows, cols int
	}{
		{name: "turned, size unknown"},
		{name: "upright, size unknown", upright: true},
		{name: "turned, rows given", rows: 10},
		{name: "upright, size given", upright: true, rows: 10, cols: 16},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, want, stranger := fragmentFolder(t, photo.Chelsea(), coffee, tc.upright, 17, 90)
			var stdout, stderr bytes.Buffer
			c := config{pieces: dir, upright: tc.upright, rows: tc.rows, cols: tc.cols, solver: "greedy", measure: defaultMeasure, evolve: 2, seed: 1,
				out: t.TempDir(), json: true, timeout: time.Minute}
			if err := run(c, &stdout, &stderr); err != nil {
				t.Fatal(err)
			}
			var r fragmentReport
			if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
				t.Fatalf("stdout is not the JSON report: %v\n%s", err, stdout.String())
			}
			if _, err := os.Stat(filepath.Join(c.out, "solved.png")); err != nil {
				t.Error(err)
			}
			if !slices.Equal(r.Unplaced, []string{stranger}) || r.Holes != 2 {
				t.Errorf("unplaced %v and %d holes, want %s alone and 2", r.Unplaced, r.Holes, stranger)
			}
			got := puzzle.NewBoard(r.Rows, r.Cols)
			for i, f := range r.Pieces {
				if f.File != fmt.Sprintf("scan-%03d.png", i) {
					t.Fatalf("fragment %d is %q: not in the order of the names", i, f.File)
				}
				if f.Row >= 0 {
					got.Set(puzzle.Cell{Row: f.Row, Col: f.Col}, puzzle.Placement{Piece: puzzle.PieceID(i), Rotation: puzzle.Rotation(f.Turn / 90)})
				}
			}
			if got.Rows != want.Rows && !tc.upright && tc.rows == 0 {
				// Turned fragments of unknown size may stand either way.
				got = got.Turn(1)
			}
			if got.Rows != want.Rows || got.Cols != want.Cols {
				t.Fatalf("re-assembled %d×%d, want %d×%d", r.Rows, r.Cols, want.Rows, want.Cols)
			}
			if d := puzzle.DirectComparison(want, got); d != 1 {
				t.Errorf("direct comparison %.3f, want 1", d)
			}
		})
	}
}

func TestPiecesErrors(t *testing.T) {
	dir := t.TempDir()
	square := image.NewRGBA(image.Rect(0, 0, 8, 8))
	if err := output.WritePNG(filepath.Join(dir, "a.png"), square); err != nil {
		t.Fatal(err)
	}
	if err := output.WritePNG(filepath.Join(dir, "b.png"), image.NewRGBA(image.Rect(0, 0, 8, 6))); err != nil {
		t.Fatal(err)
	}
	c := config{pieces: dir, solver: "greedy", measure: defaultMeasure, out: t.TempDir(), timeout: time.Minute}
	var stdout, stderr bytes.Buffer
	if err := run(c, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "b.png") {
		t.Errorf("err = %v, want one naming b.png", err)
	}
	if err := run(config{pieces: t.TempDir(), solver: "greedy", measure: defaultMeasure, timeout: time.Minute}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), "no PNG or JPEG") {
		t.Errorf("empty folder: err = %v", err)
	}
}

// board draws a board from rows of '#' (a piece) and '.' (empty).
func board(rows ...string) *puzzle.Board {
	b := puzzle.NewBoard(len(rows), len(rows[0]))
	id := 0
	for r, line := range rows {
		for c, ch := range line {
			if ch == '#' {
				b.Set(puzzle.Cell{Row: r, Col: c}, puzzle.Placement{Piece: puzzle.PieceID(id)})
				id++
			}
		}
	}
	return b
}

func TestExtent(t *testing.T) {
	tests := []struct {
		name       string
		b          *puzzle.Board
		rows, cols int
	}{
		{"a full rectangle", board("......", ".###..", ".###..", "......"), 2, 3},
		{"a hole inside is kept", board("####", "#.##", "####"), 3, 4},
		{"a stranger on the rim is trimmed", board("####.", "#####", "####."), 3, 4},
		{"a missing corner is kept", board("###.", "####", "####"), 3, 4},
		{"nothing placed", board("...", "..."), 1, 1},
	}
	for _, tc := range tests {
		if rows, cols := extent(tc.b); rows != tc.rows || cols != tc.cols {
			t.Errorf("%s: extent %d×%d, want %d×%d", tc.name, rows, cols, tc.rows, tc.cols)
		}
	}
}

func TestProportioned(t *testing.T) {
	tests := []struct {
		name       string
		b          *puzzle.Board
		n          int
		rows, cols int
	}{
		{"square region", board("#.#", ".#.", "#.#"), 10, 4, 3},
		{"wide region", board("#...#", "..#..", "#...#"), 15, 3, 5},
		{"nothing placed", board("..", ".."), 4, 2, 2},
	}
	for _, tc := range tests {
		rows, cols := proportioned(tc.b, tc.n)
		if rows != tc.rows || cols != tc.cols || rows*cols < tc.n {
			t.Errorf("%s: %d×%d, want %d×%d", tc.name, rows, cols, tc.rows, tc.cols)
		}
	}
}
