package document

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/internal/shredscore"
	"github.com/reassemble/jigsaw/internal/textpage"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/strips"
)

// page is a shredded page of rendered text: its strips shuffled into a
// puzzle, and where each lies on the page.
type page struct {
	p     *puzzle.Puzzle
	truth map[string]shredscore.Truth
	// turned holds the strips scanned upside down.
	turned map[int]bool
}

// shredded renders a page of text (a third of A4 at 300 dpi) in the Go
// fonts, shreds it as sh says, and shuffles the strips, all from seed.
func shredded(t testing.TB, seed uint64, sh textpage.Shredder, turn bool) page {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 16))
	l := textpage.Layout{Width: 1400, Height: 3000, Font: textpage.Fonts[seed%uint64(len(textpage.Fonts))], Size: 38, Leading: 1.5, Margin: 90, Top: 80}
	img, err := textpage.Render(l, rng)
	if err != nil {
		t.Fatal(err)
	}
	ss, err := sh.Shred(img, textpage.Scan{Blur: 0.8, Ink: 40, Paper: 235, Noise: 2, Quality: 85}, turn, rng)
	if err != nil {
		t.Fatal(err)
	}
	perm := rng.Perm(len(ss))
	pg := page{truth: map[string]shredscore.Truth{}, turned: map[int]bool{}}
	imgs := make([]image.Image, len(ss))
	for k, i := range perm {
		var im image.Image = ss[i].Image
		if ss[i].Mask != nil {
			if im, err = puzzle.Masked(im, ss[i].Mask); err != nil {
				t.Fatal(err)
			}
		}
		imgs[k] = im
		pg.truth[fmt.Sprint(k)] = shredscore.Truth{Page: "p", Pos: i + 1}
		pg.turned[k] = ss[i].Turned
	}
	if pg.p, err = puzzle.FromStrips(imgs); err != nil {
		t.Fatal(err)
	}
	pg.p.Rotatable, pg.p.HalfTurns = turn, turn
	return pg
}

// order solves the strips' order with the table and scores it.
func (pg page) order(t testing.TB, tab *Table) (acc, turns float64) {
	t.Helper()
	res, err := strips.New().Solve(context.Background(), solve.Problem{Puzzle: pg.p, Scorer: tab})
	if err != nil {
		t.Fatal(err)
	}
	var u float64
	for _, pl := range res.Board.Cells {
		e := tab.Upright(int(pl.Piece))
		if pl.Rotation == 2 {
			e = -e
		}
		u += e
	}
	var placed []shredscore.Placed
	blank := map[string]bool{}
	for i := range pg.p.Pieces {
		blank[fmt.Sprint(i)] = tab.Blank(i)
	}
	for _, pl := range res.Board.Cells {
		i := int(pl.Piece)
		placed = append(placed, shredscore.Placed{Name: fmt.Sprint(i), Turned: (pl.Rotation == 2) != pg.turned[i] != (u < 0)})
	}
	if u < 0 {
		// The page reads upside down: turn it as a whole.
		for i, j := 0, len(placed)-1; i < j; i, j = i+1, j-1 {
			placed[i], placed[j] = placed[j], placed[i]
		}
	}
	return shredscore.Accuracy(placed, pg.truth, blank), shredscore.TurnsRight(placed)
}

func TestOrdersRenderedPages(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sh      textpage.Shredder
		turn    bool
		acc     float64
		depthLo int
		depthHi int
	}{
		{"digital", textpage.Shredder{Width: 80, Background: 255}, false, 1, 0, 0},
		{"torn", textpage.Shredder{Width: 80, Jitter: 4, Lost: 1, Torn: 2, Background: 245, Shift: 8}, false, 0.95, 1, 4},
		{"torn and masked, turned", textpage.Shredder{Width: 90, Jitter: 3, Lost: 1, Torn: 2, Ragged: 2, Masked: true, Background: 10, Margin: 6, Shift: 8}, true, 0.95, 1, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg := shredded(t, 3, tc.sh, tc.turn)
			tab, err := NewTable(context.Background(), pg.p)
			if err != nil {
				t.Fatal(err)
			}
			if d := tab.Depth(); d < tc.depthLo || d > tc.depthHi {
				t.Errorf("Depth() = %d, want %d to %d", d, tc.depthLo, tc.depthHi)
			}
			acc, turns := pg.order(t, tab)
			t.Logf("%d strips: neighbour accuracy %.3f, turns right %.3f", len(pg.p.Pieces), acc, turns)
			if acc < tc.acc {
				t.Errorf("neighbour accuracy %.3f, want at least %.2f", acc, tc.acc)
			}
			if turns < 0.99 {
				t.Errorf("%.3f of the strips lie the right way up, want all", turns)
			}
		})
	}
}

