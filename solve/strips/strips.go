package strips

import (
	"context"
	"fmt"
	"slices"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Option configures a Solver.
type Option func(*Solver)

// WithExact sets the most strips the exact search takes on; above it, and
// when the problem asks what the exact search cannot promise (fixed
// strips, or costs that change when a pair of strips is turned as a whole),
// the iterated local search alone orders the strips. 0 turns the exact
// search off. Pages of 20 to 40 strips take milliseconds; a hundred strips
// of a few pages, under a second. Default: 100.
func WithExact(maxStrips int) Option { return func(s *Solver) { s.exactMax = max(maxStrips, 0) } }

// WithNeighbours sets how many of each side's cheapest partners the local
// search tries joining it to. Default: 10.
func WithNeighbours(k int) Option { return func(s *Solver) { s.k = max(k, 1) } }

// WithExactNodes bounds the exact search's branch-and-bound nodes; a search
// that reaches the bound keeps the best order found (status Done rather
// than Exhausted). Pages of strips need tens of nodes; the bound guards
// against costs so flat that the bounds cannot prune. Default: 20,000.
func WithExactNodes(n int64) Option { return func(s *Solver) { s.exactNodes = max(n, 1) } }

// WithKicks sets how many perturbations in a row without improvement end
// the iterated local search, per hundred strips (at least 20 in all).
// Default: 50.
func WithKicks(perHundred int) Option { return func(s *Solver) { s.kicks = max(perHundred, 0) } }

// Solver orders the strips of a one-row puzzle: a shredded page's strips,
// or any pieces that join only left and right, their top and bottom
// sides facing the board's rim. It finds the order and the turns (0 or
// 180°, when the puzzle's pieces may turn) that make the joins cheapest:
// a shortest Hamiltonian path through the strips, solved exactly by
// branch and bound on Held–Karp bounds for a page's worth of strips and by
// iterated 2-opt and or-opt local search for hundreds or thousands.
//
// The problem's board must be one row, with at least as many cells as
// strips; strips fill the first cells and the rest stay empty. Pieces are
// turned only by 0 or 180°: a quarter turn would put a strip's top or
// bottom into a join. Fixed pieces keep their cells, with the local search
// alone moving the others.
//
// Joins are read from the problem's scorer: an edge.Compatibility is used
// as it is (its Join for costs, its Best for each side's partners), any
// other scorer is asked for every join once. The search treats two ends
// facing each other as one join whichever strip is on the left, as turning
// the pair as a whole does not change it; Result.Cost is the scorer's own
// price of the board.
//
// Stats.Iterations counts search nodes and local-search moves; the run is
// deterministic for a seed (which only the local search's perturbations
// use).
type Solver struct {
	exactMax   int
	exactNodes int64
	k          int
	kicks      int
}

// New returns a strip solver configured by opts; nil options are skipped.
func New(opts ...Option) *Solver {
	s := &Solver{exactMax: 100, exactNodes: 20000, k: 10, kicks: 50}
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	return s
}

var _ solve.Solver = (*Solver)(nil)

// Solve orders the strips.
func (s *Solver) Solve(ctx context.Context, p solve.Problem, opts ...solve.Option) (*solve.Result, error) {
	if p.Puzzle != nil && p.Puzzle.Validate() == nil {
		if err := checkRow(p.Puzzle); err != nil {
			return nil, err
		}
	}
	run, err := solve.Start(ctx, p, opts...)
	if err != nil {
		return nil, err
	}
	if run.Done() {
		return run.Finish(solve.Canceled)
	}
	pz := run.Problem().Puzzle
	g, err := newGraph(pz, run.Problem().Scorer, s.k)
	if err != nil {
		return nil, err
	}
	frozen, order, turned := start(pz, run.Settings().Initial, g)
	best := newPath(g, order, turned, frozen)
	stop := func() bool { return run.Done() }
	run.Stats.Iterations += int64(best.improve(stop))
	offer := func(q *path) bool {
		run.Stats.Evaluations++
		return run.Offer(boardOf(pz, q), q.cost())
	}
	run.Fallback(boardOf(pz, best))
	if !offer(best) {
		return run.Finish(solve.Done)
	}
	// Iterated local search: kick, descend, keep the better.
	rng := run.Rand()
	budget := max(20, s.kicks*g.n/100)
	bestCost := best.cost()
	for miss := 0; miss < budget && !run.Done(); miss++ {
		q := best.clone()
		if !q.kick(rng) {
			break
		}
		run.Stats.Restarts++
		kicked := append([]int32(nil), q.lastTouched...)
		run.Stats.Iterations += int64(q.improveFrom(kicked, stop))
		if !run.Step() {
			break
		}
		if c := q.cost(); c < bestCost-1e-9 {
			best, bestCost, miss = q, c, 0
			if !offer(best) {
				return run.Finish(solve.Done)
			}
		}
	}
	if run.Done() {
		return run.Finish(solve.Done)
	}
	if g.n < 2 || g.n > s.exactMax || frozen != nil || !g.symmetric {
		return run.Finish(solve.Done)
	}
	x := newExact(g)
	x.ub = bestCost
	x.step = func() bool {
		if run.Stats.Nodes >= s.exactNodes {
			return false
		}
		run.Stats.Nodes++
		return run.Step()
	}
	x.search(x.rootNode(g.n), func(tour []int, cost float64) {
		q := pathOfTour(g, tour)
		best = q
		offer(q)
	})
	if x.done {
		return run.Finish(solve.Done)
	}
	return run.Finish(solve.Exhausted)
}

// checkRow refuses a puzzle that is not one row with room for every piece.
func checkRow(p *puzzle.Puzzle) error {
	if p.Rows != 1 {
		return fmt.Errorf("strips: the board is %d×%d; strips are ordered in one row (a board of 1×%d or more)", p.Rows, p.Cols, len(p.Pieces))
	}
	if len(p.Pieces) > p.Cols {
		return fmt.Errorf("strips: %d pieces for a row of %d cells: the row must hold every strip", len(p.Pieces), p.Cols)
	}
	for _, f := range p.Fixed {
		if f.Cell.Col >= len(p.Pieces) {
			return fmt.Errorf("strips: piece %d is fixed in column %d, beyond the %d strips: strips fill the row from the left, so fixed strips must lie among the first %d cells", f.Placement.Piece, f.Cell.Col, len(p.Pieces), len(p.Pieces))
		}
	}
	return nil
}

// start returns the first ordering: the warm start's, or else strips
// chained greedily by their cheapest joins; fixed strips sit where they
// are pinned (frozen marks their positions, nil when there are none).
func start(p *puzzle.Puzzle, initial *puzzle.Board, g *graph) (frozen []bool, order []int32, turned []bool) {
	if len(p.Fixed) == 0 && initial == nil {
		order, turned = greedyEdges(g)
		return nil, order, turned
	}
	n := g.n
	order = make([]int32, 0, n)
	turned = make([]bool, 0, n)
	if len(p.Fixed) > 0 {
		frozen = make([]bool, n)
	}
	slot := make([]int32, n) // strip at each position, -1 if open
	turn := make([]bool, n)
	for i := range slot {
		slot[i] = -1
	}
	used := make([]bool, n)
	for _, f := range p.Fixed {
		// checkRow has made sure that fixed strips lie in the first n
		// cells, which the strips fill.
		k := f.Cell.Col
		slot[k] = int32(f.Placement.Piece)
		turn[k] = f.Placement.Rotation == 2
		frozen[k] = true
		used[f.Placement.Piece] = true
	}
	if initial != nil {
		for _, pl := range initial.Cells {
			if pl.IsEmpty() || used[pl.Piece] {
				continue
			}
			k := nextOpen(slot, 0)
			if k < 0 {
				break
			}
			slot[k], turn[k], used[pl.Piece] = int32(pl.Piece), pl.Rotation == 2, true
		}
	}
	// Greedy chain: from each placed strip's right, its cheapest unused
	// partner; a fresh chain starts from the lowest unused strip.
	for k := 0; k < n; k++ {
		if slot[k] >= 0 {
			continue
		}
		var prevEnd int
		if k > 0 {
			prevEnd = rightEnd(slot[k-1], turn[k-1])
		} else {
			prevEnd = -1
		}
		pick, pickTurn := int32(-1), false
		if prevEnd >= 0 {
			for _, f := range g.near[prevEnd] {
				if !used[f/2] {
					pick, pickTurn = f/2, f%2 == 1
					break
				}
			}
		}
		if pick < 0 {
			for i := range n {
				if !used[i] {
					pick = int32(i)
					break
				}
			}
		}
		slot[k], turn[k], used[pick] = pick, pickTurn, true
	}
	for k := range n {
		order = append(order, slot[k])
		turned = append(turned, turn[k])
	}
	return frozen, order, turned
}

func nextOpen(slot []int32, from int) int {
	for k := from; k < len(slot); k++ {
		if slot[k] < 0 {
			return k
		}
	}
	return -1
}

// boardOf writes a path as a one-row board.
func boardOf(p *puzzle.Puzzle, q *path) *puzzle.Board {
	b := puzzle.NewBoard(p.Rows, p.Cols)
	for k, s := range q.order {
		pl := puzzle.Placement{Piece: puzzle.PieceID(s)}
		if q.turned[k] {
			pl.Rotation = 2
		}
		b.Cells[k] = pl
	}
	return b
}

// pathOfTour reads a tour of the ends graph, from the depot, as a path.
// A tour read backwards is the same ordering with every strip turned and
// the order reversed; the direction that turns fewer strips is taken, which
// for strips that may not turn is the only valid one.
func pathOfTour(g *graph, tour []int) *path {
	var order []int32
	var turned []bool
	flips := 0
	for i := 1; i+1 < len(tour); i += 2 {
		e := tour[i]
		order = append(order, int32(e/2))
		// The strip's first end in reading order is its left side.
		turned = append(turned, e%2 == 1)
		if e%2 == 1 {
			flips++
		}
	}
	if 2*flips > len(order) {
		slices.Reverse(order)
		slices.Reverse(turned)
		for k := range turned {
			turned[k] = !turned[k]
		}
	}
	return newPath(g, order, turned, nil)
}

// greedyEdges builds the first ordering by greedy matching of ends: every
// end's near partners, cheapest join first, are joined while both ends are
// free and the join closes no loop. What remains are chains of strips,
// which are laid end to end, each read from one of its ends. Unlike
// chaining from strip to strip, it never commits to a poor join while a
// better one elsewhere is still open.
func greedyEdges(g *graph) ([]int32, []bool) {
	n := g.n
	type cand struct {
		u, v int32
		c    float64
	}
	var cs []cand
	for u, near := range g.near {
		for _, v := range near {
			if int32(u) < v {
				cs = append(cs, cand{int32(u), v, g.cost(u, int(v))})
			}
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int {
		switch {
		case a.c < b.c:
			return -1
		case a.c > b.c:
			return 1
		}
		return 0
	})
	mate := make([]int32, 2*n) // the end each end is joined to, or -1
	for i := range mate {
		mate[i] = -1
	}
	root := make([]int32, n) // union-find over strips
	for i := range root {
		root[i] = int32(i)
	}
	find := func(x int32) int32 {
		for root[x] != x {
			root[x] = root[root[x]]
			x = root[x]
		}
		return x
	}
	for _, c := range cs {
		if mate[c.u] >= 0 || mate[c.v] >= 0 {
			continue
		}
		a, b := find(c.u/2), find(c.v/2)
		if a == b {
			continue
		}
		mate[c.u], mate[c.v] = c.v, c.u
		root[a] = b
	}
	// Walk each chain from a free end: enter a strip by one end, leave by
	// the other, follow the join.
	order := make([]int32, 0, n)
	turned := make([]bool, 0, n)
	seen := make([]bool, n)
	for e := range 2 * n {
		if seen[e/2] || mate[e] >= 0 || (!g.turns && e%2 == 1) {
			continue
		}
		// e is a free end: a chain starts here (at its left end, for
		// strips that may not turn).
		for cur := int32(e); cur >= 0 && !seen[cur/2]; {
			s := cur / 2
			seen[s] = true
			order = append(order, s)
			// Entering by the right end means the strip is turned.
			turned = append(turned, cur%2 == 1)
			cur = mate[cur^1]
		}
	}
	return order, turned
}
