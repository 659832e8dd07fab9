package esp

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/reassemble/jigsaw/puzzle"
)

// Evidence is what Empty Slot Prediction read from one piece that lacks a
// partner on some side: a piece whose every side fits another piece tells
// nothing and is left out.
type Evidence struct {
	// Piece is the piece read.
	Piece puzzle.PieceID
	// Oriented says the piece's turn was worked out from its matches,
	// relative to the first frame; otherwise it was read unturned and,
	// if pieces rotate, marked the lines at both ends of its line.
	Oriented bool
	// Turn is the turn the piece was read at: its turn in the first frame
	// when Oriented, else 0.
	Turn puzzle.Rotation
	// Counts holds, for each side of the piece read at Turn (indexed by
	// puzzle.Side), its in-line neighbour count: how many pieces chain
	// from that side in a straight line, each fitting the previous one's
	// side in the same direction. The plain count has one value per side;
	// the extended count lists every length some branch reaches,
	// ascending. A side with no partner counts {0}.
	Counts [4][]int
	// Rows and Cols are the board lines this piece marked as holding a
	// missing piece in any frame, ascending.
	Rows, Cols []int
	// Corner says the piece met the corner rule: two adjacent sides with no
	// partner and lines one short of the board's size beyond the others,
	// as beside an empty corner.
	Corner bool
}

// Line is a marked board row or column and the pieces that marked it.
type Line struct {
	// Index is the row or column number, from 0; whether it is a row or
	// a column is said by the list the line is in.
	Index int
	// Pieces are the pieces whose in-line counts marked the line, kept so
	// that a prediction can be traced back to its evidence.
	Pieces []puzzle.PieceID
}

// Reason says why a cell is a candidate; a cell may have several.
type Reason uint8

const (
	// Intersection: the cell lies on a marked row and a marked column.
	Intersection Reason = 1 << iota
	// ColumnEnd: no lines cross, and the cell is an end of a marked
	// column, on the frame.
	ColumnEnd
	// RowEnd: no lines cross, and the cell is an end of a marked row.
	RowEnd
	// CornerRule: some piece met the corner rule, which makes every corner
	// a candidate.
	CornerRule
)

