package strips

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// The ends graph. Strip i has two ends, 2i its left side and 2i+1 its right
// side as scanned. Two strips side by side join one end of each: the left
// one's right end (its left end when it is turned) faces the right one's
// left end (its right end when turned). The same two ends facing each other
// are the same join whichever strip is on the left, since turning the
// pair as a whole swaps them, so a join's cost is a symmetric function of
// the two ends, and an ordering of strips with their turns is a path
// through all 2n ends that takes each strip's two ends one after the
// other. Closed by a depot node that stands for the page's outside, it is a
// symmetric travelling-salesman tour; strips that may not turn are the
// same graph with right-to-right and left-to-left joins ruled out.

// inf marks a join that cannot happen.
var inf = math.Inf(1)

// graph holds the costs of a strip problem.
type graph struct {
	n     int  // strips
	turns bool // strips may turn 180°
	// cost returns the cost of ends u and v facing each other; for the
	// depot (end 2n) it is the cost of the other end on the page's rim.
	cost func(u, v int) float64
	// rim returns the cost of strip i turned by r lying between the
	// page's top and bottom: frame costs of its top and bottom, which do
	// not depend on its neighbours.
	rim func(i int, turned bool) float64
	// symmetric says a whole ordering costs the same read backwards with
	// every strip turned: the join and rim costs do not depend on which
	// way the page is up. The exact search needs it.
	symmetric bool
	// near lists, for each end, the ends it joins most cheaply, cheapest
	// first; the depot is not listed.
	near [][]int32
}

func (g *graph) depot() int { return 2 * g.n }

// rightEnd and leftEnd return the end strip s shows on its right and left.
func rightEnd(s int32, turned bool) int {
	if turned {
		return 2 * int(s)
	}
	return 2*int(s) + 1
}

func leftEnd(s int32, turned bool) int {
	if turned {
		return 2*int(s) + 1
	}
	return 2 * int(s)
}

// scorerView reads costs from a solve problem's scorer.
type scorerView struct {
	s   edge.Scorer
	fs  edge.FrameScorer
	cmp edge.Compatibility
}

// placementOf returns the placement that shows end e on side on.
func placementOf(e int, on puzzle.Side) puzzle.Placement {
	pl := puzzle.Placement{Piece: puzzle.PieceID(e / 2)}
	// End 2i is the left side; it shows on the right when turned 180°.
	left := e%2 == 0
	if left == (on == puzzle.Right) {
		pl.Rotation = 2
	}
	return pl
}

// newGraph reads the costs of p's pieces under scorer s. A Compatibility
// gives its joins and ranked partners directly; any other scorer is asked
// for every join once, which suits up to a few thousand strips.
func newGraph(p *puzzle.Puzzle, s edge.Scorer, k int) (*graph, error) {
	n := len(p.Pieces)
	g := &graph{n: n, turns: p.Allows(2)}
	v := scorerView{s: s}
	v.fs, _ = s.(edge.FrameScorer)
	v.cmp, _ = s.(edge.Compatibility)
	if v.cmp != nil && v.cmp.Pieces() != n {
		return nil, fmt.Errorf("strips: the scorer was built for %d pieces, the puzzle has %d", v.cmp.Pieces(), n)
	}
	g.symmetric = v.fs == nil || rimsSymmetric(v.fs, n)
	join := func(u, w int) float64 {
		a := placementOf(u, puzzle.Right)
		b := placementOf(w, puzzle.Left)
		if v.cmp != nil {
			return v.cmp.Join(4*(u/2)+sideIndex(u), 4*(w/2)+sideIndex(w))
		}
		return s.Score(a, puzzle.Right, b)
	}
	rimEnd := func(u int) float64 {
		if v.fs == nil {
			return 0
		}
		// End u on the page's rim: the left rim if it is a left side
		// shown on the left, and so on.
		if u%2 == 0 {
			return v.fs.ScoreFrame(puzzle.Placement{Piece: puzzle.PieceID(u / 2)}, puzzle.Left)
		}
		return v.fs.ScoreFrame(puzzle.Placement{Piece: puzzle.PieceID(u / 2)}, puzzle.Right)
	}
	g.rim = func(i int, turned bool) float64 {
		if v.fs == nil {
			return 0
		}
		pl := puzzle.Placement{Piece: puzzle.PieceID(i)}
		if turned {
			pl.Rotation = 2
		}
		return v.fs.ScoreFrame(pl, puzzle.Top) + v.fs.ScoreFrame(pl, puzzle.Bottom)
	}
	if v.cmp != nil {
		g.cost = func(u, w int) float64 {
			switch {
			case u == g.depot() && w == g.depot():
				return 0
			case u == g.depot():
				return rimEnd(w)
			case w == g.depot():
				return rimEnd(u)
			case u/2 == w/2:
				return inf
			case !g.turns && u%2 == w%2:
				return inf
			}
			return join(u, w)
		}
		g.near = make([][]int32, 2*n)
		for e := range g.near {
			for _, m := range v.cmp.Best(4*(e/2) + sideIndex(e)) {
				o := int(m.Side)
				if o%4 != 1 && o%4 != 3 {
					continue
				}
				f := 2*(o/4) + boolInt(o%4 == 1)
				if g.cost(e, f) < inf {
					g.near[e] = append(g.near[e], int32(f))
				}
			}
			if len(g.near[e]) < k {
				// A table that ranks top and bottom sides too
				// may list too few side partners: rank them here.
				g.near[e] = rankEnds(g, e, k)
			}
		}
		return g, g.check()
	}
	if n > maxDense {
		return nil, fmt.Errorf("strips: %d strips under a scorer that is not an edge.Compatibility would need %d joins priced; above %d strips, give a Compatibility", n, 4*n*n, maxDense)
	}
	// Price every join once. A turned pair is the same join, so only
	// u < w is asked.
	ends := 2 * n
	c := make([]float32, ends*ends)
	for u := range ends {
		c[u*ends+u] = float32(inf)
	}
	for u := range ends {
		for w := u + 1; w < ends; w++ {
			x := inf
			if u/2 != w/2 && (g.turns || u%2 != w%2) {
				// A right end on the left, where there is one, so
				// that strips that may not turn are priced as they
				// lie.
				if u%2 == 0 && w%2 == 1 {
					x = join(w, u)
				} else {
					x = join(u, w)
				}
				if math.IsNaN(x) {
					return nil, fmt.Errorf("strips: the scorer prices the join of piece %d's %s side and piece %d's %s side as NaN", u/2, endName(u), w/2, endName(w))
				}
			}
			c[u*ends+w], c[w*ends+u] = float32(x), float32(x)
		}
	}
	rims := make([]float64, ends)
	for u := range rims {
		rims[u] = rimEnd(u)
	}
	g.cost = func(u, w int) float64 {
		switch {
		case u == g.depot() && w == g.depot():
			return 0
		case u == g.depot():
			return rims[w]
		case w == g.depot():
			return rims[u]
		}
		return float64(c[u*ends+w])
	}
	g.near = make([][]int32, ends)
	for e := range g.near {
		g.near[e] = rankEnds(g, e, k)
	}
	return g, g.check()
}

