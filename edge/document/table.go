package document

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// A frame is one direction of cut: across the lines of text (the pieces'
// left and right sides) or along them (top and bottom, read from the
// pieces turned a quarter so that those sides become left and right).
// Within a frame, end 2i is sheet i's left side and end 2i+1 its right.
type frame struct {
	sheets []*sheet
	depth  int
	// ends holds each end's own torn depth.
	ends  []int
	shift int
	model *Model
	// near lists, for each end, the ends it was scored against, by end,
	// with the cost and how many rows lower the partner's rows lie;
	// unscored is the cost of any other pair that may meet.
	near     [][]link
	unscored float32
	allowed  func(u, v int) bool
	rim      []float32
	// top is the constant scores were subtracted from.
	top float64
	// Where the cuts run along the lines of text (a grid's top and
	// bottom sides), lines is each end's ink by line of pixels parallel
	// to the cut, counted from the cut inwards, and pitch the lines of
	// text's spacing in pixels (0: none found).
	lines [][]float32
	pitch int
}

// Table prices the joins of a document's pieces: strips of a shredded
// page, or the rectangles of a page cut across and along. It is an
// edge.Compatibility, so the solvers of this module read it as they read
// a picture's table, and an edge.FrameScorer whose rim costs say how
// unlikely a side is to be the page's edge (a side with text on it is
// seldom the margin).
//
// A join is priced by a pair model that reads windows of ink on both
// sides of the cut, after the columns the cut spoiled (Depth), at the
// vertical offset that lines the two pieces' rows of text up. The model
// starts as the module's own (DefaultModel) and is fine-tuned on the
// pieces' own interiors, split where they were never cut, so that it
// learns this collection's type, ink and scanner; no answer is read. A
// join costs the most any join or rim scores less what this one scores,
// so costs are at least 0, lower is better, and every ordering of strips
// pays the constant the same number of times.
type Table struct {
	n       int
	rot     bool
	strips  bool
	frames  [2]*frame
	blank   []bool
	upright []float64
	best    [][]edge.Match
}

var (
	_ edge.Compatibility = (*Table)(nil)
	_ edge.FrameScorer   = (*Table)(nil)
)

// NewTable prepares the pieces of p and prices their joins. Each piece
// needs a picture, with its lines of text running across it (see Orient
// for pieces scanned a quarter turn off); an alpha channel marks paper and
// background (puzzle.Masked). A one-row puzzle is a set of strips, joined
// only left and right; a taller board also joins top and bottom, priced
// by a second model fine-tuned on cuts along the lines. Pieces may turn
// by 0 or 180° (Rotatable with HalfTurns) or not at all: a quarter turn
// would run a piece's text across its neighbour's, and is refused.
//
// NewTable uses up to WithWorkers goroutines, all ended before it returns,
// and returns ctx.Err() once ctx ends.
func NewTable(ctx context.Context, p *puzzle.Puzzle, opts ...Option) (*Table, error) {
	if ctx == nil {
		return nil, errors.New("document: nil context: pass context.Background() for none")
	}
	if p == nil || len(p.Pieces) == 0 {
		return nil, errors.New("document: puzzle has no pieces")
	}
	if p.Rotatable && !p.HalfTurns {
		return nil, errors.New("document: the puzzle's pieces turn by quarter turns: turn each piece so that its lines of text run across (Orient), then allow half turns only (HalfTurns)")
	}
	for i := range p.Pieces {
		img := p.Pieces[i].Image
		if img == nil {
			return nil, fmt.Errorf("document: piece %d has no picture", i)
		}
		if sz := img.Bounds().Size(); sz.X < 2 || sz.Y < 2 {
			return nil, fmt.Errorf("document: piece %d is %d×%d pixels: pieces must be at least 2 pixels each way", i, sz.X, sz.Y)
		}
	}
	c := newConfig(opts)
	if c.model == nil {
		c.model = DefaultModel()
	}
	n := len(p.Pieces)
	t := &Table{n: n, rot: p.Rotatable, strips: p.Rows == 1, blank: make([]bool, n)}
	turns := []puzzle.Rotation{0}
	if !t.strips {
		turns = append(turns, 1)
	}
	for f, r := range turns {
		sheets, err := prepare(ctx, p, r, c.workers)
		if err != nil {
			return nil, err
		}
		fc := c
		if f == 1 && fc.depth < 0 {
			// A cut along the lines meets ink as the lines come and go:
			// one between two lines shows a bare edge beside an inked
			// interior, torn or not, so the depth is not read there.
			// The cuts across the lines, whose ink is spread evenly
			// along them, tell the depth of the damage for both.
			fc.depth = t.frames[0].depth
		}
		fr, err := newFrame(ctx, sheets, t.rot, fc, uint64(f), f == 1)
		if err != nil {
			return nil, err
		}
		t.frames[f] = fr
		if f == 0 {
			t.upright = make([]float64, n)
			for i, s := range sheets {
				t.blank[i] = s.blank(fr.depth)
				t.upright[i] = s.uprightEvidence()
			}
		}
		// The pixels are no longer needed; a large collection's are
		// gigabytes.
		fr.sheets = nil
	}
	t.rank()
	return t, nil
}

// prepare reads every piece, turned by r, into sheets.
func prepare(ctx context.Context, p *puzzle.Puzzle, r puzzle.Rotation, workers int) ([]*sheet, error) {
	n := len(p.Pieces)
	greys := make([]grey, n)
	hists := make([]*[256]int, n)
	err := parallel(ctx, workers, n, func(i int) error {
		greys[i] = readGrey(puzzle.TurnImage(p.Pieces[i].Image, r))
		hists[i] = greys[i].paperHist()
		return nil
	})
	if err != nil {
		return nil, err
	}
	dark := darkLevel(hists)
	sheets := make([]*sheet, n)
	err = parallel(ctx, workers, n, func(i int) error {
		sheets[i] = newSheet(greys[i], hists[i], dark)
		return nil
	})
	return sheets, err
}

