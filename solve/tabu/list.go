package tabu

// kind is the kind of a step's move.
type kind uint8

const (
	// none is no move: the board has fewer than two free slots, and a step
	// is the local improvement alone. The zero move, which fills a
	// cleared list, has this kind and never matches a real move.
	none kind = iota
	colSwap
	rowSwap
	blockSwap
	pairSwap
)

// move is a step's move and its tabu attribute. For rows, columns and
// pairs of slots a < b are the two indices; for blocks they are the
// top-left cells of the two blocks, a < b, and h × w is their size. The
// order a < b makes a swap and its reverse one attribute, which halves the
// attributes the list must hold (seed 000 L8265–8290).
type move struct {
	kind kind
	a, b int32
	h, w int32
}

// list is the thesis's tabu list (seed 000 L3032–3046, L7974–8077): a
// fixed-size FIFO of move attributes in which a new entry overwrites the
// oldest once the list is full, searched linearly. The lists the thesis's
// formula gives are short (240 entries on 16×16), and a search of the list
// is nothing beside a step's local improvement.
type list struct {
	items []move
	next  int // where the next entry goes
	n     int // entries held, up to len(items)
}

// newList returns an empty list holding up to size entries; a list of
// size 0 holds nothing and forbids nothing.
func newList(size int) *list {
	return &list{items: make([]move, max(size, 0))}
}

// clear empties the list, as diversification does.
func (l *list) clear() {
	l.next, l.n = 0, 0
}

// add appends m, overwriting the oldest entry when the list is full.
func (l *list) add(m move) {
	if len(l.items) == 0 {
		return
	}
	l.items[l.next] = m
	l.next++
	if l.next == len(l.items) {
		l.next = 0
	}
	l.n = min(l.n+1, len(l.items))
}

// contains reports whether m is tabu.
func (l *list) contains(m move) bool {
	for _, x := range l.items[:l.n] {
		if x == m {
			return true
		}
	}
	return false
}

// len returns the number of entries held.
func (l *list) len() int { return l.n }
