package ga

import (
	"math"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// lineMover moves whole rows or whole columns of a board, one at a time or
// in blocks of neighbouring ones: the moves that mend a picture cut
// between two rows (or columns) and glued back in the wrong order, which
// no move of a segment within a row can do without first breaking the
// rows it trades with.
type lineMover struct {
	link  []float64 // link[u*n+v]: the joins of line v after line u
	first []float64 // first[u]: the rim of line u as the first line
	last  []float64 // last[u]: the rim of line u as the last line
	seq   []int     // the lines in their new order, between two sentinels
	cells []local.Elem
}

// moveLines reorders x's rows, then its columns, moving a line or a block
// of neighbouring lines elsewhere while that lowers the board's cost, the
// move that lowers it most first; lines holding a fixed piece stay. It
// reports whether x changed and leaves its cost current.
func (e *engine) moveLines(x *individual) bool {
	if e.lines == nil {
		e.lines = &lineMover{}
	}
	moved := false
	for {
		rows := e.lines.reorder(e.l, x, false)
		cols := e.lines.reorder(e.l, x, true)
		if !rows && !cols {
			break
		}
		moved = true
	}
	if moved {
		x.Recompute()
		e.run.Stats.Evaluations++
	}
	return moved
}

// reorder reorders x's rows (its columns when cols is set) and reports
// whether any moved; x's cost is left stale.
func (m *lineMover) reorder(l *local.Layout, x *individual, cols bool) bool {
	R, C := l.Rows, l.Cols
	n, k := R, C // lines, cells per line
	side, head, tail := puzzle.Bottom, puzzle.Top, puzzle.Bottom
	cell := func(u, i int) int { return u*C + i }
	fixed := l.RowFixed
	if cols {
		n, k = C, R
		side, head, tail = puzzle.Right, puzzle.Left, puzzle.Right
		cell = func(u, i int) int { return i*C + u }
		fixed = l.ColFixed
	}
	if n < 2 {
		return false
	}
	pr := l.Pricer
	m.link = resize(m.link, n*n)
	m.first = resize(m.first, n)
	m.last = resize(m.last, n)
	for u := range n {
		var f, g float64
		for i := range k {
			if a := x.Cells[cell(u, i)]; a >= 0 {
				f += pr.Frame(a, head)
				g += pr.Frame(a, tail)
			}
		}
		m.first[u], m.last[u] = f, g
		for v := range n {
			var s float64
			if u != v {
				for i := range k {
					a, b := x.Cells[cell(u, i)], x.Cells[cell(v, i)]
					if a >= 0 && b >= 0 {
						s += pr.Join(a, side, b)
					}
				}
			}
			m.link[u*n+v] = s
		}
	}
	// seq[0] and seq[n+1] are the sentinels: the rims before the first
	// line and after the last.
	seq := m.seq[:0]
	seq = append(seq, -1)
	for u := range n {
		seq = append(seq, u)
	}
	seq = append(seq, n)
	m.seq = seq
	link := func(u, v int) float64 {
		switch {
		case u < 0:
			return m.first[v]
		case v == n:
			return m.last[u]
		}
		return m.link[u*n+v]
	}
	var total float64
	for p := 0; p <= n; p++ {
		total += link(seq[p], seq[p+1])
	}
	movable := func(lo, hi int) bool { // positions [lo, hi)
		for p := lo; p < hi; p++ {
			if fixed(seq[p]) {
				return false
			}
		}
		return true
	}
	changed := false
	for {
		// The block at positions [a, b) goes between positions d-1 and d.
		best, ba, bb, bd := -1e-9*math.Abs(total), 0, 0, 0
		for a := 1; a <= n; a++ {
			for b := a + 1; b <= n+1 && b-a < n; b++ {
				out := link(seq[a-1], seq[a]) + link(seq[b-1], seq[b]) - link(seq[a-1], seq[b])
				for d := 1; d <= n+1; d++ {
					if d >= a && d <= b {
						continue
					}
					delta := link(seq[d-1], seq[a]) + link(seq[b-1], seq[d]) - link(seq[d-1], seq[d]) - out
					if delta < best && movable(min(a, d), max(b, d)) {
						best, ba, bb, bd = delta, a, b, d
					}
				}
			}
		}
		if ba == 0 {
			break
		}
		total += best
		seq = moveBlock(seq, ba, bb, bd)
		changed = true
	}
	if !changed {
		return false
	}
	m.cells = append(m.cells[:0], x.Cells[:R*C]...)
	for p, u := range seq[1 : n+1] {
		for i := range k {
			x.Cells[cell(p, i)] = m.cells[cell(u, i)]
		}
	}
	return true
}

// moveBlock moves seq[a:b] to just before seq[d], d outside [a, b], in
// place.
func moveBlock(seq []int, a, b, d int) []int {
	rotate := func(s []int, k int) { // left by k
		reverse(s[:k])
		reverse(s[k:])
		reverse(s)
	}
	if d < a {
		rotate(seq[d:b], a-d)
	} else {
		rotate(seq[a:d], b-a)
	}
	return seq
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
