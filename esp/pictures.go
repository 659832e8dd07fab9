package esp

import (
	"context"
	"math"
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// Pictures re-assembles picture puzzles with missing pieces: a placer
// (by default the greedy placer of package greedy) lays the picture, and
// Empty Slot Prediction on best buddies (PredictBuddies) says where the
// holes belong.
//
// A greedy placer leaves its holes wherever its growth ends. Near a true
// hole no piece fits, so the growth, once the pieces it trusts are placed,
// puts a left-over piece there and leaves that piece's own cell empty. The
// prediction names the cells whose lines the holes break, independently of
// the placement. Pictures weighs every layout of the missing number of
// holes among the prediction's candidates and the placer's own holes: for
// each it takes the pieces out of the layout's cells and puts them into
// the placer's holes, each where and as turned it joins its new
// neighbours best, and judges the board by the doubt of its joins: a
// join's doubt is 1 when it is no better than either side's second-best
// partner and falls as it stands out, and each join counts by how far its
// doubt exceeds the placer's board's mean, so that a layout gains nothing
// by merely leaving fewer joins. The placer's board is kept unless a
// layout leaves at least one join's worth less doubt, so the prediction
// moves holes only where the joins agree.
//
// A Pictures is immutable and safe for concurrent use if its placer is.
// Stats.Restarts counts the layouts weighed; the other counters add the
// placer's.
type Pictures struct {
	placer  solve.Solver
	layouts int
	predict []Option
}

// PicturesOption configures a Pictures.
type PicturesOption func(*Pictures)

// WithPlacer sets the solver that lays the picture before the holes are
// weighed. Default: greedy.New().
func WithPlacer(s solve.Solver) PicturesOption { return func(pc *Pictures) { pc.placer = s } }

// WithLayouts bounds the number of hole layouts weighed; n ≤ 0 weighs only
// the placer's own. The layouts are weighed per frame of the prediction,
// in row-major order of their cells. Default: 20000, every layout of
// three holes among 49 candidates.
func WithLayouts(n int) PicturesOption { return func(pc *Pictures) { pc.layouts = n } }

// WithPrediction passes options to PredictBuddies. Default: none.
func WithPrediction(opts ...Option) PicturesOption {
	return func(pc *Pictures) { pc.predict = append(pc.predict, opts...) }
}

// NewPictures returns a solver for picture puzzles with missing pieces.
func NewPictures(opts ...PicturesOption) *Pictures {
	pc := &Pictures{layouts: 20000}
	for _, o := range opts {
		if o != nil {
			o(pc)
		}
	}
	if pc.placer == nil {
		pc.placer = greedy.New()
	}
	return pc
}

var _ solve.Solver = (*Pictures)(nil)

// Solve lays the picture with the placer, predicts the holes and moves the
// placer's holes to the layout the joins favour. The problem's scorer is
// best an edge.Compatibility (an edge.Table or edge.Sparse); a nil scorer
// on a picture puzzle is priced by the default table, as solve.Start
// builds it, and any other scorer is ranked through
// edge.NewScorerCompatibility. The result's status is the placer's.
func (pc *Pictures) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	if run.Done() {
		return run.Finish(solve.Canceled)
	}
	pz := run.Problem().Puzzle
	comp, err := compatibility(pz, run.Problem().Scorer)
	if err != nil {
		return nil, err
	}
	set := run.Settings()
	res, err := pc.placer.Solve(ctx, solve.Problem{Puzzle: pz, Scorer: comp},
		solve.WithSeed(set.Seed), solve.WithMaxIterations(set.MaxIterations), solve.WithWorkers(set.Workers))
	if err != nil {
		return nil, err
	}
	addStats(&run.Stats, res.Stats)
	b := res.Board
	run.Fallback(b)
	if b.Placed() < len(pz.Pieces) {
		// A partial board, from a placer stopped early: its empty cells
		// are not the holes, and it prices low for the joins it lacks,
		// so it stays the fallback and is never offered (an empty
		// board would cost 0 and count as solved).
		return run.Finish(res.Status)
	}
	if res.Status == solve.Canceled || run.Done() || pz.Missing() == 0 {
		// Nothing to weigh: no holes, or no time to weigh them.
		run.Offer(b, edge.Cost(run.Problem().Scorer, b))
		return run.Finish(res.Status)
	}
	pred, err := PredictBuddies(pz, comp, pc.predict...)
	if err != nil {
		return nil, err
	}
	w := newWeigher(comp, pz, b)
	best := w.weigh(b)
	for _, f := range pred.Frames {
		cells := holeCells(b, f)
		ok := forLayouts(len(cells), pz.Missing(), func(pick []int) bool {
			if run.Stats.Restarts >= int64(pc.layouts) || run.Done() {
				return false
			}
			run.Stats.Restarts++
			holes := make([]puzzle.Cell, len(pick))
			for i, j := range pick {
				holes[i] = cells[j]
			}
			if nb, d, moved := w.relocate(holes); moved && d < best.doubt-margin {
				best = weighed{board: nb, doubt: d}
			}
			return true
		})
		if !ok {
			break
		}
	}
	run.Offer(best.board, edge.Cost(run.Problem().Scorer, best.board))
	return run.Finish(res.Status)
}

