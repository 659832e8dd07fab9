// Package shredscore scores an ordering of shredded strips as the authors
// of the strip-shredded document collections score theirs: the fraction
// of consecutive pairs in the output that are true neighbours, blank
// strips left out. The example program and the tests share it, so that
// every figure the module reports is computed one way. Only scoring reads
// the truth; no solver does.
package shredscore

import (
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Truth is where a strip belongs: its page and its position on the page,
// left to right.
type Truth struct {
	Page string
	Pos  int
}

// Placed is one strip of an ordering: its name and whether it lies upside
// down on its page as placed: turned 180° by the ordering, unless it was
// scanned upside down, and then the other way round.
type Placed struct {
	Name   string
	Turned bool
}

// FromName reads the truth from a file name of the collections, DnnnKK.ext:
// page Dnnn, position KK. Only scoring may call it.
func FromName(name string) (Truth, error) {
	base := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	if len(base) < 3 {
		return Truth{}, fmt.Errorf("shredscore: %q is not DnnnKK", name)
	}
	pos, err := strconv.Atoi(base[len(base)-2:])
	if err != nil {
		return Truth{}, fmt.Errorf("shredscore: %q is not DnnnKK: %w", name, err)
	}
	return Truth{Page: base[:len(base)-2], Pos: pos}, nil
}

// Accuracy returns the neighbour accuracy of order: of its consecutive
// pairs, blank strips left out, the fraction that are true neighbours in
// the right arrangement: a then b, both upright, with b right after a on
// their page; or both turned, with a right after b (the pair upside down
// is still the join). A strip is judged against the next non-blank strip
// of its page, so blank strips between two others do not break their
// join. Strips missing from truth count as wrong wherever they are.
func Accuracy(order []Placed, truth map[string]Truth, blank map[string]bool) float64 {
	// Rank the non-blank strips of each page.
	type key struct {
		page string
		pos  int
	}
	pages := map[string][]int{}
	for name, t := range truth {
		if !blank[name] {
			pages[t.Page] = append(pages[t.Page], t.Pos)
		}
	}
	next := map[key]int{} // position of the next non-blank strip
	for page, ps := range pages {
		slices.Sort(ps)
		for i := 0; i+1 < len(ps); i++ {
			next[key{page, ps[i]}] = ps[i+1]
		}
	}
	var kept []Placed
	for _, p := range order {
		if !blank[p.Name] {
			kept = append(kept, p)
		}
	}
	if len(kept) < 2 {
		return 1
	}
	good := 0
	for i := 0; i+1 < len(kept); i++ {
		a, b := kept[i], kept[i+1]
		ta, oka := truth[a.Name]
		tb, okb := truth[b.Name]
		if !oka || !okb || ta.Page != tb.Page || a.Turned != b.Turned {
			continue
		}
		if !a.Turned && next[key{ta.Page, ta.Pos}] == tb.Pos && tb.Pos != 0 {
			good++
		}
		if a.Turned && next[key{tb.Page, tb.Pos}] == ta.Pos && ta.Pos != 0 {
			good++
		}
	}
	return float64(good) / float64(len(kept)-1)
}

// TurnsRight returns the fraction of strips that lie upright in order.
func TurnsRight(order []Placed) float64 {
	if len(order) == 0 {
		return 1
	}
	good := 0
	for _, p := range order {
		if !p.Turned {
			good++
		}
	}
	return float64(good) / float64(len(order))
}

// Blank applies the collections' rule for blank strips: after a 5×5
// Gaussian blur (binomial weights 1 4 6 4 1, edges mirrored), no pixel
// is darker than 127. Pixels outside the mask (when one is given, non-zero
// meaning paper) count as white.
func Blank(img image.Image, mask image.Image) bool {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	v := greyLevels(img, mask)
	k := [5]float64{1, 4, 6, 4, 1}
	mirror := func(i, n int) int {
		if i < 0 {
			i = -i
		}
		if i >= n {
			i = 2*n - 2 - i
		}
		return min(max(i, 0), n-1)
	}
	t := make([]float64, w*h)
	for y := range h {
		for x := range w {
			s := 0.0
			for d := -2; d <= 2; d++ {
				s += k[d+2] * v[y*w+mirror(x+d, w)]
			}
			t[y*w+x] = s / 16
		}
	}
	for y := range h {
		for x := range w {
			s := 0.0
			for d := -2; d <= 2; d++ {
				s += k[d+2] * t[mirror(y+d, h)*w+x]
			}
			if s/16 < 127 {
				return false
			}
		}
	}
	return true
}

// greyLevels returns img's luma row by row, 0 to 255, white outside the
// mask. NRGBA pictures and grey masks, what the programs read, are read
// from their bytes, to the same values as through their colours.
func greyLevels(img image.Image, mask image.Image) []float64 {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	v := make([]float64, w*h)
	inPaper := func(x, y int) bool {
		mb := mask.Bounds()
		r, _, _, _ := mask.At(mb.Min.X+x, mb.Min.Y+y).RGBA()
		return r > 0x7fff
	}
	if g, ok := mask.(*image.Gray); ok {
		inPaper = func(x, y int) bool { return g.Pix[g.PixOffset(g.Rect.Min.X+x, g.Rect.Min.Y+y)] >= 0x80 }
	}
	rgb := func(x, y int) (r, g, bl uint32) {
		r, g, bl, _ = img.At(b.Min.X+x, b.Min.Y+y).RGBA()
		return r, g, bl
	}
	if n, ok := img.(*image.NRGBA); ok {
		// As color.NRGBA's RGBA: each 8-bit value widened to 16 bits
		// and multiplied by alpha.
		rgb = func(x, y int) (r, g, bl uint32) {
			px := n.Pix[n.PixOffset(b.Min.X+x, b.Min.Y+y):][:4]
			a := uint32(px[3])
			wide := func(c uint8) uint32 { return (uint32(c) | uint32(c)<<8) * a / 0xff }
			return wide(px[0]), wide(px[1]), wide(px[2])
		}
	}
	for y := range h {
		for x := range w {
			g := 255.0
			if mask == nil || inPaper(x, y) {
				r, gg, bb := rgb(x, y)
				g = (0.299*float64(r) + 0.587*float64(gg) + 0.114*float64(bb)) / 257
			}
			v[y*w+x] = g
		}
	}
	return v
}

// Cell is a grid piece's place on its page, counted from the top left.
type Cell struct{ Row, Col int }

// GridPlaced is one cell of a re-assembled grid: the name of the piece in
// it ("" for an empty cell) and whether it lies upside down as placed
// (turned 180° by the solver, unless it was scanned upside down, and then
// the other way round).
type GridPlaced struct {
	Name   string
	Turned bool
}

// GridAccuracy returns the neighbour accuracy of a re-assembled grid: of
// the joins between two non-blank pieces that are neighbours on their
// page (one right of the other, or below it), the fraction the grid shows.
// The grid may read upside down as a whole, which is a question of the
// page's turn, not of its joins: the page's turn is the one most
// non-blank pieces share, and a join counts when both its pieces lie that
// way and the second is right of (below) the first, or left of (above) it
// when the page is upside down. Joins with a blank piece are left out, as
// blank strips are from Accuracy: no measure can place a blank piece.
// Pieces missing from the grid count their joins as wrong.
func GridAccuracy(grid [][]GridPlaced, truth map[string]Cell, blank map[string]bool) float64 {
	type spot struct {
		row, col int
		turned   bool
	}
	at := make(map[string]spot)
	up, down := 0, 0
	for r, line := range grid {
		for c, p := range line {
			if p.Name == "" {
				continue
			}
			at[p.Name] = spot{r, c, p.Turned}
			if _, ok := truth[p.Name]; ok && !blank[p.Name] {
				if p.Turned {
					down++
				} else {
					up++
				}
			}
		}
	}
	turned, sign := down > up, 1
	if turned {
		sign = -1
	}
	byCell := make(map[Cell]string, len(truth))
	for name, c := range truth {
		if !blank[name] {
			byCell[c] = name
		}
	}
	good, total := 0, 0
	for c, a := range byCell {
		for _, step := range [2]Cell{{0, 1}, {1, 0}} {
			b, ok := byCell[Cell{c.Row + step.Row, c.Col + step.Col}]
			if !ok {
				continue
			}
			total++
			sa, oka := at[a]
			sb, okb := at[b]
			if oka && okb && sa.turned == turned && sb.turned == turned &&
				sb.row == sa.row+sign*step.Row && sb.col == sa.col+sign*step.Col {
				good++
			}
		}
	}
	if total == 0 {
		return 1
	}
	return float64(good) / float64(total)
}
