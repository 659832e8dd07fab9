package exactcover

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/solve"
)

// The twelve free pentominoes, in Golomb's letters, each drawn in one
// orientation ('#' a square).
var pentominoes = []struct {
	name  string
	shape string
}{
	{"F", ".##/##./.#."},
	{"I", "#####"},
	{"L", "#.../####"},
	{"N", "##../.###"},
	{"P", "##/##/#."},
	{"T", "###/.#./.#."},
	{"U", "#.#/###"},
	{"V", "#../#../###"},
	{"W", "#../##./.##"},
	{"X", ".#./###/.#."},
	{"Y", ".#../####"},
	{"Z", "##./.#./.##"},
}

// cell is a square of a shape or board: row, column.
type cell struct{ r, c int }

// orientations returns the distinct fixed orientations of a shape drawn
// as rows separated by '/': its images under the 8 rotations and
// reflections of the square, each normalised to start at row 0 and column
// 0 and sorted, without repeats.
func orientations(shape string) [][]cell {
	var base []cell
	for r, row := range strings.Split(shape, "/") {
		for c, ch := range row {
			if ch == '#' {
				base = append(base, cell{r, c})
			}
		}
	}
	var out [][]cell
	for t := range 8 {
		img := make([]cell, len(base))
		for i, x := range base {
			r, c := x.r, x.c
			if t&4 != 0 {
				c = -c // reflect
			}
			for range t & 3 {
				r, c = c, -r // quarter turn
			}
			img[i] = cell{r, c}
		}
		minR, minC := img[0].r, img[0].c
		for _, x := range img {
			minR, minC = min(minR, x.r), min(minC, x.c)
		}
		for i := range img {
			img[i].r -= minR
			img[i].c -= minC
		}
		slices.SortFunc(img, func(a, b cell) int {
			if a.r != b.r {
				return a.r - b.r
			}
			return a.c - b.c
		})
		if !slices.ContainsFunc(out, func(o []cell) bool { return slices.Equal(o, img) }) {
			out = append(out, img)
		}
	}
	return out
}

// pentominoProblem is the exact-cover problem of packing the twelve
// pentominoes, each once and in any orientation, into a rows×cols
// rectangle less the holes: items are the 12 pieces, then the cells in
// row-major order; an option is a piece and the 5 cells of one placement.
func pentominoProblem(rows, cols int, holes ...cell) *Problem {
	index := map[cell]int{}
	var cells []cell
	for r := range rows {
		for c := range cols {
			if !slices.Contains(holes, cell{r, c}) {
				index[cell{r, c}] = len(pentominoes) + len(cells)
				cells = append(cells, cell{r, c})
			}
		}
	}
	p := NewProblem(len(pentominoes)+len(cells), 0)
	for i, pc := range pentominoes {
		p.SetName(i, pc.name)
	}
	for _, x := range cells {
		p.SetName(index[x], fmt.Sprintf("%d.%d", x.r, x.c))
	}
	for i, pc := range pentominoes {
		for _, o := range orientations(pc.shape) {
			// The corner of the bounding box may be a hole or
			// outside the shape, so every square of the board
			// is tried as that corner.
			for at := range rows * cols {
				opt := []Elem{{Item: int32(i)}}
				for _, x := range o {
					k, ok := index[cell{at/cols + x.r, at%cols + x.c}]
					if !ok {
						break
					}
					opt = append(opt, Elem{Item: int32(k)})
				}
				if len(opt) == 6 {
					if _, err := p.AddOption(opt...); err != nil {
						panic(err)
					}
				}
			}
		}
	}
	return p
}

// centre2x2 is the 2×2 hole in the middle of an 8×8 board.
var centre2x2 = []cell{{3, 3}, {3, 4}, {4, 3}, {4, 4}}

func TestOrientations(t *testing.T) {
	// The fixed pentominoes: X has 1 orientation, I 2, T U V W Z 4, F L
	// N P Y 8; 63 in all.
	want := map[string]int{"X": 1, "I": 2, "T": 4, "U": 4, "V": 4, "W": 4, "Z": 4, "F": 8, "L": 8, "N": 8, "P": 8, "Y": 8}
	total := 0
	for _, pc := range pentominoes {
		n := len(orientations(pc.shape))
		if n != want[pc.name] {
			t.Errorf("%s has %d orientations, want %d", pc.name, n, want[pc.name])
		}
		total += n
	}
	if total != 63 {
		t.Errorf("%d orientations in all, want 63", total)
	}
}

// pentominoCases are the packings of the twelve pentominoes into boxes,
// with their raw solution counts (every rotation and reflection counted:
// Knuth, "Dancing Links", counts 2339, 1010, 368, 2 and 65 up to symmetry
// for 6×10, 5×12, 4×15, 3×20 and the 8×8 square less its centre, whose
// boards have 4, 4, 4, 4 and 8 symmetries), and the nodes and updates of
// the search on the same .dlx input as DLX1's: the updates are DLX1's, the
// nodes DLX1's less the solutions (DLX1 counts the option completing a
// solution as a node; this package does not).
var pentominoCases = []struct {
	name           string
	rows, cols     int
	holes          []cell
	solutions      int64
	nodes, updates int64
	// slow cases run in plain go test on the fastest engine only, and
	// not with -short.
	slow bool
}{
	{name: "3x20", rows: 3, cols: 20, solutions: 8, nodes: 32970, updates: 10986975},
	{name: "4x15", rows: 4, cols: 15, solutions: 1472, nodes: 851421, updates: 279621691, slow: true},
	{name: "5x12", rows: 5, cols: 12, solutions: 4040, nodes: 2291116, updates: 770490101},
	{name: "6x10", rows: 6, cols: 10, solutions: 9356, nodes: 3627905, updates: 1242377480},
	{name: "8x8-centre", rows: 8, cols: 8, holes: centre2x2, solutions: 520, nodes: 292525, updates: 102179915},
}

func TestPentominoes(t *testing.T) {
	for _, tc := range pentominoCases[:2] {
		for _, eng := range engines {
			if tc.slow && (eng != Bitsets || testing.Short()) {
				continue
			}
			t.Run(fmt.Sprintf("%s/%v", tc.name, eng), func(t *testing.T) {
				c, err := New(WithEngine(eng)).Count(context.Background(), pentominoProblem(tc.rows, tc.cols, tc.holes...))
				want := Count{Solutions: tc.solutions, Status: solve.Exhausted, Stats: Stats{Nodes: tc.nodes, Updates: tc.updates}}
				c.Stats.Runtime = 0
				if err != nil || c != want {
					t.Errorf("Count = %+v, %v; want %+v", c, err, want)
				}
			})
		}
	}
}
