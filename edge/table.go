package edge

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/reassemble/jigsaw/puzzle"
)

// A Compatibility knows the cost of every join of a pixel puzzle and ranks
// each side's best partners. Sides are numbered as in Profiles: side s of
// piece i is 4*i+s. Table and Sparse implement it.
type Compatibility interface {
	Scorer
	// Pieces returns the number of pieces.
	Pieces() int
	// Rotatable reports whether pieces may turn: then any side may face
	// any side of another piece, otherwise only Right faces Left and
	// Bottom faces Top.
	Rotatable() bool
	// Join returns the symmetric cost of side i facing side j, +Inf when
	// the two can never face each other.
	Join(i, j int) float64
	// Best returns side i's best partners, cheapest first. The slice is
	// shared; do not modify it.
	Best(i int) []Match
}

// Match is one partner of a side: the partner's side index and the cost of
// the join, as the table stores it.
type Match struct {
	// Side is the partner side's index, 4*piece + side: one number a
	// table can index by, and 32 bits so that a Match takes 8 bytes in
	// best-K lists that hold millions of them.
	Side int32
	// Cost is the join's price as the table stores it, in float32 for
	// the same reason.
	Cost float32
}

// DefaultK is the number of partners Table.Best keeps per side. A greedy
// placer needs a side's best and second best (best buddies, confidence),
// and when it backs off it tries a few more, a handful per neighbouring
// piece; 16 covers the four sides of four candidate pieces in a rotatable
// puzzle for 128 bytes a side, under 1% of a dense table from 50 pieces
// up.
const DefaultK = 16

// maxEntries bounds a table's size (float32 costs for a dense table,
// Matches for a sparse one), so that a large puzzle is refused with an
// error rather than exhausting memory.
const maxEntries = 1 << 30

// Table is a dense float32 table of join costs for a puzzle's pieces.
//
// A table for a puzzle whose pieces keep their orientation (Type 1) holds
// two costs per ordered pair of pieces: a's Right against b's Left and a's
// Bottom against b's Top, 8n² bytes for n pieces. A table for rotatable
// pieces (Type 2) holds the 16 joins of each unordered pair of pieces once,
// 32n(n-1) bytes. Each side's DefaultK best partners add 512n bytes.
//
// Costs are stored as float32: ample for ranking, and half the memory.
// A Table is immutable once built and safe for concurrent use.
type Table struct {
	n       int
	rot     bool
	name    string
	k       int
	cost    []float32
	best    []Match
	rowBase []int // Type 2: rowBase[a] is the first pair (a, a+1)
	// logScaled: the costs are log(1 + D) of the measure's D (Log).
	logScaled bool
}

// NewTable binds m to the puzzle's side profiles (Profiles(p, m.Depth())) and
// prices every join the puzzle allows, using up to workers goroutines (<1
// means runtime.GOMAXPROCS(0)), all finished before it returns. It honours
// ctx: once ctx ends it returns ctx.Err() after at most 8 rows of work per
// worker (a row prices one piece against every other), leaving no
// goroutine behind; a nil ctx is an error. A join whose cost is NaN is an
// error naming the two sides.
func NewTable(ctx context.Context, p *puzzle.Puzzle, m Measure, workers int) (*Table, error) {
	inner, logScaled := unscaled(m)
	d, err := bindMeasure(ctx, p, inner)
	if err != nil {
		return nil, err
	}
	n := len(p.Pieces)
	t := &Table{n: n, rot: p.Rotatable, name: m.Name()}
	entries := 2 * uint64(n) * uint64(n)
	if t.rot {
		entries = 8 * uint64(n) * uint64(n-1)
	}
	if entries > maxEntries {
		return nil, fmt.Errorf("edge: a dense table of %d pieces needs %d MiB; use NewSparse", n, entries*4>>20)
	}
	t.cost = make([]float32, entries)
	t.rowBase = tableRowBases(n, t.rot)
	b := newRankBuild(n, t.rot, t.name, d, DefaultK)
	// The whole table is one band: the table is the band's buffer.
	if err := b.band(ctx, workers, 0, n, t.cost, t.rowBase); err != nil {
		return nil, err
	}
	if err := b.finish(ctx, workers); err != nil {
		return nil, err
	}
	if logScaled {
		if err := logCosts(ctx, workers, t.cost); err != nil {
			return nil, err
		}
		logMatches(b.best)
	}
	t.k, t.best, t.logScaled = b.k, b.best, logScaled
	return t, nil
}

