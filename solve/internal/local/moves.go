package local

import "github.com/reassemble/jigsaw/puzzle"

// around prices element e in slot i against the slot's current neighbours
// and the rim, leaving out the join with slot skip.
func (s *State) around(i int, e Elem, skip int) float64 {
	if e < 0 {
		return 0
	}
	pr := s.L.Pricer
	nb := s.L.nb[4*i : 4*i+4 : 4*i+4]
	var c float64
	if pr.how == byLabels {
		// The hot path of label puzzles: integer compares only.
		f := pr.facing
		var miss int
		for side, n := range nb {
			switch {
			case n >= 0:
				if int(n) == skip {
					continue
				}
				if o := s.Cells[n]; o >= 0 && f[4*int(e)+side] != f[4*int(o)+(side^2)] {
					miss++
				}
			case n == rim:
				c += float64(pr.frameCost[4*int(e)+side])
			}
		}
		return c + float64(miss)
	}
	for side, n := range nb {
		switch {
		case n >= 0:
			if int(n) == skip {
				continue
			}
			if o := s.Cells[n]; o >= 0 {
				c += pr.Join(e, puzzle.Side(side), o)
			}
		case n == rim && pr.frameCost != nil:
			c += float64(pr.frameCost[4*int(e)+side])
		}
	}
	return c
}

// Price returns what element x would contribute in slot i against the
// slot's current neighbours: its joins and its rim sides. It is 0 for
// NoElem.
func (s *State) Price(i int, x Elem) float64 { return s.around(i, x, -1) }

// SetDelta returns the change in cost if slot i held x.
func (s *State) SetDelta(i int, x Elem) float64 {
	return s.around(i, x, -1) - s.around(i, s.Cells[i], -1)
}

// Set puts x in slot i and updates the cost.
func (s *State) Set(i int, x Elem) {
	s.cost += s.SetDelta(i, x)
	s.Cells[i] = x
}

// Set2Delta returns the change in cost if slot i held x and slot j held y
// at once; i and j differ.
func (s *State) Set2Delta(i int, x Elem, j int, y Elem) float64 {
	d := s.around(i, x, j) + s.around(j, y, i) - s.around(i, s.Cells[i], j) - s.around(j, s.Cells[j], i)
	if side, ok := s.L.Adjacent(i, j); ok {
		d += s.pair(x, side, y) - s.pair(s.Cells[i], side, s.Cells[j])
	}
	return d
}

// pair prices b on side side of a, either of which may be empty.
func (s *State) pair(a Elem, side puzzle.Side, b Elem) float64 {
	if a < 0 || b < 0 {
		return 0
	}
	return s.L.Pricer.Join(a, side, b)
}

// Set2 puts x in slot i and y in slot j and updates the cost.
func (s *State) Set2(i int, x Elem, j int, y Elem) {
	s.cost += s.Set2Delta(i, x, j, y)
	s.Cells[i], s.Cells[j] = x, y
}

// SwapDelta returns the change in cost if slots i and j traded pieces,
// each keeping its rotation.
func (s *State) SwapDelta(i, j int) float64 {
	if i == j {
		return 0
	}
	return s.Set2Delta(i, s.Cells[j], j, s.Cells[i])
}

// Swap trades the pieces of slots i and j and updates the cost.
func (s *State) Swap(i, j int) {
	if i != j {
		s.Set2(i, s.Cells[j], j, s.Cells[i])
	}
}

// beginRegion starts collecting the slots of a region move.
func (s *State) beginRegion() {
	if s.mark == nil {
		s.mark = make([]uint32, s.L.slots)
	}
	s.epoch++
	if s.epoch == 0 {
		clear(s.mark)
		s.epoch = 1
	}
	s.region = s.region[:0]
}

func (s *State) addRegion(i int) {
	if s.mark[i] != s.epoch {
		s.mark[i] = s.epoch
		s.region = append(s.region, i)
	}
}