// String joins the names of the reasons with "+" ("intersection+corner
// rule"), since a cell may be a candidate for several at once.
func (r Reason) String() string {
	var parts []string
	for _, x := range []struct {
		r    Reason
		name string
	}{{Intersection, "intersection"}, {ColumnEnd, "column end"}, {RowEnd, "row end"}, {CornerRule, "corner rule"}} {
		if r&x.r != 0 {
			parts = append(parts, x.name)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "+")
}

// Candidate is a cell predicted to be possibly empty.
type Candidate struct {
	// Cell is the board cell predicted to be empty.
	Cell puzzle.Cell
	// Reason is every rule that made the cell a candidate, so that a
	// solver can try the best-supported cells first.
	Reason Reason
}

// Fallback says how the candidates were found when the lines do not cross.
type Fallback uint8

const (
	// NoFallback: the candidates are the crossings of marked lines (and
	// the corners, if the corner rule fired).
	NoFallback Fallback = iota
	// FrameFallback: marked lines do not cross, so the candidates are the
	// frame cells at both ends of each marked line, where a hole on the
	// frame leaves no perpendicular evidence.
	FrameFallback
	// Unaided: nothing was predicted; a solver must try every cell.
	Unaided
)

// String returns a short lower-case name for reports and tables.
func (f Fallback) String() string {
	switch f {
	case NoFallback:
		return "none"
	case FrameFallback:
		return "frame"
	case Unaided:
		return "unaided"
	}
	return fmt.Sprintf("Fallback(%d)", uint8(f))
}

// Frame is the prediction under one whole-board turn. When pieces rotate
// and their turns are worked out from their matches, they are known only
// up to a turn of the whole board, which is still a solution: each turn
// the board's shape allows reads the evidence differently, and each is a
// frame. A solution turned into any frame has its holes among that frame's
// candidates, so one frame suffices when the evidence holds; a solver
// tries them in turn.
type Frame struct {
	// Turn is the whole-board turn, clockwise quarter-turns, relative to
	// the reference piece read unturned.
	Turn puzzle.Rotation
	// MarkedRows and MarkedCols are the lines marked in this frame,
	// ascending.
	MarkedRows, MarkedCols []Line
	// Corner says some piece met the corner rule in this frame.
	Corner bool
	// Candidates are the frame's predicted cells in row-major order.
	Candidates []Candidate
	// Fallback says how the frame's candidates were found.
	Fallback Fallback
}

// Prediction is the outcome of Empty Slot Prediction: the candidate cells
// and the evidence for each, so that a user can see why a cell was chosen.
type Prediction struct {
	// Rows, Cols and Missing are the board's size and the number of
	// missing pieces.
	Rows, Cols, Missing int
	// Extended says the extended neighbourhood count was used.
	Extended bool
	// Evidence lists the pieces lacking a partner on some side, by piece.
	Evidence []Evidence
	// Frames holds the prediction per whole-board turn: one frame when
	// pieces keep their orientation or are not oriented (WithOrientation),
	// two or four when they are.
	Frames []Frame
	// MarkedRows and MarkedCols are the lines some piece marked in some
	// frame, ascending.
	MarkedRows, MarkedCols []Line
	// Corner says some piece met the corner rule.
	Corner bool
	// Candidates are the cells predicted in some frame, in row-major
	// order, each with every reason some frame gave.
	Candidates []Candidate
	// Fallback is the least fallback of any frame: NoFallback if some
	// frame's lines cross, Unaided if no frame predicted anything.
	Fallback Fallback
}

// Cells returns the candidate cells in row-major order.
func (p *Prediction) Cells() []puzzle.Cell {
	out := make([]puzzle.Cell, len(p.Candidates))
	for i, c := range p.Candidates {
		out[i] = c.Cell
	}
	return out
}

// Contains reports whether c is a candidate.
func (p *Prediction) Contains(c puzzle.Cell) bool {
	for _, x := range p.Candidates {
		if x.Cell == c {
			return true
		}
	}
	return false
}

// Phantoms returns how many crossings of marked lines cannot all be holes:
// the crossings beyond the number of missing pieces, in the frame with
// the most. Two holes in distinct rows and columns mark two rows and two
// columns, whose four crossings hold two phantom points; only
// construction tells them apart. A cell and its image under a turn of the
// whole board lie in different frames and are not phantoms of each other:
// either may be empty in some solution.
func (p *Prediction) Phantoms() int {
	most := 0
	for _, f := range p.Frames {
		n := 0
		for _, c := range f.Candidates {
			if c.Reason&Intersection != 0 {
				n++
			}
		}
		most = max(most, n-p.Missing)
	}
	return most
}

// Layouts returns how many layouts of the missing pieces among the
// candidates Fit Blank First may have to try: the sum over frames of
// C(frame's candidates, missing), saturating.
func (p *Prediction) Layouts() uint64 {
	var n uint64
	for _, f := range p.Frames {
		c := choose(len(f.Candidates), p.Missing)
		if n+c < n {
			return ^uint64(0)
		}
		n += c
	}
	return n
}

// choose returns C(n, k), saturating at the largest uint64.
func choose(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	r := uint64(1)
	for i := 1; i <= k; i++ {
		hi, lo := bits.Mul64(r, uint64(n-k+i))
		if hi != 0 {
			return ^uint64(0)
		}
		r = lo / uint64(i)
	}
	return r
}

// Predict runs Empty Slot Prediction on p, the thesis's chapter 4: it
// reads the in-line neighbour counts of every piece that lacks a partner
// on some side, marks the rows and columns that hold a missing piece (a
// piece whose line across is broken while its line along is complete sits
// in such a line, at the distance its count says), applies the corner
// rule, and returns the crossings of the marked lines, or the frame ends
// of the lines when none cross, as the candidate empty cells.
//
// When p's pieces may rotate, a piece's turn is unknown to the labels
// alone. By default Predict works it out, relative to one reference piece,
// from the matches that are unique (see WithOrientation), reads every
// oriented piece as the thesis's program read its unturned pieces, and
// reports one Frame per whole-board turn the board's shape allows. Pieces
// whose turn stays unknown, and every piece under WithOrientation(false),
// are read unturned and may lie at either end of their line, so both
// lines are marked; a line that spans the board's width tells a piece
// turned a quarter from one that spans its height. For a puzzle whose
// pieces keep their orientation, Predict reads them as they are, in one
// frame.
//
// Predict needs only the labels of p; p must be valid.
func Predict(p *puzzle.Puzzle, opts ...Option) (*Prediction, error) {
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("esp: cannot predict: %w", err)
	}
	return predict(p, p.Rule, newConfig(opts)), nil
}

