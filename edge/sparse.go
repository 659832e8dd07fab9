package edge

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/reassemble/jigsaw/puzzle"
)

// Sparse keeps only each side's best partners, for puzzles too large for a
// dense Table: 4nk Matches (32nk bytes) for n pieces and k partners a side,
// 5 MiB for 10,000 pieces and k = 16, where a dense table would take 800
// MiB (Type 1) or 3.2 GiB (Type 2). Joins outside the kept lists are priced
// on demand by the bound measure, and agree exactly with a dense table's.
//
// A Sparse is immutable once built and safe for concurrent use, provided
// the measure's Dissimilarity is, as Measure requires.
type Sparse struct {
	n     int
	rot   bool
	name  string
	k     int
	d     Dissimilarity
	best  []Match
	lower *quadBound // the measure's cheap lower bound, or nil
	// logScaled: d and lower price the inner measure of a Log, and the
	// sums are rescaled (the kept lists already are).
	logScaled bool
}

// A band is the rows NewSparse prices before ranking them, in a scratch
// buffer reused band after band: up to sparseBandRows rows of costs, fewer
// when they would take more than sparseBandCosts (16 MiB), but at least 4
// rows per worker, so that the row pass keeps every worker busy. Each band
// costs a pass over the column heaps, a small fraction of pricing its rows.
const (
	sparseBandRows  = 64
	sparseBandCosts = 1 << 22
)

// NewSparse is NewTable for large puzzles: it ranks every join the puzzle
// allows, as NewTable does and with the same workers and ctx behaviour, but
// keeps only each side's k best partners (k < 1 means DefaultK; k is capped
// at the number of possible partners). It works through bands of rows with
// a fixed scratch buffer, so its memory is the kept lists plus at most 16
// MiB, or 4 rows of costs per worker if that is more.
//
// With MGC, whose cost has a cheap lower bound (the side's pixel count
// times its quadratic form of the mean residual), and more than 8k partners
// a side, NewSparse prices only the joins the bound does not rule out of a
// side's k best: about 200 of the 10,000 partners a side has in a
// 10,000-piece puzzle. Nor does it bound every partner: ordered by their
// mean colours along the axis on which they spread most, the partners a
// side can join cheaply enough lie in one run: a fifth of them (known
// orientation) or a seventh (unknown) on the 10,000-piece benchmark
// photograph. The lists are exactly those of pricing every join.
func NewSparse(ctx context.Context, p *puzzle.Puzzle, m Measure, k, workers int) (*Sparse, error) {
	inner, logScaled := unscaled(m)
	d, lower, err := bindMeasureBounded(ctx, p, inner)
	if err != nil {
		return nil, err
	}
	n := len(p.Pieces)
	if k < 1 {
		k = DefaultK
	}
	k = min(k, sidePartners(n, p.Rotatable))
	if uint64(4*n)*uint64(k) > maxEntries {
		return nil, fmt.Errorf("edge: keeping %d partners for each side of %d pieces needs %d MiB; keep fewer", k, n, uint64(4*n)*uint64(k)*8>>20)
	}
	b := newRankBuild(n, p.Rotatable, m.Name(), d, k)
	prune, ix := false, (*pruneIndex)(nil)
	if lower != nil && sparsePruneFactor*k < sidePartners(n, p.Rotatable) {
		if ix, err = lower.index(b.rot); err != nil {
			return nil, err
		}
		if prune, err = b.pruneWorthIt(lower, ix); err != nil {
			return nil, err
		}
	}
	if prune {
		err = b.pruned(ctx, workers, lower, ix)
	} else {
		err = b.all(ctx, workers)
	}
	if err != nil {
		return nil, err
	}
	if logScaled {
		logMatches(b.best)
	}
	return &Sparse{n: n, rot: b.rot, name: m.Name(), k: b.k, d: d, best: b.best, lower: lower, logScaled: logScaled}, nil
}

// all ranks every side's partners by pricing every join, band by band of
// rows.
func (b *rankBuild) all(ctx context.Context, workers int) error {
	rowBase := tableRowBases(b.n, b.rot)
	rows := max(1, min(sparseBandRows, sparseBandCosts/max(1, b.rowLen(0))), 4*workerCount(workers))
	buf := make([]float32, min(b.n, rows)*b.rowLen(0))
	for lo := 0; lo < b.n; lo += rows {
		hi := min(b.n, lo+rows)
		if err := b.band(ctx, workers, lo, hi, buf, rowBase); err != nil {
			return err
		}
	}
	return b.finish(ctx, workers)
}

