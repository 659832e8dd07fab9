package document

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// The pair model learns from the pieces themselves. A cut through text
// leaves, on either side, columns that were g columns apart on the page
// (g = twice the torn depth: the band each side is read from starts that
// deep). Any sheet holds the same situation in its interior: the k
// columns left of some column x and the k columns from x+g on were one
// piece. Those pairs are the positives; the same left columns beside
// columns of another sheet, at the same height give or take two rows, are
// the negatives. A pair turned 180° as a whole is the same join, so half
// the samples are turned. Nothing of the answer is read: the pieces are
// split where they were never cut.

// sampleSet holds training windows: inputs (2·k·rows ink levels each,
// laid out as Model reads them) and labels.
type sampleSet struct {
	in int
	x  []uint8
	y  []float32
}

// turnedShare is one over the share of negatives whose second part is
// turned upside down, when pieces may turn: enough for the model to learn
// that text running the other way never continues a line, few enough to
// leave most negatives the hard ones, two pieces the same way up.
const turnedShare = 5

// minWindowInk is the least ink, in ink units (a fully dark pixel is 1), a
// window must hold to be sampled or scored: blank paper on both sides
// says nothing about a join.
const minWindowInk = 4

// sampleSplits draws n windows of k columns and rows rows from the
// interiors of sheets, half of them positives, split with the gap two
// random ends of the collection would leave between their bands (the sum
// of their torn depths, from ends). depth keeps the windows away from the sheets' spoiled
// edges. With turns, a third of the negatives pair a part with another
// sheet's part turned upside down, as strips that may be scanned either
// way up meet.
func sampleSplits(ctx context.Context, sheets []*sheet, k, rows int, ends []int, depth, n int, turns bool, src *rand.PCG, workers int) (*sampleSet, error) {
	index, err := windowIndexes(ctx, sheets, k, rows, depth, n, workers)
	if err != nil {
		return nil, err
	}
	return sampleSplitsWorn(sheets, index, k, rows, ends, depth, n, turns, nil, src), nil
}

// windowIndexes returns each sheet's windowIndex for drawing n windows,
// or nil ones where n is too few for them to pay (indexWorthWindows).
func windowIndexes(ctx context.Context, sheets []*sheet, k, rows, depth, n, workers int) ([]*windowIndex, error) {
	index := make([]*windowIndex, len(sheets))
	if n < indexWorthWindows*len(sheets) {
		return index, nil
	}
	err := parallel(ctx, workers, len(sheets), func(i int) error {
		index[i] = newWindowIndex(sheets[i], k, rows, depth)
		return nil
	})
	return index, err
}

