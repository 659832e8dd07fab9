package document

import (
	"context"
	"math"
	"math/rand/v2"
	"sync"
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
func sampleSplits(sheets []*sheet, k, rows int, ends []int, depth, n int, turns bool, rng *rand.Rand) *sampleSet {
	return sampleSplitsWorn(sheets, k, rows, ends, depth, n, turns, nil, rng)
}

// sampleSplitsWorn is sampleSplits with both parts of every window worn as
// the collection's cut edges are: column c of a part, counted from the
// cut, loses its ink with probability wear[c] in each row. A tear whitens
// the columns nearest it here and there; pairs split from a sound interior
// would otherwise never show it, and a model trained on them would hold
// it against every true join.
func sampleSplitsWorn(sheets []*sheet, k, rows int, ends []int, depth, n int, turns bool, wear []float64, rng *rand.Rand) *sampleSet {
	in := 2 * k * rows
	set := &sampleSet{in: in, x: make([]uint8, 0, n*in), y: make([]float32, 0, n)}
	a := make([]uint8, k*rows)
	b := make([]uint8, k*rows)
	// part copies the k columns leftwards from x-1 (left) or rightwards
	// from x (right) of rows y..y+rows-1, reporting false where they leave
	// the sheet's sound interior.
	part := func(s *sheet, x, y int, left bool, dst []uint8) bool {
		return readPart(s, x, y, k, rows, depth, left, false, dst)
	}
	turnedPart := func(s *sheet, x, y int, dst []uint8) bool {
		return readPart(s, x, y, k, rows, depth, true, true, dst)
	}
	inkOf := func(v []uint8) int {
		t := 0
		for _, x := range v {
			t += int(x)
		}
		return t
	}
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
		if !part(s, x, y, true, a) {
			continue
		}
		g := ends[rng.IntN(len(ends))] + ends[rng.IntN(len(ends))]
		if pos {
			if !part(s, x+g, y, false, b) {
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
			if turns && rng.IntN(turnedShare) == 0 {
				// The other piece upside down: text that runs the
				// other way never continues a line.
				if !turnedPart(sheets[j], xb, yb, b) {
					continue
				}
			} else if !part(sheets[j], xb, yb, false, b) {
				continue
			}
		}
		if inkOf(a)+inkOf(b) < minWindowInk*255 {
			continue
		}
		label := float32(0)
		if pos {
			label = 1
		}
		if wear != nil {
			for _, part := range [2][]uint8{a, b} {
				for r := range rows {
					for c := range min(k, len(wear)) {
						if wear[c] > 0 && rng.Float64() < wear[c] {
							part[r*k+c] = 0
						}
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
	var sets [sampleStreams]*sampleSet
	err := parallel(ctx, workers, sampleStreams, func(s int) error {
		share := n / sampleStreams
		if s < n%sampleStreams {
			share++
		}
		sets[s] = sampleSplitsWorn(sheets, k, rows, ends, depth, share, turns, wear, rand.New(rand.NewPCG(seeds[s], uint64(s))))
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
	for r := range rows {
		for c := range k {
			s.x = append(s.x, a[r*k+k-1-c])
		}
		s.x = append(s.x, b[r*k:(r+1)*k]...)
	}
	s.y = append(s.y, label)
}

func (s *sampleSet) addTurned(a, b []uint8, k, rows int, label float32) {
	for r := range rows {
		rr := rows - 1 - r
		for c := range k {
			s.x = append(s.x, b[rr*k+k-1-c])
		}
		s.x = append(s.x, a[rr*k:(rr+1)*k]...)
	}
	s.y = append(s.y, label)
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
	// Fixed parts of a batch: gradients are summed part by part.
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
	step := 0
	for ep := range epochs {
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := rate * math.Pow(0.6, float64(ep))
		for b0 := 0; b0+batch <= n; b0 += batch {
			if b0%(batch*64) == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			idx := order[b0 : b0+batch]
			var wg sync.WaitGroup
			work := make(chan int, parts)
			for p := range parts {
				work <- p
			}
			close(work)
			for range workers {
				wg.Go(func() {
					h := make([]float32, m.hidden)
					x := make([]float32, in)
					for p := range work {
						g := grads[p]
						for _, v := range g {
							clear(v)
						}
						for _, i := range idx[p*batch/parts : (p+1)*batch/parts] {
							m.backprop(set.x[i*in:(i+1)*in], set.y[i], x, h, g)
						}
					}
				})
			}
			wg.Wait()
			step++
			// The parts' sum, its mean, the decay and Adam's step are
			// element by element, so the workers share them by ranges
			// of the parameters, each element as a lone worker would.
			update := func(q, lo, hi int) {
				g := grads[0][q][lo:hi]
				for p := 1; p < parts; p++ {
					for i, v := range grads[p][q][lo:hi] {
						g[i] += v
					}
				}
				inv := float32(1.0 / batch)
				for i := range g {
					g[i] *= inv
				}
				if q == 0 {
					for i := range g {
						g[i] += 1e-4 * m.w1[lo+i]
					}
				}
				opt[q].step(params[q], grads[0][q], lr, step, lo, hi)
			}
			big := len(params[0])
			for w := range workers {
				wg.Go(func() {
					update(0, w*big/workers, (w+1)*big/workers)
					if w == 0 {
						for q := 1; q < len(params); q++ {
							update(q, 0, len(params[q]))
						}
					}
				})
			}
			wg.Wait()
			m.b2 = b2[0]
		}
	}
	flush()
	return nil
}

// backprop adds the gradient of the logistic loss of one sample to g.
func (m *Model) backprop(raw []uint8, label float32, x, h []float32, g [][]float32) {
	in := len(raw)
	// Only the inked inputs, a third or fewer, add to a sum or a
	// gradient: x holds their values and at their positions.
	var at [2 * maxModelK * maxModelRows]int32
	n := 0
	for i, v := range raw {
		if v != 0 {
			x[n], at[n] = float32(v)*(1.0/255), int32(i)
			n++
		}
	}
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
	// The active units' first-layer gradients go four at a time through
	// x, each x value read once for the four.
	var active [maxModelHidden]int
	na := 0
	for j := range m.hidden {
		g[2][j] += dz * h[j]
		if h[j] <= 0 {
			continue
		}
		g[1][j] += dz * m.w2[j]
		active[na] = j
		na++
	}
	a := 0
	pos := at[:n]
	for ; a+4 <= na; a += 4 {
		j0, j1, j2, j3 := active[a], active[a+1], active[a+2], active[a+3]
		d0, d1, d2, d3 := dz*m.w2[j0], dz*m.w2[j1], dz*m.w2[j2], dz*m.w2[j3]
		g0 := g[0][j0*in:][:in]
		g1 := g[0][j1*in:][:in]
		g2 := g[0][j2*in:][:in]
		g3 := g[0][j3*in:][:in]
		for k, v := range x {
			i := pos[k]
			g0[i] += d0 * v
			g1[i] += d1 * v
			g2[i] += d2 * v
			g3[i] += d3 * v
		}
	}
	for ; a < na; a++ {
		j := active[a]
		dh := dz * m.w2[j]
		gw := g[0][j*in:][:in]
		for k, v := range x {
			gw[pos[k]] += dh * v
		}
	}
}

// adam is one parameter block's Adam state (Kingma and Ba 2015).
type adam struct{ m, v []float32 }

// step updates p[lo:hi] by its gradient g[lo:hi]; t counts the steps from
// 1. Steps on separate ranges may run concurrently: the state is made
// whole beforehand.
func (a *adam) step(p, g []float32, lr float64, t, lo, hi int) {
	const b1, b2 = 0.9, 0.999
	c1 := 1 - math.Pow(b1, float64(t))
	c2 := 1 - math.Pow(b2, float64(t))
	for i := lo; i < hi; i++ {
		a.m[i] = b1*a.m[i] + (1-b1)*g[i]
		a.v[i] = b2*a.v[i] + (1-b2)*g[i]*g[i]
		mh := float64(a.m[i]) / c1
		vh := float64(a.v[i]) / c2
		p[i] -= float32(lr * mh / (math.Sqrt(vh) + 1e-8))
	}
}

// readPart copies k columns of rows rows of s into dst, row by row, each
// row read from the cut outwards: leftwards from column x-1 (left) or
// rightwards from x; turned reads the part as it shows on a piece turned
// 180° whose left side is the cut: the columns leftwards from x-1, rows
// bottom up. It reports false where the part leaves the sheet's sound
// interior (depth+1 columns in from either edge).
func readPart(s *sheet, x, y, k, rows, depth int, left, turned bool, dst []uint8) bool {
	if y < 0 || y+rows > s.h {
		return false
	}
	// The columns the part spans, [x0, x0+k).
	x0 := x
	if left {
		x0 = x - k
	}
	// Most parts drawn at random leave the interior's columns: that is
	// found row by row before any pixel is read.
	for yy := y; yy < y+rows; yy++ {
		if x0 < int(s.xl[yy])+depth+1 || x0+k-1 > int(s.xr[yy])-depth-1 {
			return false
		}
	}
	for r := range rows {
		yy := y + r
		if turned {
			yy = y + rows - 1 - r
		}
		paper := s.paper[yy*s.w+x0:][:k]
		ink := s.ink[yy*s.w+x0:][:k]
		out := dst[r*k:][:k]
		for c := range k {
			xc := c
			if left {
				xc = k - 1 - c
			}
			if !paper[xc] {
				return false
			}
			out[c] = ink[xc]
		}
	}
	return true
}
