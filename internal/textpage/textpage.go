// Package textpage renders pages of text with the Go fonts and shreds them
// as a strip-cut shredder and a scanner would: the module's own documents,
// for tests that must run without outside data and for training the
// document measures of package edge/document without ever seeing a test
// page.
package textpage

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Fonts names the Go fonts a page may be set in.
var Fonts = []string{"regular", "mono", "bold", "italic", "medium", "smallcaps"}

var fontData = map[string][]byte{
	"regular":   goregular.TTF,
	"mono":      gomono.TTF,
	"bold":      gobold.TTF,
	"italic":    goitalic.TTF,
	"medium":    gomedium.TTF,
	"smallcaps": gosmallcaps.TTF,
}

var (
	parseOnce sync.Once
	parsed    map[string]*sfnt.Font
	parseErr  error
)

func fontNamed(name string) (*sfnt.Font, error) {
	parseOnce.Do(func() {
		parsed = make(map[string]*sfnt.Font, len(fontData))
		for n, data := range fontData {
			f, err := opentype.Parse(data)
			if err != nil {
				parseErr = fmt.Errorf("textpage: font %s: %w", n, err)
				return
			}
			parsed[n] = f
		}
	})
	if parseErr != nil {
		return nil, parseErr
	}
	f, ok := parsed[name]
	if !ok {
		return nil, fmt.Errorf("textpage: no font %q; choose one of %s", name, strings.Join(Fonts, ", "))
	}
	return f, nil
}

// Layout says how a page is set.
type Layout struct {
	// Width and Height are the page's size in pixels: 2480×3508 is A4
	// at 300 dpi, 2550×3300 US Letter.
	Width, Height int
	// Font is one of Fonts.
	Font string
	// Size is the font's size in pixels (an em): 50 is 12 pt at 300 dpi.
	Size float64
	// Leading is the distance of baselines in ems.
	Leading float64
	// Margin is the left and right margin in pixels; Top the top margin.
	Margin, Top int
	// Justify stretches the spaces of every full line to the margin.
	Justify bool
	// Lines is how many lines of text the page holds at most; 0 fills
	// it to the bottom margin.
	Lines int
}

// RandomLayout returns a layout drawn from rng: A4 or Letter, any of the
// fonts at 8 to 14 pt at 300 dpi, leading 1.1 to 1.8, margins of 1 to 3 cm.
func RandomLayout(rng *rand.Rand) Layout {
	l := Layout{Width: 2480, Height: 3508}
	if rng.IntN(2) == 1 {
		l.Width, l.Height = 2550, 3300
	}
	l.Font = Fonts[rng.IntN(len(Fonts))]
	if rng.IntN(3) == 0 {
		// Typewritten letters are common among shredded documents.
		l.Font = "mono"
	}
	l.Size = 33 + rng.Float64()*25
	l.Leading = 1.1 + rng.Float64()*0.7
	l.Margin = 120 + rng.IntN(240)
	l.Top = 120 + rng.IntN(300)
	l.Justify = rng.IntN(2) == 1
	return l
}

// Render sets random text (words drawn from rng) on a white page in black,
// anti-aliased, paragraph after paragraph, and returns the page in grey.
func Render(l Layout, rng *rand.Rand) (*image.Gray, error) {
	if l.Width < 16 || l.Height < 16 || l.Width > 20000 || l.Height > 20000 {
		return nil, fmt.Errorf("textpage: page of %d×%d pixels", l.Width, l.Height)
	}
	if !(l.Size >= 4 && l.Size <= 400) || !(l.Leading >= 0.5 && l.Leading <= 5) {
		return nil, fmt.Errorf("textpage: size %v px and leading %v", l.Size, l.Leading)
	}
	f, err := fontNamed(l.Font)
	if err != nil {
		return nil, err
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: l.Size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		return nil, fmt.Errorf("textpage: %w", err)
	}
	defer face.Close()
	page := image.NewGray(image.Rect(0, 0, l.Width, l.Height))
	draw.Draw(page, page.Rect, image.White, image.Point{}, draw.Src)
	d := font.Drawer{Dst: page, Src: image.Black, Face: face}
	lead := int(math.Round(l.Size * l.Leading))
	left, right := l.Margin, l.Width-l.Margin
	if right-left < int(4*l.Size) {
		return nil, fmt.Errorf("textpage: margins of %d px leave no room on a page %d px wide", l.Margin, l.Width)
	}
	space := d.MeasureString(" ")
	y := l.Top + int(l.Size)
	lines := 0
	words := newWords(rng)
	for y < l.Height-l.Top && (l.Lines == 0 || lines < l.Lines) {
		// A paragraph: an indent, then words until it has its length.
		n := 2 + rng.IntN(10)
		indent := fixed.I(int(2 * l.Size))
		if rng.IntN(3) == 0 {
			indent = 0
		}
		for k := 0; k < n && y < l.Height-l.Top && (l.Lines == 0 || lines < l.Lines); k++ {
			var line []string
			width := indent
			for {
				w := words.next()
				ww := d.MeasureString(w)
				if len(line) > 0 && width+space+ww > fixed.I(right-left) {
					words.back(w)
					break
				}
				if len(line) > 0 {
					width += space
				}
				width += ww
				line = append(line, w)
				if width > fixed.I(right-left) {
					break
				}
			}
			last := k == n-1
			gap := space
			if l.Justify && !last && len(line) > 1 {
				gap += (fixed.I(right-left) - width) / fixed.Int26_6(len(line)-1)
			}
			d.Dot = fixed.Point26_6{X: fixed.I(left) + indent, Y: fixed.I(y)}
			for i, w := range line {
				if i > 0 {
					d.Dot.X += gap
				}
				d.DrawString(w)
			}
			indent = 0
			y += lead
			lines++
		}
		y += lead / 2
	}
	return page, nil
}

