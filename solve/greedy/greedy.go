package greedy

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Option configures a Solver.
type Option func(*Solver)

// WithBuddyFirst sets whether candidates that are best buddies of every
// placed neighbour are placed before all others, as Paikin and Tal do.
// Without it candidates are ranked by compatibility alone. Default: true.
func WithBuddyFirst(on bool) Option { return func(s *Solver) { s.buddyFirst = on } }

// WithRepair sets the most passes of the repair that follows placement:
// each pass offers every cell the best partners of its neighbours in
// exchange for its piece, keeping the exchanges that lower the cost. 0
// turns the repair off. Default: 20.
func WithRepair(passes int) Option { return func(s *Solver) { s.repairPasses = max(passes, 0) } }

// WithStarts sets how many distinct first pieces to grow the picture from,
// the most distinctive first; the board of lowest cost wins. More starts
// cost proportionally more time and guard against a start in a misleading
// region; more starts than pieces count as one per piece. Default: 1.
func WithStarts(n int) Option { return func(s *Solver) { s.starts = max(n, 1) } }

// WithSegments sets how many times to re-grow the picture from the
// largest region whose joins are all between best buddies, after placement
// and repair; each round keeps that region and places every other piece
// again around it, and the rounds stop once the region stops growing. 0
// turns it off. Default: 3.
func WithSegments(rounds int) Option { return func(s *Solver) { s.segmentRounds = max(rounds, 0) } }

// WithExchanges turns the last stage on or off: the exchange of the
// pieces of every two cells, in every turn, wherever that lowers the
// board's cost (see the package doc). It weighs every pair, so a board it
// changes is cheaper under the problem's measure, and only as good as the
// measure: on the benchmark photographs it made one more perfect (McGill
// 3) and lost none, but on a document's grids (examples/shreds, whose
// measure prices several wrong layouts below the true one) the mean
// neighbour accuracy fell from 0.812 to 0.805 (D1) and from 0.888 to
// 0.866 (D2), so that program turns it off. WithRefine(0) turns it off
// too. Default: on.
func WithExchanges(on bool) Option { return func(s *Solver) { s.exchanges = on } }

// WithRefine sets the most passes of the refinement that ends a run.
// Each pass moves whole segments (regions whose joins best buddies on
// closed loops vouch for) and small blocks of up to 3×3 pieces against
// their rim pieces' best partners, and tries the cyclic shifts of the
// board by one row or column, keeping each move that lowers the cost; the
// passes stop when one moves nothing. The run's best board, unless it has
// holes, then has rectangles of its pieces shifted cyclically by up to two
// cells along their rows or columns while that lowers the problem's cost,
// in as many looks again at most. 0 turns both off. Default: 20.
func WithRefine(passes int) Option { return func(s *Solver) { s.refinePasses = max(passes, 0) } }

// WithStrays sets whether, for a puzzle that allows extra pieces
// (Puzzle.AllowExtra), the run ends by taking out the placed pieces no
// neighbour vouches for: a piece with at least two placed neighbours, none
// of them a best buddy, and every join no better than the second-best
// partner of one side at least (Paikin and Tal leave such pieces for last; here
// they are left out). Their cells become holes and the pieces are
// reported unplaced. Fragments of another picture mixed in are found this
// way, and so are pieces whose true cell is taken; a cell is never given a
// piece that does not fit it merely because the cell is free. Default:
// off, every cell the pieces can fill is filled.
func WithStrays(on bool) Option { return func(s *Solver) { s.strays = on } }

// WithUnknownSize grows the picture without bounding its extent by the
// board, for fragments whose picture's size is not known: give the puzzle a
// board large enough for any likely shape (the picture floats within a
// board's extent in every direction; pieces that end up off the board are
// placed in its empty cells), and judge the result with shift-tolerant
// metrics, since the picture lands at the board's top-left corner.
// Default: off, the board's size bounds the picture.
func WithUnknownSize() Option { return func(s *Solver) { s.unknownSize = true } }

// WithAlternatives adds compatibilities of the same puzzle priced by other
// measures (edge.Prediction, say, beside the problem's MGC). After the run
// under the problem's compatibilities, the picture is grown, repaired and
// re-grown under each alternative as a run of its own would (its boards
// judged by its own measure), and the result is offered to the run at the
// price the problem's scorer gives it; when the problem's measure finds it
// the cheapest board yet, the refinement under the problem's measure takes
// it on. The run keeps whichever board the problem's own measure finds
// cheapest. Measures are fooled by different impostors. On the 972-piece
// raccoon photograph with orientation unknown, MGC's own growth reaches
// neighbour 0.82 (fur and leaves turned a quarter fit on), the growth
// under the prediction measure is right, and MGC prices that board 25
// times lower than its own. Each alternative costs about one more run. A
// compatibility built for another puzzle, or one that prices no turned
// joins when the pieces turn, is an error. Default: none.
func WithAlternatives(comps ...edge.Compatibility) Option {
	return func(s *Solver) { s.alternatives = append([]edge.Compatibility(nil), comps...) }
}

// Solver is a greedy placer for picture puzzles in the manner of Paikin and
// Tal (2015): it starts from a distinctive piece and grows the picture one
// piece at a time, always placing the candidate it is most confident of,
// preferring best buddies. It works with known orientation (Type 1) and
// unknown orientation (Type 2, when the puzzle's pieces may rotate), leaves
// holes when the puzzle has fewer pieces than cells and reports the pieces
// left over when it has more.
//
// The placed region floats while it grows: only its extent is bounded by
// the board (in either orientation for Type 2), so the first piece need not
// know where it belongs. Repair, re-growth from the trusted region and the
// refinement by segment moves follow (see the package doc).
//
// The problem's scorer is best an edge.Compatibility (an edge.Table or
// edge.Sparse), which ranks partners; label puzzles are ranked by their
// labels, and any other scorer through edge.NewScorerCompatibility, which
// prices every join once (quadratic in the pieces).
// The solver is deterministic: without WithEvolution it makes no use of
// randomness, and with it the run's seed decides. Stats.Iterations counts
// placements, exchanges and moves tried, and the GA runs' generations.
type Solver struct {
	buddyFirst    bool
	repairPasses  int
	starts        int
	unknownSize   bool
	segmentRounds int
	refinePasses  int
	strays        bool
	alternatives  []edge.Compatibility
	evolution     int
	patience      int
	exchanges     bool
}

