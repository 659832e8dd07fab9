package main

import (
	"context"
	"fmt"
	"image"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/edge/document"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/greedy"
)

// pageAspect is the height over the width of the usual pages, between
// US Letter (1.29) and A4 (1.41): the grid's rows and columns are chosen
// so that the pieces make a page of about this shape.
const pageAspect = 1.35

// gridEvolution is how many short GA runs may follow the greedy placer on
// a grid (greedy.WithEvolution). The placer trusts a join by how it
// compares with the side's other partners, and a cut between two lines of
// text leaves sides that tell little apart; the GA judges whole grids.
// The shared collections' digitally cut pages, joined and cut into 7×7
// rectangles, half of them turned: mean neighbour accuracy 0.247 → 0.274
// (D1, five pages) and 0.627 → 0.663 (D2, three), two pages a little
// worse and three better, for about 0.3 s more a page.
const gridEvolution = 4

// reassembleGrid places rectangles cut across and along a page: each
// piece is first turned so that its lines of text run across (its shape
// tells, or for square pieces its text), the document measures price
// every join both ways, the picture solvers' greedy placer lays the grid
// and short GA runs check it, blocks that read upside down are turned
// and the grid laid again (relayUpright), its rows and columns are put in
// order (orderBands), and the page is turned the way its text reads.
func reassembleGrid(ctx context.Context, scans []scan, c config, logf func(string, ...any)) (*result, error) {
	quarter := orientPieces(scans)
	imgs := make([]image.Image, len(scans))
	var size image.Point
	for i, s := range scans {
		imgs[i] = puzzle.TurnImage(s.img, quarter[i])
		sz := imgs[i].Bounds().Size()
		if i == 0 {
			size = sz
		} else if sz != size {
			return nil, fmt.Errorf("%s is %d×%d pixels (turned upright), %s is %d×%d: the pieces of a grid must be the same size", s.name, sz.X, sz.Y, scans[0].name, size.X, size.Y)
		}
	}
	rows, cols := gridShape(len(scans), size)
	p, err := puzzle.FromStrips(imgs)
	if err != nil {
		return nil, err
	}
	p.Rows, p.Cols = rows, cols
	p.Rotatable, p.HalfTurns = c.turned, c.turned
	t0 := time.Now()
	tab, err := document.NewTable(ctx, p, document.WithSeed(c.seed))
	if err != nil {
		return nil, err
	}
	logf("%d pieces on a %d×%d grid priced in %.2f s", len(scans), rows, cols, time.Since(t0).Seconds())
	b, err := layGrid(ctx, p, tab, c.seed)
	if err != nil {
		return nil, err
	}
	if c.turned {
		// The pieces of a page all read one way up. A block the placer
		// built turned, rows whose joins hold among themselves, reads
		// upside down; its pieces' text says so, where one piece's
		// text may not. So the blocks of the first grid are turned to
		// read upright, and the grid is laid again with those turns
		// fixed.
		b, err = relayUpright(ctx, p, tab, b, c.seed, logf)
		if err != nil {
			return nil, err
		}
	}
	if c.turned && uprightEvidence(tab, b.Cells) < 0 {
		b = b.Turn(2)
	}
	out := &result{kind: "grid", scans: scans}
	for i := range scans {
		if tab.Blank(i) {
			out.blank = append(out.blank, i)
		}
	}
	var page []placed
	for r := range b.Rows {
		var line []placed
		for col := range b.Cols {
			pl := b.At(puzzle.Cell{Row: r, Col: col})
			if pl.IsEmpty() {
				line = append(line, placed{scan: -1})
				continue
			}
			i := int(pl.Piece)
			q := placed{scan: i, turn: quarter[i].Add(pl.Rotation)}
			line = append(line, q)
			page = append(page, q)
		}
		out.grid = append(out.grid, line)
	}
	out.pages = [][]placed{page}
	return out, nil
}

