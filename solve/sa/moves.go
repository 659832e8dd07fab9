package sa

import (
	"fmt"
	"math"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// Moves is the mix of moves a trial draws from. The weights are relative:
// a trial makes a move of each kind with probability its weight over the
// sum of the weights. Each move is drawn among the slots that hold no
// fixed piece; a puzzle's holes and spare pieces move like pieces.
//
// With Independent set, Turn and Swap are instead the probabilities of the
// two halves of the thesis's move, drawn independently in one trial: turn
// one piece, swap two, both (turn, then swap) or neither. A trial where
// neither fires, or whose swap draws one slot twice, changes nothing: it
// costs nothing, is accepted, as the thesis's code accepts any move whose
// cost is unchanged, and still counts as a trial and an iteration.
type Moves struct {
	// Turn turns one piece to one of its other three rotations, drawn
	// at random.
	Turn float64
	// Swap swaps the pieces of two slots, each keeping its rotation.
	Swap float64
	// SwapTurn swaps the pieces of two slots and turns each to the
	// rotation that prices best in its new place.
	SwapTurn float64
	// Lines swaps two whole rows or two whole columns (rows or columns
	// with even odds), the pieces keeping their rotations. Rows or
	// columns holding a fixed piece do not move.
	Lines float64
	// Blocks swaps two rectangles of the same size, from 1×1 up to 4×4
	// and at most half the board each way, the pieces keeping their
	// places within the rectangles and their rotations.
	Blocks float64
	// Independent makes Turn and Swap the independent probabilities of
	// the thesis's move; the other weights must then be 0.
	Independent bool
}

// ThesisMoves is the thesis's move, procedure adjust (seed 000
// L7639-7687, prose L2640-2645): with probability 0.5 turn a random slot's
// piece to a different rotation, and, independently, with probability 0.5
// swap the pieces of two random slots. A quarter of the trials do both and
// a quarter nothing; the swap's two slots are drawn independently, and may
// coincide, as in the code.
func ThesisMoves() Moves { return Moves{Turn: 0.5, Swap: 0.5, Independent: true} }

// EternityMoves is seed 001's move (§4.2.2): turn one piece or swap two.
// The seed does not give the split; even odds are this package's choice.
func EternityMoves() Moves { return Moves{Turn: 0.5, Swap: 0.5} }

// StrongMoves is the move mix of this package's Strong preset: only
// swaps that turn both pieces to their best rotations, which on an
// edge-matching puzzle carry a rim piece to the rim already facing out.
// On 16×16 Eternity-style puzzles it beat mixes with plain turns and
// swaps at the same number of moves.
func StrongMoves() Moves { return Moves{SwapTurn: 1} }

// validate reports what is wrong with m.
func (m Moves) validate() error {
	w := []struct {
		name string
		v    float64
	}{{"Turn", m.Turn}, {"Swap", m.Swap}, {"SwapTurn", m.SwapTurn}, {"Lines", m.Lines}, {"Blocks", m.Blocks}}
	var sum float64
	for _, x := range w {
		if !(x.v >= 0) || math.IsInf(x.v, 1) {
			return fmt.Errorf("sa: move weight %s is %v: weights must be finite and at least 0", x.name, x.v)
		}
		sum += x.v
	}
	if m.Independent {
		if m.Turn > 1 || m.Swap > 1 {
			return fmt.Errorf("sa: independent moves take probabilities: Turn %v and Swap %v must be at most 1", m.Turn, m.Swap)
		}
		if m.SwapTurn != 0 || m.Lines != 0 || m.Blocks != 0 {
			return fmt.Errorf("sa: independent moves have only Turn and Swap; SwapTurn %v, Lines %v and Blocks %v must be 0", m.SwapTurn, m.Lines, m.Blocks)
		}
		return nil
	}
	if sum == 0 {
		return fmt.Errorf("sa: every move weight is 0")
	}
	return nil
}

// moveKind is a move a trial draws.
type moveKind uint8

const (
	idle moveKind = iota
	turnMove
	swapMove
	swapTurnMove
	linesMove
	blocksMove
	adjustMove // the thesis's independent turn and swap
)

// mixer draws the kind of each trial's move.
type mixer struct {
	independent  bool
	pTurn, pSwap float64
	// cum[k] is the cumulative probability of kinds[0..k].
	cum   [5]float64
	kinds [5]moveKind
	n     int
}

// newMixer prepares m for a puzzle whose pieces turn or not: where pieces
// do not turn, turns drop out and SwapTurn is a plain swap.
func newMixer(m Moves, rotatable bool) mixer {
	if m.Independent {
		x := mixer{independent: true, pTurn: m.Turn, pSwap: m.Swap}
		if !rotatable {
			x.pTurn = 0
		}
		return x
	}
	turn, swap, swapTurn := m.Turn, m.Swap, m.SwapTurn
	if !rotatable {
		swap += turn + swapTurn
		turn, swapTurn = 0, 0
	}
	var x mixer
	total := turn + swap + swapTurn + m.Lines + m.Blocks
	if total == 0 {
		// Only turns, and pieces that do not turn: swap instead, so
		// that the search still moves.
		swap, total = 1, 1
	}
	var c float64
	for _, k := range []struct {
		w    float64
		kind moveKind
	}{{turn, turnMove}, {swap, swapMove}, {swapTurn, swapTurnMove}, {m.Lines, linesMove}, {m.Blocks, blocksMove}} {
		if k.w == 0 {
			continue
		}
		c += k.w / total
		x.cum[x.n], x.kinds[x.n] = c, k.kind
		x.n++
	}
	x.cum[x.n-1] = 1
	return x
}

// pick draws a kind for one trial from u, uniform in [0, 1).
func (x *mixer) pick(u float64) moveKind {
	for k := range x.n - 1 {
		if u < x.cum[k] {
			return x.kinds[k]
		}
	}
	return x.kinds[x.n-1]
}

// otherRotation returns e turned to one of its three other rotations.
func (a *annealer) otherRotation(e local.Elem) local.Elem {
	return e.Turned(e.Rotation() + puzzle.Rotation(1+a.rng.IntN(3)))
}

// slot draws a free slot.
func (a *annealer) slot() int { return a.free[a.rng.IntN(len(a.free))] }

// pair draws two distinct free slots; there must be two.
func (a *annealer) pair() (int, int) {
	n := len(a.free)
	i := a.rng.IntN(n)
	j := a.rng.IntN(n - 1)
	if j >= i {
		j++
	}
	return a.free[i], a.free[j]
}

// The annealer keeps the board's cost itself and applies the one- and
// two-slot moves by writing the cells: the state's own Set and Swap would
// price an accepted move a second time. The state's cost is brought back
// in step by Recompute (sync) wherever it is read: before an offer, a
// copy and at the end of each temperature step.

// put writes x into slot i, a change of d in cost.
func (a *annealer) put(i int, x local.Elem, d float64) {
	a.s.Cells[i] = x
	a.cost += d
}

// exchange swaps the elements of slots i and j, a change of d in cost.
func (a *annealer) exchange(i, j int, d float64) {
	c := a.s.Cells
	c[i], c[j] = c[j], c[i]
	a.cost += d
}

// sync prices the board afresh and makes it the cost of both the state and
// the annealer.
func (a *annealer) sync() float64 {
	a.cost = a.s.Recompute()
	a.evals++
	return a.cost
}

// try makes one trial and reports whether its move was accepted. A move
// that lowers the cost below the best so far is offered to the run; stop
// says the run must end.
func (a *annealer) try() (accepted, stop bool) {
	s := a.s
	before := a.cost
	var kind moveKind
	if a.mix.independent {
		kind = adjustMove
	} else {
		kind = a.mix.pick(a.rng.Float64())
	}
	switch kind {
	case turnMove:
		i := a.slot()
		e := s.Cells[i]
		if e < 0 {
			return a.idle()
		}
		x := a.otherRotation(e)
		a.evals++
		d := s.SetDelta(i, x)
		if !a.accept(d, before) {
			return false, false
		}
		a.put(i, x, d)
	case swapMove:
		if len(a.free) < 2 {
			return a.idle()
		}
		i, j := a.pair()
		a.evals++
		d := s.SwapDelta(i, j)
		if !a.accept(d, before) {
			return false, false
		}
		a.exchange(i, j, d)
	case swapTurnMove:
		if len(a.free) < 2 {
			return a.idle()
		}
		i, j := a.pair()
		ei, ej := s.Cells[i], s.Cells[j]
		a.exchange(i, j, s.SwapDelta(i, j))
		a.bestTurn(i)
		a.bestTurn(j)
		a.evals += 7
		if !a.accept(a.cost-before, before) {
			s.Cells[i], s.Cells[j] = ei, ej
			a.cost = before
			return false, false
		}
	case linesMove:
		l := s.L
		rows := a.rng.IntN(2) == 0
		n := l.Cols
		if rows {
			n = l.Rows
		}
		if n < 2 {
			return a.idle()
		}
		x := a.rng.IntN(n)
		y := a.rng.IntN(n - 1)
		if y >= x {
			y++
		}
		var d float64
		var ok bool
		if rows {
			d, ok = s.SwapRowsDelta(x, y)
		} else {
			d, ok = s.SwapColsDelta(x, y)
		}
		if !ok {
			return a.idle()
		}
		a.evals++
		if !a.accept(d, before) {
			return false, false
		}
		if rows {
			s.SwapRows(x, y)
		} else {
			s.SwapCols(x, y)
		}
		a.cost += d
	case blocksMove:
		l := s.L
		h := 1 + a.rng.IntN(max(1, min(4, l.Rows/2)))
		w := 1 + a.rng.IntN(max(1, min(4, l.Cols/2)))
		p := local.Block{Row: a.rng.IntN(l.Rows - h + 1), Col: a.rng.IntN(l.Cols - w + 1), Rows: h, Cols: w}
		q := local.Block{Row: a.rng.IntN(l.Rows - h + 1), Col: a.rng.IntN(l.Cols - w + 1), Rows: h, Cols: w}
		d, ok := s.SwapBlocksDelta(p, q)
		if !ok {
			return a.idle()
		}
		a.evals++
		if !a.accept(d, before) {
			return false, false
		}
		s.SwapBlocks(p, q)
		a.cost += d
	case adjustMove:
		return a.adjust(before)
	}
	return true, a.improved()
}

// adjust is the thesis's move: a turn with probability pTurn and,
// independently, a swap with probability pSwap.
func (a *annealer) adjust(before float64) (accepted, stop bool) {
	s := a.s
	rot := a.rng.Float64() < a.mix.pTurn
	swap := a.rng.Float64() < a.mix.pSwap
	turned, old := -1, local.NoElem
	if rot {
		i := a.slot()
		if e := s.Cells[i]; e >= 0 {
			x := a.otherRotation(e)
			d := s.SetDelta(i, x)
			a.evals++
			if !swap {
				if !a.accept(d, before) {
					return false, false
				}
				a.put(i, x, d)
				return true, a.improved()
			}
			// Both: turn first, then price the swap on the turned
			// board; a rejection turns the piece back.
			turned, old = i, e
			a.put(i, x, d)
		}
	}
	if !swap || len(a.free) < 2 {
		if turned < 0 {
			return a.idle()
		}
		// A turn whose swap cannot happen: the turn alone.
		if !a.accept(a.cost-before, before) {
			s.Cells[turned], a.cost = old, before
			return false, false
		}
		return true, a.improved()
	}
	i, j := a.slot(), a.slot()
	var d float64
	if i != j {
		d = s.SwapDelta(i, j)
		a.evals++
	}
	if !a.accept(a.cost-before+d, before) {
		if turned >= 0 {
			s.Cells[turned], a.cost = old, before
		}
		return false, false
	}
	if i != j {
		a.exchange(i, j, d)
	}
	return true, a.improved()
}

// idle is a trial that changes nothing: a delta of 0, accepted.
func (a *annealer) idle() (accepted, stop bool) { return true, false }

// bestTurn turns the piece in slot i to the rotation that prices best
// there, keeping its rotation on a tie.
func (a *annealer) bestTurn(i int) {
	s := a.s
	e := s.Cells[i]
	if e < 0 {
		return
	}
	best, bd := e, 0.0
	for r := puzzle.Rotation(1); r < 4; r++ {
		x := e.Turned(e.Rotation() + r)
		if d := s.SetDelta(i, x); d < bd {
			best, bd = x, d
		}
	}
	if best != e {
		a.put(i, best, bd)
	}
}

// improved offers the board when it beats the best so far and reports
// whether the run must end.
func (a *annealer) improved() bool {
	if a.cost >= a.tr.Best() {
		return false
	}
	a.sync()
	if !a.tr.Offer(a.s) {
		return true
	}
	if a.best != nil && a.tr.Best() < a.bestCost {
		a.best.CopyFrom(a.s)
		a.bestCost = a.tr.Best()
	}
	return false
}
