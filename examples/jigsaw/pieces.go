package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// fragmentReport is the -pieces output.
type fragmentReport struct {
	Fragments int     `json:"fragments"`
	Rows      int     `json:"rows"`
	Cols      int     `json:"cols"`
	Upright   bool    `json:"upright"`
	Measure   string  `json:"measure"`
	Seconds   float64 `json:"seconds"`
	Placed    int     `json:"placed"`
	Holes     int     `json:"holes"`
	// Unplaced lists the files of the fragments left out.
	Unplaced []string `json:"unplaced"`
	// Pieces gives every fragment, in the order of the file names.
	Pieces []fragmentPlace `json:"pieces"`

	status solve.Status
}

// fragmentPlace is where one fragment went: its cell (row and column from
// the top left, both -1 for a fragment left out) and the clockwise turn in
// degrees that shows it as it lies in the picture.
type fragmentPlace struct {
	File string `json:"file"`
	Row  int    `json:"row"`
	Col  int    `json:"col"`
	Turn int    `json:"turn"`
}

// runPieces re-assembles a folder of fragment pictures.
func runPieces(c config, stdout, stderr io.Writer) error {
	files, err := pictures(c.pieces)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s holds no PNG or JPEG fragments", c.pieces)
	}
	fragments := make([]image.Image, len(files))
	for i, f := range files {
		if fragments[i], err = puzzle.LoadImage(filepath.Join(c.pieces, f)); err != nil {
			return err
		}
		// Checked here, where the file's name is known; FromFragments
		// can name only the fragment's number.
		b, first := fragments[i].Bounds(), fragments[0].Bounds()
		switch {
		case b.Dx() != b.Dy():
			return fmt.Errorf("%s: fragment of %d×%d pixels: fragments must be square", f, b.Dx(), b.Dy())
		case b.Size() != first.Size():
			return fmt.Errorf("%s: fragment of %d×%d pixels, but %s is %d×%d: fragments must all be the same size", f, b.Dx(), b.Dy(), files[0], first.Dx(), first.Dy())
		}
	}
	// Solvers break ties by piece number: numbered by their pixels, the
	// fragments give the same picture whatever their files are called.
	order, err := puzzle.ContentOrder(fragments)
	if err != nil {
		return err
	}
	byContent := make([]image.Image, len(order))
	for k, i := range order {
		byContent[k] = fragments[i]
	}
	if c.out, err = output.Dir(c.out, "jigsaw-pieces-"); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	start := time.Now()
	var progress solve.Observer
	if !c.json {
		progress = progressPrinter(stderr, start)
	}
	p, res, err := assemble(ctx, c, byContent, progress)
	if err != nil {
		return err
	}
	r := fragmentReport{
		Fragments: len(files), Rows: p.Rows, Cols: p.Cols, Upright: c.upright,
		Measure: c.measure, Seconds: time.Since(start).Seconds(),
		Placed: res.Board.Placed(), Holes: p.Cells() - res.Board.Placed(),
		Unplaced: []string{}, Pieces: make([]fragmentPlace, len(files)), status: res.Status,
	}
	for i, f := range files {
		r.Pieces[i] = fragmentPlace{File: f, Row: -1, Col: -1}
	}
	for i, a := range res.Board.Cells {
		if a.IsEmpty() {
			continue
		}
		cell := res.Board.CellAt(i)
		f := &r.Pieces[order[a.Piece]]
		f.Row, f.Col, f.Turn = cell.Row, cell.Col, 90*int(a.Rotation)
	}
	for _, id := range res.Unplaced {
		r.Unplaced = append(r.Unplaced, files[order[id]])
	}
	slices.SortFunc(r.Unplaced, naturalCompare)
	solved := filepath.Join(c.out, "solved.png")
	if err := output.WritePNG(solved, puzzle.Render(p, res.Board)); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "picture in %s\n", solved)
	if c.json {
		if err := json.NewEncoder(stdout).Encode(r); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stdout, "fragments:  %d, re-assembled into %d×%d (%s)\n", r.Fragments, r.Rows, r.Cols, orientation(c.upright))
		fmt.Fprintf(stdout, "placed:     %d, holes %d, left out %d\n", r.Placed, r.Holes, len(r.Unplaced))
		for _, f := range r.Unplaced {
			fmt.Fprintf(stdout, "left out:   %s\n", f)
		}
		fmt.Fprintf(stdout, "time:       %.3f s (%v)\n", r.Seconds, r.status)
	}
	if r.status == solve.Canceled {
		return errors.New("timed out; the picture is the best board so far")
	}
	return nil
}

func orientation(upright bool) string {
	if upright {
		return "upright"
	}
	return "orientation unknown"
}