// compatibility ranks partners for s, as the greedy placer does.
func compatibility(p *puzzle.Puzzle, s edge.Scorer) (edge.Compatibility, error) {
	switch sc := s.(type) {
	case edge.Compatibility:
		return sc, nil
	case *edge.Labels:
		return edge.NewLabelCompatibility(p)
	}
	return edge.NewScorerCompatibility(p, s)
}

func addStats(dst *solve.Stats, s solve.Stats) {
	dst.Iterations += s.Iterations
	dst.Evaluations += s.Evaluations
	dst.Nodes += s.Nodes
	dst.Backtracks += s.Backtracks
	dst.Restarts += s.Restarts
}

// holeCells returns the cells a layout may use under frame f: the frame's
// candidates and the board's empty cells, row-major, each once.
func holeCells(b *puzzle.Board, f Frame) []puzzle.Cell {
	var out []puzzle.Cell
	for _, c := range f.Candidates {
		out = append(out, c.Cell)
	}
	for i, pl := range b.Cells {
		if pl.IsEmpty() {
			out = append(out, b.CellAt(i))
		}
	}
	slices.SortFunc(out, cellCmp)
	return slices.Compact(out)
}

// forLayouts calls f with every k-subset of 0..n-1, ascending, until f
// returns false, and reports whether it went through them all.
func forLayouts(n, k int, f func(pick []int) bool) bool {
	pick := make([]int, k)
	var rec func(from, depth int) bool
	rec = func(from, depth int) bool {
		if depth == k {
			return f(pick)
		}
		for i := from; i <= n-(k-depth); i++ {
			pick[depth] = i
			if !rec(i+1, depth+1) {
				return false
			}
		}
		return true
	}
	return rec(0, 0)
}

// margin is how much less doubt a layout must leave than the placer's
// board for Pictures to move the holes: one join's worth, so that the
// noise of a few joins in a plain region does not move a hole the placer
// got right, while a piece taken out of a hole it filled, whose joins
// there are all strange, clears it.
const margin = 1

type weighed struct {
	board *puzzle.Board
	doubt float64
}

// weigher judges a placer's board and the boards that move its holes.
type weigher struct {
	comp    edge.Compatibility
	p       *puzzle.Puzzle
	base    *puzzle.Board
	total   float64
	buddies []int32
	second  []float64
	turns   []puzzle.Rotation
	// typical is the mean doubt of the base's joins.
	typical float64
	// work is a scratch board that holds base between relocations.
	work *puzzle.Board
}

func newWeigher(comp edge.Compatibility, p *puzzle.Puzzle, b *puzzle.Board) *weigher {
	w := &weigher{comp: comp, p: p, base: b, buddies: edge.BestBuddies(comp), second: make([]float64, 4*comp.Pieces()),
		turns: p.Turns(), work: b.Clone()}
	for i := range w.second {
		best := comp.Best(i)
		switch {
		case len(best) >= 2:
			w.second[i] = float64(best[1].Cost)
		case len(best) == 1:
			w.second[i] = float64(best[0].Cost)
		default:
			w.second[i] = math.Inf(1)
		}
	}
	// A join that a layout removes is unknown, not free: each join
	// counts by how much more it is in doubt than the base's joins are
	// on average, so that layouts with fewer joins gain nothing by it.
	all, joins := w.weigh(b).doubt, 0
	for i, a := range b.Cells {
		c := b.CellAt(i)
		for _, side := range [2]puzzle.Side{puzzle.Right, puzzle.Bottom} {
			if n := c.Neighbour(side); !a.IsEmpty() && b.In(n) && !b.At(n).IsEmpty() {
				joins++
			}
		}
	}
	if joins > 0 {
		w.typical = all / float64(joins)
	}
	w.total = w.weigh(b).doubt
	return w
}

// weigh sums the doubt of every join of b.
func (w *weigher) weigh(b *puzzle.Board) weighed {
	var s float64
	for i, a := range b.Cells {
		if a.IsEmpty() {
			continue
		}
		c := b.CellAt(i)
		for _, side := range [2]puzzle.Side{puzzle.Right, puzzle.Bottom} {
			n := c.Neighbour(side)
			if !b.In(n) {
				continue
			}
			if o := b.At(n); !o.IsEmpty() {
				s += w.join(a, side, o)
			}
		}
	}
	return weighed{board: b, doubt: s}
}