// New returns a greedy placer configured by opts; nil options are skipped.
func New(opts ...Option) *Solver {
	s := &Solver{buddyFirst: true, repairPasses: 20, starts: 1, segmentRounds: 3, refinePasses: 20, exchanges: true, patience: evolutionConvergence}
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	return s
}

var _ solve.Solver = (*Solver)(nil)

// Solve places the pieces.
func (s *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	if run.Done() {
		// Cancelled before anything was priced.
		return run.Finish(solve.Canceled)
	}
	var comp edge.Compatibility
	switch sc := run.Problem().Scorer.(type) {
	case edge.Compatibility:
		comp = sc
	case *edge.Labels:
		if comp, err = edge.NewLabelCompatibility(run.Problem().Puzzle); err != nil {
			return nil, err
		}
	default:
		if comp, err = edge.NewScorerCompatibility(run.Problem().Puzzle, sc); err != nil {
			return nil, err
		}
	}
	if comp.Pieces() != len(run.Problem().Puzzle.Pieces) {
		return nil, errors.New("greedy: the compatibility table was built for another puzzle")
	}
	pz := run.Problem().Puzzle
	for k, alt := range s.alternatives {
		switch {
		case alt == nil:
			return nil, fmt.Errorf("greedy: alternative compatibility %d is nil", k)
		case alt.Pieces() != len(pz.Pieces):
			return nil, fmt.Errorf("greedy: alternative compatibility %d was built for %d pieces, the puzzle has %d", k, alt.Pieces(), len(pz.Pieces))
		case pz.Rotatable && !alt.Rotatable():
			return nil, fmt.Errorf("greedy: alternative compatibility %d does not price turned pieces, and the puzzle's pieces turn", k)
		}
	}
	rk := newRanks(comp)
	price := func(b *puzzle.Board) float64 { return edge.Cost(rk.comp, b) }
	own := &keeper{run: run, price: price, own: true}
	ev := s.newEvolution(ctx, run)
	if ev != nil {
		defer ev.stop()
		ev.early()
	}
	if b := s.warmStart(run, rk); b != nil {
		// The initial board is kept if nothing beats it, and grown
		// again from its trusted region.
		run.Fallback(b.Clone())
		if own.offer(b.Clone()) {
			s.improve(run, rk, own, b)
		}
	} else {
		s.assemble(run, rk, own)
	}
	s.refine(run, rk, own)
	for _, alt := range s.alternatives {
		if run.Done() {
			break
		}
		// The alternative's placement, repair and re-growth run as
		// a solve under its own measure would, and only their result
		// is offered: the boards on the way are judged by the measure
		// that built them, since the problem's measure would take a
		// half-built board that happens to price low over its own
		// finished one.
		ark := newRanks(alt)
		k := &keeper{run: run, price: func(b *puzzle.Board) float64 { return edge.Cost(ark.comp, b) }}
		s.assemble(run, ark, k)
		if k.best != nil && run.Offer(k.best, price(k.best)) {
			if b, _ := run.Best(); b != nil && b.Equal(k.best) {
				// The alternative's board won: the refinement
				// under the problem's measure takes it on.
				s.refine(run, rk, own)
			}
		}
	}
	if ev != nil {
		if err := ev.finishRounds(price); err != nil {
			return nil, err
		}
	}
	if best, _ := run.Best(); best != nil && s.refinePasses > 0 && !run.Done() {
		b := best.Clone()
		if s.shiftBands(run, rk, b) > 0 {
			run.Offer(b, price(b))
		}
	}
	if best, _ := run.Best(); best != nil && s.refinePasses > 0 && s.exchanges && !run.Done() {
		b := best.Clone()
		if s.exchangeAll(run, rk, b) > 0 {
			run.Offer(b, price(b))
		}
	}
	if best, _ := run.Best(); best != nil && s.strays && run.Problem().Puzzle.AllowExtra && !run.Done() {
		b := best.Clone()
		if takeOutStrays(rk, run.Problem().Puzzle, b) > 0 {
			// Fewer joins cost less, and pieces back in their cells
			// cost less than strangers: the run takes this board.
			run.Offer(b, price(b))
		}
	}
	return run.Finish(solve.Done)
}

// takeOutStrays empties the cells of b whose pieces no neighbour vouches
// for (see WithStrays), then gives each piece taken out the empty cell
// whose every placed neighbour, two at least, vouches for it, if there is
// one: a piece pushed out of its cell by a stranger finds it again once
// the stranger is gone. It reports how many pieces it took out, whether or
// not they went back.
// All pieces are judged on the board as it was, so that two strays side by
// side are both found.
func takeOutStrays(rk *ranks, p *puzzle.Puzzle, b *puzzle.Board) int {
	fixed := make(map[int]bool, len(p.Fixed))
	for _, f := range p.Fixed {
		fixed[b.Index(f.Cell)] = true
	}
	// vouches counts the placed neighbours of cell i that vouch for
	// placement a there, and the neighbours there are.
	vouches := func(i int, a puzzle.Placement) (vouched, neighbours int) {
		c := b.CellAt(i)
		for _, s := range puzzle.Sides {
			o := b.At(c.Neighbour(s))
			if o.IsEmpty() {
				continue
			}
			neighbours++
			x, y := sideIndex(a, s), sideIndex(o, s.Opposite())
			if rk.buddies[x] == int32(y) || rk.compat(x, y) > 0 && rk.compat(y, x) > 0 {
				vouched++
			}
		}
		return vouched, neighbours
	}
	var strays []int
	for i, a := range b.Cells {
		if a.IsEmpty() || fixed[i] {
			continue
		}
		if v, n := vouches(i, a); n >= 2 && v == 0 {
			strays = append(strays, i)
		}
	}
	taken := make([]puzzle.PieceID, len(strays))
	for k, i := range strays {
		taken[k] = b.Cells[i].Piece
		b.Cells[i] = puzzle.Empty
	}
	for _, id := range taken {
		for i := range b.Cells {
			if !b.Cells[i].IsEmpty() || fixed[i] {
				continue
			}
			for _, r := range p.Turns() {
				a := puzzle.Placement{Piece: id, Rotation: r}
				if v, n := vouches(i, a); n >= 2 && v == n {
					b.Cells[i] = a
					break
				}
			}
			if !b.Cells[i].IsEmpty() {
				break
			}
		}
	}
	return len(taken)
}

