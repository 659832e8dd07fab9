package ga

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// SequenceMatching sets up Hynek's "point of fraction" operator (seed 002
// §3.2), an asexual operator that moves a likely-correct run of pieces
// next to the piece it fits best, so that correct segments grow. One move:
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
// zero value is the default. A move is made only when the join it builds
// is cheaper than the join it leaves (the point of fraction), the
// operator's own test. The operator works only on the board (not on spare
// slots) and keeps rotations as they are, so it is valid, if not designed,
// for puzzles whose pieces turn; Hynek's puzzles do not turn.
//
// # One application is a burst of moves
//
// The seed never says how many moves one application makes. Read as one
// move, its schedule cannot work: the best board gains at most one segment
// move a generation, about 150 in the second phase, while a 15×15 picture
// needs some 400 joins built, and crossover and selection build none (the
// first phase, roulette on a nearly flat 1/(1+cost), reaches 1-2 % right
// neighbours in 50 generations under roulette, rank or tournament). So
// one application is read as a burst of moves in a row on the same board
// (Moves), each choosing its point of fraction afresh, every move the
// operator makes kept. An independent review of the seed, on a textured
// photograph cut into 15×15 pieces of 80 px, found Hynek's schedule
// re-assembling no picture with one move an application (right
// neighbours 9 %), none with 15 (44 %), 1 in 6 with 50 (86 %) and 10 in 16
// with Rows×Cols. The failures glue whole rows back in the wrong order
// (96 % or 93 % right neighbours), the failure the seed describes (§5),
// which no move of a segment within a row mends; the population stops
// improving a third of the way into the second phase. Yet a burst does
// not stop when the rows are built: nine tries in ten move a segment,
// since a row start priced by D_v, or another piece, often undercuts the
// point of fraction, and the board is broken and rebuilt, sometimes with
// its rows in another order. Longer bursts walk further, and the rows
// come out right more often. On the first photograph of Pomeranz et
// al.'s BGU 3,300-piece set at 15×15 pieces of 80 px, seeds 1-40 and
// 101-140, the picture was re-assembled in 41 of 80 runs with Rows×Cols
// moves a burst, 56 with twice that, 72 with four times (MovesPerCell 4,
// Hynek's setting) and 33 of 40 with eight: four is where it levels off,
// and a run takes about 10 s. Row starts are what orders the rows:
// without them as targets (NoRowStart) none of 12 runs re-assembled the
// picture.
// Keeping only moves that do not raise the board's total cost
// (AcceptIfNotWorse) froze the search (none of 6, 35 % right neighbours):
// early on the vertical joins are random and drown the one horizontal
// join a move gains. Smooth photographs (sky, water) fail whatever the
// reading: their wrong joins are cheap, so they are rarely among the
// worst, and never move.
//
// The fields marked "beyond the seed" take the operator further; see
// HynekExtended.
type SequenceMatching struct {
	// Target chooses where the segment goes. Default: TargetEither.
	Target SequenceTarget
	// NoRowStart leaves out the row starts as targets. By default a row
	// start is a target too, priced by the vertical join (D_v) of the
	// segment's first piece with the piece that will sit above it (below
	// it on the first row), since a segment that begins a row has no left
	// neighbour to judge it by.
	NoRowStart bool
	// Displacement says what becomes of the pieces at the target.
	// Default: BlockSwap.
	Displacement Displacement
	// Overflow says what happens to a segment that does not fit between
	// its target and the row's end (BlockSwap only). Default: Truncate.
	Overflow Overflow
	// Accept says whether a move that raises the board's cost stays.
	// Default: AlwaysAccept, as the seed implies.
	Accept Acceptance
	// Moves is the number of moves one application tries, each from a
	// point of fraction chosen afresh; a burst ends early when no join is
	// left to improve. 1 is the operator read literally. 0 means
	// MovesPerCell for each board cell. Default: 0.
	Moves int
	// MovesPerCell sets the length of a burst, when Moves is 0, as a
	// number of moves for each board cell: a burst of MovesPerCell ×
	// Rows×Cols moves, so that it grows with the board. 0 means 1.
	// Default: 1; Hynek sets 4 (see above).
	MovesPerCell int
	// Fractions, beyond the seed, says how joins are priced as points of
	// fraction. Default: AbsoluteFractions.
	Fractions FractionPrice
	// Along, beyond the seed, says along which lines segments run.
	// Default: AlongRows.
	Along Orientation
	// Lines, beyond the seed, ends each application by moving whole rows
	// and whole columns, or blocks of neighbouring ones, elsewhere while
	// that lowers the board's cost: the picture cut between two rows and
	// glued back in the wrong order is one move from right, which no move
	// of a segment makes. Default: off.
	Lines bool
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
	// pieces in between by the segment's length. A target counts only if
	// the join it is priced by is a join after the shift.
	ShiftInsert
	// SwapOrShift, beyond the seed, swaps blocks as BlockSwap does between
	// rows, but moves a segment whose target lies in its own row there
	// whole, the pieces between shifting along the row to fill its place:
	// a block swap cannot move a segment a few cells along its row (the
	// runs would overlap), and truncates a long one, so a row cut
	// anywhere but at its end stays cut.
	SwapOrShift
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

// Orientation says along which lines the operator's segments run.
type Orientation uint8

const (
	// AlongRows runs segments along the rows, as the seed does.
	AlongRows Orientation = iota
	// AlongColumns runs them down the columns: the same moves on the
	// board mirrored in its main diagonal, so that points of fraction are
	// priced by D_v and a segment goes below the piece that fits its top
	// best.
	AlongColumns
	// AlongBoth runs the whole schedule twice, along the rows and then,
	// from a fresh deal, down the columns, and keeps the better board. A
	// photograph with a smooth sky, which lightens towards the horizon,
	// builds down its columns (in one such, at 80 px, 99.5 % of the pieces
	// fit their true upper neighbour best and 90.5 % their true left one);
	// a textured one may build better along its rows though it tells both
	// apart alike. Boards of either kind mixed in one population, each
	// lineage keeping to its way, did worse than both runs: the boards of
	// one way would win early and stall later.
	AlongBoth
)

// FractionPrice says how a join is priced as a point of fraction.
type FractionPrice uint8

const (
	// AbsoluteFractions prices a join by its dissimilarity, as the seed
	// does.
	AbsoluteFractions FractionPrice = iota
	// RelativeFractions prices a join by its dissimilarity over that of
	// the best join either of its pieces could have on that side. In a
	// smooth region (sky, water) every join is cheap, the wrong ones too,
	// so that by their price they are never among the worst; beside the
	// best their pieces could have, they are.
	RelativeFractions
)

// Acceptance says whether a move that raises the board's cost stays.
type Acceptance uint8

const (
	// AlwaysAccept keeps every move the operator makes; the operator's own
	// test (the new join is cheaper than the point of fraction) is the
	// only bar.
	AlwaysAccept Acceptance = iota
	// AcceptIfNotWorse undoes a move that raises the board's total cost.
	AcceptIfNotWorse
)

func (o SequenceMatching) check() error {
	if o.Target > TargetBefore || o.Displacement > SwapOrShift || o.Overflow > Skip || o.Accept > AcceptIfNotWorse || o.Fractions > RelativeFractions || o.Along > AlongBoth {
		return fmt.Errorf("ga: sequence matching: unknown setting in %+v", o)
	}
	if o.Moves < 0 {
		return fmt.Errorf("ga: sequence matching: %d moves per application, need at least 0", o.Moves)
	}
	if o.MovesPerCell < 0 {
		return fmt.Errorf("ga: sequence matching: %d moves per board cell, need at least 0", o.MovesPerCell)
	}
	return nil
}

// fraction is a likely point of fraction: the join right of cell at.
type fraction struct {
	at    int
	price float64
}

// move is a candidate target. A block swap trades [from, from+n) with
// [to, to+n); a shift-insert moves the segment so that its first piece
// lands at index k of the movable cells. n == 0 is no move.
type move struct {
	price    float64
	from, to int
	n        int
	k        int
	// along: the segment [from, from+n) moves to [to, to+n) in its own
	// row and the pieces between shift along the row.
	along bool
}

// candidate is an element and the price of a join with it.
type candidate struct {
	price float64
	el    local.Elem
}

// maxCandidates bounds each element's list of best neighbours; a search
// that runs past the end of a list scans the board.
const maxCandidates = 48

// sequencer is the sequence-matching operator's state for a run on one
// layout (the board's, or its transpose's): the elements' best neighbours,
// built as they are needed, and scratch for one board.
type sequencer struct {
	l      *local.Layout
	op     SequenceMatching
	rng    *rand.Rand
	inside marks // cells whose right join is a point of fraction

	joins  []int32 // cells whose right join the operator may break
	joinOf []int32 // joinOf[cell]: its index in joins, or -1
	// price[t] is the price of join t on the board being worked, -1 when
	// a side of it is empty.
	price     []float64
	free      []int   // the movable board cells, row-major
	freeIndex []int32 // freeIndex[cell]: its index in free, or -1
	elems     []local.Elem
	// left[e] lists the elements that fit best left of element e, right[e]
	// those that fit best right of it, cheapest first; nil until needed.
	left, right [][]candidate
	pos         []int32 // piece → slot on the board being worked
	heap        []fraction
	// cand holds the joins a scan keeps for the heap; floor is the price
	// below which the next scan drops a join, slack the share of the
	// last n-th dearest price it is set to (see worst).
	cand         []fraction
	floor, slack float64
	vals         []local.Elem
	slots        []int
	saved        []local.Elem
}

// newSequencer prepares the operator op on layout l, whose fixed pieces
// x shows, drawing from rng.
func newSequencer(l *local.Layout, x *individual, op SequenceMatching, rng *rand.Rand) *sequencer {
	R, C := l.Rows, l.Cols
	q := &sequencer{l: l, op: op, rng: rng, inside: newMarks(l.Slots()), slack: 0.5,
		freeIndex: make([]int32, R*C), joinOf: make([]int32, R*C)}
	for i := range R * C {
		q.freeIndex[i] = -1
		q.joinOf[i] = -1
		if i%C < C-1 && !l.Fixed(i+1) {
			q.joinOf[i] = int32(len(q.joins))
			q.joins = append(q.joins, int32(i))
		}
	}
	q.price = make([]float64, len(q.joins))
	for _, i := range l.Free {
		if i < R*C {
			q.freeIndex[i] = int32(len(q.free))
			q.free = append(q.free, i)
		}
	}
	pieces := l.Pricer.Pieces()
	// The elements a board may hold: every turn of a piece that turns,
	// otherwise the piece unturned or as it is fixed.
	fixedAs := make(map[int]local.Elem)
	for i := range l.Slots() {
		if l.Fixed(i) && x.Cells[i] >= 0 {
			fixedAs[x.Cells[i].Piece()] = x.Cells[i]
		}
	}
	for p := range pieces {
		switch el, ok := fixedAs[p]; {
		case ok:
			q.elems = append(q.elems, el)
		case l.Rotatable:
			for r := range local.Elem(4) {
				q.elems = append(q.elems, local.Elem(p<<2)|r)
			}
		default:
			q.elems = append(q.elems, local.Elem(p<<2))
		}
	}
	q.left = make([][]candidate, 4*pieces)
	q.right = make([][]candidate, 4*pieces)
	q.pos = make([]int32, pieces)
	return q
}

// best returns the elements that fit best on side s of el (Left or
// Right), cheapest first, and whether the list holds every element.
func (q *sequencer) best(pr *local.Pricer, el local.Elem, s puzzle.Side) ([]candidate, bool) {
	lists := q.right
	if s == puzzle.Left {
		lists = q.left
	}
	if lists[el] == nil {
		all := make([]candidate, 0, len(q.elems))
		for _, o := range q.elems {
			if o.Piece() != el.Piece() {
				all = append(all, candidate{pr.Join(el, s, o), o})
			}
		}
		slices.SortFunc(all, func(a, b candidate) int {
			if c := cmp.Compare(a.price, b.price); c != 0 {
				return c
			}
			return cmp.Compare(a.el, b.el)
		})
		lists[el] = slices.Clip(all[:min(len(all), maxCandidates)])
	}
	return lists[el], len(lists[el]) < maxCandidates
}

// sequenceMatch applies the sequence-matching operator to x, a burst of
// moves along its rows or its columns, and re-evaluates it.
func (e *engine) sequenceMatch(x *individual) {
	op := e.s.sequence
	if e.seq == nil {
		e.seq = newSequencer(e.l, x, op, e.rng)
		if e.useCols && (e.l.Rows < 2 || e.transposed(x) != nil) {
			// The transpose of a valid board is valid; should it not
			// be, the operator keeps to the rows.
			e.useCols = false
		}
	}
	if e.useCols {
		xt := e.colBoard
		transpose(xt, x, e.l.Rows, e.l.Cols)
		e.cols.burst(xt)
		transpose(x, xt, e.l.Cols, e.l.Rows)
	} else {
		e.seq.burst(x)
	}
	x.Recompute()
	if op.Lines {
		e.moveLines(x)
	}
	e.run.Stats.Evaluations++
}

// transposed sets up the operator on the columns: the sequencer of the
// board's transpose, whose rows are the board's columns, and a board to
// work on there.
func (e *engine) transposed(x *individual) error {
	p := e.run.Problem()
	if p.Scorer == nil {
		return fmt.Errorf("ga: no scorer to price the transposed board")
	}
	pt := p.Puzzle.Clone()
	pt.Rows, pt.Cols = p.Puzzle.Cols, p.Puzzle.Rows
	for i, f := range pt.Fixed {
		pt.Fixed[i].Cell = puzzle.Cell{Row: f.Cell.Col, Col: f.Cell.Row}
	}
	var sc edge.Scorer = transposedScorer{p.Scorer}
	if f, ok := p.Scorer.(edge.FrameScorer); ok {
		sc = transposedFrameScorer{transposedScorer{p.Scorer}, f}
	}
	lt := local.NewLayout(pt, local.NewPricer(pt, sc))
	if lt.Slots() != e.l.Slots() {
		return fmt.Errorf("ga: the transposed board has %d slots, the board %d", lt.Slots(), e.l.Slots())
	}
	e.colBoard = local.NewState(lt)
	transpose(e.colBoard, x, e.l.Rows, e.l.Cols)
	e.cols = newSequencer(lt, e.colBoard, e.s.sequence, e.rng)
	return nil
}

// transpose writes into dst, a board of cols × rows cells, the transpose
// of src, a board of rows × cols cells; the spare slots are copied.
func transpose(dst, src *individual, rows, cols int) {
	for r := range rows {
		for c := range cols {
			dst.Cells[c*rows+r] = src.Cells[r*cols+c]
		}
	}
	copy(dst.Cells[rows*cols:], src.Cells[rows*cols:])
	dst.Recompute()
}

// transposedScorer prices a join of the transposed board, whose rows are
// the board's columns: a side of it is the board's side mirrored in the
// main diagonal (Top and Left trade places, as do Right and Bottom).
type transposedScorer struct{ s edge.Scorer }

func (t transposedScorer) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	return t.s.Score(a, 3-s, b)
}