// bindMeasure checks the inputs, reads the profiles and binds the measure.
func bindMeasure(ctx context.Context, p *puzzle.Puzzle, m Measure) (Dissimilarity, error) {
	d, _, err := bindMeasureBounded(ctx, p, m)
	return d, err
}

// boundedMeasure is a Measure that also binds a lower bound of its
// dissimilarity, far cheaper to compute, with which NewSparse prices only
// the joins that may rank among a side's best.
type boundedMeasure interface {
	bindBounded(sides []Profile) (d Dissimilarity, lower *quadBound, err error)
}

// bindMeasureBounded is bindMeasure that also returns the measure's lower
// bound, or nil when it has none.
func bindMeasureBounded(ctx context.Context, p *puzzle.Puzzle, m Measure) (d Dissimilarity, lower *quadBound, err error) {
	if m == nil {
		return nil, nil, fmt.Errorf("edge: nil measure")
	}
	if ctx == nil {
		// Refused rather than taken as context.Background(): the
		// callers go on to hand ctx to their workers.
		return nil, nil, fmt.Errorf("edge: nil context: pass context.Background() for none")
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if p != nil && len(p.Pieces) > math.MaxInt32/4 {
		return nil, nil, fmt.Errorf("edge: %d pieces: side indices are limited to %d pieces", len(p.Pieces), math.MaxInt32/4)
	}
	prof, err := Profiles(p, m.Depth())
	if err != nil {
		return nil, nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	if bm, ok := m.(boundedMeasure); ok {
		d, lower, err = bm.bindBounded(prof)
	} else {
		d, err = m.Bind(prof)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("edge: binding measure %s: %w", m.Name(), err)
	}
	if d == nil {
		return nil, nil, fmt.Errorf("edge: measure %s bound to a nil Dissimilarity", m.Name())
	}
	// Binding may take long (a measure may fit per-side statistics).
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	return d, lower, nil
}

// tableRowBases returns, for a rotatable puzzle of n pieces, the index of the
// first pair of each row of the upper triangle: row a holds pairs (a, b)
// for b > a. It is nil for a Type 1 puzzle, whose rows all have n pairs.
func tableRowBases(n int, rot bool) []int {
	if !rot {
		return nil
	}
	base := make([]int, n+1)
	for a := 0; a < n; a++ {
		base[a+1] = base[a] + n - 1 - a
	}
	return base
}

// Pieces returns the number of pieces.
func (t *Table) Pieces() int { return t.n }

// Rotatable reports whether the table prices the joins of turned pieces.
func (t *Table) Rotatable() bool { return t.rot }

// Measure returns the name of the measure the table was built with.
func (t *Table) Measure() string { return t.name }

// LogScaled reports whether the table prices joins on the log scale of
// its measure (Log): log(1 + D) for the measure's D, both directions
// summed. Ratios of costs, such as Paikin and Tal's compatibility, mean
// what they should on the measure's own scale, expm1 of the cost.
func (t *Table) LogScaled() bool { return t.logScaled }

// Join returns the cost of side i facing side j (side indices as in
// Profiles: 4*piece+side), the sum of the measure in both directions, so
// that Join(i, j) == Join(j, i). It is +Inf for two sides of the same piece,
// and in a Type 1 table for any pair other than Right–Left and Bottom–Top.
// i and j must lie in [0, 4*Pieces()).
func (t *Table) Join(i, j int) float64 {
	tableCheckSides(t.n, i, j)
	k, ok := tableSlot(t.n, t.rot, t.rowBase, i, j)
	if !ok {
		return math.Inf(1)
	}
	return float64(t.cost[k])
}

// tableCheckSides panics when i or j is not a side of an n-piece puzzle: a wrong
// index would otherwise read another join's cost.
func tableCheckSides(n, i, j int) {
	if uint(i) >= uint(4*n) || uint(j) >= uint(4*n) {
		panic(fmt.Sprintf("edge: join of sides %d and %d in a puzzle of %d pieces (sides 0 to %d)", i, j, n, 4*n-1))
	}
}

// tableSlot returns where the join of sides i and j is stored in a table laid out
// as NewTable lays it, or false when the join is impossible.
func tableSlot(n int, rot bool, rowBase []int, i, j int) (int, bool) {
	a, sa, b, sb := i>>2, i&3, j>>2, j&3
	if a == b {
		return 0, false
	}
	if rot {
		if a > b {
			a, sa, b, sb = b, sb, a, sa
		}
		return (rowBase[a]+b-a-1)*16 + sa*4 + sb, true
	}
	switch {
	case sb != (sa+2)&3:
		return 0, false
	case sa == int(puzzle.Right):
		return (a*n+b)*2 + hz, true
	case sa == int(puzzle.Bottom):
		return (a*n+b)*2 + vt, true
	case sa == int(puzzle.Left):
		return (b*n+a)*2 + hz, true
	default: // Top
		return (b*n+a)*2 + vt, true
	}
}

// The two costs of an ordered pair (a, b) in a Type 1 table.
const (
	hz = 0 // a's Right against b's Left
	vt = 1 // a's Bottom against b's Top
)

// Score implements Scorer: the join of the sides that a and b, turned by
// their rotations, show each other across side s of a.
func (t *Table) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	return t.Join(facingSides(a, s, b))
}

// facingSides returns the unrotated side indices that face each other when b
// is placed on side s of a.
func facingSides(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) (i, j int) {
	return 4*int(a.Piece) + int(a.Rotation.Source(s)), 4*int(b.Piece) + int(b.Rotation.Source(s.Opposite()))
}

// Best returns the min(DefaultK, possible partners) best partners of side i,
// cheapest first, ties going to the lower side index. A side's possible
// partners are the sides of the other pieces it may face: n-1 of them in a
// Type 1 table, 4(n-1) in a Type 2 one. The slice is shared; do not modify
// it.
func (t *Table) Best(i int) []Match { return t.best[i*t.k : (i+1)*t.k : (i+1)*t.k] }

// Interface checks.
var (
	_ Compatibility = (*Table)(nil)
	_ Compatibility = (*Sparse)(nil)
)

// rankBuild ranks every side's partners while a table, or a band of it, is
// filled. Each side's partners are kept in a bounded max-heap of k Matches,
// worst at the root, so that ranking n candidates costs one comparison for
// most of them; finish sorts the k survivors.
//
// The work is split so that no two goroutines write the same heap: filling
// row a (piece a against the pieces after it, or all others in a Type 1
// table) feeds the sides of piece a that the row holds; a second pass over
// chunks of columns feeds the sides of the column pieces. Ranking by cost
// and then side index is a strict total order, so the k best of a side do not
// depend on the order candidates arrive in, nor on the number of workers.
type rankBuild struct {
	n    int
	rot  bool
	name string // the measure's, for errors
	d    Dissimilarity
	k    int
	// best holds side i's heap at best[i*k:(i+1)*k]. Every slot starts as
	// a sentinel worse than any real match; since k never exceeds the
	// number of partners a side has, all sentinels are gone by the end.
	best []Match
}

// rankChunk is the number of column pieces one task of the column pass
// takes: their costs for one row lie side by side (128 bytes in a Type 1
// table, 16 cache lines in a Type 2 one), and their heaps (16 KiB at most
// for DefaultK) stay in the core's cache while the rows stream past.
const rankChunk = 16

// The row pass prices blocks of up to rankRows rows against tiles of
// rankTile column pieces. A measure reads a few hundred bytes per side
// (28-pixel sides, two rows deep, three float32 channels), so a tile's
// sides take some 100 KiB, which stay in a core's cache for the block's
// rows instead of being fetched again for every row.
const (
	rankRows = 8
	rankTile = 64
)

// sidePartners returns how many sides a side may face.
func sidePartners(n int, rot bool) int {
	if rot {
		return 4 * (n - 1)
	}
	return n - 1
}

// newRankBuild returns a build whose heaps keep k partners a side, or all
// of them when a side has fewer.
func newRankBuild(n int, rot bool, name string, d Dissimilarity, k int) *rankBuild {
	k = max(0, min(k, sidePartners(n, rot)))
	b := &rankBuild{n: n, rot: rot, name: name, d: d, k: k, best: make([]Match, 4*n*k)}
	sentinel := Match{Side: math.MaxInt32, Cost: float32(math.Inf(1))}
	for i := range b.best {
		b.best[i] = sentinel
	}
	return b
}

// rowLen returns the number of costs in row a.
func (b *rankBuild) rowLen(a int) int {
	if b.rot {
		return (b.n - 1 - a) * 16
	}
	return 2 * b.n
}

// band fills rows [lo, hi) into buf, laid out as in a Table (Type 2 rows
// offset by rowBase[lo]), and offers every cost in them to both sides'
// heaps.
func (b *rankBuild) band(ctx context.Context, workers, lo, hi int, buf []float32, rowBase []int) error {
	off := func(a int) int {
		if b.rot {
			return (rowBase[a] - rowBase[lo]) * 16
		}
		return (a - lo) * 2 * b.n
	}
	// A task is a block of rows, priced tile by tile of columns so that
	// the measure's data for a tile's sides stays in cache while every row
	// of the block uses it. Blocks shrink when there are too few to keep
	// every worker busy.
	rows := max(1, min(rankRows, (hi-lo)/(4*workerCount(workers))))
	err := parallelRows(ctx, workers, (hi-lo+rows-1)/rows, func(blk int) error {
		a0 := lo + blk*rows
		a1 := min(hi, a0+rows)
		first := 0
		if b.rot {
			first = a0 + 1
		}
		// On a NaN, finish the rows before it, so that the error reported
		// is the first in row order, whatever the blocks.
		errRow, firstErr := a1, error(nil)
		for c0 := first; c0 < b.n; c0 += rankTile {
			// A block of rows can take a while on large puzzles:
			// look at ctx between tiles, so cancelling is prompt.
			if err := ctx.Err(); err != nil {
				return err
			}
			c1 := min(b.n, c0+rankTile)
			for a := a0; a < errRow; a++ {
				if err := b.row(a, c0, c1, buf[off(a):off(a)+b.rowLen(a)]); err != nil {
					errRow, firstErr = a, err
				}
			}
		}
		return firstErr
	})
	if err != nil || b.k == 0 {
		return err
	}
	first := 0
	if b.rot {
		first = lo + 1 // row a holds only the pieces after a
	}
	chunks := (b.n - first + rankChunk - 1) / rankChunk
	return parallelRows(ctx, workers, chunks, func(ch int) error {
		c0 := first + ch*rankChunk
		c1 := min(b.n, c0+rankChunk)
		for a := lo; a < hi; a++ {
			row := buf[off(a) : off(a)+b.rowLen(a)]
			if !b.rot {
				b.cols(a, c0, c1, row)
			} else if a < c1-1 {
				b.colsTurned(a, max(c0, a+1), c1, row)
			}
		}
		return nil
	})
}

// join prices side i against side j in both directions. IEEE addition is
// commutative, so the result does not depend on which side comes first.
func (b *rankBuild) join(i, j int) (float32, error) {
	v := b.d(i, j) + b.d(j, i)
	if v != v {
		return 0, fmt.Errorf("edge: measure %s prices the join of piece %d's %v side and piece %d's %v side as NaN", b.name, i>>2, puzzle.Side(i&3), j>>2, puzzle.Side(j&3))
	}
	return float32(v), nil
}

// row fills the costs of row a against the pieces [c0, c1) into dst, the
// whole row, and feeds the heaps of the row's own sides.
func (b *rankBuild) row(a, c0, c1 int, dst []float32) error {
	inf := float32(math.Inf(1))
	if b.rot {
		for c := max(c0, a+1); c < c1; c++ {
			blk := dst[(c-a-1)*16 : (c-a)*16]
			for sa := range 4 {
				for sc := range 4 {
					v, err := b.join(4*a+sa, 4*c+sc)
					if err != nil {
						return err
					}
					blk[sa*4+sc] = v
					b.offer(4*a+sa, 4*c+sc, v)
				}
			}
		}
		return nil
	}
	right, bottom := 4*a+int(puzzle.Right), 4*a+int(puzzle.Bottom)
	for c := c0; c < c1; c++ {
		if c == a {
			dst[2*c+hz], dst[2*c+vt] = inf, inf
			continue
		}
		h, err := b.join(right, 4*c+int(puzzle.Left))
		if err != nil {
			return err
		}
		v, err := b.join(bottom, 4*c+int(puzzle.Top))
		if err != nil {
			return err
		}
		dst[2*c+hz], dst[2*c+vt] = h, v
		b.offer(right, 4*c+int(puzzle.Left), h)
		b.offer(bottom, 4*c+int(puzzle.Top), v)
	}
	return nil
}

// cols feeds the Left and Top heaps of pieces [c0, c1) from Type 1 row a.
func (b *rankBuild) cols(a, c0, c1 int, row []float32) {
	for c := c0; c < c1; c++ {
		if c == a {
			continue
		}
		b.offer(4*c+int(puzzle.Left), 4*a+int(puzzle.Right), row[2*c+hz])
		b.offer(4*c+int(puzzle.Top), 4*a+int(puzzle.Bottom), row[2*c+vt])
	}
}

// colsTurned feeds the heaps of pieces [c0, c1), all after a, from Type 2
// row a.
func (b *rankBuild) colsTurned(a, c0, c1 int, row []float32) {
	for c := c0; c < c1; c++ {
		blk := row[(c-a-1)*16 : (c-a)*16]
		for sa := range 4 {
			for sc := range 4 {
				b.offer(4*c+sc, 4*a+sa, blk[sa*4+sc])
			}
		}
	}
}

// rankWorse reports whether x ranks after y: dearer, or as dear with a higher
// side index.
func rankWorse(x, y Match) bool {
	return x.Cost > y.Cost || (x.Cost == y.Cost && x.Side > y.Side)
}

// offer puts partner j at cost v into side i's heap if it beats the worst
// kept.
func (b *rankBuild) offer(i, j int, v float32) {
	if b.k == 0 {
		return
	}
	offerHeap(b.best[i*b.k:(i+1)*b.k], j, v)
}

// offerHeap puts partner j at cost v into heap h if it beats the worst
// kept.
func offerHeap(h []Match, j int, v float32) {
	m := Match{Side: int32(j), Cost: v}
	if !rankWorse(h[0], m) {
		return
	}
	h[0] = m
	rankSiftDown(h)
}

// rankSiftDown restores the max-heap order of h after its root changed.
func rankSiftDown(h []Match) {
	i := 0
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		c := l
		if r := l + 1; r < len(h) && rankWorse(h[r], h[l]) {
			c = r
		}
		if !rankWorse(h[c], h[i]) {
			return
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
}

// finish sorts every heap, best first, in place (a heapsort: the worst goes
// to the end, k log k steps a side).
func (b *rankBuild) finish(ctx context.Context, workers int) error {
	if b.k == 0 {
		return nil
	}
	chunks := (b.n + rankChunk - 1) / rankChunk
	return parallelRows(ctx, workers, chunks, func(ch int) error {
		for i := 4 * ch * rankChunk; i < 4*min(b.n, (ch+1)*rankChunk); i++ {
			h := b.best[i*b.k : (i+1)*b.k]
			for end := len(h) - 1; end > 0; end-- {
				h[0], h[end] = h[end], h[0]
				rankSiftDown(h[:end])
			}
		}
		return nil
	})
}

// parallelRows calls f for every item in [0, count) on up to workers goroutines
// (<1 means GOMAXPROCS), handing items out in increasing order, and returns
// once all have stopped. Once ctx ends, workers stop before their next item
// and parallelRows returns ctx.Err(). If f fails, items not yet handed out are
// dropped; since every item below a failing one was handed out before it,
// the error returned is that of the lowest failing item, whatever the
// number of workers.
func parallelRows(ctx context.Context, workers, count int, f func(item int) error) error {
	workers = min(workerCount(workers), count)
	done := ctx.Done()
	var (
		next     atomic.Int64
		stop     atomic.Bool
		mu       sync.Mutex
		errItem  = count
		firstErr error
		wg       sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for !stop.Load() {
				select {
				case <-done:
					return
				default:
				}
				i := int(next.Add(1) - 1)
				if i >= count {
					return
				}
				if err := f(i); err != nil {
					mu.Lock()
					if i < errItem {
						errItem, firstErr = i, err
					}
					mu.Unlock()
					stop.Store(true)
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return firstErr
}

// workerCount returns the number of goroutines a workers argument asks
// for: itself, or GOMAXPROCS when it is below 1.
func workerCount(workers int) int {
	if workers < 1 {
		return runtime.GOMAXPROCS(0)
	}
	return workers
}
