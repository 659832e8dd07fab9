package strips

import (
	"math/rand/v2"
)

// path is an ordering of strips with their turns, left to right. Its
// cost is the sum of its joins, the rim costs of its two outer ends and
// each strip's top and bottom.
type path struct {
	g      *graph
	order  []int32 // strip at each position
	turned []bool  // whether the strip at each position is turned
	pos    []int32 // position of each strip
	frozen []bool  // positions whose strip and turn are fixed
	// lastTouched holds the strips beside the joins the last move
	// changed.
	lastTouched []int32
}

func newPath(g *graph, order []int32, turned []bool, frozen []bool) *path {
	p := &path{g: g, order: order, turned: turned, pos: make([]int32, g.n), frozen: frozen}
	for k, s := range order {
		p.pos[s] = int32(k)
	}
	return p
}

func (p *path) clone() *path {
	q := &path{g: p.g, order: append([]int32(nil), p.order...), turned: append([]bool(nil), p.turned...),
		pos: append([]int32(nil), p.pos...), frozen: p.frozen, lastTouched: make([]int32, 0, 6)}
	return q
}

// r and l return the end shown on the right and left of position k, the
// depot beyond either end of the path.
func (p *path) r(k int) int {
	if k < 0 || k >= len(p.order) {
		return p.g.depot()
	}
	return rightEnd(p.order[k], p.turned[k])
}

func (p *path) l(k int) int {
	if k < 0 || k >= len(p.order) {
		return p.g.depot()
	}
	return leftEnd(p.order[k], p.turned[k])
}

// join returns the cost of the join between positions k and k+1 (k = -1
// and k = n-1 being the rims).
func (p *path) join(k int) float64 { return p.g.cost(p.r(k), p.l(k+1)) }

func (p *path) cost() float64 {
	total := 0.0
	for k := -1; k < len(p.order); k++ {
		total += p.join(k)
	}
	for k, s := range p.order {
		total += p.g.rim(int(s), p.turned[k])
	}
	return total
}

// reverse turns positions i..j as a block: their order reverses and each
// strip turns.
func (p *path) reverse(i, j int) {
	for ; i < j; i, j = i+1, j-1 {
		p.order[i], p.order[j] = p.order[j], p.order[i]
		p.turned[i], p.turned[j] = !p.turned[j], !p.turned[i]
		p.pos[p.order[i]], p.pos[p.order[j]] = int32(i), int32(j)
	}
	if i == j {
		p.turned[i] = !p.turned[i]
	}
}

// anyFrozen reports whether a position in i..j is frozen.
func (p *path) anyFrozen(i, j int) bool {
	if p.frozen == nil {
		return false
	}
	for k := i; k <= j; k++ {
		if p.frozen[k] {
			return true
		}
	}
	return false
}

// rimDelta is the change of the strips' own top-and-bottom costs when
// positions i..j turn.
func (p *path) rimDelta(i, j int) float64 {
	if p.g.symmetric {
		return 0
	}
	d := 0.0
	for k := i; k <= j; k++ {
		s := int(p.order[k])
		d += p.g.rim(s, !p.turned[k]) - p.g.rim(s, p.turned[k])
	}
	return d
}

// move relocates the block at positions i..j so that it follows position
// k (k < i-1 or k > j; k = -1 puts it first), turned as a whole when rev.
func (p *path) move(i, j, k int, rev bool) {
	n := j - i + 1
	blockO := append([]int32(nil), p.order[i:j+1]...)
	blockT := append([]bool(nil), p.turned[i:j+1]...)
	if rev {
		for a, b := 0, n-1; a < b; a, b = a+1, b-1 {
			blockO[a], blockO[b] = blockO[b], blockO[a]
			blockT[a], blockT[b] = blockT[b], blockT[a]
		}
		for a := range blockT {
			blockT[a] = !blockT[a]
		}
	}
	if k > j {
		copy(p.order[i:], p.order[j+1:k+1])
		copy(p.turned[i:], p.turned[j+1:k+1])
		at := k - n + 1
		copy(p.order[at:], blockO)
		copy(p.turned[at:], blockT)
		for q := i; q <= k; q++ {
			p.pos[p.order[q]] = int32(q)
		}
		return
	}
	// k < i-1: shift k+1..i-1 right by n.
	copy(p.order[k+1+n:], p.order[k+1:i])
	copy(p.turned[k+1+n:], p.turned[k+1:i])
	copy(p.order[k+1:], blockO)
	copy(p.turned[k+1:], blockT)
	for q := k + 1; q <= j; q++ {
		p.pos[p.order[q]] = int32(q)
	}
}