// words draws text: syllables make words, words make sentences with
// capitals, commas, digits and brackets, roughly as letters in Portuguese
// and English pages occur.
type words struct {
	rng     *rand.Rand
	pending []string
	capital bool
}

func newWords(rng *rand.Rand) *words { return &words{rng: rng, capital: true} }

var (
	onsets = []string{"", "b", "c", "d", "f", "g", "h", "j", "l", "m", "n", "p", "qu", "r", "s", "t", "v", "w", "x", "z",
		"br", "cr", "dr", "fr", "gr", "pr", "tr", "bl", "cl", "fl", "pl", "ch", "sh", "th", "st", "sp", "lh", "nh", "s", "t", "n", "r", "l", "m", "d", "c"}
	vowels = []string{"a", "e", "i", "o", "u", "a", "e", "o", "ai", "ea", "ou", "ie", "ão", "ç", "é", "á", "í", "ó", "ê", "ã", "õ", "y"}
	codas  = []string{"", "", "", "", "s", "r", "n", "l", "m", "t", "nd", "st", "rs", "ng", "ct", "x"}
	marks  = []string{",", ",", ".", ".", ";", ":", "?", ")", "%"}
)

func (w *words) next() string {
	if n := len(w.pending); n > 0 {
		s := w.pending[n-1]
		w.pending = w.pending[:n-1]
		return s
	}
	r := w.rng
	var b strings.Builder
	switch r.IntN(40) {
	case 0:
		fmt.Fprintf(&b, "%d", r.IntN(100000))
	case 1:
		fmt.Fprintf(&b, "(%d,%d", r.IntN(100), r.IntN(10))
	case 2:
		b.WriteString(strings.Repeat("–", 1))
	default:
		for s := 1 + r.IntN(3) + r.IntN(2); s > 0; s-- {
			b.WriteString(onsets[r.IntN(len(onsets))])
			b.WriteString(vowels[r.IntN(len(vowels))])
			b.WriteString(codas[r.IntN(len(codas))])
		}
	}
	word := b.String()
	if w.capital || r.IntN(25) == 0 {
		word = capitalise(word)
		w.capital = false
	}
	if r.IntN(6) == 0 {
		m := marks[r.IntN(len(marks))]
		word += m
		w.capital = m == "." || m == "?"
	}
	return word
}

func (w *words) back(s string) { w.pending = append(w.pending, s) }

func capitalise(s string) string {
	for i, c := range s {
		return strings.ToUpper(string(c)) + s[i+len(string(c)):]
	}
	return s
}

// Scan is how a page is scanned.
type Scan struct {
	// Blur is the standard deviation, in pixels, of the scanner's
	// Gaussian blur.
	Blur float64
	// Ink and Paper are the grey levels of black and white.
	Ink, Paper float64
	// Noise is the standard deviation of the grey levels' noise.
	Noise float64
	// Quality is the JPEG quality the scan is stored at; 0 keeps it
	// lossless.
	Quality int
}

// RandomScan returns scanning conditions drawn from rng.
func RandomScan(rng *rand.Rand) Scan {
	s := Scan{
		Blur:  0.3 + rng.Float64()*1.1,
		Ink:   15 + rng.Float64()*100,
		Paper: 215 + rng.Float64()*40,
		Noise: 0.5 + rng.Float64()*5,
	}
	if rng.IntN(4) != 0 {
		s.Quality = 50 + rng.IntN(45)
	}
	return s
}

