package ga

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// opPuzzle is a puzzle the operators are checked on.
type opPuzzle struct {
	name string
	p    *puzzle.Puzzle
}

// opPuzzles covers what a genome must respect: turning and fixed-
// orientation pieces, fixed pieces, holes and spare pieces.
func opPuzzles(t testing.TB) []opPuzzle {
	t.Helper()
	rng := rand.New(rand.NewPCG(21, 22))
	unique, _, err := puzzle.GenerateUnique(5, 6, rng)
	if err != nil {
		t.Fatal(err)
	}
	flat := unique.Clone()
	flat.Rotatable = false
	fixed := unique.Clone()
	fixed.Fixed = []puzzle.FixedPiece{
		{Cell: puzzle.Cell{Row: 1, Col: 2}, Placement: puzzle.Placement{Piece: 4, Rotation: 1}},
		{Cell: puzzle.Cell{Row: 4, Col: 5}, Placement: puzzle.Placement{Piece: 9}},
	}
	flatFixed := flat.Clone()
	flatFixed.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 2, Col: 0}, Placement: puzzle.Placement{Piece: 0}}}
	holes := flat.Clone()
	holes.Pieces = holes.Pieces[:len(holes.Pieces)-4]
	extra := unique.Clone()
	extra.Cols--
	extra.AllowExtra = true
	colours, _, err := puzzle.GenerateColours(6, 6, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	narrow, _, err := puzzle.GenerateUnique(1, 7, rng)
	if err != nil {
		t.Fatal(err)
	}
	return []opPuzzle{
		{"unique-turning", unique},
		{"unique-flat", flat},
		{"fixed-turning", fixed},
		{"fixed-flat", flatFixed},
		{"holes", holes},
		{"extra", extra},
		{"colours", colours},
		{"one-row", narrow},
	}
}

// engineOn starts a run of s on problem and returns an engine for it and
// the run's first individual (the initial board when opts give one).
func engineOn(t testing.TB, s *Solver, problem solve.Problem, opts ...solve.Option) (*engine, *individual) {
	t.Helper()
	run, err := solve.Start(context.Background(), problem, opts...)
	if err != nil {
		t.Fatal(err)
	}
	l, x, err := local.Begin(run)
	if err != nil {
		t.Fatal(err)
	}
	return newEngine(s, run, l), x
}

// newTestEngine returns an engine for s on p with a random population.
func newTestEngine(t testing.TB, s *Solver, p *puzzle.Puzzle, seed uint64) *engine {
	t.Helper()
	e, first := engineOn(t, s, solve.Problem{Puzzle: p}, solve.WithSeed(seed))
	if s.crossover.kind == crossKernel {
		var err error
		if e.kernel, err = newKernelContext(e.l, e.run.Problem()); err != nil {
			t.Fatal(err)
		}
	}
	e.pop = []*individual{first}
	e.resize(s.phases()[0].Population)
	return e
}

// checkGenome fails unless x holds every piece of p exactly once, fixed
// pieces at their cells, pieces of a flat puzzle unturned, and its kept
// cost is the board's cost.
func checkGenome(t *testing.T, e *engine, p *puzzle.Puzzle, x *individual, what string) {
	t.Helper()
	fixedAt := make(map[int]local.Elem)
	for _, f := range p.Fixed {
		fixedAt[f.Cell.Row*p.Cols+f.Cell.Col] = local.ElemOf(f.Placement)
	}
	seen := make([]bool, len(p.Pieces))
	for i, el := range x.Cells {
		if want, ok := fixedAt[i]; ok {
			if el != want {
				t.Fatalf("%s: fixed cell %d holds %v, want %v", what, i, el.Placement(), want.Placement())
			}
		}
		if el < 0 {
			continue
		}
		if seen[el.Piece()] {
			t.Fatalf("%s: piece %d appears twice", what, el.Piece())
		}
		seen[el.Piece()] = true
		if _, ok := fixedAt[i]; !ok && !p.Rotatable && el.Rotation() != 0 {
			t.Fatalf("%s: piece %d turned in a puzzle whose pieces do not turn", what, el.Piece())
		}
	}
	for piece, ok := range seen {
		if !ok {
			t.Fatalf("%s: piece %d is missing", what, piece)
		}
	}
	if err := x.Board(nil).Validate(p); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	kept := x.Cost()
	if got := x.Recompute(); math.Abs(got-kept) > 1e-9 {
		t.Fatalf("%s: kept cost %v, board costs %v", what, kept, got)
	}
}

