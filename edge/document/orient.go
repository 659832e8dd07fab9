package document

import (
	"image"
	"slices"

	"github.com/reassemble/jigsaw/puzzle"
)

// Latin text is lopsided: capitals, digits, accents and the ascenders of
// b, d, f, h, k, l and t rise above the band of the small letters far more
// often than g, j, p, q and y hang below it. Upright reads a piece's lines
// of text and weighs the ink above each line's band against the ink below.

// uprightEvidence returns, over the lines of text on the sheet, how many
// more lean up than down: each line counts between -1 and 1, its ink above
// the small-letter band less its ink below over the two together, so that
// one heading or figure does not outvote a page of text. Positive when the
// sheet reads upright, negative when it is upside down, near 0 for a
// sheet with too little text to tell.
func (s *sheet) uprightEvidence() float64 {
	prof := s.rowInk()
	var inked []float32
	for _, v := range prof {
		if v > 0 {
			inked = append(inked, v)
		}
	}
	if len(inked) == 0 {
		return 0
	}
	slices.Sort(inked)
	// Lines are runs of rows holding more than a trace of ink, a trace
	// being small beside a typical line's densest rows.
	floor := max(inked[len(inked)*9/10]*0.04, 0.5)
	var total float64
	for y := 0; y < len(prof); {
		if prof[y] <= floor {
			y++
			continue
		}
		y0 := y
		for y < len(prof) && prof[y] > floor {
			y++
		}
		total += lineEvidence(prof[y0:y])
	}
	return total
}

// lineEvidence weighs one line's rows: its band is the rows holding at
// least half the line's densest row; what lies above the band counts for
// upright, below against, over both.
func lineEvidence(rows []float32) float64 {
	if len(rows) < 4 {
		return 0
	}
	var peak float32
	for _, v := range rows {
		peak = max(peak, v)
	}
	top, bottom := -1, -1
	for i, v := range rows {
		if v >= peak/2 {
			if top < 0 {
				top = i
			}
			bottom = i
		}
	}
	var above, below float64
	for i, v := range rows {
		switch {
		case i < top:
			above += float64(v)
		case i > bottom:
			below += float64(v)
		}
	}
	if above+below == 0 {
		return 0
	}
	return (above - below) / (above + below)
}

// Upright returns the evidence that piece i, as it lies, reads upright
// (positive) rather than upside down (negative): ink above the lines'
// small letters less ink below them. A strip holds a few letters of each
// line and may be wrong on its own; summed over a page's strips, each
// counted against itself when the page turns it, it tells which way up
// the page is.
func (t *Table) Upright(i int) float64 { return t.upright[i] }

// Orient returns the turn, 0 or a quarter (90° clockwise), after which
// img's lines of text run across: the direction in which ink changes most
// from one line of pixels to the next is across the lines. A blank image
// gives 0. Which way up the text then reads is a question of a half turn,
// which the measures answer from the joins and Upright.
func Orient(img image.Image) puzzle.Rotation {
	if img == nil || img.Bounds().Empty() {
		return 0
	}
	gr := readGrey(img)
	s := newSheet(gr, gr.paperHist(), 0)
	rows := make([]float64, s.h)
	cols := make([]float64, s.w)
	for y := range s.h {
		for x := range s.w {
			v := float64(s.ink[y*s.w+x])
			rows[y] += v
			cols[x] += v
		}
	}
	if variation(cols) > variation(rows) {
		return 1
	}
	return 0
}

// variation returns how much a profile changes between neighbours, over
// its mean: high for the rows across lines of text, low along them.
func variation(p []float64) float64 {
	if len(p) < 2 {
		return 0
	}
	var sum, tv float64
	for i, v := range p {
		sum += v
		if i > 0 {
			d := v - p[i-1]
			tv += d * d
		}
	}
	if sum == 0 {
		return 0
	}
	mean := sum / float64(len(p))
	return tv / float64(len(p)-1) / (mean * mean)
}
