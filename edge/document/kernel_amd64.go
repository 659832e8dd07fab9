//go:build amd64 && !noasm

package document

// On amd64 the loops run four units at a time in SSE registers, which
// every amd64 processor has. Each lane takes its unit's sum in the
// pixels' order, a product then a sum, as addRowsGo does, so the bits
// are the same; the Go loops take any length the vector ones do not.

//go:noescape
func addRowsSSE(acc, w, vals []float32, at []int32)

//go:noescape
func addScaledSSE(g, d, vals []float32, at []int32)

//go:noescape
func adamSSE(p, g, m, v []float32, c *adamStep)

// vectorUnits is the run of units the vector loops take at once.
const vectorUnits = 16

func addRows(acc, w, vals []float32, at []int32) {
	if len(acc)%vectorUnits != 0 || !rowsInside(len(w), len(acc), vals, at) {
		addRowsGo(acc, w, vals, at)
		return
	}
	addRowsSSE(acc, w, vals, at)
}

func addScaled(g, d, vals []float32, at []int32) {
	if len(d)%vectorUnits != 0 || !rowsInside(len(g), len(d), vals, at) {
		addScaledGo(g, d, vals, at)
		return
	}
	addScaledSSE(g, d, vals, at)
}

// rowsInside reports whether rows at[:len(vals)] of l values each lie
// within a matrix of size values: the vector loops do not check, and the
// Go loops then panic as any index out of range does.
func rowsInside(size, l int, vals []float32, at []int32) bool {
	if len(at) < len(vals) {
		return false
	}
	for _, a := range at[:len(vals)] {
		if a < 0 || (int(a)+1)*l > size {
			return false
		}
	}
	return true
}

func adamUpdate(p, g, m, v []float32, c *adamStep) {
	n := len(p)
	if len(g) < n || len(m) < n || len(v) < n {
		adamUpdateGo(p, g, m, v, c)
		return
	}
	four := n &^ 3
	adamSSE(p[:four], g[:four], m[:four], v[:four], c)
	adamUpdateGo(p[four:], g[four:n], m[four:n], v[four:n], c)
}
