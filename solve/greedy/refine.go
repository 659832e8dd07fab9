package greedy

import (
	"github.com/reassemble/jigsaw/puzzle"
)

// refiner corrects a finished board segment by segment. A segment is a
// connected region whose inner joins the compatibilities vouch for (best
// buddies). The placer's mistakes are mostly whole segments put in the
// wrong place, a piece of roof in the sky or a strip of sky one row too
// high, which exchanges of single pieces cannot undo: every piece of such
// a segment fits its segment neighbours better where it is than anywhere
// else. So the refiner moves whole segments. For each side on a segment's
// rim it takes the side's best partners elsewhere on the board and tries
// the move that puts the segment against each of them: the segment trades
// places with the pieces that lie where it would go, which keep their
// arrangement and move into the cells it leaves. A move is kept when it
// lowers the board's cost.
type refiner struct {
	rk  *ranks
	b   *puzzle.Board
	rot bool

	fixed []bool // cells holding fixed pieces
	where []int  // cell of each piece, or -1
	// joinCost prices side i facing side j; holeCost prices side i facing
	// an empty cell.
	joinCost func(i, j int) float64
	holeCost func(i int) float64

	// loops asks that a trusted join lie on a square of four best-buddy
	// joins.
	loops bool
	// blocks adds the moves of small rectangles, up to blockSize a side,
	// against a piece's blockPartners best partners.
	blocks bool
	// Scratch of shiftPass.
	shiftSums [2]shiftSums
	shiftKept []shiftMove

	// Scratch, reused by every move tried.
	seg     []int   // segment of each cell
	members [][]int // cells of each segment
	stack   []int
	inS     []uint32 // stamp: the cell belongs to the moving segment
	inT     []uint32 // stamp: the cell is the image of one of its cells
	touched []uint32 // stamp: the cell changes in the move
	stamp   uint32
	steps   []moveStep
	old     []puzzle.Placement
	moved   []puzzle.Placement

	// checkDelta, when set, is called with every move's predicted change
	// while the move is planned (tests price it afresh).
	checkDelta func(delta float64)
}

// The blocks the refiner moves are rectangles of up to blockSize pieces a
// side, tried against blockPartners best partners of each rim side: larger
// blocks or more partners cost time and found nothing more on the
// benchmark photographs.
const (
	blockSize     = 3
	blockPartners = 2
)

// segmentPartners is how many of a rim side's best partners a segment is
// tried against.
const segmentPartners = 4

// moveStep is one cell's part in a move: cell dst gets the content of cell
// src, turned by turn.
type moveStep struct {
	dst, src int
	turn     puzzle.Rotation
}

func newRefiner(rk *ranks, p *puzzle.Puzzle, b *puzzle.Board, joinCost func(i, j int) float64, holeCost func(i int) float64) *refiner {
	n := len(b.Cells)
	r := &refiner{
		rk: rk, b: b,
		fixed: make([]bool, n), where: make([]int, rk.comp.Pieces()),
		joinCost: joinCost, holeCost: holeCost,
		seg: make([]int, n), inS: make([]uint32, n), inT: make([]uint32, n), touched: make([]uint32, n),
	}
	if p != nil {
		r.rot = p.Rotatable
		for _, f := range p.Fixed {
			r.fixed[b.Index(f.Cell)] = true
		}
	}
	r.locate()
	return r
}

// locate records where each piece lies.
func (r *refiner) locate() {
	for i := range r.where {
		r.where[i] = -1
	}
	for i, a := range r.b.Cells {
		if !a.IsEmpty() {
			r.where[a.Piece] = i
		}
	}
}

// segments labels every cell with its segment, pieces joined by best
// buddies, and lists each segment's cells. Empty cells are segments of
// their own, and so are fixed pieces, which never move.
func (r *refiner) segments() {
	b := r.b
	for i := range r.seg {
		r.seg[i] = -1
	}
	r.members = r.members[:0]
	for start := range b.Cells {
		if r.seg[start] >= 0 {
			continue
		}
		id := len(r.members)
		r.seg[start] = id
		cells := []int{start}
		r.stack = append(r.stack[:0], start)
		for len(r.stack) > 0 {
			i := r.stack[len(r.stack)-1]
			r.stack = r.stack[:len(r.stack)-1]
			a := b.Cells[i]
			if a.IsEmpty() || r.fixed[i] {
				continue
			}
			c := b.CellAt(i)
			for _, s := range puzzle.Sides {
				n := c.Neighbour(s)
				if !b.In(n) {
					continue
				}
				j := b.Index(n)
				o := b.Cells[j]
				if r.seg[j] >= 0 || o.IsEmpty() || r.fixed[j] {
					continue
				}
				if !r.trusted(i, s) {
					continue
				}
				r.seg[j] = id
				cells = append(cells, j)
				r.stack = append(r.stack, j)
			}
		}
		r.members = append(r.members, cells)
	}
}