// Pieces returns the number of pieces.
func (s *Sparse) Pieces() int { return s.n }

// Rotatable reports whether the lists rank the joins of turned pieces.
func (s *Sparse) Rotatable() bool { return s.rot }

// Measure returns the name of the measure the lists were built with.
func (s *Sparse) Measure() string { return s.name }

// LogScaled reports whether the costs are on the log scale of the measure
// (Log), as Table.LogScaled does.
func (s *Sparse) LogScaled() bool { return s.logScaled }

// Join returns the cost of side i facing side j, as Table.Join does: read
// from the kept lists when either side keeps the other, priced by the
// measure otherwise.
func (s *Sparse) Join(i, j int) float64 {
	tableCheckSides(s.n, i, j)
	if !joinPossible(s.rot, i, j) {
		return math.Inf(1)
	}
	if v, ok := s.listed(i, j); ok {
		return v
	}
	// Rounded to float32 as a table stores it, so that the two agree.
	return s.scaled(float32(s.d(i, j) + s.d(j, i)))
}

// scaled returns the cost of a join whose sum is c, as the kept lists and a
// table store it.
func (s *Sparse) scaled(c float32) float64 {
	if s.logScaled {
		return float64(logCost(c))
	}
	return float64(c)
}

// JoinAtLeast returns Join(i, j) when that is below bound, and otherwise a
// value between bound and Join(i, j) that may be found without pricing the
// join in full: a caller that caps joins at bound, as robust scores do,
// loses nothing, and with bound 0 it is the cheapest lower bound known.
// With MGC most joins a large board's repair weighs are ruled out by the
// mean colours of the two sides, or after a few of their pixels.
func (s *Sparse) JoinAtLeast(i, j int, bound float64) float64 {
	tableCheckSides(s.n, i, j)
	if !joinPossible(s.rot, i, j) {
		return math.Inf(1)
	}
	if v, ok := s.listed(i, j); ok {
		return v
	}
	if s.lower == nil {
		return s.scaled(float32(s.d(i, j) + s.d(j, i)))
	}
	if !s.logScaled {
		v, _ := s.unscaledAtLeast(i, j, bound)
		return v
	}
	// The log scale is monotone: bound the inner sum by the inner bound.
	v, exact := s.unscaledAtLeast(i, j, math.Expm1(bound))
	if exact {
		return s.scaled(float32(v))
	}
	// Rounding may take the rescaled bound a hair below bound.
	return max(s.scaled(float32(v)), bound)
}

// unscaledAtLeast is JoinAtLeast for the inner measure's sums, and whether
// the value is the join's own rather than a bound.
func (s *Sparse) unscaledAtLeast(i, j int, bound float64) (float64, bool) {
	if lb := float64(s.lower.pairBound(i, j)); lb >= bound {
		return lb, false
	}
	sum, ok := s.lower.joinUpTo(i, j, bound)
	if !ok {
		return bound, false
	}
	if v := float64(float32(sum)); v < bound {
		return v, true
	}
	return bound, false
}

// listed returns the cost of the join of sides i and j if either keeps the
// other among its best partners.
func (s *Sparse) listed(i, j int) (float64, bool) {
	for _, m := range s.Best(i) {
		if int(m.Side) == j {
			return float64(m.Cost), true
		}
	}
	for _, m := range s.Best(j) {
		if int(m.Side) == i {
			return float64(m.Cost), true
		}
	}
	return 0, false
}

// joinPossible reports whether sides i and j may ever face each other.
func joinPossible(rot bool, i, j int) bool {
	if i>>2 == j>>2 {
		return false
	}
	return rot || j&3 == (i+2)&3
}

// Score implements Scorer, as Table.Score does.
func (s *Sparse) Score(a puzzle.Placement, side puzzle.Side, b puzzle.Placement) float64 {
	return s.Join(facingSides(a, side, b))
}