// start is where one growth begins: a first piece, and for a rotatable
// puzzle on an oblong board which way round the picture is to lie in the
// grid.
type start struct {
	piece  puzzle.PieceID
	across int8
}

// startsFor lists the growths a run makes. When pieces turn and the board
// is oblong, the picture may grow either way round relative to its first
// piece; a growth free to take either shape commits to one by chance, and
// once a few wrong pieces widen it the other way it can no longer hold the
// picture, which then grows broken. So each first piece grows twice, once
// held to the board's shape and once to the shape across it, and the
// cheaper board wins.
func (s *Solver) startsFor(rk *ranks, p *puzzle.Puzzle) []start {
	var out []start
	both := p.Rotatable && p.Rows != p.Cols && len(p.Fixed) == 0 && !s.unknownSize
	for _, first := range rk.starts(s.starts) {
		if both {
			out = append(out, start{first, alongBoard}, start{first, acrossBoard})
		} else {
			out = append(out, start{piece: first})
		}
	}
	return out
}

// The shapes a growth may take on an oblong board.
const (
	eitherWay   int8 = iota // the board's shape or the one across it
	alongBoard              // rows × cols
	acrossBoard             // cols × rows, stood up at the end
)

// placer is one run: a floating grid with the placed pieces, and a queue of
// the best candidate for each open slot.
type placer struct {
	s    *Solver
	run  *solve.Run
	comp edge.Compatibility
	p    *puzzle.Puzzle
	rot  bool

	// The grid is large enough for the region to float anywhere: gh
	// rows of gw cells, the first piece in the middle.
	gh, gw int
	grid   []puzzle.Placement
	used   []bool
	left   int // pieces still to place
	cells  int // cells the region may still fill

	minR, maxR, minC, maxC int // extent of the placed region

	// anchored: the puzzle has fixed pieces, so the board's place in the
	// grid is known (cell (0,0) at grid (0,0)) and the region cannot float.
	anchored bool
	// across is the shape the region may take (eitherWay, alongBoard,
	// acrossBoard).
	across int8

	*ranks

	queue   candidates
	version []uint32 // per grid cell, bumped when a neighbour is placed
}

// ranks holds what every start shares: each side's second-best cost and
// best buddy.
type ranks struct {
	comp    edge.Compatibility
	second  []float64
	buddies []int32
	// lazy: comp prices a join missing from both sides' partner lists
	// afresh (edge.Sparse), which repairs and refinements on large
	// boards would otherwise do millions of times; last holds each
	// side's dearest listed partner, a floor on every other join.
	lazy bool
	last []float64
	// atLeast is comp when it can rule a join out without pricing it in
	// full (edge.Sparse).
	atLeast boundedJoins
	// cache keeps joins priced afresh, direct-mapped by the pair's
	// hash: the repair and the refinement price the same few joins
	// around a cell again for every move they try.
	cache      []cachedJoin
	cacheShift uint // 64 less the bits of cache's length
	// logScaled: comp prices joins on the log scale of its measure
	// (edge.Log), which suits the sum of a board's joins; second and
	// the compatibilities, ratios of costs, are on the measure's own
	// scale, where Paikin and Tal defined them.
	logScaled bool
	logSecond []float64 // second as comp prices it, when logScaled
}

// boundedJoins is a compatibility that prices a join only as far as a
// bound needs (edge.Sparse.JoinAtLeast).
type boundedJoins interface {
	JoinAtLeast(i, j int, bound float64) float64
}

// cachedJoin is one entry of ranks.cache: the sides i < j packed in key
// (0 for an empty entry, since a side never joins itself).
type cachedJoin struct {
	key  uint64
	cost float64
}

// A lazy compatibility's join cache has about 256 entries a side, 1<<
// joinCacheBits (64 MiB) at most: a document's grid of 49 pieces, or each
// short GA run's finish on it, needs 1 MiB, not 64.
const joinCacheBits = 22

func newRanks(comp edge.Compatibility) *ranks {
	_, dense := comp.(*edge.Table)
	rk := &ranks{comp: comp, buddies: edge.BestBuddies(comp), second: make([]float64, 4*comp.Pieces()), lazy: !dense}
	if rk.lazy {
		rk.atLeast, _ = comp.(boundedJoins)
		n := min(joinCacheBits, max(12, bits.Len(uint(len(rk.second)))+8))
		rk.cache, rk.cacheShift = make([]cachedJoin, 1<<n), uint(64-n)
		rk.last = make([]float64, len(rk.second))
		for i := range rk.last {
			if best := comp.Best(i); len(best) > 0 {
				rk.last[i] = float64(best[len(best)-1].Cost)
			}
		}
	}
	if ls, ok := comp.(interface{ LogScaled() bool }); ok {
		rk.logScaled = ls.LogScaled()
	}
	if rk.logScaled {
		rk.logSecond = make([]float64, len(rk.second))
	}
	for i := range rk.second {
		best := comp.Best(i)
		switch {
		case len(best) >= 2:
			rk.second[i] = float64(best[1].Cost)
		case len(best) == 1:
			rk.second[i] = float64(best[0].Cost)
		default:
			rk.second[i] = math.Inf(1)
		}
		if rk.logScaled {
			rk.logSecond[i] = rk.second[i]
			rk.second[i] = math.Expm1(rk.second[i])
		}
	}
	return rk
}