// run makes passes over the segments until a pass moves none, passes
// passes are done, or step says to stop; it reports the moves made.
func (r *refiner) run(passes int, step func() bool) int {
	moved := 0
	for range passes {
		r.segments()
		made := 0
		for id, cells := range r.members {
			if r.b.Cells[cells[0]].IsEmpty() || r.fixed[cells[0]] || !r.intact(id, cells) {
				continue
			}
			ok, stop := r.improve(cells, step)
			if ok {
				made++
			}
			if stop {
				return moved + made
			}
		}
		if r.roll() {
			made++
		}
		if r.blocks {
			n, stop := r.blockPass(step)
			made += n
			if stop {
				return moved + made
			}
		}
		moved += made
		if made == 0 {
			break
		}
	}
	return moved
}

// blockPass tries, for every piece and each of its sides, the moves of the
// small rectangles of pieces that hold it on that rim against the side's
// best partners: a segment the best buddies do not vouch for (a piece of a
// dome and the sky above it, joined by a flat, ambiguous join) still moves
// as one. It makes each improving move at once.
func (r *refiner) blockPass(step func() bool) (int, bool) {
	b := r.b
	made := 0
	var cells []int
	for i := range b.Cells {
		a := b.Cells[i]
		if a.IsEmpty() || r.fixed[i] {
			continue
		}
		c := b.CellAt(i)
		for _, s := range puzzle.Sides {
			for k, m := range r.rk.comp.Best(sideIndex(a, s)) {
				if k == blockPartners {
					break
				}
				at := r.where[int(m.Side)/4]
				if at < 0 {
					continue
				}
				if n := c.Neighbour(s); b.In(n) && b.Index(n) == at {
					// Already against this partner.
					break
				}
				t, ok := r.transformFor(c, s, puzzle.Side(m.Side%4), at)
				if !ok {
					continue
				}
				bestDelta, found := -1e-9, false
				var best []int
				for h := 1; h <= blockSize; h++ {
					for w := 1; w <= blockSize; w++ {
						for off := 0; off < w; off++ {
							if !step() {
								return made, true
							}
							cells = r.rectBehind(cells[:0], c, s, h, w, off)
							if cells == nil {
								continue
							}
							r.stamp++
							seg := r.stamp
							ok := true
							for _, j := range cells {
								if r.fixed[j] || j == at {
									ok = false
								}
								r.inS[j] = seg
							}
							if !ok || !r.plan(cells, t, seg) {
								continue
							}
							if d := r.delta(); d < bestDelta {
								bestDelta, found = d, true
								best = append(best[:0], cells...)
							}
						}
					}
				}
				if found {
					r.stamp++
					seg := r.stamp
					for _, j := range best {
						r.inS[j] = seg
					}
					r.plan(best, t, seg)
					r.apply()
					for _, st := range r.steps {
						if a := b.Cells[st.dst]; !a.IsEmpty() {
							r.where[a.Piece] = st.dst
						}
					}
					made++
					break
				}
			}
			if b.Cells[i] != a {
				break // the piece moved; its sides are another cell's now
			}
		}
	}
	return made, false
}

// rectBehind appends to cells the h×w rectangle of cells that has cell c
// on its side-s rim, h deep away from s and w along it, c being the off-th
// cell of that rim; nil when it leaves the board.
func (r *refiner) rectBehind(cells []int, c puzzle.Cell, s puzzle.Side, h, w, off int) []int {
	b := r.b
	// Away from s is the step towards the opposite side; along the rim
	// is the step towards the side after s.
	ar, ac := s.Opposite().Step()
	lr, lc := ((s + 1) & 3).Step()
	for d := range h {
		for k := range w {
			x := puzzle.Cell{Row: c.Row + d*ar + (k-off)*lr, Col: c.Col + d*ac + (k-off)*lc}
			if !b.In(x) {
				return nil
			}
			cells = append(cells, b.Index(x))
		}
	}
	return cells
}