type transposedFrameScorer struct {
	transposedScorer
	f edge.FrameScorer
}

func (t transposedFrameScorer) ScoreFrame(a puzzle.Placement, s puzzle.Side) float64 {
	return t.f.ScoreFrame(a, 3-s)
}

// burst makes the moves of one application on x and leaves its cost
// current.
func (q *sequencer) burst(x *individual) {
	l := q.l
	if l.Cols < 2 {
		return
	}
	q.placeAll(x)
	moves := q.op.Moves
	if moves == 0 {
		moves = max(q.op.MovesPerCell, 1) * l.Cells()
	}
	for range moves {
		if !q.matchOnce(x) {
			break
		}
	}
}

// worst returns the n dearest joins, scanning from join off onwards and
// round, in a min-heap by price. A move changes a few prices, so the n-th
// dearest price moves little from one move to the next: the scan first
// keeps only joins above a floor below the last n-th price, about twice
// as many as it wants, and heaps those few rather than all; it scans
// again without the floor when too few pass it. Joins below the floor are
// cheaper than n others and could not be among the n, so the choice is
// the one a heap of every join makes, ties apart.
func (q *sequencer) worst(off, n int) []fraction {
	collect := func(floor float64) []fraction {
		c := q.cand[:0]
		for _, span := range [2][2]int{{off, len(q.joins)}, {0, off}} {
			for t := span[0]; t < span[1]; t++ {
				if p := q.price[t]; p >= floor {
					c = append(c, fraction{int(q.joins[t]), p})
				}
			}
		}
		q.cand = c
		return c
	}
	// A price below 0 marks a join with an empty side.
	c := collect(q.floor)
	if len(c) < n && q.floor > 0 {
		c = collect(0)
		q.slack *= 0.5 // the floor was too high: lower it further below
	} else if len(c) > 2*n {
		q.slack = 1 - 0.5*(1-q.slack)
	}
	h := q.heap[:0]
	for _, f := range c {
		switch {
		case len(h) < n:
			h = append(h, f)
			for k := len(h) - 1; k > 0; {
				up := (k - 1) / 2
				if h[up].price <= h[k].price {
					break
				}
				h[up], h[k] = h[k], h[up]
				k = up
			}
		case f.price > h[0].price:
			h[0] = f
			for k := 0; ; {
				c := 2*k + 1
				if c >= len(h) {
					break
				}
				if c+1 < len(h) && h[c+1].price < h[c].price {
					c++
				}
				if h[k].price <= h[c].price {
					break
				}
				h[k], h[c] = h[c], h[k]
				k = c
			}
		}
	}
	q.heap = h
	q.floor = 0
	if len(h) == n {
		q.floor = h[0].price * q.slack
	}
	return h
}