// compat is Paikin and Tal's compatibility of side i with side j: 1 less
// the join's cost over i's second-best cost.
func (w *weigher) compat(i, j int) float64 {
	sec := w.second[i]
	if sec <= 0 || math.IsInf(sec, 1) {
		if w.comp.Join(i, j) <= 0 {
			return 1
		}
		return 0
	}
	return 1 - w.comp.Join(i, j)/sec
}

// join returns the doubt of placement o on side s of placement a: 1 for
// a join no better than either side's second-best partner, less as the
// join stands out, and at least 0, so that joins weigh alike however a
// measure spreads its costs; less the base's mean doubt (typical).
func (w *weigher) join(a puzzle.Placement, s puzzle.Side, o puzzle.Placement) float64 {
	i := 4*int(a.Piece) + int(a.Rotation.Source(s))
	j := 4*int(o.Piece) + int(o.Rotation.Source(s.Opposite()))
	return min(1, max(0, 1-(w.compat(i, j)+w.compat(j, i))/2)) - w.typical
}

// local sums the doubt of the joins of the cells in cells on board b,
// each join once.
func (w *weigher) local(b *puzzle.Board, cells []puzzle.Cell) float64 {
	var s float64
	for k, c := range cells {
		a := b.At(c)
		if a.IsEmpty() {
			continue
		}
		for _, side := range puzzle.Sides {
			n := c.Neighbour(side)
			if !b.In(n) {
				continue
			}
			o := b.At(n)
			if o.IsEmpty() || slices.Contains(cells[:k], n) {
				continue
			}
			s += w.join(a, side, o)
		}
	}
	return s
}

// relocate returns the base board with its holes moved to holes: the
// pieces in holes go into the base's empty cells that holes leave, in the
// assignment and turns that join them best. moved is false when holes are
// the base's own.
func (w *weigher) relocate(holes []puzzle.Cell) (b *puzzle.Board, doubt float64, moved bool) {
	var from, to []puzzle.Cell
	for _, h := range holes {
		if !w.base.At(h).IsEmpty() {
			from = append(from, h)
		}
	}
	for i, pl := range w.base.Cells {
		if c := w.base.CellAt(i); pl.IsEmpty() && !slices.Contains(holes, c) {
			to = append(to, c)
		}
	}
	if len(from) == 0 || len(from) != len(to) {
		return nil, 0, false
	}
	b = w.work
	copy(b.Cells, w.base.Cells)
	before := w.local(b, from)
	pieces := make([]puzzle.PieceID, len(from))
	for i, c := range from {
		pieces[i] = b.At(c).Piece
		b.Set(c, puzzle.Empty)
	}
	// The best assignment of the moved pieces to the cells they fill, by
	// trying every order when few move and placing them one by one, each
	// where it joins best, otherwise.
	bestD, bestPl := math.Inf(1), make([]puzzle.Placement, len(to))
	if len(pieces) <= 3 {
		perm := slices.Clone(pieces)
		permute(perm, 0, func() {
			d, pls := w.place(b, to, perm)
			if d < bestD {
				bestD = d
				copy(bestPl, pls)
			}
		})
	} else {
		_, bestPl = w.place(b, to, pieces)
	}
	for i, c := range to {
		b.Set(c, bestPl[i])
	}
	return b.Clone(), w.total - before + w.local(b, to), true
}

// place puts pieces[i] into cells[i], each in its best turn given those
// placed before it, and returns the doubt of their joins and the
// placements; it leaves the cells empty.
func (w *weigher) place(b *puzzle.Board, cells []puzzle.Cell, pieces []puzzle.PieceID) (float64, []puzzle.Placement) {
	out := make([]puzzle.Placement, len(cells))
	for i, c := range cells {
		var best float64
		for k, t := range w.turns {
			pl := puzzle.Placement{Piece: pieces[i], Rotation: t}
			b.Set(c, pl)
			if d := w.local(b, cells[i:i+1]); k == 0 || d < best {
				best, out[i] = d, pl
			}
		}
		b.Set(c, out[i])
	}
	total := w.local(b, cells)
	for _, c := range cells {
		b.Set(c, puzzle.Empty)
	}
	return total, out
}

// permute calls f with every order of x[from:].
func permute(x []puzzle.PieceID, from int, f func()) {
	if from == len(x) {
		f()
		return
	}
	for i := from; i < len(x); i++ {
		x[from], x[i] = x[i], x[from]
		permute(x, from+1, f)
		x[from], x[i] = x[i], x[from]
	}
}
