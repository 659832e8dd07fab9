package ga

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// kernelMutation is the probability that a placement the kernel crossover
// would give to the most compatible piece goes to a random piece at a
// random boundary slot instead. Sholomon et al. fold mutation into the
// crossover's third phase at "a low probability"; the rate is our choice,
// not a figure checked against the paper.
const kernelMutation = 0.05

// kernelMaxScorerPieces bounds the puzzles whose joins the kernel crossover
// ranks itself under a scorer that does not rank them (as
// edge.NewScorerCompatibility does): 16n² prices, 256 MB at this size.
const kernelMaxScorerPieces = 2048

// kernelContext is what Sholomon, David and Netanyahu's crossover (CVPR 2013,
// "A Genetic Algorithm-Based Solver for Very Large Jigsaw Puzzles", §3;
// extended in Genet. Program. Evolvable Mach. 17, 2016) needs about a
// puzzle: each side's best partners and best buddies. It is built once per
// run and only read afterwards, so kernelCross may run on one context from
// several goroutines.
//
// # The crossover
//
// The child is grown as a kernel: a connected region that starts as one
// random piece in a frame of unbounded size, whose extent may never exceed
// the board's Rows × Cols. At each step every empty slot next to the kernel
// and every kernel piece facing it make a candidate, chosen by priority:
//
//  1. a piece both parents put on that side of the kernel piece (in the
//     same relative rotation when pieces turn), at random among such;
//  2. otherwise the kernel piece's best buddy on that side (edge.BestBuddies)
//     when at least one parent puts it there, at random among such;
//  3. otherwise the most compatible pairing of a boundary slot and a piece
//     still free (edge.Compatibility.Best, then every free piece once the
//     ranked partners are used up); with probability mutation (the field;
//     0.05 unless the caller sets it) a random free piece, in a random
//     rotation when pieces turn, goes to a random boundary slot instead.
//
// Pieces, once placed, stay. The kernel ends when every piece is placed or
// the board is full; pieces left over go to the spare slots.
//
// Placement on the board. With fixed pieces the kernel is grown on the
// board itself, seeded with every fixed piece at its cell. Without them it
// floats while it grows; a kernel that fills the board has one place, and a
// smaller one (a puzzle with holes) lands where the mother has its first
// piece, moved the least distance that keeps it on the board. So when both
// parents hold the same correct region, shifted or not, the child holds it
// where the mother does.
//
// Rotation. The paper treats Type 1 puzzles (pieces keep their
// orientation); for rotatable puzzles the same phases work on oriented
// pieces: the first piece keeps the mother's rotation, parents agree on a
// neighbour only when they also agree on its rotation relative to the
// kernel piece, and a best buddy or best partner comes turned so that its
// matching side faces the kernel piece. The kernel's extent is Rows × Cols
// in the mother's orientation.
//
// # The paper's GA, for a preset
//
// Population 1000, 100 generations, elitism 4 (the four best chromosomes
// go to the next generation unchanged), parents drawn by roulette-wheel
// selection, random initial permutations, every child but the elite made
// by this crossover, and no mutation outside it. Fitness is the sum of the
// dissimilarities of all neighbouring sides, lower being better; the CVPR
// paper's dissimilarity is the Euclidean distance between the touching
// pixel columns over the three colour channels (edge.Euclidean), and the
// journal version compares it with others. These figures come from the
// literature notes; the paper's own text was not at hand to check them.
type kernelContext struct {
	l    *local.Layout
	comp edge.Compatibility
	// buddies[4*piece+side]: the side that is its best buddy, or -1.
	buddies []int32
	rot     bool
	// anchored: fixed pieces pin the kernel to the board.
	anchored bool
	// mutation is the probability of a random phase-3 placement.
	mutation float64
	// rows, for an edge.Table of pieces that turn, holds its joins side
	// by side (tableRows): phase 3 prices every free piece once a side's
	// ranked partners are placed, which a turning puzzle's sixteen
	// partners a side soon are, and there reading the table itself, a
	// cache line a piece, took a third of a short GA run on a turned
	// 540-piece photograph (1.8 s against 1.1 s with rows; McGill's half
	// turned, greedy.WithEvolution: 2.95 s a picture against 2.75 s, every
	// board the same). Nil otherwise: with pieces that keep their
	// orientation the scans are four times shorter and the lists last
	// longer, and the copy saved no time.
	rows []float32
	// showing[s][b] is the rotation that shows a piece's own side b on
	// board side s.
	showing [4][4]puzzle.Rotation
	pool    sync.Pool // *kernelScratch
}

