package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"path/filepath"

	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/internal/shredscore"
	"github.com/reassemble/jigsaw/puzzle"
)

// outputDir returns dir, created if need be, or a new temporary one.
func outputDir(dir string) (string, error) { return output.Dir(dir, "shreds-") }

// write draws every page as pageN.png in dir: strips side by side, each
// moved up or down to meet its neighbour's lines, on white; a grid cell
// by cell.
func (r *result) write(dir string) error {
	return each(len(r.pages), func(i int) error {
		var img image.Image
		if r.kind == "grid" {
			img = r.drawGrid()
		} else {
			img = r.drawStrips(r.pages[i])
		}
		return output.WritePNG(filepath.Join(dir, fmt.Sprintf("page%d.png", i+1)), img)
	})
}

func (r *result) drawStrips(pg []placed) image.Image {
	w, top, bottom := 0, 0, 0
	for _, q := range pg {
		sz := r.scans[q.scan].img.Bounds().Size()
		w += sz.X
		top = min(top, q.dy)
		bottom = max(bottom, q.dy+sz.Y)
	}
	rect := image.Rect(0, 0, max(w, 1), max(bottom-top, 1))
	if r.allGrey(pg) {
		return r.drawGreyStrips(pg, rect, top)
	}
	dst := image.NewRGBA(rect)
	draw.Draw(dst, dst.Rect, image.White, image.Point{}, draw.Src)
	x := 0
	for _, q := range pg {
		img := puzzle.TurnImage(r.scans[q.scan].img, q.turn)
		b := img.Bounds()
		at := image.Rect(x, q.dy-top, x+b.Dx(), q.dy-top+b.Dy())
		draw.Draw(dst, at, img, b.Min, draw.Over)
		x += b.Dx()
	}
	return dst
}

// allGrey tells whether every strip of pg was read as a grey picture.
func (r *result) allGrey(pg []placed) bool {
	for _, q := range pg {
		if !r.scans[q.scan].grey {
			return false
		}
	}
	return true
}

// drawGreyStrips draws a page of grey strips on a grey page: a quarter of
// the bytes of a colour one to compress, which took longer than the
// re-assembly for a thousand strips. A strip's background (its mask's
// transparent pixels) shows the white page, as drawStrips draws it.
func (r *result) drawGreyStrips(pg []placed, rect image.Rectangle, top int) image.Image {
	dst := image.NewGray(rect)
	for i := range dst.Pix {
		dst.Pix[i] = 0xff
	}
	x := 0
	for _, q := range pg {
		img := puzzle.TurnImage(r.scans[q.scan].img, q.turn)
		b := img.Bounds()
		at := image.Rect(x, q.dy-top, x+b.Dx(), q.dy-top+b.Dy())
		if n, ok := img.(*image.NRGBA); ok {
			for y := range b.Dy() {
				src := n.Pix[n.PixOffset(b.Min.X, b.Min.Y+y):][:4*b.Dx()]
				row := dst.Pix[dst.PixOffset(at.Min.X, at.Min.Y+y):][:b.Dx()]
				for k := range row {
					// Over white: 255 - (255 - grey) × alpha.
					v, a := uint32(src[4*k]), uint32(src[4*k+3])
					row[k] = uint8(255 - ((255-v)*a+127)/255)
				}
			}
		} else {
			draw.Draw(dst, at, img, b.Min, draw.Over)
		}
		x += b.Dx()
	}
	return dst
}

