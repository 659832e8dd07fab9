//go:build !amd64 || noasm

package document

func addRows(acc, w, vals []float32, at []int32) { addRowsGo(acc, w, vals, at) }

func addScaled(g, d, vals []float32, at []int32) { addScaledGo(g, d, vals, at) }

func adamUpdate(p, g, m, v []float32, c *adamStep) { adamUpdateGo(p, g, m, v, c) }
