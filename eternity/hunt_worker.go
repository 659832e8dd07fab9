package eternity

import (
	"math"
	"math/rand/v2"
)

// huntWorker is one independent search: a board, its best, a random
// source and a place in the schedule. Everything it does depends only on
// these, so a worker saved at the end of a chunk and restored goes on as
// if never stopped.
type huntWorker struct {
	m   *huntModel
	cfg *Hunt

	cells    []int32
	cost     int
	best     []int32
	bestCost int

	pcg *rand.PCG
	rng *rand.Rand

	steps     int64 // moves done, refills included
	cycleStep int64 // moves into the current annealing cycle
	cycles    int64 // cycles ended
	evals     int64 // delta evaluations
	refills   int64
	refillWin int64 // cost removed by refills

	temp float64
	thr  [16]uint64 // thr[d]: accept a move worsening by d when a uniform draw is below it

	// Refill scratch.
	hung  hungarian
	mat   []int32
	rot   []int32
	pick  []int
	order []int
	col   []int
	elems []int32
	mark  []uint32
	epoch uint32
}

func newHuntWorker(m *huntModel, cfg *Hunt, seed1, seed2 uint64) *huntWorker {
	w := &huntWorker{m: m, cfg: cfg, pcg: rand.NewPCG(seed1, seed2)}
	w.rng = rand.New(w.pcg)
	w.cells = make([]int32, m.slots)
	w.best = make([]int32, m.slots)
	w.mark = make([]uint32, m.slots)
	return w
}

// deal puts the free pieces at random into their classes' slots, frame
// pieces turned to the rim and other pieces at random.
func (w *huntWorker) deal() {
	m := w.m
	copy(w.cells, m.fixed)
	if m.frameLock {
		for k, cl := range m.classes {
			var ps []int
			for _, p := range m.pieces {
				if int(m.kindOf[p]) == k {
					ps = append(ps, p)
				}
			}
			w.rng.Shuffle(len(ps), func(a, b int) { ps[a], ps[b] = ps[b], ps[a] })
			for n, i := range cl {
				w.cells[i] = w.randomTurn(int32(ps[n]<<2), i)
			}
		}
	} else {
		for _, i := range m.free {
			w.cells[i] = -1
		}
		order := append([]int(nil), m.free...)
		w.rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		for n, p := range m.pieces {
			w.cells[order[n]] = w.randomTurn(int32(p<<2), order[n])
		}
	}
	w.reset()
}

func (w *huntWorker) randomTurn(e int32, i int) int32 {
	if w.m.frameLock && w.m.mask[i] != 0 {
		return w.m.oriented(e, i)
	}
	if w.m.rotatable {
		return e | int32(w.rng.IntN(4))
	}
	return e
}

// reset prices the board afresh and makes it the best.
func (w *huntWorker) reset() {
	w.cost = w.m.cost(w.cells)
	copy(w.best, w.cells)
	w.bestCost = w.cost
	w.setTemp()
}

// setTemp sets the temperature for the cycle's position and the
// acceptance thresholds.
func (w *huntWorker) setTemp() {
	c := w.cfg
	f := float64(w.cycleStep) / float64(c.cycle)
	hot := c.hot
	if w.cycles > 0 && c.reheat > 0 {
		hot = max(min(c.reheat, c.hot), c.cold)
	}
	w.temp = hot * math.Pow(c.cold/hot, f)
	for d := range w.thr {
		if d == 0 {
			w.thr[d] = math.MaxUint64
			continue
		}
		p := math.Exp(-float64(d) / w.temp)
		w.thr[d] = uint64(p * (1 << 63) * 2)
		if p >= 1 {
			w.thr[d] = math.MaxUint64
		}
	}
}

// accept decides on a move that changes the cost by d.
func (w *huntWorker) accept(d int) bool {
	if d <= 0 {
		return true
	}
	return d < len(w.thr) && w.rng.Uint64() < w.thr[d]
}

// run does n steps of the schedule, fewer when done closes: it looks every
// 1,024 steps, a fraction of a millisecond, so that a cancelled run ends
// promptly however long the chunk.
func (w *huntWorker) run(n int64, done <-chan struct{}) {
	c := w.cfg
	for k := range n {
		if k&1023 == 1023 && done != nil {
			select {
			case <-done:
				return
			default:
			}
		}
		if w.cycleStep&1023 == 0 {
			w.setTemp()
		}
		switch {
		case c.refillEvery > 0 && w.cycleStep%c.refillEvery == c.refillEvery-1:
			w.refill()
		default:
			w.move()
		}
		if w.cost < w.bestCost {
			w.bestCost = w.cost
			copy(w.best, w.cells)
		}
		w.steps++
		w.cycleStep++
		if w.cycleStep >= c.cycle {
			w.endCycle()
		}
	}
}

// endCycle starts the next annealing cycle, from the best board when the
// current one is worse.
func (w *huntWorker) endCycle() {
	w.cycleStep = 0
	w.cycles++
	if w.cost > w.bestCost {
		copy(w.cells, w.best)
		w.cost = w.bestCost
	}
	w.setTemp()
}

