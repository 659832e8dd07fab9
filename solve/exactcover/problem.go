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
	// until the first name.
	names []string
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
	// seen marks, per item, the last AddOption call that mentioned it,
	// to find repeats in O(1); calls counts the calls.
	seen  []int
	calls int
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

// NewProblem returns a problem with the given numbers of primary and
// secondary items and no options. It panics if either number is negative
// or the items are too many to index with an int32, as make does for a bad
// length: both are the caller's mistake, not data.
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
	if p.names == nil {
		if name == "" {
			return
		}
		p.names = make([]string, p.primary+p.secondary)
	}
	p.names[item] = name
}

// Name returns the item's name: the one SetName gave it, or else its index
// in decimal. It panics if item is out of range.
func (p *Problem) Name(item int) string {
	p.checkItem(item)
	if p.names != nil && p.names[item] != "" {
		return p.names[item]
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
	if p.names != nil && p.names[item] != "" {
		return fmt.Sprintf("item %d (%q)", item, p.names[item])
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
	if p.seen == nil {
		p.seen = make([]int, n)
	}
	p.calls++
	stamp := p.calls
	for _, e := range elems {
		it := int(e.Item)
		switch {
		case it < 0 || it >= n:
			return -1, fmt.Errorf("exactcover: option %d: item %d out of range [0, %d)", idx, it, n)
		case p.seen[it] == stamp:
			return -1, fmt.Errorf("exactcover: option %d: %s appears twice", idx, p.describe(it))
		case e.Colour < 0:
			return -1, fmt.Errorf("exactcover: option %d: %s has negative colour %d", idx, p.describe(it), e.Colour)
		case e.Colour != 0 && it < p.primary:
			return -1, fmt.Errorf("exactcover: option %d: primary %s cannot take colour %d", idx, p.describe(it), e.Colour)
		}
		p.seen[it] = stamp
	}
	if p.nodes+int64(len(elems))+1 > maxNodes {
		return -1, fmt.Errorf("exactcover: option %d: the problem would exceed %d elements", idx, maxNodes)
	}
	p.nodes += int64(len(elems)) + 1
	p.elems = append(p.elems, elems...)
	p.start = append(p.start, len(p.elems))
	return idx, nil
}