func newPlacer(s *Solver, run *solve.Run, rk *ranks) *placer {
	comp := rk.comp
	p := run.Problem().Puzzle
	// The grid lets the region float a board's extent in any direction.
	// When pieces may turn, the picture may lie either way, so both
	// sides take the board's longer one.
	h, w := 2*p.Rows+1, 2*p.Cols+1
	if p.Rotatable {
		h = 2*max(p.Rows, p.Cols) + 1
		w = h
	}
	pl := &placer{
		s: s, run: run, comp: comp, p: p, rot: p.Rotatable,
		gh:       h,
		gw:       w,
		grid:     make([]puzzle.Placement, h*w),
		used:     make([]bool, len(p.Pieces)),
		left:     len(p.Pieces),
		cells:    p.Cells(),
		version:  make([]uint32, h*w),
		ranks:    rk,
		anchored: len(p.Fixed) > 0,
	}
	for i := range pl.grid {
		pl.grid[i] = puzzle.Empty
	}
	return pl
}

// compat is Paikin and Tal's compatibility of side i with side j: 1 minus
// the join's cost over i's second-best cost, near 1 for a join far better
// than any alternative, 0 or less for an ordinary one.
func (rk *ranks) compat(i, j int) float64 { return rk.compatAt(i, rk.join(i, j)) }

// compatAt is compat for a join known to cost d.
func (rk *ranks) compatAt(i int, d float64) float64 {
	if rk.logScaled {
		d = math.Expm1(d)
	}
	return rk.linearCompat(i, d)
}

// linearCompat is compat for a join that costs d on the measure's own
// scale.
func (rk *ranks) linearCompat(i int, d float64) float64 {
	sec := rk.second[i]
	if sec <= 0 || math.IsInf(sec, 1) {
		if d <= 0 {
			return 1
		}
		return 0
	}
	return 1 - d/sec
}

// join is comp.Join, through the cache when comp prices joins afresh.
// Joins are symmetric, so a pair is cached once.
func (rk *ranks) join(i, j int) float64 {
	if rk.cache == nil {
		return rk.comp.Join(i, j)
	}
	e, key := rk.cached(i, j)
	if e.key == key {
		return e.cost
	}
	d := rk.comp.Join(i, j)
	e.key, e.cost = key, d
	return d
}

// cached returns the cache entry of the join of sides i and j, and the key
// it holds when it holds that join.
func (rk *ranks) cached(i, j int) (*cachedJoin, uint64) {
	a, b := uint64(min(i, j)), uint64(max(i, j))
	key := a<<32 | b
	return &rk.cache[(key*0x9e3779b97f4a7c15)>>rk.cacheShift], key
}

// joinAtLeast returns J(i, j), or a value of at least bound that the join
// is known to reach when pricing it would take a fresh measurement: a join
// listed among neither side's best partners costs at least the dearer of
// the two sides' last listed partners. Callers that cap a join's price at
// bound lose nothing.
func (rk *ranks) joinAtLeast(i, j int, bound float64) float64 {
	if !rk.lazy {
		return rk.comp.Join(i, j)
	}
	if floor := max(rk.last[i], rk.last[j]); floor >= bound {
		if d, ok := rk.listed(i, j); ok {
			return d
		}
		if d, ok := rk.listed(j, i); ok {
			return d
		}
		return floor
	}
	if rk.atLeast != nil {
		e, key := rk.cached(i, j)
		if e.key == key {
			return e.cost
		}
		d := rk.atLeast.JoinAtLeast(i, j, bound)
		if d < bound {
			e.key, e.cost = key, d
		}
		return d
	}
	return rk.join(i, j)
}

// joinFloor returns a lower bound of J(i, j) found without pricing the
// join afresh: its cost when listed or cached.
func (rk *ranks) joinFloor(i, j int) float64 {
	if !rk.lazy {
		return rk.comp.Join(i, j)
	}
	if d, ok := rk.listed(i, j); ok {
		return d
	}
	if d, ok := rk.listed(j, i); ok {
		return d
	}
	if e, key := rk.cached(i, j); e.key == key {
		return e.cost
	}
	floor := max(rk.last[i], rk.last[j])
	if rk.atLeast != nil {
		floor = max(floor, rk.atLeast.JoinAtLeast(i, j, 0))
	}
	return floor
}

// listed returns the cost of the join of sides i and j if side j is among
// side i's ranked partners, the cheapest of all: any other partner costs
// at least the last listed.
func (rk *ranks) listed(i, j int) (float64, bool) {
	for _, m := range rk.comp.Best(i) {
		if int(m.Side) == j {
			return float64(m.Cost), true
		}
	}
	return 0, false
}

// mutual is the compatibility of a join seen from both sides.
func (rk *ranks) mutual(i, j int) float64 { return (rk.compat(i, j) + rk.compat(j, i)) / 2 }

func (pl *placer) at(r, c int) puzzle.Placement { return pl.grid[r*pl.gw+c] }

// sideIndex is the side of placement a that shows on board side s.
func sideIndex(a puzzle.Placement, s puzzle.Side) int {
	return 4*int(a.Piece) + int(a.Rotation.Source(s))
}

// place runs the greedy growth.
func (pl *placer) seed(first puzzle.PieceID) {
	if pl.anchored {
		f0 := pl.p.Fixed[0].Cell
		pl.minR, pl.maxR, pl.minC, pl.maxC = f0.Row, f0.Row, f0.Col, f0.Col
		for _, f := range pl.p.Fixed {
			pl.put(f.Cell.Row, f.Cell.Col, f.Placement)
		}
		return
	}
	mr, mc := pl.gh/2, pl.gw/2
	pl.minR, pl.maxR, pl.minC, pl.maxC = mr, mr, mc, mc
	pl.put(mr, mc, puzzle.Placement{Piece: first})
}