// move tries one move: a swap of two pieces of a class, each turned its
// best way in its new cell (frame pieces: the rim's way), or, for an inner
// piece when pieces turn, a turn in place.
func (w *huntWorker) move() {
	m := w.m
	if len(m.movers) == 0 {
		w.turn(m.free)
		return
	}
	rng := w.rng
	cells := w.cells
	// Moves go mostly to pieces that do not fit: a draw that lands on a
	// piece with no wrong side is drawn again, up to focus times.
	i := m.movers[rng.IntN(len(m.movers))]
	for k := 0; k < w.cfg.focus && m.at(cells, cells[i], i, -1) == 0; k++ {
		i = m.movers[rng.IntN(len(m.movers))]
	}
	cl := m.classes[m.classOf[i]]
	j := cl[rng.IntN(len(cl))]
	for k := 0; k < w.cfg.focusJ && m.at(cells, cells[j], j, -1) == 0; k++ {
		j = cl[rng.IntN(len(cl))]
	}
	a, b := cells[i], cells[j]
	if i == j || a == b {
		w.turnAt(i)
		return
	}
	if m.rotatable && (!m.frameLock || m.mask[i] == 0) && rng.IntN(w.cfg.turnOdds) == 0 {
		w.turnAt(i)
		return
	}
	w.evals++
	var x, y int32
	switch {
	case m.frameLock && m.mask[i] != 0:
		x, y = m.oriented(b, i), m.oriented(a, j)
	case m.rotatable:
		r := uint(rng.Uint64())
		x, y = b, a
		if b >= 0 {
			x, _ = m.bestAt(cells, b>>2, i, j, r)
		}
		if a >= 0 {
			y, _ = m.bestAt(cells, a>>2, j, i, r>>2)
		}
	default:
		x, y = b, a
	}
	d := m.set2Delta(cells, i, x, j, y)
	if w.accept(d) {
		cells[i], cells[j] = x, y
		w.cost += d
	}
}

func (w *huntWorker) turn(slots []int) {
	if len(slots) > 0 {
		w.turnAt(slots[w.rng.IntN(len(slots))])
	}
}

// turnAt turns the piece of slot i to a random other rotation, when it
// may turn.
func (w *huntWorker) turnAt(i int) {
	m := w.m
	e := w.cells[i]
	if e < 0 || !m.rotatable || (m.frameLock && m.mask[i] != 0) {
		return
	}
	w.evals++
	x := e&^3 | (e+1+int32(w.rng.IntN(3)))&3
	d := m.at(w.cells, x, i, -1) - m.at(w.cells, e, i, -1)
	if w.accept(d) {
		w.cells[i] = x
		w.cost += d
	}
}

// refill is the large step of Schaus and Deville: take the pieces out of
// a random set of pairwise non-adjacent slots of one class and put them
// back in the assignment of least cost, each piece in its best rotation
// for each slot. The slots' neighbours all stay, so each piece's price in
// each slot does not depend on the others' and the assignment problem is
// exact: the Hungarian method solves it, and the board never gets worse.
func (w *huntWorker) refill() {
	m := w.m
	rng := w.rng
	// A class drawn in proportion to its size: a random mover's.
	if len(m.movers) == 0 {
		return
	}
	cl := m.classes[m.classOf[m.movers[rng.IntN(len(m.movers))]]]
	w.epoch++
	if w.epoch == 0 {
		clear(w.mark)
		w.epoch = 1
	}
	w.order = append(w.order[:0], cl...)
	rng.Shuffle(len(w.order), func(a, b int) { w.order[a], w.order[b] = w.order[b], w.order[a] })
	if w.cfg.refillFocus {
		// Cells whose piece does not fit come first.
		k := 0
		for n, i := range w.order {
			if m.at(w.cells, w.cells[i], i, -1) > 0 {
				w.order[k], w.order[n] = w.order[n], w.order[k]
				k++
			}
		}
	}
	w.pick = w.pick[:0]
	limit := w.cfg.refillSize
	for _, i := range w.order {
		if len(w.pick) >= limit {
			break
		}
		if w.cells[i] < 0 || w.mark[i] == w.epoch {
			continue
		}
		w.pick = append(w.pick, i)
		w.mark[i] = w.epoch
		for s := range 4 {
			if n := m.nb[4*i+s]; n >= 0 {
				w.mark[n] = w.epoch
			}
		}
	}
	n := len(w.pick)
	if n < 2 {
		return
	}
	w.refills++
	if cap(w.mat) < n*n {
		w.mat = make([]int32, n*n)
		w.rot = make([]int32, n*n)
	}
	mat, rot := w.mat[:n*n], w.rot[:n*n]
	w.elems = w.elems[:0]
	before := 0
	for _, i := range w.pick {
		w.elems = append(w.elems, w.cells[i])
		before += m.at(w.cells, w.cells[i], i, -1)
	}
	free := m.rotatable && (!m.frameLock || m.mask[w.pick[0]] == 0)
	r0 := uint(rng.Uint64())
	for a, e := range w.elems {
		for b, i := range w.pick {
			var x int32
			var c int
			if free {
				x, c = m.bestAt(w.cells, e>>2, i, -1, r0+uint(a))
			} else {
				x = m.oriented(e, i)
				c = m.at(w.cells, x, i, -1)
			}
			mat[a*n+b] = int32(c)
			rot[a*n+b] = x
		}
	}
	w.evals += int64(n * n)
	if cap(w.col) < n {
		w.col = make([]int, n)
	}
	col := w.col[:n]
	after := int(w.hung.solve(n, mat, col))
	if after > before {
		// Cannot happen: the current assignment is one of those weighed.
		return
	}
	for a, b := range col {
		w.cells[w.pick[b]] = rot[a*n+b]
	}
	w.cost += after - before
	w.refillWin += int64(before - after)
}
