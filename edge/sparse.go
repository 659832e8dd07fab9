package edge

import (
	"context"
	"fmt"
	"math"

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
	n    int
	rot  bool
	name string
	k    int
	d    Dissimilarity
	best []Match
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

// NewSparse is NewTable for large puzzles: it prices every join the puzzle
// allows, as NewTable does and with the same workers and ctx behaviour, but
// keeps only each side's k best partners (k < 1 means DefaultK; k is capped
// at the number of possible partners). It works through bands of rows with
// a fixed scratch buffer, so its memory is the kept lists plus at most 16
// MiB, or 4 rows of costs per worker if that is more.
func NewSparse(ctx context.Context, p *puzzle.Puzzle, m Measure, k, workers int) (*Sparse, error) {
	d, err := bindMeasure(ctx, p, m)
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
	rowBase := tableRowBases(n, b.rot)
	rows := max(1, min(sparseBandRows, sparseBandCosts/max(1, b.rowLen(0))), 4*workerCount(workers))
	buf := make([]float32, min(n, rows)*b.rowLen(0))
	for lo := 0; lo < n; lo += rows {
		hi := min(n, lo+rows)
		if err := b.band(ctx, workers, lo, hi, buf, rowBase); err != nil {
			return nil, err
		}
	}
	if err := b.finish(ctx, workers); err != nil {
		return nil, err
	}
	return &Sparse{n: n, rot: b.rot, name: m.Name(), k: b.k, d: d, best: b.best}, nil
}

// Pieces returns the number of pieces.
func (s *Sparse) Pieces() int { return s.n }

// Rotatable reports whether the lists rank the joins of turned pieces.
func (s *Sparse) Rotatable() bool { return s.rot }

// Measure returns the name of the measure the lists were built with.
func (s *Sparse) Measure() string { return s.name }

// Join returns the cost of side i facing side j, as Table.Join does: read
// from the kept lists when either side keeps the other, priced by the
// measure otherwise.
func (s *Sparse) Join(i, j int) float64 {
	tableCheckSides(s.n, i, j)
	if !joinPossible(s.rot, i, j) {
		return math.Inf(1)
	}
	for _, m := range s.Best(i) {
		if int(m.Side) == j {
			return float64(m.Cost)
		}
	}
	for _, m := range s.Best(j) {
		if int(m.Side) == i {
			return float64(m.Cost)
		}
	}
	// Rounded to float32 as a table stores it, so that the two agree.
	return float64(float32(s.d(i, j) + s.d(j, i)))
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