func (r *result) drawGrid() image.Image {
	var cell image.Point
	for _, line := range r.grid {
		for _, q := range line {
			if q.scan >= 0 {
				sz := puzzle.TurnImage(r.scans[q.scan].img, q.turn).Bounds().Size()
				cell.X, cell.Y = max(cell.X, sz.X), max(cell.Y, sz.Y)
			}
		}
	}
	cols := 0
	if len(r.grid) > 0 {
		cols = len(r.grid[0])
	}
	dst := image.NewRGBA(image.Rect(0, 0, max(1, cols*cell.X), max(1, len(r.grid)*cell.Y)))
	draw.Draw(dst, dst.Rect, &image.Uniform{color.Gray{Y: 64}}, image.Point{}, draw.Src)
	for row, line := range r.grid {
		for col, q := range line {
			if q.scan < 0 {
				continue
			}
			img := puzzle.TurnImage(r.scans[q.scan].img, q.turn)
			b := img.Bounds()
			at := image.Rect(col*cell.X, row*cell.Y, col*cell.X+b.Dx(), row*cell.Y+b.Dy())
			draw.Draw(dst, at, image.White, image.Point{}, draw.Src)
			draw.Draw(dst, at, img, b.Min, draw.Over)
		}
	}
	return dst
}

// report returns the -json object.
func (r *result) report(seconds float64) report {
	rep := report{Strips: len(r.scans), Pages: len(r.pages), Order: []string{}, Turned: []string{}, Blank: []string{}, Seconds: seconds}
	for _, pg := range r.pages {
		for _, q := range pg {
			rep.Order = append(rep.Order, r.scans[q.scan].name)
			if q.turn == 2 {
				rep.Turned = append(rep.Turned, r.scans[q.scan].name)
			}
		}
	}
	for _, i := range r.blank {
		rep.Blank = append(rep.Blank, r.scans[i].name)
	}
	if r.kind == "grid" {
		for _, line := range r.grid {
			names := make([]string, len(line))
			turns := make([]int, len(line))
			for k, q := range line {
				if q.scan >= 0 {
					names[k] = r.scans[q.scan].name
					turns[k] = q.turn.Degrees()
				}
			}
			rep.Grid = append(rep.Grid, names)
			rep.Turns = append(rep.Turns, turns)
		}
	}
	return rep
}

// scoreOrder scores strips against the positions in their file names, as
// the collections' README defines the score; blank strips are judged by
// the collections' own rule on the scans as read (masks applied).
func scoreOrder(dir string, scans []scan, r *result) (float64, error) {
	if r.kind != "strips" {
		return 0, fmt.Errorf("-score knows the ground truth of strips only (file names DnnnKK); %s holds a grid", dir)
	}
	truth := map[string]shredscore.Truth{}
	for _, s := range scans {
		t, err := shredscore.FromName(s.name)
		if err != nil {
			return 0, fmt.Errorf("-score: %w", err)
		}
		truth[s.name] = t
	}
	blank := ruleBlanks(scans)
	var order []shredscore.Placed
	for _, pg := range r.pages {
		for _, q := range pg {
			order = append(order, shredscore.Placed{Name: r.scans[q.scan].name, Turned: q.turn == 2})
		}
	}
	return shredscore.Accuracy(order, truth, blank), nil
}

// ruleBlanks judges each scan blank or not, by name, as the collections'
// README does when it scores an order (shredscore.Blank on the scan and
// its mask): a score must not hang on the program's own judgement of
// which strips are blank, which it reports beside the order.
func ruleBlanks(scans []scan) map[string]bool {
	isBlank := make([]bool, len(scans))
	each(len(scans), func(i int) error {
		isBlank[i] = shredscore.Blank(scans[i].img, alphaMask(scans[i].img))
		return nil
	})
	blank := make(map[string]bool, len(scans))
	for i, s := range scans {
		blank[s.name] = isBlank[i]
	}
	return blank
}

// alphaMask returns img's alpha as a grey mask, or nil for a picture
// that has none or is opaque (a JPEG's copy).
func alphaMask(img image.Image) image.Image {
	n, ok := img.(*image.NRGBA)
	if !ok || n.Opaque() {
		return nil
	}
	m := image.NewGray(n.Rect)
	for y := n.Rect.Min.Y; y < n.Rect.Max.Y; y++ {
		for x := n.Rect.Min.X; x < n.Rect.Max.X; x++ {
			m.Pix[m.PixOffset(x, y)] = n.Pix[n.PixOffset(x, y)+3]
		}
	}
	return m
}