// seedRegion starts from the given cells of board b, kept as they lie
// (and the puzzle's fixed pieces, which such a region always holds when
// there are any, since they anchor the growth).
func (pl *placer) seedRegion(b *puzzle.Board, cells []int) {
	if pl.anchored {
		pl.seed(0)
		for _, i := range cells {
			c := b.CellAt(i)
			if pl.at(c.Row, c.Col).IsEmpty() {
				pl.put(c.Row, c.Col, b.Cells[i])
			}
		}
		return
	}
	minR, minC := b.Rows, b.Cols
	for _, i := range cells {
		c := b.CellAt(i)
		minR, minC = min(minR, c.Row), min(minC, c.Col)
	}
	// Leave room for the region to grow a board's extent in any
	// direction: the grid is twice that plus one.
	offR, offC := (pl.gh-1)/2, (pl.gw-1)/2
	first := b.CellAt(cells[0])
	pl.minR, pl.maxR = offR+first.Row-minR, offR+first.Row-minR
	pl.minC, pl.maxC = offC+first.Col-minC, offC+first.Col-minC
	for _, i := range cells {
		c := b.CellAt(i)
		pl.put(offR+c.Row-minR, offC+c.Col-minC, b.Cells[i])
	}
}

// grow places pieces, the most confident first, until none is left, the
// board is full or the run must end.
func (pl *placer) grow() {
	for pl.left > 0 && pl.cells > 0 {
		// A placement reprices the neighbourhood it fills, which on a
		// large board outlasts Step's polling of the context.
		if !pl.run.Step() || pl.run.Done() {
			return
		}
		c, ok := pl.next()
		if !ok {
			return
		}
		pl.put(c.r, c.c, c.pl)
	}
}

// starts returns the n pieces to start from: those whose sides have
// the most best buddies, and among those the most confident ones, so that
// growth starts in a distinctive region of the picture.
func (rk *ranks) starts(n int) []puzzle.PieceID {
	type ranked struct {
		id  int
		key float64
	}
	all := make([]ranked, rk.comp.Pieces())
	for id := range all {
		key := 0.0
		for s := range 4 {
			i := 4*id + s
			if j := rk.buddies[i]; j >= 0 {
				key += 10 + rk.mutual(i, int(j))
			}
		}
		all[id] = ranked{id, key}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].key > all[b].key })
	// More starts than pieces repeat nothing: cap before allocating.
	n = min(n, len(all))
	out := make([]puzzle.PieceID, 0, n)
	for _, r := range all[:n] {
		out = append(out, puzzle.PieceID(r.id))
	}
	return out
}

// put places a piece and queues the open slots around it.
func (pl *placer) put(r, c int, a puzzle.Placement) {
	pl.grid[r*pl.gw+c] = a
	pl.used[a.Piece] = true
	pl.left--
	pl.cells--
	pl.minR, pl.maxR = min(pl.minR, r), max(pl.maxR, r)
	pl.minC, pl.maxC = min(pl.minC, c), max(pl.maxC, c)
	for _, s := range puzzle.Sides {
		dr, dc := s.Step()
		nr, nc := r+dr, c+dc
		if nr < 0 || nc < 0 || nr >= pl.gh || nc >= pl.gw || !pl.at(nr, nc).IsEmpty() {
			continue
		}
		pl.version[nr*pl.gw+nc]++
		pl.offer(nr, nc)
	}
}

// fits reports whether a piece in grid cell (r, c) keeps the placed region
// within the board: rows × cols, or cols × rows when pieces rotate, since
// the picture's final orientation is then unknown.
func (pl *placer) fits(r, c int) bool {
	if pl.anchored {
		return r >= 0 && r < pl.p.Rows && c >= 0 && c < pl.p.Cols
	}
	if pl.s.unknownSize {
		return r >= 0 && c >= 0 && r < pl.gh && c < pl.gw
	}
	h := max(pl.maxR, r) - min(pl.minR, r) + 1
	w := max(pl.maxC, c) - min(pl.minC, c) + 1
	along := h <= pl.p.Rows && w <= pl.p.Cols
	across := pl.rot && h <= pl.p.Cols && w <= pl.p.Rows
	switch pl.across {
	case alongBoard:
		return along
	case acrossBoard:
		return across
	}
	return along || across
}

// offer finds the best candidate for slot (r, c) and queues it.
func (pl *placer) offer(r, c int) {
	if !pl.fits(r, c) {
		return
	}
	cand, ok := pl.bestFor(r, c)
	if !ok {
		return
	}
	heap.Push(&pl.queue, cand)
}

// next pops the most confident candidate that is still valid, re-pricing
// stale ones.
func (pl *placer) next() (candidate, bool) {
	for pl.queue.Len() > 0 {
		c := heap.Pop(&pl.queue).(candidate)
		idx := c.r*pl.gw + c.c
		if !pl.at(c.r, c.c).IsEmpty() || !pl.fits(c.r, c.c) {
			continue
		}
		if c.version != pl.version[idx] || pl.used[c.pl.Piece] {
			// The slot's neighbours changed or its piece went
			// elsewhere: price it again.
			pl.offer(c.r, c.c)
			continue
		}
		return c, true
	}
	return candidate{}, false
}

// bestFor returns the best placement for slot (r, c) among the ranked
// partners of its placed neighbours, or among all unplaced pieces when
// every ranked partner is taken.
func (pl *placer) bestFor(r, c int) (candidate, bool) {
	var nbr [4]int // side index of each placed neighbour facing the slot, or -1
	n := 0
	for _, s := range puzzle.Sides {
		nbr[s] = -1
		dr, dc := s.Step()
		nr, nc := r+dr, c+dc
		if nr < 0 || nc < 0 || nr >= pl.gh || nc >= pl.gw {
			continue
		}
		if o := pl.at(nr, nc); !o.IsEmpty() {
			nbr[s] = sideIndex(o, s.Opposite())
			n++
		}
	}
	if n == 0 {
		return candidate{}, false
	}
	best := candidate{r: r, c: c, version: pl.version[r*pl.gw+c], score: math.Inf(-1)}
	try := func(a puzzle.Placement) {
		if pl.lazy && !math.IsInf(best.score, -1) {
			// Joins priced afresh are dear: a candidate that cannot
			// beat the best so far, by its buddies or by the cheap
			// bounds of its joins, is passed over unpriced.
			if bud := pl.allBuddies(a, &nbr); bud != best.buddies {
				if !bud {
					return
				}
			} else if pl.priceBound(a, &nbr, n) <= best.score {
				return
			}
		}
		score, buddies := pl.price(a, &nbr, n)
		if better(buddies, score, best.buddies, best.score) {
			best.pl, best.score, best.buddies = a, score, buddies
		}
	}
	found := false
	for _, s := range puzzle.Sides {
		if nbr[s] < 0 {
			continue
		}
		for _, m := range pl.comp.Best(nbr[s]) {
			b := int(m.Side) / 4
			if pl.used[b] {
				continue
			}
			// Turn b so that its side m.Side shows on side s.
			rot := puzzle.Rotation((int(s) - int(m.Side)%4) & 3)
			if rot != 0 && !pl.rot {
				continue
			}
			found = true
			try(puzzle.Placement{Piece: puzzle.PieceID(b), Rotation: rot})
		}
	}
	if !found {
		for b, u := range pl.used {
			if u {
				continue
			}
			for _, rot := range pl.p.Turns() {
				try(puzzle.Placement{Piece: puzzle.PieceID(b), Rotation: rot})
			}
		}
	}
	return best, !math.IsInf(best.score, -1)
}