// matchOnce makes one move of the operator on x, whose cost and the
// sequencer's positions it keeps current; false when no join is left to
// improve.
func (q *sequencer) matchOnce(x *individual) bool {
	op := q.op
	l := q.l
	R, C := l.Rows, l.Cols
	pr := l.Pricer
	cells := x.Cells
	// 1. The Rows worst joins between horizontal neighbours whose right
	// piece may move, kept in a min-heap by price. The scan starts at a
	// random join, so that ties (common in label puzzles, where every
	// mismatch costs 1) fall at random rather than by position.
	if len(q.joins) == 0 {
		return false
	}
	h := q.worst(q.rng.IntN(len(q.joins)), R)
	// 2. One of them by roulette on its price.
	var sum float64
	for _, p := range h {
		sum += max(p.price, 0)
	}
	if !(sum > 0) {
		return false
	}
	x0 := q.rng.Float64() * sum
	pick := len(h) - 1
	for k, p := range h {
		if x0 -= max(p.price, 0); x0 < 0 {
			pick = k
			break
		}
	}
	q.inside.reset()
	for _, p := range h {
		q.inside.set(p.at)
	}
	// 3. The segment [s, end].
	s := h[pick].at + 1
	end := s
	for end%C < C-1 && !l.Fixed(end+1) && !q.inside.has(end) {
		end++
	}
	first, last := cells[s], cells[end]
	L := end - s + 1
	// 4. The best target; leaving the segment in place is the bar to beat.
	best := move{price: pr.Join(cells[s-1], puzzle.Right, first)}
	if op.Target == TargetBefore {
		best.price = math.Inf(1)
		if end%C < C-1 && last >= 0 && cells[end+1] >= 0 {
			best.price = pr.Join(last, puzzle.Right, cells[end+1])
		}
	}
	shift := op.Displacement == ShiftInsert
	fs := 0
	if shift {
		fs = int(q.freeIndex[s])
	}
	inSeg := func(i int) bool { return i >= s && i <= end }
	// after returns the move that puts first right of the piece at cell j.
	after := func(price float64, j int) (move, bool) {
		if j%C == C-1 || inSeg(j) {
			return move{}, false
		}
		if shift {
			fj := int(q.freeIndex[j])
			if fj < 0 {
				return move{}, false
			}
			k := fj + 1
			if fj > fs {
				k = fj - L + 1
			}
			// The piece at j lands at index k-1, first at k: a join only
			// if those cells are neighbours in a row.
			if k == fs || k+L > len(q.free) || q.free[k-1]%C == C-1 || q.free[k] != q.free[k-1]+1 {
				return move{}, false
			}
			return move{price: price, n: L, k: k}, true
		}
		d := j + 1
		if op.Displacement == SwapOrShift && d/C == s/C {
			if d > s {
				d -= L // the pieces between shift left past the segment
			}
			return q.along(s, d, L, price)
		}
		n := L
		if d%C+n > C && op.Overflow == Truncate {
			n = C - d%C
		}
		m := move{price: price, from: s, to: d, n: n}
		return m, q.fits(m)
	}
	// before returns the move that puts last left of the piece at cell j.
	before := func(price float64, j int) (move, bool) {
		if j%C == 0 || inSeg(j) {
			return move{}, false
		}
		if shift {
			fj := int(q.freeIndex[j])
			if fj < 0 {
				return move{}, false
			}
			k := fj
			if fj > fs {
				k = fj - L
			}
			// last lands at index k+L-1, the piece at j at k+L.
			if k == fs || k+L >= len(q.free) || q.free[k+L-1]%C == C-1 || q.free[k+L] != q.free[k+L-1]+1 {
				return move{}, false
			}
			return move{price: price, n: L, k: k}, true
		}
		if op.Displacement == SwapOrShift && j/C == s/C {
			t := j
			if j > s {
				t = j - L
			}
			return q.along(s, t, L, price)
		}
		n := L
		if j%C < n && op.Overflow == Truncate {
			n = j % C
		}
		m := move{price: price, from: end - n + 1, to: j - n, n: n}
		return m, q.fits(m)
	}
	consider := func(m move, ok bool) {
		if ok && m.price < best.price {
			best = m
		}
	}
	if op.Target != TargetBefore {
		q.bestTarget(x, first, puzzle.Left, &best, after)
		if !op.NoRowStart {
			for r := range R {
				consider(q.rowStart(x, r*C, s, L, fs, first))
			}
		}
	}
	if op.Target != TargetAfter && last >= 0 {
		q.bestTarget(x, last, puzzle.Right, &best, before)
	}
	if best.n == 0 {
		return true
	}
	prior := x.Cost()
	if shift {
		if op.Accept == AcceptIfNotWorse {
			q.saved = append(q.saved[:0], cells[:l.Cells()]...)
		}
		q.shiftInsert(x, fs, L, best.k)
		if x.Recompute() > prior && op.Accept == AcceptIfNotWorse {
			copy(cells, q.saved)
			x.Recompute()
		}
		q.placeAll(x)
		return true
	}
	q.apply(x, best)
	// Incremental costs drift by rounding: a move that leaves the cost as
	// it was may read a hair above it.
	if op.Accept == AcceptIfNotWorse && x.Cost() > prior+1e-9*math.Abs(prior) {
		q.undo(x, best)
	}
	return true
}

