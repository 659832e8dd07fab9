package exactcover

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Problem is an exact-cover problem: items 0..Primary-1 are primary (each
// covered exactly once), items Primary..Primary+Secondary-1 are secondary
// (covered at most once; with colours, several options may share a
// secondary item if they give it the same colour — Knuth's XCC).
//
// A Problem grows by AddOption and is read, never changed, by the solvers:
// several goroutines may solve one Problem at once as long as none of them
// adds options or names at the same time.
type Problem struct {
	primary, secondary int
	// names holds the names set by SetName, "" where none was set; nil
	// until the first name. A problem of more than denseNames items keeps
	// them in sparse instead, so that naming one item of a huge problem
	// does not allocate a string header for every item.
	names  []string
	sparse map[int]string
	// elems holds every option's elements, one option after another;
	// option i is elems[start[i]:start[i+1]].
	elems []Elem
	start []int
	// nodes counts the cells the dancing-links structure will need:
	// headers, elements and spacers, kept under math.MaxInt32 so that
	// every link fits an int32.
	nodes int64
	// colourNames remembers the non-numeric colour names read from a
	// .dlx file, so that writing the problem back gives the same names.
	colourNames map[int32]string
	// scratch holds a long option's items, sorted to find repeats: an
	// array indexed by item would cost memory in proportion to the items
	// declared, which may be far more than any option mentions.
	scratch []int32
}

// Elem is one item of an option, with a colour for secondary items (0 = no
// colour).
type Elem struct {
	// Item indexes the problem's items; int32 keeps an option's
	// elements compact, as the solvers copy them into their links.
	Item int32
	// Colour lets options share a secondary item when they agree on it
	// (Knuth's colours); 0 means the item is covered outright.
	Colour int32
}

// maxNodes bounds the dancing-links structure so that its links fit int32.
const maxNodes = math.MaxInt32 - 1

// denseNames is the largest number of items whose names are kept in an
// array (16 bytes an item); beyond it, only the names set take memory.
const denseNames = 1 << 20

// shortOption is the longest option whose items are checked for repeats
// pair by pair; longer ones are sorted, which is cheaper from about there.
const shortOption = 16

// NewProblem returns a problem with the given numbers of primary and
// secondary items and no options. It panics if either number is negative
// or the items are too many to index with an int32, as make does for a bad
// length: both are the caller's mistake, not data.
//
// Memory grows with the options added, not with the numbers declared: an
// item that no option mentions costs nothing, in the Problem or in a run,
// so a caller may number its items sparsely.
func NewProblem(primary, secondary int) *Problem {
	if primary < 0 || secondary < 0 {
		panic(fmt.Sprintf("exactcover: NewProblem(%d, %d): negative number of items", primary, secondary))
	}
	n := int64(primary) + int64(secondary)
	if n+3 > maxNodes {
		panic(fmt.Sprintf("exactcover: NewProblem(%d, %d): too many items", primary, secondary))
	}
	return &Problem{
		primary:   primary,
		secondary: secondary,
		start:     []int{0},
		// Headers for the root, the items and the secondary list, and
		// the spacer before the first option.
		nodes: n + 2,
	}
}

// Items returns the numbers of primary and secondary items.
func (p *Problem) Items() (primary, secondary int) { return p.primary, p.secondary }

// Options returns the number of options.
func (p *Problem) Options() int { return len(p.start) - 1 }

// Option returns a copy of option i's elements, in the order they were
// added. It panics if i is out of range.
func (p *Problem) Option(i int) []Elem {
	if i < 0 || i >= p.Options() {
		panic(fmt.Sprintf("exactcover: option %d out of range [0, %d)", i, p.Options()))
	}
	return slices.Clone(p.elems[p.start[i]:p.start[i+1]])
}

// SetName names an item, for the .dlx format and for error messages. Names
// written to a .dlx file must be non-empty, distinct, and free of spaces,
// ':' and '|'; WriteDLX reports any that are not. It panics if item is out
// of range.
func (p *Problem) SetName(item int, name string) {
	p.checkItem(item)
	if p.primary+p.secondary > denseNames {
		if name == "" {
			delete(p.sparse, item)
			return
		}
		if p.sparse == nil {
			p.sparse = map[int]string{}
		}
		p.sparse[item] = name
		return
	}
	if p.names == nil {
		if name == "" {
			return
		}
		p.names = make([]string, p.primary+p.secondary)
	}
	p.names[item] = name
}

// nameOf returns the name SetName gave item, or "".
func (p *Problem) nameOf(item int) string {
	if p.names != nil {
		return p.names[item]
	}
	return p.sparse[item]
}

// Name returns the item's name: the one SetName gave it, or else its index
// in decimal. It panics if item is out of range.
func (p *Problem) Name(item int) string {
	p.checkItem(item)
	if name := p.nameOf(item); name != "" {
		return name
	}
	return strconv.Itoa(item)
}

func (p *Problem) checkItem(item int) {
	if n := p.primary + p.secondary; item < 0 || item >= n {
		panic(fmt.Sprintf("exactcover: item %d out of range [0, %d)", item, n))
	}
}

// describe names an item for an error message: its index, and its name
// when it has one.
func (p *Problem) describe(item int) string {
	if name := p.nameOf(item); name != "" {
		return fmt.Sprintf("item %d (%q)", item, name)
	}
	return fmt.Sprintf("item %d", item)
}

// Grow makes room for options more options holding elems elements in all,
// so that a caller who knows the size of its problem builds it in one
// allocation instead of growing it option by option (which, for a large
// problem, allocates several times its final size). Negative numbers are
// taken as 0, and numbers beyond what the problem can still hold are
// ignored: such a hint is wrong, and honouring it would exhaust memory.
func (p *Problem) Grow(options, elems int) {
	room := int64(maxNodes) - p.nodes
	if options > 0 && int64(options) <= room {
		p.start = slices.Grow(p.start, options)
	}
	if elems > 0 && int64(elems) <= room {
		p.elems = slices.Grow(p.elems, elems)
	}
}

// AddOption appends an option (a row) and returns its index. An option
// lists distinct items; only secondary items may carry a colour, and
// colours are positive (0 means none). On error the problem is unchanged
// and the error names the bad item.
//
// An option without a primary item can never be chosen, as in Knuth's
// programs (which drop it with a warning); it is kept, so that it is written
// back by WriteDLX, but the search ignores it.
func (p *Problem) AddOption(elems ...Elem) (int, error) {
	idx := p.Options()
	if len(elems) == 0 {
		return -1, fmt.Errorf("exactcover: option %d is empty", idx)
	}
	n := p.primary + p.secondary
	short := len(elems) <= shortOption
	for i, e := range elems {
		it := int(e.Item)
		switch {
		case it < 0 || it >= n:
			return -1, fmt.Errorf("exactcover: option %d: item %d out of range [0, %d)", idx, it, n)
		case short && slices.ContainsFunc(elems[:i], func(x Elem) bool { return x.Item == e.Item }):
			return -1, fmt.Errorf("exactcover: option %d: %s appears twice", idx, p.describe(it))
		case e.Colour < 0:
			return -1, fmt.Errorf("exactcover: option %d: %s has negative colour %d", idx, p.describe(it), e.Colour)
		case e.Colour != 0 && it < p.primary:
			return -1, fmt.Errorf("exactcover: option %d: primary %s cannot take colour %d", idx, p.describe(it), e.Colour)
		}
	}
	if !short {
		items := p.scratch[:0]
		for _, e := range elems {
			items = append(items, e.Item)
		}
		slices.Sort(items)
		p.scratch = items
		for i := 1; i < len(items); i++ {
			if items[i] == items[i-1] {
				return -1, fmt.Errorf("exactcover: option %d: %s appears twice", idx, p.describe(int(items[i])))
			}
		}
	}
	if p.nodes+int64(len(elems))+1 > maxNodes {
		return -1, fmt.Errorf("exactcover: option %d: the problem would exceed %d elements", idx, maxNodes)
	}
	p.nodes += int64(len(elems)) + 1
	p.elems = append(p.elems, elems...)
	p.start = append(p.start, len(p.elems))
	return idx, nil
}

// compactSlack is how many more items than twice its elements a problem
// may declare before a run renumbers its items (see compact): below it, the
// engines' arrays indexed by item cost a few MiB at most.
const compactSlack = 1 << 16

// compact returns the problem a run should search: p itself, or, when p
// declares many more items than its options mention, a copy with the items
// renumbered densely, so that the engines' arrays indexed by item grow with
// the options rather than with the numbers declared.
//
// The copy searches exactly as p does, with the same nodes and updates
// and the same option indices. It keeps, in their order, the items that
// an option with a primary item mentions (the others are never chosen,
// covered or purified), and the first primary item that no such option
// mentions, if any: both choices of item reach it before any item after
// it, and end the branch there, so the items after it that no option
// mentions are never looked at. Options without a primary item, which the
// search ignores, keep their index with no elements.
func (p *Problem) compact() *Problem {
	n := p.primary + p.secondary
	if int64(n) <= 2*int64(len(p.elems))+compactSlack {
		return p
	}
	hasPrimary := func(opt []Elem) bool {
		return slices.ContainsFunc(opt, func(x Elem) bool { return int(x.Item) < p.primary })
	}
	used := make([]int32, 0, len(p.elems)+1)
	for o := range p.Options() {
		if opt := p.elems[p.start[o]:p.start[o+1]]; hasPrimary(opt) {
			for _, e := range opt {
				used = append(used, e.Item)
			}
		}
	}
	slices.Sort(used)
	used = slices.Compact(used)
	// used begins 0, 1, ..., u-1: u is the first primary item unused.
	u := 0
	for u < len(used) && u < p.primary && int(used[u]) == u {
		u++
	}
	if u < p.primary {
		used = slices.Insert(used, u, int32(u))
	}
	primary, _ := slices.BinarySearch(used, int32(p.primary))
	q := &Problem{
		primary:   primary,
		secondary: len(used) - primary,
		elems:     make([]Elem, 0, len(p.elems)),
		start:     make([]int, 1, len(p.start)),
		nodes:     int64(len(used)) + 2,
	}
	for o := range p.Options() {
		if opt := p.elems[p.start[o]:p.start[o+1]]; hasPrimary(opt) {
			for _, e := range opt {
				k, _ := slices.BinarySearch(used, e.Item)
				q.elems = append(q.elems, Elem{Item: int32(k), Colour: e.Colour})
			}
		}
		q.start = append(q.start, len(q.elems))
		q.nodes += int64(q.start[o+1]-q.start[o]) + 1
	}
	return q
}
