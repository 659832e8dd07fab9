package eternity

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Branch is one independent part of an Exact search: the search below a
// prefix, the placements of the first cells of the scan. The branches of
// a Split partition the search: their counts sum to Count's, and their
// nodes, with the Split's own, to Count's nodes. A branch can run on
// another machine (send its Checkpoint; Resume it there with an Exact
// built from the same puzzle and options), be stopped, and go on from
// its Checkpoint.
//
// A Branch is not safe for concurrent use; distinct branches of one
// Exact are.
type Branch struct {
	x      *Exact
	prefix int
	s      *search
	spent  time.Duration
}

// Split enumerates the prefixes of the search's first depth cells, in
// search order, and returns one branch per prefix that the search
// reaches. depth is capped at Depth(); 0 gives one branch, the whole
// search. The stats count the placements Split itself made: those of the
// prefixes and of the dead ends above depth. A puzzle whose fixed pieces
// clash has no branch. When ctx ends the enumeration first, the branches
// so far come back with status Canceled: they do not cover the search.
func (x *Exact) Split(ctx context.Context, depth int) ([]*Branch, ExactStats, error) {
	start := time.Now()
	if ctx == nil {
		return nil, ExactStats{}, errNilContext
	}
	if depth < 0 {
		return nil, ExactStats{}, fmt.Errorf("eternity: split depth %d: want 0 or more", depth)
	}
	depth = min(depth, len(x.steps))
	if depth == 0 {
		b := &Branch{x: x, s: x.newSearch(ctx)}
		return []*Branch{b}, ExactStats{Runtime: time.Since(start), Status: solve.Exhausted}, nil
	}
	s := x.newSearch(ctx)
	s.last = depth - 1
	var out []*Branch
	var err error
	prefix := make([]int32, depth)
	covered := s.run(func() bool {
		for i := range prefix {
			prefix[i] = s.frames[i].elem
		}
		var b *Branch
		// The search's own placements replay: an error here is a bug.
		if b, err = x.branch(prefix); err != nil {
			return false
		}
		out = append(out, b)
		return true
	})
	if err != nil {
		return nil, ExactStats{}, err
	}
	return out, ExactStats{Nodes: s.nodes, Runtime: time.Since(start), Status: status(covered, false)}, nil
}

// branch returns the branch below the prefix, a list of elements for the
// first cells of the scan.
func (x *Exact) branch(prefix []int32) (*Branch, error) {
	s := x.newSearch(context.Background())
	for i, e := range prefix {
		if !s.push(e) {
			return nil, fmt.Errorf("eternity: prefix placement %d (piece %d turned %d in cell %v) does not fit", i, e>>2, e&3, x.cellOf(i))
		}
	}
	s.base = len(prefix)
	return &Branch{x: x, prefix: len(prefix), s: s}, nil
}

// cellOf returns the cell the search fills at depth d.
func (x *Exact) cellOf(d int) puzzle.Cell {
	if d >= len(x.steps) {
		return puzzle.Cell{Row: -1, Col: -1}
	}
	c := int(x.steps[d].cell)
	return puzzle.Cell{Row: c / x.p.Cols, Col: c % x.p.Cols}
}

// Prefix returns the branch's prefix as fixed pieces, in scan order: a
// puzzle with these added to its Fixed pieces has the branch's solutions.
func (b *Branch) Prefix() []puzzle.FixedPiece {
	out := make([]puzzle.FixedPiece, b.prefix)
	for i := range out {
		e := b.s.frames[i].elem
		out[i] = puzzle.FixedPiece{Cell: b.x.cellOf(i), Placement: puzzle.Placement{Piece: puzzle.PieceID(e >> 2), Rotation: puzzle.Rotation(e & 3)}}
	}
	return out
}

// Done reports whether the branch's search is complete.
func (b *Branch) Done() bool { return b.s.done }