// counter computes in-line neighbour counts over the oriented pieces
// ("elements") of a puzzle.
type counter struct {
	p     *puzzle.Puzzle
	rule  puzzle.MatchRule
	turns int
	shows [][4]puzzle.Label
	// by[s] maps a label to the elements showing it on side s, ascending.
	by [4]map[puzzle.Label][]int32
	// limit caps a count: a chain longer than the board's longer side
	// is no line of the board, and a chain through every piece is a
	// cycle, which similar pieces can make.
	limit int
	// memo[4*e+s] is the extended count from element e on side s, as a
	// bitset of lengths 0..limit, or nil before it is computed.
	memo    [][]uint64
	onStack []bool
}

func newCounter(p *puzzle.Puzzle, rule puzzle.MatchRule) *counter {
	turns := p.Turns()
	k := &counter{p: p, rule: rule, turns: len(turns), limit: max(p.Rows, p.Cols)}
	for _, s := range puzzle.Sides {
		k.by[s] = make(map[puzzle.Label][]int32)
	}
	for i := range p.Pieces {
		for _, r := range turns {
			e := int32(len(k.shows))
			t := p.Pieces[i].Turned(r)
			k.shows = append(k.shows, t)
			for _, s := range puzzle.Sides {
				k.by[s][t[s]] = append(k.by[s][t[s]], e)
			}
		}
	}
	k.memo = make([][]uint64, 4*len(k.shows))
	k.onStack = make([]bool, 4*len(k.shows))
	return k
}

func (k *counter) piece(e int32) int32 { return e / int32(k.turns) }

// partners returns the elements of pieces other than e's that fit e's side
// s: those showing its mate on the opposite side, ascending.
func (k *counter) partners(e int32, s puzzle.Side) []int32 {
	l := k.shows[e][s]
	if l == puzzle.Flat {
		return nil
	}
	return k.by[s.Opposite()][k.rule.Mate(l)]
}

// first returns the first partner of e on side s of another piece, or -1:
// the thesis's linkto.
func (k *counter) first(e int32, s puzzle.Side) int32 {
	for _, x := range k.partners(e, s) {
		if k.piece(x) != k.piece(e) {
			return x
		}
	}
	return -1
}

// plain is the thesis's countpartners: follow the first partner until
// none is left.
func (k *counter) plain(e int32, s puzzle.Side) int {
	n := 0
	for x := k.first(e, s); x >= 0 && n < k.limit; x = k.first(x, s) {
		n++
	}
	return n
}

// extended returns every length a chain from e on side s reaches when it
// follows every partner, as a bitset over 0..limit; lengths at or beyond
// the limit, and cycles, count as limit.
func (k *counter) extended(e int32, s puzzle.Side) []uint64 {
	key := 4*int(e) + int(s)
	if m := k.memo[key]; m != nil {
		return m
	}
	set := make([]uint64, (k.limit+64)/64)
	if k.onStack[key] {
		setBit(set, k.limit)
		return set
	}
	k.onStack[key] = true
	any := false
	for _, x := range k.partners(e, s) {
		if k.piece(x) == k.piece(e) {
			continue
		}
		any = true
		sub := k.extended(x, s)
		for i := 0; i <= k.limit; i++ {
			if sub[i>>6]&(1<<(i&63)) != 0 {
				setBit(set, min(i+1, k.limit))
			}
		}
	}
	if !any {
		setBit(set, 0)
	}
	k.onStack[key] = false
	k.memo[key] = set
	return set
}