// intact reports whether no move of this pass has touched the segment's
// cells.
func (r *refiner) intact(id int, cells []int) bool {
	for _, i := range cells {
		if r.seg[i] != id {
			return false
		}
	}
	return true
}

// improve tries the moves of one segment and makes the one that lowers the
// cost most, if any. stop reports that step asked to end.
func (r *refiner) improve(cells []int, step func() bool) (moved, stop bool) {
	b := r.b
	if 2*len(cells) > len(b.Cells) {
		// Moving the largest segment is moving everything else: the
		// other segments' moves cover it.
		return false, false
	}
	r.stamp++
	seg := r.stamp
	for _, i := range cells {
		r.inS[i] = seg
	}
	const minGain = 1e-9
	bestDelta := -minGain
	var best transform
	found := false
	for _, i := range cells {
		a := b.Cells[i]
		c := b.CellAt(i)
		for _, s := range puzzle.Sides {
			if n := c.Neighbour(s); b.In(n) && r.inS[b.Index(n)] == seg {
				continue // an inner side
			}
			tried := 0
			for _, m := range r.rk.comp.Best(sideIndex(a, s)) {
				if tried == segmentPartners {
					break
				}
				at := r.where[int(m.Side)/4]
				if at < 0 || r.inS[at] == seg {
					continue
				}
				tried++
				if !step() {
					return false, true
				}
				t, ok := r.transformFor(c, s, puzzle.Side(m.Side%4), at)
				if !ok || !r.plan(cells, t, seg) {
					continue
				}
				if d := r.delta(); d < bestDelta {
					bestDelta, best, found = d, t, true
				}
			}
		}
	}
	if !found {
		return false, false
	}
	r.plan(cells, best, seg)
	r.apply()
	for _, st := range r.steps {
		if a := b.Cells[st.dst]; !a.IsEmpty() {
			r.where[a.Piece] = st.dst
		}
		r.seg[st.dst] = -1 // the cell's segment is no longer intact
	}
	return true, false
}

// transform sends cell c to rot·(c − origin) + to, turning its piece by
// rot.
type transform struct {
	origin, to puzzle.Cell
	rot        puzzle.Rotation
}

func (t transform) cell(c puzzle.Cell) puzzle.Cell {
	dr, dc := c.Row-t.origin.Row, c.Col-t.origin.Col
	for range t.rot {
		// A clockwise quarter turn sends up to right: (dr, dc) to
		// (dc, −dr).
		dr, dc = dc, -dr
	}
	return puzzle.Cell{Row: t.to.Row + dr, Col: t.to.Col + dc}
}

func (t transform) inverse() transform {
	return transform{origin: t.to, to: t.origin, rot: t.rot.Inverse()}
}

// transformFor returns the move that puts the piece of cell c, with its
// board side s, against unrotated side pside of the piece in cell at.
func (r *refiner) transformFor(c puzzle.Cell, s puzzle.Side, pside puzzle.Side, at int) (transform, bool) {
	b := r.b
	a := b.At(c)
	// The partner's side shows on board side ps; the moved piece goes
	// beyond it and must show its own side on the opposite board side.
	ps := b.Cells[at].Rotation.Target(pside)
	dest := b.CellAt(at).Neighbour(ps)
	if !b.In(dest) {
		return transform{}, false
	}
	own := a.Rotation.Source(s)
	newRot := puzzle.Rotation((int(ps.Opposite()) - int(own)) & 3)
	turn := newRot.Add(a.Rotation.Inverse())
	if turn != 0 && !r.rot {
		return transform{}, false
	}
	return transform{origin: c, to: dest, rot: turn}, true
}

