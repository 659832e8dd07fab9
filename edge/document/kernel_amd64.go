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

//go:noescape
func maxIntoSSE(dst, a, b []uint8)

// maxInto sets dst to the greater of a and b, value by value: sixteen at
// a time in SSE registers, the rest eight at a time.
func maxInto(dst, a, b []uint8) {
	n := len(dst)
	if len(a) < n || len(b) < n {
		maxIntoGo(dst, a, b)
		return
	}
	sixteen := n &^ 15
	maxIntoSSE(dst[:sixteen], a[:sixteen], b[:sixteen])
	maxIntoGo(dst[sixteen:], a[sixteen:n], b[sixteen:n])
}

//go:noescape
func unitSumsSSE(b1, w2, ha, hb []float32, z *[4]float32)

//go:noescape
func dotSumsSSE(x, y []float64, d *[4]float64)

func unitSums(b1, w2, ha, hb []float32) [4]float32 {
	n := len(b1)
	if len(w2) < n || len(ha) < n || len(hb) < n {
		return unitSumsGo(b1, w2, ha, hb)
	}
	four := n &^ 3
	var z [4]float32
	unitSumsSSE(b1[:four], w2[:four], ha[:four], hb[:four], &z)
	for j := four; j < n; j++ {
		z[0] += float32(w2[j] * relu(b1[j]+ha[j]+hb[j]))
	}
	return z
}

func dotSums(x, y []float64) [4]float64 {
	n := len(x)
	if len(y) < n {
		return dotSumsGo(x, y)
	}
	four := n &^ 3
	var d [4]float64
	dotSumsSSE(x[:four], y[:four], &d)
	for k := four; k < n; k++ {
		d[0] += float64(x[k] * y[k])
	}
	return d
}