// TestOperatorsKeepPermutation applies every operator to random parents
// and checks every child.
func TestOperatorsKeepPermutation(t *testing.T) {
	type op struct {
		name string
		opts []Option
		// apply makes or changes child from parents mom and dad.
		apply func(e *engine, mom, dad, child *individual)
	}
	crossed := func(e *engine, mom, dad, child *individual) {
		e.cross(dad, mom, child)
		child.Recompute()
	}
	mutated := func(e *engine, mom, _, child *individual) {
		child.CopyFrom(mom)
		e.mutate(child)
		child.Recompute()
	}
	ops := []op{
		{"prefix-order", []Option{WithCrossover(PrefixOrder(), 1)}, crossed},
		{"block-4-6", []Option{WithCrossover(Block(4, 6), 1)}, crossed},
		{"block-1-2", []Option{WithCrossover(Block(1, 2), 1)}, crossed},
		{"pmx", []Option{WithCrossover(PMX(), 1)}, crossed},
		{"kernel", []Option{WithCrossover(Kernel(), 1)}, crossed},
		{"range-mutation", []Option{WithMutation(RangeMutation(0.5, 0.5))}, mutated},
		{"gene-mutation", []Option{WithMutation(GeneMutation(0.3))}, mutated},
		{"swap-mutation", []Option{WithMutation(SwapMutation(1))}, mutated},
		{"breed-thesis", []Option{Thesis()}, func(e *engine, _, _, child *individual) {
			e.breed(e.s.selection.prepare(e, e.pop), e.s.phases()[0], child)
		}},
	}
	for _, tg := range []SequenceTarget{TargetEither, TargetAfter, TargetBefore} {
		for _, d := range []Displacement{BlockSwap, ShiftInsert, SwapOrShift} {
			for _, o := range []Overflow{Truncate, Wrap, Skip} {
				for _, a := range []Acceptance{AlwaysAccept, AcceptIfNotWorse} {
					if d == ShiftInsert && o != Truncate {
						continue // Overflow applies to BlockSwap only
					}
					sm := SequenceMatching{Target: tg, Displacement: d, Overflow: o, Accept: a, NoRowStart: o == Skip}
					ops = append(ops, op{fmt.Sprintf("sequence-%d-%d-%d-%d", tg, d, o, a), []Option{WithSequenceMatching(sm, 1)},
						func(e *engine, mom, _, child *individual) {
							child.CopyFrom(mom)
							e.sequenceMatch(child)
						}})
				}
			}
		}
	}
	// Beyond the seed: the operator down the columns, relative prices,
	// line moves, and the polish.
	for _, al := range []Orientation{AlongColumns, AlongBoth} {
		for _, d := range []Displacement{BlockSwap, ShiftInsert, SwapOrShift} {
			sm := SequenceMatching{Along: al, Displacement: d, Fractions: RelativeFractions, Lines: true}
			ops = append(ops, op{fmt.Sprintf("sequence-along-%d-%d", al, d), []Option{WithSequenceMatching(sm, 1)},
				func(e *engine, mom, _, child *individual) {
					child.CopyFrom(mom)
					e.sequenceMatch(child)
				}})
		}
	}
	ops = append(ops,
		op{"lines", nil, func(e *engine, mom, _, child *individual) {
			child.CopyFrom(mom)
			e.moveLines(child)
		}},
		op{"polish", nil, func(e *engine, mom, _, child *individual) {
			child.CopyFrom(mom)
			e.polish(child)
		}})
	for _, pz := range opPuzzles(t) {
		for _, o := range ops {
			t.Run(pz.name+"/"+o.name, func(t *testing.T) {
				s := New(append([]Option{WithPopulation(8)}, o.opts...)...)
				e := newTestEngine(t, s, pz.p, 5)
				rng := rand.New(rand.NewPCG(6, 7))
				child := local.NewState(e.l)
				changed := 0
				for k := range 200 {
					mom, dad := e.pop[rng.IntN(len(e.pop))], e.pop[rng.IntN(len(e.pop))]
					o.apply(e, mom, dad, child)
					checkGenome(t, e, pz.p, child, fmt.Sprintf("child %d", k))
					if !slices.Equal(child.Cells, mom.Cells) {
						changed++
					}
					// Children become parents, so that later rounds see
					// related parents as a run does.
					e.pop[rng.IntN(len(e.pop))].CopyFrom(child)
				}
				// An operator that never changes anything passes the
				// checks above trivially. On a single row the sequence
				// operator has one point of fraction, so the segment
				// runs to the row's end and has nowhere to go.
				if changed == 0 && !(pz.p.Rows == 1 && strings.HasPrefix(o.name, "sequence")) {
					t.Errorf("no child of 200 differs from its mother")
				}
			})
		}
	}
}