// allBuddies reports whether placement a is a best buddy of each of the
// slot's placed neighbours.
func (pl *placer) allBuddies(a puzzle.Placement, nbr *[4]int) bool {
	if !pl.s.buddyFirst {
		return false
	}
	for _, s := range puzzle.Sides {
		if j := nbr[s]; j >= 0 && pl.buddies[sideIndex(a, s)] != int32(j) {
			return false
		}
	}
	return true
}

// priceBound is at least price's score of placement a, from the cheapest
// lower bounds of its joins that are known: their exact costs when listed
// or cached.
func (pl *placer) priceBound(a puzzle.Placement, nbr *[4]int, n int) float64 {
	return pl.meanScore(a, nbr, n, true)
}

// price scores placement a against the slot's placed neighbours: the mean
// mutual compatibility raised by neighbourWeight for each neighbour, and
// whether a is a best buddy of all of them.
func (pl *placer) price(a puzzle.Placement, nbr *[4]int, n int) (float64, bool) {
	score := pl.meanScore(a, nbr, n, false)
	if math.IsInf(score, -1) {
		return score, false
	}
	return score, pl.allBuddies(a, nbr)
}

// meanScore is price's score, from the joins' lower bounds (joinFloor)
// when floor is set: -Inf when a join is impossible.
func (pl *placer) meanScore(a puzzle.Placement, nbr *[4]int, n int, floor bool) float64 {
	sum := 0.0
	for _, s := range puzzle.Sides {
		j := nbr[s]
		if j < 0 {
			continue
		}
		i := sideIndex(a, s)
		var d float64
		if floor {
			d = pl.joinFloor(i, j)
		} else {
			d = pl.join(i, j)
		}
		if math.IsInf(d, 1) {
			return math.Inf(-1)
		}
		sum += (pl.compatAt(i, d) + pl.compatAt(j, d)) / 2 // mutual(i, j)
	}
	return sum/float64(n) + neighbourWeight*float64(n)
}

// neighbourWeight is what each placed neighbour adds to a candidate's
// score. A slot closed on three sides is far better constrained than one
// open on three, and filling it first keeps the region compact; measured
// over the MIT and McGill sets, 0.3 (a third of the whole range of the
// mean compatibility) beat plain means (0) and neighbour-count-first
// (large weights) in both orientations.
const neighbourWeight = 0.3

func better(bud bool, score float64, bestBud bool, bestScore float64) bool {
	if bud != bestBud {
		return bud
	}
	return score > bestScore
}

// board lays the placed region on the puzzle's board, turned a quarter
// when it lies across, and the unplaced pieces into the cells left empty
// if there are pieces and cells for them.
func (pl *placer) board() *puzzle.Board {
	top, left := pl.minR, pl.minC
	if pl.anchored {
		top, left = 0, 0
	}
	h, w := pl.maxR-top+1, pl.maxC-left+1
	region := puzzle.NewBoard(h, w)
	for r := range h {
		for c := range w {
			region.Set(puzzle.Cell{Row: r, Col: c}, pl.at(top+r, left+c))
		}
	}
	if pl.rot && (h > pl.p.Rows || w > pl.p.Cols || pl.across == acrossBoard) && h <= pl.p.Cols && w <= pl.p.Rows {
		// The picture grew lying across the board: stand it up.
		region = region.Turn(1)
	}
	b := puzzle.NewBoard(pl.p.Rows, pl.p.Cols)
	for i, a := range region.Cells {
		c := region.CellAt(i)
		if b.In(c) {
			b.Set(c, a)
		}
	}
	// Pieces of a region too large for the board did not land: they are
	// the fill's to place.
	clear(pl.used)
	pl.left = len(pl.used)
	for _, a := range b.Cells {
		if !a.IsEmpty() {
			pl.used[a.Piece] = true
			pl.left--
		}
	}
	pl.fill(b)
	return b
}

// fill puts the pieces the growth could not place into the board's empty
// cells, each where it fits its placed neighbours best, keeping as many
// cells empty as the puzzle lacks pieces for.
func (pl *placer) fill(b *puzzle.Board) {
	toPlace := min(pl.left, b.Rows*b.Cols-b.Placed()-pl.p.Missing())
	if pl.run.Done() {
		// A stopped run must return at once: the pieces go into the
		// empty cells in order, unpriced.
		pl.fillInOrder(b, toPlace)
		return
	}
	for ; toPlace > 0; toPlace-- {
		if pl.run.Done() {
			pl.fillInOrder(b, toPlace)
			return
		}
		bestCell, bestPl, bestScore := -1, puzzle.Empty, math.Inf(-1)
		for i, a := range b.Cells {
			if !a.IsEmpty() {
				continue
			}
			cell := b.CellAt(i)
			var nbr [4]int
			n := 0
			for _, s := range puzzle.Sides {
				nbr[s] = -1
				if o := b.At(cell.Neighbour(s)); !o.IsEmpty() {
					nbr[s] = sideIndex(o, s.Opposite())
					n++
				}
			}
			for id, u := range pl.used {
				if u {
					continue
				}
				for _, rot := range pl.p.Turns() {
					a := puzzle.Placement{Piece: puzzle.PieceID(id), Rotation: rot}
					score := 0.0
					if n > 0 {
						score, _ = pl.price(a, &nbr, n)
					}
					if score > bestScore || bestCell < 0 {
						bestCell, bestPl, bestScore = i, a, score
					}
				}
			}
		}
		if bestCell < 0 {
			return
		}
		b.Cells[bestCell] = bestPl
		pl.used[bestPl.Piece] = true
		pl.left--
	}
}