// along returns the move that shifts the segment of L pieces at cell s to
// cell t of its own row, or false when a fixed piece lies in the way.
func (q *sequencer) along(s, t, L int, price float64) (move, bool) {
	if t == s {
		return move{}, false
	}
	for i := min(s, t); i < max(s, t)+L; i++ {
		if q.l.Fixed(i) {
			return move{}, false
		}
	}
	return move{price: price, from: s, to: t, n: L, along: true}, true
}

// apply makes block move m on x, keeping its cost and the sequencer's
// positions and prices.
func (q *sequencer) apply(x *individual, m move) {
	if !m.along {
		q.swapBlocks(x, m)
		return
	}
	lo, hi := min(m.from, m.to), max(m.from, m.to)+m.n
	slots, vals := q.slots[:0], q.vals[:0]
	for i := lo; i < hi; i++ {
		slots = append(slots, i)
	}
	// The segment lands at m.to; the pieces it passes close up behind it.
	if m.to < m.from {
		vals = append(vals, x.Cells[m.from:m.from+m.n]...)
		vals = append(vals, x.Cells[m.to:m.from]...)
	} else {
		vals = append(vals, x.Cells[m.from+m.n:m.to+m.n]...)
		vals = append(vals, x.Cells[m.from:m.from+m.n]...)
	}
	q.slots, q.vals = slots, vals
	x.SetMany(slots, vals)
	for i := lo; i < hi; i++ {
		if c := x.Cells[i]; c >= 0 {
			q.pos[c.Piece()] = int32(i)
		}
	}
	for j := max(lo-1, 0); j < hi; j++ {
		if t := q.joinOf[j]; t >= 0 {
			q.price[t] = q.joinPrice(x, j)
		}
	}
}

