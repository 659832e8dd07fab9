package ga

import (
	"fmt"

	"github.com/reassemble/jigsaw/solve/internal/local"
)

type crossKind uint8

const (
	crossPrefixOrder crossKind = iota + 1
	crossBlock
	crossPMX
	crossKernel
)

// Crossover makes a child from two parents, keeping every piece exactly
// once. Make one with PrefixOrder, Block, PMX or Kernel; the zero
// Crossover is invalid.
//
// The genes of a board are its movable slots in row-major order, then the
// spare slots of a puzzle that allows extra pieces; a hole counts as a
// gene of its own, so that holes are inherited like pieces.
type Crossover struct {
	kind     crossKind
	min, max int
}

// PrefixOrder is the thesis's crossover (seed 000 L6908-6958): the child
// takes the father's genes 1..k, for k uniform in [1, n-1], and fills the
// rest, in order, with the mother's genes whose piece it lacks, in the
// mother's rotation. The seed's prose speaks of a "random crossing point"
// (L2034), but the code copies a prefix of random length.
func PrefixOrder() Crossover { return Crossover{kind: crossPrefixOrder} }

// Block is seed 001's crossover (§4.2.1, after Muñoz et al.): a rectangle
// of h × w cells, each uniform in [min, max], with its top-left corner
// uniform on the board and clipped at the board's edge, comes from the
// father, the rest from the mother, repaired in five steps: (1) copy the
// mother; (2) remove from outside the rectangle the pieces the father's
// rectangle holds; (3) stack the mother's pieces inside the rectangle that
// the father's rectangle lacks; (4) copy the father's rectangle; (5) fill
// the cells emptied in (2) from the stack, then any hole left. Fixed cells
// inside the rectangle stay. The seed does not say where the rectangle
// lies; uniform and clipped is this package's choice.
func Block(min, max int) Crossover { return Crossover{kind: crossBlock, min: min, max: max} }

// PMX is the partially matched crossover on the genes in row-major order,
// Hynek's choice (seed 002 §3): the child takes the mother's genes between
// two random cut points and the father's elsewhere, each of the father's
// pieces displaced by the mother's segment moving to where the mapping
// sends it. Seed 002 does not say how PMX meets a matrix; the row-major
// flattening is the digest's reading.
func PMX() Crossover { return Crossover{kind: crossPMX} }

// Kernel is the kernel-growing crossover of Sholomon, David and Netanyahu
// (2013) for picture puzzles: the child grows from one piece, taking at each
// step a join both parents agree on, then a best-buddy join one parent
// has, then the most compatible piece. Where the crossover cannot apply
// (a puzzle too large to rank its joins, or one it does not support), it
// falls back to PrefixOrder.
func Kernel() Crossover { return Crossover{kind: crossKernel} }

func (c Crossover) check() error {
	switch c.kind {
	case crossPrefixOrder, crossPMX, crossKernel:
		return nil
	case crossBlock:
		if c.min < 1 || c.max < c.min {
			return fmt.Errorf("ga: block crossover sides from %d to %d", c.min, c.max)
		}
		return nil
	}
	return fmt.Errorf("ga: no crossover set")
}

// cross writes a child of dad and mom into dst. dst's cost is left stale.
func (e *engine) cross(dad, mom, dst *individual) {
	switch e.s.crossover.kind {
	case crossBlock:
		e.block(dad, mom, dst)
	case crossPMX:
		e.pmx(dad, mom, dst)
	case crossKernel:
		if e.kernel != nil {
			kernelCross(e.kernel, mom, dad, dst, e.rng)
			return
		}
		e.prefixOrder(dad, mom, dst)
	default:
		e.prefixOrder(dad, mom, dst)
	}
}

// tokens writes the token of each of x's genes into dst: the piece, or for
// the k-th hole in gene order, pieces+k.
func (e *engine) tokens(x *individual, dst []int32) {
	k := int32(e.pieces)
	for g, i := range e.free {
		if el := x.Cells[i]; el >= 0 {
			dst[g] = int32(el.Piece())
		} else {
			dst[g] = k
			k++
		}
	}
}

// marks is a set of small integers, emptied in O(1).
type marks struct {
	m     []uint32
	epoch uint32
}

func newMarks(n int) marks { return marks{m: make([]uint32, n)} }

