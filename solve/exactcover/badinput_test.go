package exactcover_test

import (
	"context"
	"errors"
	"fmt"
	"github.com/reassemble/jigsaw/internal/badinput"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/exactcover"
)

// TestBadInput gives the package every kind of mistake a caller or a .dlx
// file can make: files with no item line, truncated options, unknown or
// repeated items, colours where none may be, options the problem cannot
// index, hints of huge sizes, problems that were never made, and unknown
// engines. Each row must get an error that names what is wrong and where
// (the line, the option, the item), or the documented status; none may
// panic, and a huge size must be refused before anything its size is
// allocated.
func TestBadInput(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	read := func(text string) func() error {
		return func() error { _, err := exactcover.ReadDLX(strings.NewReader(text)); return err }
	}
	// small is the colour example of ReadDLX's doc: one solution.
	const small = "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"
	problem := func() *exactcover.Problem {
		p, err := exactcover.ReadDLX(strings.NewReader(small))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	add := func(p *exactcover.Problem, elems ...exactcover.Elem) func() error {
		return func() error {
			before := p.Options()
			_, err := p.AddOption(elems...)
			if p.Options() != before {
				return errors.New("a refused option was added")
			}
			return err
		}
	}
	el := func(item, colour int32) exactcover.Elem { return exactcover.Elem{Item: item, Colour: colour} }
	// solveStatus runs Solve and wants the status; a nil error with another
	// status is reported as an error.
	solveStatus := func(s *exactcover.Solver, ctx context.Context, p *exactcover.Problem, want solve.Status) func() error {
		return func() error {
			_, st, _, err := s.Solve(ctx, p, solve.WithMaxIterations(1000))
			if err == nil && st != want {
				return errors.New("status " + st.String() + ", want " + want.String())
			}
			return err
		}
	}

	// engines are every engine under every choice of item.
	var engines []*exactcover.Solver
	for _, e := range []exactcover.Engine{exactcover.Bitsets, exactcover.DancingLinks} {
		for _, c := range []exactcover.Choice{exactcover.MRV, exactcover.Leftmost} {
			engines = append(engines, exactcover.New(exactcover.WithEngine(e), exactcover.WithChoice(c)))
		}
	}

	cases := []struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold; empty means the
		// call is documented to succeed.
		wantIn []string
		// huge marks a row whose input claims a huge size: it must
		// allocate next to nothing.
		huge bool
	}{
		// ReadDLX.
		{name: "empty file", call: read(""), wantIn: []string{"no item line in 0 lines"}},
		{name: "comments only", call: read("| one\n\n| two\n"), wantIn: []string{"no item line in 3 lines"}},
		{name: "item named twice", call: read("A B A\n"), wantIn: []string{"line 1", `item "A" is named twice`}},
		{name: "two bars on the item line", call: read("A | B | C\n"), wantIn: []string{"line 1", "'|' twice"}},
		{name: "colon in an item name", call: read("A B:1\n"), wantIn: []string{"line 1", `"B:1"`}},
		{name: "DLX3 multiplicities", call: read("2:3|A B\n"), wantIn: []string{"line 1", "multiplicities", "DLX3"}},
		{name: "unknown item", call: read("A B\nA\n| note\nB Z\n"), wantIn: []string{"line 4", `unknown item "Z"`, "line 1"}},
		{name: "option truncated inside a name", call: read("A BC | X\nA BC\nA B"), wantIn: []string{"line 3", `unknown item "B"`}},
		{name: "option truncated at a colour", call: read("A | X\nA X:"), wantIn: []string{"line 2", `item "X" has an empty colour`}},
		{name: "item twice in an option", call: read("A B\nA B A\n"), wantIn: []string{"line 2", `item "A" appears twice`}},
		{name: "colour on a primary item", call: read("A | X\nA:1 X\n"), wantIn: []string{"line 2", `primary item "A" cannot take colour "1"`}},
		{name: "colon with no item", call: read("A | X\n:1 A\n"), wantIn: []string{"line 2", `":1" has no item name`}},
		{name: "colour with a colon", call: read("A | X\nA X:1:2\n"), wantIn: []string{"line 2", `colour "1:2"`}},
		{name: "unreadable file", call: func() error {
			_, err := exactcover.ReadDLX(io.MultiReader(strings.NewReader("A B\nA B\n"), errReader{}))
			if !errors.Is(err, errRead) {
				return errors.New("the reader's error is not wrapped")
			}
			return err
		}, wantIn: []string{"reading line 3", "disk on fire"}},
		{name: "colour codes at the end of int32", call: func() error {
			// The largest code, named by number, and a named colour:
			// codes are kept in a map, not an array of their range.
			p, err := exactcover.ReadDLX(strings.NewReader("A B | X\nA X:2147483647\nB X:2147483647\nA X:red\n"))
			if err != nil {
				return err
			}
			return solveStatus(exactcover.New(), context.Background(), p, solve.Solved)()
		}, huge: true},

		// AddOption, Grow and WriteDLX.
		{name: "empty option", call: add(problem()), wantIn: []string{"option 5 is empty"}},
		{name: "option with an item out of range", call: add(problem(), el(0, 0), el(5, 0)), wantIn: []string{"option 5", "item 5 out of range [0, 5)"}},
		{name: "option with a negative item", call: add(problem(), el(-1, 0)), wantIn: []string{"option 5", "item -1"}},
		{name: "option with an item twice", call: add(problem(), el(1, 0), el(3, 0), el(1, 0)), wantIn: []string{"option 5", `"B"`, "twice"}},
		{name: "option with a negative colour", call: add(problem(), el(0, 0), el(3, -4)), wantIn: []string{"option 5", `"X"`, "negative colour -4"}},
		{name: "option colouring a primary item", call: add(problem(), el(2, 7)), wantIn: []string{"option 5", `primary item 2 ("C")`, "colour 7"}},
		{name: "option added to a zero problem", call: add(&exactcover.Problem{}, el(0, 0)), wantIn: []string{"item 0 out of range [0, 0)"}},
		{name: "grow by a huge hint", call: func() error {
			p := exactcover.NewProblem(2, 0)
			p.Grow(math.MaxInt, math.MaxInt)
			p.Grow(1<<40, 1<<40)
			_, err := p.AddOption(el(0, 0), el(1, 0))
			return err
		}, huge: true},
		{name: "option of 17 items with one twice", call: func() error {
			// 17 is one more than the options checked pair by pair:
			// longer ones are sorted.
			p := exactcover.NewProblem(1<<30, 0)
			var elems []exactcover.Elem
			for i := range int32(16) {
				elems = append(elems, el(1<<29-i*1000, 0))
			}
			return add(p, append(elems, el(1<<29-5000, 0))...)()
		}, wantIn: []string{"option 0", "item 536865912 appears twice"}, huge: true},
		{name: "name one item of a billion", call: func() error {
			p := exactcover.NewProblem(1<<30, 0)
			p.SetName(1<<30-1, "last")
			_, err := p.AddOption(el(1<<30-1, 0), el(1<<30, 0))
			return err
		}, wantIn: []string{"item 1073741824 out of range [0, 1073741824)"}, huge: true},
		{name: "write a nil problem", call: func() error { return exactcover.WriteDLX(io.Discard, nil) }, wantIn: []string{"nil problem"}},
		{name: "write a problem without primary items", call: func() error {
			return exactcover.WriteDLX(io.Discard, exactcover.NewProblem(0, 2))
		}, wantIn: []string{"at least one primary item"}},
		{name: "write a name with a blank", call: func() error {
			p := problem()
			p.SetName(1, "B B")
			return exactcover.WriteDLX(io.Discard, p)
		}, wantIn: []string{"item 1", `"B B"`}},
		{name: "write two items of one name", call: func() error {
			p := problem()
			p.SetName(4, "X")
			return exactcover.WriteDLX(io.Discard, p)
		}, wantIn: []string{"items 3 and 4", `"X"`}},

		// The solver.
		{name: "solve a nil problem", call: solveStatus(exactcover.New(), context.Background(), nil, 0), wantIn: []string{"nil problem"}},
		{name: "solve a zero problem", call: solveStatus(exactcover.New(), context.Background(), &exactcover.Problem{}, 0),
			wantIn: []string{"zero Problem", "NewProblem"}},
		{name: "count a zero problem", call: func() error {
			_, err := exactcover.New().Count(context.Background(), &exactcover.Problem{})
			return err
		}, wantIn: []string{"zero Problem"}},
		{name: "all of a nil problem", call: func() error {
			for _, err := range exactcover.New().All(context.Background(), nil) {
				return err
			}
			return errors.New("All yielded nothing")
		}, wantIn: []string{"nil problem"}},
		{name: "unknown engine", call: solveStatus(exactcover.New(exactcover.WithEngine(7)), context.Background(), problem(), 0),
			wantIn: []string{"Engine(7)"}},
		{name: "unknown choice", call: solveStatus(exactcover.New(exactcover.WithChoice(9)), context.Background(), problem(), 0),
			wantIn: []string{"Choice(9)"}},
		{name: "nil option", call: solveStatus(exactcover.New(nil), context.Background(), problem(), solve.Solved)},
		{name: "nil context", call: solveStatus(exactcover.New(), nil, problem(), solve.Solved)},
		{name: "cancelled context", call: solveStatus(exactcover.New(), cancelled, problem(), solve.Canceled)},
		{name: "primary item in no option", call: func() error {
			p := exactcover.NewProblem(3, 0)
			if _, err := p.AddOption(el(0, 0), el(1, 0)); err != nil {
				return err
			}
			return solveStatus(exactcover.New(), context.Background(), p, solve.Exhausted)()
		}},
		{name: "solve a billion primary items, one option", call: func() error {
			// Items no option mentions must cost nothing: an array per
			// declared item would take gigabytes here.
			for _, s := range engines {
				p := exactcover.NewProblem(1<<30, 0)
				if _, err := p.AddOption(el(0, 0), el(1<<30-1, 0)); err != nil {
					return err
				}
				if err := solveStatus(s, context.Background(), p, solve.Exhausted)(); err != nil {
					return err
				}
			}
			return nil
		}, huge: true},
		{name: "solve a billion secondary items, one option", call: func() error {
			for _, s := range engines {
				p := exactcover.NewProblem(2, 1<<30)
				if _, err := p.AddOption(el(0, 0), el(1, 0), el(1<<30+1, 3)); err != nil {
					return err
				}
				if err := solveStatus(s, context.Background(), p, solve.Solved)(); err != nil {
					return err
				}
			}
			return nil
		}, huge: true},
		{name: "sparse items count as dense ones", call: func() error {
			// A problem whose items are spread over a huge range
			// (unused secondary items between the used ones, unused
			// primary items after the first unused one) must search
			// as the same problem numbered densely: same counts.
			for _, s := range engines {
				for _, spread := range []bool{false, true} {
					dense, sparse := sparseTwin(t, spread)
					d, err := s.Count(context.Background(), dense)
					if err != nil {
						return err
					}
					sp, err := s.Count(context.Background(), sparse)
					if err != nil {
						return err
					}
					if d.Solutions != sp.Solutions || d.Stats.Nodes != sp.Stats.Nodes || d.Stats.Updates != sp.Stats.Updates || d.Status != sp.Status {
						return fmt.Errorf("unused primary %v: dense %+v, sparse %+v", spread, d, sp)
					}
				}
			}
			return nil
		}},
		{name: "option of secondary items only", call: func() error {
			p, err := exactcover.ReadDLX(strings.NewReader("A | X Y\nX Y\nA X\n"))
			if err != nil {
				return err
			}
			return solveStatus(exactcover.New(exactcover.WithEngine(exactcover.DancingLinks)), context.Background(), p, solve.Solved)()
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}

// sparseTwin returns one problem twice: numbered densely, and with its
// items spread over a range of 2^24 (an unused secondary item before each
// used one). With unusedPrimary, both have primary items in no option: one
// in the middle of the dense problem's, and 2^20 of them in the sparse
// one's, from the same place on.
func sparseTwin(t *testing.T, unusedPrimary bool) (dense, sparse *exactcover.Problem) {
	t.Helper()
	// Four primary items A B C D and two secondary X Y, options as in
	// the colour example of ReadDLX's doc plus two more on D, so that
	// the search has several solutions and dead ends.
	type opt []exactcover.Elem
	opts := []opt{
		{{Item: 0}, {Item: 1}, {Item: 4}, {Item: 5}},
		{{Item: 0}, {Item: 2}, {Item: 4, Colour: 1}, {Item: 5, Colour: 1}},
		{{Item: 2}, {Item: 4}},
		{{Item: 1}, {Item: 4, Colour: 1}},
		{{Item: 2}, {Item: 5, Colour: 1}},
		{{Item: 3}, {Item: 5, Colour: 1}},
		{{Item: 3}},
		{{Item: 1}, {Item: 2}, {Item: 3}, {Item: 5, Colour: 1}},
	}
	const gap = 1 << 22 // spreads the secondary items over 2^24
	densePrimary, sparsePrimary := 4, 4
	shift := int32(0) // how far the sparse problem moves items 2.. up
	if unusedPrimary {
		// An unused primary item between B and C: dense has one,
		// sparse 2^20.
		densePrimary, sparsePrimary = 5, 4+1<<20
		shift = 1 << 20
	}
	dense = exactcover.NewProblem(densePrimary, 2)
	sparse = exactcover.NewProblem(sparsePrimary, 4*gap)
	for _, o := range opts {
		var d, s []exactcover.Elem
		for _, e := range o {
			di, si := e.Item, e.Item
			if unusedPrimary && e.Item >= 2 {
				di++
				si += shift
			}
			if e.Item >= 4 {
				si = int32(sparsePrimary) + (e.Item-3)*gap
			}
			d = append(d, exactcover.Elem{Item: di, Colour: e.Colour})
			s = append(s, exactcover.Elem{Item: si, Colour: e.Colour})
		}
		if _, err := dense.AddOption(d...); err != nil {
			t.Fatal(err)
		}
		if _, err := sparse.AddOption(s...); err != nil {
			t.Fatal(err)
		}
	}
	return dense, sparse
}

// errRead is what errReader fails with.
var errRead = errors.New("disk on fire")

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errRead }