// plan lays out the move of the segment's cells by t in r.steps, and
// reports false when it is impossible: off the board, onto a fixed piece,
// or turning a segment that overlaps its own image. The segment's pieces
// go to their images, turned by t; the pieces they displace move into the
// cells the segment leaves, keeping their arrangement: back by the inverse
// move when the two regions are apart, or, when the segment slides over
// part of itself, each back along the move until it lands in a cell the
// segment left, as a row of pieces shifts when one is taken out and put
// back further along.
func (r *refiner) plan(cells []int, t transform, seg uint32) bool {
	b := r.b
	r.steps = r.steps[:0]
	r.stamp++
	img := r.stamp
	overlap := false
	for _, i := range cells {
		d := t.cell(b.CellAt(i))
		if !b.In(d) {
			return false
		}
		j := b.Index(d)
		if r.fixed[j] {
			return false
		}
		overlap = overlap || r.inS[j] == seg
		r.inT[j] = img
		r.steps = append(r.steps, moveStep{dst: j, src: i, turn: t.rot})
	}
	if overlap && t.rot != 0 {
		return false
	}
	back := t.inverse()
	dr, dc := t.to.Row-t.origin.Row, t.to.Col-t.origin.Col
	for _, st := range r.steps[:len(cells)] {
		j := st.dst
		if r.inS[j] == seg {
			continue // the segment's own cell: not displaced
		}
		if !overlap {
			r.steps = append(r.steps, moveStep{dst: b.Index(back.cell(b.CellAt(j))), src: j, turn: back.rot})
			continue
		}
		c := b.CellAt(j)
		for {
			c = puzzle.Cell{Row: c.Row - dr, Col: c.Col - dc}
			if k := b.Index(c); r.inT[k] != img {
				// In the segment (every step back from an image is)
				// and not an image: a cell the segment leaves.
				r.steps = append(r.steps, moveStep{dst: k, src: j})
				break
			}
		}
	}
	return true
}

// apply makes the planned move, keeping the old contents for undo.
func (r *refiner) apply() {
	b := r.b
	r.old = r.old[:0]
	r.moved = r.moved[:0]
	for _, st := range r.steps {
		r.old = append(r.old, b.Cells[st.dst])
		r.moved = append(r.moved, b.Cells[st.src])
	}
	for k, st := range r.steps {
		a := r.moved[k]
		if !a.IsEmpty() {
			a.Rotation = a.Rotation.Add(st.turn)
		}
		b.Cells[st.dst] = a
	}
}

// undo restores the contents apply replaced.
func (r *refiner) undo() {
	for k, st := range r.steps {
		r.b.Cells[st.dst] = r.old[k]
	}
}

// delta prices the planned move: the cost of the joins touching a cell it
// changes, after less before.
func (r *refiner) delta() float64 {
	r.stamp++
	t := r.stamp
	for _, st := range r.steps {
		r.touched[st.dst] = t
	}
	before := r.localCost(t)
	r.apply()
	after := r.localCost(t)
	r.undo()
	if r.checkDelta != nil {
		r.checkDelta(after - before)
	}
	return after - before
}

// localCost sums the joins of the cells stamped t, each join once.
func (r *refiner) localCost(t uint32) float64 {
	b := r.b
	total := 0.0
	for _, st := range r.steps {
		i := st.dst
		c := b.CellAt(i)
		for _, s := range puzzle.Sides {
			n := c.Neighbour(s)
			if !b.In(n) {
				continue
			}
			j := b.Index(n)
			if r.touched[j] == t && j < i {
				continue // counted from j
			}
			total += r.join(i, s, j)
		}
	}
	return total
}

// join prices the join between cell i and its neighbour j on side s.
func (r *refiner) join(i int, s puzzle.Side, j int) float64 {
	a, o := r.b.Cells[i], r.b.Cells[j]
	switch {
	case a.IsEmpty() && o.IsEmpty():
		return 0
	case a.IsEmpty():
		return r.holeCost(sideIndex(o, s.Opposite()))
	case o.IsEmpty():
		return r.holeCost(sideIndex(a, s))
	}
	return r.joinCost(sideIndex(a, s), sideIndex(o, s.Opposite()))
}

// normalisedJoin returns the join price the refiner minimises: for each
// of the two sides, how far the join's cost lies above that side's best
// partner, in units of the mean gap between the side's best and next few
// partners, capped at normalisedCap. Raw costs let one flat region's
// many near-zero joins outweigh a few badly wrong ones elsewhere, and a
// heavy-tailed measure lets a single join dominate; on the benchmark
// photographs the true boards cost less than the greedy result far more
// often under this price than under the raw one.
func normalisedJoin(rk *ranks) func(i, j int) float64 {
	n := 4 * rk.comp.Pieces()
	best, scale := make([]float64, n), make([]float64, n)
	for i := range n {
		bl := rk.comp.Best(i)
		if len(bl) == 0 {
			scale[i] = 1
			continue
		}
		best[i] = float64(bl[0].Cost)
		sum, cnt := 0.0, 0
		for k := 1; k < min(len(bl), 6); k++ {
			sum += float64(bl[k].Cost) - best[i]
			cnt++
		}
		// A side whose partners all cost the same has no scale of
		// its own; the small floor keeps the quotient finite.
		scale[i] = sum/float64(max(cnt, 1)) + 1e-9*(1+best[i])
	}
	return func(i, j int) float64 {
		// Both terms are capped once the join is this dear.
		capped := max(best[i]+normalisedCap*scale[i], best[j]+normalisedCap*scale[j])
		d := rk.joinAtLeast(i, j, capped)
		return min(normalisedCap, (d-best[i])/scale[i]) + min(normalisedCap, (d-best[j])/scale[j])
	}
}

