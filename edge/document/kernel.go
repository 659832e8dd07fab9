package document

import "encoding/binary"

// The pair model's inner loops: every inked pixel of a window adds its
// run of weights to the hidden units' sums (addRows), and in training its
// value times the units' errors to its run of gradients (addScaled). Each
// unit's sum is taken in the pixels' order, a product then a sum each
// time, so that any implementation, vector or not, gives the same bits.

// addRowsGo adds to acc, for each n, w's row at[n] times vals[n]; w holds
// rows of len(acc) values.
func addRowsGo(acc, w, vals []float32, at []int32) {
	l := len(acc)
	for n, v := range vals {
		row := w[int(at[n])*l:][:l]
		for j, x := range row {
			acc[j] += float32(x * v)
		}
	}
}

// addScaledGo adds d times vals[n] to g's row at[n], for each n; g holds
// rows of len(d) values.
func addScaledGo(g, d, vals []float32, at []int32) {
	l := len(d)
	for n, v := range vals {
		row := g[int(at[n])*l:][:l]
		for j, x := range d {
			row[j] += float32(x * v)
		}
	}
}

// inkLevel is each ink level as a model input, v/255.
var inkLevel = func() (t [256]float32) {
	for v := range t {
		t[v] = float32(v) * (1.0 / 255)
	}
	return t
}()

// inked writes into vals the input value of each nonzero level of raw,
// and into at its position: offset plus its index, or with reversed,
// offset plus its index counted from the end, raw then read from its end
// so that the positions ascend either way. It returns how many; vals and
// at hold len(raw) values or more. Ink is sparse in runs: eight levels
// are passed over at once when all are zero, and within a run every
// level is written, kept by moving on only when inked, as ink comes and
// goes too irregularly for a branch to guess.
func inked(raw []uint8, offset int, reversed bool, vals []float32, at []int32) int {
	n := 0
	vals, at = vals[:len(raw)], at[:len(raw)]
	if reversed {
		for end := len(raw); end > 0; end -= 8 {
			start := max(end-8, 0)
			if end-start == 8 && binary.LittleEndian.Uint64(raw[start:]) == 0 {
				continue
			}
			for i := end - 1; i >= start; i-- {
				v := raw[i]
				vals[n], at[n] = inkLevel[v], int32(offset+len(raw)-1-i)
				n += int((uint(v) + 255) >> 8)
			}
		}
		return n
	}
	for start := 0; start < len(raw); start += 8 {
		end := min(start+8, len(raw))
		if end-start == 8 && binary.LittleEndian.Uint64(raw[start:]) == 0 {
			continue
		}
		for i, v := range raw[start:end] {
			vals[n], at[n] = inkLevel[v], int32(offset+start+i)
			n += int((uint(v) + 255) >> 8)
		}
	}
	return n
}
