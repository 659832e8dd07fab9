package eternity_test

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/reassemble/jigsaw/internal/badinput"
	"image"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// TestBadInput gives the package every kind of mistake a caller or a file
// can make: piece files of every format truncated, with wrong counts,
// colours out of range, hints off the board, naming unknown pieces or
// given twice, and huge sizes; board files that do not fit their puzzle;
// the official hints on other boards; pictures of bad sizes; exact searches
// of puzzles they cannot take, split too deep or resumed from another
// puzzle's checkpoint; hunts with settings out of range or resumed from
// another puzzle's file; and equations of malformed boards. Each row must
// get an error that names what is wrong and where (the line, the piece,
// the cell, the option), or the documented answer; none may panic, and a
// huge size must be refused before anything its size is allocated.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	load := func(text string, opts ...eternity.Option) func() error {
		return func() error { _, err := eternity.Load(strings.NewReader(text), opts...); return err }
	}
	// p is a scrambled 4×4 colour puzzle (3 frame and 5 inner colours,
	// seed 7) and sol its solution.
	rng := rand.New(rand.NewPCG(7, 1))
	p, sol, err := puzzle.GenerateColours(4, 4, 3, 5, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		t.Fatal(err)
	}
	other, _, err := puzzle.GenerateColours(4, 4, 3, 5, rand.New(rand.NewPCG(8, 1)))
	if err != nil {
		t.Fatal(err)
	}
	with := func(edit func(q *puzzle.Puzzle)) *puzzle.Puzzle {
		q := p.Clone()
		edit(q)
		return q
	}
	readBoard := func(text string, f eternity.BoardFormat, opts ...eternity.Option) func() error {
		return func() error { _, err := eternity.ReadBoard(strings.NewReader(text), p, f, opts...); return err }
	}
	pl := func(piece, rot int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(piece), Rotation: puzzle.Rotation(rot)}
	}
	newExact := func(q *puzzle.Puzzle, opts ...eternity.ExactOption) func() error {
		return func() error { _, err := eternity.NewExact(q, opts...); return err }
	}
	exact, err := eternity.NewExact(p)
	if err != nil {
		t.Fatal(err)
	}
	otherExact, err := eternity.NewExact(other)
	if err != nil {
		t.Fatal(err)
	}
	branches, _, err := otherExact.Split(context.Background(), 2)
	if err != nil || len(branches) == 0 {
		t.Fatalf("Split: %d branches, %v", len(branches), err)
	}
	foreign := branches[0].Checkpoint()
	resume := func(edit func(cp *eternity.Checkpoint)) func() error {
		return func() error {
			bs, _, err := exact.Split(context.Background(), 2)
			if err != nil || len(bs) == 0 {
				return errors.New("no branch to resume")
			}
			cp := bs[0].Checkpoint()
			edit(&cp)
			_, err = exact.Resume(cp)
			return err
		}
	}
	// hunt runs a short Hunt on q; a nil error with a status other than
	// the budget's or the solution's is reported as an error.
	hunt := func(q *puzzle.Puzzle, opts ...eternity.HuntOption) func() error {
		return func() error {
			res, err := eternity.NewHunt(opts...).Solve(context.Background(), solve.Problem{Puzzle: q},
				solve.WithMaxIterations(20000), solve.WithWorkers(1))
			if err != nil {
				return err
			}
			if res.Status != solve.IterationLimit && res.Status != solve.Solved {
				return errors.New("status " + res.Status.String())
			}
			return res.Board.Validate(q)
		}
	}
	// A hunt checkpoint of the other puzzle, and files that are none.
	otherCk := filepath.Join(dir, "other.json")
	if err := hunt(other, eternity.WithCheckpointSteps(otherCk, 0))(); err != nil {
		t.Fatal(err)
	}
	notJSON := file("text.json", "hello")
	wrongVersion := func() string {
		data, err := os.ReadFile(otherCk)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatal(err)
		}
		m["version"] = 99
		data, _ = json.Marshal(m)
		return file("v99.json", string(data))
	}()
	// wide is an empty board of 1024×1025 cells, more than Render draws
	// at the least cell size.
	wide := puzzle.NewBoard(1024, 1025)
	macaulay := func(q *puzzle.Puzzle, b *puzzle.Board) func() error {
		return func() error { _, err := eternity.WriteMacaulay2(io.Discard, q, b); return err }
	}

	cases := []struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold; empty means the
		// call is documented to succeed and checks its answer itself.
		wantIn []string
		// huge marks a row whose input claims a huge size: refusing it
		// must allocate next to nothing.
		huge bool
	}{
		// Load: Sized.
		{name: "sized truncated piece", call: load("2 1\n0 0 1 0\n0 1 0"), wantIn: []string{"line 3", "3 colours"}},
		{name: "sized too few pieces", call: load("2 2\n0 0 1 1\n0 1 1 0\n"), wantIn: []string{"2 pieces for a 2×2 board"}},
		{name: "sized too many pieces", call: load("1 1\n0 0 0 0\n0 0 0 0\n"), wantIn: []string{"2 pieces", "1×1"}},
		{name: "sized negative width", call: load("-2 2\n0 0 0 0\n"), wantIn: []string{"line 1", "width"}},
		{name: "sized huge size", call: load("100000 100000\n0 0 0 0\n"), wantIn: []string{"line 1"}, huge: true},
		{name: "sized size beyond int", call: load("99999999999999999999 1\n0 0 0 0\n"), wantIn: []string{"line 1"}, huge: true},
		{name: "sized colour beyond a label", call: load("1 1\n0 0 0 2147483648\n"), wantIn: []string{"line 2", "2147483648"}},
		{name: "sized negative colour", call: load("1 1\n0 0 -3 0\n"), wantIn: []string{"line 2", `"-3"`}},
		// Load: Heule.
		{name: "heule truncated hints", call: load("2\n0 0 0\n"), wantIn: []string{"line"}},
		{name: "heule hint off the board", call: load("1\n4 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"), wantIn: []string{"line 2", "pos 4"}},
		{name: "heule hint naming an unknown piece", call: load("1\n0 7 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"),
			wantIn: []string{"line 2", "piece 7"}},
		{name: "heule hint of a negative piece", call: load("1\n0 -1 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"),
			wantIn: []string{"line 2"}},
		{name: "heule hints on one cell", call: load("2\n0 0 0\n0 1 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"),
			wantIn: []string{"line 3", "cell (0,0)", "line 2"}},
		{name: "heule hints of one piece", call: load("2\n0 0 0\n1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"),
			wantIn: []string{"line 3", "piece 0", "line 2"}},
		{name: "heule huge hint count", call: load("1000000000\n0 0 0\n"), wantIn: []string{"line"}, huge: true},
		// Load: Comma.
		{name: "comma not square", call: load("0,0,1,1\n0,1,1,0\n"), wantIn: []string{"line 2", "square"}},
		{name: "comma with a size that does not fit", call: load("0,0,1,1\n0,1,1,0\n", eternity.WithSize(3, 3)), wantIn: []string{"2 pieces", "3×3"}},
		{name: "comma colour not a number", call: load("0,0,x,1\n"), wantIn: []string{"line 1", `"x"`}},
		// Load: JSON.
		{name: "json truncated", call: load(`{"width":2,"height":2,"pieces":[[0,0,1,1],[0`), wantIn: []string{"line 1"}},
		{name: "json wrong count", call: load(`{"width":2,"height":2,"pieces":[[0,0,0,0]]}`), wantIn: []string{"1 pieces for a 2×2 board"}},
		{name: "json huge size", call: load(`{"width":1000000,"height":1000000,"pieces":[[0,0,0,0]]}`),
			wantIn: []string{"1000000"}, huge: true},
		{name: "json negative height", call: load(`{"width":1,"height":-1,"pieces":[[0,0,0,0]]}`), wantIn: []string{"height"}},
		{name: "json colour out of range", call: load(`{"width":1,"height":1,"pieces":[[0,0,0,-5]]}`), wantIn: []string{"pieces[0]", "-5"}},
		{name: "json hint off the board", call: load(`{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":1,"piece":0,"rot":0}]}`),
			wantIn: []string{"pos 1"}},
		{name: "json hint with a bad turn", call: load(`{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"piece":0,"rot":-1}]}`),
			wantIn: []string{"rot"}},
		{name: "json hints on one cell", call: load(`{"width":2,"height":1,"pieces":[[0,0,0,1],[0,1,0,0]],"hints":[{"pos":0,"piece":0,"rot":0},{"pos":0,"piece":1,"rot":0}]}`),
			wantIn: []string{"cell (0,0)"}},
		// Load and LoadFile: options and files.
		{name: "unknown format", call: load("1 1\n0 0 0 0\n", eternity.WithFormat(9)), wantIn: []string{"format", "9"}},
		{name: "size of zero rows", call: load("0,0,0,0\n", eternity.WithSize(0, 1)), wantIn: []string{"0"}},
		{name: "huge size option", call: load("0,0,0,0\n", eternity.WithSize(1<<30, 1<<30)), wantIn: []string{"1073741824"}, huge: true},
		{name: "nil option", call: load("1 1\n0 0 0 0\n", nil)},
		{name: "empty file", call: func() error { _, err := eternity.LoadFile(file("empty.txt", "")); return err },
			wantIn: []string{"empty.txt", "no pieces"}},
		{name: "missing file", call: func() error { _, err := eternity.LoadFile(filepath.Join(dir, "none.txt")); return err },
			wantIn: []string{"none.txt"}},

		// ReadBoard and ReadColourBoard.
		{name: "pairs board truncated", call: readBoard("0 0\n1", eternity.Pairs), wantIn: []string{"line 2"}},
		{name: "pairs board too short", call: readBoard("0 0\n1 0\n", eternity.Pairs), wantIn: []string{"2 cells for a 4×4 board"}},
		{name: "pairs board naming an unknown piece", call: readBoard("0 0\n1 0\n2 0\n99 0\n"+strings.Repeat("- -\n", 12), eternity.Pairs),
			wantIn: []string{"line 4", "99"}},
		{name: "pairs board placing a piece twice", call: readBoard("0 0\n1 0\n2 0\n1 3\n"+strings.Repeat("- -\n", 12), eternity.Pairs),
			wantIn: []string{"line 4", "piece 1 is placed twice"}},
		{name: "grid board row too long", call: readBoard("1/0 2/0 3/0 4/0 5/0\n", eternity.Grid), wantIn: []string{"line 1", "5"}},
		{name: "grid board rotation out of range", call: readBoard("1/4 2/0 3/0 4/0\n", eternity.Grid), wantIn: []string{"line 1", `rotation "4"`}},
		{name: "grid board piece 0 in a 1-based file", call: readBoard("0/0 2/0 3/0 4/0\n", eternity.Grid), wantIn: []string{"line 1", `piece "0"`}},
		// With no puzzle, a pairs board is square.
		{name: "board for a nil puzzle", call: func() error {
			_, err := eternity.ReadBoard(strings.NewReader("0 0\n1 0\n"), nil, eternity.Pairs)
			return err
		}, wantIn: []string{"line 2", "2 pieces do not fill a square board", "WithSize"}},
		{name: "board in an unknown format", call: readBoard("0 0\n", 9), wantIn: []string{"9"}},
		{name: "colour board with a short cell", call: func() error {
			_, _, err := eternity.ReadColourBoard(strings.NewReader("0 0 1 0  0 0 0\n"))
			return err
		}, wantIn: []string{"line 1"}},
		{name: "colour board empty", call: func() error { _, _, err := eternity.ReadColourBoard(strings.NewReader("")); return err },
			wantIn: []string{"no"}},

		// The official hints.
		{name: "hints on a 4×4 board", call: func() error { _, err := eternity.WithHints(p, eternity.AllHints); return err },
			wantIn: []string{"16×16", "4×4"}},
		{name: "hints on a nil puzzle", call: func() error { _, err := eternity.WithHints(nil, eternity.Centre); return err },
			wantIn: []string{"nil puzzle"}},
		{name: "no hints on any board", call: func() error { _, err := eternity.WithHints(p, eternity.NoHints); return err }},
		{name: "unknown preset", call: func() error { _, err := eternity.ParsePreset("most"); return err }, wantIn: []string{`"most"`}},

		// Render and WritePNG never fail on bad sizes: they draw what
		// they can, or nothing.
		{name: "render with negative cells", call: func() error {
			// Cells are at least 8 pixels wide.
			if img := eternity.Render(p, sol, -5); img.Bounds() != image.Rect(0, 0, 32, 32) {
				return errors.New("want 8-pixel cells, got " + img.Bounds().String())
			}
			return nil
		}},
		{name: "render with huge cells", call: func() error {
			// 2^40-pixel cells shrink to 8, at which the board's 2^20
			// cells exceed the 2^26 pixels Render draws.
			if img := eternity.Render(p, wide, 1<<40); !img.Bounds().Empty() {
				return errors.New("want an empty picture for a board too large to draw, got " + img.Bounds().String())
			}
			return nil
		}, huge: true},
		{name: "render a board of a huge claimed size", call: func() error {
			if img := eternity.Render(p, &puzzle.Board{Rows: math.MaxInt, Cols: 2}, 4); !img.Bounds().Empty() {
				return errors.New("want an empty picture")
			}
			return nil
		}, huge: true},
		{name: "render nil", call: func() error {
			if img := eternity.Render(nil, nil, 0); !img.Bounds().Empty() {
				return errors.New("want an empty picture")
			}
			return nil
		}},
		{name: "write a picture of negative cells", call: func() error { return eternity.WritePNG(io.Discard, p, sol, -1) }},
		{name: "write a picture of huge cells", call: func() error { return eternity.WritePNG(io.Discard, p, wide, 1<<40) },
			wantIn: []string{"nothing to draw", "too large"}, huge: true},

		// NewExact, Split and Resume.
		{name: "exact of a nil puzzle", call: newExact(nil), wantIn: []string{"nil puzzle"}},
		{name: "exact of a puzzle with holes", call: newExact(with(func(q *puzzle.Puzzle) { q.Pieces = q.Pieces[:15] })),
			wantIn: []string{"15 pieces", "16 cells"}},
		{name: "exact of a huge board", call: newExact(with(func(q *puzzle.Puzzle) { q.Rows = math.MaxInt })), wantIn: []string{"larger than"}, huge: true},
		{name: "exact under the complement rule", call: newExact(with(func(q *puzzle.Puzzle) { q.Rule = puzzle.Complement }))},
		{name: "exact under an unknown rule", call: newExact(with(func(q *puzzle.Puzzle) { q.Rule = 5 })), wantIn: []string{"match rule 5"}},
		{name: "exact pinning an inner piece", call: newExact(p, eternity.ExactPinCorner(sol.At(puzzle.Cell{Row: 1, Col: 1}).Piece)),
			wantIn: []string{"corner"}},
		{name: "exact pinning an unknown piece", call: newExact(p, eternity.ExactPinCorner(99)), wantIn: []string{"99"}},
		{name: "exact with a nil option", call: newExact(p, nil)},
		{name: "split to a negative depth", call: func() error { _, _, err := exact.Split(context.Background(), -1); return err },
			wantIn: []string{"-1"}},
		{name: "split deeper than the board", call: func() error {
			bs, _, err := exact.Split(context.Background(), 1<<40)
			if err == nil && len(bs) == 0 {
				return errors.New("no branches")
			}
			return err
		}},
		{name: "resume another puzzle's checkpoint", call: func() error { _, err := exact.Resume(foreign); return err },
			wantIn: []string{"fingerprint"}},
		{name: "resume a checkpoint with a stack too deep", call: resume(func(cp *eternity.Checkpoint) { cp.Stack = make([]int32, 17) }),
			wantIn: []string{"17"}},
		{name: "resume a checkpoint naming an unknown element", call: resume(func(cp *eternity.Checkpoint) { cp.Stack[0] = 1 << 30 }),
			wantIn: []string{"prefix placement 0", "does not fit"}},
		{name: "resume a checkpoint with a negative element", call: resume(func(cp *eternity.Checkpoint) { cp.Stack[1] = -1 }),
			wantIn: []string{"-1"}},
		{name: "resume a checkpoint with a prefix beyond its stack", call: resume(func(cp *eternity.Checkpoint) { cp.Prefix = 9 }),
			wantIn: []string{"prefix", "9"}},
		{name: "resume a checkpoint with a negative next", call: resume(func(cp *eternity.Checkpoint) { cp.Next = -4 }),
			wantIn: []string{"-4"}},

		// Hunt.
		{name: "hunt with NaN temperatures", call: hunt(p, eternity.HuntTemperatures(math.NaN(), math.NaN())), wantIn: []string{"NaN"}},
		{name: "hunt with infinite temperatures", call: hunt(p, eternity.HuntTemperatures(math.Inf(1), math.Inf(1)))},
		{name: "hunt with a huge refill", call: hunt(p, eternity.HuntRefill(1, 1<<40)), huge: true},
		{name: "hunt with settings below range", call: hunt(p, eternity.HuntChunk(-1), eternity.HuntCycle(-1), eternity.HuntTurnOdds(-3),
			eternity.HuntFocus(-1, -1), eternity.HuntRefill(-1, -1), eternity.HuntTemperatures(-1, -2), nil)},
		{name: "hunt resumed from a missing file", call: hunt(p, eternity.Resume(filepath.Join(dir, "none.json"))), wantIn: []string{"none.json"}},
		{name: "hunt resumed from a file that is not JSON", call: hunt(p, eternity.Resume(notJSON)), wantIn: []string{"text.json"}},
		{name: "hunt resumed from another puzzle's checkpoint", call: hunt(p, eternity.Resume(otherCk)), wantIn: []string{"other.json", "another puzzle"}},
		{name: "hunt resumed from another version", call: hunt(other, eternity.Resume(wrongVersion)), wantIn: []string{"v99.json", "99"}},
		// Hunt searches puzzles with holes without frame classes.
		{name: "hunt of a puzzle with holes", call: hunt(with(func(q *puzzle.Puzzle) { q.Pieces = q.Pieces[:15] }))},

		// WriteMacaulay2.
		{name: "equations of a nil puzzle", call: macaulay(nil, sol), wantIn: []string{"nil puzzle"}},
		{name: "equations of a board of the wrong size", call: macaulay(p, puzzle.NewBoard(2, 8)), wantIn: []string{"2×8"}},
		{name: "equations of a board naming an unknown piece", call: macaulay(p, func() *puzzle.Board {
			b := sol.Clone()
			b.Set(puzzle.Cell{Row: 3, Col: 3}, pl(40, 0))
			return b
		}()), wantIn: []string{"cell (3,3)", "piece 40"}},
		{name: "equations of a board placing a piece twice", call: macaulay(p, func() *puzzle.Board {
			b := sol.Clone()
			b.Set(puzzle.Cell{Row: 0, Col: 0}, b.At(puzzle.Cell{Row: 0, Col: 1}))
			return b
		}()), wantIn: []string{"twice"}},
		{name: "equations of a board with cells missing", call: macaulay(p, &puzzle.Board{Rows: 4, Cols: 4, Cells: sol.Cells[:3]}),
			wantIn: []string{"3 cells"}},
		{name: "equations of a huge board", call: macaulay(p, &puzzle.Board{Rows: math.MaxInt, Cols: math.MaxInt}), wantIn: []string{"board"}, huge: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}