// normalisedCap bounds each side's share of a normalised join price: a
// join ten gaps worse than the best is wrong, and how much worse does not
// matter.
const normalisedCap = 10

// normalisedHole prices a side facing an empty cell: as much as a join a
// gap worse than the best on both sides, so that a hole is neither sought
// nor avoided at the cost of a wrong join.
func normalisedHole(int) float64 { return 2 }

// buddyJoin reports whether the pieces of cell i and its neighbour on side
// s are best buddies across their join.
func (r *refiner) buddyJoin(i int, s puzzle.Side) bool {
	b := r.b
	n := b.CellAt(i).Neighbour(s)
	if !b.In(n) {
		return false
	}
	a, o := b.Cells[i], b.At(n)
	if a.IsEmpty() || o.IsEmpty() {
		return false
	}
	return r.rk.buddies[sideIndex(a, s)] == int32(sideIndex(o, s.Opposite()))
}

// trusted reports whether the join of cell i on side s holds its segment
// together: a best-buddy join, and with loops set one of the two squares
// of four cells it borders has four best-buddy joins (Son, Hays and
// Cooper's small loops: a wrong join rarely closes a consistent loop).
func (r *refiner) trusted(i int, s puzzle.Side) bool {
	if !r.buddyJoin(i, s) {
		return false
	}
	if !r.loops {
		return true
	}
	b := r.b
	j := b.Index(b.CellAt(i).Neighbour(s))
	// The two sides across which the square may lie.
	for _, t := range [2]puzzle.Side{(s + 1) & 3, (s + 3) & 3} {
		ni, nj := b.CellAt(i).Neighbour(t), b.CellAt(j).Neighbour(t)
		if !b.In(ni) || !b.In(nj) {
			continue
		}
		if r.buddyJoin(i, t) && r.buddyJoin(j, t) && r.buddyJoin(b.Index(ni), s) {
			return true
		}
	}
	return false
}

// total prices the whole board: every join once, holes included.
func (r *refiner) total() float64 {
	b := r.b
	sum := 0.0
	for i := range b.Cells {
		c := b.CellAt(i)
		for _, s := range [2]puzzle.Side{puzzle.Right, puzzle.Bottom} {
			if n := c.Neighbour(s); b.In(n) {
				sum += r.join(i, s, b.Index(n))
			}
		}
	}
	return sum
}

// roll tries the cyclic shifts of the whole board by one row or column
// either way, and makes the one that lowers the cost most, if any: a
// picture built one row too low has its last row wrapped to the top, which
// no move of a segment smaller than half the board undoes.
func (r *refiner) roll() bool {
	b := r.b
	for _, f := range r.fixed {
		if f {
			return false
		}
	}
	before := r.total()
	orig := append([]puzzle.Placement(nil), b.Cells...)
	bestCost, bestShift := before-1e-9*(1+before), [2]int{}
	for _, sh := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		for i := range b.Cells {
			c := b.CellAt(i)
			src := puzzle.Cell{Row: (c.Row - sh[0] + b.Rows) % b.Rows, Col: (c.Col - sh[1] + b.Cols) % b.Cols}
			b.Cells[i] = orig[b.Index(src)]
		}
		if c := r.total(); c < bestCost {
			bestCost, bestShift = c, sh
		}
	}
	copy(b.Cells, orig)
	if bestShift == [2]int{} {
		return false
	}
	for i := range b.Cells {
		c := b.CellAt(i)
		src := puzzle.Cell{Row: (c.Row - bestShift[0] + b.Rows) % b.Rows, Col: (c.Col - bestShift[1] + b.Cols) % b.Cols}
		b.Cells[i] = orig[b.Index(src)]
	}
	r.locate()
	for i := range r.seg {
		r.seg[i] = -1
	}
	return true
}