// newKernelContext prepares the kernel crossover for layout l of the
// prepared problem p. It returns nil and no error when the crossover does
// not apply: a scorer that ranks no partners on a puzzle too large to rank
// them by pricing every join.
func newKernelContext(l *local.Layout, p solve.Problem) (*kernelContext, error) {
	if l == nil || p.Puzzle == nil || p.Scorer == nil {
		return nil, errors.New("ga: the kernel crossover needs a layout and a prepared problem with a scorer")
	}
	n := len(p.Puzzle.Pieces)
	if l.Pricer.Pieces() != n {
		return nil, fmt.Errorf("ga: the layout has %d pieces, the puzzle %d", l.Pricer.Pieces(), n)
	}
	var comp edge.Compatibility
	var err error
	switch sc := p.Scorer.(type) {
	case edge.Compatibility:
		comp = sc
	case *edge.Labels:
		if comp, err = edge.NewLabelCompatibility(p.Puzzle); err != nil {
			return nil, err
		}
	default:
		if n > kernelMaxScorerPieces {
			return nil, nil
		}
		if comp, err = edge.NewScorerCompatibility(p.Puzzle, sc); err != nil {
			return nil, err
		}
	}
	if comp.Pieces() != n {
		return nil, fmt.Errorf("ga: the compatibility ranks %d pieces, the puzzle has %d", comp.Pieces(), n)
	}
	k := &kernelContext{
		l:        l,
		comp:     comp,
		buddies:  edge.BestBuddies(comp),
		rot:      l.Rotatable,
		anchored: len(l.FreePieces) < n,
		mutation: kernelMutation,
	}
	for _, s := range puzzle.Sides {
		for r := range puzzle.Rotation(4) {
			k.showing[s][r.Source(s)] = r
		}
	}
	if t, ok := comp.(*edge.Table); ok && k.rot && 16*uint64(n)*uint64(n) <= kernelMaxRows {
		k.rows = tableRows(t)
	}
	return k, nil
}

// kernelMaxRows bounds the joins a kernel context copies side by side
// (kernelContext.rows): 64 MiB, about 1,000 pieces that turn.
const kernelMaxRows = 1 << 24

// tableRows copies t's joins into rows, side by side: entry i·4n+j is the
// join of sides i and j. A table keeps each pair of pieces' 16 joins
// together, so the joins of one side with every other lie a cache line
// apart; rows puts them side by side, where a scan reads them in order.
func tableRows(t *edge.Table) []float32 {
	m := 4 * t.Pieces()
	rows := make([]float32, m*m)
	for i := range m {
		// A table's costs are float32: the copy holds them exactly.
		for j := i + 1; j < m; j++ {
			v := float32(t.Join(i, j))
			rows[i*m+j], rows[j*m+i] = v, v
		}
		rows[i*m+i] = float32(math.Inf(1))
	}
	return rows
}

// kcand is a candidate placement: elem on side side of the kernel cell from,
// into the empty frame cell to.
type kcand struct {
	from, to int32
	elem     local.Elem
	cost     float32
	seq      uint32
	side     puzzle.Side
	// next is where to resume in the kernel side's ranked partners;
	// -1 once they ran out and every free piece was priced.
	next int32
}

