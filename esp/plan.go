package esp

import (
	"slices"

	"github.com/reassemble/jigsaw/puzzle"
)

// pass is one stage of ESP+FBF: the cells that may be empty and, if set, a
// test that a layout of them explains the evidence; a layout it rejects is
// skipped without being solved.
type pass struct {
	cells  []puzzle.Cell
	accept func(holes []int) bool
}

// plan returns the passes ESP+FBF makes before it tries every cell. With
// unique labels every mark comes from a hole, so the first passes try, per
// frame, only the layouts that explain the frame's evidence: among the
// frame's candidates, then (when widening) among the candidates, the frame
// ends of the frame's marked lines and the corners, where a hole on the
// frame leaves no crossing. Then come the thesis's stage, every layout of
// each frame's candidates, and, when widening, the prediction of all
// frames with the frame ends and corners and then with every cell of a
// marked line and the whole frame, each first filtered, then not, since a
// line can read whole by coincidence (a broken row of 15 as long as a
// whole column of 10) and so mislead the evidence.
func plan(pred *Prediction, p *puzzle.Puzzle, cfg config) []pass {
	h, w := p.Rows, p.Cols
	var out []pass
	for _, f := range pred.Frames {
		out = append(out, pass{cells: candidateCells(f.Candidates), accept: explains(f, h, w)})
	}
	if cfg.widen {
		for _, f := range pred.Frames {
			cells := append(candidateCells(f.Candidates), lineEnds(f.MarkedRows, f.MarkedCols, h, w)...)
			cells = append(cells, corners(h, w)...)
			out = append(out, pass{cells: cells, accept: explains(f, h, w)})
		}
	}
	for _, f := range pred.Frames {
		out = append(out, pass{cells: candidateCells(f.Candidates)})
	}
	if !cfg.widen {
		return out
	}
	all := Frame{MarkedRows: pred.MarkedRows, MarkedCols: pred.MarkedCols, Corner: pred.Corner}
	second := append(pred.Cells(), lineEnds(pred.MarkedRows, pred.MarkedCols, h, w)...)
	second = append(second, corners(h, w)...)
	third := slices.Clone(second)
	for _, c := range pred.MarkedCols {
		for r := range h {
			third = append(third, puzzle.Cell{Row: r, Col: c.Index})
		}
	}
	for _, r := range pred.MarkedRows {
		for c := range w {
			third = append(third, puzzle.Cell{Row: r.Index, Col: c})
		}
	}
	for r := range h {
		for c := range w {
			if r == 0 || c == 0 || r == h-1 || c == w-1 {
				third = append(third, puzzle.Cell{Row: r, Col: c})
			}
		}
	}
	return append(out,
		pass{cells: second, accept: explains(all, h, w)},
		pass{cells: third, accept: explains(all, h, w)},
		pass{cells: second},
		pass{cells: third},
	)
}

func candidateCells(cs []Candidate) []puzzle.Cell {
	out := make([]puzzle.Cell, len(cs))
	for i, c := range cs {
		out[i] = c.Cell
	}
	return out
}

// lineEnds returns the frame cells at both ends of the marked lines.
func lineEnds(rows, cols []Line, h, w int) []puzzle.Cell {
	var out []puzzle.Cell
	for _, c := range cols {
		out = append(out, puzzle.Cell{Row: 0, Col: c.Index}, puzzle.Cell{Row: h - 1, Col: c.Index})
	}
	for _, r := range rows {
		out = append(out, puzzle.Cell{Row: r.Index, Col: 0}, puzzle.Cell{Row: r.Index, Col: w - 1})
	}
	return out
}

// explains returns a test that a layout (cells row-major on a board of
// rows × cols) puts a hole on one of the lines each piece marked in frame f,
// and in a corner if the corner rule fired there: with unique labels every
// mark comes from a hole, so a layout that leaves one unexplained cannot
// solve.
func explains(f Frame, rows, cols int) func([]int) bool {
	type mark struct{ rows, cols []int }
	byPiece := make(map[puzzle.PieceID]*mark)
	var order []puzzle.PieceID
	get := func(id puzzle.PieceID) *mark {
		m, ok := byPiece[id]
		if !ok {
			m = &mark{}
			byPiece[id] = m
			order = append(order, id)
		}
		return m
	}
	for _, l := range f.MarkedRows {
		for _, id := range l.Pieces {
			m := get(id)
			m.rows = append(m.rows, l.Index)
		}
	}
	for _, l := range f.MarkedCols {
		for _, id := range l.Pieces {
			m := get(id)
			m.cols = append(m.cols, l.Index)
		}
	}
	marks := make([]mark, len(order))
	for i, id := range order {
		marks[i] = *byPiece[id]
	}
	return func(holes []int) bool {
		for _, m := range marks {
			hit := false
			for _, h := range holes {
				if slices.Contains(m.rows, h/cols) || slices.Contains(m.cols, h%cols) {
					hit = true
					break
				}
			}
			if !hit {
				return false
			}
		}
		if !f.Corner {
			return true
		}
		for _, h := range holes {
			r, c := h/cols, h%cols
			if (r == 0 || r == rows-1) && (c == 0 || c == cols-1) {
				return true
			}
		}
		return false
	}
}