// undo undoes move m on x.
func (q *sequencer) undo(x *individual, m move) {
	if m.along {
		m.from, m.to = m.to, m.from
	}
	q.apply(x, m)
}

// bestTarget lowers best to the cheapest feasible move that joins el on
// side s to a piece on the board: the piece left of it for s == Left, right
// of it for s == Right. at makes the move that builds the join with the
// piece at a cell, or reports that it cannot be made.
func (q *sequencer) bestTarget(x *individual, el local.Elem, s puzzle.Side, best *move, at func(float64, int) (move, bool)) {
	cells := x.Cells
	list, whole := q.best(q.l.Pricer, el, s)
	for _, c := range list {
		if c.price >= best.price {
			return
		}
		j := int(q.pos[c.el.Piece()])
		if j < 0 || cells[j] != c.el {
			continue
		}
		if m, ok := at(c.price, j); ok {
			*best = m
			return
		}
	}
	if whole {
		return
	}
	// Every listed neighbour is out of reach: look at the whole board.
	pr := q.l.Pricer
	for j, o := range cells[:q.l.Cells()] {
		if o < 0 || o.Piece() == el.Piece() {
			continue
		}
		var price float64
		if s == puzzle.Left {
			price = pr.Join(o, puzzle.Right, el)
		} else {
			price = pr.Join(el, puzzle.Right, o)
		}
		if price < best.price {
			if m, ok := at(price, j); ok {
				*best = m
			}
		}
	}
}