// kernelScratch is one crossover's working memory.
type kernelScratch struct {
	fr, fc int          // frame rows and columns
	frame  []local.Elem // the kernel, frame cell by frame cell
	avail  []int32      // free pieces not yet placed
	at     []int32      // at[piece]: index in avail, or -1
	pos    [2][]int32   // pos[parent][piece]: the parent's slot, or -1
	cells  [2][]local.Elem
	// inMom[piece]: the piece as the mother has it, or NoElem; kept
	// apart from her cells, which may be the child's.
	inMom  []local.Elem
	first  int // the frame cell of the first piece (floating)
	placed int
	// The kernel's extent in frame cells.
	minR, maxR, minC, maxC int

	agreed, buddy []kcand // phases 1 and 2: chosen at random
	heap          []kcand // phase 3: cheapest first
	seq           uint32
}

func (k *kernelContext) scratch() *kernelScratch {
	if sc, ok := k.pool.Get().(*kernelScratch); ok {
		return sc
	}
	l := k.l
	n := l.Pricer.Pieces()
	sc := &kernelScratch{fr: l.Rows, fc: l.Cols}
	if !k.anchored {
		sc.fr, sc.fc = 2*l.Rows-1, 2*l.Cols-1
	}
	sc.frame = make([]local.Elem, sc.fr*sc.fc)
	sc.at = make([]int32, n)
	sc.avail = make([]int32, 0, len(l.FreePieces))
	sc.pos[0] = make([]int32, n)
	sc.pos[1] = make([]int32, n)
	sc.inMom = make([]local.Elem, n)
	return sc
}

// kernelCross writes into child a child of mom and dad grown by the kernel
// crossover, and recomputes its cost: every free piece exactly once, fixed
// slots untouched, pieces the board cannot hold in the spare slots. child
// may be mom or dad. All randomness comes from rng.
func kernelCross(k *kernelContext, mom, dad, child *local.State, rng *rand.Rand) {
	sc := k.scratch()
	defer k.pool.Put(sc)
	k.reset(sc, mom, dad)
	if k.anchored {
		for i := range k.l.Cells() {
			if k.l.Fixed(i) {
				k.place(sc, i, mom.Cells[i])
			}
		}
	}
	for len(sc.avail) > 0 {
		if !k.step(sc, rng) && !k.seed(sc, rng) {
			break
		}
	}
	k.write(sc, child)
	sc.cells = [2][]local.Elem{} // hold no parent in the pool
}

// reset empties sc for a crossover of mom and dad.
func (k *kernelContext) reset(sc *kernelScratch, mom, dad *local.State) {
	for i := range sc.frame {
		sc.frame[i] = local.NoElem
	}
	for i := range sc.at {
		sc.at[i] = -1
	}
	sc.avail = sc.avail[:0]
	for _, p := range k.l.FreePieces {
		sc.at[p] = int32(len(sc.avail))
		sc.avail = append(sc.avail, int32(p))
	}
	for j, s := range [2]*local.State{mom, dad} {
		sc.cells[j] = s.Cells
		pos := sc.pos[j]
		for i := range pos {
			pos[i] = -1
		}
		for slot, e := range s.Cells {
			if e >= 0 {
				pos[e.Piece()] = int32(slot)
			}
		}
	}
	for p := range sc.inMom {
		sc.inMom[p] = local.NoElem
		if slot := sc.pos[0][p]; slot >= 0 {
			sc.inMom[p] = mom.Cells[slot]
		}
	}
	sc.placed, sc.first = 0, -1
	sc.agreed, sc.buddy, sc.heap = sc.agreed[:0], sc.buddy[:0], sc.heap[:0]
	sc.seq = 0
}

// asInMom returns free piece p turned as the mother has it, unturned in a
// puzzle whose pieces do not turn.
func (k *kernelContext) asInMom(sc *kernelScratch, p int) local.Elem {
	if e := sc.inMom[p]; k.rot && e != local.NoElem {
		return e
	}
	return local.Elem(p << 2)
}

