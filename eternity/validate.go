package eternity

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reassemble/jigsaw/puzzle"
)

// Kind classifies a piece by its grey (Flat) sides.
type Kind uint8

const (
	// Inner pieces have no grey side.
	Inner Kind = iota
	// Edge pieces have one grey side: they belong on the rim between the
	// corners.
	Edge
	// Corner pieces have two grey sides next to each other.
	Corner
	// Odd pieces fit no cell of a board at least 2×2 wide: two grey sides
	// facing each other, or three or four grey sides.
	Odd
)

// String returns the kind's lower-case name, as validation messages use
// it to count pieces ("5 corner pieces").
func (k Kind) String() string {
	switch k {
	case Inner:
		return "inner"
	case Edge:
		return "edge"
	case Corner:
		return "corner"
	case Odd:
		return "odd"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// KindOf returns the kind of piece pc.
func KindOf(pc *puzzle.Piece) Kind {
	n := 0
	for _, s := range puzzle.Sides {
		if pc.Edges[s] == puzzle.Flat {
			n++
		}
	}
	switch n {
	case 0:
		return Inner
	case 1:
		return Edge
	case 2:
		if (pc.Edges[puzzle.Top] == puzzle.Flat) == (pc.Edges[puzzle.Bottom] == puzzle.Flat) {
			return Odd // the two grey sides face each other
		}
		return Corner
	}
	return Odd
}

// Census describes a piece set: what it has, and what a solver or a reader
// of the file should know before searching. The official Eternity II set
// has 4 corners, 56 edges and 196 inner pieces; 5 frame colours on 24 sides
// each and 17 inner colours (5 on 48 sides, 12 on 50); no duplicate and no
// symmetric piece; and three pieces (173, 199 and 233 counted from 1) with
// a repeated corner.
type Census struct {
	// Count is the number of pieces of each Kind.
	Count [4]int
	// Frame counts, per colour, the sides that run along the frame when
	// their piece lies on the rim: the two sides beside an edge piece's
	// grey side, and a corner's two coloured sides.
	Frame map[puzzle.Label]int
	// Inside counts, per colour, every other coloured side: all sides of
	// inner pieces, and the side opposite an edge piece's grey side.
	Inside map[puzzle.Label]int
	// Grey is the number of grey sides.
	Grey int
	// Duplicates lists groups of two or more pieces that are the same
	// up to rotation, each group in increasing order.
	Duplicates [][]puzzle.PieceID
	// Symmetric lists the pieces that look the same after a half turn
	// (and so after a quarter turn too if they are fourfold symmetric):
	// a solver that tries all four rotations of them does work twice.
	Symmetric []puzzle.PieceID
	// RepeatedCorners lists the pieces with the same ordered pair of
	// colours at two of their corners (reading clockwise), such as
	// (15, 15, 15, 9): the seed's backtracker turns such a piece to its
	// other matching corner instead of removing it.
	RepeatedCorners []puzzle.PieceID
}

// FrameColours returns the colours found on Frame sides, in increasing
// order.
func (c *Census) FrameColours() []puzzle.Label { return sortedKeys(c.Frame) }

// InnerColours returns the colours found on Inside sides, in increasing
// order.
func (c *Census) InnerColours() []puzzle.Label { return sortedKeys(c.Inside) }

func sortedKeys(m map[puzzle.Label]int) []puzzle.Label {
	out := make([]puzzle.Label, 0, len(m))
	for l := range m {
		out = append(out, l)
	}
	slices.Sort(out)
	return out
}

// TakeCensus counts p's pieces by kind and colour and finds its duplicate,
// symmetric and repeated-corner pieces.
func TakeCensus(p *puzzle.Puzzle) *Census {
	c := &Census{Frame: map[puzzle.Label]int{}, Inside: map[puzzle.Label]int{}}
	if p == nil {
		return c
	}
	groups := map[[4]puzzle.Label][]puzzle.PieceID{}
	var order [][4]puzzle.Label
	for i := range p.Pieces {
		pc := &p.Pieces[i]
		k := KindOf(pc)
		c.Count[k]++
		for _, s := range puzzle.Sides {
			l := pc.Edges[s]
			switch {
			case l == puzzle.Flat:
				c.Grey++
			case k == Corner:
				c.Frame[l]++
			case k == Edge && pc.Edges[s.Opposite()] != puzzle.Flat:
				c.Frame[l]++ // beside the grey side
			default:
				c.Inside[l]++
			}
		}
		key := canonical(pc)
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], pc.ID)
		if pc.Turned(2) == pc.Edges {
			c.Symmetric = append(c.Symmetric, pc.ID)
		}
		if repeatedCorner(pc) {
			c.RepeatedCorners = append(c.RepeatedCorners, pc.ID)
		}
	}
	for _, key := range order {
		if g := groups[key]; len(g) > 1 {
			c.Duplicates = append(c.Duplicates, g)
		}
	}
	return c
}