// Run counts the solutions below the branch's prefix, going on from
// where an earlier Run or the Checkpoint it was resumed from stopped. The
// count and the stats' Nodes and Runtime cover the branch's whole search
// so far, so a branch stopped and resumed any number of times ends with
// the same count and nodes as one run straight through. The status is
// Exhausted once the branch is done, Canceled when ctx ended it first.
func (b *Branch) Run(ctx context.Context) (uint64, ExactStats, error) {
	start := time.Now()
	if ctx == nil {
		return 0, ExactStats{}, errNilContext
	}
	s := b.s
	s.ctx = ctx
	covered := s.run(func() bool {
		s.solutions += s.factor()
		return true
	})
	b.spent += time.Since(start)
	return s.solutions, ExactStats{Nodes: s.nodes, Runtime: b.spent, Status: status(covered, false)}, nil
}

// Checkpoint is a branch's resumable state: the search stack and the
// counts so far. It is plain data, to be stored with encoding/json (or
// any encoder) and given to Resume. Elements are 4·piece + rotation.
type Checkpoint struct {
	// Fingerprint identifies the puzzle and options of the search that
	// made the checkpoint; Resume refuses another.
	Fingerprint uint64 `json:"fingerprint"`
	// Prefix is the number of leading Stack entries that are the
	// branch's prefix.
	Prefix int `json:"prefix"`
	// Stack holds the element placed at each depth, from the first cell
	// of the scan down to the depth the search goes on at.
	Stack []int32 `json:"stack"`
	// Next is the position, among the candidates of the depth after
	// Stack, of the next one to try.
	Next int32 `json:"next"`
	// Done says the branch is complete.
	Done bool `json:"done"`
	// Solutions and Nodes are the branch's counts so far, so that a
	// resumed branch reports totals over all its sessions.
	Solutions uint64 `json:"solutions"`
	Nodes     uint64 `json:"nodes"` // search nodes visited
	// Runtime is the time spent running the branch so far.
	Runtime time.Duration `json:"runtime"`
}

// Checkpoint returns the branch's state: where it stands and what it
// counted.
func (b *Branch) Checkpoint() Checkpoint {
	s := b.s
	cp := Checkpoint{
		Fingerprint: b.x.print,
		Prefix:      b.prefix,
		Stack:       make([]int32, s.d),
		Done:        s.done,
		Solutions:   s.solutions,
		Nodes:       s.nodes,
		Runtime:     b.spent,
	}
	for i := range cp.Stack {
		cp.Stack[i] = s.frames[i].elem
	}
	if s.d < len(b.x.steps) {
		f := &b.x.steps[s.d]
		k := f.off + s.cm[f.l].r + s.cm[f.t].b
		cp.Next = s.pos - b.x.starts[k]
	}
	return cp
}

// errCheckpoint reports a checkpoint that does not belong to the search.
var errCheckpoint = errors.New("eternity: checkpoint")

// Resume returns the branch a checkpoint describes, ready to Run on from
// where it stopped. The checkpoint must come from a search of the same
// puzzle with the same options.
func (x *Exact) Resume(cp Checkpoint) (*Branch, error) {
	if cp.Fingerprint != x.print {
		return nil, fmt.Errorf("%w: made by another puzzle or other options (fingerprint %#x, this search %#x)", errCheckpoint, cp.Fingerprint, x.print)
	}
	if cp.Prefix < 0 || cp.Prefix > len(cp.Stack) || len(cp.Stack) > len(x.steps) {
		return nil, fmt.Errorf("%w: prefix of %d in a stack of %d; the search fills %d cells", errCheckpoint, cp.Prefix, len(cp.Stack), len(x.steps))
	}
	b, err := x.branch(cp.Stack[:cp.Prefix])
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errCheckpoint, err)
	}
	s := b.s
	for i, e := range cp.Stack[cp.Prefix:] {
		if !s.push(e) {
			d := cp.Prefix + i
			return nil, fmt.Errorf("%w: stack entry %d (piece %d turned %d in cell %v) does not fit", errCheckpoint, d, e>>2, e&3, x.cellOf(d))
		}
	}
	if cp.Next < 0 || cp.Next > s.end-s.pos {
		return nil, fmt.Errorf("%w: next candidate %d of %d", errCheckpoint, cp.Next, s.end-s.pos)
	}
	s.pos += cp.Next
	s.done, s.solutions, s.nodes = cp.Done, cp.Solutions, cp.Nodes
	b.spent = cp.Runtime
	return b, nil
}