// improve runs 2-opt (block turns, when strips may turn) and or-opt
// (block moves of up to three strips, turned or not) over each end's
// nearest partners until no move lowers the cost, and returns how many
// moves it made. Strips wait in a queue to have the joins on both their
// sides examined; a move queues the strips beside the joins it changed,
// so that after a kick only the kicked region is searched again. stop is
// polled between moves.
func (p *path) improve(stop func() bool) int {
	return p.improveFrom(p.order, stop)
}

// improveFrom is improve with only the given strips queued at first.
func (p *path) improveFrom(first []int32, stop func() bool) int {
	const eps = 1e-9
	n := len(p.order)
	queued := make([]bool, p.g.n)
	queue := make([]int32, 0, len(first))
	push := func(s int32) {
		if s >= 0 && !queued[s] {
			queued[s] = true
			queue = append(queue, s)
		}
	}
	for _, s := range first {
		push(s)
	}
	moves := 0
	for len(queue) > 0 {
		if stop() {
			return moves
		}
		s := queue[0]
		queue = queue[1:]
		queued[s] = false
		k := int(p.pos[s])
		for _, j := range [2]int{k - 1, k} {
			touched := p.touched(j)
			if p.try2opt(j, eps) || p.tryOrOpt(j, eps) {
				moves++
				for _, t := range touched {
					push(t)
				}
				for _, t := range p.lastTouched {
					push(t)
				}
				push(s)
				break
			}
		}
		_ = n
	}
	return moves
}

// touched returns the strips on either side of the join after position k.
func (p *path) touched(k int) []int32 {
	var out []int32
	for _, q := range [2]int{k, k + 1} {
		if q >= 0 && q < len(p.order) {
			out = append(out, p.order[q])
		}
	}
	return out
}

// note records, before a move, the strips beside the joins it will
// change, for improve to queue.
func (p *path) note(positions ...int) {
	p.lastTouched = p.lastTouched[:0]
	for _, q := range positions {
		if q >= 0 && q < len(p.order) {
			p.lastTouched = append(p.lastTouched, p.order[q])
		}
	}
}

// try2opt looks for a block turn that breaks the join after position k
// and makes one of its ends meet a near partner.
func (p *path) try2opt(k int, eps float64) bool {
	g := p.g
	n := len(p.order)
	if !g.turns || k < -1 || k >= n {
		return false
	}
	x, y := p.r(k), p.l(k+1)
	old := g.cost(x, y)
	// x meets the right end of position m > k: turn k+1..m.
	if x != g.depot() {
		for _, f := range g.near[x] {
			if g.cost(x, int(f)) >= old-eps {
				break
			}
			m := int(p.pos[f/2])
			if m <= k || p.r(m) != int(f) || p.anyFrozen(k+1, m) {
				continue
			}
			d := g.cost(x, int(f)) + g.cost(y, p.l(m+1)) - old - p.join(m) + p.rimDelta(k+1, m)
			if d < -eps {
				p.note(k, k+1, m, m+1)
				p.reverse(k+1, m)
				return true
			}
		}
	}
	// y meets the left end of position m <= k: turn m..k.
	if y != g.depot() {
		for _, f := range g.near[y] {
			if g.cost(y, int(f)) >= old-eps {
				break
			}
			m := int(p.pos[f/2])
			if m > k || p.l(m) != int(f) || p.anyFrozen(m, k) {
				continue
			}
			d := g.cost(y, int(f)) + g.cost(p.r(m-1), x) - old - p.join(m-1) + p.rimDelta(m, k)
			if d < -eps {
				p.note(m-1, m, k, k+1)
				p.reverse(m, k)
				return true
			}
		}
	}
	return false
}