// seed starts a floating kernel with a random free piece, turned as the
// mother has it. It reports false when there is nothing to start.
func (k *kernelContext) seed(sc *kernelScratch, rng *rand.Rand) bool {
	if k.anchored || sc.placed > 0 || len(sc.avail) == 0 {
		// A kernel that runs out of room has filled the board: the
		// pieces left over are spares.
		return false
	}
	p := int(sc.avail[rng.IntN(len(sc.avail))])
	sc.first = (k.l.Rows-1)*sc.fc + k.l.Cols - 1
	k.place(sc, sc.first, k.asInMom(sc, p))
	return true
}

// place puts e into frame cell i and offers the empty cells around it.
func (k *kernelContext) place(sc *kernelScratch, i int, e local.Elem) {
	sc.frame[i] = e
	p := e.Piece()
	if a := sc.at[p]; a >= 0 {
		last := sc.avail[len(sc.avail)-1]
		sc.avail[a] = last
		sc.at[last] = a
		sc.avail = sc.avail[:len(sc.avail)-1]
		sc.at[p] = -1
	}
	r, c := i/sc.fc, i%sc.fc
	if sc.placed == 0 {
		sc.minR, sc.maxR, sc.minC, sc.maxC = r, r, c, c
	} else {
		sc.minR, sc.maxR = min(sc.minR, r), max(sc.maxR, r)
		sc.minC, sc.maxC = min(sc.minC, c), max(sc.maxC, c)
	}
	sc.placed++
	for _, s := range puzzle.Sides {
		if t := sc.neighbour(i, s); t >= 0 && k.open(sc, t) {
			k.offer(sc, kcand{from: int32(i), to: int32(t), side: s})
		}
	}
}

// neighbour returns the frame cell on side s of cell i, or -1.
func (sc *kernelScratch) neighbour(i int, s puzzle.Side) int {
	dr, dc := s.Step()
	r, c := i/sc.fc+dr, i%sc.fc+dc
	if r < 0 || r >= sc.fr || c < 0 || c >= sc.fc {
		return -1
	}
	return r*sc.fc + c
}

// open reports whether frame cell t is empty and may join the kernel: on
// the board, not fixed, and keeping the kernel within Rows × Cols.
func (k *kernelContext) open(sc *kernelScratch, t int) bool {
	if sc.frame[t] != local.NoElem {
		return false
	}
	if k.anchored {
		return true // a fixed cell holds its piece; every other is free
	}
	r, c := t/sc.fc, t%sc.fc
	return max(sc.maxR, r)-min(sc.minR, r) < k.l.Rows && max(sc.maxC, c)-min(sc.minC, c) < k.l.Cols
}

// free reports whether piece p is still to be placed.
func (sc *kernelScratch) free(p int) bool { return sc.at[p] >= 0 }

// parentNeighbour returns what the parent with cells cells and positions
// pos puts next to piece x's own side a, turned for the child, where x
// shows a on side s turned by kx: the neighbour keeps its rotation
// relative to x. NoElem when the parent has nothing there.
func (k *kernelContext) parentNeighbour(cells []local.Elem, pos []int32, x int, a puzzle.Side, kx puzzle.Rotation) local.Elem {
	slot := pos[x]
	if slot < 0 {
		return local.NoElem
	}
	rx := cells[slot].Rotation()
	nb := k.l.Neighbour(int(slot), rx.Target(a))
	if nb < 0 {
		return local.NoElem
	}
	y := cells[nb]
	if y == local.NoElem {
		return local.NoElem
	}
	return y.Turned(kx.Add(y.Rotation().Add(rx.Inverse())))
}