// reset empties the set.
func (s *marks) reset() {
	s.epoch++
	if s.epoch == 0 {
		clear(s.m)
		s.epoch = 1
	}
}

func (s *marks) set(i int)      { s.m[i] = s.epoch }
func (s *marks) has(i int) bool { return s.m[i] == s.epoch }

func (e *engine) prefixOrder(dad, mom, dst *individual) {
	copy(dst.Cells, dad.Cells)
	n := len(e.free)
	if n < 2 {
		return
	}
	count := 1 + e.rng.IntN(n-1)
	td, tm := e.tokA, e.tokB
	e.tokens(dad, td)
	e.tokens(mom, tm)
	e.used.reset()
	for g := range count {
		e.used.set(int(td[g]))
	}
	k := count
	for g, t := range tm {
		if k == n {
			break
		}
		if !e.used.has(int(t)) {
			dst.Cells[e.free[k]] = mom.Cells[e.free[g]]
			k++
		}
	}
}

func (e *engine) pmx(dad, mom, dst *individual) {
	copy(dst.Cells, dad.Cells)
	n := len(e.free)
	if n < 2 {
		return
	}
	a, b := e.rng.IntN(n), e.rng.IntN(n)
	if a > b {
		a, b = b, a
	}
	b++
	tc, tm := e.tokA, e.tokB
	e.tokens(dad, tc)
	e.tokens(mom, tm)
	for g, t := range tc {
		e.pos[t] = int32(g)
	}
	for g := a; g < b; g++ {
		t := tm[g]
		j := int(e.pos[t])
		// Swap genes g and j of the child, then take the mother's
		// rotation for the piece now at g.
		i1, i2 := e.free[g], e.free[j]
		dst.Cells[i1], dst.Cells[i2] = dst.Cells[i2], dst.Cells[i1]
		tc[g], tc[j] = tc[j], tc[g]
		e.pos[tc[g]], e.pos[tc[j]] = int32(g), int32(j)
		dst.Cells[i1] = mom.Cells[i1]
	}
}

func (e *engine) block(dad, mom, dst *individual) {
	l := e.l
	copy(dst.Cells, mom.Cells)
	c := e.s.crossover
	h := c.min + e.rng.IntN(c.max-c.min+1)
	w := c.min + e.rng.IntN(c.max-c.min+1)
	r0, c0 := e.rng.IntN(l.Rows), e.rng.IntN(l.Cols)
	r1, c1 := min(r0+h, l.Rows), min(c0+w, l.Cols)
	// The rectangle's movable slots, and the pieces the father has there.
	e.used.reset()
	e.inside.reset()
	region := e.slots[:0]
	for r := r0; r < r1; r++ {
		for col := c0; col < c1; col++ {
			i := r*l.Cols + col
			if l.Fixed(i) {
				continue
			}
			region = append(region, i)
			e.inside.set(i)
			if el := dad.Cells[i]; el >= 0 {
				e.used.set(el.Piece())
			}
		}
	}
	e.slots = region
	// (3) The mother's pieces in the rectangle that the father's lacks.
	stack := e.stack[:0]
	for _, i := range region {
		if el := mom.Cells[i]; el >= 0 && !e.used.has(el.Piece()) {
			stack = append(stack, el)
		}
	}
	// (4) The father's rectangle.
	for _, i := range region {
		dst.Cells[i] = dad.Cells[i]
	}
	// (2) Outside the rectangle, the pieces the father's rectangle
	// brought leave holes, (5) which the stack fills.
	holes := e.holes[:0]
	for _, i := range e.free {
		if e.inside.has(i) {
			continue
		}
		if el := dst.Cells[i]; el >= 0 && e.used.has(el.Piece()) {
			dst.Cells[i] = local.NoElem
			holes = append(holes, i)
		}
	}
	e.holes = holes
	for _, i := range holes {
		if len(stack) == 0 {
			break
		}
		dst.Cells[i] = stack[len(stack)-1]
		stack = stack[:len(stack)-1]
	}
	// Where the father's rectangle held holes and the mother's pieces,
	// those pieces go to the puzzle's holes outside.
	for _, i := range e.free {
		if len(stack) == 0 {
			break
		}
		if dst.Cells[i] == local.NoElem && !e.inside.has(i) {
			dst.Cells[i] = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		}
	}
	e.stack = stack
}
