package edge

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/reassemble/jigsaw/puzzle"
)

// The thesis's four edge-fitting functions, in the order the thesis lists
// them (seed 000, chapter 2, "Graphical Decomposition Function").
const (
	// ThesisRaw compares the raw RGB values of the touching pixels,
	// position by position ("raw RGB edge value and offset from corner").
	ThesisRaw = 1
	// ThesisAverage compares the average RGB value of the whole side.
	ThesisAverage = 2
	// ThesisDifferential compares the raw values and their first
	// differential across the side.
	ThesisDifferential = 3
	// ThesisBlocks compares the average RGB values of blocks of 4 pixels
	// along the side: the "moving average" function the thesis adopted.
	ThesisBlocks = 4
)

// thesisBlock is the block length of ThesisBlocks: scanlength in the
// thesis's edge-function unit (seed 000, appendix 1).
const thesisBlock = 4

// Thesis returns one of the thesis's four edge-fitting functions (seed
// 000, chapter 2 and appendix 1), ThesisRaw to ThesisBlocks. Each reduces
// a side to RGB descriptors and sums |ΔR| + |ΔG| + |ΔB| between facing
// descriptors. With a and b row 0 of sides i and j, and k' = Len−1−k the
// position facing k:
//
//	ThesisRaw:          Σ_k Σ_c |a_k,c − b_k',c|
//	ThesisAverage:      Σ_c |mean_k a_k,c − mean_k b_k,c|
//	ThesisDifferential: Σ_k Σ_c |a_k,c − b_k',c| + |(a_k,c − a'_k,c) − (b'_k',c − b_k',c)|
//	ThesisBlocks:       Σ_B Σ_c |mean_(k∈B) a_k,c − mean_(k∈B) b_k',c|
//
// where a' and b' are row 1 and the blocks B are positions 0–3, 4–7, … of
// side i (the last one shorter when Len is not a multiple of 4), each
// counted once. The thesis does not define its "first differential"; it
// is read here as the change across the side, since that is what tells
// whether the picture continues over the join: travelling from side i into
// side j, the change from row 1 to row 0 of side i, a − a', and from row 0
// to row 1 of side j, b' − b, agree where the picture continues smoothly.
// (The change along the side would describe each side on its own, which
// ThesisRaw already compares.) Only that variant reads row 1; the others
// scan one pixel deep, as the thesis's scandepth = 1 does. On
// photographs ThesisDifferential finds fewer true neighbours than
// ThesisRaw, as the thesis found, and ThesisAverage far fewer; ThesisBlocks
// does better than ThesisRaw on some pictures and a little worse on others.
// Depth is MinDepth for all four, so one set of profiles serves them all.
//
// Three departures from the thesis's code are deliberate:
//   - It scanned every side in image coordinates and compared equal
//     offsets from the corner. That pairs the right pixels for a right side
//     against a left one, but not for the pairings that turned pieces
//     bring (a right side against another right side runs the other way).
//     Here sides are read clockwise and the facing position is reversed,
//     which is right for every pairing.
//   - Its right and bottom scans were one pixel deeper than its left and
//     top ones (an off-by-one); here every side is scanned alike.
//   - It rounded block averages to integers; here they keep their
//     fractions.
//
// Bind fails for a variant outside 1 to 4.
func Thesis(variant int) Measure { return thesis{variant: variant} }

type thesis struct{ variant int }

func (m thesis) Name() string { return fmt.Sprintf("thesis%d", m.variant) }

func (thesis) Depth() int { return MinDepth }

func (m thesis) Bind(sides []Profile) (Dissimilarity, error) {
	if m.variant < ThesisRaw || m.variant > ThesisBlocks {
		return nil, fmt.Errorf("edge: thesis edge-fitting function %d: the variants are %d to %d", m.variant, ThesisRaw, ThesisBlocks)
	}
	s, err := newStrips(m.Name(), sides, m.Depth())
	if err != nil {
		return nil, err
	}
	switch m.variant {
	case ThesisRaw:
		return func(i, j int) float64 { return sumAbs(s.row(i), s.face(j)) }, nil
	case ThesisAverage:
		means := blockMeans(s.row0, s.width, sides[0].Len)
		return func(i, j int) float64 { return sumAbs64(means[3*i:3*i+3], means[3*j:3*j+3]) }, nil
	case ThesisDifferential:
		// out[i] is the change leaving side i, a − a'; the change entering
		// side j is b' − b, so the two agree when out[i] + out[j] = 0.
		out := flatRow(sides, 1)
		for k, a := range s.row0 {
			out[k] = a - out[k]
		}
		outFacing := reversePositions(out, s.width)
		return func(i, j int) float64 {
			w := s.width
			g, h := out[i*w:(i+1)*w], outFacing[j*w:(j+1)*w]
			h = h[:len(g)]
			var sum float64
			for k := range g {
				sum += math.Abs(float64(g[k]) + float64(h[k]))
			}
			return sumAbs(s.row(i), s.face(j)) + sum
		}, nil
	}
	blocks := blockMeans(s.row0, s.width, thesisBlock)
	facing := blockMeans(s.facing, s.width, thesisBlock)
	bw := 3 * ((sides[0].Len + thesisBlock - 1) / thesisBlock)
	return func(i, j int) float64 {
		return sumAbs64(blocks[i*bw:(i+1)*bw], facing[j*bw:(j+1)*bw])
	}, nil
}