// newFrame fine-tunes the model on the sheets and prices every join.
func newFrame(ctx context.Context, sheets []*sheet, rot bool, c config, salt uint64, alongLines bool) (*frame, error) {
	fr := &frame{sheets: sheets, depth: c.depth}
	if alongLines {
		fr.lines, fr.pitch = lineProfiles(sheets)
	}
	if fr.depth < 0 {
		fr.depth = depthOf(sheets)
	}
	fr.ends = make([]int, 2*len(sheets))
	for e := range fr.ends {
		fr.ends[e] = fr.depth
	}
	rng := rand.New(rand.NewPCG(c.seed, 0xd0c^salt))
	fr.model = c.model.clone()
	m := fr.model
	wear := edgeWear(sheets, fr.depth, m.k)
	set, err := sampleStreamed(ctx, sheets, m.k, m.rows, gapSpread(fr.depth), fr.depth, c.samples, rot, wear, rng, c.workers)
	if err != nil {
		return nil, err
	}
	if err := m.fit(ctx, set, c.epochs, fineTuneRate, c.workers, rng); err != nil {
		return nil, err
	}
	ends, err := fr.halves(ctx, rot, c.workers)
	if err != nil {
		return nil, err
	}
	fr.shift = c.shift
	if fr.shift < 0 {
		var err error
		if fr.shift, err = estimateShift(ctx, ends, len(sheets), c.workers); err != nil {
			return nil, err
		}
	}
	if err := fr.price(ctx, ends, rot, c.workers); err != nil {
		return nil, err
	}
	return fr, nil
}

// fineTuneRate is the first learning rate of fine-tuning.
const fineTuneRate = 0.002

// stride is the step, in rows, between the windows scored along a cut:
// windows overlap, so a stride below their height loses nothing.
const stride = 4

// bStride is the step between the offsets at which two pieces' rows are
// lined up: the right piece's windows are computed every bStride rows.
// Two rows halves the work and memory of every offset and misses the
// best one by a row at most, which a window of rows absorbs.
const bStride = 2

// endHalves holds, for one end of a sheet, the first layer's half for the
// end seen as the left piece's side of a cut (a) and as the right piece's
// (b), window by window, in the frame in which the end faces the cut; and
// the row ink profile of the whole sheet in that frame.
type endHalves struct {
	// a and b hold the halves of every stepA-th and stepB-th window,
	// window y's at [(y/step)*hidden, (y/step+1)*hidden): only those are
	// read, and a thousand turning strips' halves at every row would take
	// 1.4 GB where these take 0.5.
	a, b         []float32
	stepA, stepB int
	inkA, inkB   []float32 // ink of each window's band, every row's
	profA        []float32 // the sheet's row ink, in the frame of role a
	profB        []float32
	sqA, sqB     []float64 // their running sums of squares (evenSquares)
	qA, qB       *quarterProfile
	// paperA and paperB are the paper's texture along the end, in each
	// role's frame, with okA and okB marking the bare-paper rows.
	paperA, paperB []float32
	okA, okB       []bool
	// outA and outB are the tear's outline along the end, in each role's
	// frame, columns counted towards the cut's right.
	outA, outB []float32
	h          int
	// inked is set for the ends of a sheet that holds ink, in a frame
	// whose cuts run along the lines of text: only those ends' profiles
	// say where the page's columns of text lie (columnEvidence).
	inked bool
}

// halves computes every end's halves. End 2i+1 (the right side) faces a
// cut on the piece's right as it lies and on its left when the piece is
// turned, rows then running the other way; end 2i likewise the other way
// round. Without turns an end has only its own role.
func (fr *frame) halves(ctx context.Context, rot bool, workers int) ([]*endHalves, error) {
	n := len(fr.sheets)
	m := fr.model
	ends := make([]*endHalves, 2*n)
	inked := make([]bool, n)
	if fr.lines != nil {
		if err := parallel(ctx, workers, n, func(i int) error {
			inked[i] = !fr.sheets[i].blank(fr.depth)
			return nil
		}); err != nil {
			return nil, err
		}
	}
	err := parallel(ctx, workers, 2*n, func(e int) error {
		s := fr.sheets[e/2]
		right := e%2 == 1
		band := s.band(right, fr.ends[e], m.k)
		prof := s.rowInk()
		tex, ok := s.paperColumn(right, fr.ends[e])
		// The outline in the frame of a piece lying upright and of one
		// turned: rows reversed, and columns mirrored, so that a bulge
		// to the right is positive either way.
		out := s.outline(right)
		outR := make([]float32, len(out))
		for y, v := range out {
			outR[len(out)-1-y] = -v
		}
		texR, okR := slices.Clone(tex), slices.Clone(ok)
		slices.Reverse(texR)
		slices.Reverse(okR)
		eh := &endHalves{h: s.h, inked: inked[e/2]}
		fwd, rev := band, reverseRows(band, m.k)
		pf, pr := prof, slices.Clone(prof)
		slices.Reverse(pr)
		// The right end faces right as the piece lies (role a, rows
		// as they are) and left when it is turned (role b, reversed).
		aBand, bBand, aProf, bProf := fwd, rev, pf, pr
		if !right {
			aBand, bBand, aProf, bProf = rev, fwd, pr, pf
		}
		aTex, bTex, aOK, bOK := tex, texR, ok, okR
		if !right {
			aTex, bTex, aOK, bOK = texR, tex, okR, ok
		}
		aOut, bOut := out, outR
		if !right {
			aOut, bOut = outR, out
		}
		if right || rot {
			eh.a, eh.inkA = windowHalves(m, aBand, s.h, true, stride)
			eh.stepA = stride
			eh.profA, eh.paperA, eh.okA, eh.outA = aProf, aTex, aOK, aOut
			eh.sqA = evenSquares(aProf)
			eh.qA = newQuarterProfile(aProf)
		}
		if !right || rot {
			eh.b, eh.inkB = windowHalves(m, bBand, s.h, false, bStride)
			eh.stepB = bStride
			eh.profB, eh.paperB, eh.okB, eh.outB = bProf, bTex, bOK, bOut
			eh.sqB = evenSquares(bProf)
			eh.qB = newQuarterProfile(bProf)
		}
		ends[e] = eh
		return nil
	})
	return ends, err
}

func reverseRows(band []uint8, k int) []uint8 {
	h := len(band) / k
	out := make([]uint8, len(band))
	for y := range h {
		copy(out[y*k:(y+1)*k], band[(h-1-y)*k:(h-y)*k])
	}
	return out
}