// TestPrefixOrder checks the thesis's crossover on a worked case: the
// father's prefix, then the mother's other pieces in her order and
// rotation.
func TestPrefixOrder(t *testing.T) {
	p, _, err := puzzle.GenerateUnique(1, 5, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	s := New(WithPopulation(2))
	e := newTestEngine(t, s, p, 1)
	dad, mom, child := e.pop[0], e.pop[1], local.NewState(e.l)
	for i, pc := range []int{0, 1, 2, 3, 4} {
		dad.Cells[i] = local.Elem(pc << 2)
	}
	for i, pc := range []int{4, 3, 2, 1, 0} {
		mom.Cells[i] = local.Elem(pc<<2 | 1)
	}
	// The prefix length is 1 + rng.IntN(4); replay the draw on a twin
	// source.
	e.rng = rand.New(rand.NewPCG(9, 9))
	count := 1 + rand.New(rand.NewPCG(9, 9)).IntN(4)
	e.prefixOrder(dad, mom, child)
	want := make([]local.Elem, 0, 5)
	for pc := range count {
		want = append(want, local.Elem(pc<<2))
	}
	for pc := 4; pc >= count; pc-- {
		want = append(want, local.Elem(pc<<2|1))
	}
	for i := range want {
		if child.Cells[i] != want[i] {
			t.Fatalf("prefix %d: child %v, want %v", count, child.Cells, want)
		}
	}
}

// TestScale checks GAlib's linear scaling on populations of both kinds:
// mean kept and best at the multiple of the mean, or worst at 0.
func TestScale(t *testing.T) {
	cases := []struct {
		name    string
		fit     []float64
		c, mean float64
	}{
		// Mean 20, max 30, min 10: 10 > (1.2·20-30)/0.2 = -30, so the
		// maximum maps to 1.2·20 = 24.
		{name: "max scaled", fit: []float64{10, 20, 30, 20}, c: 1.2, mean: 20},
		// Mean 8, max 10, min 2: 2 <= (2·8-10)/1 = 6, so the
		// minimum maps to 0.
		{name: "min stretched", fit: []float64{2, 10, 10, 10}, c: 2, mean: 8},
		{name: "uniform", fit: []float64{5, 5, 5}, c: 2, mean: 5},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := append([]float64(nil), tc.fit...)
			scale(f, tc.c)
			var sum, lo, hi float64 = 0, math.Inf(1), math.Inf(-1)
			for _, v := range f {
				sum += v
				lo, hi = min(lo, v), max(hi, v)
			}
			if mean := sum / float64(len(f)); math.Abs(mean-tc.mean) > 1e-9 {
				t.Errorf("mean %v, want %v", mean, tc.mean)
			}
			switch tc.name {
			case "max scaled":
				if math.Abs(hi-tc.c*tc.mean) > 1e-9 {
					t.Errorf("max %v, want %v", hi, tc.c*tc.mean)
				}
			case "min stretched":
				if math.Abs(lo) > 1e-9 {
					t.Errorf("min %v, want 0", lo)
				}
			}
		})
	}
}