// canonical returns the least of the four turns of pc's sides, the same
// for every rotation of the same piece.
func canonical(pc *puzzle.Piece) [4]puzzle.Label {
	best := pc.Edges
	for _, r := range []puzzle.Rotation{1, 2, 3} {
		if t := pc.Turned(r); slices.Compare(t[:], best[:]) < 0 {
			best = t
		}
	}
	return best
}

// repeatedCorner reports whether two corners of pc show the same ordered
// pair of colours, reading clockwise: the corner between sides s and s+1.
func repeatedCorner(pc *puzzle.Piece) bool {
	for a := range 4 {
		for b := a + 1; b < 4; b++ {
			if pc.Edges[a] == pc.Edges[b] && pc.Edges[(a+1)%4] == pc.Edges[(b+1)%4] {
				return true
			}
		}
	}
	return false
}

// Check reports every reason p cannot be a solvable edge-matching puzzle
// with a grey frame, joined into one error, or nil: a puzzle that fails
// Puzzle.Validate; a rule other than Equal; piece kinds that do not fit the
// board (4 corners, 2·(rows+cols)−8 edges, the rest inner, for boards at
// least 2×2); and colours that cannot pair up: every colour must appear an
// even number of times among Frame sides and among Inside sides, since each
// join takes two sides of its own type. Duplicate and symmetric pieces are
// not errors; TakeCensus lists them.
func Check(p *puzzle.Puzzle) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("eternity: %w", err)
	}
	var errs []error
	if p.Rule != puzzle.Equal {
		errs = append(errs, fmt.Errorf("eternity: rule %v: edge matching is the equal rule", p.Rule))
	}
	c := TakeCensus(p)
	if len(p.Pieces) != p.Cells() {
		errs = append(errs, fmt.Errorf("eternity: %d pieces for %d cells", len(p.Pieces), p.Cells()))
	}
	if p.Rows >= 2 && p.Cols >= 2 {
		want := [4]int{
			Corner: 4,
			Edge:   2 * (p.Rows + p.Cols - 4),
			Inner:  (p.Rows - 2) * (p.Cols - 2),
		}
		for _, k := range []Kind{Corner, Edge, Inner, Odd} {
			if c.Count[k] != want[k] {
				errs = append(errs, fmt.Errorf("eternity: %d %s pieces; a %d×%d board takes %d%s", c.Count[k], k, p.Rows, p.Cols, want[k], firstOfKind(p, k, c.Count[k] > want[k])))
			}
		}
	}
	for _, t := range []struct {
		name string
		m    map[puzzle.Label]int
	}{{"frame", c.Frame}, {"inner", c.Inside}} {
		for _, l := range sortedKeys(t.m) {
			if t.m[l]%2 != 0 {
				errs = append(errs, fmt.Errorf("eternity: colour %d is on %d %s sides, an odd number, so one of them can never be matched", l, t.m[l], t.name))
			}
		}
	}
	return errors.Join(errs...)
}

// firstOfKind names the first piece of kind k when there are too many of
// them, to start the search for a misread line.
func firstOfKind(p *puzzle.Puzzle, k Kind, tooMany bool) string {
	if !tooMany {
		return ""
	}
	for i := range p.Pieces {
		if KindOf(&p.Pieces[i]) == k {
			return fmt.Sprintf(" (the first is piece %d, %v)", i, p.Pieces[i].Edges)
		}
	}
	return ""
}