func TestModelBinary(t *testing.T) {
	m := DefaultModel()
	if m.K() != 8 || m.Rows() != 16 {
		t.Errorf("DefaultModel is %d columns by %d rows, want 8 by 16 as documented", m.K(), m.Rows())
	}
	data, err := m.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, modelBin) {
		t.Error("the default model does not encode to the embedded file")
	}
	if len(data) > 64<<10 {
		t.Errorf("the model takes %d bytes, want it small", len(data))
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"wrong magic", append([]byte("XXXX"), data[4:]...)},
		{"short", data[:len(data)-1]},
		{"long", append(bytes.Clone(data), 0)},
		{"zero columns", append(append([]byte(modelMagic), 0, 0), data[6:]...)},
		{"NaN weight", append(bytes.Clone(data[:len(data)-4]), 0, 0, 0xc0, 0x7f)},
	} {
		if _, err := ParseModel(tc.data); err == nil {
			t.Errorf("%s: ParseModel accepted it", tc.name)
		}
	}
}

func FuzzParseModel(f *testing.F) {
	data, _ := DefaultModel().MarshalBinary()
	f.Add(data)
	small, _ := newModel(1, 1, 1, rand.New(rand.NewPCG(1, 1))).MarshalBinary()
	f.Add(small)
	f.Add([]byte(modelMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseModel(data)
		if err != nil {
			return
		}
		again, err := m.MarshalBinary()
		if err != nil || !bytes.Equal(again, data) {
			t.Errorf("a parsed model encodes to %d other bytes (%v)", len(again), err)
		}
	})
}

func TestNewTableRefuses(t *testing.T) {
	strip := image.NewGray(image.Rect(0, 0, 20, 100))
	good, err := puzzle.FromStrips([]image.Image{strip, strip})
	if err != nil {
		t.Fatal(err)
	}
	quarter := *good
	quarter.Rotatable = true
	noPicture := *good
	noPicture.Pieces = []puzzle.Piece{{ID: 0}, {ID: 1, Image: strip}}
	tiny := *good
	tiny.Pieces = []puzzle.Piece{{ID: 0, Image: image.NewGray(image.Rect(0, 0, 1, 100))}, {ID: 1, Image: strip}}
	for _, tc := range []struct {
		name string
		ctx  context.Context
		p    *puzzle.Puzzle
		want string
	}{
		{"nil context", nil, good, "nil context"},
		{"no pieces", context.Background(), &puzzle.Puzzle{Rows: 1}, "no pieces"},
		{"quarter turns", context.Background(), &quarter, "quarter turns"},
		{"no picture", context.Background(), &noPicture, "piece 0 has no picture"},
		{"one pixel wide", context.Background(), &tiny, "piece 0 is 1×100"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewTable(tc.ctx, tc.p)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("NewTable: %v, want an error about %q", err, tc.want)
			}
		})
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pg := shredded(t, 1, textpage.Shredder{Width: 100, Background: 255}, false)
	if _, err := NewTable(ctx, pg.p); err != context.Canceled {
		t.Errorf("NewTable after cancel: %v, want context.Canceled", err)
	}
}

func TestTableIsSeeded(t *testing.T) {
	pg := shredded(t, 2, textpage.Shredder{Width: 110, Torn: 2, Lost: 1, Background: 245}, true)
	opts := []Option{WithTraining(4000, 1)}
	a, err := NewTable(context.Background(), pg.p, append(opts, WithWorkers(1))...)
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewTable(context.Background(), pg.p, append(opts, WithWorkers(3))...)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 * len(pg.p.Pieces) {
		for j := range 4 * len(pg.p.Pieces) {
			if x, y := a.Join(i, j), b.Join(i, j); x != y {
				t.Fatalf("Join(%d, %d) is %v with one worker and %v with three", i, j, x, y)
			}
		}
	}
}

func TestOrient(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	l := textpage.Layout{Width: 600, Height: 500, Font: "regular", Size: 30, Leading: 1.4, Margin: 40, Top: 40}
	img, err := textpage.Render(l, rng)
	if err != nil {
		t.Fatal(err)
	}
	for r := range puzzle.Rotation(4) {
		turned := puzzle.TurnImage(img, r)
		if got, want := Orient(turned), r%2; got != want {
			t.Errorf("Orient of the page turned %d quarters = %d, want %d", r, got, want)
		}
	}
	if Orient(image.NewGray(image.Rect(0, 0, 10, 10))) != 0 {
		t.Error("Orient of a blank picture is not 0")
	}
}

