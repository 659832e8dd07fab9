package ga

import (
	"fmt"
	"math"
	"slices"

	"github.com/reassemble/jigsaw/puzzle"
)

// SequenceMatching sets up Hynek's "point of fraction" operator (seed 002
// §3.2), an asexual operator that moves a likely-correct run of pieces
// next to the piece it fits best, so that correct segments grow:
//
//  1. price every join between horizontal neighbours (D_h) and take the
//     Rows worst as the likely points of fraction;
//  2. choose one point by roulette on its price;
//  3. the segment runs from the piece right of that point rightwards to
//     the piece before the next point of fraction, or to the row's end (or
//     to a fixed piece);
//  4. move the segment next to the piece it fits best (Target) and deal
//     with the pieces it displaces (Displacement).
//
// The seed leaves steps 3-4 partly open; each open point is a field whose
// zero value is the default. A move that would be no better than leaving
// the segment where it is is not made. The operator works only on the
// board (not on spare slots) and keeps rotations as they are, so it is
// valid, if not designed, for puzzles whose pieces turn; Hynek's puzzles
// do not turn.
type SequenceMatching struct {
	// Target chooses where the segment goes. Default: TargetEither.
	Target SequenceTarget
	// NoRowStart leaves out the row starts as targets. By default a row
	// start is a target too, priced by the vertical join (D_v) of the
	// segment's first piece with the piece above it (below it on the first
	// row), since a segment that begins a row has no left neighbour to
	// judge it by.
	NoRowStart bool
	// Displacement says what becomes of the pieces at the target.
	// Default: BlockSwap.
	Displacement Displacement
	// Overflow says what happens to a segment that does not fit between
	// its target and the row's end (BlockSwap only). Default: Truncate.
	Overflow Overflow
	// Accept says whether a move that raises the cost stays. Default:
	// AlwaysAccept, as the seed implies.
	Accept Acceptance
}

// SequenceTarget chooses the target of a segment.
type SequenceTarget uint8

const (
	// TargetEither places the segment after the piece that fits its first
	// piece best or before the piece that fits its last piece best,
	// whichever join is cheaper (the digest's (iii)).
	TargetEither SequenceTarget = iota
	// TargetAfter places the segment right of the piece that fits its first
	// piece best (the digest's (i)).
	TargetAfter
	// TargetBefore places the segment left of the piece that fits its last
	// piece best (the digest's (ii)).
	TargetBefore
)

// Displacement is what becomes of the pieces at a segment's target.
type Displacement uint8

const (
	// BlockSwap trades the segment with the run of as many cells at the
	// target, which keeps every other row intact.
	BlockSwap Displacement = iota
	// ShiftInsert cuts the segment out of the row-major order of the
	// board's movable cells and inserts it at the target, shifting the
	// pieces in between by the segment's length.
	ShiftInsert
)

// Overflow is what happens to a segment too long for its target's row.
type Overflow uint8

const (
	// Truncate moves only the part of the segment that fits: its start
	// for a target after a piece, its end for a target before one.
	Truncate Overflow = iota
	// Wrap lets the target run continue on the next (previous) row.
	Wrap
	// Skip gives up the target.
	Skip
)

// Acceptance says whether a move that raises the cost stays.
type Acceptance uint8

const (
	// AlwaysAccept keeps every move.
	AlwaysAccept Acceptance = iota
	// AcceptIfNotWorse undoes a move that raises the cost.
	AcceptIfNotWorse
)

func (o SequenceMatching) check() error {
	if o.Target > TargetBefore || o.Displacement > ShiftInsert || o.Overflow > Skip || o.Accept > AcceptIfNotWorse {
		return fmt.Errorf("ga: sequence matching: unknown setting in %+v", o)
	}
	return nil
}

// fraction is a likely point of fraction: the join right of cell at.
type fraction struct {
	at    int
	price float64
}

// move is a candidate target: the segment part [from, from+n) goes to
// [to, to+n) (BlockSwap), or is inserted at cell ins, after or before it.
type move struct {
	price    float64
	from, to int
	n        int
	ins      int
	after    bool
}