// candidate is a piece proposed for a slot of the floating grid.
type candidate struct {
	r, c    int
	pl      puzzle.Placement
	score   float64
	buddies bool
	version uint32
}

// candidates is a max-queue: best buddies first, then the higher score,
// then the lower slot and piece for a deterministic order.
type candidates []candidate

func (q candidates) Len() int { return len(q) }
func (q candidates) Less(i, j int) bool {
	a, b := q[i], q[j]
	if a.buddies != b.buddies {
		return a.buddies
	}
	if a.score != b.score {
		return a.score > b.score
	}
	if a.r != b.r {
		return a.r < b.r
	}
	if a.c != b.c {
		return a.c < b.c
	}
	return a.pl.Piece < b.pl.Piece
}
func (q candidates) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *candidates) Push(x any)   { *q = append(*q, x.(candidate)) }
func (q *candidates) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// robust prices a join by how it compares with the two sides' second-best
// partners, capped, so that the repair weighs every join alike rather than
// chasing the few joins a heavy-tailed measure prices enormously.
type robust struct{ *ranks }

func (r robust) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	i, j := sideIndex(a, s), sideIndex(b, s.Opposite())
	if !r.logScaled {
		d := r.joinAtLeast(i, j, r.cappedAt(i, j))
		return min(2, 2-r.compatAt(i, d)-r.compatAt(j, d)) / 2
	}
	// A join dearer than both sides' second-best partners is capped:
	// most joins a repair weighs, told so without the exponential. A
	// lazy compatibility is given the cap itself, which spares pricing.
	top := max(r.logSecond[i], r.logSecond[j])
	if r.lazy {
		top = math.Log1p(r.cappedAt(i, j))
	}
	d := r.joinAtLeast(i, j, top)
	if d >= top && d > 0 {
		return 1
	}
	lin := math.Expm1(d)
	return min(2, 2-r.linearCompat(i, lin)-r.linearCompat(j, lin)) / 2
}

// cappedAt returns a cost, on the measure's own scale, from which the
// robust price of the join of sides i and j is 1, its cap: where the two
// compatibilities sum to 0 or less. A side with no usable second-best
// cost (0 or none) has compatibility 0 for every join dearer than 0.
func (rk *ranks) cappedAt(i, j int) float64 {
	usable := func(s float64) bool { return s > 0 && !math.IsInf(s, 1) }
	si, sj := rk.second[i], rk.second[j]
	switch {
	case usable(si) && usable(sj):
		return 2 / (1/si + 1/sj)
	case usable(si):
		return si
	case usable(sj):
		return sj
	}
	return math.SmallestNonzeroFloat64
}

// keeper takes the boards of one measure's pipeline: the run's for the
// problem's own measure, or else the cheapest under the pipeline's
// measure, kept aside.
type keeper struct {
	run   *solve.Run
	price func(*puzzle.Board) float64
	own   bool // the boards go to the run
	best  *puzzle.Board
	cost  float64
}

// offer takes b and reports whether the run goes on.
func (k *keeper) offer(b *puzzle.Board) bool {
	if k.own {
		return k.run.Offer(b, k.price(b))
	}
	if c := k.price(b); k.best == nil || c < k.cost {
		k.best, k.cost = b.Clone(), c
	}
	return !k.run.Done()
}

// bestBoard returns the cheapest board taken so far, or nil.
func (k *keeper) bestBoard() *puzzle.Board {
	if k.own {
		b, _ := k.run.Best()
		return b
	}
	return k.best
}

// refine runs the refinement on the best board k holds, then a last
// repair, offering the results to k.
func (s *Solver) refine(run *solve.Run, rk *ranks, k *keeper) {
	best := k.bestBoard()
	if best == nil || s.refinePasses == 0 || run.Done() {
		return
	}
	b := best.Clone()
	ref := newRefiner(rk, run.Problem().Puzzle, b, normalisedJoin(rk), normalisedHole)
	ref.loops, ref.blocks = true, true
	step := func() bool { return run.Step() && !run.Done() }
	if ref.run(s.refinePasses, step) > 0 {
		// The refinement minimises its own, normalised cost; k keeps
		// whichever board its price finds lower, before and after a
		// last repair.
		k.offer(b)
		b = s.repair(run, rk, b, k)
		k.offer(b)
	}
}

// shiftBands shifts rectangles of b's pieces cyclically (refiner.shiftPass)
// while that lowers b's cost under the problem's own compatibility, the
// price the run judges boards by, and reports the shifts made. A board
// with holes is left as it is: the run's price charges nothing for a side
// facing a hole, and shifts would hide a stranger's dear joins against
// the holes rather than put bands back.
func (s *Solver) shiftBands(run *solve.Run, rk *ranks, b *puzzle.Board) int {
	if b.Placed() < len(b.Cells) {
		return 0
	}
	// The shifts are weighed on the log scale whatever the measure: on
	// its own scale MGC's few dear joins decide, and shifts made so lost
	// perfect boards on the MIT set. The run still keeps the board only
	// if its own price is lower too.
	ref := newRefiner(rk, run.Problem().Puzzle, b, rk.logJoin, func(int) float64 { return 0 })
	step := func() bool { return run.Step() && !run.Done() }
	return repeatPasses(s.refinePasses, func() (int, bool) { return ref.shiftPass(step) })
}

// repeatPasses makes up to n passes, until one changes nothing or asks to
// stop, and returns the changes they made.
func repeatPasses(n int, pass func() (made int, stop bool)) int {
	total := 0
	for range n {
		made, stop := pass()
		total += made
		if made == 0 || stop {
			break
		}
	}
	return total
}