// TestSequenceMatchingJoinsSegment builds a board whose left half of a row
// is a correct run and checks that the operator, given the only choice,
// moves a segment next to its true neighbour.
func TestSequenceMatchingJoinsSegment(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	p, truth, err := puzzle.GenerateUnique(3, 4, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = false
	for i, pl := range truth.Cells {
		truth.Cells[i] = puzzle.Placement{Piece: pl.Piece}
	}
	// The truth with the right halves of the lower two rows traded.
	s := New(WithPopulation(2), WithSequenceMatching(SequenceMatching{Accept: AcceptIfNotWorse}, 1))
	e := newTestEngine(t, s, p, 1)
	x := e.pop[0]
	if err := x.Load(truth); err != nil {
		t.Fatal(err)
	}
	x.Swap(6, 10)
	x.Swap(7, 11)
	before := x.Recompute()
	for range 20 {
		e.sequenceMatch(x)
	}
	if after := x.Cost(); after >= before {
		t.Errorf("cost %v after the operator, %v before", after, before)
	}
}

// TestSequenceMatchingRepairsPicture breaks rows of a solved picture
// puzzle by trading short runs between rows, and checks that the operator,
// keeping only moves that do not raise the cost, never raises it and puts
// most pictures back: about one break in five traps segments in a cycle
// that no move which keeps the cost down can open.
func TestSequenceMatchingRepairsPicture(t *testing.T) {
	img, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "chelsea.png"))
	if err != nil {
		t.Fatal(err)
	}
	// 40-pixel pieces cut the 451×300 photograph into 7×11.
	p, truth, err := puzzle.Cut(img, 40)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := edge.NewTable(context.Background(), p, edge.DefaultMeasure(), 1)
	if err != nil {
		t.Fatal(err)
	}
	s := New(WithSequenceMatching(SequenceMatching{Accept: AcceptIfNotWorse}, 1))
	e, x := engineOn(t, s, solve.Problem{Puzzle: p, Scorer: tab}, solve.WithSeed(3))
	rng := rand.New(rand.NewPCG(5, 5))
	const trials = 10
	repaired := 0
	for trial := range trials {
		if err := x.Load(truth); err != nil {
			t.Fatal(err)
		}
		for range 4 {
			n := 2 + rng.IntN(3)
			a := rng.IntN(p.Rows)*p.Cols + rng.IntN(p.Cols-n)
			c := rng.IntN(p.Rows)*p.Cols + rng.IntN(p.Cols-n)
			if a/p.Cols == c/p.Cols {
				continue
			}
			for i := range n {
				x.Swap(a+i, c+i)
			}
		}
		broken := x.Recompute()
		for range 20 {
			e.sequenceMatch(x)
		}
		if x.Cost() > broken {
			t.Errorf("trial %d: cost %v from %v", trial, x.Cost(), broken)
		}
		if puzzle.Perfect(truth, x.Board(nil)) {
			repaired++
		}
	}
	if repaired < trials*7/10 {
		t.Errorf("%d of %d broken pictures repaired, want at least %d", repaired, trials, trials*7/10)
	}
}

// priceTable is a scorer that prices the joins it lists and every other
// join at 10.
type priceTable map[[3]int]float64

func (pt priceTable) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if p, ok := pt[[3]int{int(a.Piece), int(s), int(b.Piece)}]; ok {
		return p
	}
	return 10
}

// TestShiftInsertRowStart moves a segment that lies before its target row
// start: it must land at the row start, priced by the piece that sits
// above it once the pieces in between have shifted.
func TestShiftInsertRowStart(t *testing.T) {
	// A 3×4 board whose pieces are numbered by their cells: piece 8 and 9
	// at cells 2-3, and piece 4, the only cheap piece above 8, at cell 6.
	// Moving the segment to row start 8 shifts cells 4-9 left by 2, which
	// brings piece 4 to cell 4, above it. (Until the fix the segment
	// landed at cells 6-7 and the row start was priced by the piece at
	// cell 4 before the shift.)
	p := &puzzle.Puzzle{Rows: 3, Cols: 4, Pieces: make([]puzzle.Piece, 12)}
	for i := range p.Pieces {
		p.Pieces[i].ID = puzzle.PieceID(i)
	}
	board := puzzle.NewBoard(3, 4)
	for i, piece := range []int{0, 1, 8, 9, 2, 3, 4, 5, 6, 7, 10, 11} {
		board.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(piece)}
	}
	r, b := int(puzzle.Right), int(puzzle.Bottom)
	scorer := priceTable{
		{1, r, 8}: 1000, // the point of fraction the roulette all but surely picks
		{8, r, 9}: 0,    // the segment
		{4, b, 8}: 0,    // the join the move builds
	}
	s := New(WithSequenceMatching(SequenceMatching{Displacement: ShiftInsert, Moves: 1}, 1))
	e, x := engineOn(t, s, solve.Problem{Puzzle: p, Scorer: scorer}, solve.WithSeed(1), solve.WithInitial(board))
	before := x.Cost()
	e.sequenceMatch(x)
	got := x.Board(nil)
	for cell, want := range map[int]puzzle.PieceID{4: 4, 8: 8, 9: 9} {
		if got.Cells[cell].Piece != want {
			t.Errorf("cell %d holds piece %d, want %d; board %v", cell, got.Cells[cell].Piece, want, got.Cells)
		}
	}
	if x.Cost() >= before {
		t.Errorf("cost %v after the move, %v before", x.Cost(), before)
	}
}