// layGrid lays the pieces of p by the greedy placer, then short GA runs.
func layGrid(ctx context.Context, p *puzzle.Puzzle, sc edge.Compatibility, seed uint64) (*puzzle.Board, error) {
	// The exchanges of every two pieces lower a grid's cost and lose
	// accuracy (greedy.WithExchanges): the measure prices several wrong
	// layouts below the true one. For the same reason a GA run that
	// stalls may still find a better grid, and a grid's runs are cheap:
	// each goes its 30 generations (greedy.WithEvolutionPatience; with
	// the default 5, 7×7 grids of the shared pages, seeds 1–3, fell from
	// 0.812 to 0.804 for D1 and 0.888 to 0.873 for D2, and the time saved
	// was within the runs' noise).
	res, err := greedy.New(greedy.WithEvolution(gridEvolution), greedy.WithExchanges(false), greedy.WithEvolutionPatience(0)).Solve(ctx, solve.Problem{Puzzle: p, Scorer: sc},
		solve.WithSeed(seed), solve.WithWorkers(runtime.GOMAXPROCS(0)))
	if err != nil {
		return nil, err
	}
	return orderBands(res.Board, sc), nil
}

// relayUpright turns the blocks of b that read upside down and lays the
// grid again with every piece's turn fixed to read upright; a grid whose
// blocks all read one way is kept as it is.
func relayUpright(ctx context.Context, p *puzzle.Puzzle, tab *document.Table, b *puzzle.Board, seed uint64, logf func(string, ...any)) (*puzzle.Board, error) {
	if uprightEvidence(tab, b.Cells) < 0 {
		b = b.Turn(2)
	}
	fixed := uprightBlocks(tab, b)
	turned := countTurned(fixed, b)
	if turned == 0 {
		return b, nil
	}
	logf("%d of %d pieces lie in blocks that read upside down: the grid is laid again, each piece read upright", turned, len(p.Pieces))
	q := *p
	q.Rotatable, q.HalfTurns = false, false
	upright := turnedAs{tab, fixed}
	comp, err := edge.NewScorerCompatibility(&q, upright)
	if err != nil {
		return nil, err
	}
	if b, err = layGrid(ctx, &q, framed{comp, upright}, seed); err != nil {
		return nil, err
	}
	for k, pl := range b.Cells {
		if !pl.IsEmpty() {
			b.Cells[k].Rotation = fixed[pl.Piece].Add(pl.Rotation)
		}
	}
	return b, nil
}

// uprightBlocks returns the turn (0 or 180°) after which each piece of b
// reads upright. Neighbours on b whose sides are best buddies as they lie
// (edge.BestBuddies: each other's only best partner) make a block; a
// block is turned when its pieces' text, summed (Table.Upright), says it
// reads upside down by more than blockEvidence, and otherwise keeps the
// turn b gives it.
func uprightBlocks(tab *document.Table, b *puzzle.Board) []puzzle.Rotation {
	root := make([]int, len(b.Cells))
	for k := range root {
		root[k] = k
	}
	find := func(k int) int {
		for root[k] != k {
			root[k] = root[root[k]]
			k = root[k]
		}
		return k
	}
	buddies := edge.BestBuddies(tab)
	side := func(pl puzzle.Placement, s puzzle.Side) int32 {
		return int32(4*int(pl.Piece) + int(pl.Rotation.Source(s)))
	}
	for k, pl := range b.Cells {
		if pl.IsEmpty() {
			continue
		}
		cell := b.CellAt(k)
		for _, s := range []puzzle.Side{puzzle.Right, puzzle.Bottom} {
			n := cell.Neighbour(s)
			if !b.In(n) {
				continue
			}
			other := b.At(n)
			if other.IsEmpty() || buddies[side(pl, s)] != side(other, s.Opposite()) {
				continue
			}
			root[find(k)] = find(n.Row*b.Cols + n.Col)
		}
	}
	evidence := make(map[int]float64)
	for k, pl := range b.Cells {
		if !pl.IsEmpty() {
			evidence[find(k)] += uprightEvidence(tab, []puzzle.Placement{pl})
		}
	}
	turns := make([]puzzle.Rotation, tab.Pieces())
	for k, pl := range b.Cells {
		if pl.IsEmpty() {
			continue
		}
		turns[pl.Piece] = pl.Rotation
		if evidence[find(k)] < -blockEvidence {
			turns[pl.Piece] = pl.Rotation.Add(2)
		}
	}
	return turns
}

