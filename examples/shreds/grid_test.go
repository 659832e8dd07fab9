package main

import (
	"flag"
	"fmt"
	"image"
	"image/draw"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/internal/shredscore"
	"github.com/reassemble/jigsaw/puzzle"
)

var (
	gridSeeds = flag.Int("gridseeds", 1, "TestSharedGrids: run each page with seeds 1 to N (turns, names and the solver's seed)")
	gridSize  = flag.Int("gridsize", 7, "TestSharedGrids: cut each page N×N (the floors hold for 7)")
)

// joinStrips joins a digitally cut page's strips back, left to right in
// their true order: the truth, read from the names, is the test's.
func joinStrips(t *testing.T, dir string) image.Image {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	type strip struct {
		pos int
		img image.Image
	}
	var strips []strip
	w, h := 0, 0
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		tr, err := shredscore.FromName(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		img, err := puzzle.LoadImage(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		strips = append(strips, strip{tr.Pos, img})
		w += img.Bounds().Dx()
		h = max(h, img.Bounds().Dy())
	}
	slices.SortFunc(strips, func(a, b strip) int { return a.pos - b.pos })
	page := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.Draw(page, page.Bounds(), image.White, image.Point{}, draw.Src)
	x := 0
	for _, s := range strips {
		b := s.img.Bounds()
		draw.Draw(page, image.Rect(x, 0, x+b.Dx(), b.Dy()), s.img, b.Min, draw.Src)
		x += b.Dx()
	}
	return page
}

// TestSharedGrids joins each of the shared collections' digitally cut
// pages back, cuts it 7×7, turns a random half of the pieces 180°, names
// them at random and re-assembles the folder as a grid, scoring the joins
// as shredscore.GridAccuracy does (blank pieces left out). -gridseeds N
// runs each page with seeds 1 to N: other turns, names and solver seeds;
// -gridsize N cuts the pages N×N instead, with no floor checked.
func TestSharedGrids(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "data", "documents", "D?", "artificial", "D*"))
	if len(pages) == 0 {
		t.Skip("the shared documents are not here; this test needs ../shared")
	}
	if testing.Short() {
		t.Skip("-short: the shared pages as grids take half a minute")
	}
	rows, cols := *gridSize, *gridSize
	sums := map[string][]float64{}
	for _, dir := range pages {
		coll := filepath.Base(filepath.Dir(filepath.Dir(dir)))
		page := joinStrips(t, dir)
		p, truth, err := puzzle.CutGrid(page, rows, cols)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= uint64(*gridSeeds); seed++ {
			rng := rand.New(rand.NewPCG(seed, 7))
			folder := t.TempDir()
			cells := map[string]shredscore.Cell{}
			blank := map[string]bool{}
			scanned := map[string]bool{}
			for k, pl := range truth.Cells {
				img := p.Pieces[pl.Piece].Image
				name := fmt.Sprintf("g%08x.png", rng.Uint32())
				turn := puzzle.Rotation(2 * rng.IntN(2))
				writePNG(t, filepath.Join(folder, name), puzzle.TurnImage(img, turn))
				c := truth.CellAt(k)
				cells[name] = shredscore.Cell{Row: c.Row, Col: c.Col}
				blank[name] = shredscore.Blank(img, nil)
				scanned[name] = turn == 2
			}
			rep := runJSON(t, config{dir: folder, kind: "grid", turned: true, seed: seed})
			grid := make([][]shredscore.GridPlaced, len(rep.Grid))
			for r, line := range rep.Grid {
				for c, name := range line {
					turned := scanned[name] != (rep.Turns[r][c] == 180)
					grid[r] = append(grid[r], shredscore.GridPlaced{Name: name, Turned: turned})
				}
			}
			acc := shredscore.GridAccuracy(grid, cells, blank)
			sums[coll] = append(sums[coll], acc)
			t.Logf("%s %s seed %d: neighbour accuracy %.3f (%d blank pieces left out) in %.2f s",
				coll, filepath.Base(dir), seed, acc, countTrue(blank), rep.Seconds)
		}
	}
	for _, coll := range slices.Sorted(func(yield func(string) bool) {
		for k := range sums {
			if !yield(k) {
				return
			}
		}
	}) {
		var mean float64
		for _, a := range sums[coll] {
			mean += a
		}
		mean /= float64(len(sums[coll]))
		t.Logf("%s: mean neighbour accuracy %.3f over %d grids", coll, mean, len(sums[coll]))
		// Floors a little under what the grids gave with seed 1 once a
		// block was turned only on a line's worth of evidence
		// (blockEvidence: D1 0.900, D2 0.946; 0.860 and 0.926 before),
		// to catch a step back.
		if floor := map[string]float64{"D1": 0.88, "D2": 0.93}[coll]; rows == 7 && mean < floor {
			t.Errorf("%s: mean neighbour accuracy %.3f, want at least %.2f", coll, mean, floor)
		}
	}
}