// sumAbs returns Σ_k |a_k − b_k| over the length of a.
func sumAbs(a, b []float32) float64 {
	b = b[:len(a)]
	var sum float64
	for k := range a {
		sum += math.Abs(float64(a[k]) - float64(b[k]))
	}
	return sum
}

// sumAbs64 returns Σ_k |a_k − b_k| over the length of a.
func sumAbs64(a, b []float64) float64 {
	b = b[:len(a)]
	var sum float64
	for k := range a {
		sum += math.Abs(a[k] - b[k])
	}
	return sum
}

// blockMeans averages each side's pixels (rows holds sides of width floats)
// over consecutive blocks of size positions, the last block shorter when
// size does not divide the side's length. It returns, side after side, the
// three channel means of every block.
func blockMeans(rows []float32, width, size int) []float64 {
	n := width / 3
	nb := (n + size - 1) / size
	out := make([]float64, 0, len(rows)/width*3*nb)
	for base := 0; base < len(rows); base += width {
		for start := 0; start < n; start += size {
			end := min(start+size, n)
			var sum [3]float64
			for k := start; k < end; k++ {
				for c := range sum {
					sum[c] += float64(rows[base+3*k+c])
				}
			}
			for c := range sum {
				out = append(out, sum[c]/float64(end-start))
			}
		}
	}
	return out
}

// ThesisLabels labels the sides of an image puzzle after the thesis (seed
// 000, chapter 2, "Matching Edges via Graphical Decomposition Function"),
// so that exact label solvers can assemble pictures: sides that are each
// other's best match under m share a label, and every other side is Flat.
//
// A side's best match is the side t of another piece with the least
// m(s,t) + m(t,s), the first in index order on a tie. When p's pieces may
// not turn, t is sought only among the sides that can face s (a right side
// faces only left sides); the thesis's pieces turned and it searched all
// four. Going through the sides in index order (piece 0's top, right,
// bottom, left, then piece 1's, …), a side whose best match has it as its
// own best match receives, with that match, the next label 1, 2, ….
//
// The thesis gave every side and its best match a fresh label, whether the
// choice was mutual or not, later pairs overwriting earlier ones, and left
// sides whose partner had been taken with a label of their own. A side on
// the rim of the picture has no true partner, and its choice then
// overwrote a true pair's label whenever it came later in the order, so
// that the true board could hardly ever be labelled right (the thesis patched
// the last piece's last two sides by hand). Keeping mutual choices only
// avoids that. On a 600×400 photograph cut into 294 turning pieces of 28
// pixels, the true board then costs 80 under Labels with MGC (the thesis's
// loop: 92) and 133 with the thesis's block measure (213): about as many
// joins labelled alike (485 of 553 against 491; 433 against 382) and far
// more of the 70 rim sides Flat (58 against 40; 57 against 28).
//
// Flat fits nothing, as the thesis's unique labels did, and it is also the
// label the rim of the board expects, so a label solver that prices the
// frame (Labels does) finds the true board at cost 0 exactly when the
// labelling is right, while to one that ignores the frame a Flat side is
// what an unmatched label was to the thesis's solvers.
//
// The result is a copy of p with rule Equal and the new labels; images,
// size, fixed pieces and rotatability are p's. Finding the matches takes
// (4N)² evaluations of m for N pieces, spread over GOMAXPROCS goroutines
// that have all finished when ThesisLabels returns.
func ThesisLabels(p *puzzle.Puzzle, m Measure) (*puzzle.Puzzle, error) {
	if m == nil {
		return nil, errors.New("edge: no measure to label with")
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	sides, err := Profiles(p, m.Depth())
	if err != nil {
		return nil, err
	}
	d, err := m.Bind(sides)
	if err != nil {
		return nil, err
	}
	best := bestPartners(d, len(sides), p.Rotatable)
	q := p.Clone()
	q.Rule = puzzle.Equal
	for i := range q.Pieces {
		q.Pieces[i].Edges = [4]puzzle.Label{}
	}
	next := puzzle.Label(1)
	for s, t := range best {
		// A mutual pair is labelled at its first side; best is a function,
		// so the pairs are disjoint.
		if t > s && best[t] == s {
			q.Pieces[s/4].Edges[s%4] = next
			q.Pieces[t/4].Edges[t%4] = next
			next++
		}
	}
	return q, nil
}

// bestPartners returns, for every side, the side of another piece with the
// least symmetric dissimilarity, or -1 if there is none. Without turns, a
// side only considers the opposite sides of other pieces.
func bestPartners(d Dissimilarity, n int, turns bool) []int {
	best := make([]int, n)
	workers := min(runtime.GOMAXPROCS(0), max(1, n/64))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for s := w; s < n; s += workers {
				best[s] = bestPartner(d, n, s, turns)
			}
		})
	}
	wg.Wait()
	return best
}

func bestPartner(d Dissimilarity, n, s int, turns bool) int {
	best, low := -1, math.Inf(1)
	step := 1
	if !turns {
		step = 4
	}
	first := 0
	if !turns {
		first = int(puzzle.Side(s % 4).Opposite())
	}
	for t := first; t < n; t += step {
		if t/4 == s/4 {
			continue
		}
		if c := d(s, t) + d(t, s); c < low {
			best, low = t, c
		}
	}
	return best
}
