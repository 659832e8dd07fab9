package greedy

import (
	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// repairer improves a finished board by exchanges: a piece moves to a cell
// where a neighbour ranks it above the piece there now, trading places with
// the piece there (each turned as suits it best), whenever that lowers the
// board's cost. Greedy growth places its early pieces with little context;
// the exchanges undo the mistakes that later pieces reveal.
type repairer struct {
	comp  edge.Scorer
	p     *puzzle.Puzzle
	b     *puzzle.Board
	where []int // cell of each piece, or -1
	fixed []bool
	turns []puzzle.Rotation
	best  func(int) []edge.Match
	// onlyAbove limits the exchanges a neighbour asks for to the
	// partners it ranks above the piece it faces (above).
	onlyAbove bool

	// An exchange's gain depends only on the two cells and their
	// neighbours, so an exchange a pass rejected is rejected again
	// until one of those changes: clock counts changes, changed holds
	// each cell's last, and seen the clock when a pass last began to
	// try the exchanges of each cell (0: never).
	clock   uint64
	changed []uint64
	seen    []uint64
}

func newRepairer(comp edge.Scorer, best func(int) []edge.Match, p *puzzle.Puzzle, b *puzzle.Board) *repairer {
	r := &repairer{comp: comp, best: best, p: p, b: b, where: make([]int, len(p.Pieces)), fixed: make([]bool, len(b.Cells)), turns: p.Turns(),
		changed: make([]uint64, len(b.Cells)), seen: make([]uint64, len(b.Cells))}
	for i := range r.where {
		r.where[i] = -1
	}
	for i, a := range b.Cells {
		if !a.IsEmpty() {
			r.where[a.Piece] = i
		}
	}
	for _, f := range p.Fixed {
		r.fixed[b.Index(f.Cell)] = true
	}
	return r
}

// pass tries an exchange for every cell once and reports how many it made.
// step is called once per exchange tried and ends the pass when it returns
// false.
func (r *repairer) pass(step func() bool) int {
	made := 0
	b := r.b
	for i := range b.Cells {
		// Only placed pieces trade places: every join costs something,
		// so moving a piece into a hole would always look like a gain.
		if r.fixed[i] || b.Cells[i].IsEmpty() {
			continue
		}
		cell := b.CellAt(i)
		since := r.seen[i]
		r.seen[i] = r.clock + 1
		fresh := since == 0 || r.changedSince(i, since)
		for _, s := range puzzle.Sides {
			o := b.At(cell.Neighbour(s))
			if o.IsEmpty() {
				continue
			}
			facing := sideIndex(o, s.Opposite())
			for _, m := range r.above(facing, sideIndex(b.Cells[i], s)) {
				if !step() {
					return made
				}
				q := int(m.Side) / 4
				j := r.where[q]
				if j < 0 || j == i || r.fixed[j] {
					continue
				}
				rot := puzzle.Rotation((int(s) - int(m.Side)%4) & 3)
				if rot != 0 && !r.p.Rotatable {
					continue
				}
				if !fresh && !r.changedSince(j, since) {
					continue // rejected before, on the same cells
				}
				if r.tryExchange(i, j, puzzle.Placement{Piece: puzzle.PieceID(q), Rotation: rot}) {
					made++
				}
			}
		}
	}
	return made
}

// above returns the partners of side facing whose exchanges a pass tries
// for it: every partner it lists, or with onlyAbove those it ranks above
// side now, the one it faces (all it lists when now is not among them). A
// neighbour facing its best partner then asks for no exchange and one
// facing its third for its first two; the cell's other sides ask for
// theirs. The greedy solver limits the exchanges so for a puzzle priced
// sparsely (edge.Sparse), thousands of pieces: there every exchange tried
// prices joins afresh, and on 10,000 pieces of an enlarged photograph the
// repairs took 3.5 s of a 9 s solve for neighbour 0.9077 against 0.9068
// with the limit (0.4 s). On BGU's three 3,300-piece photographs the limit
// moved single pictures both ways by up to 0.011, the mean 0.965 to 0.963
// with orientation known and 0.940 to 0.939 turned, for 1.2 s and 2.7 s
// less a picture. On the 540-piece halves of the benchmark sets, priced
// densely, it lost a perfect picture (MIT 2, identical tiles counted
// interchangeable), and on a document's grids (examples/shreds) it moved
// pages both ways, the means down by 0.01, so every other compatibility
// keeps every exchange.
func (r *repairer) above(facing, now int) []edge.Match {
	best := r.best(facing)
	if !r.onlyAbove {
		return best
	}
	for k, m := range best {
		if int(m.Side) == now {
			return best[:k]
		}
	}
	return best
}

// exchangeAll tries the exchange of the pieces of every two cells, the
// piece moving in at the first cell in each of its turns and the other in
// its best, and makes each that lowers the cost. Prices are non-negative,
// so a piece that costs more in the first cell than both cells cost now
// gains nothing whatever the other does: most pairs end there, on four
// joins priced. It reports the exchanges made, and true when step ended
// the pass.
func (r *repairer) exchangeAll(step func() bool) (int, bool) {
	b := r.b
	cost := make([]float64, len(b.Cells))
	price := func(i int) { cost[i] = edge.CellCost(r.comp, b, b.CellAt(i)) }
	for i := range b.Cells {
		price(i)
	}
	// reprice updates the cells around cells i and j after an exchange.
	reprice := func(i, j int) {
		for _, x := range [2]int{i, j} {
			price(x)
			c := b.CellAt(x)
			for _, s := range puzzle.Sides {
				if n := c.Neighbour(s); b.In(n) {
					price(b.Index(n))
				}
			}
		}
	}
	made := 0
	for i := range b.Cells {
		if r.fixed[i] || b.Cells[i].IsEmpty() {
			continue
		}
		for j := i + 1; j < len(b.Cells); j++ {
			if r.fixed[j] || b.Cells[j].IsEmpty() {
				continue
			}
			if !step() {
				return made, true
			}
			q := b.Cells[j].Piece
			if adjacent(b.CellAt(i), b.CellAt(j)) {
				for _, t := range r.turns {
					if r.tryExchange(i, j, puzzle.Placement{Piece: q, Rotation: t}) {
						made++
						reprice(i, j)
						break
					}
				}
				continue
			}
			before := cost[i] + cost[j]
			oldI, oldJ := b.Cells[i], b.Cells[j]
			bestGain, bestI, bestJ := 0.0, oldI, oldJ
			for _, t := range r.turns {
				b.Cells[i] = puzzle.Placement{Piece: q, Rotation: t}
				ci := edge.CellCost(r.comp, b, b.CellAt(i))
				if ci >= before {
					continue
				}
				for _, u := range r.turns {
					b.Cells[j] = puzzle.Placement{Piece: oldI.Piece, Rotation: u}
					if g := before - ci - edge.CellCost(r.comp, b, b.CellAt(j)); g > bestGain+1e-9 {
						bestGain, bestI, bestJ = g, b.Cells[i], b.Cells[j]
					}
				}
				b.Cells[j] = oldJ
			}
			b.Cells[i], b.Cells[j] = oldI, oldJ
			if bestGain > 0 {
				r.put(i, j, bestI, bestJ)
				made++
				reprice(i, j)
			}
		}
	}
	return made, false
}

// tryExchange moves placement in (a piece now in cell j) to cell i, and the
// piece of cell i to cell j in its best turn, if that lowers the cost. Both
// cells hold pieces.
func (r *repairer) tryExchange(i, j int, in puzzle.Placement) bool {
	b := r.b
	oldI, oldJ := b.Cells[i], b.Cells[j]
	before := r.local(i, j)
	b.Cells[i] = in
	// Apart, the two cells share no join, so cell i's cost does not
	// depend on the turn tried at j: priced once, it is the same sum.
	apart := !adjacent(b.CellAt(i), b.CellAt(j))
	var costI float64
	if apart {
		costI = edge.CellCost(r.comp, b, b.CellAt(i))
	}
	bestOut, bestCost := oldI, 0.0
	for k, t := range r.turns {
		out := puzzle.Placement{Piece: oldI.Piece, Rotation: t}
		b.Cells[j] = out
		var c float64
		if apart {
			c = costI + edge.CellCost(r.comp, b, b.CellAt(j))
		} else {
			c = r.local(i, j)
		}
		if k == 0 || c < bestCost {
			bestOut, bestCost = out, c
		}
	}
	if bestCost < before-1e-9 {
		r.put(i, j, in, bestOut)
		return true
	}
	b.Cells[i], b.Cells[j] = oldI, oldJ
	return false
}

// put makes an exchange: placement a into cell i and b into cell j.
func (r *repairer) put(i, j int, a, b puzzle.Placement) {
	r.b.Cells[i], r.b.Cells[j] = a, b
	r.where[a.Piece], r.where[b.Piece] = i, j
	r.clock++
	r.changed[i], r.changed[j] = r.clock, r.clock
}

// adjacent reports whether cells a and b share a side.
func adjacent(a, b puzzle.Cell) bool {
	dr, dc := a.Row-b.Row, a.Col-b.Col
	return dr*dr+dc*dc == 1
}

// changedSince reports whether cell i or a neighbour changed at clock t or
// later.
func (r *repairer) changedSince(i int, t uint64) bool {
	if r.changed[i] >= t {
		return true
	}
	c := r.b.CellAt(i)
	for _, s := range puzzle.Sides {
		if n := c.Neighbour(s); r.b.In(n) && r.changed[r.b.Index(n)] >= t {
			return true
		}
	}
	return false
}

// local is the cost of every join that touches cell i or cell j, each
// counted once.
func (r *repairer) local(i, j int) float64 {
	b := r.b
	total := edge.CellCost(r.comp, b, b.CellAt(i)) + edge.CellCost(r.comp, b, b.CellAt(j))
	ci, cj := b.CellAt(i), b.CellAt(j)
	for _, s := range puzzle.Sides {
		if ci.Neighbour(s) == cj {
			a, o := b.Cells[i], b.Cells[j]
			if !a.IsEmpty() && !o.IsEmpty() {
				// The join between the two was counted from both.
				if s == puzzle.Right || s == puzzle.Bottom {
					total -= r.comp.Score(a, s, o)
				} else {
					total -= r.comp.Score(o, s.Opposite(), a)
				}
			}
		}
	}
	return total
}
