package strips

import (
	"math"
	"slices"
)

// The exact search finds a shortest tour of the ends graph by branch and
// bound on Held and Karp's 1-trees (Held and Karp 1971, with the branching
// of Volgenant and Jonker 1982). A 1-tree is a spanning tree of every node
// but the depot plus the depot's two cheapest edges; a tour is a 1-tree in
// which every node has degree 2, so the cheapest 1-tree bounds every tour
// from below. Node weights π, added to the cost of every edge at the
// node, leave the order of tours unchanged (each tour pays 2π at every
// node) but change the cheapest 1-tree; subgradient ascent on π lifts the
// bound, usually to within a fraction of a per cent of the optimum. The
// strips' own edges, which join each strip's two ends, are in every tour
// and enter every 1-tree.
//
// Branching picks a node of degree above 2 in the bound's 1-tree and
// splits on its tree edges: leave out the first; take the first and leave
// out the second; take both. A node with two edges taken has all others
// left out, and a set of taken edges that closes a cycle short of a tour,
// or gives a node three, ends the branch.

// edge states of a search node.
const (
	free int8 = iota
	in
	out
)

// exact is one search.
type exact struct {
	N    int       // nodes: the ends and the depot, last
	c    []float64 // c[u*N+v], +Inf where two nodes never meet
	ub   float64   // cost of the best tour known
	tour []int     // that tour, as a node sequence from the depot
	step func() bool
	done bool // stopped before the search ended
	// work space of the 1-tree
	key    []float64
	parent []int
	inTree []bool
	deg    []int
}

func newExact(g *graph) *exact {
	N := 2*g.n + 1
	x := &exact{N: N, c: make([]float64, N*N), ub: math.Inf(1),
		key: make([]float64, N), parent: make([]int, N), inTree: make([]bool, N), deg: make([]int, N)}
	for u := range N {
		for v := range N {
			switch {
			case u == v:
				x.c[u*N+v] = inf
			case u < N-1 && v < N-1 && u/2 == v/2:
				// A strip's own two ends: taken in every tour.
				x.c[u*N+v] = 0
			default:
				x.c[u*N+v] = g.cost(u, v)
			}
		}
	}
	return x
}

// node is a search node: the state of every edge and the weights the
// bound was lifted with.
type node struct {
	st []int8
	pi []float64
}

// oneTree computes the cheapest 1-tree under weights pi and states st:
// taken edges are forced in, left-out edges are barred. It returns the
// tree's cost with weights (the bound is cost - 2Σπ), fills x.deg and
// x.parent (the depot's two edges are reported in d1, d2), and reports
// false when no 1-tree exists.
func (x *exact) oneTree(st []int8, pi []float64) (cost float64, d1, d2 int, ok bool) {
	N := x.N
	D := N - 1
	// Prim over nodes 0..N-2; taken edges cost -Inf so they enter first
	// (they form paths, which never close a cycle in a valid node).
	const forced = -1e300
	for v := range N {
		x.key[v] = math.Inf(1)
		x.parent[v] = -1
		x.inTree[v] = false
		x.deg[v] = 0
	}
	x.key[0] = 0
	for range N - 1 {
		u, best := -1, math.Inf(1)
		for v := 0; v < D; v++ {
			if !x.inTree[v] && x.key[v] < best {
				u, best = v, x.key[v]
			}
		}
		if u < 0 {
			return 0, 0, 0, false
		}
		x.inTree[u] = true
		if p := x.parent[u]; p >= 0 {
			cost += x.c[p*N+u] + pi[p] + pi[u]
			x.deg[p]++
			x.deg[u]++
		}
		row := x.c[u*N:]
		for v := 0; v < D; v++ {
			if x.inTree[v] {
				continue
			}
			s := st[u*N+v]
			if s == out || row[v] == inf {
				continue
			}
			k := row[v] + pi[u] + pi[v]
			if s == in {
				k = forced
			}
			if k < x.key[v] {
				x.key[v] = k
				x.parent[v] = u
			}
		}
	}
	// A forced edge left out of the tree means the taken edges close a
	// cycle among the ends: no tour.
	for u := 0; u < D; u++ {
		for v := u + 1; v < D; v++ {
			if st[u*N+v] == in && x.parent[u] != v && x.parent[v] != u {
				return 0, 0, 0, false
			}
		}
	}
	// The depot's two edges: taken ones first, then the cheapest.
	d1, d2 = -1, -1
	var k1, k2 float64 = math.Inf(1), math.Inf(1)
	for v := 0; v < D; v++ {
		s := st[D*N+v]
		if s == out || x.c[D*N+v] == inf {
			continue
		}
		k := x.c[D*N+v] + pi[D] + pi[v]
		if s == in {
			k = forced
		}
		switch {
		case k < k1:
			d2, k2 = d1, k1
			d1, k1 = v, k
		case k < k2:
			d2, k2 = v, k
		}
	}
	if d2 < 0 {
		return 0, 0, 0, false
	}
	for _, v := range [2]int{d1, d2} {
		cost += x.c[D*N+v] + pi[D] + pi[v]
		x.deg[v]++
		x.deg[D]++
	}
	return cost, d1, d2, true
}