// offer finds c's piece, by phase, and queues it; a candidate with no free
// piece left is dropped.
func (k *kernelContext) offer(sc *kernelScratch, c kcand) {
	e := sc.frame[c.from]
	x, kx := e.Piece(), e.Rotation()
	a := kx.Source(c.side)
	nm := k.parentNeighbour(sc.cells[0], sc.pos[0], x, a, kx)
	nd := k.parentNeighbour(sc.cells[1], sc.pos[1], x, a, kx)
	if nm != local.NoElem && nm == nd && sc.free(nm.Piece()) {
		c.elem = nm
		sc.agreed = append(sc.agreed, c)
		return
	}
	i := 4*x + int(a)
	if j := k.buddies[i]; j >= 0 {
		y := int(j >> 2)
		r := k.showing[c.side.Opposite()][j&3]
		if by := local.Elem(y<<2) | local.Elem(r); (k.rot || r == 0) && sc.free(y) && (by == nm || by == nd) {
			c.elem = by
			sc.buddy = append(sc.buddy, c)
			return
		}
	}
	if !k.bestPartner(sc, &c, i) {
		return
	}
	c.seq = sc.seq
	sc.seq++
	sc.push(c)
}

// bestPartner sets c to the cheapest free piece for the kernel's side i,
// resuming the ranked partners where an earlier look stopped, and reports
// false when no piece is free.
func (k *kernelContext) bestPartner(sc *kernelScratch, c *kcand, i int) bool {
	facing := c.side.Opposite()
	if c.next >= 0 {
		best := k.comp.Best(i)
		for n := int(c.next); n < len(best); n++ {
			j := best[n].Side
			y := int(j >> 2)
			r := k.showing[facing][j&3]
			if !sc.free(y) || !(k.rot || r == 0) {
				continue
			}
			c.elem = local.Elem(y<<2) | local.Elem(r)
			c.cost = best[n].Cost
			c.next = int32(n + 1)
			return true
		}
		c.next = -1
	}
	// The ranked partners are all placed: price every free piece, as
	// few are left by then.
	found := false
	cost := math.Inf(1)
	if k.rows != nil {
		// The loop below, reading the row: through a function value
		// both ways, the GA run took 10-25 % longer than so.
		m := 4 * k.comp.Pieces()
		row := k.rows[i*m : (i+1)*m]
		for _, y := range sc.avail {
			for r := range puzzle.Rotation(4) {
				v := float64(row[4*int(y)+int(r.Source(facing))])
				if !found || v < cost {
					found, cost = true, v
					c.elem = local.Elem(y<<2) | local.Elem(r)
				}
			}
		}
		c.cost = float32(cost)
		return found
	}
	for _, y := range sc.avail {
		for r := range puzzle.Rotation(4) {
			if r > 0 && !k.rot {
				break
			}
			v := k.comp.Join(i, 4*int(y)+int(r.Source(facing)))
			if !found || v < cost {
				found, cost = true, v
				c.elem = local.Elem(y<<2) | local.Elem(r)
			}
		}
	}
	c.cost = float32(cost)
	return found
}

// step makes one placement by the three phases and reports false when no
// candidate is left.
func (k *kernelContext) step(sc *kernelScratch, rng *rand.Rand) bool {
	for _, list := range [2]*[]kcand{&sc.agreed, &sc.buddy} {
		for len(*list) > 0 {
			q := *list
			n := rng.IntN(len(q))
			c := q[n]
			q[n] = q[len(q)-1]
			*list = q[:len(q)-1]
			if !k.open(sc, int(c.to)) {
				continue
			}
			if !sc.free(c.elem.Piece()) {
				k.offer(sc, kcand{from: c.from, to: c.to, side: c.side})
				continue
			}
			k.place(sc, int(c.to), c.elem)
			return true
		}
	}
	if len(sc.heap) > 0 && k.mutation > 0 && rng.Float64() < k.mutation {
		if t, ok := k.randomBoundary(sc, rng); ok {
			p := int(sc.avail[rng.IntN(len(sc.avail))])
			e := local.Elem(p << 2)
			if k.rot {
				e |= local.Elem(rng.IntN(4))
			}
			k.place(sc, t, e)
			return true
		}
	}
	for len(sc.heap) > 0 {
		c := sc.pop()
		if !k.open(sc, int(c.to)) {
			continue
		}
		if !sc.free(c.elem.Piece()) {
			e := sc.frame[c.from]
			if k.bestPartner(sc, &c, 4*e.Piece()+int(e.Rotation().Source(c.side))) {
				sc.push(c)
			}
			continue
		}
		k.place(sc, int(c.to), c.elem)
		return true
	}
	return false
}