// windowHalves returns the half of every step-th window of band (h rows
// of m.k) that holds ink, and each window's ink. The left piece's windows
// are scored every stride rows; the right piece's are needed at every row,
// as the two may be offset by any number of rows.
func windowHalves(m *Model, band []uint8, h int, left bool, step int) ([]float32, []float32) {
	nw := max(0, h-m.rows+1)
	out := make([]float32, (nw+step-1)/step*m.hidden)
	ink := make([]float32, nw)
	// Running sum of each row's ink, for every window's total.
	rowInk := make([]int, h+1)
	for y := range h {
		t := 0
		for _, v := range band[y*m.k : (y+1)*m.k] {
			t += int(v)
		}
		rowInk[y+1] = rowInk[y] + t
	}
	vals, pos := make([]float32, m.k*m.rows), make([]int32, m.k*m.rows)
	for y := range nw {
		ink[y] = float32(rowInk[y+m.rows]-rowInk[y]) / 255
		if ink[y] == 0 || y%step != 0 {
			continue
		}
		at := y / step * m.hidden
		m.half(band[y*m.k:(y+m.rows)*m.k], left, out[at:at+m.hidden], vals, pos)
	}
	return out, ink
}

// clipLogit bounds one window's say: a smudge or a torn letter must not
// outweigh a whole cut's evidence.
const clipLogit = 6

// score sums the clipped log-odds of the windows of end a's side (role a)
// against end b's (role b) with b's rows s lower, over windows that hold
// ink; b == nil scores a against blank paper.
func score(m *Model, a, b *endHalves, s int) float64 {
	var sum float64
	zero := make([]float32, m.hidden)
	for y := 0; y < len(a.inkA); y += stride {
		hb := zero
		ink := a.inkA[y]
		if b != nil {
			yb := y + s
			if yb < 0 || yb >= len(b.inkB) {
				continue
			}
			ink += b.inkB[yb]
			at := yb / b.stepB * m.hidden
			hb = b.b[at : at+m.hidden]
		}
		if ink < minWindowInk {
			continue
		}
		at := y / a.stepA * m.hidden
		z := m.logit(a.a[at:at+m.hidden], hb)
		sum += max(-clipLogit, min(clipLogit, float64(z)))
	}
	return sum
}

// profileShift returns the shift, within ±maxShift, at which b's row ink
// profile best correlates with a's, every other row of a read: pieces of
// one page share its lines of text, so their profiles line up where the
// pieces do. sa and sb are the profiles' running sums of squares two rows
// apart (evenSquares).
func profileShift(a, b []float32, sa, sb []float64, maxShift int) int {
	return profileShiftIn(a, b, sa, sb, -maxShift, maxShift)
}

// alignShift is profileShift of a's role-a profile and b's role-b one
// found in two steps: on the quarter profiles over the whole reach, then
// row by row within alignFine rows of the best. A shift is a few rows and
// a line of text some thirty, so the coarse search lands in the right
// line; the fine one is then a fifth of the whole.
func alignShift(a, b *endHalves, maxShift int) int {
	if a.qA == nil || b.qB == nil || maxShift <= 2*alignFine {
		return profileShift(a.profA, b.profB, a.sqA, b.sqB, maxShift)
	}
	best, bq := bestCorrelation(a.qA, b.qB, (maxShift+3)/4)
	if best <= -2 { // no shift within reach
		return profileShift(a.profA, b.profB, a.sqA, b.sqB, maxShift)
	}
	c := 4 * bq
	return profileShiftIn(a.profA, b.profB, a.sqA, b.sqB, max(-maxShift, c-alignFine), min(maxShift, c+alignFine))
}

// alignFine is the reach, in rows, of alignShift's fine search around the
// coarse one's shift: the quarter profiles' step and a little more.
const alignFine = 4

// profileShiftIn is profileShift over the shifts from to to.
func profileShiftIn(a, b []float32, sa, sb []float64, from, to int) int {
	best, bs := math.Inf(-1), 0
	for s := from; s <= to; s++ {
		// The even rows y of a with y+s a row of b.
		lo, hi := max(0, -s), min(len(a), len(b)-s)
		y0, y1 := lo+lo%2, hi-1-(hi-1)%2
		if hi <= 0 || y1 < y0 {
			continue
		}
		aa, bb := sa[y1+2]-sa[y0], sb[y1+s+2]-sb[y0+s]
		if aa <= 0 || bb <= 0 {
			continue
		}
		// Four sums, so that the additions need not wait on each other.
		as, bs2 := a[y0:y1+1], b[y0+s:y1+s+1]
		bs2 = bs2[:len(as)]
		var ab0, ab1, ab2, ab3 float64
		k := 0
		for ; k+6 < len(as); k += 8 {
			ab0 += float64(as[k]) * float64(bs2[k])
			ab1 += float64(as[k+2]) * float64(bs2[k+2])
			ab2 += float64(as[k+4]) * float64(bs2[k+4])
			ab3 += float64(as[k+6]) * float64(bs2[k+6])
		}
		for ; k < len(as); k += 2 {
			ab0 += float64(as[k]) * float64(bs2[k])
		}
		if v := (ab0 + ab1 + ab2 + ab3) / math.Sqrt(aa*bb); v > best+1e-12 {
			best, bs = v, s
		}
	}
	return bs
}

// evenSquares returns the running sums of p's squares two rows apart:
// sq[y+2] = sq[y] + p[y]², so that rows y0, y0+2, …, y1 sum to
// sq[y1+2] − sq[y0].
func evenSquares(p []float32) []float64 {
	if p == nil {
		return nil
	}
	sq := make([]float64, len(p)+2)
	for y, v := range p {
		sq[y+2] = sq[y] + float64(v)*float64(v)
	}
	return sq
}

// refine is how far, in rows, the pair model looks around the offset the
// row profiles give.
const refine = 2

