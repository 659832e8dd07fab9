package main

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math/rand/v2"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/esp"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// espImageImages are the photographs of espimage, from the module's
// testdata.
var espImageImages = []string{"chelsea.png", "coffee.png", "astronaut.png"}

// espImage carries the thesis's chapter 4 to picture puzzles (issue 6,
// point 4): each photograph's centre cut into 10×15 pieces (the thesis's
// board), k = 1, 2, 3 pieces removed at random, for -runs seeds (default
// 5), with pieces upright (Type 1) and turned (Type 2), priced by the
// default measure. Per picture, type and k it emits three records:
//
//   - "predict": Empty Slot Prediction on best buddies; Solutions counts
//     the runs whose candidates hold every hole (in some whole-board turn,
//     for Type 2), Candidates is their mean number;
//   - "greedy": the greedy placer alone, which leaves its holes where its
//     growth ends;
//   - "greedy+esp": esp.Pictures, the greedy placer with its holes moved
//     where the prediction and the joins agree.
//
// For the two solvers Solutions counts the runs whose empty cells are
// exactly the holes (up to a whole-board turn), Direct is the mean
// neighbour comparison against the solution with holes, and Seconds the
// mean time per run, the compatibility table excluded (it is built once
// per puzzle and shared).
func espImage(ctx context.Context, c config, emit func(record) error) error {
	runs := c.runs
	if runs <= 0 {
		runs = 5
	}
	pics, err := photographs(c, espImageImages)
	if err != nil {
		return err
	}
	for _, pic := range pics {
		name, img := pic.name, pic.img
		p, truth, err := cutBoard(img, thesisRows, thesisCols)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		px := p.Pieces[0].Image.Bounds().Dx()
		for _, rot := range []bool{false, true} {
			kind := "type1"
			if rot {
				kind = "type2"
			}
			for k := 1; k <= 3; k++ {
				stats, err := espImageRuns(ctx, p, truth, rot, k, runs, c.seed)
				if err != nil {
					return fmt.Errorf("%s %s k=%d: %w", name, kind, k, err)
				}
				for _, s := range stats {
					r := record{
						Size: size(p.Rows, p.Cols), Method: fmt.Sprintf("%s k=%d %s", kind, k, s.method),
						Image: name, PieceSize: px, Runs: runs, Solutions: int64(s.hits),
						Seconds: s.seconds / float64(runs), Candidates: s.candidates / float64(runs),
					}
					if s.method != "predict" {
						d := s.neighbour / float64(runs)
						r.Direct = &d
					}
					if err := emit(r); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// espImageStat sums one method's runs.
type espImageStat struct {
	method     string
	hits       int
	seconds    float64
	neighbour  float64
	candidates float64
}

// espImageRuns runs the prediction, greedy and greedy+esp on runs
// scrambles of p with k random holes.
func espImageRuns(ctx context.Context, p *puzzle.Puzzle, truth *puzzle.Board, rot bool, k, runs int, seed uint64) ([]espImageStat, error) {
	stats := []espImageStat{{method: "predict"}, {method: "greedy"}, {method: "greedy+esp"}}
	solvers := []solve.Solver{nil, greedy.New(), esp.NewPictures()}
	for run := range runs {
		rng := rand.New(rand.NewPCG(seed+uint64(run), uint64(k)<<1|boolBit(rot)))
		q := p.Clone()
		q.Rotatable = rot
		q, sol, err := puzzle.Scramble(q, truth, rng)
		if err != nil {
			return nil, err
		}
		var holes []puzzle.Cell
		for _, i := range rng.Perm(q.Cells())[:k] {
			holes = append(holes, sol.CellAt(i))
		}
		q, sol, err = esp.Remove(q, sol, holes...)
		if err != nil {
			return nil, err
		}
		tab, err := edge.NewTable(ctx, q, edge.DefaultMeasure(), 0)
		if err != nil {
			return nil, err
		}
		start := time.Now()
		pred, err := esp.PredictBuddies(q, tab)
		if err != nil {
			return nil, err
		}
		stats[0].seconds += time.Since(start).Seconds()
		stats[0].candidates += float64(len(pred.Candidates))
		if holesPredicted(sol, pred) {
			stats[0].hits++
		}
		for i, sv := range solvers[1:] {
			st := &stats[i+1]
			start := time.Now()
			res, err := sv.Solve(ctx, solve.Problem{Puzzle: q, Scorer: tab})
			if err != nil {
				return nil, err
			}
			st.seconds += time.Since(start).Seconds()
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if err := res.Board.Validate(q); err != nil {
				return nil, fmt.Errorf("%s: %w", st.method, err)
			}
			if res.Board.Placed() != len(q.Pieces) {
				return nil, fmt.Errorf("%s: %d of %d pieces placed", st.method, res.Board.Placed(), len(q.Pieces))
			}
			st.neighbour += puzzle.NeighbourComparison(sol, res.Board)
			if sameHoles(sol, res.Board) {
				st.hits++
			}
		}
	}
	return stats, nil
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// holesPredicted reports whether the prediction's candidates hold every
// empty cell of the solution in some whole-board turn: for turned pieces
// the prediction, like any solution, is known only up to one.
func holesPredicted(sol *puzzle.Board, pred *esp.Prediction) bool {
	for _, r := range sol.Turns() {
		t := sol.Turn(r)
		all := true
		for i, pl := range t.Cells {
			if pl.IsEmpty() && !pred.Contains(t.CellAt(i)) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// sameHoles reports whether got's empty cells are the solution's in some
// whole-board turn.
func sameHoles(sol, got *puzzle.Board) bool {
	for _, r := range sol.Turns() {
		t := sol.Turn(r)
		same := true
		for i, pl := range t.Cells {
			if pl.IsEmpty() != got.Cells[i].IsEmpty() {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}

// cutBoard cuts the centre of img into rows × cols square pieces, as large
// as the picture allows.
func cutBoard(img image.Image, rows, cols int) (*puzzle.Puzzle, *puzzle.Board, error) {
	b := img.Bounds()
	piece := min(b.Dx()/cols, b.Dy()/rows)
	if piece < 2 {
		return nil, nil, fmt.Errorf("a %d×%d picture is too small for %d×%d pieces", b.Dx(), b.Dy(), rows, cols)
	}
	w, h := piece*cols, piece*rows
	x0, y0 := b.Min.X+(b.Dx()-w)/2, b.Min.Y+(b.Dy()-h)/2
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok {
		return nil, nil, errors.New("picture cannot be cropped")
	}
	return puzzle.Cut(sub.SubImage(image.Rect(x0, y0, x0+w, y0+h)), piece)
}

// printEspImage prints espimage's records, one line per picture, type,
// hole count and method.
func printEspImage(w io.Writer, recs []record) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "picture\tpieces\tpx\ttype\tk\tmethod\truns\tholes right\tpredicted\tcandidates\tneighbour\tms/run\t")
	for _, r := range recs {
		f := strings.Fields(r.Method)
		if len(f) != 3 {
			continue
		}
		right, pred, cands, nb := "-", "-", "-", "-"
		if f[2] == "predict" {
			pred = fmt.Sprintf("%d/%d", r.Solutions, r.Runs)
			cands = fmt.Sprintf("%.1f", r.Candidates)
		} else {
			right = fmt.Sprintf("%d/%d", r.Solutions, r.Runs)
			nb = fmt.Sprintf("%.3f", deref(r.Direct))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%.1f\t\n",
			strings.TrimSuffix(r.Image, ".png"), r.Size, r.PieceSize, f[0], strings.TrimPrefix(f[1], "k="), f[2], r.Runs,
			right, pred, cands, nb, 1000*r.Seconds)
	}
	tw.Flush()
	fmt.Fprintln(w, "holes right: runs whose empty cells are exactly the removed pieces' cells (up to a whole-board turn);")
	fmt.Fprintln(w, "predicted: runs whose candidates hold every hole; neighbour: mean neighbour comparison with the solution.")
}
