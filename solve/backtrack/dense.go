package backtrack

import (
	"math"
	"math/bits"
	"slices"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// The dense engine is the search specialised for puzzles that fill every
// cell: as many pieces as cells, so no cell stays empty and every side that
// faces another cell must carry a label. It replaces the general search's
// map look-ups and per-candidate checks with arrays built once per run:
//
//   - Labels are renumbered densely: 0 is Flat, 1..K the labels in
//     increasing order, K+1 "nothing fits" (the mate of a flat side, or a
//     Complement label whose mate no piece carries).
//   - Element e = 4·piece + rotation stands for a turned piece. out[e]
//     packs, 16 bits a side, the dense labels its neighbours must show;
//     placing e copies it into its cell, so that the key of a cell is read
//     off its placed neighbours with one load each.
//   - A cell's signature is which of its sides lie on the rim and which
//     face placed neighbours. Each signature has a table: the elements that
//     are flat exactly on the rim and carry a label on every other side,
//     bucketed by the labels on the neighbour sides, as offsets into one
//     flat array of element indices. A static order (RowScan, FrameFirst,
//     Spiral) knows every cell's signature in advance; MostConstrained
//     reads it from a 256-entry index.
//   - A piece whose turns show the same labels (one colour all round, or
//     equal opposite sides) keeps only its least such turn, so the search
//     never walks the same subtree twice; solutions are expanded back into
//     every turn when boards are wanted, and multiplied out when counted.
//
// The search loops (densesearch.go) keep their stack in one array of
// frames, one per cell to fill, and the used pieces in a slice; they
// allocate nothing, the static orders' loop calls no function per
// placement, and both report to the run in windows of placements (see
// window).

// A cell keys its table on as many of its known sides as keep the table's
// L^k buckets within max(minBuckets, bucketsPerElement × elements), and
// checks the others one by one: more buckets than elements buy little
// and cost their building, which on a puzzle solved in a few hundred
// placements is most of the run.
const (
	minBuckets        = 1 << 12
	bucketsPerElement = 4
)

// pollEvery is how many placements pass between two calls of run.Step,
// which polls the context: at tens of millions of placements a second this
// is well under a millisecond.
const pollEvery = 4096

// maxDense bounds the dense alphabet so that a label fits 16 bits.
const maxDense = 1 << 16

// maxDenseCells bounds the board so that every index into the tables fits
// an int32: at most 64 tables, each with at most 4 elements per cell.
const maxDenseCells = 1 << 22

// table lists, for one cell signature, the elements that fit each
// combination of labels on the key sides.
type table struct {
	k      int32
	key    [4]puzzle.Side // sides keyed, k of them
	stride [4]int32
	// check lists the sides known but not keyed; mask selects their
	// labels in an element's packed labels.
	nc    int32
	check [4]puzzle.Side
	mask  uint64
	off   int32 // bucket b is items[starts[off+b]:starts[off+b+1]]
}

// slot is how a cell of a static order finds its candidates: which
// neighbours give its key, which give its checks. The first two key sides
// are unrolled (a cell of a row scan has no more); an absent one reads a
// cell past the board whose labels are all 0.
type slot struct {
	a, b   int32 // the neighbours across the first two key sides
	sa, sb uint8 // where in their packed out labels the ones facing us lie
	slow   bool  // more than two key sides, or sides to check
	mb     int32 // the stride of b's label; a's is 1
	off    int32 // the table's first bucket in starts
	// need and mask: the labels the checked sides must show, and where
	// they lie in an element's own labels; mask is 0 without checks.
	need, mask uint64
	more       *slowSlot
}

// slowSlot is the rest of a slot with more than two key sides or with
// sides to check.
type slowSlot struct {
	k      int32
	kCell  [4]int32
	kShift [4]uint8
	stride [4]int32
	nc     int32
	cCell  [4]int32
	cShift [4]uint8
	cSide  [4]uint8 // 16 × the checked side, to place the need in own's packing
}

// dense is one run of the dense engine.
type dense struct {
	run    *solve.Run
	set    solve.Settings
	p      *puzzle.Puzzle
	labels *edge.Labels
	cells  int
	order  Order

	out    []uint64 // out[e]: per side s, bits 16s.., the label a neighbour across s must show
	own    []uint64 // own[e]: the element's dense labels, 16 bits per side
	items  []int32
	starts []int32
	sig    [256]int16 // rim<<4 | known → table, -1 not built
	tabs   []table
	kmax   int
	dense  int // size of the dense alphabet, "nothing fits" included

	rim  []uint8    // sides of each cell on the rim
	nbr  [][4]int32 // neighbour cell per side, -1 off the board
	mult []int8     // per element kept: how many turns show its labels

	// Search state.
	elem      []int32  // element in each cell, -1 when undecided
	cellOut   []uint64 // out of the element in each cell, 0 when undecided
	used      []bool
	preplaced []bool
	known     []uint8   // dynamic order: sides of each cell facing a decided cell
	runs      []cellRun // dynamic order: each undecided cell's candidates
	stack     []denseFrame
	board     *puzzle.Board
	depth     int // cells to fill
	factor    int64
	// Reporting.
	win         int64 // placements in the current window not yet reported
	recorded    int   // placements on the last board handed to run.Fallback
	lastImprove int64
	bestCost    float64
}

// denseFrame is a choice point of the dense engine: the cell, the element
// placed there and the rest of its candidate run. In a static order it also
// holds the cell's slot, so that the loop reads one struct per level.
type denseFrame struct {
	pos, end int32
	elem     int32 // the element placed, when one is
	cell     int32
	slot
}

// newDense builds the dense engine for the run, or returns nil when it does
// not apply: a puzzle with more or fewer pieces than cells, with more than
// maxDenseCells cells or with more distinct labels than 16 bits index.
func newDense(run *solve.Run, order Order) *dense {
	p := run.Problem().Puzzle
	cells := p.Cells()
	if len(p.Pieces) != cells || cells > maxDenseCells {
		return nil
	}
	labels, err := edge.NewLabels(p)
	if err != nil {
		return nil
	}
	dn := &dense{run: run, set: run.Settings(), p: p, labels: labels, cells: cells, order: order}
	if !dn.buildLabels() {
		return nil
	}
	dn.buildGeometry()
	dn.buildElements()
	dn.initState()
	for i := range dn.sig {
		dn.sig[i] = -1
	}
	if order == MostConstrained {
		// Tables are built as the signatures turn up (see refresh).
		dn.runs = make([]cellRun, cells)
		for c := range int32(cells) {
			if dn.elem[c] < 0 {
				dn.refresh(c)
			}
		}
	} else {
		dn.buildSlots()
	}
	return dn
}

// buildLabels renumbers the labels densely and fills out and own.
func (dn *dense) buildLabels() bool {
	var all []puzzle.Label
	for i := range dn.p.Pieces {
		for _, l := range dn.p.Pieces[i].Edges {
			if l != puzzle.Flat {
				all = append(all, l)
			}
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)
	if len(all)+2 > maxDense {
		return false
	}
	none := uint16(len(all) + 1)
	dn.dense = len(all) + 2
	index := func(l puzzle.Label) (uint16, bool) {
		i, ok := slices.BinarySearch(all, l)
		return uint16(i + 1), ok
	}
	limit := max(minBuckets, bucketsPerElement*4*len(dn.p.Pieces))
	dn.kmax = 0
	for n := 1; n*dn.dense <= limit && dn.kmax < 4; n *= dn.dense {
		dn.kmax++
	}
	n := len(dn.p.Pieces)
	dn.out = make([]uint64, 4*n)
	dn.own = make([]uint64, 4*n)
	for id := range dn.p.Pieces {
		for r := puzzle.Rotation(0); r < 4; r++ {
			e := 4*id + int(r)
			shows := dn.p.Pieces[id].Turned(r)
			for _, s := range puzzle.Sides {
				var o, w uint16
				if l := shows[s]; l != puzzle.Flat {
					w, _ = index(l)
					m, ok := index(dn.p.Rule.Mate(l))
					o = none
					if ok {
						o = m
					}
				} else {
					o = none
				}
				dn.out[e] |= uint64(o) << (16 * uint(s))
				dn.own[e] |= uint64(w) << (16 * uint(s))
			}
		}
	}
	return true
}

// ownLabel returns the dense label element e shows on side s.
func (dn *dense) ownLabel(e int, s puzzle.Side) int {
	return int(dn.own[e] >> (16 * uint(s)) & 0xffff)
}

// buildGeometry records each cell's rim sides and neighbours.
func (dn *dense) buildGeometry() {
	rows, cols := dn.p.Rows, dn.p.Cols
	dn.rim = make([]uint8, dn.cells)
	dn.nbr = make([][4]int32, dn.cells)
	for i := range dn.cells {
		c := puzzle.Cell{Row: i / cols, Col: i % cols}
		for _, s := range puzzle.Sides {
			n := c.Neighbour(s)
			if n.Row < 0 || n.Row >= rows || n.Col < 0 || n.Col >= cols {
				dn.rim[i] |= 1 << s
				dn.nbr[i][s] = -1
			} else {
				dn.nbr[i][s] = int32(n.Row*cols + n.Col)
			}
		}
	}
}

// buildElements decides which turns of each piece the search tries: every
// turn the puzzle allows, less those that repeat an earlier turn's labels.
func (dn *dense) buildElements() {
	n := len(dn.p.Pieces)
	dn.mult = make([]int8, 4*n)
	for id := range dn.p.Pieces {
		pc := &dn.p.Pieces[id]
		for _, r := range dn.p.Turns() {
			shows := pc.Turned(r)
			first := true
			for _, q := range dn.p.Turns() {
				if q < r && pc.Turned(q) == shows {
					first = false
					break
				}
			}
			if !first {
				continue
			}
			for _, q := range dn.p.Turns() {
				if pc.Turned(q) == shows {
					dn.mult[4*id+int(r)]++
				}
			}
		}
	}
}

// table returns the table of the signature (rim sides, known sides),
// building it on first use.
func (dn *dense) table(rim, known uint8) int {
	sig := rim<<4 | known
	if t := dn.sig[sig]; t >= 0 {
		return int(t)
	}
	var t table
	for _, s := range puzzle.Sides {
		if known&(1<<s) == 0 {
			continue
		}
		if int(t.k) < dn.kmax {
			t.key[t.k] = s
			t.k++
		} else {
			t.check[t.nc] = s
			t.mask |= 0xffff << (16 * uint(s))
			t.nc++
		}
	}
	size := int32(1)
	for j := range t.k {
		t.stride[j] = size
		size *= int32(dn.dense)
	}
	t.off = int32(len(dn.starts))
	dn.starts = append(dn.starts, make([]int32, size+1)...)
	start := dn.starts[t.off:]
	base := int32(len(dn.items))
	keyOf := func(e int) (int32, bool) {
		for _, s := range puzzle.Sides {
			flat := dn.ownLabel(e, s) == 0
			if flat != (rim&(1<<s) != 0) {
				return 0, false
			}
		}
		var k int32
		for j := range t.k {
			k += int32(dn.ownLabel(e, t.key[j])) * t.stride[j]
		}
		return k, true
	}
	for e, m := range dn.mult {
		if m == 0 {
			continue
		}
		if k, ok := keyOf(e); ok {
			start[k+1]++
		}
	}
	start[0] = base
	for b := range size {
		start[b+1] += start[b]
	}
	dn.items = append(dn.items, make([]int32, start[size]-base)...)
	fill := append([]int32(nil), start[:size]...)
	for e, m := range dn.mult {
		if m == 0 {
			continue
		}
		if k, ok := keyOf(e); ok {
			dn.items[fill[k]] = int32(e)
			fill[k]++
		}
	}
	dn.tabs = append(dn.tabs, t)
	dn.sig[sig] = int16(len(dn.tabs) - 1)
	return len(dn.tabs) - 1
}

// initState sets up the board with the fixed pieces and the warm start.
func (dn *dense) initState() {
	dn.elem = make([]int32, dn.cells)
	dn.cellOut = make([]uint64, dn.cells+1) // the last, past the board, stays 0
	dn.used = make([]bool, len(dn.p.Pieces))
	dn.preplaced = make([]bool, dn.cells)
	dn.known = make([]uint8, dn.cells)
	dn.board = puzzle.NewBoardFor(dn.p)
	if init := dn.set.Initial; init != nil {
		copy(dn.board.Cells, init.Cells)
	}
	dn.factor = 1
	for i, pl := range dn.board.Cells {
		dn.elem[i] = -1
		if pl.IsEmpty() {
			continue
		}
		dn.elem[i] = int32(4*int(pl.Piece) + int(pl.Rotation&3))
		dn.cellOut[i] = dn.out[dn.elem[i]]
		dn.used[pl.Piece] = true
		dn.preplaced[i] = true
	}
	for i := range dn.cells {
		if dn.elem[i] < 0 {
			dn.depth++
			continue
		}
		for _, s := range puzzle.Sides {
			if n := dn.nbr[i][s]; n >= 0 {
				dn.known[n] |= 1 << s.Opposite()
			}
		}
	}
	// Each piece the search places stands for mult turned copies.
	for id := range dn.p.Pieces {
		if dn.used[id] {
			continue
		}
		for r := range 4 {
			if m := dn.mult[4*id+r]; m > 1 {
				dn.factor = satMul(dn.factor, int64(m))
				break
			}
		}
	}
	dn.stack = make([]denseFrame, dn.depth)
	dn.bestCost = math.Inf(1)
}

// buildSlots resolves the static order's cells to their tables, in the
// stack's frames.
func (dn *dense) buildSlots() {
	decided := slices.Clone(dn.preplaced)
	d := 0
	for _, c := range cellOrder(dn.p.Rows, dn.p.Cols, dn.order) {
		if decided[c] {
			continue
		}
		var known uint8
		for _, s := range puzzle.Sides {
			if n := dn.nbr[c][s]; n >= 0 && decided[n] {
				known |= 1 << s
			}
		}
		t := &dn.tabs[dn.table(dn.rim[c], known)]
		sl := slot{a: int32(dn.cells), b: int32(dn.cells), off: t.off, mask: t.mask}
		var more slowSlot
		more.k, more.nc = t.k, t.nc
		for j := range t.k {
			s := t.key[j]
			more.kCell[j], more.kShift[j] = dn.nbr[c][s], uint8(16*s.Opposite())
			more.stride[j] = t.stride[j]
		}
		for j := range t.nc {
			s := t.check[j]
			more.cCell[j], more.cShift[j] = dn.nbr[c][s], uint8(16*s.Opposite())
			more.cSide[j] = uint8(16 * s)
		}
		if t.k > 0 {
			sl.a, sl.sa = more.kCell[0], more.kShift[0]
		}
		if t.k > 1 {
			sl.b, sl.sb, sl.mb = more.kCell[1], more.kShift[1], more.stride[1]
		}
		if t.k > 2 || t.nc > 0 {
			sl.slow, sl.more = true, &more
		}
		dn.stack[d].cell, dn.stack[d].slot = int32(c), sl
		d++
		decided[c] = true
	}
}

// satMul multiplies non-negative a and b, saturating at math.MaxInt64.
func satMul(a, b int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi != 0 || lo > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(lo)
}

// satDiv returns a*b/d for non-negative a and b and positive d, computed
// without overflow and saturating at math.MaxInt64.
func satDiv(a, b, d int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi >= uint64(d) {
		return math.MaxInt64
	}
	q, _ := bits.Div64(hi, lo, uint64(d))
	return int64(min(q, math.MaxInt64))
}