// price scores the pairs of ends and every end against the page's rim,
// and turns scores into costs. Up to denseEnds ends every pair is scored;
// beyond, each end's partners are first ranked by how well their row
// profiles line up (pieces of one page share its lines), and only each
// end's best candidates are scored by the pair model.
func (fr *frame) price(ctx context.Context, ends []*endHalves, rot bool, workers int) error {
	n2 := len(ends)
	m := fr.model
	rims := make([]float64, n2)
	allowed := func(u, v int) bool { return u/2 != v/2 && (rot || u%2 != v%2) }
	// partners[u] lists the ends u is scored against.
	var partners [][]int32
	if n2 > denseEnds {
		var err error
		if partners, err = fr.candidates(ctx, ends, allowed, workers); err != nil {
			return err
		}
	}
	type scored struct {
		v     int32
		score float64
		align int16
	}
	rows := make([][]scored, n2)
	err := parallel(ctx, workers, n2, func(u int) error {
		// End u faces right: role a. As a rim, the same.
		if ends[u].a != nil {
			rims[u] = score(m, ends[u], nil, 0)
		} else {
			rims[u] = score(m, asA(ends[u]), nil, 0)
		}
		each := func(v int) {
			// Price the pair with the piece of the right end (when
			// there is one) on the left, as it lies when upright.
			l, r := u, v
			if u%2 == 0 && v%2 == 1 {
				l, r = v, u
			}
			a, b := ends[l], ends[r]
			s0 := alignShift(a, b, fr.shift)
			best, bs := math.Inf(-1), 0
			s0 -= s0 % bStride
			for s := s0 - refine; s <= s0+refine; s += bStride {
				if v := score(m, a, b, s); v > best {
					best, bs = v, s
				}
			}
			if fr.depth == 0 {
				// A clean cut, as a digital one is: the paper's grain
				// runs on across it.
				best += paperEvidence(a, b, bs)
			}
			best += outlineEvidence(a, b, bs)
			if fr.pitch > 0 {
				best += phaseEvidence(fr.lines[l], fr.lines[r], fr.pitch)
			}
			if fr.lines != nil {
				best += columnEvidence(a, b, bs)
			}
			// align is how much lower u's partner's rows lie than u's.
			if l != u {
				bs = -bs
			}
			rows[u] = append(rows[u], scored{int32(v), best, int16(bs)})
		}
		if partners == nil {
			for v := u + 1; v < n2; v++ {
				if allowed(u, v) {
					each(v)
				}
			}
		} else {
			for _, v := range partners[u] {
				if int(v) > u {
					each(int(v))
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	top, low := math.Inf(-1), math.Inf(1)
	for _, row := range rows {
		for _, x := range row {
			top, low = max(top, x.score), min(low, x.score)
		}
	}
	for _, v := range rims {
		top = max(top, v)
	}
	fr.top = top
	fr.rim = make([]float32, n2)
	for i, v := range rims {
		fr.rim[i] = float32(top - v)
	}
	// Both directions of every scored pair.
	fr.near = make([][]link, n2)
	for u, row := range rows {
		for _, x := range row {
			c := float32(top - x.score)
			fr.near[u] = append(fr.near[u], link{v: x.v, cost: c, align: x.align})
			fr.near[x.v] = append(fr.near[x.v], link{v: int32(u), cost: c, align: -x.align})
		}
	}
	for u := range fr.near {
		slices.SortFunc(fr.near[u], func(a, b link) int { return int(a.v) - int(b.v) })
	}
	// A pair never scored is taken to be as poor as the poorest scored.
	fr.unscored = float32(top - low)
	if math.IsInf(low, 1) {
		fr.unscored = 0
	}
	fr.allowed = allowed
	return nil
}

// denseEnds is the most ends whose every pair is scored: 600 ends are 300
// strips, some 90,000 pairs, about a second on two cores.
const denseEnds = 600

// candidatesPerEnd is how many partners of each end the pair model
// scores in a large collection: its true partner is among the few whose
// lines of text run at the same heights.
const candidatesPerEnd = 24

// coarseCandidates is how many times candidatesPerEnd a first, coarser
// ranking keeps for the finer one.
const coarseCandidates = 16

// link is a scored pair of ends, seen from one of them.
type link struct {
	v     int32
	cost  float32
	align int16
}

// candidates ranks, for every end, the ends its lines of text line up with
// best (row profiles at a quarter of the rows, within the frame's shift)
// and returns each end's best candidatesPerEnd, made mutual: a pair is
// scored when either end ranks the other.
func (fr *frame) candidates(ctx context.Context, ends []*endHalves, allowed func(u, v int) bool, workers int) ([][]int32, error) {
	n2 := len(ends)
	pa := make([]*quarterProfile, n2)
	pb := make([]*quarterProfile, n2)
	for e, eh := range ends {
		pa[e], pb[e] = newQuarterProfile(eh.profA), newQuarterProfile(eh.profB)
	}
	// A first ranking on profiles four times coarser keeps a few times
	// the candidates wanted; the quarter profiles rank those.
	ca := make([]*quarterProfile, n2)
	cb := make([]*quarterProfile, n2)
	for e := range ends {
		ca[e], cb[e] = pa[e].coarser(), pb[e].coarser()
	}
	reach := max(1, fr.shift/4)
	top := make([][]int32, n2)
	err := parallel(ctx, workers, n2, func(u int) error {
		type cand struct {
			v int32
			c float64
		}
		// roles returns the ends of u and v in roles a and b.
		roles := func(v int) (l, r int) {
			if u%2 == 0 && v%2 == 1 {
				return v, u
			}
			return u, v
		}
		byScore := func(x, y cand) int {
			if c := cmp.Compare(y.c, x.c); c != 0 {
				return c
			}
			return cmp.Compare(x.v, y.v)
		}
		var cs []cand
		for v := range n2 {
			if !allowed(u, v) {
				continue
			}
			if l, r := roles(v); pa[l] != nil && pb[r] != nil {
				cs = append(cs, cand{int32(v), maxCorrelation(ca[l], cb[r], (reach+3)/4)})
			}
		}
		slices.SortFunc(cs, byScore)
		cs = cs[:min(len(cs), coarseCandidates*candidatesPerEnd)]
		for k := range cs {
			l, r := roles(int(cs[k].v))
			cs[k].c = maxCorrelation(pa[l], pb[r], reach)
		}
		slices.SortFunc(cs, byScore)
		for _, c := range cs[:min(len(cs), candidatesPerEnd)] {
			top[u] = append(top[u], c.v)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	seen := make([]map[int32]bool, n2)
	out := make([][]int32, n2)
	add := func(u, v int32) {
		if seen[u] == nil {
			seen[u] = map[int32]bool{}
		}
		if !seen[u][v] {
			seen[u][v] = true
			out[u] = append(out[u], v)
		}
	}
	for u, vs := range top {
		for _, v := range vs {
			add(int32(u), v)
			add(v, int32(u))
		}
	}
	return out, nil
}

// pair returns the cost and alignment of ends u and v: +Inf and 0 when
// they cannot face each other.
func (fr *frame) pair(u, v int) (float32, int16) {
	if !fr.allowed(u, v) {
		return float32(math.Inf(1)), 0
	}
	row := fr.near[u]
	i, ok := slices.BinarySearchFunc(row, int32(v), func(l link, t int32) int { return int(l.v) - int(t) })
	if !ok {
		return fr.unscored, 0
	}
	return row[i].cost, row[i].align
}

// asA is end e's role b seen as role a; only the rim asks, for an end
// that never faces right (the left end of a strip that may not turn).
func asA(e *endHalves) *endHalves {
	return &endHalves{a: e.b, stepA: e.stepB, inkA: e.inkB, h: e.h}
}

// estimateShift returns the most rows two scans of one page are out of
// line: for each right end, the left end whose row profile correlates
// best within a wide search; over the pairs that choose each other, the
// larger offsets (the 90th percentile) and a margin of 3 rows. Strips cut
// from one picture give a few rows; scans placed by hand, tens.
func estimateShift(ctx context.Context, ends []*endHalves, n, workers int) (int, error) {
	if n < 2 {
		return 0, nil
	}
	h := ends[0].h
	wide := max(8, h/100)
	rights := make([]*quarterProfile, n)
	lefts := make([]*quarterProfile, n)
	for i := range n {
		rights[i] = newQuarterProfile(ends[2*i+1].profA)
		lefts[i] = newQuarterProfile(ends[2*i].profB)
	}
	// pair is the best correlation of right end i with left end j within
	// the wide search, and its offset in rows.
	pair := func(i, j int) (float64, int) {
		if i == j || rights[i] == nil || lefts[j] == nil {
			return -2, 0
		}
		best, bs := -2.0, 0
		for s := -wide / 4; s <= wide/4; s++ {
			v, ok := correlation(rights[i], lefts[j], s)
			if !ok {
				v = -1
			}
			if v > best {
				best, bs = v, s
			}
		}
		return best, 4 * bs
	}
	// A large collection's offsets are read from a sample of its right
	// ends, spread evenly over the pieces, each still matched against
	// every left end.
	rows := make([]int, min(n, shiftSample))
	for k := range rows {
		rows[k] = k * n / len(rows)
	}
	// In a large collection the wide search is made only for the left
	// ends that a first search on profiles four times coarser ranks
	// among a right end's best; the others keep no score.
	sampled := len(rows) < n
	var crights, clefts []*quarterProfile
	if sampled {
		crights, clefts = make([]*quarterProfile, n), make([]*quarterProfile, n)
		for i := range n {
			crights[i], clefts[i] = rights[i].coarser(), lefts[i].coarser()
		}
	}
	// shortlist returns the ends k of n, other than self, whose coarse
	// profile (of(k), facing fixed) correlates best, most first.
	shortlist := func(fixed *quarterProfile, of func(k int) *quarterProfile, self int) []int {
		type cand struct {
			k int
			c float64
		}
		cs := make([]cand, 0, n)
		for k := range n {
			o := of(k)
			if k == self || fixed == nil || o == nil {
				continue
			}
			cs = append(cs, cand{k, maxCorrelation(fixed, o, (wide/4+3)/4)})
		}
		slices.SortFunc(cs, func(a, b cand) int {
			if c := cmp.Compare(b.c, a.c); c != 0 {
				return c
			}
			return cmp.Compare(a.k, b.k)
		})
		out := make([]int, 0, shiftCandidates)
		for _, c := range cs[:min(len(cs), shiftCandidates)] {
			out = append(out, c.k)
		}
		return out
	}
	score := make([]float64, len(rows)*n)
	sh := make([]int, len(rows)*n)
	err := parallel(ctx, workers, len(rows), func(k int) error {
		if !sampled {
			for j := range n {
				score[k*n+j], sh[k*n+j] = pair(rows[k], j)
			}
			return nil
		}
		for j := range n {
			score[k*n+j] = -2
		}
		i := rows[k]
		for _, j := range shortlist(crights[i], func(j int) *quarterProfile { return clefts[j] }, i) {
			score[k*n+j], sh[k*n+j] = pair(i, j)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	bestR := make([]int, len(rows))
	for k := range rows {
		bestR[k] = 0
		for j := range n {
			if score[k*n+j] > score[k*n+bestR[k]] {
				bestR[k] = j
			}
		}
	}
	// colBest[j] is the best any right end scores with left end j.
	colBest := make([]float64, n)
	if len(rows) == n {
		for k := range rows {
			for j := range n {
				colBest[j] = max(colBest[j], score[k*n+j])
			}
		}
	} else {
		err := parallel(ctx, workers, len(rows), func(k int) error {
			j := bestR[k]
			if slices.Index(bestR, j) != k {
				return nil // the column is the first row's to read
			}
			for _, i := range shortlist(clefts[j], func(i int) *quarterProfile { return crights[i] }, j) {
				v, _ := pair(i, j)
				colBest[j] = max(colBest[j], v)
			}
			return nil
		})
		if err != nil {
			return 0, err
		}
	}
	var offs []int
	for k := range rows {
		j := bestR[k]
		if v := score[k*n+j]; v > 0 && v >= colBest[j] {
			offs = append(offs, abs(sh[k*n+j]))
		}
	}
	if len(offs) == 0 {
		return wide, nil
	}
	slices.Sort(offs)
	return min(wide, offs[len(offs)*9/10]+3), nil
}

// shiftSample is the most right ends estimateShift reads: a collection of
// 256 strips is a 65,536-pair search; a larger one's offsets are much the
// same in a sample.
const shiftSample = 256

// shiftCandidates is how many ends the coarse search of estimateShift
// keeps for the wide one, in a collection larger than shiftSample.
const shiftCandidates = 64

// quarterProfile is a row ink profile summed four rows at a time, with the
// running sums of its squares, for correlations at many offsets.
type quarterProfile struct {
	v  []float64
	sq []float64 // sq[k] is the sum of v[y]² for y < k
}

// newQuarterProfile returns p summed four rows at a time (a last part of
// fewer rows dropped), or nil for nil.
func newQuarterProfile(p []float32) *quarterProfile {
	if p == nil {
		return nil
	}
	q := &quarterProfile{v: make([]float64, len(p)/4), sq: make([]float64, len(p)/4+1)}
	for i := range q.v {
		q.v[i] = float64(p[4*i] + p[4*i+1] + p[4*i+2] + p[4*i+3])
		q.sq[i+1] = q.sq[i] + q.v[i]*q.v[i]
	}
	return q
}

// coarser returns q summed four values at a time, or nil for nil.
func (q *quarterProfile) coarser() *quarterProfile {
	if q == nil {
		return nil
	}
	c := &quarterProfile{v: make([]float64, len(q.v)/4), sq: make([]float64, len(q.v)/4+1)}
	for i := range c.v {
		c.v[i] = q.v[4*i] + q.v[4*i+1] + q.v[4*i+2] + q.v[4*i+3]
		c.sq[i+1] = c.sq[i] + c.v[i]*c.v[i]
	}
	return c
}

// correlation returns the normalised correlation of a's rows against b's s
// rows lower, over the rows both have, and false when either is blank
// there.
func correlation(a, b *quarterProfile, s int) (float64, bool) {
	lo, hi := max(0, -s), min(len(a.v), len(b.v)-s)
	if hi <= lo {
		return 0, false
	}
	aa, bb := a.sq[hi]-a.sq[lo], b.sq[hi+s]-b.sq[lo+s]
	if aa <= 0 || bb <= 0 {
		return 0, false
	}
	d := dotSums(a.v[lo:hi], b.v[lo+s:hi+s])
	return (d[0] + d[1] + d[2] + d[3]) / math.Sqrt(aa*bb), true
}

// dotSumsGo returns x·y (y as long as x or longer) in four partial sums,
// that their additions need not wait on one another's: the products of
// index k go into sum k mod 4, but for those past the last multiple of
// four, which go into sum 0.
func dotSumsGo(x, y []float64) [4]float64 {
	y = y[:len(x)]
	var d [4]float64
	k := 0
	for ; k+4 <= len(x); k += 4 {
		d[0] += float64(x[k] * y[k])
		d[1] += float64(x[k+1] * y[k+1])
		d[2] += float64(x[k+2] * y[k+2])
		d[3] += float64(x[k+3] * y[k+3])
	}
	for ; k < len(x); k++ {
		d[0] += float64(x[k] * y[k])
	}
	return d
}

// maxCorrelation is the highest correlation of a and b at the offsets
// within reach, -2 when there is none.
func maxCorrelation(a, b *quarterProfile, reach int) float64 {
	best, _ := bestCorrelation(a, b, reach)
	return best
}

// bestCorrelation is maxCorrelation and the shift that gives it: the
// first one that beats every earlier shift by more than rounding.
func bestCorrelation(a, b *quarterProfile, reach int) (best float64, at int) {
	best, top := -2.0, -2.0
	for s := -reach; s <= reach; s++ {
		c, ok := correlation(a, b, s)
		if !ok {
			continue
		}
		if c > top+1e-12 {
			top, at = c, s
		}
		best = max(best, c)
	}
	return best, at
}

// rank fills every side's best partners, from the pairs each frame
// scored.
func (t *Table) rank() {
	t.best = make([][]edge.Match, 4*t.n)
	for i := range t.best {
		f, u := t.frameEnd(i/4, puzzle.Side(i%4))
		if f == nil {
			continue
		}
		var all []edge.Match
		for _, l := range f.near[u] {
			j := 4*(int(l.v)/2) + t.sideOf(f, int(l.v))
			if c := t.Join(i, j); !math.IsInf(c, 1) {
				all = append(all, edge.Match{Side: int32(j), Cost: float32(c)})
			}
		}
		slices.SortStableFunc(all, func(x, y edge.Match) int {
			switch {
			case x.Cost < y.Cost:
				return -1
			case x.Cost > y.Cost:
				return 1
			}
			return int(x.Side) - int(y.Side)
		})
		t.best[i] = all[:min(len(all), edge.DefaultK):min(len(all), edge.DefaultK)]
	}
}

// sideOf returns the puzzle side of end e of frame f.
func (t *Table) sideOf(f *frame, e int) int {
	if f == t.frames[0] {
		if e%2 == 0 {
			return int(puzzle.Left)
		}
		return int(puzzle.Right)
	}
	if e%2 == 0 {
		return int(puzzle.Bottom)
	}
	return int(puzzle.Top)
}

// frameEnd returns the frame and the end within it of side s of piece i.
func (t *Table) frameEnd(i int, s puzzle.Side) (*frame, int) {
	switch s {
	case puzzle.Left:
		return t.frames[0], 2 * i
	case puzzle.Right:
		return t.frames[0], 2*i + 1
	case puzzle.Bottom:
		// Turned a quarter clockwise, a piece shows its bottom on its left.
		return t.frames[1], 2 * i
	default:
		return t.frames[1], 2*i + 1
	}
}

// Pieces returns the number of pieces.
func (t *Table) Pieces() int { return t.n }

// Rotatable reports whether pieces may turn (by 180° only).
func (t *Table) Rotatable() bool { return t.rot }

// Join returns the cost of side i facing side j (4·piece + side): +Inf for
// two sides of one piece, for a top or bottom side against a left or
// right one (a quarter turn), for any top or bottom side of strips, and,
// when pieces may not turn, for any pair other than right–left and
// bottom–top.
func (t *Table) Join(i, j int) float64 {
	if uint(i) >= uint(4*t.n) || uint(j) >= uint(4*t.n) {
		panic(fmt.Sprintf("document: join of sides %d and %d in a table of %d pieces (sides 0 to %d)", i, j, t.n, 4*t.n-1))
	}
	a, sa, b, sb := i/4, puzzle.Side(i%4), j/4, puzzle.Side(j%4)
	if a == b || horizontal(sa) != horizontal(sb) {
		return math.Inf(1)
	}
	if !t.rot && sa != sb.Opposite() {
		return math.Inf(1)
	}
	fa, u := t.frameEnd(a, sa)
	_, v := t.frameEnd(b, sb)
	if fa == nil {
		return math.Inf(1)
	}
	c, _ := fa.pair(u, v)
	return float64(c)
}

func horizontal(s puzzle.Side) bool { return s == puzzle.Left || s == puzzle.Right }

// Best returns side i's best partners, cheapest first. The slice is
// shared; do not modify it.
func (t *Table) Best(i int) []edge.Match { return t.best[i] }

// Score prices b on side s of a, each turned as placed: +Inf for a quarter
// turn.
func (t *Table) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if a.Rotation&1 != 0 || b.Rotation&1 != 0 {
		return math.Inf(1)
	}
	return t.Join(4*int(a.Piece)+int(a.Rotation.Source(s)), 4*int(b.Piece)+int(b.Rotation.Source(s.Opposite())))
}

// ScoreFrame prices side s of a on the rim of the board: how little the
// side looks like a page's edge. The top and bottom of strips are the
// page's own edges and cost nothing.
func (t *Table) ScoreFrame(a puzzle.Placement, s puzzle.Side) float64 {
	if a.Rotation&1 != 0 {
		return math.Inf(1)
	}
	f, e := t.frameEnd(int(a.Piece), a.Rotation.Source(s))
	if f == nil {
		return 0
	}
	return float64(f.rim[e])
}

// Offset returns how many rows b must be moved down, relative to a, when
// b lies against side s of a (Right or Left), for their lines of text to
// meet; rows of a piece turned 180° are counted in its turned picture.
// It is 0 for other sides and quarter turns.
func (t *Table) Offset(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) int {
	if a.Rotation&1 != 0 || b.Rotation&1 != 0 || !horizontal(s) {
		return 0
	}
	f, u := t.frameEnd(int(a.Piece), a.Rotation.Source(s))
	_, v := t.frameEnd(int(b.Piece), b.Rotation.Source(s.Opposite()))
	// al is how much lower b's rows lie than a's: b moves up by it.
	_, al := f.pair(u, v)
	return -int(al)
}

// Blank reports whether piece i holds no ink beyond the torn columns of
// its edges: a margin strip, whose place no measure can tell.
func (t *Table) Blank(i int) bool { return t.blank[i] }

// Depth returns the columns the measures skip at each cut edge, as
// estimated from the pieces (or set by WithDepth): 0 for clean cuts, 2
// or 3 for a shredder's tears. A grid's cuts along the lines of text
// take the depth read across them.
func (t *Table) Depth() int { return t.frames[0].depth }

// Shift returns the most rows two pieces' scans are taken to be out of
// line, as estimated from the pieces (or set by WithShift).
func (t *Table) Shift() int { return t.frames[0].shift }

// parallel calls f for items 0..count-1 on up to workers goroutines, all
// ended before it returns, and returns the first error or ctx.Err().
func parallel(ctx context.Context, workers, count int, f func(i int) error) error {
	workers = max(1, min(workers, count))
	var (
		mu    sync.Mutex
		first error
		next  int
		wg    sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if first != nil || next >= count {
			return 0, false
		}
		if err := ctx.Err(); err != nil {
			first = err
			return 0, false
		}
		i := next
		next++
		return i, true
	}
	for range workers {
		wg.Go(func() {
			for {
				i, ok := take()
				if !ok {
					return
				}
				if err := f(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}

// PageBreak reports whether a lying left of b, on a row of strips, is
// better read as the end of one page and the start of another: the pair
// model finds no more for the join than for the two sides as page edges,
// give or take two windows' worth. Two sides with text on them across a
// true join score far above that; two margins, which is what the sides of
// neighbouring pages are, score nothing either way. Solvers order all
// strips of a mixed collection in one row; breaks cut the row into pages.
func (t *Table) PageBreak(a, b puzzle.Placement) bool {
	if a.Rotation&1 != 0 || b.Rotation&1 != 0 {
		return true
	}
	f, u := t.frameEnd(int(a.Piece), a.Rotation.Source(puzzle.Right))
	_, v := t.frameEnd(int(b.Piece), b.Rotation.Source(puzzle.Left))
	c, _ := f.pair(u, v)
	join := f.top - float64(c)
	rims := 2*f.top - float64(f.rim[u]) - float64(f.rim[v])
	return join-rims < pageEvidence
}

// pageEvidence is the least a join must score above its two sides as page
// edges to hold two strips on one page: two windows at full weight.
const pageEvidence = 2 * clipLogit

// gapSpread returns the torn depths the fine-tuning draws an edge's from:
// the collection's depth twice as often as one column deeper, since a tear
// runs deeper here and there than the collection's typical edge; a pair's
// gap is two draws.
func gapSpread(d int) []int { return []int{max(d-1, 0), d, d, d + 1} }

// paperEvidence weighs the paper's own texture across a clean cut (torn
// depth 0: pieces cut from one scan, digitally or by a blade that leaves
// no torn fibres): two columns a pixel apart in one scan share its grain
// and noise, two columns of different scans do not. A torn cut loses the
// columns that would show it, and strips scanned side by side share a
// scanner's row noise that would pass for it, so torn pieces are not
// asked. It correlates the bare paper of a's side with b's, rows s apart,
// and returns the correlation's significance (Fisher's z times the root
// of the rows) beyond 3, at most 30: for a digital cut through a blank
// margin, where the pair model has nothing to read, the evidence that
// decides.
func paperEvidence(a, b *endHalves, s int) float64 {
	var n int
	var sab, saa, sbb float64
	for y := range a.paperA {
		yb := y + s
		if yb < 0 || yb >= len(b.paperB) || !a.okA[y] || !b.okB[yb] {
			continue
		}
		x, z := float64(a.paperA[y]), float64(b.paperB[yb])
		sab += x * z
		saa += x * x
		sbb += z * z
		n++
	}
	if n < 16 || saa == 0 || sbb == 0 {
		return 0
	}
	r := min(sab/math.Sqrt(saa*sbb), 0.999)
	z := math.Atanh(r) * math.Sqrt(float64(n-3))
	return min(max(z-3, 0), 30)
}

// outlineEvidence weighs the shape of a tear: the two sides of one cut
// share its wiggles, row for row. It correlates a's outline with b's, rows
// s apart, and returns the correlation's significance beyond 3, at most
// 30, counting one independent value every outlineRun rows. Pieces with
// straight edges (a digital cut, or a scan cropped to the paper) have no
// outline to compare and get nothing.
func outlineEvidence(a, b *endHalves, s int) float64 {
	var n int
	var sab, saa, sbb float64
	for y, x := range a.outA {
		yb := y + s
		if yb < 0 || yb >= len(b.outB) {
			continue
		}
		z := float64(b.outB[yb])
		sab += float64(x) * z
		saa += float64(x) * float64(x)
		sbb += z * z
		n++
	}
	// Less than a tenth of a pixel of wiggle on average is no outline.
	if n < 10*outlineRun || saa < 0.01*float64(n) || sbb < 0.01*float64(n) {
		return 0
	}
	r := min(sab/math.Sqrt(saa*sbb), 0.999)
	z := math.Atanh(r) * math.Sqrt(float64(n/outlineRun-3))
	return min(max(z-3, 0), 30)
}

// outlineRun is how many rows of a tear's outline count as one
// independent value: its wiggles span several rows.
const outlineRun = 10

// lineProfiles returns, for each end of the sheets (end 2i is sheet i's
// left side, 2i+1 its right), the ink of each column from that side
// inwards, and the columns' pitch: the lag, past the first at which the
// columns' ink stops resembling itself, at which it resembles itself
// most, summed over the sheets; 0 when nothing repeats. The sheets are a
// grid's pieces turned a quarter, so their columns are the lines of
// pixels along the lines of text, and the pitch the lines' spacing.
func lineProfiles(sheets []*sheet) ([][]float32, int) {
	lines := make([][]float32, 2*len(sheets))
	maxLag := 0
	for i, s := range sheets {
		col := make([]float32, s.w)
		for y := range s.h {
			for x, v := range s.ink[y*s.w : (y+1)*s.w] {
				col[x] += float32(v) / 255
			}
		}
		rev := slices.Clone(col)
		slices.Reverse(rev)
		lines[2*i], lines[2*i+1] = col, rev
		maxLag = max(maxLag, s.w/2)
	}
	acf := make([]float64, maxLag+1)
	for i := 0; i < len(lines); i += 2 {
		p := lines[i]
		var mean float64
		for _, v := range p {
			mean += float64(v)
		}
		mean /= float64(len(p))
		for lag := range min(len(acf), len(p)) {
			var sum float64
			for y := 0; y+lag < len(p); y++ {
				sum += (float64(p[y]) - mean) * (float64(p[y+lag]) - mean)
			}
			acf[lag] += sum
		}
	}
	if acf[0] <= 0 {
		return lines, 0
	}
	pitch, best, fell := 0, minPitchPeak, false
	for lag := 1; lag < len(acf); lag++ {
		if acf[lag] < 0 {
			fell = true
		}
		if r := acf[lag] / acf[0]; fell && r > best {
			pitch, best = lag, r
		}
	}
	return lines, pitch
}

// minPitchPeak is how much the columns' ink must resemble itself one
// pitch on for the lines to count as evenly spaced.
const minPitchPeak = 0.2

// columnWeight scales columnEvidence: twice phaseWeight. On the shared
// collections' digitally cut pages cut 7×7, half the pieces turned (seeds
// 1–3), every weight tried from 20 to 120 gave a mean neighbour accuracy
// of 0.85–0.88 for D1, against 0.81 without, and 0.89–0.91 for D2,
// against 0.89; 40 lies amid that plateau (0.87 and 0.91).
const columnWeight = 40

// columnEvidence weighs whether the pieces on either side of a cut along
// the lines of text (a grid's top and bottom sides) share the page's
// columns: a margin, an indent, a centred title or a column of figures
// runs down a page across every such cut, so the ink of the two pieces
// by column across the cut, each summed over the whole piece, should rise
// and fall together. A cut between two lines leaves the pair model
// nothing to read and the lines' phase (phaseEvidence) is the same for
// every piece of the two rows of pieces; this tells which piece of the
// row below lies under which. It returns the correlation of a's and b's
// profiles with b's s rows lower, times columnWeight, and 0 where either
// piece is blank (its profile is the paper's noise) or flat.
func columnEvidence(a, b *endHalves, s int) float64 {
	if !a.inked || !b.inked {
		return 0
	}
	return columnWeight * pearson(a.profA, b.profB, s)
}

// pearson returns the correlation of a and b with b's rows s lower, over
// the rows both hold; 0 where fewer than eight rows overlap or either is
// flat there.
func pearson(a, b []float32, s int) float64 {
	lo, hi := max(0, -s), min(len(a), len(b)-s)
	if hi-lo < 8 {
		return 0
	}
	var m moments
	for y := lo; y < hi; y++ {
		m.add(float64(a[y]), float64(b[y+s]))
	}
	return m.r()
}

// moments gathers the sums a Pearson correlation of two series needs,
// one pair of values at a time.
type moments struct{ n, sx, sy, sxx, syy, sxy float64 }

func (m *moments) add(x, y float64) {
	m.sx += x
	m.sy += y
	m.sxx += x * x
	m.syy += y * y
	m.sxy += x * y
	m.n++
}

// r returns the correlation of the pairs added, 0 where either series is
// flat (or none was added).
func (m *moments) r() float64 {
	vx, vy := m.sxx-m.sx*m.sx/m.n, m.syy-m.sy*m.sy/m.n
	if m.n == 0 || vx <= 1e-9 || vy <= 1e-9 {
		return 0
	}
	return (m.sxy - m.sx*m.sy/m.n) / math.Sqrt(vx*vy)
}

// phaseWeight scales phaseEvidence: as much as a few windows of the pair
// model, so that it settles cuts through the blank between lines, where
// the model reads nothing, and does not overrule a cut through a line.
const phaseWeight = 20

// phaseEvidence weighs whether evenly spaced lines of text run on across
// a cut between lines: the lines one pitch before the cut, on a's side,
// should look like those one pitch after it, on b's. a and b hold each
// side's ink line by line from the cut inwards. It correlates the change
// of ink from line to line at one pitch apart across the cut (edges of
// lines of text are sharper than their bands, and tell a few pixels'
// misfit) and returns the correlation times phaseWeight, 0 where either
// side has no ink to go by.
func phaseEvidence(a, b []float32, pitch int) float64 {
	n := pitch + 2
	if len(a) < n+1 || len(b) < n+1 {
		return 0
	}
	// z runs across the cut: a's lines outwards in, then b's. It is read
	// in place, as pricing every pair calls this.
	z := func(k int) float64 {
		if k < n {
			return float64(a[n-1-k])
		}
		return float64(b[k-n])
	}
	var m moments
	for k := 0; k+1+pitch+1 <= 2*n; k++ {
		m.add(z(k+1)-z(k), z(k+pitch+1)-z(k+pitch))
	}
	return phaseWeight * m.r()
}