// sampleSplitsWorn is sampleSplits with both parts of every window worn as
// the collection's cut edges are: column c of a part, counted from the
// cut, loses its ink with probability wear[c] in each row. A tear whitens
// the columns nearest it here and there; pairs split from a sound interior
// would otherwise never show it, and a model trained on them would hold
// it against every true join. index holds each sheet's windowIndex for
// k, rows and depth, or nil for a sheet without.
func sampleSplitsWorn(sheets []*sheet, index []*windowIndex, k, rows int, ends []int, depth, n int, turns bool, wear []float64, src *rand.PCG) *sampleSet {
	rng := rand.New(src)
	// Wear is drawn as rng.Float64() < wear[c] is, from src itself, that
	// the many draws skip the Rand's indirection: Float64 is the low 53
	// bits of a draw over 2⁵³, so the test is those bits against
	// wear[c]·2⁵³.
	wearBits := make([]float64, min(k, len(wear)))
	for c := range wearBits {
		wearBits[c] = wear[c] * (1 << 53)
	}
	in := 2 * k * rows
	set := &sampleSet{in: in, x: make([]uint8, 0, n*in), y: make([]float32, 0, n)}
	a := make([]uint8, k*rows)
	b := make([]uint8, k*rows)
	// A window's parts are first checked to lie in sound paper and their
	// ink bounded, from the sheets' window indexes where they have them;
	// only a window that may hold enough ink is read, which spares
	// reading most of the bare paper drawn.
	var partA, partB windowPart
	var usable []int
	for i, s := range sheets {
		if s.w > 2*(k+depth+1)+2*maxDepth && s.h > rows {
			usable = append(usable, i)
		}
	}
	if len(usable) == 0 {
		return set
	}
	for tries := 0; len(set.y) < n && tries < 60*n; tries++ {
		pos := len(set.y)%2 == 0
		i := usable[rng.IntN(len(usable))]
		s := sheets[i]
		y := rng.IntN(s.h - rows + 1)
		x := rng.IntN(s.w)
		partA = windowPart{s: s, ix: index[i], x: x, y: y, left: true}
		if !partA.sound(k, rows, depth) {
			continue
		}
		g := ends[rng.IntN(len(ends))] + ends[rng.IntN(len(ends))]
		if pos {
			partB = windowPart{s: s, ix: index[i], x: x + g, y: y}
			if !partB.sound(k, rows, depth) {
				continue
			}
		} else {
			j := usable[rng.IntN(len(usable))]
			xb := rng.IntN(sheets[j].w)
			if j == i && len(usable) > 1 {
				continue
			}
			if j == i && abs(xb-x) < 2*k+g {
				continue
			}
			yb := y + rng.IntN(5) - 2
			// With turns, now and then the other piece upside down:
			// text that runs the other way never continues a line.
			turned := turns && rng.IntN(turnedShare) == 0
			partB = windowPart{s: sheets[j], ix: index[j], x: xb, y: yb, left: turned, turned: turned}
			if !partB.sound(k, rows, depth) {
				continue
			}
		}
		if partA.inkBound(k)+partB.inkBound(k) < minWindowInk*255 {
			continue
		}
		if partA.read(k, rows, a)+partB.read(k, rows, b) < minWindowInk*255 {
			continue
		}
		label := float32(0)
		if pos {
			label = 1
		}
		for _, part := range [2][]uint8{a, b} {
			for r := range rows {
				for c, t := range wearBits {
					if t > 0 && float64(src.Uint64()<<11>>11) < t {
						part[r*k+c] = 0
					}
				}
			}
		}
		if rng.IntN(2) == 0 {
			set.add(a, b, k, rows, label)
		} else {
			// The pair turned 180°: the right part becomes the left one,
			// rows run the other way.
			set.addTurned(a, b, k, rows, label)
		}
	}
	return set
}

// sampleStreams is how many independent streams draw the windows that
// fine-tune a table's model. Most windows drawn at random are bare paper
// and are drawn again, so drawing is as slow as the fitting; streams
// share it among the workers, and a fixed number of them keeps the
// windows, and so the table, the same whatever the workers.
const sampleStreams = 8

