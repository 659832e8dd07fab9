package backtrack

// cellOrder returns the cells of a rows × cols board, as row-major
// indices, in the order o fills them, or nil for an order chosen as the
// search goes (MostConstrained). An unknown order is a row scan.
func cellOrder(rows, cols int, o Order) []int {
	switch o {
	case MostConstrained:
		return nil
	case FrameFirst:
		out := ring(nil, rows, cols, 0)
		for r := 1; r < rows-1; r++ {
			for c := 1; c < cols-1; c++ {
				out = append(out, r*cols+c)
			}
		}
		return out
	case Spiral:
		var out []int
		for k := 0; 2*k < rows && 2*k < cols; k++ {
			out = ring(out, rows, cols, k)
		}
		return out
	}
	out := make([]int, rows*cols)
	for i := range out {
		out[i] = i
	}
	return out
}

// ring appends to dst the cells of ring k of the board (ring 0 is the
// frame), clockwise from its top-left corner: its top row left to right,
// its right column downwards, its bottom row right to left and its left
// column upwards. A ring one cell thick is listed once.
func ring(dst []int, rows, cols, k int) []int {
	top, left, bottom, right := k, k, rows-1-k, cols-1-k
	for c := left; c <= right; c++ {
		dst = append(dst, top*cols+c)
	}
	for r := top + 1; r <= bottom; r++ {
		dst = append(dst, r*cols+right)
	}
	if bottom > top {
		for c := right - 1; c >= left; c-- {
			dst = append(dst, bottom*cols+c)
		}
	}
	if right > left {
		for r := bottom - 1; r > top; r-- {
			dst = append(dst, r*cols+left)
		}
	}
	return dst
}
