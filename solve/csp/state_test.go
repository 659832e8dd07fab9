package csp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// The tests here walk the search by hand, choosing random values, and at
// every step hold the incremental state (domains kept by trail, the open
// set, the implicit domains of untouched cells, the cell orders) against
// the same things computed from scratch from the board alone.

// walkPuzzle returns a generated puzzle for the walks.
func walkPuzzle(t *testing.T, kind string, rows, cols int, seed uint64, change func(*puzzle.Puzzle, *puzzle.Board)) *puzzle.Puzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	var (
		p   *puzzle.Puzzle
		sol *puzzle.Board
		err error
	)
	switch kind {
	case "shapes":
		p, sol, err = puzzle.GenerateShapes(rows, cols, 2, rng)
	case "unique":
		p, sol, err = puzzle.GenerateUnique(rows, cols, rng)
	}
	if err != nil {
		t.Fatal(err)
	}
	if change != nil {
		change(p, sol)
	}
	p, _, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// newWalk builds a search state for p without running it.
func newWalk(t *testing.T, p *puzzle.Puzzle, prop Propagation, order Order) *state {
	t.Helper()
	s := New(WithPropagation(prop), WithOrder(order))
	_, st, err := s.start(context.Background(), solve.Problem{Puzzle: p}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// wantDomain computes from the board alone the forward-checking domain of
// undecided cell c: the elements of unplaced pieces, flat on the rim (and,
// when no cell may stay empty, nowhere else), that fit every placed
// neighbour.
func wantDomain(st *state, c int32) []int32 {
	m := st.m
	b := st.board
	cell := b.CellAt(int(c))
	used := make(map[puzzle.PieceID]bool)
	for _, pl := range b.Cells {
		if !pl.IsEmpty() {
			used[pl.Piece] = true
		}
	}
	var out []int32
	for e := range int32(m.elems) {
		pl := m.placement(e)
		if used[pl.Piece] {
			continue
		}
		ok := true
		for _, s := range puzzle.Sides {
			n := cell.Neighbour(s)
			l := m.labels.Edge(pl, s)
			switch {
			case !b.In(n):
				ok = ok && l == puzzle.Flat
			case !b.At(n).IsEmpty():
				ok = ok && m.labels.Fits(pl, s, b.At(n))
			case st.m.noHoles:
				ok = ok && l != puzzle.Flat
			}
		}
		if ok {
			out = append(out, e)
		}
	}
	return out
}

// domainOf lists the elements of undecided cell c as the state holds them.
func domainOf(st *state, c int32) []int32 {
	var out []int32
	var words []uint64
	if st.cstate[c] == open {
		words = st.cellDomain(c)
	} else {
		k := st.m.kind[c]
		for w, x := range st.m.init[k] {
			words = append(words, x&^st.used[w])
		}
	}
	for w, x := range words {
		for b := range 64 {
			if x&(1<<b) != 0 {
				out = append(out, int32(w*64+b))
			}
		}
	}
	return out
}

// arcClosure narrows the given domains to their arc-consistent fixpoint
// by the thesis's own method: sweep every cell, element and neighbour until
// nothing changes.
func arcClosure(st *state, doms map[int32][]int32) {
	m := st.m
	for changed := true; changed; {
		changed = false
		for c, d := range doms {
			kept := d[:0:0]
			for _, a := range d {
				ok := true
				for _, s := range puzzle.Sides {
					n := m.link[4*c+int32(s)]
					nd, undecided := doms[n]
					if n < 0 || !undecided {
						continue
					}
					found := false
					for _, b := range nd {
						if m.piece(b) != m.piece(a) && m.labels.Fits(m.placement(a), s, m.placement(b)) {
							found = true
							break
						}
					}
					ok = ok && found
				}
				if ok {
					kept = append(kept, a)
				} else {
					changed = true
				}
			}
			doms[c] = kept
		}
	}
}

// check compares the state with what it should be.
func check(t *testing.T, st *state, step int) {
	t.Helper()
	want := make(map[int32][]int32)
	nOpen := 0
	for c := range int32(st.m.cells) {
		if st.cstate[c] == decided {
			continue
		}
		if !st.board.Cells[c].IsEmpty() {
			t.Fatalf("step %d: undecided cell %d holds %v", step, c, st.board.Cells[c])
		}
		if st.cstate[c] == open {
			nOpen++
			if st.size[c] != int32(len(domainOf(st, c))) {
				t.Fatalf("step %d: cell %d has size %d but %d elements", step, c, st.size[c], len(domainOf(st, c)))
			}
		} else {
			for _, s := range puzzle.Sides {
				if n := st.m.link[4*c+int32(s)]; n >= 0 && st.cstate[n] == decided {
					t.Fatalf("step %d: untouched cell %d has a decided neighbour %d", step, c, n)
				}
			}
		}
		want[c] = wantDomain(st, c)
	}
	for c := range int32(st.m.cells) {
		d, ix := st.cellDomain(c), st.cellIndex(c)
		for w, x := range d {
			if (x != 0) != (ix[w>>6]&(1<<(w&63)) != 0) {
				t.Fatalf("step %d: cell %d word %d is %#x but its index bit says otherwise", step, c, w, x)
			}
		}
	}
	if nOpen != st.nOpen {
		t.Fatalf("step %d: %d open cells, the open set holds %d", step, nOpen, st.nOpen)
	}
	for _, c := range st.openCells[:st.nOpen] {
		if st.cstate[c] != open {
			t.Fatalf("step %d: cell %d in the open set is not open", step, c)
		}
	}
	if st.prop == ArcConsistency && st.holes == 0 {
		arcClosure(st, want)
	}
	for c, w := range want {
		if got := domainOf(st, c); !slices.Equal(got, w) {
			t.Fatalf("step %d: cell %d (%v) has domain %v, want %v", step, c, st.cstate[c], got, w)
		}
	}
	empty := 0
	for c, w := range want {
		if len(w) == 0 && st.cstate[c] == open {
			empty++
		}
	}
	if empty != st.empty {
		t.Fatalf("step %d: %d open cells are empty, the state counts %d", step, empty, st.empty)
	}
	if got, wantC := st.choose(), naiveChoice(st); got != wantC {
		t.Fatalf("step %d: %v chooses cell %d, a scan of the board cell %d", step, st.order, got, wantC)
	}
}

// naiveChoice scans the whole board for the cell the order picks.
func naiveChoice(st *state) int32 {
	if st.order == ThesisOrder && len(st.stack) == 0 && st.cstate[st.centre] != decided {
		return st.centre
	}
	best, bestN, bestFree := int32(-1), 1<<30, 1<<30
	for c := range int32(st.m.cells) {
		if st.cstate[c] == decided {
			continue
		}
		if st.order == RowMajor {
			return c
		}
		n := len(domainOf(st, c))
		free := 0
		if st.order == ThesisOrder {
			free = st.undecidedNeighbours(c)
		}
		if n < bestN || n == bestN && free < bestFree {
			best, bestN, bestFree = c, n, free
		}
	}
	return best
}

// TestStateWalk walks down and back up the search tree at random.
func TestStateWalk(t *testing.T) {
	drop := func(cells ...int) func(*puzzle.Puzzle, *puzzle.Board) {
		return func(p *puzzle.Puzzle, b *puzzle.Board) {
			gone := map[int]bool{}
			for _, c := range cells {
				gone[c] = true
			}
			var kept []puzzle.Piece
			for i, pc := range p.Pieces {
				if !gone[i] {
					pc.ID = puzzle.PieceID(len(kept))
					kept = append(kept, pc)
				}
			}
			p.Pieces = kept
			for i := range b.Cells {
				b.Cells[i] = puzzle.Empty
			}
		}
	}
	fix := func(p *puzzle.Puzzle, b *puzzle.Board) {
		p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: b.At(puzzle.Cell{Row: 1, Col: 1})}}
	}
	unturned := func(p *puzzle.Puzzle, _ *puzzle.Board) { p.Rotatable = false }
	tests := []struct {
		name       string
		kind       string
		rows, cols int
		change     func(*puzzle.Puzzle, *puzzle.Board)
	}{
		{name: "shapes", kind: "shapes", rows: 4, cols: 5},
		{name: "unique", kind: "unique", rows: 5, cols: 4},
		{name: "unturned", kind: "shapes", rows: 4, cols: 4, change: unturned},
		{name: "fixed", kind: "shapes", rows: 4, cols: 4, change: fix},
		{name: "holes", kind: "shapes", rows: 4, cols: 4, change: drop(0, 6, 9)},
		{name: "one hole", kind: "unique", rows: 3, cols: 5, change: drop(7)},
	}
	for _, tc := range tests {
		for _, order := range []Order{ThesisOrder, RowMajor, MRV} {
			for _, prop := range []Propagation{ForwardChecking, ArcConsistency} {
				t.Run(fmt.Sprintf("%s/%v/%v", tc.name, order, prop), func(t *testing.T) {
					for seed := uint64(1); seed <= 4; seed++ {
						walk(t, walkPuzzle(t, tc.kind, tc.rows, tc.cols, seed, tc.change), prop, order, seed)
					}
				})
			}
		}
	}
}