// blockEvidence is how much a block's text must say that it reads upside
// down for uprightBlocks to turn it: one line of text wholly lopsided
// (Table.Upright counts each line between -1 and 1). A piece's own
// verdict is often wrong where it holds a figure, a listing of code or a
// few large letters, which are not lines of small letters, and a block of
// one or two such pieces turned wrongly sends the grid laid again astray.
// On the shared collections' digitally cut pages cut 7×7, half the pieces
// turned (seeds 1-3), mean neighbour accuracy went from 0.873 to 0.891
// (D1, five pages) and from 0.913 to 0.936 (D2, three) against turning
// every block that leans the wrong way at all; twice as much gave 0.891
// and 0.934, never turning a block 0.868 and 0.934.
const blockEvidence = 1

// countTurned counts the pieces whose turn in turns differs from b's.
func countTurned(turns []puzzle.Rotation, b *puzzle.Board) int {
	n := 0
	for _, pl := range b.Cells {
		if !pl.IsEmpty() && turns[pl.Piece] != pl.Rotation {
			n++
		}
	}
	return n
}

// turnedAs prices the pieces of a table each turned as turns says, and
// placed with no further turn: the table's pieces, read upright.
type turnedAs struct {
	t     *document.Table
	turns []puzzle.Rotation
}

func (a turnedAs) of(pl puzzle.Placement) puzzle.Placement {
	pl.Rotation = a.turns[pl.Piece].Add(pl.Rotation)
	return pl
}

func (a turnedAs) Score(x puzzle.Placement, s puzzle.Side, y puzzle.Placement) float64 {
	return a.t.Score(a.of(x), s, a.of(y))
}

func (a turnedAs) ScoreFrame(x puzzle.Placement, s puzzle.Side) float64 {
	return a.t.ScoreFrame(a.of(x), s)
}

// framed is a compatibility whose rim costs are another scorer's.
type framed struct {
	edge.Compatibility
	rim edge.FrameScorer
}

func (f framed) ScoreFrame(a puzzle.Placement, s puzzle.Side) float64 { return f.rim.ScoreFrame(a, s) }

// uprightEvidence sums the pieces' evidence of reading upright, each
// counted the way it lies.
func uprightEvidence(tab *document.Table, cells []puzzle.Placement) float64 {
	var u float64
	for _, pl := range cells {
		if pl.IsEmpty() {
			continue
		}
		e := tab.Upright(int(pl.Piece))
		if pl.Rotation == 2 {
			e = -e
		}
		u += e
	}
	return u
}

// orientPieces returns the quarter turn that sets each piece with its
// lines of text running across. Oblong pieces all have one shape once
// upright: those lying the other way are turned a quarter, and if the
// pieces' text then runs down rather than across, all are turned. Square
// pieces are each turned as their own text says.
func orientPieces(scans []scan) []puzzle.Rotation {
	q := make([]puzzle.Rotation, len(scans))
	portrait := 0
	square := true
	for _, s := range scans {
		sz := s.img.Bounds().Size()
		if sz.Y > sz.X {
			portrait++
		}
		if math.Abs(float64(sz.X-sz.Y)) > 0.03*float64(max(sz.X, sz.Y)) {
			square = false
		}
	}
	if square {
		for i, s := range scans {
			q[i] = document.Orient(s.img)
		}
		return q
	}
	wantPortrait := 2*portrait >= len(scans)
	votes := 0
	for i, s := range scans {
		sz := s.img.Bounds().Size()
		if (sz.Y > sz.X) != wantPortrait {
			q[i] = 1
		}
		if document.Orient(puzzle.TurnImage(s.img, q[i])) == 1 {
			votes++
		} else {
			votes--
		}
	}
	if votes > 0 {
		for i := range q {
			q[i] = q[i].Add(1)
		}
	}
	return q
}