// randomBoundary returns a random open cell next to the kernel, dropping
// stale candidates it meets. When phase 3 is reached every live boundary
// edge has a candidate in the heap.
func (k *kernelContext) randomBoundary(sc *kernelScratch, rng *rand.Rand) (int, bool) {
	for len(sc.heap) > 0 {
		n := rng.IntN(len(sc.heap))
		if t := int(sc.heap[n].to); k.open(sc, t) {
			return t, true
		}
		sc.remove(n)
	}
	return 0, false
}

// write lays the kernel onto child's board, the pieces left over into the
// spare slots and then into empty free cells, and recomputes child's cost.
func (k *kernelContext) write(sc *kernelScratch, child *local.State) {
	l := k.l
	for _, i := range l.Free {
		child.Cells[i] = local.NoElem
	}
	if k.anchored {
		for i := range l.Cells() {
			if !l.Fixed(i) {
				child.Cells[i] = sc.frame[i]
			}
		}
	} else if sc.placed > 0 {
		// Board row = frame row + dr: the first piece where the mother
		// has it, then moved the least to fit the kernel on the board.
		f := int(sc.frame[sc.first].Piece())
		dr, dc := 0, 0
		if slot := int(sc.pos[0][f]); slot >= 0 && slot < l.Cells() {
			dr, dc = slot/l.Cols-sc.first/sc.fc, slot%l.Cols-sc.first%sc.fc
		}
		dr = min(max(dr, -sc.minR), l.Rows-1-sc.maxR)
		dc = min(max(dc, -sc.minC), l.Cols-1-sc.maxC)
		for r := sc.minR; r <= sc.maxR; r++ {
			for c := sc.minC; c <= sc.maxC; c++ {
				if e := sc.frame[r*sc.fc+c]; e != local.NoElem {
					child.Cells[(r+dr)*l.Cols+c+dc] = e
				}
			}
		}
	}
	if len(sc.avail) > 0 {
		// Spares first: a kernel stops early only on a full board.
		n := len(l.Free)
		for n > 0 && l.Free[n-1] >= l.Cells() {
			n--
		}
		slots := append(append([]int(nil), l.Free[n:]...), l.Free[:n]...)
		n = 0
		for _, p := range sc.avail {
			for child.Cells[slots[n]] != local.NoElem {
				n++
			}
			child.Cells[slots[n]] = k.asInMom(sc, int(p))
		}
	}
	child.Recompute()
}

// The phase-3 queue: a binary heap on cost, then age.

func (a kcand) before(b kcand) bool {
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	return a.seq < b.seq
}

func (sc *kernelScratch) push(c kcand) {
	h := append(sc.heap, c)
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h[i].before(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	sc.heap = h
}

func (sc *kernelScratch) pop() kcand {
	c := sc.heap[0]
	sc.remove(0)
	return c
}

// remove deletes the heap's entry n.
func (sc *kernelScratch) remove(n int) {
	h := sc.heap
	last := len(h) - 1
	h[n] = h[last]
	h = h[:last]
	sc.heap = h
	if n == last {
		return
	}
	// Sift up, then down.
	i := n
	for i > 0 {
		p := (i - 1) / 2
		if !h[i].before(h[p]) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	for {
		m := i
		if l := 2*i + 1; l < len(h) && h[l].before(h[m]) {
			m = l
		}
		if r := 2*i + 2; r < len(h) && h[r].before(h[m]) {
			m = r
		}
		if m == i {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}