// Best returns the k best partners of side i, cheapest first, ties going to
// the lower side index: the same list as Table.Best when k is DefaultK. The
// slice is shared; do not modify it.
func (s *Sparse) Best(i int) []Match { return s.best[i*s.k : (i+1)*s.k : (i+1)*s.k] }

// sparsePruneFactor: a side whose partners outnumber its kept ones this
// many times over is ranked by pruning (rankBuild.pruned) when the measure
// has a lower bound; with fewer, pricing every join is as quick.
const sparsePruneFactor = 8

// pruned fills every side's heap with its k best partners, the same ones
// the full build finds, pricing only the joins whose lower bound does not
// rule them out: first the 4k partners of lowest bound, which give a good
// k-th cost, then every other partner whose bound does not exceed the k-th
// cost kept so far. Rounding to float32 keeps the order of a bound and the
// join it bounds, so a partner is skipped only when its join would rank
// after all k kept. Each side ranks its own partners, so no two goroutines
// write one heap and the work does not depend on the number of workers.
func (b *rankBuild) pruned(ctx context.Context, workers int, lower *quadBound, ix *pruneIndex) error {
	chunks := (b.n + rankChunk - 1) / rankChunk
	err := parallelRows(ctx, workers, chunks, func(ch int) error {
		ps := b.newPruneScratch()
		for a := ch * rankChunk; a < min(b.n, (ch+1)*rankChunk); a++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			for sa := range 4 {
				i := 4*a + sa
				if _, err := b.pruneSide(i, lower, ix, ps, b.best[i*b.k:(i+1)*b.k]); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return b.finish(ctx, workers)
}

// pruneScratch is one worker's buffers for pruneSide.
type pruneScratch struct {
	lbs []float32 // bounds of one side against its candidates
	low lowHeap
}

func (b *rankBuild) newPruneScratch() *pruneScratch {
	count := b.n
	if b.rot {
		count = 4 * b.n
	}
	return &pruneScratch{lbs: make([]float32, count)}
}

// pruneSide fills heap h with side i's k best partners and reports how
// many joins it priced. It bounds first a window of its candidates nearest
// it in ix's order and prices the 4k of lowest bound, which gives a good
// k-th cost; only the candidates within reach of that cost are bounded,
// and of them only those whose bound does not exceed the k-th cost kept so
// far are priced.
func (b *rankBuild) pruneSide(i int, lower *quadBound, ix *pruneIndex, ps *pruneScratch, h []Match) (priced int, err error) {
	a := i >> 2
	g := ix.candidates(i)
	count := len(g.cand)
	// The candidate's own piece never joins it.
	own := func(pos int) bool { return (g.first+int(g.cand[pos])*g.step)>>2 == a }
	// price offers side j to h unless its join is sure to cost more than
	// the k-th kept.
	price := func(j int) error {
		priced++
		sum, ok := lower.joinUpTo(i, j, float64(h[0].Cost))
		if !ok {
			return nil // dearer than every partner kept
		}
		v := float32(sum)
		if v != v {
			// Priced again for the error naming the join.
			_, err := b.join(i, j)
			return err
		}
		offerHeap(h, j, v)
		return nil
	}
	// offer prices the candidates at positions lo, lo+1, ... whose
	// bounds, lbs, do not exceed the k-th cost kept.
	offer := func(lo int, lbs []float32) error {
		for n, lb := range lbs {
			if lb > h[0].Cost || own(lo+n) {
				continue
			}
			if err := price(g.first + int(g.cand[lo+n])*g.step); err != nil {
				return err
			}
		}
		return nil
	}

	width := min(count, max(pruneWindow, 16*b.k))
	at := sort.Search(count, func(p int) bool { return g.proj[p] >= ix.centre[i] })
	lo := min(max(at-width/2, 0), count-width)
	hi := lo + width
	lbs := ps.lbs[:width]
	lower.joinBounds(i, g.packed[12*lo:12*hi], lbs)
	ps.low.reset(min(4*b.k, sidePartners(b.n, b.rot)))
	for n, lb := range lbs {
		if !own(lo + n) {
			ps.low.offer(lb, int32(n))
		}
	}
	// Cheapest bound first, so that the k-th cost drops soonest and
	// the pricing of the rest stops early.
	ps.low.sort()
	inf := float32(math.Inf(1))
	for _, n := range ps.low.idx {
		if err := price(g.first + int(g.cand[lo+int(n)])*g.step); err != nil {
			return priced, err
		}
		lbs[n] = inf // priced
	}
	if err := offer(lo, lbs); err != nil {
		return priced, err
	}
	// Beyond the window, only the candidates within reach of the k-th
	// cost.
	rlo, rhi := ix.reach(i, g, float64(h[0].Cost))
	for _, r := range [][2]int{{rlo, min(lo, rhi)}, {max(hi, rlo), rhi}} {
		if r[0] >= r[1] {
			continue
		}
		lbs := ps.lbs[:r[1]-r[0]]
		lower.joinBounds(i, g.packed[12*r[0]:12*r[1]], lbs)
		if err := offer(r[0], lbs); err != nil {
			return priced, err
		}
	}
	return priced, nil
}

// pruneWindow is the number of candidates nearest a side in a pruneIndex's
// order that pruneSide bounds first (16k if that is more).
const pruneWindow = 512

// pruneWorthIt reports whether pruning spares enough joins to beat pricing
// them all, which finds every join once for both its sides where pruning
// prices a join from each side that does not rule it out. It prunes a
// sample of sides spread over the puzzle, into scratch heaps: when their
// bounds are weak (sides whose mean colours are alike, as in noise) they
// price a large share of their partners, and the full build is quicker.
func (b *rankBuild) pruneWorthIt(lower *quadBound, ix *pruneIndex) (bool, error) {
	ps := b.newPruneScratch()
	h := make([]Match, b.k)
	samples := min(b.n, pruneSamples)
	priced := 0
	for s := range samples {
		i := 4*(s*b.n/samples) + s&3
		for k := range h {
			h[k] = Match{Side: math.MaxInt32, Cost: float32(math.Inf(1))}
		}
		n, err := b.pruneSide(i, lower, ix, ps, h)
		if err != nil {
			return false, err
		}
		priced += n
	}
	return pruneShare*priced < samples*sidePartners(b.n, b.rot), nil
}

// NewSparse prunes when a sample of pruneSamples sides prices less than
// 1/pruneShare of their partners.
const (
	pruneSamples = 64
	pruneShare   = 4
)

// lowHeap keeps the indices of the size lowest bounds offered, in a
// max-heap by bound so that most offers cost one comparison.
type lowHeap struct {
	size int
	lb   []float32
	idx  []int32
}

// sort orders the bounds kept, lowest first; offer may not follow.
func (h *lowHeap) sort() { sort.Sort(h) }

func (h *lowHeap) Len() int { return len(h.lb) }
func (h *lowHeap) Less(a, b int) bool {
	return h.lb[a] < h.lb[b] || h.lb[a] == h.lb[b] && h.idx[a] < h.idx[b]
}
func (h *lowHeap) Swap(a, b int) {
	h.lb[a], h.lb[b] = h.lb[b], h.lb[a]
	h.idx[a], h.idx[b] = h.idx[b], h.idx[a]
}

func (h *lowHeap) reset(size int) {
	h.size, h.lb, h.idx = size, h.lb[:0], h.idx[:0]
}

func (h *lowHeap) offer(lb float32, k int32) {
	if len(h.lb) < h.size {
		h.lb, h.idx = append(h.lb, lb), append(h.idx, k)
		for c := len(h.lb) - 1; c > 0; {
			p := (c - 1) / 2
			if h.lb[p] >= h.lb[c] {
				break
			}
			h.lb[p], h.lb[c] = h.lb[c], h.lb[p]
			h.idx[p], h.idx[c] = h.idx[c], h.idx[p]
			c = p
		}
		return
	}
	if h.size == 0 || lb >= h.lb[0] {
		return
	}
	h.lb[0], h.idx[0] = lb, k
	for i := 0; ; {
		l := 2*i + 1
		if l >= len(h.lb) {
			return
		}
		c := l
		if r := l + 1; r < len(h.lb) && h.lb[r] > h.lb[l] {
			c = r
		}
		if h.lb[c] <= h.lb[i] {
			return
		}
		h.lb[i], h.lb[c] = h.lb[c], h.lb[i]
		h.idx[i], h.idx[c] = h.idx[c], h.idx[i]
		i = c
	}
}