func setBit(set []uint64, i int) { set[i>>6] |= 1 << (i & 63) }

// counts returns the in-line neighbour counts of element e on each side.
func (k *counter) counts(e int32, extended bool) [4][]int {
	var out [4][]int
	for _, s := range puzzle.Sides {
		if !extended {
			out[s] = []int{k.plain(e, s)}
			continue
		}
		set := k.extended(e, s)
		for i := 0; i <= k.limit; i++ {
			if set[i>>6]&(1<<(i&63)) != 0 {
				out[s] = append(out[s], i)
			}
		}
	}
	return out
}

// hasAllPartners reports whether every side of e fits another piece.
func (k *counter) hasAllPartners(e int32) bool {
	for _, s := range puzzle.Sides {
		if k.first(e, s) < 0 {
			return false
		}
	}
	return true
}

// zero reports whether a count says the side has no partner.
func zero(c []int) bool { return len(c) == 1 && c[0] == 0 }

// has reports whether c holds v.
func has(c []int, v int) bool { return slices.Contains(c, v) }

// pairs returns the pairs (a, b) of a in x and b in y with a+b = d.
func pairs(x, y []int, d int) [][2]int {
	var out [][2]int
	for _, a := range x {
		if has(y, d-a) {
			out = append(out, [2]int{a, d - a})
		}
	}
	return out
}

// spans reports whether some branch of x and y makes a line of length
// h-1 or w-1 pieces beside the piece itself.
func spans(x, y []int, h, w int) bool {
	return len(pairs(x, y, h-1)) > 0 || len(pairs(x, y, w-1)) > 0
}

// predict is Predict on a valid puzzle.
func predict(p *puzzle.Puzzle, rule puzzle.MatchRule, cfg config) *Prediction {
	h, w := p.Rows, p.Cols
	pred := &Prediction{Rows: h, Cols: w, Missing: p.Missing(), Extended: cfg.extended}
	k := newCounter(p, rule)
	var turn []int8
	if p.Rotatable && cfg.orient {
		turn = k.orient()
	}
	frameTurns := []puzzle.Rotation{0}
	if turn != nil {
		frameTurns = k.frameTurns(turn)
	}
	// reading is how one piece is read in every frame: its evidence, and
	// its marks per frame.
	type reading struct {
		ev         Evidence
		rows, cols [][]int
		corner     []bool
	}
	var readings []reading
	for i := range p.Pieces {
		if k.hasAllPartners(int32(i * k.turns)) {
			continue
		}
		rd := reading{ev: Evidence{Piece: puzzle.PieceID(i)}}
		oriented := turn != nil && turn[i] != unknownTurn
		rd.ev.Oriented = oriented
		for f, ft := range frameTurns {
			var c [4][]int
			var rows, cols []int
			var corner bool
			if oriented {
				// Once a piece's turn is known it is read as the
				// thesis's program read upright pieces.
				r := puzzle.Rotation(turn[i]).Add(ft)
				c = k.counts(int32(i*k.turns)+int32(r), cfg.extended)
				rows, cols = markUpright(c, h, w)
				corner = cornerRule(c, h, w, false)
				if f == 0 {
					rd.ev.Turn = r
				}
			} else {
				c = k.counts(int32(i*k.turns), cfg.extended)
				if p.Rotatable {
					rows, cols = markMirror(c, h, w)
				} else {
					rows, cols = markUpright(c, h, w)
				}
				corner = cornerRule(c, h, w, p.Rotatable)
			}
			if f == 0 {
				rd.ev.Counts = c
			}
			rows, cols = sortedSet(rows), sortedSet(cols)
			rd.rows = append(rd.rows, rows)
			rd.cols = append(rd.cols, cols)
			rd.corner = append(rd.corner, corner)
			rd.ev.Rows = append(rd.ev.Rows, rows...)
			rd.ev.Cols = append(rd.ev.Cols, cols...)
			rd.ev.Corner = rd.ev.Corner || corner
		}
		rd.ev.Rows, rd.ev.Cols = sortedSet(rd.ev.Rows), sortedSet(rd.ev.Cols)
		readings = append(readings, rd)
		pred.Evidence = append(pred.Evidence, rd.ev)
	}

	allRows := make(map[int][]puzzle.PieceID)
	allCols := make(map[int][]puzzle.PieceID)
	union := make(map[puzzle.Cell]Reason)
	pred.Fallback = Unaided
	for f, ft := range frameTurns {
		fr := Frame{Turn: ft}
		rows := make(map[int][]puzzle.PieceID)
		cols := make(map[int][]puzzle.PieceID)
		for _, rd := range readings {
			for _, r := range rd.rows[f] {
				rows[r] = append(rows[r], rd.ev.Piece)
			}
			for _, c := range rd.cols[f] {
				cols[c] = append(cols[c], rd.ev.Piece)
			}
			fr.Corner = fr.Corner || rd.corner[f]
		}
		fr.MarkedRows, fr.MarkedCols = lines(rows), lines(cols)
		fr.Candidates, fr.Fallback = candidates(fr.MarkedRows, fr.MarkedCols, fr.Corner, h, w)
		pred.Frames = append(pred.Frames, fr)

		for _, l := range fr.MarkedRows {
			allRows[l.Index] = append(allRows[l.Index], l.Pieces...)
		}
		for _, l := range fr.MarkedCols {
			allCols[l.Index] = append(allCols[l.Index], l.Pieces...)
		}
		pred.Corner = pred.Corner || fr.Corner
		for _, c := range fr.Candidates {
			union[c.Cell] |= c.Reason
		}
		pred.Fallback = min(pred.Fallback, fr.Fallback)
	}
	pred.MarkedRows, pred.MarkedCols = lines(allRows), lines(allCols)
	for c, r := range union {
		pred.Candidates = append(pred.Candidates, Candidate{Cell: c, Reason: r})
	}
	slices.SortFunc(pred.Candidates, func(a, b Candidate) int { return cellCmp(a.Cell, b.Cell) })
	return pred
}