// walk descends with random choices, checking the state at every step,
// and on a dead end undoes a random number of levels.
func walk(t *testing.T, p *puzzle.Puzzle, prop Propagation, order Order, seed uint64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	st := newWalk(t, p, prop, order)
	if !st.root() {
		return
	}
	for step := 0; step < 200; step++ {
		check(t, st, step)
		if st.toFill == 0 {
			// Solved: back up and go on.
			if !backUp(st, rng) {
				return
			}
			continue
		}
		st.push()
		f := &st.stack[len(st.stack)-1]
		// Skip a random number of choices, then take the first that
		// propagates.
		for range rng.IntN(3) {
			if !st.advance(f) {
				break
			}
			st.propagate(f)
			st.retract(f)
		}
		descended := false
		for st.advance(f) {
			if st.propagate(f) {
				descended = true
				break
			}
			st.retract(f)
		}
		if !descended {
			st.stack = st.stack[:len(st.stack)-1]
			if !backUp(st, rng) {
				return
			}
		}
	}
}

// backUp undoes a random number of levels, at least one; it reports false
// at the root.
func backUp(st *state, rng *rand.Rand) bool {
	if len(st.stack) == 0 {
		return false
	}
	for n := 1 + rng.IntN(len(st.stack)); n > 0; n-- {
		f := &st.stack[len(st.stack)-1]
		st.retract(f)
		st.stack = st.stack[:len(st.stack)-1]
	}
	return true
}