// exchangeAll tries the exchange of every two pieces of b, in every turn,
// while that lowers b's cost on the log scale (as shiftBands weighs it),
// and reports the exchanges made (see the package doc). A board with
// holes, or of more than about 1,450 cells (maxExchangePairs), is left as
// it is.
func (s *Solver) exchangeAll(run *solve.Run, rk *ranks, b *puzzle.Board) int {
	n := len(b.Cells)
	if b.Placed() < n || uint64(n)*uint64(n-1)/2 > maxExchangePairs {
		return 0
	}
	rep := newRepairer(logJoins{rk}, rk.comp.Best, run.Problem().Puzzle, b)
	step := func() bool { return run.Step() && !run.Done() }
	return repeatPasses(s.refinePasses, func() (int, bool) { return rep.exchangeAll(step) })
}

// maxExchangePairs bounds the pairs of cells exchangeAll weighs a pass,
// as maxShiftRects bounds the band shifts' rectangles: the time of a pass
// grows as the square of the cells.
const maxExchangePairs = 1 << 20

// logJoin is the join of sides i and j on the log scale of the problem's
// measure, as the band shifts and the exchanges weigh it.
func (rk *ranks) logJoin(i, j int) float64 {
	if rk.logScaled {
		return rk.join(i, j)
	}
	return math.Log1p(rk.join(i, j))
}

// logJoins is logJoin as an edge.Scorer, for the repairer.
type logJoins struct{ *ranks }

func (l logJoins) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	return l.logJoin(sideIndex(a, s), sideIndex(b, s.Opposite()))
}

// assemble grows the picture from each start under rk's compatibilities,
// repairs it and re-grows it from its largest trusted region, offering
// every board to k.
func (s *Solver) assemble(run *solve.Run, rk *ranks, k *keeper) {
	for _, start := range s.startsFor(rk, run.Problem().Puzzle) {
		if run.Done() {
			break
		}
		pl := newPlacer(s, run, rk)
		pl.across = start.across
		pl.seed(start.piece)
		pl.grow()
		b := pl.board()
		// On a stop the partial board is the result; otherwise it is
		// offered like any other.
		if k.own {
			run.Fallback(b)
		}
		if !k.offer(b) {
			return
		}
		s.improve(run, rk, k, b)
	}
}

// warmStart returns the run's initial board with every piece placed, or
// nil without one. An initial board that leaves pieces out while cells are
// empty keeps its placements, and the placer grows the rest around them:
// offered as it is, it would price low for its missing joins.
func (s *Solver) warmStart(run *solve.Run, rk *ranks) *puzzle.Board {
	init := run.Settings().Initial
	if init == nil || init.Placed() == 0 {
		return nil
	}
	b := init.Clone()
	if b.Placed() == len(run.Problem().Puzzle.Pieces) || b.Placed() == len(b.Cells) {
		return b
	}
	var cells []int
	for i, a := range b.Cells {
		if !a.IsEmpty() {
			cells = append(cells, i)
		}
	}
	pl := newPlacer(s, run, rk)
	pl.seedRegion(b, cells)
	pl.grow()
	return pl.board()
}

// improve repairs board b, then re-grows it from the largest region the
// best buddies vouch for, while that region keeps growing: pieces placed
// wrongly early on are placed again with the whole trusted region as
// context. Every board goes to k.
func (s *Solver) improve(run *solve.Run, rk *ranks, k *keeper, b *puzzle.Board) {
	b = s.repair(run, rk, b, k)
	best := largestSegment(rk, b)
	for round := 0; round < s.segmentRounds && len(best) < b.Placed() && !run.Done(); round++ {
		pl := newPlacer(s, run, rk)
		pl.seedRegion(b, best)
		pl.grow()
		nb := pl.board()
		if !k.offer(nb) {
			break
		}
		nb = s.repair(run, rk, nb, k)
		seg := largestSegment(rk, nb)
		if len(seg) <= len(best) {
			break
		}
		b, best = nb, seg
	}
}

// repairer returns the repair's exchanges on board b: priced by capped
// compatibilities (robust), and for a puzzle priced with bounds
// (edge.Sparse) asking only for the partners a side ranks above the one
// it faces (repairer.above).
func (rk *ranks) repairer(p *puzzle.Puzzle, b *puzzle.Board) *repairer {
	rep := newRepairer(robust{rk}, rk.comp.Best, p, b)
	rep.onlyAbove = rk.atLeast != nil
	return rep
}

// repair runs the exchange passes on b and offers the result to k.
func (s *Solver) repair(run *solve.Run, rk *ranks, b *puzzle.Board, k *keeper) *puzzle.Board {
	rep := rk.repairer(run.Problem().Puzzle, b)
	// An exchange tried can cost milliseconds on a large rotatable board,
	// longer than Step's context polling (every 256 steps) allows, so
	// each one also asks Done.
	step := func() bool { return run.Step() && !run.Done() }
	for range s.repairPasses {
		if rep.pass(step) == 0 {
			break
		}
		if !k.offer(b) {
			break
		}
	}
	return b
}

// largestSegment returns the cells of the largest connected region of b
// whose inner joins are between best buddies, fixed pieces included.
func largestSegment(rk *ranks, b *puzzle.Board) []int {
	r := newRefiner(rk, nil, b, nil, nil)
	r.segments()
	var best []int
	for _, m := range r.members {
		if len(m) > len(best) && !b.Cells[m[0]].IsEmpty() {
			best = m
		}
	}
	return best
}

// fillInOrder puts the first n unused pieces, unturned, into the board's
// first empty cells.
func (pl *placer) fillInOrder(b *puzzle.Board, n int) {
	id := 0
	for i := range b.Cells {
		if n == 0 {
			return
		}
		if !b.Cells[i].IsEmpty() {
			continue
		}
		for id < len(pl.used) && pl.used[id] {
			id++
		}
		if id == len(pl.used) {
			return
		}
		b.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(id)}
		pl.used[id] = true
		pl.left--
		n--
	}
}
