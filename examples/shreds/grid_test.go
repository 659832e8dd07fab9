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

var gridSeeds = flag.Int("gridseeds", 1, "TestSharedGrids: run each page with seeds 1 to N (turns, names and the solver's seed)")

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
// runs each page with seeds 1 to N: other turns, names and solver seeds.
func TestSharedGrids(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "data", "documents", "D?", "artificial", "D*"))
	if len(pages) == 0 {
		t.Skip("the shared documents are not here; this test needs ../shared")
	}
	if testing.Short() {
		t.Skip("-short: the shared pages as grids take half a minute")
	}
	const rows, cols = 7, 7
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
	}
}