// rowStart returns the move that starts row d/Cols with the segment of L
// pieces at cell s (free index fs, for a shift-insert) whose first piece
// is first, priced by the vertical join of first with the piece that will
// sit above it (below it on the first row), or false.
func (q *sequencer) rowStart(x *individual, d, s, L, fs int, first local.Elem) (move, bool) {
	l := q.l
	C := l.Cols
	if l.Rows < 2 {
		return move{}, false
	}
	pr := l.Pricer
	// nb is the cell whose piece will touch first's top (bottom on the
	// first row).
	nb := d - C
	if d == 0 {
		nb = C
	}
	var m move
	var o local.Elem
	if q.op.Displacement == ShiftInsert {
		k := int(q.freeIndex[d])
		if k < 0 || k == fs || k+L > len(q.free) {
			return move{}, false
		}
		m = move{n: L, k: k}
		if f := int(q.freeIndex[nb]); f < 0 {
			o = x.Cells[nb]
		} else {
			src := shiftSource(f, fs, L, k)
			if src >= fs && src < fs+L {
				return move{}, false // the segment's own piece
			}
			o = x.Cells[q.free[src]]
		}
	} else {
		if nb >= s && nb < s+L {
			return move{}, false
		}
		// A segment never holds a row's first cell, so it fits a row.
		m = move{from: s, to: d, n: L}
		ok := false
		if q.op.Displacement == SwapOrShift && d/C == s/C {
			m, ok = q.along(s, d, L, 0)
		} else {
			ok = q.fits(m)
		}
		if !ok {
			return move{}, false
		}
		o = x.Cells[nb]
	}
	if o < 0 {
		return move{}, false
	}
	if d == 0 {
		m.price = pr.Join(first, puzzle.Bottom, o)
	} else {
		m.price = pr.Join(o, puzzle.Bottom, first)
	}
	return m, true
}