// bound lifts the 1-tree bound of node nd by subgradient ascent for up to
// iters steps, keeping the best weights in nd.pi. It returns the bound and
// whether the best 1-tree is a tour (then the bound is its cost).
func (x *exact) bound(nd *node, iters int) (float64, bool, bool) {
	N := x.N
	pi := append([]float64(nil), nd.pi...)
	best := math.Inf(-1)
	lambda := 2.0
	stall := 0
	for it := 0; it < iters; it++ {
		c, _, _, ok := x.oneTree(nd.st, pi)
		if !ok {
			return math.Inf(1), false, false
		}
		var sumPi float64
		norm := 0.0
		for v := range N {
			sumPi += pi[v]
			d := float64(x.deg[v] - 2)
			norm += d * d
		}
		lb := c - 2*sumPi
		if norm == 0 {
			// A tour: its cost is lb, and no 1-tree under these
			// weights is cheaper, so nothing in this branch is.
			copy(nd.pi, pi)
			return lb, true, true
		}
		if it == 0 || lb > best+1e-12*math.Abs(best) {
			best = lb
			copy(nd.pi, pi)
			stall = 0
		} else {
			stall++
			if stall >= 5 {
				lambda /= 2
				stall = 0
			}
		}
		if best >= x.ub-x.tol() || lambda < 1e-6 {
			break
		}
		t := lambda * (x.ub - lb) / norm
		if math.IsInf(x.ub, 1) {
			t = lambda * math.Max(math.Abs(lb), 1) * 0.01 / norm
		}
		for v := range N {
			pi[v] += t * float64(x.deg[v]-2)
		}
	}
	return best, false, true
}

// tol is the gap below which a bound counts as reaching the best tour:
// costs are float32 sums, so a relative 1e-9 is below any real difference.
func (x *exact) tol() float64 { return 1e-9 * math.Max(1, math.Abs(x.ub)) }

// tourOf reads the tour from the current 1-tree (every degree 2).
func (x *exact) tourOf(nd *node) []int {
	N := x.N
	x.oneTree(nd.st, nd.pi)
	adj := make([][]int, N)
	D := N - 1
	for v := 0; v < D; v++ {
		if p := x.parent[v]; p >= 0 {
			adj[v] = append(adj[v], p)
			adj[p] = append(adj[p], v)
		}
	}
	_, d1, d2, _ := x.oneTree(nd.st, nd.pi)
	adj[D] = []int{d1, d2}
	adj[d1] = append(adj[d1], D)
	adj[d2] = append(adj[d2], D)
	tour := []int{D}
	prev, cur := D, d1
	for cur != D {
		tour = append(tour, cur)
		nx := adj[cur][0]
		if nx == prev {
			nx = adj[cur][1]
		}
		prev, cur = cur, nx
	}
	return tour
}

// search runs branch and bound from the root; step is called once per
// node and ends the search when it returns false.
func (x *exact) search(root *node, onTour func(tour []int, cost float64)) {
	x.dfs(root, 0, onTour)
}