// truthScorer prices a join 0 where the two pieces are neighbours that
// way on a rows × cols page, piece r·cols+c at row r and column c, and 1
// elsewhere; a rim side 0 on the page's edge.
type truthScorer struct{ rows, cols int }

func (ts truthScorer) cell(pl puzzle.Placement) puzzle.Cell {
	return puzzle.Cell{Row: int(pl.Piece) / ts.cols, Col: int(pl.Piece) % ts.cols}
}

func (ts truthScorer) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if ts.cell(a).Neighbour(s) == ts.cell(b) {
		return 0
	}
	return 1
}

func (ts truthScorer) ScoreFrame(a puzzle.Placement, s puzzle.Side) float64 {
	n := ts.cell(a).Neighbour(s)
	if n.Row < 0 || n.Row >= ts.rows || n.Col < 0 || n.Col >= ts.cols {
		return 0
	}
	return 1
}

func TestOrderBands(t *testing.T) {
	const rows, cols = 6, 5
	ts := truthScorer{rows, cols}
	truth := puzzle.NewBoard(rows, cols)
	for k := range truth.Cells {
		truth.Cells[k] = puzzle.Placement{Piece: puzzle.PieceID(k)}
	}
	for _, tc := range []struct {
		name  string
		shake func(b *puzzle.Board)
	}{
		{"rows stacked in another order", func(b *puzzle.Board) {
			old := slices.Clone(b.Cells)
			for r, from := range []int{3, 4, 5, 0, 2, 1} {
				copy(b.Cells[r*cols:(r+1)*cols], old[from*cols:(from+1)*cols])
			}
		}},
		{"columns in another order", func(b *puzzle.Board) {
			old := slices.Clone(b.Cells)
			for r := range rows {
				for c, from := range []int{2, 0, 4, 3, 1} {
					b.Cells[r*cols+c] = old[r*cols+from]
				}
			}
		}},
		{"one row wrapped round", func(b *puzzle.Board) {
			row := b.Cells[2*cols : 3*cols]
			slices.Reverse(row[:2])
			slices.Reverse(row[2:])
			slices.Reverse(row)
		}},
		{"two pieces of a column swapped", func(b *puzzle.Board) {
			b.Cells[1*cols+3], b.Cells[4*cols+3] = b.Cells[4*cols+3], b.Cells[1*cols+3]
		}},
		{"two pieces far apart swapped", func(b *puzzle.Board) {
			b.Cells[0*cols+1], b.Cells[4*cols+3] = b.Cells[4*cols+3], b.Cells[0*cols+1]
		}},
		{"rows reordered, one wrapped round, two pieces swapped", func(b *puzzle.Board) {
			old := slices.Clone(b.Cells)
			for r, from := range []int{5, 2, 0, 4, 1, 3} {
				copy(b.Cells[r*cols:(r+1)*cols], old[from*cols:(from+1)*cols])
			}
			row := b.Cells[3*cols : 4*cols]
			slices.Reverse(row[:1])
			slices.Reverse(row[1:])
			slices.Reverse(row)
			b.Cells[2], b.Cells[27] = b.Cells[27], b.Cells[2]
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := truth.Clone()
			tc.shake(b)
			if b.Equal(truth) {
				t.Fatal("the shaken board is the truth")
			}
			if got := orderBands(b, ts); !got.Equal(truth) {
				t.Errorf("ordered board %v, want the truth", got.Cells)
			}
		})
	}
}
