package main

import (
	"context"
	"fmt"
	"image"
	"math"
	"runtime"
	"time"

	"github.com/reassemble/jigsaw/edge/document"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// pageAspect is the height over the width of the usual pages, between
// US Letter (1.29) and A4 (1.41): the grid's rows and columns are chosen
// so that the pieces make a page of about this shape.
const pageAspect = 1.35

// gridEvolution is how many short GA runs may follow the greedy placer on
// a grid (greedy.WithEvolution). The placer trusts a join by how it
// compares with the side's other partners, and a cut between two lines of
// text leaves sides that tell little apart; the GA judges whole grids.
// The shared collections' digitally cut pages, joined and cut into 7×7
// rectangles, half of them turned: mean neighbour accuracy 0.247 → 0.274
// (D1, five pages) and 0.627 → 0.663 (D2, three), two pages a little
// worse and three better, for about 0.3 s more a page.
const gridEvolution = 4

// reassembleGrid places rectangles cut across and along a page: each
// piece is first turned so that its lines of text run across (its shape
// tells, or for square pieces its text), the document measures price
// every join both ways, the picture solvers' greedy placer lays the grid
// and short GA runs check it, and the page is turned the way its text
// reads.
func reassembleGrid(ctx context.Context, scans []scan, c config, logf func(string, ...any)) (*result, error) {
	quarter := orientPieces(scans)
	imgs := make([]image.Image, len(scans))
	var size image.Point
	for i, s := range scans {
		imgs[i] = puzzle.TurnImage(s.img, quarter[i])
		sz := imgs[i].Bounds().Size()
		if i == 0 {
			size = sz
		} else if sz != size {
			return nil, fmt.Errorf("%s is %d×%d pixels (turned upright), %s is %d×%d: the pieces of a grid must be the same size", s.name, sz.X, sz.Y, scans[0].name, size.X, size.Y)
		}
	}
	rows, cols := gridShape(len(scans), size)
	p, err := puzzle.FromStrips(imgs)
	if err != nil {
		return nil, err
	}
	p.Rows, p.Cols = rows, cols
	p.Rotatable, p.HalfTurns = c.turned, c.turned
	t0 := time.Now()
	tab, err := document.NewTable(ctx, p, document.WithSeed(c.seed))
	if err != nil {
		return nil, err
	}
	logf("%d pieces on a %d×%d grid priced in %.2f s", len(scans), rows, cols, time.Since(t0).Seconds())
	res, err := greedy.New(greedy.WithEvolution(gridEvolution)).Solve(ctx, solve.Problem{Puzzle: p, Scorer: tab},
		solve.WithSeed(c.seed), solve.WithWorkers(runtime.GOMAXPROCS(0)))
	if err != nil {
		return nil, err
	}
	b := res.Board
	if c.turned && uprightEvidence(tab, b.Cells) < 0 {
		b = b.Turn(2)
	}
	out := &result{kind: "grid", scans: scans}
	for i := range scans {
		if tab.Blank(i) {
			out.blank = append(out.blank, i)
		}
	}
	var page []placed
	for r := range b.Rows {
		var line []placed
		for col := range b.Cols {
			pl := b.At(puzzle.Cell{Row: r, Col: col})
			if pl.IsEmpty() {
				line = append(line, placed{scan: -1})
				continue
			}
			i := int(pl.Piece)
			q := placed{scan: i, turn: quarter[i].Add(pl.Rotation)}
			line = append(line, q)
			page = append(page, q)
		}
		out.grid = append(out.grid, line)
	}
	out.pages = [][]placed{page}
	return out, nil
}

// uprightEvidence sums the pieces' evidence of reading upright, each
// counted the way it lies.
func uprightEvidence(tab *document.Table, cells []puzzle.Placement) float64 {
	var u float64
	for _, pl := range cells {
		if pl.IsEmpty() {
			continue
		}
		e := tab.Upright(int(pl.Piece))
		if pl.Rotation == 2 {
			e = -e
		}
		u += e
	}
	return u
}

// orientPieces returns the quarter turn that sets each piece with its
// lines of text running across. Oblong pieces all have one shape once
// upright: those lying the other way are turned a quarter, and if the
// pieces' text then runs down rather than across, all are turned. Square
// pieces are each turned as their own text says.
func orientPieces(scans []scan) []puzzle.Rotation {
	q := make([]puzzle.Rotation, len(scans))
	portrait := 0
	square := true
	for _, s := range scans {
		sz := s.img.Bounds().Size()
		if sz.Y > sz.X {
			portrait++
		}
		if math.Abs(float64(sz.X-sz.Y)) > 0.03*float64(max(sz.X, sz.Y)) {
			square = false
		}
	}
	if square {
		for i, s := range scans {
			q[i] = document.Orient(s.img)
		}
		return q
	}
	wantPortrait := 2*portrait >= len(scans)
	votes := 0
	for i, s := range scans {
		sz := s.img.Bounds().Size()
		if (sz.Y > sz.X) != wantPortrait {
			q[i] = 1
		}
		if document.Orient(puzzle.TurnImage(s.img, q[i])) == 1 {
			votes++
		} else {
			votes--
		}
	}
	if votes > 0 {
		for i := range q {
			q[i] = q[i].Add(1)
		}
	}
	return q
}

// gridShape returns the rows and columns for n pieces of the given size:
// the fewest empty cells, then the page shape nearest pageAspect.
func gridShape(n int, size image.Point) (rows, cols int) {
	best := math.Inf(1)
	for r := 1; r <= n; r++ {
		c := (n + r - 1) / r
		holes := r*c - n
		aspect := float64(r*size.Y) / float64(c*size.X)
		score := float64(holes)*10 + math.Abs(math.Log(aspect/pageAspect))
		if score < best {
			best, rows, cols = score, r, c
		}
	}
	return rows, cols
}