// tryOrOpt looks for a block of one to three strips, starting or ending
// next to the join after position k, to move beside a near partner of its
// outer end.
func (p *path) tryOrOpt(k int, eps float64) bool {
	g := p.g
	n := len(p.order)
	for size := 1; size <= 3; size++ {
		// The block k+1..k+size, which leaves its left end y; and the
		// block k-size+1..k, which leaves its right end x.
		for _, blk := range [2][2]int{{k + 1, k + size}, {k - size + 1, k}} {
			i, j := blk[0], blk[1]
			if i < 0 || j >= n || (i == 0 && j == n-1) || p.anyFrozen(i, j) {
				continue
			}
			out := p.join(i-1) + p.join(j) - g.cost(p.r(i-1), p.l(j+1))
			for _, e := range [2]int{p.l(i), p.r(j)} {
				for _, f := range g.near[e] {
					c := g.cost(e, int(f))
					if c >= out-eps {
						break
					}
					m := int(p.pos[f/2])
					if m >= i && m <= j {
						continue
					}
					// Where the block goes: after m if f is m's
					// right end, before m (after m-1) if its left.
					after := m
					if p.l(m) == int(f) {
						after = m - 1
					}
					if after >= i-1 && after <= j {
						continue
					}
					// The block's end e faces f; rev when that
					// needs the block turned.
					rev := (after == m) != (e == p.l(i))
					if rev && !g.turns {
						continue
					}
					if p.frozen != nil && (after >= 0 && after < n && p.frozen[after] && after+1 < n && p.frozen[after+1]) {
						// Inserting between two fixed strips
						// would move one of them.
						continue
					}
					if p.movesFrozen(i, j, after) {
						continue
					}
					var in float64
					if rev {
						in = g.cost(p.r(after), p.r(j)) + g.cost(p.l(i), p.l(after+1))
					} else {
						in = g.cost(p.r(after), p.l(i)) + g.cost(p.r(j), p.l(after+1))
					}
					d := in - p.join(after) - out
					if rev {
						d += p.rimDelta(i, j)
					}
					if d < -eps {
						p.note(i-1, i, j, j+1, after, after+1)
						p.move(i, j, after, rev)
						return true
					}
				}
			}
		}
	}
	return false
}

// movesFrozen reports whether moving block i..j after position k shifts a
// frozen strip.
func (p *path) movesFrozen(i, j, k int) bool {
	if p.frozen == nil {
		return false
	}
	if k > j {
		return p.anyFrozen(j+1, k)
	}
	return p.anyFrozen(k+1, i-1)
}

// kick perturbs the path for iterated local search: a double bridge, the
// blocks between three random cuts swapped, which 2-opt and or-opt cannot
// undo in one move. It reports false when frozen strips leave no room.
func (p *path) kick(rng *rand.Rand) bool {
	n := len(p.order)
	if n < 4 {
		return false
	}
	for range 8 {
		a := 1 + rng.IntN(n-2)
		b := 1 + rng.IntN(n-2)
		c := 1 + rng.IntN(n-1)
		cuts := []int{a, b, c}
		if a > b {
			cuts[0], cuts[1] = b, a
		}
		if cuts[1] > cuts[2] {
			cuts[1], cuts[2] = cuts[2], cuts[1]
		}
		if cuts[0] > cuts[1] {
			cuts[0], cuts[1] = cuts[1], cuts[0]
		}
		i, j, m := cuts[0], cuts[1], cuts[2]
		if i == j || j == m || p.anyFrozen(i, m-1) {
			continue
		}
		// Swap blocks i..j-1 and j..m-1: move the first after m-1.
		p.note(i-1, i, j-1, j, m-1, m)
		p.move(i, j-1, m-1, false)
		return true
	}
	return false
}