// localPaperInto's running maxima equal the maximum over each square, taken
// pixel by pixel, at the picture's edges too and for squares wider than
// the picture.
func TestLocalPaper(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	// One scratch for all, as sheets share theirs: what a larger picture
	// left in it must not show through.
	var scratch []uint8
	for _, tc := range []struct{ w, h, r int }{{1, 1, 2}, {7, 5, 1}, {40, 33, 3}, {9, 61, 15}, {3, 4, 0}, {31, 2, 15}, {32, 3, 15}, {45, 46, 15}, {62, 1, 15}, {63, 2, 15}, {100, 40, 15}} {
		gr := grey{w: tc.w, h: tc.h, g: make([]uint8, tc.w*tc.h), paper: make([]bool, tc.w*tc.h)}
		for i := range gr.g {
			gr.g[i] = uint8(rng.IntN(256))
			gr.paper[i] = rng.IntN(5) > 0
		}
		got := localPaperInto(gr, tc.r, &scratch)
		for y := range tc.h {
			for x := range tc.w {
				var want uint8
				for yy := max(0, y-tc.r); yy <= min(tc.h-1, y+tc.r); yy++ {
					for xx := max(0, x-tc.r); xx <= min(tc.w-1, x+tc.r); xx++ {
						if i := yy*tc.w + xx; gr.paper[i] {
							want = max(want, gr.g[i])
						}
					}
				}
				if got[y*tc.w+x] != want {
					t.Fatalf("%d×%d, r %d: pixel (%d, %d) is %d, want %d", tc.w, tc.h, tc.r, x, y, got[y*tc.w+x], want)
				}
			}
		}
	}
}

// max8 takes the greater byte of every pair of bytes, in every lane.
func TestMax8(t *testing.T) {
	for a := range 256 {
		for b := range 256 {
			lane := (a ^ b) % 8
			x, y := uint64(a)<<(8*lane)|0x7f<<(8*((lane+1)%8)), uint64(b)<<(8*lane)|0x80<<(8*((lane+1)%8))
			got := max8(x, y)
			if v := uint8(got >> (8 * lane)); v != uint8(max(a, b)) {
				t.Fatalf("max8 of %d and %d in lane %d: %d", a, b, lane, v)
			}
			if v := uint8(got >> (8 * ((lane + 1) % 8))); v != 0x80 {
				t.Fatalf("max8 of 0x7f and 0x80 beside %d and %d: %#x", a, b, v)
			}
		}
	}
}

// BenchmarkLocalPaper measures the paper level of a strip the size of
// an A4 page's at 300 dpi.
func BenchmarkLocalPaper(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	gr := grey{w: 100, h: 3500, g: make([]uint8, 100*3500), paper: make([]bool, 100*3500)}
	for i := range gr.g {
		gr.g[i], gr.paper[i] = uint8(rng.IntN(256)), rng.IntN(20) > 0
	}
	var scratch []uint8
	for b.Loop() {
		localPaperInto(gr, shadeRadius, &scratch)
	}
}

// correlation's running sums and split additions agree with the
// correlation summed row by row, at every offset, those past either end
// included, and profiles of other lengths and blank runs.
func TestCorrelation(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	profile := func(rows int) []float32 {
		p := make([]float32, rows)
		for i := range p {
			if rng.IntN(3) > 0 {
				p[i] = float32(rng.IntN(90))
			}
		}
		return p
	}
	for _, tc := range []struct{ a, b int }{{40, 40}, {41, 63}, {64, 37}, {8, 8}, {3, 12}} {
		pa, pb := profile(tc.a), profile(tc.b)
		// A blank run at the start, where only a low offset reads ink.
		clear(pb[:min(len(pb), 16)])
		a, b := newQuarterProfile(pa), newQuarterProfile(pb)
		for s := -len(a.v) - 1; s <= len(b.v)+1; s++ {
			var ab, aa, bb float64
			for y := range a.v {
				if yb := y + s; yb >= 0 && yb < len(b.v) {
					ab, aa, bb = ab+a.v[y]*b.v[yb], aa+a.v[y]*a.v[y], bb+b.v[yb]*b.v[yb]
				}
			}
			got, ok := correlation(a, b, s)
			if wantOK := aa > 0 && bb > 0; ok != wantOK {
				t.Fatalf("%d and %d rows, offset %d: ok %v, want %v", tc.a, tc.b, s, ok, wantOK)
			}
			if want := ab / math.Sqrt(aa*bb); ok && math.Abs(got-want) > 1e-12 {
				t.Errorf("%d and %d rows, offset %d: %v, want %v", tc.a, tc.b, s, got, want)
			}
		}
	}
	if newQuarterProfile(nil) != nil {
		t.Error("a missing profile gave a profile")
	}
}

