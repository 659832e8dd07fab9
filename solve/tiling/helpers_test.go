package tiling_test

import (
	"flag"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
)

var long = flag.Bool("long", false, "run the long counts: every seed puzzle in every mode, the large pentomino boards")

func shape(t testing.TB, s string) polyomino.Shape {
	t.Helper()
	sh, err := polyomino.ParseShape(s)
	if err != nil {
		t.Fatal(err)
	}
	return sh
}

// pentominoPuzzle is the 12 pentominoes on board, drawn with '#' for cells
// and spaces for holes.
func pentominoPuzzle(t testing.TB, board string) *polyomino.Puzzle {
	_, pentominoes := polyomino.Pentominoes()
	return &polyomino.Puzzle{Board: shape(t, board), Tiles: pentominoes}
}

// rectangle draws a rows×cols board.
func rectangle(rows, cols int) string {
	return strings.TrimSuffix(strings.Repeat(strings.Repeat("#", cols)+"\n", rows), "\n")
}

// centreHole is the 8×8 board without its centre 2×2.
const centreHole = "########\n########\n########\n###  ###\n###  ###\n########\n########\n########"

// planted returns a random puzzle with a known solution: a rows×cols board
// less up to holes cells, coloured with up to colours colours, cut into
// tiles of 1 to maxSize squares, each tile turned or mirrored at random,
// plus extra tiles copied from the others (so that only some tiles are
// used), in random order.
func planted(t testing.TB, rng *rand.Rand, rows, cols, holes, colours, maxSize, extra int) *polyomino.Puzzle {
	t.Helper()
	colour := make(map[polyomino.Cell]rune)
	for r := range rows {
		for c := range cols {
			colour[polyomino.Cell{Row: r, Col: c}] = rune('a' + rng.IntN(colours))
		}
	}
	for range holes {
		delete(colour, polyomino.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
	}
	var board []polyomino.Square
	free := make(map[polyomino.Cell]bool)
	for c, k := range colour {
		board = append(board, polyomino.Square{Cell: c, Colour: k})
		free[c] = true
	}
	b, err := polyomino.NewShape(board...)
	if err != nil {
		t.Fatal(err)
	}
	p := &polyomino.Puzzle{Board: b}
	cells := make([]polyomino.Cell, 0, len(free))
	for c := range free {
		cells = append(cells, c)
	}
	// Map order is random; sort so that the rng alone decides.
	slices.SortFunc(cells, func(a, b polyomino.Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	steps := []polyomino.Cell{{Row: -1}, {Col: 1}, {Row: 1}, {Col: -1}}
	for _, start := range cells {
		if !free[start] {
			continue
		}
		size := 1 + rng.IntN(maxSize)
		region := []polyomino.Square{{Cell: start, Colour: colour[start]}}
		free[start] = false
		for len(region) < size {
			var next []polyomino.Cell
			for _, q := range region {
				for _, d := range steps {
					if n := q.Cell.Add(d); free[n] {
						next = append(next, n)
					}
				}
			}
			if len(next) == 0 {
				break
			}
			n := next[rng.IntN(len(next))]
			free[n] = false
			region = append(region, polyomino.Square{Cell: n, Colour: colour[n]})
		}
		tile, err := polyomino.NewShape(region...)
		if err != nil {
			t.Fatal(err)
		}
		p.Tiles = append(p.Tiles, tile.Transform(polyomino.Transforms[rng.IntN(8)]))
	}
	for range extra {
		p.Tiles = append(p.Tiles, p.Tiles[rng.IntN(len(p.Tiles))].Transform(polyomino.Transforms[rng.IntN(8)]))
	}
	rng.Shuffle(len(p.Tiles), func(i, j int) { p.Tiles[i], p.Tiles[j] = p.Tiles[j], p.Tiles[i] })
	return p
}
