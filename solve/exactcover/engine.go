package exactcover

// An engine is one implementation of the search: Algorithm X with DLX1's
// choice of item (or the leftmost item) and DLX2's treatment of colours.
// Every engine visits the same search tree in the same order and counts
// the same nodes and updates; they differ in their data structures, and
// so in speed.
type engine interface {
	// search runs the search to the end, or until check or visit says to
	// stop, and reports whether it ran to the end. check(true) is called
	// before a node once the node count reaches t.nodes or the update
	// count t.updates, and check(false) after a solution once the
	// solution count reaches t.solutions; check returns false to end the
	// search, and sets the thresholds again. visit, when not nil, is told
	// of every solution.
	search(t *thresholds, check func(atNode bool) bool, visit visitor) bool
	// solution returns the Problem's indices of the options chosen on
	// levels 0..level, in the order chosen.
	solution(level int) []int
	// count returns the engine's counters.
	count() *counters
}

// counters count a search's work: a node for every entry to the forward
// step (the root and every option tried that does not complete a
// solution; DLX1 and DLX2 also count the options that complete one, so
// their node count is nodes + solutions), an update for every item
// unlinked by cover and every node unlinked by cover or purify (as DLX1
// and DLX2 count them); and the solutions.
type counters struct {
	nodes, updates, solutions int64
	// scanned counts the items choose looked at: not one of Knuth's
	// counters, but work that polling must see, since on a problem of
	// many items a node can scan them all while doing few updates.
	scanned int64
}

func (c *counters) count() *counters { return c }

// A visitor is told of each solution, whose options are on levels
// 0..level; it returns false to end the search.
type visitor func(level int) bool

// thresholds say when search next calls its check.
type thresholds struct {
	nodes, updates, solutions, scanned int64
}

// idle stands in for an engine in a run that ended before its search
// began: it searches nothing.
type idle struct{ *counters }

func (idle) search(*thresholds, func(bool) bool, visitor) bool { return false }
func (idle) solution(int) []int                                { return nil }