// assemble solves the fragments. Without a board size it first grows the
// picture unbounded on a board large enough for any likely shape, takes
// the extent it grew to, less rim rows and columns that are mostly empty
// (where a stranger clung to the picture's edge), and then solves again on
// a board of that size. Either way strays are left out: a missing fragment
// leaves a hole, and an extra one is reported unplaced.
func assemble(ctx context.Context, c config, fragments []image.Image, progress solve.Observer) (*puzzle.Puzzle, *solve.Result, error) {
	measure, err := edge.NewMeasure(c.measure)
	if err != nil {
		return nil, nil, err
	}
	rows, cols := c.rows, c.cols
	// The joins depend on the fragments alone, not on the board: both
	// solves read one table.
	var table, alt edge.Compatibility
	if rows == 0 || cols == 0 {
		// A picture up to four times as long as it is high fits a
		// square board of twice the square root of the fragments.
		side := int(math.Ceil(2*math.Sqrt(float64(len(fragments))))) + 1
		p, err := puzzle.FromFragments(fragments, side, side)
		if err != nil {
			return nil, nil, err
		}
		p.Rotatable = !c.upright
		if table, err = priceJoins(ctx, p, measure, "greedy"); err != nil {
			return nil, nil, err
		}
		if alt, err = secondOpinion(ctx, p, c); err != nil {
			return nil, nil, err
		}
		res, err := greedy.New(greedy.WithUnknownSize(), greedy.WithAlternatives(alts(alt)...)).Solve(ctx, solve.Problem{Puzzle: p, Scorer: table},
			solve.WithSeed(c.seed), solve.WithObserver(progress))
		if err != nil {
			return nil, nil, err
		}
		rows, cols = extent(res.Board)
		if 2*rows*cols < len(fragments) {
			// The growth was too ragged to show a rectangle (joins
			// the measure cannot tell apart): a board of the grown
			// region's proportions with room for every fragment.
			rows, cols = proportioned(res.Board, len(fragments))
		}
		// A picture of turned fragments may have grown lying on its
		// side: stand it as the one dimension given says.
		if !c.upright && (c.rows > 0 && cols == c.rows && rows != c.rows || c.cols > 0 && rows == c.cols && cols != c.cols) {
			rows, cols = cols, rows
		}
		if c.rows > 0 {
			rows = c.rows
		}
		if c.cols > 0 {
			cols = c.cols
		}
	}
	p, err := puzzle.FromFragments(fragments, rows, cols)
	if err != nil {
		return nil, nil, err
	}
	p.Rotatable, p.AllowExtra = !c.upright, true
	if table == nil {
		if table, err = priceJoins(ctx, p, measure, "greedy"); err != nil {
			return nil, nil, err
		}
		if alt, err = secondOpinion(ctx, p, c); err != nil {
			return nil, nil, err
		}
	}
	// With the board's size known, short GA runs check the picture as
	// they do a set's (-evolve), when no fragment is missing or extra:
	// greedy.WithEvolution leaves holes to the placer.
	evolve := 0
	if len(p.Pieces) < sparseFrom {
		evolve = c.evolve
	}
	res, err := greedy.New(greedy.WithStrays(true), greedy.WithAlternatives(alts(alt)...), greedy.WithEvolution(evolve)).Solve(ctx, solve.Problem{Puzzle: p, Scorer: table},
		solve.WithSeed(c.seed), solve.WithObserver(progress), solve.WithWorkers(runtime.GOMAXPROCS(0)))
	return p, res, err
}

// extent returns the rows and columns of the region b's placed pieces
// span, less the rim rows and columns that are less than half full.
func extent(b *puzzle.Board) (rows, cols int) {
	top, bottom, left, right := b.Rows, -1, b.Cols, -1
	for i, a := range b.Cells {
		if a.IsEmpty() {
			continue
		}
		c := b.CellAt(i)
		top, bottom = min(top, c.Row), max(bottom, c.Row)
		left, right = min(left, c.Col), max(right, c.Col)
	}
	if bottom < 0 {
		return 1, 1
	}
	filled := func(r0, r1, c0, c1 int) int {
		n := 0
		for r := r0; r <= r1; r++ {
			for c := c0; c <= c1; c++ {
				if !b.At(puzzle.Cell{Row: r, Col: c}).IsEmpty() {
					n++
				}
			}
		}
		return n
	}
	for trimmed := true; trimmed; {
		trimmed = false
		w, h := right-left+1, bottom-top+1
		switch {
		case h > 1 && 2*filled(top, top, left, right) < w:
			top, trimmed = top+1, true
		case h > 1 && 2*filled(bottom, bottom, left, right) < w:
			bottom, trimmed = bottom-1, true
		case w > 1 && 2*filled(top, bottom, left, left) < h:
			left, trimmed = left+1, true
		case w > 1 && 2*filled(top, bottom, right, right) < h:
			right, trimmed = right-1, true
		}
	}
	return bottom - top + 1, right - left + 1
}

// proportioned returns the smallest board with the proportions of the
// region b's placed pieces span that has at least n cells.
func proportioned(b *puzzle.Board, n int) (rows, cols int) {
	top, bottom, left, right := b.Rows, -1, b.Cols, -1
	for i, a := range b.Cells {
		if !a.IsEmpty() {
			c := b.CellAt(i)
			top, bottom = min(top, c.Row), max(bottom, c.Row)
			left, right = min(left, c.Col), max(right, c.Col)
		}
	}
	aspect := 1.0 // columns per row
	if bottom >= top {
		aspect = float64(right-left+1) / float64(bottom-top+1)
	}
	cols = max(1, int(math.Round(math.Sqrt(float64(n)*aspect))))
	rows = (n + cols - 1) / cols
	return rows, cols
}

// alts lists alt, if there is one.
func alts(alt edge.Compatibility) []edge.Compatibility {
	if alt == nil {
		return nil
	}
	return []edge.Compatibility{alt}
}