// markUpright returns the lines a piece read in its board orientation
// marks, from its counts c: when its line across is broken beside it and
// its line along is whole, a hole lies in the line across, at the distance
// its count along gives. A line is whole when it holds the board's height
// or width less one beside the piece: either, as the thesis's program
// tests it, so that a broken line as long as the other side reads whole.
func markUpright(c [4][]int, h, w int) (rows, cols []int) {
	T, R, B, L := c[puzzle.Top], c[puzzle.Right], c[puzzle.Bottom], c[puzzle.Left]
	if (zero(L) || zero(R)) && !spans(L, R, h, w) && spans(T, B, h, w) && !zero(T) && !zero(B) {
		for _, tb := range pairs(T, B, h-1) {
			rows = append(rows, tb[0])
		}
	}
	if (zero(T) || zero(B)) && !spans(T, B, h, w) && spans(L, R, h, w) && !zero(L) && !zero(R) {
		for _, lr := range pairs(L, R, w-1) {
			cols = append(cols, lr[0])
		}
	}
	return rows, cols
}

// markMirror is markUpright for a piece of unknown turn, read unturned: it
// may lie at either end of its line, turned half a revolution, and a line
// that spans the board's width rather than its height says it is turned a
// quarter, so every line the counts allow is marked.
func markMirror(c [4][]int, h, w int) (rows, cols []int) {
	T, R, B, L := c[puzzle.Top], c[puzzle.Right], c[puzzle.Bottom], c[puzzle.Left]
	if (zero(L) || zero(R)) && !spans(L, R, h, w) && spans(T, B, h, w) && !zero(T) && !zero(B) {
		for _, tb := range pairs(T, B, h-1) {
			rows = append(rows, tb[0], tb[1])
		}
		for _, tb := range pairs(T, B, w-1) {
			cols = append(cols, tb[0], tb[1])
		}
	}
	if (zero(T) || zero(B)) && !spans(T, B, h, w) && spans(L, R, h, w) && !zero(L) && !zero(R) {
		for _, lr := range pairs(L, R, w-1) {
			cols = append(cols, lr[0], lr[1])
		}
		for _, lr := range pairs(L, R, h-1) {
			rows = append(rows, lr[0], lr[1])
		}
	}
	return rows, cols
}

