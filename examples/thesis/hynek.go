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
	"github.com/reassemble/jigsaw/solve/greedy"
)

// hynekTable is seed 002's Table 1: the percentage of 50 runs that found
// the correct solution, for three unnamed pictures ("Test 1/2/3") cut into
// n×n pieces of 80 px.
var hynekTable = []hynekRow{
	{15, [3]float64{100, 94, 100}},
	{20, [3]float64{92, 74, 86}},
	{25, [3]float64{56, 42, 52}},
}

// hynekRow is a row of seed 002's Table 1.
type hynekRow struct {
	n       int
	percent [3]float64
}

// hynekImages are the photographs the reproduction uses by default in
// place of Hynek's unpublished ones, from the module's testdata.
var hynekImages = []string{"astronaut.png", "coffee.png", "chelsea.png"}

// hynekVariants are the GA configurations run: the seed's, with its
// operator read as a burst of moves (see ga.SequenceMatching), and the one
// taken beyond the seed to escape its failure modes, finished by the
// greedy placer grown from the GA's trusted region.
var hynekVariants = []hynekVariant{
	{"hynek", ga.Hynek()},
	{"hynek-extended", ga.Options(ga.HynekExtended(), ga.WithFinish(greedy.New()))},
}

// hynekVariant is a named GA configuration.
type hynekVariant struct {
	name string
	opts ga.Option
}

// hynek reproduces seed 002's Table 1: each picture's centre cut into n×n
// pieces of c.piece pixels (80 in the seed; 0 takes the largest that fit),
// priced by the plain L2 distance of touching pixel lines (its Eq. 1-2),
// and solved -runs times (50 in the seed) by its GA schedule from a fresh
// scramble; a run succeeds when every piece is in its place. A size the
// picture is too small for at that piece size is skipped with a note. A
// run ends with its schedule, or after -timeout when that was given.
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
			if !c.wanted(n, n) || c.hynekSize != 0 && n != c.hynekSize {
				continue
			}
			b := img.Bounds()
			piece := c.piece
			if piece == 0 {
				piece = min(b.Dx(), b.Dy()) / n
			}
			if piece < 2 || piece*n > min(b.Dx(), b.Dy()) {
				fmt.Fprintf(c.log, "  %s: %dx%d skipped: %d pieces of %d px need %d×%d pixels, the picture has %d×%d\n",
					name, n, n, n, piece, piece*n, piece*n, b.Dx(), b.Dy())
				continue
			}
			p, truth, err := cutSquare(img, n, piece)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			for _, v := range hynekVariants {
				if c.method != "" && v.name != c.method {
					continue
				}
				var perfect int
				var direct, neighbour, secs float64
				for run := range runs {
					seed := c.seed + uint64(run)
					sp, st, err := puzzle.Scramble(p, truth, rand.New(rand.NewPCG(seed, uint64(n))))
					if err != nil {
						return err
					}
					cctx, cancel := hynekContext(ctx, c)
					start := time.Now()
					// The table is the scrambled puzzle's: its pieces are
					// numbered as the scramble dealt them.
					table, err := edge.NewTable(cctx, sp, edge.Euclidean(), 0)
					if err != nil {
						cancel()
						return err
					}
					res, err := ga.New(append([]ga.Option{v.opts}, c.gaOptions...)...).Solve(cctx, solve.Problem{Puzzle: sp, Scorer: table}, solve.WithSeed(seed))
					took := time.Since(start).Seconds()
					secs += took
					cancel()
					if err != nil {
						return fmt.Errorf("%s %dx%d %s run %d: %w", name, n, n, v.name, run, err)
					}
					ok := puzzle.Perfect(st, res.Board)
					if ok {
						perfect++
					}
					nb := puzzle.NeighbourComparison(st, res.Board)
					direct += puzzle.DirectComparison(st, res.Board)
					neighbour += nb
					fmt.Fprintf(c.log, "  %s %dx%d %s run %d/%d: perfect %v, neighbour %.3f, %.1fs, %v\n",
						name, n, n, v.name, run+1, runs, ok, nb, took, res.Status)
				}
				percent := 100 * float64(perfect) / float64(runs)
				seedPercent := row.percent[i%len(row.percent)]
				meanDirect := direct / float64(runs)
				meanNeighbour := neighbour / float64(runs)
				r := record{
					Size: size(n, n), Method: v.name, Seconds: secs / float64(runs),
					Solutions: int64(perfect), Runs: runs, Image: name, PieceSize: piece,
					Percent: &percent, SeedPercent: &seedPercent, Direct: &meanDirect, Neighbour: &meanNeighbour,
				}
				if err := emit(r); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// hynekContext returns the context of one run: bounded by -timeout only
// when it was given, since a run ends with its schedule.
func hynekContext(ctx context.Context, c config) (context.Context, context.CancelFunc) {
	if c.timeoutSet {
		return context.WithTimeout(ctx, c.timeout)
	}
	return context.WithCancel(ctx)
}

// cutSquare cuts the centred square of img into n×n pieces of piece
// pixels.
func cutSquare(img image.Image, n, piece int) (*puzzle.Puzzle, *puzzle.Board, error) {
	b := img.Bounds()
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

// photographs loads the pictures of c.files when there are any, and
// otherwise those of names, from the module's testdata, that c asks for
// (all of them unless c.images says otherwise), in order.
func photographs(c config, names []string) ([]photograph, error) {
	if len(c.files) > 0 {
		var out []photograph
		for i, f := range c.files {
			img, err := puzzle.LoadImage(f)
			if err != nil {
				return nil, err
			}
			out = append(out, photograph{i, f, img})
		}
		return out, nil
	}
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