// sampleStreamed is sampleSplitsWorn drawn by sampleStreams streams on up
// to workers goroutines, each stream seeded from rng and drawing its share
// of the n windows; the windows come stream after stream.
func sampleStreamed(ctx context.Context, sheets []*sheet, k, rows int, ends []int, depth, n int, turns bool, wear []float64, rng *rand.Rand, workers int) (*sampleSet, error) {
	var seeds [sampleStreams]uint64
	for s := range seeds {
		seeds[s] = rng.Uint64()
	}
	index, err := windowIndexes(ctx, sheets, k, rows, depth, n, workers)
	if err != nil {
		return nil, err
	}
	var sets [sampleStreams]*sampleSet
	err = parallel(ctx, workers, sampleStreams, func(s int) error {
		share := n / sampleStreams
		if s < n%sampleStreams {
			share++
		}
		sets[s] = sampleSplitsWorn(sheets, index, k, rows, ends, depth, share, turns, wear, rand.NewPCG(seeds[s], uint64(s)))
		return nil
	})
	if err != nil {
		return nil, err
	}
	in := 2 * k * rows
	all := &sampleSet{in: in, x: make([]uint8, 0, n*in), y: make([]float32, 0, n)}
	for _, set := range sets {
		all.x = append(all.x, set.x...)
		all.y = append(all.y, set.y...)
	}
	return all, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// add appends a window from the left part a and the right part b, both
// read from the cut outwards.
func (s *sampleSet) add(a, b []uint8, k, rows int, label float32) {
	x := s.grow(2 * k * rows)
	for r := range rows {
		row := x[r*2*k : (r+1)*2*k]
		for c := range k {
			row[c] = a[r*k+k-1-c]
		}
		copy(row[k:], b[r*k:(r+1)*k])
	}
	s.y = append(s.y, label)
}

func (s *sampleSet) addTurned(a, b []uint8, k, rows int, label float32) {
	x := s.grow(2 * k * rows)
	for r := range rows {
		rr := rows - 1 - r
		row := x[r*2*k : (r+1)*2*k]
		for c := range k {
			row[c] = b[rr*k+k-1-c]
		}
		copy(row[k:], a[rr*k:(rr+1)*k])
	}
	s.y = append(s.y, label)
}

// grow extends s.x by n values and returns them.
func (s *sampleSet) grow(n int) []uint8 {
	s.x = slices.Grow(s.x, n)
	s.x = s.x[:len(s.x)+n]
	return s.x[len(s.x)-n:]
}

func (s *sampleSet) len() int { return len(s.y) }

// fit trains m on the samples by Adam on minibatches of 64, the learning
// rate falling by 0.6 an epoch from rate, with a light weight decay on the
// first layer. Each minibatch's gradient is summed over up to workers
// goroutines in a fixed split, so that the result does not depend on how
// many there are. It honours ctx between minibatches.
func (m *Model) fit(ctx context.Context, set *sampleSet, epochs int, rate float64, workers int, rng *rand.Rand) error {
	const batch = 64
	n := set.len()
	if n < batch {
		return nil
	}
	in := m.inputs()
	params := [][]float32{m.w1, m.b1, m.w2}
	b2 := []float32{m.b2}
	params = append(params, b2)
	flush := func() {
		for _, p := range params {
			for i, v := range p {
				p[i] = flushSubnormal(v)
			}
		}
		m.b2 = b2[0]
	}
	flush()
	opt := make([]adam, len(params))
	for q, p := range params {
		opt[q] = adam{m: make([]float32, len(p)), v: make([]float32, len(p))}
	}
	// Fixed parts of a batch: gradients are summed part by part (the
	// update below adds the four).
	const parts = 4
	grads := make([][][]float32, parts)
	for p := range grads {
		grads[p] = [][]float32{make([]float32, len(m.w1)), make([]float32, m.hidden), make([]float32, m.hidden), make([]float32, 1)}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	workers = max(1, min(workers, parts))
	// In one pass over memory, each element's operations in the same
	// order: the parts summed first to last, the mean, the decay.
	update := func(q, lo, hi int, lr float64, step int) {
		g := grads[0][q][lo:hi]
		g1, g2, g3 := grads[1][q][lo:hi], grads[2][q][lo:hi], grads[3][q][lo:hi]
		g1, g2, g3 = g1[:len(g)], g2[:len(g)], g3[:len(g)]
		inv := float32(1.0 / batch)
		if q == 0 {
			w := m.w1[lo:hi]
			w = w[:len(g)]
			for i := range g {
				g[i] = float32((g[i]+g1[i]+g2[i]+g3[i])*inv) + float32(1e-4*w[i])
			}
		} else {
			for i := range g {
				g[i] = (g[i] + g1[i] + g2[i] + g3[i]) * inv
			}
		}
		opt[q].step(params[q], grads[0][q], lr, step, lo, hi)
	}
	// The batch at hand, set by the calling goroutine between batches.
	var (
		idx  []int
		lr   float64
		step int
		stop bool
	)
	// Worker w sums the gradients of parts w, w+workers, ..., then, the
	// parts all summed, updates its share of the first layer (worker 0
	// the small blocks too); the parts' sums and the elements' updates
	// are each one worker's, so the result does not depend on how many.
	// The workers live for the whole fit and meet at a barrier that
	// spins: a batch takes about a tenth of a millisecond, less than
	// waking a sleeping thread can.
	work := func(w int, h, x, d []float32, at []int32) {
		for p := w; p < parts; p += workers {
			g := grads[p]
			for _, v := range g {
				clear(v)
			}
			for _, i := range idx[p*batch/parts : (p+1)*batch/parts] {
				m.backprop(set.x[i*in:(i+1)*in], set.y[i], x, h, d, at, g)
			}
		}
	}
	big := len(params[0])
	apply := func(w int) {
		update(0, w*big/workers, (w+1)*big/workers, lr, step)
		if w == 0 {
			for q := 1; q < len(params); q++ {
				update(q, 0, len(params[q]), lr, step)
			}
		}
	}
	scratch := func() (h, x, d []float32, at []int32) {
		return make([]float32, m.hidden), make([]float32, in), make([]float32, m.hidden), make([]int32, in)
	}
	bar := spinBarrier{n: int32(workers)}
	var wg sync.WaitGroup
	for w := 1; w < workers; w++ {
		wg.Go(func() {
			h, x, d, at := scratch()
			for {
				bar.wait() // the batch is set
				if stop {
					return
				}
				work(w, h, x, d, at)
				bar.wait() // every part summed
				apply(w)
				bar.wait() // every element updated
			}
		})
	}
	defer func() {
		stop = true
		bar.wait()
		wg.Wait()
	}()
	h, x, d, at := scratch()
	for ep := range epochs {
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr = rate * math.Pow(0.6, float64(ep))
		for b0 := 0; b0+batch <= n; b0 += batch {
			if b0%(batch*64) == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			idx = order[b0 : b0+batch]
			step++
			bar.wait()
			work(0, h, x, d, at)
			bar.wait()
			apply(0)
			bar.wait()
			m.b2 = b2[0]
		}
	}
	flush()
	return nil
}

// backprop adds the gradient of the logistic loss of one sample to g; x
// and at (len(raw) values each), h and d (a value per hidden unit) are its
// scratch.
func (m *Model) backprop(raw []uint8, label float32, x, h, d []float32, at []int32, g [][]float32) {
	in := len(raw)
	// Only the inked inputs, a third or fewer, add to a sum or a
	// gradient: x holds their values and at their positions.
	n := inked(raw, 0, false, x, at)
	x = x[:n]
	m.firstLayer(x, at[:n], in, h, m.b1)
	z := m.b2
	for j := range m.hidden {
		h[j] = max(h[j], 0)
		z += m.w2[j] * h[j]
	}
	p := float32(1 / (1 + math.Exp(-float64(z))))
	// A confident, right guess leaves a subnormal error, which would
	// only slow every product below without changing a sum.
	dz := flushSubnormal(p - label)
	if dz == 0 {
		return
	}
	g[3][0] += dz
	// Each inked input's gradient is the units' errors times its value:
	// one scaled run of errors added to the input's run of gradients.
	// An inactive unit's error is 0, which adds nothing.
	d = d[:m.hidden]
	for j := range m.hidden {
		g[2][j] += dz * h[j]
		if h[j] <= 0 {
			d[j] = 0
			continue
		}
		g[1][j] += dz * m.w2[j]
		d[j] = dz * m.w2[j]
	}
	addScaled(g[0][:in*m.hidden], d[:m.hidden], x, at[:n])
}

// spinBarrier holds n goroutines until all n have reached it, each
// waiting by yielding to the scheduler, never by sleeping: fit's workers
// meet several times a millisecond, and a sleeping thread takes longer
// than that to wake on some machines. Reaching it orders memory as a
// channel would: what one goroutine wrote before, the others read after.
type spinBarrier struct {
	n       int32
	arrived atomic.Int32
	round   atomic.Uint32
}

func (b *spinBarrier) wait() {
	if b.n <= 1 {
		return
	}
	r := b.round.Load()
	if b.arrived.Add(1) == b.n {
		b.arrived.Store(0)
		b.round.Add(1)
		return
	}
	for b.round.Load() == r {
		runtime.Gosched()
	}
}

// adam is one parameter block's Adam state (Kingma and Ba 2015).
type adam struct{ m, v []float32 }

// step updates p[lo:hi] by its gradient g[lo:hi]; t counts the steps from
// 1. Steps on separate ranges may run concurrently: the state is made
// whole beforehand.
func (a *adam) step(p, g []float32, lr float64, t, lo, hi int) {
	const b1, b2 = 0.9, 0.999
	c := adamStep{
		b1: b1, keep1: 1 - b1, b2: b2, keep2: 1 - b2,
		c1: 1 - math.Pow(b1, float64(t)), c2: 1 - math.Pow(b2, float64(t)),
		lr: lr, eps: 1e-8,
	}
	adamUpdate(p[lo:hi], g[lo:hi], a.m[lo:hi], a.v[lo:hi], &c)
}

// adamStep holds one Adam step's constants: the moments' decays and the
// shares of the new gradient they take, their bias corrections, the
// learning rate and the denominator's guard. The vector loop reads it by
// offset: keep the fields in this order.
type adamStep struct {
	b1, keep1, b2, keep2 float32
	c1, c2, lr, eps      float64
}

// adamUpdateGo is one Adam step on every element of p, whose gradient is
// g and moments m and v, all of one length.
func adamUpdateGo(p, g, m, v []float32, c *adamStep) {
	g, m, v = g[:len(p)], m[:len(p)], v[:len(p)]
	for i := range p {
		m[i] = float32(c.b1*m[i]) + float32(c.keep1*g[i])
		v[i] = float32(c.b2*v[i]) + float32(float32(c.keep2*g[i])*g[i])
		mh := float64(m[i]) / c.c1
		vh := float64(v[i]) / c.c2
		p[i] -= float32(c.lr * mh / (math.Sqrt(vh) + c.eps))
	}
}

// A windowPart is one side of a training window: the k columns leftwards
// from column x-1 of sheet s (left) or rightwards from x, rows y to
// y+rows-1, each row read from the cut outwards; turned reads it as it
// shows on the sheet turned 180° whose left side is the cut: the columns
// leftwards from x-1, rows bottom up.
type windowPart struct {
	s            *sheet
	ix           *windowIndex // s's, or nil
	x, y         int
	left, turned bool
}

// first returns the first of the part's columns.
func (p windowPart) first(k int) int {
	if p.left {
		return p.x - k
	}
	return p.x
}

// sound reports whether the part lies within the sheet's sound interior
// (depth+1 columns in from either edge) and on paper; the depth, k and
// rows must be those of the part's window index, if it has one.
func (p windowPart) sound(k, rows, depth int) bool {
	s, x0 := p.s, p.first(k)
	if p.y < 0 || p.y+rows > s.h {
		return false
	}
	if ix := p.ix; ix != nil {
		if x0 < int(ix.lo[p.y]) || x0+k-1 > int(ix.hi[p.y]) {
			return false
		}
		if ix.solid[p.y] {
			return true
		}
	} else {
		// Most parts drawn at random leave the interior's columns:
		// that is found row by row before any pixel is read.
		for yy := p.y; yy < p.y+rows; yy++ {
			if x0 < int(s.xl[yy])+depth+1 || x0+k-1 > int(s.xr[yy])-depth-1 {
				return false
			}
		}
	}
	for yy := p.y; yy < p.y+rows; yy++ {
		if slices.Contains(s.paper[yy*s.w+x0:][:k], false) {
			return false
		}
	}
	return true
}

// read copies the part into dst, row by row from the cut outwards, and
// returns its ink, the sum of dst.
func (p windowPart) read(k, rows int, dst []uint8) int {
	s, x0 := p.s, p.first(k)
	ink := 0
	for r := range rows {
		yy := p.y + r
		if p.turned {
			yy = p.y + rows - 1 - r
		}
		row := s.ink[yy*s.w+x0:][:k]
		out := dst[r*k:][:k]
		if p.left {
			for c := range out {
				v := row[k-1-c]
				out[c] = v
				ink += int(v)
			}
		} else {
			for c, v := range row {
				out[c] = v
				ink += int(v)
			}
		}
	}
	return ink
}

// indexWorthWindows is the windows per sheet from which drawing them
// makes the sheets' window indexes first.
const indexWorthWindows = 100

// inkBlock is the width, in columns, of the blocks whose ink bounds a
// window part's before it is read.
const inkBlock = 8

// A windowIndex answers, for each first row y of a window of rows rows on
// one sheet, from memory that lies together: the columns the window's
// parts may span (lo to hi: the sheet's sound interior, depth+1 columns in
// from either edge, on every row), whether every row is paper between
// them, and the ink of each block of inkBlock columns over the rows.
type windowIndex struct {
	lo, hi []int32
	solid  []bool
	blocks int
	ink    []uint32 // y·blocks + b
}

func newWindowIndex(s *sheet, k, rows, depth int) *windowIndex {
	n := s.h - rows + 1
	if n <= 0 {
		return nil
	}
	nb := (s.w + inkBlock - 1) / inkBlock
	ix := &windowIndex{lo: make([]int32, n), hi: make([]int32, n), solid: make([]bool, n), blocks: nb, ink: make([]uint32, n*nb)}
	// A row is solid when it is paper all the way from xl+1 to xr-1,
	// which holds any window part its bounds allow.
	solidRow := make([]bool, s.h)
	for y := range s.h {
		row := s.paper[y*s.w : (y+1)*s.w]
		lo, hi := max(0, int(s.xl[y])+1), min(s.w-1, int(s.xr[y])-1)
		solidRow[y] = lo > hi || !slices.Contains(row[lo:hi+1], false)
	}
	for y := range n {
		lo, hi, solid := int32(math.MinInt32), int32(math.MaxInt32), true
		for yy := y; yy < y+rows; yy++ {
			lo = max(lo, s.xl[yy]+int32(depth)+1)
			hi = min(hi, s.xr[yy]-int32(depth)-1)
			solid = solid && solidRow[yy]
		}
		ix.lo[y], ix.hi[y], ix.solid[y] = lo, hi, solid
	}
	// Each block's ink by row, then summed over each window's rows.
	byRow := make([]uint32, s.h*nb)
	for y := range s.h {
		row := s.ink[y*s.w : (y+1)*s.w]
		for x, v := range row {
			byRow[y*nb+x/inkBlock] += uint32(v)
		}
	}
	for b := range nb {
		t := uint32(0)
		for yy := range rows {
			t += byRow[yy*nb+b]
		}
		ix.ink[b] = t
		for y := 1; y < n; y++ {
			t += byRow[(y+rows-1)*nb+b] - byRow[(y-1)*nb+b]
			ix.ink[y*nb+b] = t
		}
	}
	return ix
}

// inkBound returns at least the part's ink: that of the blocks its
// columns fall in, over its rows, from its window index (or, with none,
// more than any part holds). The part must be sound.
func (p windowPart) inkBound(k int) int {
	if p.ix == nil {
		return math.MaxInt32
	}
	x0 := p.first(k)
	row := p.ix.ink[p.y*p.ix.blocks:][:p.ix.blocks]
	t := 0
	for b := x0 / inkBlock; b <= (x0+k-1)/inkBlock; b++ {
		t += int(row[b])
	}
	return t
}