// Apply returns the page as scanned: blurred, its greys mapped from black
// and white to Ink and Paper, noise added, and stored as JPEG.
func (s Scan) Apply(page *image.Gray, rng *rand.Rand) *image.Gray {
	w, h := page.Rect.Dx(), page.Rect.Dy()
	v := make([]float32, w*h)
	for y := range h {
		for x := range w {
			v[y*w+x] = float32(page.Pix[page.PixOffset(page.Rect.Min.X+x, page.Rect.Min.Y+y)]) / 255
		}
	}
	if s.Blur > 0 {
		v = gaussian(v, w, h, s.Blur)
	}
	out := image.NewGray(image.Rect(0, 0, w, h))
	for i, f := range v {
		g := s.Ink + float64(f)*(s.Paper-s.Ink) + rng.NormFloat64()*s.Noise
		out.Pix[i] = uint8(max(0, min(255, math.Round(g))))
	}
	if s.Quality > 0 {
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: s.Quality}); err == nil {
			if img, err := jpeg.Decode(&buf); err == nil {
				if g, ok := img.(*image.Gray); ok {
					return g
				}
				draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
			}
		}
	}
	return out
}

// gaussian blurs v (w×h) with a separable kernel of deviation sigma.
func gaussian(v []float32, w, h int, sigma float64) []float32 {
	r := int(math.Ceil(3 * sigma))
	k := make([]float32, 2*r+1)
	var sum float32
	for i := range k {
		d := float64(i - r)
		k[i] = float32(math.Exp(-d * d / (2 * sigma * sigma)))
		sum += k[i]
	}
	for i := range k {
		k[i] /= sum
	}
	t := make([]float32, len(v))
	for y := range h {
		row := v[y*w : (y+1)*w]
		for x := range w {
			var a float32
			for i, kv := range k {
				xx := min(max(x+i-r, 0), w-1)
				a += kv * row[xx]
			}
			t[y*w+x] = a
		}
	}
	out := make([]float32, len(v))
	for y := range h {
		for x := range w {
			var a float32
			for i, kv := range k {
				yy := min(max(y+i-r, 0), h-1)
				a += kv * t[yy*w+x]
			}
			out[y*w+x] = a
		}
	}
	return out
}

// Shredder says how a page is cut into strips.
type Shredder struct {
	// Width is the strips' mean width in pixels; each strip's width
	// varies by up to Jitter pixels either way.
	Width, Jitter int
	// Lost is the most material, in pixels, a cut destroys; each cut
	// loses 0 to Lost.
	Lost int
	// Torn is the most columns at each edge of a strip that the tear
	// lightens; each edge has 0 to Torn.
	Torn int
	// Ragged is the amplitude, in pixels, of the cuts' waviness: a cut
	// wanders as a smooth line that the strips on both sides of it share.
	Ragged float64
	// Background is the grey of what lies behind a strip in its scan
	// (0 for a black backing, 255 for white).
	Background uint8
	// Masked makes Shred return a mask per strip (paper vs background).
	Masked bool
	// Shift is the most a strip is moved up or down in its scan.
	Shift int
	// Margin is the background, in pixels, around each strip's scan.
	Margin int
}

// RandomShredder returns shredding and scanning conditions drawn from rng,
// one of them digital cuts with no damage at all.
func RandomShredder(rng *rand.Rand) Shredder {
	if rng.IntN(6) == 0 {
		return Shredder{Width: 70 + rng.IntN(70), Background: 255}
	}
	s := Shredder{
		Width:  70 + rng.IntN(80),
		Jitter: rng.IntN(6),
		Lost:   rng.IntN(5),
		Torn:   rng.IntN(4),
		Ragged: rng.Float64() * 2.5,
		Shift:  rng.IntN(12),
	}
	if rng.IntN(2) == 0 {
		s.Masked, s.Background, s.Margin = true, uint8(rng.IntN(40)), 3+rng.IntN(12)
	} else {
		s.Background = uint8(230 + rng.IntN(26))
	}
	return s
}

// Strip is one strip of a shredded page.
type Strip struct {
	// Image is the strip's scan.
	Image *image.Gray
	// Mask is 255 where the scan shows paper and 0 elsewhere, or nil.
	Mask *image.Gray
	// Turned says the strip was scanned upside down.
	Turned bool
	// Top is the row of Image that shows the page's top row, as if the
	// strip were not turned: scans do not line strips up.
	Top int
}

