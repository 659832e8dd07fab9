package eternity

import (
	"fmt"
	"hash/fnv"
	"slices"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Exact is an exact search for edge-matching puzzles, tuned for the
// colour puzzles of the Eternity II family: it fills the board in row
// scan order from the top-left cell, skipping the fixed cells (the
// hints), and at each cell tries the turned pieces that show the
// colours its left and top neighbours ask for, taken from a table
// keyed on that colour pair. A placement is a table look-up, a scan
// over a handful of candidates for one not yet used, and two stores;
// nothing is allocated while the search runs. On puzzles of up to 64
// pieces the candidates not yet used are found with bit sets instead of
// a scan (a third faster on boards of few colours, whose buckets are
// big), visiting the same tree in the same order.
//
// Candidates are tried in increasing piece number (ExactDescending
// reverses it) and, within a piece, in increasing rotation, so the search
// visits the same tree as any plain row scan that does so: its
// committed-placement count (Nodes) compares exactly with other solvers'.
// The tables admit a piece to a cell only when its flat sides lie exactly
// on the cell's rim sides, and a cell beside a fixed piece has its own
// tables that also demand the labels the fixed piece needs, so that
// nothing is checked after the look-up.
//
// Elements number the turned pieces: element 4·piece + rotation.
//
// An Exact is immutable once built: First, Count, Split and the
// branches' Run may be called from several goroutines at once.
type Exact struct {
	p   *puzzle.Puzzle
	cfg exactConfig

	labels []puzzle.Label // the non-flat labels, sorted: label i is dense number i+1
	ncol   int32          // labels in the key space: 0 flat, 1..K the labels, K+1 none
	mateR  []int32        // per element: the label a right neighbour must show on its left
	mateB  []int32        // per element: the label a bottom neighbour must show on its top
	mult   []uint8        // per element: turns of its piece that show the same labels
	items  []int32        // the tables' elements, bucket after bucket, while building
	cands  []cand         // items with what they ask of their neighbours
	starts []int32        // bucket k of a table is items[starts[k]:starts[k+1]], the same in cands
	steps  []step         // one per cell to fill, in scan order
	small  *smallTables   // the bit-set tables, for puzzles of up to 64 pieces

	cells     int
	preplaced []int32 // element in each cell before the search, -1 for none
	fits      bool    // the preplaced pieces fit each other and the rim
	turned    bool    // p is the caller's puzzle turned a quarter (firstEitherWay)
	print     uint64  // fingerprint of the puzzle and options, for checkpoints
}

// step is one cell of the scan: where its key comes from and which table
// it reads.
type step struct {
	cell int32
	l, t int32 // the cells whose mates give the key; cells (past the board) on the rim
	off  int32 // the table's first bucket in starts
}

// cand is an element in a table, with the labels its right and bottom
// neighbours must show (the first premultiplied by the key's stride), so
// that placing it reads nothing else.
type cand struct {
	elem, r, b int32
}

// ExactOption configures NewExact.
type ExactOption func(*exactConfig)

// exactConfig collects the options.
type exactConfig struct {
	pin     puzzle.PieceID // -1: none
	fold    bool
	desc    bool
	initial *puzzle.Board
	general bool // the general search even for a small puzzle, to compare the two
}

// ExactPinCorner restricts the first cell of the scan, the top-left
// corner, to piece id turned so that its two flat sides lie on the top
// and the left, the one turn in which a corner piece fits there. The
// pinned piece is placed by the search, not fixed: it counts as one
// placement, as in the C solvers whose placement counts the shared test
// data quote.
//
// On a square board without fixed pieces, every solution turned as a
// whole is another solution, and exactly one of the four turns has the
// pinned piece in the top-left corner: a pinned count is the number of
// solutions up to turning the board. NewExact fails when id is not a
// corner piece (exactly two flat sides, next to each other), is fixed,
// or when the top-left cell is fixed. Default: no pin.
func ExactPinCorner(id puzzle.PieceID) ExactOption {
	return func(c *exactConfig) { c.pin = id }
}

// ExactFoldTurns tries only the first of the turns of a piece that show
// the same colours (a piece of one colour all round, or with equal
// opposite sides), so that the search does not walk the same subtree
// again. Counts are unchanged: each solution found counts for every
// board its symmetric pieces' turns make. Nodes then fall below those of
// a search that tries every turn. Default: every turn is tried.
func ExactFoldTurns() ExactOption {
	return func(c *exactConfig) { c.fold = true }
}

// ExactDescending tries the candidates of a cell in decreasing piece
// number (and, within a piece, still in increasing rotation). It changes
// which solution comes first and the placements made before it, not the
// count. It is the order of the solvers whose first-solution placement
// counts the shared benchmark boards quote (3,577,121,570 on the 18-hint
// "bench-easy" board). Default: increasing piece number.
func ExactDescending() ExactOption {
	return func(c *exactConfig) { c.desc = true }
}

// exactWarm places the pieces of b before the search, as if fixed: the
// solve.Solver adapter's warm start.
func exactWarm(b *puzzle.Board) ExactOption {
	return func(c *exactConfig) { c.initial = b }
}

// ExactStats counts the work of a search.
type ExactStats struct {
	// Nodes counts committed placements: every time a turned piece is
	// put in a cell, including the last cell of a solution. Pieces
	// fixed before the search are not counted.
	Nodes uint64
	// Runtime is the wall-clock time of the call.
	Runtime time.Duration
	// Status is solve.Solved when First found a solution,
	// solve.Exhausted when the search space was covered, and
	// solve.Canceled when the context ended the search first.
	Status solve.Status
}

// Rate returns the placements per second, or 0 for a run too short to
// time.
func (s ExactStats) Rate() float64 {
	if s.Runtime <= 0 {
		return 0
	}
	return float64(s.Nodes) / s.Runtime.Seconds()
}

// maxColours bounds the key space: a table has maxColours² buckets.
const maxColours = 1 << 10

// maxTableEntries bounds the buckets of all tables together.
const maxTableEntries = 1 << 24

// NewExact builds the search for p, which must have exactly as many
// pieces as cells or more (the surplus is left out); a puzzle with holes
// is outside its reach. Either match rule works: the tables are keyed on
// the label a neighbour asks for, the same one under Equal and its
// complement under Complement.
func NewExact(p *puzzle.Puzzle, opts ...ExactOption) (*Exact, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	cfg := exactConfig{pin: -1}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	return newExact(p, cfg)
}

// newExact is NewExact with its options resolved; p is valid.
func newExact(p *puzzle.Puzzle, cfg exactConfig) (*Exact, error) {
	if len(p.Pieces) < p.Cells() {
		return nil, fmt.Errorf("eternity: %d pieces for %d cells: the exact search fills every cell", len(p.Pieces), p.Cells())
	}
	x := &Exact{p: p.Clone(), cfg: cfg, cells: p.Cells()}
	if err := x.buildLabels(); err != nil {
		return nil, err
	}
	if err := x.place(); err != nil {
		return nil, err
	}
	if err := x.buildSteps(); err != nil {
		return nil, err
	}
	x.cands = make([]cand, len(x.items))
	for i, e := range x.items {
		x.cands[i] = cand{elem: e, r: x.mateR[e] * x.ncol, b: x.mateB[e]}
	}
	x.items = nil // built into cands
	if !cfg.general {
		x.buildSmall()
	}
	x.print = x.fingerprint()
	return x, nil
}

// Puzzle returns the puzzle the search solves. It belongs to the search:
// do not modify it.
func (x *Exact) Puzzle() *puzzle.Puzzle { return x.p }

// Depth returns the number of cells the search fills: the cells less the
// fixed ones.
func (x *Exact) Depth() int { return len(x.steps) }

// buildLabels renumbers the labels densely and fills mateR, mateB and
// mult.
func (x *Exact) buildLabels() error {
	p := x.p
	var all []puzzle.Label
	for i := range p.Pieces {
		for _, l := range p.Pieces[i].Edges {
			if l != puzzle.Flat {
				all = append(all, l)
			}
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)
	if len(all)+2 > maxColours {
		return fmt.Errorf("eternity: %d distinct labels; the exact search's colour-pair tables take at most %d", len(all), maxColours-2)
	}
	x.labels = all
	none := int32(len(all) + 1)
	x.ncol = none + 1
	n := len(p.Pieces)
	x.mateR = make([]int32, 4*n)
	x.mateB = make([]int32, 4*n)
	x.mult = make([]uint8, 4*n)
	for id := range p.Pieces {
		pc := &p.Pieces[id]
		for r := range puzzle.Rotation(4) {
			e := 4*id + int(r)
			shows := pc.Turned(r)
			x.mateR[e], x.mateB[e] = none, none
			if l := shows[puzzle.Right]; l != puzzle.Flat {
				x.mateR[e] = x.denseOf(p.Rule.Mate(l))
			}
			if l := shows[puzzle.Bottom]; l != puzzle.Flat {
				x.mateB[e] = x.denseOf(p.Rule.Mate(l))
			}
			for _, q := range p.Turns() {
				if pc.Turned(q) == shows {
					x.mult[e]++
				}
			}
		}
	}
	return nil
}

// label returns the dense label element e shows on side s.
func (x *Exact) label(e int32, s puzzle.Side) int32 {
	return x.denseOf(x.p.Pieces[e>>2].Edge(puzzle.Rotation(e&3), s))
}

// denseOf returns the dense number of label l: 0 for Flat, none for a
// label no piece shows.
func (x *Exact) denseOf(l puzzle.Label) int32 {
	if l == puzzle.Flat {
		return 0
	}
	if i, ok := slices.BinarySearch(x.labels, l); ok {
		return int32(i + 1)
	}
	return x.ncol - 1
}

// place puts the fixed pieces and the warm start on the board, checks
// that they fit, and records the pin.
func (x *Exact) place() error {
	p := x.p
	x.preplaced = make([]int32, x.cells)
	for i := range x.preplaced {
		x.preplaced[i] = -1
	}
	for _, f := range p.Fixed {
		x.preplaced[f.Cell.Row*p.Cols+f.Cell.Col] = int32(4*int(f.Placement.Piece) + int(f.Placement.Rotation))
	}
	if b := x.cfg.initial; b != nil {
		if err := b.Validate(p); err != nil {
			return fmt.Errorf("eternity: warm start: %w", err)
		}
		for i, pl := range b.Cells {
			if !pl.IsEmpty() && x.preplaced[i] < 0 {
				x.preplaced[i] = int32(4*int(pl.Piece) + int(pl.Rotation&3))
			}
		}
	}
	if id := x.cfg.pin; id >= 0 {
		if int(id) >= len(p.Pieces) {
			return fmt.Errorf("eternity: pinned piece %d: pieces are 0 to %d", id, len(p.Pieces)-1)
		}
		if x.preplaced[0] >= 0 {
			return fmt.Errorf("eternity: cannot pin piece %d in the top-left cell: piece %d is fixed there", id, x.preplaced[0]>>2)
		}
		for c, e := range x.preplaced {
			if e >= 0 && e>>2 == int32(id) {
				return fmt.Errorf("eternity: cannot pin piece %d in the top-left cell: it is fixed in cell %v", id, puzzle.Cell{Row: c / p.Cols, Col: c % p.Cols})
			}
		}
		if _, ok := cornerTurn(p, id); !ok {
			return fmt.Errorf("eternity: cannot pin piece %d in the top-left cell: with sides %v it is not a corner piece of a board of at least 2×2 cells", id, p.Pieces[id].Edges)
		}
	}
	x.fits = true
	for c, e := range x.preplaced {
		if e >= 0 && !x.fitsAt(c, e, x.preplaced) {
			x.fits = false
		}
	}
	return nil
}

// cornerTurn returns the turn that puts piece id's flat sides on the top
// and left, its others inward, if it has one the puzzle allows.
func cornerTurn(p *puzzle.Puzzle, id puzzle.PieceID) (puzzle.Rotation, bool) {
	if p.Rows < 2 || p.Cols < 2 {
		return 0, false
	}
	pc := &p.Pieces[id]
	for _, r := range p.Turns() {
		s := pc.Turned(r)
		if s[puzzle.Top] == puzzle.Flat && s[puzzle.Left] == puzzle.Flat && s[puzzle.Right] != puzzle.Flat && s[puzzle.Bottom] != puzzle.Flat {
			return r, true
		}
	}
	return 0, false
}

// fitsAt reports whether element e fits cell c against the rim and the
// elements on board (-1 for none).
func (x *Exact) fitsAt(c int, e int32, board []int32) bool {
	p := x.p
	cell := puzzle.Cell{Row: c / p.Cols, Col: c % p.Cols}
	pc := &p.Pieces[e>>2]
	r := puzzle.Rotation(e & 3)
	for _, s := range puzzle.Sides {
		l := pc.Edge(r, s)
		n := cell.Neighbour(s)
		if !p.In(n) {
			if l != puzzle.Flat {
				return false
			}
			continue
		}
		if l == puzzle.Flat {
			return false
		}
		if o := board[n.Row*p.Cols+n.Col]; o >= 0 && !p.Rule.Fits(l, p.Pieces[o>>2].Edge(puzzle.Rotation(o&3), s.Opposite())) {
			return false
		}
	}
	return true
}

// tableKey identifies a table: the cell's rim sides, the labels its right
// and bottom sides must show to fit fixed neighbours (-1 for none), and
// the one element a pinned cell takes (-1 for any).
type tableKey struct {
	rim          uint8
	needR, needB int32
	only         int32
}

// buildSteps lays out the scan and builds the tables its cells read.
func (x *Exact) buildSteps() error {
	p := x.p
	tables := make(map[tableKey]int32)
	sentinel := int32(x.cells)
	for c := range x.cells {
		if x.preplaced[c] >= 0 {
			continue
		}
		row, col := c/p.Cols, c%p.Cols
		k := tableKey{needR: -1, needB: -1, only: -1}
		st := step{cell: int32(c), l: sentinel, t: sentinel}
		if row == 0 {
			k.rim |= 1 << puzzle.Top
		} else {
			st.t = int32(c - p.Cols)
		}
		if col == 0 {
			k.rim |= 1 << puzzle.Left
		} else {
			st.l = int32(c - 1)
		}
		if row == p.Rows-1 {
			k.rim |= 1 << puzzle.Bottom
		} else if o := x.preplaced[c+p.Cols]; o >= 0 {
			k.needB = x.denseOf(p.Rule.Mate(p.Pieces[o>>2].Edge(puzzle.Rotation(o&3), puzzle.Top)))
		}
		if col == p.Cols-1 {
			k.rim |= 1 << puzzle.Right
		} else if o := x.preplaced[c+1]; o >= 0 {
			k.needR = x.denseOf(p.Rule.Mate(p.Pieces[o>>2].Edge(puzzle.Rotation(o&3), puzzle.Left)))
		}
		if c == 0 && x.cfg.pin >= 0 {
			r, _ := cornerTurn(p, x.cfg.pin)
			k.only = int32(4*int(x.cfg.pin) + int(r))
		}
		off, ok := tables[k]
		if !ok {
			if (len(tables)+1)*int(x.ncol)*int(x.ncol) > maxTableEntries {
				return fmt.Errorf("eternity: the exact search's tables would exceed %d buckets: %d labels", maxTableEntries, x.ncol-2)
			}
			off = x.buildTable(k)
			tables[k] = off
		}
		st.off = off
		x.steps = append(x.steps, st)
	}
	return nil
}

// buildTable appends the table of key k and returns its first bucket:
// the elements that are flat exactly on k's rim sides, show what k needs
// on their right and bottom, and belong to no preplaced piece, bucketed
// by the labels on their left and top sides, in increasing element
// order.
func (x *Exact) buildTable(k tableKey) int32 {
	usedPiece := make([]bool, len(x.p.Pieces))
	for _, e := range x.preplaced {
		if e >= 0 {
			usedPiece[e>>2] = true
		}
	}
	size := x.ncol * x.ncol
	off := int32(len(x.starts))
	x.starts = append(x.starts, make([]int32, size+1)...)
	start := x.starts[off:]
	var members, keys []int32
	for i := range int32(len(x.mult)) {
		e := i
		if x.cfg.desc {
			e = int32(len(x.mult)) - 4 - i&^3 + i&3
		}
		if usedPiece[e>>2] || (k.only >= 0 && e != k.only) || !x.allowed(e) {
			continue
		}
		ok := true
		var lbl [4]int32
		for _, s := range puzzle.Sides {
			lbl[s] = x.label(e, s)
			if (lbl[s] == 0) != (k.rim&(1<<s) != 0) {
				ok = false
			}
		}
		if !ok || (k.needR >= 0 && lbl[puzzle.Right] != k.needR) || (k.needB >= 0 && lbl[puzzle.Bottom] != k.needB) {
			continue
		}
		members = append(members, e)
		keys = append(keys, lbl[puzzle.Left]*x.ncol+lbl[puzzle.Top])
	}
	for _, key := range keys {
		start[key+1]++
	}
	start[0] = int32(len(x.items))
	for b := range size {
		start[b+1] += start[b]
	}
	x.items = append(x.items, make([]int32, len(members))...)
	fill := slices.Clone(start[:size])
	for i, e := range members {
		x.items[fill[keys[i]]] = e
		fill[keys[i]]++
	}
	return off
}

// allowed reports whether the search tries element e at all: a turn the
// puzzle allows and, when folding, the first turn showing its labels.
func (x *Exact) allowed(e int32) bool {
	r := puzzle.Rotation(e & 3)
	if !x.p.Rotatable && r != 0 {
		return false
	}
	if x.cfg.fold {
		pc := &x.p.Pieces[e>>2]
		shows := pc.Turned(r)
		for q := range r {
			if pc.Turned(q) == shows {
				return false
			}
		}
	}
	return true
}

// fingerprint hashes what a search depends on, so that a checkpoint is
// resumed only by the search that made it.
func (x *Exact) fingerprint() uint64 {
	h := fnv.New64a()
	w := func(v int64) {
		var b [8]byte
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		h.Write(b[:])
	}
	p := x.p
	w(int64(p.Rows))
	w(int64(p.Cols))
	w(int64(p.Rule))
	if p.Rotatable {
		w(1)
	}
	for i := range p.Pieces {
		for _, l := range p.Pieces[i].Edges {
			w(int64(l))
		}
	}
	for _, e := range x.preplaced {
		w(int64(e))
	}
	w(int64(x.cfg.pin))
	if x.cfg.fold {
		w(1)
	}
	if x.cfg.desc {
		w(2)
	}
	return h.Sum64()
}
