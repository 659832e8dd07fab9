//go:build !amd64 || noasm

package document

func addRows(acc, w, vals []float32, at []int32) { addRowsGo(acc, w, vals, at) }

func addScaled(g, d, vals []float32, at []int32) { addScaledGo(g, d, vals, at) }

func adamUpdate(p, g, m, v []float32, c *adamStep) { adamUpdateGo(p, g, m, v, c) }

func maxInto(dst, a, b []uint8) { maxIntoGo(dst, a, b) }

func unitSums(b1, w2, ha, hb []float32) [4]float32 { return unitSumsGo(b1, w2, ha, hb) }

func dotSums(x, y []float64) [4]float64 { return dotSumsGo(x, y) }