// regionCost prices every join that touches the region, each once, and the
// region's rim sides.
func (s *State) regionCost() float64 {
	if s.L.Pricer.how == byLabels {
		return s.regionCostLabels()
	}
	var c float64
	for _, i := range s.region {
		e := s.Cells[i]
		if e < 0 {
			continue
		}
		for side, n := range s.L.nb[4*i : 4*i+4] {
			switch {
			case n >= 0:
				// A join inside the region is priced from its left or
				// upper end only.
				if s.mark[n] == s.epoch && (side == int(puzzle.Left) || side == int(puzzle.Top)) {
					continue
				}
				if o := s.Cells[n]; o >= 0 {
					c += s.L.Pricer.Join(e, puzzle.Side(side), o)
				}
			case n == rim:
				c += s.L.Pricer.Frame(e, puzzle.Side(side))
			}
		}
	}
	return c
}

// regionCostLabels is regionCost for label puzzles.
func (s *State) regionCostLabels() float64 {
	pr := s.L.Pricer
	f := pr.facing
	var miss int
	var c float64
	for _, i := range s.region {
		e := s.Cells[i]
		if e < 0 {
			continue
		}
		k := 4 * int(e)
		for side, n := range s.L.nb[4*i : 4*i+4] {
			switch {
			case n >= 0:
				if s.mark[n] == s.epoch && (side == int(puzzle.Left) || side == int(puzzle.Top)) {
					continue
				}
				if o := s.Cells[n]; o >= 0 && f[k+side] != f[4*int(o)+(side^2)] {
					miss++
				}
			case n == rim:
				c += float64(pr.frameCost[k+side])
			}
		}
	}
	return c + float64(miss)
}

// regionDelta returns the change in cost of applying the permutation move
// apply to the region collected since beginRegion; undo must reverse it.
// With commit the move stays and the cost is updated.
func (s *State) regionDelta(apply, undo func(), commit bool) float64 {
	before := s.regionCost()
	apply()
	d := s.regionCost() - before
	if commit {
		s.cost += d
	} else {
		undo()
	}
	return d
}

// swapRegions prices trading the pieces of two rectangles of rows × cols
// cells, whose top-left cells are x and y and whose rows are stride apart,
// as collected since beginRegion; with commit the trade stays.
func (s *State) swapRegions(x, y, rows, cols, stride int, commit bool) float64 {
	swap := func() {
		for r := range rows {
			a := s.Cells[x+r*stride : x+r*stride+cols]
			b := s.Cells[y+r*stride : y+r*stride+cols]
			for c := range a {
				a[c], b[c] = b[c], a[c]
			}
		}
	}
	before := s.regionCost()
	swap()
	d := s.regionCost() - before
	if commit {
		s.cost += d
	} else {
		swap()
	}
	return d
}

// SwapRowsDelta returns the change in cost if rows a and b traded places
// whole; ok is false when either row holds a fixed piece.
func (s *State) SwapRowsDelta(a, b int) (d float64, ok bool) {
	return s.rows(a, b, false)
}

// SwapRows trades rows a and b whole and reports whether it could: a row
// holding a fixed piece does not move.
func (s *State) SwapRows(a, b int) bool {
	_, ok := s.rows(a, b, true)
	return ok
}

func (s *State) rows(a, b int, commit bool) (float64, bool) {
	l := s.L
	if a == b || l.rowFixed[a] || l.rowFixed[b] {
		return 0, a == b
	}
	s.beginRegion()
	for c := range l.Cols {
		s.addRegion(a*l.Cols + c)
		s.addRegion(b*l.Cols + c)
	}
	return s.swapRegions(a*l.Cols, b*l.Cols, 1, l.Cols, 1, commit), true
}

// SwapColsDelta returns the change in cost if columns a and b traded
// places whole; ok is false when either column holds a fixed piece.
func (s *State) SwapColsDelta(a, b int) (d float64, ok bool) {
	return s.cols(a, b, false)
}

