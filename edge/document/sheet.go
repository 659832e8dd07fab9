package document

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"slices"
	"sync"
)

// sheet is one piece prepared for the measures, in the frame in which its
// lines of text run across: ink levels, which pixels are paper, and where
// the paper's left and right edges run on every row.
type sheet struct {
	w, h int
	// ink holds 0 (paper or background) to 255 (the darkest ink) for
	// each pixel, row by row; background pixels hold 0.
	ink []uint8
	// grey holds the grey levels, for the paper's own texture.
	grey []uint8
	// paper marks the pixels that are paper.
	paper []bool
	// xl and xr are the first and last paper column of each row, smoothed
	// along the height so that a ragged tear does not shift the bands
	// read from them; rawL and rawR are the same before smoothing, the
	// tear's own outline.
	xl, xr     []int32
	rawL, rawR []int32
	// white is the grey level of the sheet's paper.
	white float32
	// total is the sum of ink, in ink levels over 255.
	total float64
}

// grey holds a piece's grey levels and paper mask, before ink levels.
type grey struct {
	w, h  int
	g     []uint8
	paper []bool
}

// readGrey converts img to grey (luma) and reads its paper: opaque pixels
// of an image with an alpha channel, or, for an opaque scan on a dark
// backing, the pixels lighter than the backing.
func readGrey(img image.Image) grey {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	gr := grey{w: w, h: h, g: make([]uint8, w*h), paper: make([]bool, w*h)}
	opaque := true
	switch m := img.(type) {
	case *image.YCbCr:
		for y := range h {
			copy(gr.g[y*w:(y+1)*w], m.Y[m.YOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.Gray:
		for y := range h {
			copy(gr.g[y*w:(y+1)*w], m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.NRGBA:
		for y := range h {
			row := m.Pix[m.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := range w {
				p := row[4*x : 4*x+4]
				gr.g[y*w+x] = luma(uint32(p[0])*257, uint32(p[1])*257, uint32(p[2])*257)
				gr.paper[y*w+x] = p[3] >= 128
				opaque = opaque && p[3] >= 128
			}
		}
		if !opaque {
			return gr
		}
	default:
		for y := range h {
			for x := range w {
				c := color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
				gr.g[y*w+x] = luma(uint32(c.R)*257, uint32(c.G)*257, uint32(c.B)*257)
				gr.paper[y*w+x] = c.A >= 128
				if c.A < 128 {
					opaque = false
				}
			}
		}
		if !opaque {
			return gr
		}
	}
	for i := range gr.paper {
		gr.paper[i] = true
	}
	gr.backing()
	return gr
}

// luma returns the grey level of 16-bit channels, as image/color's grey
// model weighs them.
func luma(r, g, b uint32) uint8 {
	return uint8((19595*r + 38470*g + 7471*b + 1<<15) >> 24)
}

// backing finds a dark backing behind an opaque scan: when the outermost
// columns are much darker than the middle of the piece, every row's paper
// runs from its first to its last pixel lighter than halfway between the
// two.
func (gr *grey) backing() {
	w, h := gr.w, gr.h
	if w < 8 || h < 8 {
		return
	}
	var edge, mid []uint8
	for y := 0; y < h; y += 4 {
		edge = append(edge, gr.g[y*w], gr.g[y*w+w-1])
		mid = append(mid, gr.g[y*w+w/2])
	}
	slices.Sort(edge)
	slices.Sort(mid)
	e, m := int(edge[len(edge)/2]), int(mid[len(mid)*3/4])
	if e > m/3 || m-e < 60 {
		return
	}
	cut := uint8((e + m) / 2)
	for y := range h {
		row := gr.g[y*w : (y+1)*w]
		l, r := -1, -1
		for x, v := range row {
			if v > cut {
				if l < 0 {
					l = x
				}
				r = x
			}
		}
		for x := range row {
			gr.paper[y*w+x] = l >= 0 && x >= l && x <= r
		}
	}
}

// percentile returns the grey level below which a fraction q of the
// counted levels lie.
func percentile(hist *[256]int, q float64) uint8 {
	n := 0
	for _, c := range hist {
		n += c
	}
	need := int(q * float64(n))
	acc := 0
	for i, c := range hist {
		acc += c
		if acc > need {
			return uint8(i)
		}
	}
	return 255
}

// paperHist counts the grey levels of the paper.
func (gr *grey) paperHist() *[256]int {
	var h [256]int
	paper := gr.paper[:len(gr.g)]
	for i, v := range gr.g {
		h[v] += int(b2u(paper[i]))
	}
	return &h
}

// darkLevel returns the ink's grey level over a collection: the median,
// over the pieces, of each piece's darkest few pixels (0.3 %), so that a
// few blank pieces do not lighten it.
func darkLevel(hists []*[256]int) float32 {
	lv := make([]int, len(hists))
	for i, h := range hists {
		lv[i] = int(percentile(h, 0.003))
	}
	slices.Sort(lv)
	return float32(lv[len(lv)/2])
}

// minContrast is the least span between paper and ink, in grey levels, that
// ink levels are scaled to: a blank piece's paper noise stays near 0.
const minContrast = 40

// newSheet turns grey levels into ink levels and finds the paper's edges.
// A pixel's ink is how much darker it is than the paper around it, over
// the span from the piece's paper white (its 75th percentile: most of a
// page is paper) to the collection's dark level, less a noise floor. The paper around a pixel
// is the lightest paper within shadeRadius, but never lighter than the
// piece's white: a scanner's shadow at a page's edge or a strip's tinted
// border is paper, not ink, while strokes, narrower than the radius, are
// measured against the paper beside them.
func newSheet(gr grey, hist *[256]int, dark float32) *sheet {
	w, h := gr.w, gr.h
	s := &sheet{w: w, h: h, ink: make([]uint8, w*h), grey: gr.g, paper: gr.paper, xl: make([]int32, h), xr: make([]int32, h)}
	s.white = float32(percentile(hist, 0.75))
	span := max(s.white-dark, minContrast)
	scratch := paperScratch.Get().(*[]uint8)
	defer paperScratch.Put(scratch)
	bg := localPaperInto(gr, shadeRadius, scratch)
	// A pixel's ink depends only on how far it lies below its paper level,
	// min(white, local paper), a whole number of grey levels: one table of
	// the 511 differences prices every pixel.
	var inkOf [511]uint8
	for d := -255; d <= 255; d++ {
		if f := (float32(d)/span - noiseFloor) / (1 - noiseFloor); f > 0 {
			inkOf[d+255] = uint8(min(255, f*255+0.5))
		}
	}
	white := uint8(s.white)
	g, paper := gr.g, gr.paper[:len(gr.g)]
	bg = bg[:len(g)]
	// Background pixels' ink is masked to 0 rather than branched past:
	// paper and background alternate along every ragged edge.
	ink := s.ink[:len(g)]
	for i, v := range g {
		k := inkOf[int(min(white, bg[i]))-int(v)+255] & -b2u(paper[i])
		ink[i] = k
		if k > 0 {
			s.total += float64(k) / 255
		}
	}
	for y := range h {
		row := gr.paper[y*w : (y+1)*w]
		s.xl[y] = int32(slices.Index(row, true))
		s.xr[y] = int32(lastIndex(row, true))
	}
	fillGaps(s.xl)
	fillGaps(s.xr)
	s.rawL, s.rawR = s.xl, s.xr
	s.xl = medianSmooth(s.xl, edgeSmoothing)
	s.xr = medianSmooth(s.xr, edgeSmoothing)
	return s
}

// b2u is 1 for true and 0 for false; -b2u(v) masks a byte by v.
func b2u(v bool) uint8 {
	if v {
		return 1
	}
	return 0
}

// lastIndex is slices.Index from the end.
func lastIndex[E comparable](s []E, v E) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == v {
			return i
		}
	}
	return -1
}

// noiseFloor is the ink level below which a pixel counts as paper: the
// grain of paper and a scanner's noise, a tenth of the way to ink, are not
// marks.
const noiseFloor = 0.1

// shadeRadius is the reach, in pixels, of the paper a pixel is measured
// against: wider than a bold stroke of print at 300 dpi, far narrower
// than a scanner's shading.
const shadeRadius = 15

// paperScratch holds the scratch of localPaperInto between sheets: a
// thousand A4 strips would otherwise ask the system for gigabytes of
// fresh pages, one strip after another.
var paperScratch = sync.Pool{New: func() any { return new([]uint8) }}

// localPaperInto returns, for every pixel, the lightest paper within r
// pixels in both directions (a square), by running maxima down the
// columns and along the rows; background pixels count as black. It works
// in *scratch, grown as needed, and the result lies there, good until its
// next use.
func localPaperInto(gr grey, r int, scratch *[]uint8) []uint8 {
	w, h := gr.w, gr.h
	n := w * h
	if cap(*scratch) < 4*n {
		*scratch = make([]uint8, 4*n)
	}
	buf := (*scratch)[:4*n]
	src, tmp, pre, suf := buf[:n], buf[n:2*n], buf[2*n:3*n], buf[3*n:]
	paper := gr.paper[:len(src)]
	for i, v := range gr.g[:len(src)] {
		src[i] = v & -b2u(paper[i])
	}
	// Down the columns: whole rows at a time, which reads memory in
	// order. Then along the rows, as columns of the transposed picture,
	// the same way: a strip is far taller than wide, and its short rows
	// taken one by one cost more than two transposes.
	runningMax(src, tmp, pre, suf, w, r)
	transposeBytes(src, tmp, w, h)
	runningMax(src, tmp, pre, suf, h, r)
	transposeBytes(src, tmp, h, w)
	return src
}

// transposeBytes writes into dst the w×h picture src (row by row)
// transposed: h×w, its columns as rows. Blocks of 8×8 go through eight
// words at a time; the rest value by value.
func transposeBytes(dst, src []uint8, w, h int) {
	src, dst = src[:w*h], dst[:w*h]
	w8, h8 := w&^7, h&^7
	var r [8]uint64
	for y := 0; y < h8; y += 8 {
		for x := 0; x < w8; x += 8 {
			for i := range r {
				r[i] = binary.LittleEndian.Uint64(src[(y+i)*w+x:])
			}
			transpose8(&r)
			for i, v := range r {
				binary.LittleEndian.PutUint64(dst[(x+i)*h+y:], v)
			}
		}
		for yy := y; yy < y+8; yy++ {
			for x := w8; x < w; x++ {
				dst[x*h+yy] = src[yy*w+x]
			}
		}
	}
	for y := h8; y < h; y++ {
		for x, v := range src[y*w : (y+1)*w] {
			dst[x*h+y] = v
		}
	}
}

// transpose8 transposes the 8×8 bytes of r, byte j of word i being row i,
// column j: the off-diagonal 4×4 blocks swap, then the 2×2 blocks within
// each, then the single bytes.
func transpose8(r *[8]uint64) {
	for i := range 4 {
		t := (r[i]>>32 ^ r[i+4]) & 0x00000000ffffffff
		r[i] ^= t << 32
		r[i+4] ^= t
	}
	for _, i := range [4]int{0, 1, 4, 5} {
		t := (r[i]>>16 ^ r[i+2]) & 0x0000ffff0000ffff
		r[i] ^= t << 16
		r[i+2] ^= t
	}
	for i := 0; i < 8; i += 2 {
		t := (r[i]>>8 ^ r[i+1]) & 0x00ff00ff00ff00ff
		r[i] ^= t << 8
		r[i+1] ^= t
	}
}

// runningMax writes to dst the maximum over [i-r, i+r] of the elements of
// src, an element being stride values that are maxed value by value (a
// pixel, or a whole row of them): the method of van Herk and of Gil and
// Werman, three comparisons a value whatever r. Blocks of 2r+1 elements
// get their running maxima from the left (pre) and from the right (suf);
// a window of 2r+1 elements spans the end of one block and the start of
// the next, or is a block. pre and suf are scratch as long as src.
func runningMax(src, dst, pre, suf []uint8, stride, r int) {
	if stride == 1 {
		runningMax1(src, dst, pre, suf, r)
		return
	}
	n := len(src) / stride
	width := 2*r + 1
	for b := 0; b < n; b += width {
		end := min(b+width, n)
		copy(pre[b*stride:(b+1)*stride], src[b*stride:(b+1)*stride])
		for i := b + 1; i < end; i++ {
			maxInto(pre[i*stride:(i+1)*stride], pre[(i-1)*stride:i*stride], src[i*stride:(i+1)*stride])
		}
		copy(suf[(end-1)*stride:end*stride], src[(end-1)*stride:end*stride])
		for i := end - 2; i >= b; i-- {
			maxInto(suf[i*stride:(i+1)*stride], suf[(i+1)*stride:(i+2)*stride], src[i*stride:(i+1)*stride])
		}
	}
	for i := range n {
		lo, hi := max(i-r, 0), min(i+r, n-1)
		d := dst[i*stride : (i+1)*stride]
		switch windowParts(lo, hi, i, r, width) {
		case bothParts:
			maxInto(d, suf[lo*stride:(lo+1)*stride], pre[hi*stride:(hi+1)*stride])
		case fromStart:
			copy(d, pre[hi*stride:(hi+1)*stride])
		default:
			copy(d, suf[lo*stride:(lo+1)*stride])
		}
	}
}

// The parts of the blocks' running maxima a window [lo, hi] of runningMax
// takes.
const (
	bothParts = iota // the end of lo's block and the start of hi's
	fromStart        // the start of the block, up to hi
	toEnd            // from lo to the end of the (last) block
)

// windowParts tells which maxima cover the window [lo, hi] around i. A
// whole window (2r+1 elements) takes both parts even when it is one block,
// whose two maxima are then the same; a window clipped at the start is in
// the first block; only one clipped at the end needs the division.
func windowParts(lo, hi, i, r, width int) int {
	switch {
	case i-r < 0:
		return fromStart
	case hi < i+r && lo/width == hi/width:
		return toEnd
	}
	return bothParts
}

// runningMax1 is runningMax for elements of one value.
func runningMax1(src, dst, pre, suf []uint8, r int) {
	n := len(src)
	dst, pre, suf = dst[:n], pre[:n], suf[:n]
	width := 2*r + 1
	for b := 0; b < n; b += width {
		end := min(b+width, n)
		pre[b] = src[b]
		for i := b + 1; i < end; i++ {
			pre[i] = max(pre[i-1], src[i])
		}
		suf[end-1] = src[end-1]
		for i := end - 2; i >= b; i-- {
			suf[i] = max(suf[i+1], src[i])
		}
	}
	// The windows clipped at the start, the whole ones, then those clipped
	// at the end, as windowParts tells them apart, without asking it for
	// every value.
	head := min(r, n)
	for i := range head {
		dst[i] = pre[min(i+r, n-1)]
	}
	if whole := n - 2*r; whole > 0 {
		d, sl, ph := dst[r:r+whole], suf[:whole], pre[2*r:2*r+whole]
		for k := range d {
			d[k] = max(sl[k], ph[k])
		}
	}
	for i := max(head, n-r); i < n; i++ {
		lo, hi := i-r, n-1
		if lo/width == hi/width {
			dst[i] = suf[lo]
		} else {
			dst[i] = max(suf[lo], pre[hi])
		}
	}
}

// maxIntoGo sets dst to the greater of a and b, value by value, eight
// values at a time.
func maxIntoGo(dst, a, b []uint8) {
	a, b = a[:len(dst)], b[:len(dst)]
	k := 0
	for ; k+8 <= len(dst); k += 8 {
		binary.LittleEndian.PutUint64(dst[k:], max8(binary.LittleEndian.Uint64(a[k:]), binary.LittleEndian.Uint64(b[k:])))
	}
	for ; k < len(dst); k++ {
		dst[k] = max(a[k], b[k])
	}
}

// max8 returns the greater of a and b byte by byte. The top bit of each
// byte of (a|hi) - (b&^hi) says whether a's low seven bits reach b's (no
// borrow crosses a byte); where the top bits differ, a's decides.
func max8(a, b uint64) uint64 {
	const hi = 0x8080808080808080
	low := (a | hi) - (b &^ hi)
	ge := (a&^b | ^(a^b)&low) & hi
	m := (ge >> 7) * 0xff
	return a&m | b&^m
}

// edgeSmoothing is the half-width, in rows, of the median that smooths a
// sheet's edges: a tear's ragged teeth are a few pixels high, a scan's
// skew spreads over thousands of rows.
const edgeSmoothing = 15

// fillGaps gives rows without paper (-1) the edge of the nearest row with
// paper, or 0 when no row has any.
func fillGaps(v []int32) {
	last := int32(-1)
	for i := range v {
		if v[i] >= 0 {
			last = v[i]
		} else if last >= 0 {
			v[i] = last
		}
	}
	last = -1
	for i := len(v) - 1; i >= 0; i-- {
		if v[i] >= 0 {
			last = v[i]
		} else {
			v[i] = max(last, 0)
		}
	}
}

// medianSmooth returns the running median of v over 2r+1 entries, kept
// in a sorted window so that each step costs O(r).
func medianSmooth(v []int32, r int) []int32 {
	out := make([]int32, len(v))
	win := make([]int32, 0, 2*r+1)
	insert := func(x int32) {
		i, _ := slices.BinarySearch(win, x)
		win = slices.Insert(win, i, x)
	}
	remove := func(x int32) {
		i, _ := slices.BinarySearch(win, x)
		win = slices.Delete(win, i, i+1)
	}
	for i := 0; i < min(r, len(v)); i++ {
		insert(v[i])
	}
	for i := range v {
		if j := i + r; j < len(v) {
			insert(v[j])
		}
		if j := i - r - 1; j >= 0 {
			remove(v[j])
		}
		out[i] = win[len(win)/2]
	}
	return out
}

// at returns the ink at (x, y), 0 off the sheet.
func (s *sheet) at(x, y int) uint8 {
	if x < 0 || x >= s.w || y < 0 || y >= s.h {
		return 0
	}
	return s.ink[y*s.w+x]
}

// band returns the k columns of side right (or left) from depth d inwards,
// row by row, column 0 nearest the edge. Each column loses the level most
// of its rows have: text marks a column here and there, while a line that
// runs down the whole edge (a page's shadow in the scanner, a ruled
// margin) is no stroke to be continued.
func (s *sheet) band(right bool, d, k int) []uint8 {
	out := make([]uint8, s.h*k)
	for y := range s.h {
		for c := range k {
			var x int
			if right {
				x = int(s.xr[y]) - d - c
			} else {
				x = int(s.xl[y]) + d + c
			}
			if x >= 0 && x < s.w && s.paper[y*s.w+x] {
				out[y*k+c] = s.ink[y*s.w+x]
			}
		}
	}
	for c := range k {
		var hist [256]int
		for y := range s.h {
			hist[out[y*k+c]]++
		}
		if floor := percentile(&hist, 0.3); floor > 0 {
			for y := range s.h {
				out[y*k+c] = out[y*k+c] - min(out[y*k+c], floor)
			}
		}
	}
	return out
}

// rowInk returns the ink of each row.
func (s *sheet) rowInk() []float32 {
	out := make([]float32, s.h)
	for y := range s.h {
		var t int
		for _, v := range s.ink[y*s.w : (y+1)*s.w] {
			t += int(v)
		}
		out[y] = float32(t) / 255
	}
	return out
}

// blank reports whether the sheet holds no ink away from its edges: no
// pixel more than half dark in a 3×3 neighbourhood on average, beyond
// depth+1 columns from either edge (torn columns carry specks of fibre),
// more than minBlot times.
func (s *sheet) blank(depth int) bool {
	const minBlot = 4
	n := 0
	for y := 1; y+1 < s.h; y++ {
		lo, hi := int(s.xl[y])+depth+2, int(s.xr[y])-depth-2
		for x := max(lo, 1); x <= min(hi, s.w-2); x++ {
			if s.ink[y*s.w+x] < 128 {
				continue
			}
			t := 0
			for dy := -1; dy <= 1; dy++ {
				o := (y+dy)*s.w + x
				t += int(s.ink[o-1]) + int(s.ink[o]) + int(s.ink[o+1])
			}
			if t >= 9*128 {
				n++
				if n > minBlot {
					return false
				}
			}
		}
	}
	return true
}

// depthOf estimates how many columns at each edge the cut spoiled: the
// first depth, counted from the edge, at which the share of inked pixels
// (ink over half) in that column and the next is back within 20 % of the
// interior's, pooled over both edges of every sheet. A clean digital cut
// gives 0; a shredder's torn edge 2 or 3. It is read from the pieces
// alone. At most maxDepth.
//
// A tear takes ink from the outermost column of nearly every side that
// has ink; a clean cut leaves that column inking less than the side's
// interior on about half of them, as the text happens to lie. So a depth
// is read only where more sides than chance allows (tornSides) show the
// loss: on a sparse page the pooled shares swing by a fifth with the few
// lines at each cut, which would otherwise read as damage. On the shared
// collections, sheet by sheet, really shredded pages showed the loss on
// 76-100 % of their sides (z 3.4 to 7.4), digitally cut pages and their
// 7×7 grids on 43-67 % (z at most 2.7).
func depthOf(sheets []*sheet) int {
	var frac [depthScan]float64
	sides, lighter := 0, 0
	for _, s := range sheets {
		for _, right := range []bool{false, true} {
			f := s.edgeInk(right)
			for c := range frac {
				frac[c] += f[c]
			}
			if in := interiorInk(&f); in > 0 {
				sides++
				if f[0] < in {
					lighter++
				}
			}
		}
	}
	if sides == 0 {
		return 0
	}
	// Below tornSides² sides no count can pass the test (all of them
	// lighter is z = √sides): the pooled shares alone decide.
	if z := (float64(lighter) - float64(sides)/2) / math.Sqrt(float64(sides)/4); sides >= tornSides*tornSides && z < tornSides {
		return 0
	}
	return recovery(&frac)
}

// tornSides is how far, in standard deviations of a fair coin's count,
// the sides whose outermost column inks less than their interior must
// outnumber half the sides for depthOf to read a tear: 3, a chance of
// about one in a thousand for clean cuts.
const tornSides = 3

// depthScan is how many columns from an edge the depth estimate reads:
// the first half may be spoiled, the second half is the interior.
const depthScan = 16

// edgeInk counts, for each of the first depthScan columns from side right
// (or left), the rows whose pixel there is inked.
func (s *sheet) edgeInk(right bool) [depthScan]float64 {
	var f [depthScan]float64
	for y := range s.h {
		for c := range depthScan {
			x := int(s.xl[y]) + c
			if right {
				x = int(s.xr[y]) - c
			}
			if s.at(x, y) >= 128 {
				f[c]++
			}
		}
	}
	return f
}

// interiorInk is the mean of an edge's inked counts over the interior
// columns, the second half of those read.
func interiorInk(f *[depthScan]float64) float64 {
	var in float64
	for c := depthScan / 2; c < depthScan; c++ {
		in += f[c]
	}
	return in / (depthScan / 2)
}

// recovery returns the first column at which an edge's inked counts and
// the next column's are back within 20 % of the interior's (the second
// half of the columns), or maxDepth; 0 when there is no ink to go by.
func recovery(frac *[depthScan]float64) int {
	in := interiorInk(frac)
	if in == 0 {
		return 0
	}
	ok := func(c int) bool { return frac[c] >= 0.8*in && frac[c] <= 1.25*in }
	for c := range maxDepth {
		if ok(c) && ok(c+1) {
			return c
		}
	}
	return maxDepth
}

// maxDepth bounds the torn depth: deeper damage than this is not a tear.
const maxDepth = 6

// paperColumn returns the grey levels of the first sound column of side
// right (or left), depth d in, less their running mean over 33 rows (a
// scanner's shading and a strip's own brightness taken out), and whether
// each row is bare paper: no ink in the first four sound columns, so that
// what is left is the paper's grain and the scan's noise where the cut
// ran.
func (s *sheet) paperColumn(right bool, d int) ([]float32, []bool) {
	const half = 16
	v := make([]float32, s.h)
	ok := make([]bool, s.h)
	for y := range s.h {
		x := int(s.xl[y]) + d
		step := 1
		if right {
			x, step = int(s.xr[y])-d, -1
		}
		if x < 0 || x >= s.w || !s.paper[y*s.w+x] {
			continue
		}
		v[y] = float32(s.grey[y*s.w+x])
		ok[y] = true
		for c := range 4 {
			if xx := x + c*step; xx < 0 || xx >= s.w || s.ink[y*s.w+xx] > 32 {
				ok[y] = false
			}
		}
	}
	sum := make([]float64, s.h+1)
	cnt := make([]int, s.h+1)
	for y := range s.h {
		sum[y+1], cnt[y+1] = sum[y], cnt[y]
		if ok[y] {
			sum[y+1] += float64(v[y])
			cnt[y+1]++
		}
	}
	out := make([]float32, s.h)
	for y := range s.h {
		if !ok[y] {
			continue
		}
		lo, hi := max(0, y-half), min(s.h, y+half+1)
		if n := cnt[hi] - cnt[lo]; n > 0 {
			out[y] = v[y] - float32((sum[hi]-sum[lo])/float64(n))
		}
	}
	return out, ok
}

// edgeWear returns, for each of the first k columns from depth d at the
// cut edges, the share of the interior's ink that the edges lack there:
// how worn the sound columns nearest a tear still are.
func edgeWear(sheets []*sheet, d, k int) []float64 {
	var frac [depthScan]float64
	for _, s := range sheets {
		for _, right := range []bool{false, true} {
			f := s.edgeInk(right)
			for c := range frac {
				frac[c] += f[c]
			}
		}
	}
	in := interiorInk(&frac)
	out := make([]float64, k)
	if in == 0 {
		return out
	}
	for c := range k {
		if d+c < depthScan {
			out[c] = min(max(1-frac[d+c]/in, 0), 1)
		}
	}
	return out
}

// outline returns side right's (or left's) outline, the paper's edge
// column on every row, less its running mean over 121 rows: the wiggles a
// tear leaves, which the other side of the same cut repeats, without the
// slow drift of a skewed or bowed scan. Rows run as in the sheet; a
// picture with straight edges gives all zeros.
func (s *sheet) outline(right bool) []float32 {
	raw := s.rawL
	if right {
		raw = s.rawR
	}
	const half = 60
	sum := make([]float64, len(raw)+1)
	for i, v := range raw {
		sum[i+1] = sum[i] + float64(v)
	}
	out := make([]float32, len(raw))
	for i, v := range raw {
		lo, hi := max(0, i-half), min(len(raw), i+half+1)
		out[i] = float32(float64(v) - (sum[hi]-sum[lo])/float64(hi-lo))
	}
	return out
}
