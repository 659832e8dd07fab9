package textpage

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// small is a page quick to render: a quarter of A4 at 300 dpi, 10 lines.
func small() Layout {
	return Layout{Width: 620, Height: 880, Font: "regular", Size: 40, Leading: 1.4, Margin: 60, Top: 60, Lines: 10}
}

func TestRenderIsSeeded(t *testing.T) {
	a, err := Render(small(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(small(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	c, err := Render(small(), rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Pix, b.Pix) {
		t.Error("the same seed rendered two different pages")
	}
	if bytes.Equal(a.Pix, c.Pix) {
		t.Error("two seeds rendered the same page")
	}
	ink := 0
	for _, v := range a.Pix {
		if v < 128 {
			ink++
		}
	}
	if ink < len(a.Pix)/100 {
		t.Errorf("%d of %d pixels are dark: the page holds no text", ink, len(a.Pix))
	}
}

func TestRenderRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Layout)
	}{
		{"tiny page", func(l *Layout) { l.Width = 4 }},
		{"no such font", func(l *Layout) { l.Font = "comic" }},
		{"zero size", func(l *Layout) { l.Size = 0 }},
		{"margins meet", func(l *Layout) { l.Margin = 300 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := small()
			tc.edit(&l)
			if _, err := Render(l, rand.New(rand.NewPCG(1, 1))); err == nil {
				t.Errorf("Render(%+v) accepted it", l)
			}
		})
	}
}

func TestShred(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	page, err := Render(small(), rng)
	if err != nil {
		t.Fatal(err)
	}
	// A clean digital cut: the strips joined back are the page.
	clean := Shredder{Width: 80, Background: 255}
	ss, err := clean.Shred(page, Scan{Ink: 0, Paper: 255}, false, rng)
	if err != nil {
		t.Fatal(err)
	}
	x := 0
	for i, s := range ss {
		w := s.Image.Rect.Dx()
		for y := range s.Image.Rect.Dy() {
			for c := range w {
				if got, want := s.Image.Pix[y*s.Image.Stride+c], page.Pix[y*page.Stride+x+c]; got != want {
					t.Fatalf("strip %d, row %d, column %d: %d, want the page's %d", i, y, c, got, want)
				}
			}
		}
		x += w
	}
	if x != page.Rect.Dx() {
		t.Errorf("the strips span %d columns of a page %d wide", x, page.Rect.Dx())
	}
	// A torn, masked cut: masks of the strips' size, some strips turned.
	torn := Shredder{Width: 60, Jitter: 4, Lost: 3, Torn: 2, Ragged: 2, Masked: true, Margin: 5, Shift: 6}
	ss, err = torn.Shred(page, RandomScan(rng), true, rng)
	if err != nil {
		t.Fatal(err)
	}
	turned := 0
	for i, s := range ss {
		if s.Mask == nil || s.Mask.Rect != s.Image.Rect {
			t.Fatalf("strip %d: mask %v for a scan of %v", i, s.Mask, s.Image.Rect)
		}
		if s.Turned {
			turned++
		}
	}
	if turned == 0 || turned == len(ss) {
		t.Errorf("%d of %d strips turned, want some but not all", turned, len(ss))
	}
	if _, err := (Shredder{Width: 4}).Shred(page, Scan{}, false, rng); err == nil {
		t.Error("Shred cut strips 4 pixels wide")
	}
}