// sequenceMatch applies the sequence-matching operator to x and
// re-evaluates it.
func (e *engine) sequenceMatch(x *individual) {
	op := e.s.sequence
	l := e.l
	R, C := l.Rows, l.Cols
	if C < 2 {
		return
	}
	pr := l.Pricer
	cells := x.Cells
	// 1. The Rows worst joins between horizontal neighbours whose right
	// piece may move.
	pts := e.fracs[:0]
	for r := range R {
		for c := range C - 1 {
			i := r*C + c
			if a, b := cells[i], cells[i+1]; a >= 0 && b >= 0 && !l.Fixed(i+1) {
				pts = append(pts, fraction{i, pr.Join(a, puzzle.Right, b)})
			}
		}
	}
	e.fracs = pts
	// Ties are common (a label puzzle prices every mismatch 1): break
	// them at random, not by position.
	e.rng.Shuffle(len(pts), func(i, j int) { pts[i], pts[j] = pts[j], pts[i] })
	slices.SortStableFunc(pts, func(a, b fraction) int { return cmpCost(b.price, a.price) })
	pts = pts[:min(len(pts), R)]
	// 2. One of them by roulette on its price.
	var sum float64
	for _, p := range pts {
		sum += max(p.price, 0)
	}
	if !(sum > 0) {
		return
	}
	x0 := e.rng.Float64() * sum
	pick := len(pts) - 1
	for k, p := range pts {
		if x0 -= max(p.price, 0); x0 < 0 {
			pick = k
			break
		}
	}
	e.inside.reset()
	for _, p := range pts {
		e.inside.set(p.at)
	}
	// 3. The segment [s, end].
	s := pts[pick].at + 1
	end := s
	for end%C < C-1 && !l.Fixed(end+1) && !e.inside.has(end) {
		end++
	}
	first, last := cells[s], cells[end]
	L := end - s + 1
	// 4. The best target; leaving the segment in place is the bar to beat.
	best := move{price: pts[pick].price, n: 0}
	if op.Target == TargetBefore {
		best.price = math.Inf(1)
		if end%C < C-1 && last >= 0 && cells[end+1] >= 0 {
			best.price = pr.Join(last, puzzle.Right, cells[end+1])
		}
	}
	inSeg := func(i int) bool { return i >= s && i <= end }
	consider := func(m move) {
		if m.price < best.price && e.fits(m, s, L) {
			best = m
		}
	}
	// after returns the move that starts the segment at cell d.
	after := func(price float64, d int) move {
		n := L
		if d%C+n > C && op.Overflow == Truncate {
			n = C - d%C
		}
		return move{price: price, from: s, to: d, n: n, ins: d - 1, after: true}
	}
	if op.Target != TargetBefore {
		for j, p := range cells[:R*C] {
			if p >= 0 && j%C < C-1 && !inSeg(j) {
				consider(after(pr.Join(p, puzzle.Right, first), j+1))
			}
		}
		if !op.NoRowStart {
			for r := range R {
				d := r * C
				switch {
				case r > 0 && cells[d-C] >= 0 && !inSeg(d-C):
					m := after(pr.Join(cells[d-C], puzzle.Bottom, first), d)
					m.ins, m.after = d, false
					consider(m)
				case r == 0 && R > 1 && cells[C] >= 0 && !inSeg(C):
					m := after(pr.Join(first, puzzle.Bottom, cells[C]), d)
					m.ins, m.after = d, false
					consider(m)
				}
			}
		}
	}
	if op.Target != TargetAfter && last >= 0 {
		for j, q := range cells[:R*C] {
			if q < 0 || j%C == 0 || inSeg(j) {
				continue
			}
			n := L
			if j%C < n && op.Overflow == Truncate {
				n = j % C
			}
			consider(move{price: pr.Join(last, puzzle.Right, q), from: end - n + 1, to: j - n, n: n, ins: j})
		}
	}
	if best.n == 0 {
		return
	}
	before := x.Cost()
	if op.Accept == AcceptIfNotWorse {
		e.saved = append(e.saved[:0], cells...)
	}
	if op.Displacement == BlockSwap {
		for k := range best.n {
			a, b := best.from+k, best.to+k
			cells[a], cells[b] = cells[b], cells[a]
		}
	} else {
		e.shiftInsert(x, s, L, best)
	}
	e.run.Stats.Evaluations++
	if x.Recompute() > before && op.Accept == AcceptIfNotWorse {
		copy(cells, e.saved)
		x.Recompute()
	}
}

// fits reports whether move m is possible: for BlockSwap the target run
// lies on the board, in one row unless wrapping, clear of fixed cells and
// of the segment; for ShiftInsert the segment is moved at all.
func (e *engine) fits(m move, s, L int) bool {
	l := e.l
	C := l.Cols
	if e.s.sequence.Displacement == ShiftInsert {
		return true
	}
	if m.n <= 0 || m.to < 0 || m.to+m.n > l.Rows*C {
		return false
	}
	if e.s.sequence.Overflow != Wrap && m.to/C != (m.to+m.n-1)/C {
		return false
	}
	if m.to < m.from+m.n && m.from < m.to+m.n {
		return false
	}
	for i := m.to; i < m.to+m.n; i++ {
		if l.Fixed(i) {
			return false
		}
	}
	return true
}

// shiftInsert moves the segment [s, s+L) of x within the row-major order
// of the board's movable cells to m's insertion point, shifting the cells
// in between.
func (e *engine) shiftInsert(x *individual, s, L int, m move) {
	// The movable board cells in order, and where the segment and the
	// insertion point fall among them.
	var f []int
	for _, i := range e.free {
		if i < e.l.Cells() {
			f = append(f, i)
		}
	}
	fs, _ := slices.BinarySearch(f, s)
	ins, found := slices.BinarySearch(f, m.ins)
	if found && m.after {
		ins++
	}
	vals := e.stack[:0]
	switch {
	case ins > fs+L: // rotate f[fs:ins] left by L
		for _, i := range f[fs:ins] {
			vals = append(vals, x.Cells[i])
		}
		for k, i := range f[fs:ins] {
			x.Cells[i] = vals[(k+L)%len(vals)]
		}
	case ins < fs: // rotate f[ins:fs+L] right by L
		for _, i := range f[ins : fs+L] {
			vals = append(vals, x.Cells[i])
		}
		n := len(vals)
		for k, i := range f[ins : fs+L] {
			x.Cells[i] = vals[(k-L+n)%n]
		}
	}
	e.stack = vals
}