// maxDense bounds the strips a plain scorer is asked about: 4n² joins.
const maxDense = 4096

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// sideIndex returns the puzzle side of end e, unturned: Left or Right.
func sideIndex(e int) int {
	if e%2 == 0 {
		return int(puzzle.Left)
	}
	return int(puzzle.Right)
}

func endName(e int) string {
	if e%2 == 0 {
		return "left"
	}
	return "right"
}

// rankEnds returns the k ends that join e most cheaply.
func rankEnds(g *graph, e, k int) []int32 {
	var all []int32
	for f := range 2 * g.n {
		if f/2 != e/2 && g.cost(e, f) < inf {
			all = append(all, int32(f))
		}
	}
	slices.SortStableFunc(all, func(a, b int32) int {
		ca, cb := g.cost(e, int(a)), g.cost(e, int(b))
		switch {
		case ca < cb:
			return -1
		case ca > cb:
			return 1
		}
		return 0
	})
	return all[:min(k, len(all))]
}

// check reports a cost that is not a number or below 0 among the ranked
// joins, where a broken scorer shows first.
func (g *graph) check() error {
	for e, near := range g.near {
		for _, f := range near {
			c := g.cost(e, int(f))
			if math.IsNaN(c) || c < 0 {
				return fmt.Errorf("strips: the join of piece %d's %s side and piece %d's %s side costs %v; costs must be numbers of at least 0", e/2, endName(e), f/2, endName(int(f)), c)
			}
		}
	}
	if g.n > 0 && len(g.near[0]) == 0 && g.n > 1 {
		return errors.New("strips: no two pieces can be joined")
	}
	return nil
}

// rimsSymmetric reports whether a frame scorer's rim costs belong to the
// ends alone: each side costs the same on the left rim as on the right (a
// strip turned 180° shows it there), and a strip's top and bottom cost the
// same together whichever way up it is.
func rimsSymmetric(fs edge.FrameScorer, n int) bool {
	for i := range n {
		up := puzzle.Placement{Piece: puzzle.PieceID(i)}
		down := puzzle.Placement{Piece: puzzle.PieceID(i), Rotation: 2}
		if fs.ScoreFrame(up, puzzle.Left) != fs.ScoreFrame(down, puzzle.Right) ||
			fs.ScoreFrame(up, puzzle.Right) != fs.ScoreFrame(down, puzzle.Left) ||
			fs.ScoreFrame(up, puzzle.Top)+fs.ScoreFrame(up, puzzle.Bottom) != fs.ScoreFrame(down, puzzle.Top)+fs.ScoreFrame(down, puzzle.Bottom) {
			return false
		}
	}
	return true
}