// fits reports whether block swap m is possible: the target run lies on
// the board, in one row unless wrapping, clear of fixed cells and of the
// run it trades with.
func (q *sequencer) fits(m move) bool {
	l := q.l
	C := l.Cols
	if m.n <= 0 || m.to < 0 || m.to+m.n > l.Rows*C {
		return false
	}
	if q.op.Overflow != Wrap && m.to/C != (m.to+m.n-1)/C {
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

// swapBlocks makes block swap m on x, keeping its cost and the
// sequencer's positions; a second call undoes it.
func (q *sequencer) swapBlocks(x *individual, m move) {
	for k := range m.n {
		a, b := m.from+k, m.to+k
		x.Swap(a, b)
		if c := x.Cells[a]; c >= 0 {
			q.pos[c.Piece()] = int32(a)
		}
		if c := x.Cells[b]; c >= 0 {
			q.pos[c.Piece()] = int32(b)
		}
	}
	// The joins around both runs.
	for _, i := range [2]int{m.from, m.to} {
		for j := max(i-1, 0); j < i+m.n; j++ {
			if t := q.joinOf[j]; t >= 0 {
				q.price[t] = q.joinPrice(x, j)
			}
		}
	}
}

// joinPrice returns the price of the join right of cell i of x as a point
// of fraction, -1 when a side of it is empty.
func (q *sequencer) joinPrice(x *individual, i int) float64 {
	a, b := x.Cells[i], x.Cells[i+1]
	if a < 0 || b < 0 {
		return -1
	}
	pr := q.l.Pricer
	p := pr.Join(a, puzzle.Right, b)
	if q.op.Fractions == RelativeFractions {
		ra, _ := q.best(pr, a, puzzle.Right)
		lb, _ := q.best(pr, b, puzzle.Left)
		low := p
		if len(ra) > 0 {
			low = min(low, ra[0].price)
		}
		if len(lb) > 0 {
			low = min(low, lb[0].price)
		}
		// The tiny term keeps two perfect joins at 1 rather than 0/0.
		const tiny = 1e-9
		p = (p + tiny) / (low + tiny)
	}
	return p
}

// shiftSource returns the index among the movable cells whose piece lands
// at index t when the segment of L pieces at index fs moves so that its
// first piece lands at index k.
func shiftSource(t, fs, L, k int) int {
	switch {
	case k > fs && t >= fs && t < k:
		return t + L
	case k > fs && t >= k && t < k+L:
		return fs + t - k
	case k < fs && t >= k && t < k+L:
		return fs + t - k
	case k < fs && t >= k+L && t < fs+L:
		return t - L
	}
	return t
}

// shiftInsert moves the segment of L pieces at index fs of the board's
// movable cells, in row-major order, so that its first piece lands at
// index k, shifting the pieces in between. The cost, positions and join
// prices are left to the caller.
func (q *sequencer) shiftInsert(x *individual, fs, L, k int) {
	lo, hi := min(fs, k), max(fs, k)+L
	vals := q.vals[:0]
	for _, i := range q.free[lo:hi] {
		vals = append(vals, x.Cells[i])
	}
	q.vals = vals
	for t := lo; t < hi; t++ {
		c := vals[shiftSource(t, fs, L, k)-lo]
		x.Cells[q.free[t]] = c
	}
}

// placeAll rebuilds the sequencer's positions and join prices from x's
// board.
func (q *sequencer) placeAll(x *individual) {
	for i := range q.pos {
		q.pos[i] = -1
	}
	for i, c := range x.Cells[:q.l.Cells()] {
		if c >= 0 {
			q.pos[c.Piece()] = int32(i)
		}
	}
	for t, i := range q.joins {
		q.price[t] = q.joinPrice(x, int(i))
	}
}