// gridShape returns the rows and columns for n pieces of the given size:
// the fewest empty cells, then the page shape nearest pageAspect.
func gridShape(n int, size image.Point) (rows, cols int) {
	best := math.Inf(1)
	for r := 1; r <= n; r++ {
		c := (n + r - 1) / r
		holes := r*c - n
		aspect := float64(r*size.Y) / float64(c*size.X)
		score := float64(holes)*10 + math.Abs(math.Log(aspect/pageAspect))
		if score < best {
			best, rows, cols = score, r, c
		}
	}
	return rows, cols
}

// maxBands is the most rows (or columns) whose order orderBands finds
// exactly: 2^n·n² steps, a quarter of a second at 16.
const maxBands = 16

// maxSwapPasses bounds swapPieces' passes over the board's pairs of cells.
const maxSwapPasses = 20

// orderBands lowers b's cost under sc by moves the placer does not make:
// two pieces swapped (swapPieces); b's whole rows put in their cheapest
// order, top and bottom rows priced against the page's edges, then its
// whole columns likewise (orderLines); the pieces of each row and each
// column put in their cheapest order, the rest held (orderWithin); again
// while any of these lowers the cost, four rounds at most. On a page the
// cuts between two lines of text leave sides that tell little apart, so
// the placer may build every row right and stack them in a wrong order;
// a row moved whole keeps the joins it holds, and the order of seven rows
// is a shortest path through seven nodes, found exactly.
func orderBands(b *puzzle.Board, sc edge.Scorer) *puzzle.Board {
	for range 4 {
		changed := swapPieces(b, sc)
		changed = orderLines(b, sc, false) || changed
		changed = orderLines(b, sc, true) || changed
		for r := range b.Rows {
			changed = orderWithin(b, sc, r, false) || changed
		}
		for c := range b.Cols {
			changed = orderWithin(b, sc, c, true) || changed
		}
		if !changed {
			break
		}
	}
	return b
}

// orderWithin puts the pieces of one row of b (or column, across) in
// their cheapest order, the rest of the board held: each piece priced
// against its neighbours along the line, the pieces across it in the
// lines beside, and the page's edges. A row built right but wrapped
// round, its last pieces at its start, has only a cut through blank
// paper wrong, which the placer's trust in a join does not see.
func orderWithin(b *puzzle.Board, sc edge.Scorer, line int, across bool) bool {
	n := b.Cols
	cell := func(k int) puzzle.Cell { return puzzle.Cell{Row: line, Col: k} }
	along, side1, side2 := puzzle.Right, puzzle.Top, puzzle.Bottom
	if across {
		n = b.Rows
		cell = func(k int) puzzle.Cell { return puzzle.Cell{Row: k, Col: line} }
		along, side1, side2 = puzzle.Bottom, puzzle.Left, puzzle.Right
	}
	if n < 2 || n > maxBands {
		return false
	}
	fs, _ := sc.(edge.FrameScorer)
	items := make([]puzzle.Placement, n)
	for k := range n {
		items[k] = b.At(cell(k))
	}
	// here[i][k]: item i at position k, against the lines beside and the
	// page's edges across the line.
	here := make([][]float64, n)
	for i, a := range items {
		here[i] = make([]float64, n)
		if a.IsEmpty() {
			continue
		}
		for k := range n {
			c := cell(k)
			for _, s := range []puzzle.Side{side1, side2} {
				nb := c.Neighbour(s)
				switch {
				case !b.In(nb):
					if fs != nil {
						here[i][k] += fs.ScoreFrame(a, s)
					}
				case !b.At(nb).IsEmpty():
					if s == side1 {
						here[i][k] += sc.Score(b.At(nb), s.Opposite(), a)
					} else {
						here[i][k] += sc.Score(a, s, b.At(nb))
					}
				}
			}
			if fs != nil && k == 0 {
				here[i][k] += fs.ScoreFrame(a, along.Opposite())
			}
			if fs != nil && k == n-1 {
				here[i][k] += fs.ScoreFrame(a, along)
			}
		}
	}
	// join[i][j]: item j right after item i along the line, priced once
	// here rather than at each of the search's 2^n·n² steps.
	join := make([][]float64, n)
	for i := range n {
		join[i] = make([]float64, n)
		for j := range n {
			if i != j && !items[i].IsEmpty() && !items[j].IsEmpty() {
				join[i][j] = sc.Score(items[i], along, items[j])
			}
		}
	}
	order, ok := cheapestOrder(n,
		func(i int) float64 { return here[i][0] },
		func(i, j, k int) float64 { return join[i][j] + here[j][k] },
		func(int) float64 { return 0 })
	if !ok {
		return false
	}
	for k, i := range order {
		b.Cells[b.Index(cell(k))] = items[i]
	}
	return true
}