// profileShift with running sums picks the shift that correlating every
// other row one by one picks, for profiles of other lengths, with blank
// runs, and for shifts reaching past either end.
func TestProfileShift(t *testing.T) {
	direct := func(a, b []float32, maxShift int) int {
		best, bs := math.Inf(-1), 0
		for s := -maxShift; s <= maxShift; s++ {
			var ab, aa, bb float64
			for y := 0; y < len(a); y += 2 {
				if yb := y + s; yb >= 0 && yb < len(b) {
					x, z := float64(a[y]), float64(b[yb])
					ab, aa, bb = ab+x*z, aa+x*x, bb+z*z
				}
			}
			if aa == 0 || bb == 0 {
				continue
			}
			if v := ab / math.Sqrt(aa*bb); v > best+1e-12 {
				best, bs = v, s
			}
		}
		return bs
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 200 {
		la, lb := 1+rng.IntN(60), 1+rng.IntN(60)
		a, b := make([]float32, la), make([]float32, lb)
		for _, p := range [][]float32{a, b} {
			for i := range p {
				if rng.IntN(3) > 0 {
					p[i] = float32(rng.IntN(50))
				}
			}
			if rng.IntN(4) == 0 {
				clear(p[:len(p)/2])
			}
		}
		maxShift := rng.IntN(70)
		if got, want := profileShift(a, b, evenSquares(a), evenSquares(b), maxShift), direct(a, b, maxShift); got != want {
			t.Fatalf("trial %d (%d and %d rows, shift ±%d): %d, want %d", trial, la, lb, maxShift, got, want)
		}
	}
}

// estimateShift reads how far strips of one page are out of line from
// the offsets at which neighbouring ends' row profiles agree, in a
// collection small enough to search whole and in one large enough to be
// sampled and searched coarsely first.
func TestEstimateShift(t *testing.T) {
	const h = 1200 // a wide search of ±12 rows
	for _, n := range []int{40, 3 * shiftSample / 2} {
		for _, d := range []int{4, 8} {
			rng := rand.New(rand.NewPCG(uint64(n), uint64(d)))
			lines := func() []float32 {
				p := make([]float32, h)
				for y := rng.IntN(40); y < h; y += 40 + rng.IntN(30) {
					ink := float32(20 + rng.IntN(60))
					for k := y; k < min(h, y+15+rng.IntN(15)); k++ {
						p[k] = ink
					}
				}
				return p
			}
			// Strip i's right end meets strip i+1's left end, whose
			// lines lie d rows lower or higher.
			ends := make([]*endHalves, 2*n)
			for i := range n {
				ends[2*i] = &endHalves{profB: lines(), h: h}
				ends[2*i+1] = &endHalves{profA: lines(), h: h}
			}
			for i := range n - 1 {
				off := d
				if rng.IntN(2) == 0 {
					off = -d
				}
				right, left := ends[2*i+1].profA, make([]float32, h)
				for y := range h {
					if y-off >= 0 && y-off < h {
						left[y] = right[y-off]
					}
				}
				ends[2*(i+1)].profB = left
			}
			got, err := estimateShift(context.Background(), ends, n, 2)
			if err != nil {
				t.Fatal(err)
			}
			if want := d + 3; got != want {
				t.Errorf("%d strips %d rows out of line: shift %d, want %d", n, d, got, want)
			}
		}
	}
}

// alignShift, coarse then fine, finds the shift profileShift finds, row
// for row, on profiles of lines of text planted out of line.
func TestAlignShift(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const h = 800
	for trial := range 200 {
		maxShift := 9 + rng.IntN(20)
		d := rng.IntN(2*maxShift+1) - maxShift
		a := make([]float32, h)
		for y := rng.IntN(40); y < h; y += 35 + rng.IntN(30) {
			ink := float32(20 + rng.IntN(60))
			for k := y; k < min(h, y+12+rng.IntN(15)); k++ {
				a[k] = ink + float32(rng.IntN(9))
			}
		}
		b := make([]float32, h)
		for y := range h {
			if y-d >= 0 && y-d < h {
				b[y] = a[y-d] + float32(rng.IntN(5))
			}
		}
		ea := &endHalves{profA: a, sqA: evenSquares(a), qA: newQuarterProfile(a), h: h}
		eb := &endHalves{profB: b, sqB: evenSquares(b), qB: newQuarterProfile(b), h: h}
		want := profileShift(a, b, ea.sqA, eb.sqB, maxShift)
		if want != d {
			t.Fatalf("trial %d: profileShift %d, planted %d", trial, want, d)
		}
		if got := alignShift(ea, eb, maxShift); got != want {
			t.Errorf("trial %d (shift ±%d): alignShift %d, profileShift %d", trial, maxShift, got, want)
		}
	}
}

// The fine-tuning's windows are drawn by a fixed number of streams: as
// many as asked, the same with any number of workers, half of them
// positives, and the streams drawing different windows.
func TestSampleStreamed(t *testing.T) {
	pg := shredded(t, 2, textpage.Shredder{Width: 110, Torn: 2, Lost: 1, Background: 245}, false)
	ctx := context.Background()
	sheets, err := prepare(ctx, pg.p, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	const k, rows, n = 8, 16, 4001
	draw := func(workers int) *sampleSet {
		set, err := sampleStreamed(ctx, sheets, k, rows, gapSpread(2), 2, n, false, nil, rand.New(rand.NewPCG(1, 2)), workers)
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	one, three := draw(1), draw(3)
	if one.len() != n {
		t.Fatalf("%d windows, want %d", one.len(), n)
	}
	if !bytes.Equal(one.x, three.x) || !slices.Equal(one.y, three.y) {
		t.Error("the windows differ between one worker and three")
	}
	positives := 0
	for _, y := range one.y {
		if y == 1 {
			positives++
		}
	}
	if d := positives - n/2; d < -sampleStreams || d > sampleStreams {
		t.Errorf("%d positives of %d windows, want half", positives, n)
	}
	in := 2 * k * rows
	first := n/sampleStreams + 1 // stream 0 draws one of the remainder
	if bytes.Equal(one.x[:in], one.x[first*in:(first+1)*in]) {
		t.Error("the first two streams begin with the same window")
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := sampleStreamed(cancelled, sheets, k, rows, gapSpread(2), 2, n, false, nil, rand.New(rand.NewPCG(1, 2)), 2); err == nil {
		t.Error("no error from a cancelled context")
	}
}

// BenchmarkNewTable prices a shredded page of rendered text, torn and
// turned (a third of A4 at 300 dpi, 17 strips), fine-tuning on 30,000
// windows and on the default 60,000, on one worker and on all: the
// fine-tuning is most of a page's time.
func BenchmarkNewTable(b *testing.B) {
	pg := shredded(b, 3, textpage.Shredder{Width: 80, Jitter: 4, Lost: 1, Torn: 2, Background: 245, Shift: 8}, true)
	for _, windows := range []int{30000, 60000} {
		for _, workers := range []int{1, 0} {
			name := fmt.Sprintf("windows-%d/workers-%d", windows, workers)
			if workers == 0 {
				name = fmt.Sprintf("windows-%d/workers-all", windows)
			}
			b.Run(name, func(b *testing.B) {
				for b.Loop() {
					if _, err := NewTable(context.Background(), pg.p, WithTraining(windows, 3), WithWorkers(workers)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestLogitSums checks the pair model's output, taken four hidden units at
// a time, against the plain sum over the units, for hidden layers whose
// size is and is not a multiple of four.
func TestLogitSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, hidden := range []int{1, 4, 7, 32, 33} {
		m := newModel(3, 2, hidden, rng)
		for j := range m.b1 {
			m.b1[j] = float32(rng.NormFloat64())
		}
		m.b2 = 0.25
		ha, hb := make([]float32, hidden), make([]float32, hidden)
		for trial := range 20 {
			for j := range ha {
				ha[j], hb[j] = float32(rng.NormFloat64()), float32(rng.NormFloat64())
			}
			want := float64(m.b2)
			for j := range hidden {
				want += float64(m.w2[j]) * max(float64(m.b1[j])+float64(ha[j])+float64(hb[j]), 0)
			}
			if got := m.logit(ha, hb); math.Abs(float64(got)-want) > 1e-4*(1+math.Abs(want)) {
				t.Errorf("hidden %d, trial %d: logit %v, want %v", hidden, trial, got, want)
			}
		}
	}
}