// TestMoveLines glues a picture back together after cutting it between
// rows or columns and gluing the parts in the wrong order, the seed's own
// failure (§5), and leaves rows with fixed pieces where they are.
func TestMoveLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	p, truth, err := puzzle.GenerateUnique(5, 6, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = false
	for i, pl := range truth.Cells {
		truth.Cells[i] = puzzle.Placement{Piece: pl.Piece}
	}
	rows := func(order ...int) *puzzle.Board {
		b := puzzle.NewBoard(5, 6)
		for r, from := range order {
			copy(b.Cells[r*6:r*6+6], truth.Cells[from*6:from*6+6])
		}
		return b
	}
	cols := func(order ...int) *puzzle.Board {
		b := puzzle.NewBoard(5, 6)
		for c, from := range order {
			for r := range 5 {
				b.Cells[r*6+c] = truth.Cells[r*6+from]
			}
		}
		return b
	}
	tests := []struct {
		name  string
		board *puzzle.Board
		fixed bool // a fixed piece in row 1
		want  bool // whether the truth comes back
	}{
		{"rows rotated", rows(2, 3, 4, 0, 1), false, true},
		{"row block moved", rows(0, 3, 4, 1, 2), false, true},
		{"one row moved", rows(1, 2, 3, 0, 4), false, true},
		{"columns rotated", cols(4, 5, 0, 1, 2, 3), false, true},
		{"column block moved", cols(0, 4, 5, 1, 2, 3), false, true},
		// Row 1 holds a fixed piece, so rows 0-1 cannot move past it.
		{"fixed row", rows(1, 0, 2, 3, 4), true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := p.Clone()
			if tt.fixed {
				q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 2}, Placement: tt.board.Cells[8]}}
			}
			s := New(WithPopulation(2))
			e, x := engineOn(t, s, solve.Problem{Puzzle: q}, solve.WithSeed(1), solve.WithInitial(tt.board))
			before := x.Cost()
			e.moveLines(x)
			got := x.Board(nil)
			if puzzle.Perfect(truth, got) != tt.want {
				t.Errorf("perfect %v, want %v: cost %v from %v", !tt.want, tt.want, x.Cost(), before)
			}
			if got.Cells[8] != tt.board.Cells[8] && tt.fixed {
				t.Errorf("the fixed piece moved")
			}
			if kept := x.Cost(); math.Abs(x.Recompute()-kept) > 1e-9 {
				t.Errorf("kept cost %v, board costs %v", kept, x.Cost())
			}
		})
	}
}

// TestPolish puts back pieces left astray in an otherwise solved picture:
// two traded, and a run shifted along its row, which no trade of two
// pieces mends.
func TestPolish(t *testing.T) {
	img, err := puzzle.LoadImage(filepath.Join("..", "..", "testdata", "chelsea.png"))
	if err != nil {
		t.Fatal(err)
	}
	p, truth, err := puzzle.Cut(img, 40) // 7×11
	if err != nil {
		t.Fatal(err)
	}
	broken := truth.Clone()
	broken.Cells[3], broken.Cells[40] = broken.Cells[40], broken.Cells[3]
	// Row 5: the piece at column 2 moves to column 6, those at 3-6 one
	// column left.
	row := broken.Cells[55:66]
	moved := slices.Concat(row[:2], row[3:7], row[2:3], row[7:])
	copy(row, moved)
	s := New(WithPolish(true))
	e, x := engineOn(t, s, solve.Problem{Puzzle: p}, solve.WithSeed(1), solve.WithInitial(broken))
	e.polish(x)
	if got := x.Board(nil); !puzzle.Perfect(truth, got) {
		t.Errorf("direct accuracy %.3f after the polish", puzzle.DirectComparison(truth, got))
	}
}

// TestShiftRuns moves runs of pieces back along their row or column.
func TestShiftRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	p, truth, err := puzzle.GenerateUnique(5, 6, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = false
	for i, pl := range truth.Cells {
		truth.Cells[i] = puzzle.Placement{Piece: pl.Piece}
	}
	for _, cols := range []bool{false, true} {
		broken := truth.Clone()
		// Two pieces of a line carried two cells further along it.
		at := func(i int) int { return 2*6 + i } // row 2
		if cols {
			at = func(i int) int { return i*6 + 3 } // column 3
		}
		a, b, c, d := broken.Cells[at(0)], broken.Cells[at(1)], broken.Cells[at(2)], broken.Cells[at(3)]
		broken.Cells[at(0)], broken.Cells[at(1)], broken.Cells[at(2)], broken.Cells[at(3)] = c, d, a, b
		e, x := engineOn(t, New(), solve.Problem{Puzzle: p}, solve.WithSeed(1), solve.WithInitial(broken))
		if !e.shiftRuns(x, cols) || !puzzle.Perfect(truth, x.Board(nil)) {
			t.Errorf("cols %v: cost %v after the shifts", cols, x.Cost())
		}
	}
}