// orderLines reorders b's rows (or columns, across) in place by the
// cheapest order and reports whether it changed anything.
func orderLines(b *puzzle.Board, sc edge.Scorer, across bool) bool {
	n, m := b.Rows, b.Cols
	next, first, last := puzzle.Bottom, puzzle.Top, puzzle.Bottom
	at := func(line, k int) puzzle.Placement { return b.At(puzzle.Cell{Row: line, Col: k}) }
	if across {
		n, m = b.Cols, b.Rows
		next, first, last = puzzle.Right, puzzle.Left, puzzle.Right
		at = func(line, k int) puzzle.Placement { return b.At(puzzle.Cell{Row: k, Col: line}) }
	}
	if n < 2 || n > maxBands {
		return false
	}
	fs, _ := sc.(edge.FrameScorer)
	join := make([][]float64, n)
	head := make([]float64, n)
	tail := make([]float64, n)
	for i := range n {
		join[i] = make([]float64, n)
		for k := range m {
			if a := at(i, k); !a.IsEmpty() && fs != nil {
				head[i] += fs.ScoreFrame(a, first)
				tail[i] += fs.ScoreFrame(a, last)
			}
		}
		for j := range n {
			if i == j {
				continue
			}
			for k := range m {
				a, c := at(i, k), at(j, k)
				if !a.IsEmpty() && !c.IsEmpty() {
					join[i][j] += sc.Score(a, next, c)
				}
			}
		}
	}
	order, ok := cheapestOrder(n,
		func(i int) float64 { return head[i] },
		func(i, j, _ int) float64 { return join[i][j] },
		func(i int) float64 { return tail[i] })
	if !ok {
		return false
	}
	old := slices.Clone(b.Cells)
	for k, i := range order {
		for x := range m {
			var dst, src puzzle.Cell
			if across {
				dst, src = puzzle.Cell{Row: x, Col: k}, puzzle.Cell{Row: x, Col: i}
			} else {
				dst, src = puzzle.Cell{Row: k, Col: x}, puzzle.Cell{Row: i, Col: x}
			}
			b.Cells[b.Index(dst)] = old[b.Index(src)]
		}
	}
	return true
}