// SwapCols trades columns a and b whole and reports whether it could.
func (s *State) SwapCols(a, b int) bool {
	_, ok := s.cols(a, b, true)
	return ok
}

func (s *State) cols(a, b int, commit bool) (float64, bool) {
	l := s.L
	if a == b || l.colFixed[a] || l.colFixed[b] {
		return 0, a == b
	}
	s.beginRegion()
	for r := range l.Rows {
		s.addRegion(r*l.Cols + a)
		s.addRegion(r*l.Cols + b)
	}
	return s.swapRegions(a, b, l.Rows, 1, l.Cols, commit), true
}

// Block is a rectangle of cells: Rows × Cols cells from (Row, Col).
type Block struct {
	Row, Col, Rows, Cols int
}

// BlockMovable reports whether block b lies on the board and holds no
// fixed piece.
func (l *Layout) BlockMovable(b Block) bool {
	if b.Rows <= 0 || b.Cols <= 0 || b.Row < 0 || b.Col < 0 || b.Row+b.Rows > l.Rows || b.Col+b.Cols > l.Cols {
		return false
	}
	for r := b.Row; r < b.Row+b.Rows; r++ {
		for c := b.Col; c < b.Col+b.Cols; c++ {
			if l.blocked[r*l.Cols+c] {
				return false
			}
		}
	}
	return true
}

// overlap reports whether blocks a and b share a cell.
func overlap(a, b Block) bool {
	return a.Row < b.Row+b.Rows && b.Row < a.Row+a.Rows && a.Col < b.Col+b.Cols && b.Col < a.Col+a.Cols
}

// SwapBlocksDelta returns the change in cost if the pieces of block a
// traded places with those of block b, each piece keeping its place within
// its block and its rotation. ok is false unless the blocks have the same
// size, lie on the board, do not overlap and hold no fixed piece.
func (s *State) SwapBlocksDelta(a, b Block) (d float64, ok bool) {
	return s.blocks(a, b, false)
}

// SwapBlocks trades the pieces of blocks a and b and reports whether it
// could.
func (s *State) SwapBlocks(a, b Block) bool {
	_, ok := s.blocks(a, b, true)
	return ok
}

func (s *State) blocks(a, b Block, commit bool) (float64, bool) {
	l := s.L
	if a.Rows != b.Rows || a.Cols != b.Cols || overlap(a, b) || !l.BlockMovable(a) || !l.BlockMovable(b) {
		return 0, false
	}
	s.beginRegion()
	for r := range a.Rows {
		for c := range a.Cols {
			s.addRegion((a.Row+r)*l.Cols + a.Col + c)
			s.addRegion((b.Row+r)*l.Cols + b.Col + c)
		}
	}
	return s.swapRegions(a.Row*l.Cols+a.Col, b.Row*l.Cols+b.Col, a.Rows, a.Cols, l.Cols, commit), true
}

// SetManyDelta returns the change in cost if each slots[k] held elems[k]
// at once. The slots must be distinct; the elements are the caller's to
// keep a valid board (a permutation of what the slots held).
func (s *State) SetManyDelta(slots []int, elems []Elem) float64 {
	return s.setMany(slots, elems, false)
}

// SetMany puts elems[k] in slots[k] for every k and updates the cost.
func (s *State) SetMany(slots []int, elems []Elem) {
	s.setMany(slots, elems, true)
}

func (s *State) setMany(slots []int, elems []Elem, commit bool) float64 {
	s.beginRegion()
	for _, i := range slots {
		s.addRegion(i)
	}
	old := make([]Elem, len(slots))
	apply := func() {
		for k, i := range slots {
			old[k] = s.Cells[i]
			s.Cells[i] = elems[k]
		}
	}
	undo := func() {
		for k, i := range slots {
			s.Cells[i] = old[k]
		}
	}
	return s.regionDelta(apply, undo, commit)
}