func (x *exact) dfs(nd *node, depth int, onTour func([]int, float64)) {
	if x.done {
		return
	}
	if !x.step() {
		x.done = true
		return
	}
	iters := 30
	if depth == 0 {
		iters = 1000
	}
	lb, isTour, ok := x.bound(nd, iters)
	if !ok || lb >= x.ub-x.tol() {
		return
	}
	if isTour {
		x.ub = lb
		x.tour = x.tourOf(nd)
		onTour(x.tour, lb)
		return
	}
	// Branch at the node of highest degree in the bound's 1-tree.
	N := x.N
	D := N - 1
	_, d1, d2, _ := x.oneTree(nd.st, nd.pi)
	v, dv := -1, 2
	for u := range N {
		if x.deg[u] > dv {
			v, dv = u, x.deg[u]
		}
	}
	if v < 0 {
		return
	}
	// v's tree edges that are still free, cheapest first.
	var edges []int
	taken := 0
	for u := range N {
		if u == v {
			continue
		}
		isTree := false
		switch {
		case v == D:
			isTree = u == d1 || u == d2
		case u == D:
			isTree = v == d1 || v == d2
		default:
			isTree = x.parent[u] == v || x.parent[v] == u
		}
		if !isTree {
			continue
		}
		switch nd.st[v*N+u] {
		case in:
			taken++
		case free:
			edges = append(edges, u)
		}
	}
	slices.SortFunc(edges, func(a, b int) int {
		ca, cb := x.c[v*N+a], x.c[v*N+b]
		switch {
		case ca < cb:
			return -1
		case ca > cb:
			return 1
		}
		return 0
	})
	if len(edges) == 0 {
		return
	}
	var kids [][]int8
	e1 := edges[0]
	// 1: e1 left out.
	kids = append(kids, x.set(nd.st, v, e1, out))
	if taken == 1 {
		// 2: e1 taken, which fills v.
		if s := x.set(nd.st, v, e1, in); s != nil {
			kids = append(kids, s)
		}
	} else if len(edges) >= 2 {
		e2 := edges[1]
		// 2: e1 taken, e2 left out.
		if s := x.set(nd.st, v, e1, in); s != nil {
			if s = x.set(s, v, e2, out); s != nil {
				kids = append(kids, s)
			}
		}
		// 3: both taken, which fills v.
		if s := x.set(nd.st, v, e1, in); s != nil {
			if s = x.set(s, v, e2, in); s != nil {
				kids = append(kids, s)
			}
		}
	}
	for _, st := range kids {
		if st == nil {
			continue
		}
		x.dfs(&node{st: st, pi: append([]float64(nil), nd.pi...)}, depth+1, onTour)
		if x.done {
			return
		}
	}
}

// set returns a copy of st with edge (a, b) in state s and the
// consequences drawn: a node with two edges taken has its others left
// out; nil when the states admit no tour.
func (x *exact) set(st []int8, a, b int, s int8) []int8 {
	N := x.N
	if st == nil {
		return nil
	}
	ns := append([]int8(nil), st...)
	ns[a*N+b], ns[b*N+a] = s, s
	if s == in {
		for _, v := range [2]int{a, b} {
			if !x.saturate(ns, v) {
				return nil
			}
		}
	} else {
		// A node left with fewer than two possible edges has no tour.
		for _, v := range [2]int{a, b} {
			open := 0
			for u := range N {
				if u != v && ns[v*N+u] != out && x.c[v*N+u] != inf {
					open++
				}
			}
			if open < 2 {
				return nil
			}
		}
	}
	return ns
}

// saturate leaves out every other edge of v once two are taken, and
// reports false when v has more than two.
func (x *exact) saturate(st []int8, v int) bool {
	N := x.N
	taken := 0
	for u := range N {
		if u != v && st[v*N+u] == in {
			taken++
		}
	}
	if taken > 2 {
		return false
	}
	if taken == 2 {
		for u := range N {
			if u != v && st[v*N+u] == free {
				st[v*N+u], st[u*N+v] = out, out
			}
		}
	}
	return true
}

// rootNode takes every strip's own edge.
func (x *exact) rootNode(n int) *node {
	N := x.N
	st := make([]int8, N*N)
	for i := range n {
		st[(2*i)*N+2*i+1], st[(2*i+1)*N+2*i] = in, in
	}
	return &node{st: st, pi: make([]float64, N)}
}