// Shred cuts a clean page (as Render makes it) into vertical strips, left
// to right, as s says, and scans each strip on its own as sc says, on the
// shredder's background; with turn, each strip is turned 180° with
// probability one half before it is scanned.
func (s Shredder) Shred(page *image.Gray, sc Scan, turn bool, rng *rand.Rand) ([]Strip, error) {
	w, h := page.Rect.Dx(), page.Rect.Dy()
	if s.Width < 8 || s.Width > w {
		return nil, fmt.Errorf("textpage: strips %d px wide from a page %d px wide", s.Width, w)
	}
	// Cut positions, each cut losing some material and wandering
	// either way of its position as a ragged line that the strips on
	// both sides of it share.
	var cuts []cut
	for x := 0; ; {
		x += s.Width + rng.IntN(2*s.Jitter+1) - s.Jitter
		if x >= w-s.Width/2 {
			break
		}
		line := wave(h, s.Ragged, rng)
		for y := range line {
			line[y] -= s.Ragged / 2
		}
		cuts = append(cuts, cut{at: x, lost: rng.IntN(s.Lost + 1), line: line})
	}
	var out []Strip
	for i := 0; i <= len(cuts); i++ {
		var left, right *cut
		if i > 0 {
			left = &cuts[i-1]
		}
		if i < len(cuts) {
			right = &cuts[i]
		}
		st := s.strip(page, left, right, turn && rng.IntN(2) == 1, rng)
		st.Image = sc.Apply(st.Image, rng)
		out = append(out, st)
	}
	return out, nil
}

// A cut is where the shredder cut the page: at column at, give or take
// line[y] on row y, with lost columns destroyed.
type cut struct {
	at, lost int
	line     []float64
}

// first returns the first column of the strip right of c on row y, and
// last the first column past the strip left of it.
func (c *cut) first(y int) int { return c.at + int(math.Round(c.line[y])) + (c.lost+1)/2 }
func (c *cut) last(y int) int  { return c.at + int(math.Round(c.line[y])) - c.lost/2 }

// strip cuts the part of page between the cuts left and right (nil for
// the page's own edges) into one scanned strip, its cut edges torn.
func (s Shredder) strip(page *image.Gray, left, right *cut, turned bool, rng *rand.Rand) Strip {
	w, h := page.Rect.Dx(), page.Rect.Dy()
	pad := int(math.Ceil(s.Ragged / 2))
	x0, x1 := 0, w
	if left != nil {
		x0 = max(0, left.at-pad)
	}
	if right != nil {
		x1 = min(w, right.at+pad)
	}
	sw := x1 - x0
	m := s.Margin
	W, H := sw+2*m, h+2*m
	img := image.NewGray(image.Rect(0, 0, W, H))
	var mask *image.Gray
	if s.Masked {
		mask = image.NewGray(image.Rect(0, 0, W, H))
	}
	for i := range img.Pix {
		img.Pix[i] = s.Background
	}
	tornDepth := func() int { return rng.IntN(s.Torn + 1) }
	tl, tr := tornDepth(), tornDepth()
	shift := 0
	if s.Shift > 0 {
		shift = rng.IntN(2*s.Shift+1) - s.Shift
	}
	for y := range h {
		l, r := 0, sw
		if left != nil {
			l = min(max(left.first(y)-x0, 0), sw)
		}
		if right != nil {
			r = min(max(right.last(y)-x0, 0), sw)
		}
		yy := y + m + shift
		if yy < 0 || yy >= H {
			continue
		}
		for x := l; x < r; x++ {
			g := float64(page.Pix[page.PixOffset(page.Rect.Min.X+x0+x, page.Rect.Min.Y+y)])
			// The tear lightens the outermost columns, most at the edge.
			if left != nil && x-l < tl {
				g += (255 - g) * float64(tl-(x-l)) / float64(tl+1)
			}
			if right != nil && r-1-x < tr {
				g += (255 - g) * float64(tr-(r-1-x)) / float64(tr+1)
			}
			img.Pix[yy*img.Stride+x+m] = uint8(min(255, g))
			if mask != nil {
				mask.Pix[yy*mask.Stride+x+m] = 255
			}
		}
	}
	st := Strip{Image: img, Mask: mask, Top: m + shift}
	if turned {
		st.Image = turnGray(img)
		if mask != nil {
			st.Mask = turnGray(mask)
		}
		st.Turned = true
	}
	return st
}

// wave returns n smooth random offsets between 0 and amp.
func wave(n int, amp float64, rng *rand.Rand) []float64 {
	out := make([]float64, n)
	if amp <= 0 {
		return out
	}
	v := rng.Float64() * amp
	for i := range out {
		v += rng.NormFloat64() * 0.3
		v = min(max(v, 0), amp)
		out[i] = v
	}
	return out
}

// turnGray returns g turned 180°.
func turnGray(g *image.Gray) *image.Gray {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	out := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			out.Pix[(h-1-y)*out.Stride+(w-1-x)] = g.Pix[y*g.Stride+x]
		}
	}
	return out
}

// Gray converts any image to grey with the luma weights of image/color.
func Gray(img image.Image) *image.Gray {
	b := img.Bounds()
	out := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.SetGray(x-b.Min.X, y-b.Min.Y, color.GrayModel.Convert(img.At(x, y)).(color.Gray))
		}
	}
	return out
}