// sortedSet sorts x and drops repeats.
func sortedSet(x []int) []int {
	slices.Sort(x)
	return slices.Compact(x)
}

// candidates returns the candidate cells of one frame's marks, row-major,
// and how they were found: the crossings of marked rows and columns, or,
// when none cross, the frame ends of the marked lines; and the corners if
// the corner rule fired.
func candidates(rows, cols []Line, corner bool, h, w int) ([]Candidate, Fallback) {
	fb := NoFallback
	reasons := make(map[puzzle.Cell]Reason)
	for _, r := range rows {
		for _, c := range cols {
			reasons[puzzle.Cell{Row: r.Index, Col: c.Index}] |= Intersection
		}
	}
	if len(reasons) == 0 {
		for _, c := range cols {
			reasons[puzzle.Cell{Row: 0, Col: c.Index}] |= ColumnEnd
			reasons[puzzle.Cell{Row: h - 1, Col: c.Index}] |= ColumnEnd
		}
		for _, r := range rows {
			reasons[puzzle.Cell{Row: r.Index, Col: 0}] |= RowEnd
			reasons[puzzle.Cell{Row: r.Index, Col: w - 1}] |= RowEnd
		}
		if len(reasons) > 0 {
			fb = FrameFallback
		}
	}
	if corner {
		for _, c := range corners(h, w) {
			reasons[c] |= CornerRule
		}
	}
	out := make([]Candidate, 0, len(reasons))
	for c, r := range reasons {
		out = append(out, Candidate{Cell: c, Reason: r})
	}
	slices.SortFunc(out, func(a, b Candidate) int { return cellCmp(a.Cell, b.Cell) })
	if len(out) == 0 {
		fb = Unaided
	}
	return out, fb
}

// cornerRule is the thesis's test for a piece beside an empty corner: two
// adjacent sides without a partner, and along the other two one line a
// full side of the board and the other one short, since the corner's
// piece is missing from it.
func cornerRule(c [4][]int, h, w int, rot bool) bool {
	T, R, B, L := c[puzzle.Top], c[puzzle.Right], c[puzzle.Bottom], c[puzzle.Left]
	// short says some branch of x is one short of n and none spans it,
	// as the extended count discards a location when any branch spans
	// the board.
	short := func(x []int, n int) bool { return has(x, n-2) && !has(x, n-1) }
	fits := func(v, x []int) bool {
		ok := (has(v, h-1) && short(x, w)) || (short(v, h) && has(x, w-1))
		if rot {
			ok = ok || (has(v, w-1) && short(x, h)) || (short(v, w) && has(x, h-1))
		}
		return ok
	}
	switch {
	case zero(T) && zero(R) && fits(B, L):
		return true
	case zero(R) && zero(B) && fits(T, L):
		return true
	case zero(B) && zero(L) && fits(T, R):
		return true
	case zero(L) && zero(T) && fits(B, R):
		return true
	}
	return false
}

// corners returns the four corner cells (fewer on a board of one row or
// column), row-major.
func corners(h, w int) []puzzle.Cell {
	cs := []puzzle.Cell{{Row: 0, Col: 0}, {Row: 0, Col: w - 1}, {Row: h - 1, Col: 0}, {Row: h - 1, Col: w - 1}}
	slices.SortFunc(cs, cellCmp)
	return slices.Compact(cs)
}

func cellCmp(a, b puzzle.Cell) int {
	if a.Row != b.Row {
		return a.Row - b.Row
	}
	return a.Col - b.Col
}

// lines turns marks into Lines, ascending.
func lines(m map[int][]puzzle.PieceID) []Line {
	var out []Line
	for i, ps := range m {
		out = append(out, Line{Index: i, Pieces: ps})
	}
	slices.SortFunc(out, func(a, b Line) int { return a.Index - b.Index })
	return out
}
