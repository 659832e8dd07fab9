package edge

import (
	"fmt"
	"math"

	"github.com/reassemble/jigsaw/puzzle"
)

// Any marks a side of a Need that is not constrained.
const Any puzzle.Label = math.MinInt32

// Need lists, per side, the label an oriented piece must show there, or Any.
// Flat on a side means that side faces the outside of the board.
type Need [4]puzzle.Label

// Free is the Need with no constraint on any side.
var Free = Need{Any, Any, Any, Any}

// Known returns how many sides of n are constrained.
func (n Need) Known() int {
	k := 0
	for _, l := range n {
		if l != Any {
			k++
		}
	}
	return k
}

// sidePairs are the six pairs of sides the index is keyed on; pairIndex maps
// a pair back to its slot.
var sidePairs = [6][2]puzzle.Side{
	{puzzle.Left, puzzle.Top}, {puzzle.Top, puzzle.Right}, {puzzle.Right, puzzle.Bottom},
	{puzzle.Bottom, puzzle.Left}, {puzzle.Top, puzzle.Bottom}, {puzzle.Left, puzzle.Right},
}

var pairIndex = func() (m [4][4]int) {
	for i := range m {
		for j := range m[i] {
			m[i][j] = -1
		}
	}
	for k, p := range sidePairs {
		m[p[0]][p[1]], m[p[1]][p[0]] = k, k
	}
	return m
}()

func pairKey(a, b puzzle.Label) uint64 { return uint64(uint32(a))<<32 | uint64(uint32(b)) }

// Candidates indexes the oriented pieces of a label puzzle by the labels
// they show, so that the pieces fitting a cell are found in O(1): a map look
// up on two sides, then a filter on the others. Each piece appears in every
// rotation the puzzle allows. Candidates is immutable once built and safe for
// concurrent use.
type Candidates struct {
	labels *Labels
	all    []puzzle.Placement
	single [4]groups
	pair   [6]groups
}

// groups is a read-only multimap from a key to placements, stored as one
// slice cut into runs, so that building it allocates a handful of slices
// rather than one per key.
type groups struct {
	index map[uint64]int32 // key → run number
	start []int32          // run r is items[start[r]:start[r+1]]
	items []puzzle.Placement
}

// newGroups groups pls by keys (keys[i] is the key of pls[i]), keeping the
// order of pls within each run.
func newGroups(keys []uint64, pls []puzzle.Placement) groups {
	g := groups{index: make(map[uint64]int32, len(keys)/2+1)}
	run := make([]int32, len(keys))
	var count []int32
	for i, k := range keys {
		r, ok := g.index[k]
		if !ok {
			r = int32(len(count))
			g.index[k] = r
			count = append(count, 0)
		}
		run[i] = r
		count[r]++
	}
	g.start = make([]int32, len(count)+1)
	for r, n := range count {
		g.start[r+1] = g.start[r] + n
	}
	fill := append([]int32(nil), g.start[:len(count)]...)
	g.items = make([]puzzle.Placement, len(pls))
	for i, pl := range pls {
		g.items[fill[run[i]]] = pl
		fill[run[i]]++
	}
	return g
}

// get returns the run of key k, or nil.
func (g *groups) get(k uint64) []puzzle.Placement {
	r, ok := g.index[k]
	if !ok {
		return nil
	}
	return g.items[g.start[r]:g.start[r+1]:g.start[r+1]]
}

