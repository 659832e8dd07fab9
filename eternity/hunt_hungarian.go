package eternity

import "math"

// hungarian solves square assignment problems of integer costs in O(n³)
// time: the shortest-augmenting-path form of Kuhn and Munkres's method
// with row and column potentials (Jonker and Volgenant's presentation).
// Its buffers are kept between calls, so a search that solves many small
// problems does not allocate.
type hungarian struct {
	u, v, minv []int64
	p, way     []int
	used       []bool
}

// solve assigns each row i of the n × n cost matrix a (row-major, a[i*n+j]
// the cost of row i in column j) a distinct column, at the least total
// cost, and writes the column of row i to col[i]. It returns the total.
func (h *hungarian) solve(n int, a []int32, col []int) int64 {
	if n == 0 {
		return 0
	}
	h.grow(n + 1)
	u, v, p, way, minv, used := h.u, h.v, h.p, h.way, h.minv, h.used
	for j := 0; j <= n; j++ {
		u[j], v[j], p[j], way[j] = 0, 0, 0, 0
	}
	const inf = math.MaxInt64 / 4
	// Rows and columns are numbered from 1; column 0 is the virtual
	// start of each augmenting path.
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := 0; j <= n; j++ {
			minv[j] = inf
			used[j] = false
		}
		for {
			used[j0] = true
			i0 := p[j0]
			delta := int64(inf)
			j1 := 0
			row := a[(i0-1)*n : i0*n]
			ui := u[i0]
			for j := 1; j <= n; j++ {
				if used[j] {
					continue
				}
				cur := int64(row[j-1]) - ui - v[j]
				if cur < minv[j] {
					minv[j] = cur
					way[j] = j0
				}
				if minv[j] < delta {
					delta = minv[j]
					j1 = j
				}
			}
			for j := 0; j <= n; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		// Flip the augmenting path.
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	var total int64
	for j := 1; j <= n; j++ {
		col[p[j]-1] = j - 1
		total += int64(a[(p[j]-1)*n+j-1])
	}
	return total
}

func (h *hungarian) grow(m int) {
	if len(h.u) >= m {
		return
	}
	h.u = make([]int64, m)
	h.v = make([]int64, m)
	h.minv = make([]int64, m)
	h.p = make([]int, m)
	h.way = make([]int, m)
	h.used = make([]bool, m)
}