// cheapestOrder returns the order of items 0 to n-1 whose cost is least:
// first(i) for the item put first, step(i, j, k) for item j put at
// position k right after item i, last(i) for the item put last; exactly,
// by the cheapest order of each subset ending at each item (2^n·n²
// steps). It reports false, and no order, when the items' own order 0,
// 1, ... n-1 is as cheap but for rounding.
func cheapestOrder(n int, first func(i int) float64, step func(i, j, k int) float64, last func(i int) float64) ([]int, bool) {
	full := 1<<n - 1
	cost := make([][]float64, full+1)
	from := make([][]int8, full+1)
	for set := range cost {
		cost[set] = make([]float64, n)
		from[set] = make([]int8, n)
		for i := range n {
			cost[set][i] = math.Inf(1)
		}
	}
	for i := range n {
		cost[1<<i][i] = first(i)
		from[1<<i][i] = -1
	}
	for set := 1; set <= full; set++ {
		k := bits.OnesCount(uint(set)) // the next position
		for i := range n {
			c := cost[set][i]
			if set&(1<<i) == 0 || math.IsInf(c, 1) {
				continue
			}
			for j := range n {
				if set&(1<<j) != 0 {
					continue
				}
				if v := c + step(i, j, k); v < cost[set|1<<j][j] {
					cost[set|1<<j][j], from[set|1<<j][j] = v, int8(i)
				}
			}
		}
	}
	end, best := 0, math.Inf(1)
	for i := range n {
		if v := cost[full][i] + last(i); v < best {
			end, best = i, v
		}
	}
	now := first(0) + last(n-1)
	for k := 1; k < n; k++ {
		now += step(k-1, k, k)
	}
	if best >= now-1e-9*(1+math.Abs(now)) {
		return nil, false
	}
	order := make([]int, n)
	for set, i, k := full, end, n-1; k >= 0; k-- {
		order[k] = i
		prev := int(from[set][i])
		set &^= 1 << i
		i = prev
	}
	return order, true
}

// swapPieces swaps two cells' pieces wherever that lowers the board's
// cost under sc, pass after pass until none does (at most maxSwapPasses):
// a piece the placer left in a cell of blank paper's joins, whose place
// another piece fits better, and no line's order mends.
func swapPieces(b *puzzle.Board, sc edge.Scorer) bool {
	fs, _ := sc.(edge.FrameScorer)
	local := func(k int) float64 {
		pl := b.Cells[k]
		if pl.IsEmpty() {
			return 0
		}
		c := b.CellAt(k)
		var t float64
		for _, s := range []puzzle.Side{puzzle.Top, puzzle.Right, puzzle.Bottom, puzzle.Left} {
			n := c.Neighbour(s)
			if !b.In(n) {
				if fs != nil {
					t += fs.ScoreFrame(pl, s)
				}
				continue
			}
			o := b.At(n)
			if o.IsEmpty() {
				continue
			}
			switch s {
			case puzzle.Right, puzzle.Bottom:
				t += sc.Score(pl, s, o)
			default:
				t += sc.Score(o, s.Opposite(), pl)
			}
		}
		return t
	}
	// shared is the join of cells x < y when they are neighbours, which
	// both their local costs count.
	shared := func(x, y int) float64 {
		cx, cy := b.CellAt(x), b.CellAt(y)
		for _, s := range []puzzle.Side{puzzle.Right, puzzle.Bottom} {
			if cx.Neighbour(s) == cy && !b.Cells[x].IsEmpty() && !b.Cells[y].IsEmpty() {
				return sc.Score(b.Cells[x], s, b.Cells[y])
			}
		}
		return 0
	}
	changed := false
	for range maxSwapPasses {
		improved := false
		for x := range b.Cells {
			for y := x + 1; y < len(b.Cells); y++ {
				before := local(x) + local(y) - shared(x, y)
				b.Cells[x], b.Cells[y] = b.Cells[y], b.Cells[x]
				after := local(x) + local(y) - shared(x, y)
				if after < before-1e-9*(1+math.Abs(before)) {
					improved, changed = true, true
					continue
				}
				b.Cells[x], b.Cells[y] = b.Cells[y], b.Cells[x]
			}
		}
		if !improved {
			break
		}
	}
	return changed
}