// NewCandidates indexes p's pieces. Fixed pieces are indexed like the
// others; a solver that places them first simply finds them used.
func NewCandidates(p *puzzle.Puzzle) (*Candidates, error) {
	l, err := NewLabels(p)
	if err != nil {
		return nil, err
	}
	c := &Candidates{labels: l}
	turns := p.Turns()
	shows := make([][4]puzzle.Label, 0, len(p.Pieces)*len(turns))
	for i := range p.Pieces {
		for _, r := range turns {
			c.all = append(c.all, puzzle.Placement{Piece: puzzle.PieceID(i), Rotation: r})
			shows = append(shows, p.Pieces[i].Turned(r))
		}
	}
	keys := make([]uint64, len(c.all))
	for _, s := range puzzle.Sides {
		for i, e := range shows {
			keys[i] = uint64(uint32(e[s]))
		}
		c.single[s] = newGroups(keys, c.all)
	}
	for k, sp := range sidePairs {
		for i, e := range shows {
			keys[i] = pairKey(e[sp[0]], e[sp[1]])
		}
		c.pair[k] = newGroups(keys, c.all)
	}
	return c, nil
}

// Labels returns the label scorer the index was built on.
func (c *Candidates) Labels() *Labels { return c.labels }

// LeftTop returns the oriented pieces that show left on their Left side and
// top on their Top side: the candidates of a row scan. The slice is shared;
// do not modify it.
func (c *Candidates) LeftTop(left, top puzzle.Label) []puzzle.Placement {
	return c.pair[0].get(pairKey(left, top))
}

// Base returns a shared list that holds every oriented piece satisfying n,
// and perhaps others that fail n on its remaining constrained sides, chosen
// from the index as the shortest list available in O(1). With two or more
// constrained sides it is keyed on two of them; check the rest with
// Satisfies.
func (c *Candidates) Base(n Need) []puzzle.Placement {
	var known [4]puzzle.Side
	k := 0
	for _, s := range puzzle.Sides {
		if n[s] != Any {
			known[k] = s
			k++
		}
	}
	switch k {
	case 0:
		return c.all[:len(c.all):len(c.all)]
	case 1:
		return c.single[known[0]].get(uint64(uint32(n[known[0]])))
	}
	// Every pair of known sides keys a list holding all the fits; each probe
	// is one map look-up, so keep the shortest.
	var list []puzzle.Placement
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			pi := pairIndex[known[i]][known[j]]
			sp := sidePairs[pi]
			l := c.pair[pi].get(pairKey(n[sp[0]], n[sp[1]]))
			if (i == 0 && j == 1) || len(l) < len(list) {
				list = l
			}
		}
	}
	return list
}

// Satisfies reports whether pl shows the needed label on every constrained
// side.
func (c *Candidates) Satisfies(pl puzzle.Placement, n Need) bool {
	for _, s := range puzzle.Sides {
		if n[s] != Any && c.labels.Edge(pl, s) != n[s] {
			return false
		}
	}
	return true
}

// AppendFitting appends to dst the oriented pieces that satisfy n and
// returns the extended slice.
func (c *Candidates) AppendFitting(dst []puzzle.Placement, n Need) []puzzle.Placement {
	for _, pl := range c.Base(n) {
		if c.Satisfies(pl, n) {
			dst = append(dst, pl)
		}
	}
	return dst
}

// NeedAt returns what a piece in cell cell of board b must show: on each
// side facing a placed neighbour, the mate of that neighbour's label; on each
// side on the rim, Flat; Any elsewhere. ok is false when a placed neighbour
// shows a flat side towards the cell, which no piece can fit.
func (c *Candidates) NeedAt(b *puzzle.Board, cell puzzle.Cell) (n Need, ok bool) {
	rule := c.labels.rule
	for _, s := range puzzle.Sides {
		nb := cell.Neighbour(s)
		if !b.In(nb) {
			n[s] = puzzle.Flat
			continue
		}
		o := b.At(nb)
		if o.IsEmpty() {
			n[s] = Any
			continue
		}
		l := c.labels.Edge(o, s.Opposite())
		if l == puzzle.Flat {
			return n, false
		}
		n[s] = rule.Mate(l)
	}
	return n, true
}

// String describes a need for error messages and tests.
func (n Need) String() string {
	s := "["
	for i, l := range n {
		if i > 0 {
			s += " "
		}
		if l == Any {
			s += "*"
		} else {
			s += fmt.Sprint(int32(l))
		}
	}
	return s + "]"
}
