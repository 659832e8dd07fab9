package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/ga"
)

// hynekTable is seed 002's Table 1: the percentage of 50 runs that found
// the correct solution, for three unnamed pictures ("Test 1/2/3") cut into
// n×n pieces of 80 px.
var hynekTable = []struct {
	n       int
	percent [3]float64
}{
	{15, [3]float64{100, 94, 100}},
	{20, [3]float64{92, 74, 86}},
	{25, [3]float64{56, 42, 52}},
}

// hynekImages are the photographs the reproduction uses in place of
// Hynek's unpublished ones, from the module's testdata.
var hynekImages = []string{"astronaut.png", "coffee.png", "chelsea.png"}

// hynekVariants are the GA configurations run: the seed's preset as
// written, and the same with its sequence-matching operator keeping only
// moves that do not raise the cost (the seed implies every move stays).
var hynekVariants = []struct {
	name string
	opts ga.Option
}{
	{"hynek", ga.Hynek()},
	{"hynek-keep-better", ga.Options(ga.Hynek(), ga.WithSequenceMatching(ga.SequenceMatching{Accept: ga.AcceptIfNotWorse}, 0.5))},
}

// hynek reproduces seed 002's Table 1: each picture cut into n×n pieces
// (the centred square, piece size scaled to the picture), priced by the
// plain L2 distance of touching pixel lines (its Eq. 1-2), and solved -runs
// times (50 in the seed) by its GA schedule from a fresh scramble; a run
// succeeds when every piece is in its place.
func hynek(ctx context.Context, c config, emit func(record) error) error {
	runs := c.runs
	if runs <= 0 {
		runs = 50
	}
	pics, err := photographs(c, hynekImages)
	if err != nil {
		return err
	}
	for _, pic := range pics {
		i, name, img := pic.index, pic.name, pic.img
		for _, row := range hynekTable {
			n := row.n
			if !c.wanted(n, n) {
				continue
			}
			p, truth, err := cutSquare(img, n)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			for _, v := range hynekVariants {
				var perfect int
				var direct, neighbour, secs float64
				for run := range runs {
					seed := c.seed + uint64(run)
					sp, st, err := puzzle.Scramble(p, truth, rand.New(rand.NewPCG(seed, uint64(n))))
					if err != nil {
						return err
					}
					cctx, cancel := context.WithTimeout(ctx, c.timeout)
					start := time.Now()
					// The table is the scrambled puzzle's: its pieces are
					// numbered as the scramble dealt them.
					table, err := edge.NewTable(cctx, sp, edge.Euclidean(), 0)
					if err != nil {
						cancel()
						return err
					}
					res, err := ga.New(v.opts).Solve(cctx, solve.Problem{Puzzle: sp, Scorer: table}, solve.WithSeed(seed))
					secs += time.Since(start).Seconds()
					cancel()
					if err != nil {
						return fmt.Errorf("%s %dx%d %s run %d: %w", name, n, n, v.name, run, err)
					}
					if puzzle.Perfect(st, res.Board) {
						perfect++
					}
					direct += puzzle.DirectComparison(st, res.Board)
					neighbour += puzzle.NeighbourComparison(st, res.Board)
				}
				percent := 100 * float64(perfect) / float64(runs)
				seedPercent := row.percent[i]
				meanDirect := direct / float64(runs)
				meanNeighbour := neighbour / float64(runs)
				r := record{
					Size: size(n, n), Method: v.name, Seconds: secs / float64(runs),
					Solutions: int64(perfect), Runs: runs, Image: name,
					PieceSize: p.Pieces[0].Image.Bounds().Dx(),
					Percent:   &percent, SeedPercent: &seedPercent, Direct: &meanDirect, Neighbour: &meanNeighbour,
				}
				if err := emit(r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// cutSquare cuts the centred square of img into n×n pieces, as large as
// the picture allows.
func cutSquare(img image.Image, n int) (*puzzle.Puzzle, *puzzle.Board, error) {
	b := img.Bounds()
	piece := min(b.Dx(), b.Dy()) / n
	if piece < 2 {
		return nil, nil, fmt.Errorf("a %d×%d picture is too small for %d×%d pieces", b.Dx(), b.Dy(), n, n)
	}
	side := piece * n
	x0, y0 := b.Min.X+(b.Dx()-side)/2, b.Min.Y+(b.Dy()-side)/2
	sq, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		return nil, nil, errors.New("picture cannot be cropped")
	}
	return puzzle.Cut(sq.SubImage(image.Rect(x0, y0, x0+side, y0+side)), piece)
}

// photograph is a testdata picture and its place in an experiment's list.
type photograph struct {
	index int
	name  string
	img   image.Image
}

// photographs loads the pictures of names, from the module's testdata,
// that c asks for (all of them unless c.images says otherwise), in order.
func photographs(c config, names []string) ([]photograph, error) {
	dir, err := testdataDir()
	if err != nil {
		return nil, err
	}
	var out []photograph
	for i, name := range names {
		if len(c.images) > 0 && !slices.Contains(c.images, name) {
			continue
		}
		img, err := puzzle.LoadImage(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		out = append(out, photograph{i, name, img})
	}
	return out, nil
}

// testdataDir finds the module's testdata directory from the working
// directory or one of its parents, so that the program runs from the
// module root (go run ./examples/thesis) and its tests from their package.
func testdataDir() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "testdata"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("hynek: cannot find the module's testdata directory; run from within the module")
		}
		dir = parent
	}
}

func printHynek(w io.Writer, recs []record) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "picture\tpieces\tpx\tmethod\truns\tperfect %\tseed %\tmean direct\tmean neighbour\ts/run\t")
	for _, r := range recs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%d\t%.0f\t%.0f\t%.3f\t%.3f\t%.2f\t\n",
			strings.TrimSuffix(r.Image, ".png"), r.Size, r.PieceSize, r.Method, r.Runs,
			deref(r.Percent), deref(r.SeedPercent), deref(r.Direct), deref(r.Neighbour), r.Seconds)
	}
	tw.Flush()
}
