package ga

import (
	"context"
	"fmt"
	"image"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/internal/local"
)

// kernelFixture is a puzzle prepared for the kernel crossover.
type kernelFixture struct {
	name  string
	p     *puzzle.Puzzle
	truth *puzzle.Board // nil when the puzzle has no planted solution
	l     *local.Layout
	k     *kernelContext
}

func newKernelFixture(t testing.TB, name string, p *puzzle.Puzzle, truth *puzzle.Board, sc edge.Scorer) kernelFixture {
	t.Helper()
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if truth != nil {
		if err := truth.Validate(p); err != nil {
			t.Fatalf("%s: truth: %v", name, err)
		}
	}
	l := local.NewLayout(p, local.NewPricer(p, sc))
	k, err := newKernelContext(l, solve.Problem{Puzzle: p, Scorer: sc})
	if err != nil || k == nil {
		t.Fatalf("%s: newKernelContext = %v, %v", name, k, err)
	}
	return kernelFixture{name: name, p: p, truth: truth, l: l, k: k}
}

// labelPuzzle returns a scrambled GenerateUnique puzzle and its solution,
// Type 2 when rot is set.
func labelPuzzle(t testing.TB, rows, cols int, rot bool, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	p, b, err := puzzle.GenerateUnique(rows, cols, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = rot
	if p, b, err = puzzle.Scramble(p, b, rng); err != nil {
		t.Fatal(err)
	}
	return p, b
}

func labelCompat(t testing.TB, p *puzzle.Puzzle) edge.Scorer {
	t.Helper()
	c, err := edge.NewLabelCompatibility(p)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// scoreOnly hides every method of a scorer but Score, so that the kernel
// ranks its joins itself.
type scoreOnly struct{ s edge.Scorer }

func (s scoreOnly) Score(a puzzle.Placement, side puzzle.Side, b puzzle.Placement) float64 {
	return s.s.Score(a, side, b)
}

var chelsea = sync.OnceValues(func() (image.Image, error) {
	return puzzle.LoadImage(filepath.Join("..", "..", "testdata", "chelsea.png"))
})

// picturePuzzle cuts the test photograph (451×300 pixels) into
// pieceSize-pixel pieces, scrambles them and prices them with a table of
// the default measure.
func picturePuzzle(t testing.TB, pieceSize int, rot bool, seed uint64) kernelFixture {
	t.Helper()
	img, err := chelsea()
	if err != nil {
		t.Fatal(err)
	}
	p, b, err := puzzle.Cut(img, pieceSize)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = rot
	if p, b, err = puzzle.Scramble(p, b, rand.New(rand.NewPCG(seed, 2))); err != nil {
		t.Fatal(err)
	}
	tab, err := edge.NewTable(context.Background(), p, edge.DefaultMeasure(), 1)
	if err != nil {
		t.Fatal(err)
	}
	name := "picture/type1"
	if rot {
		name = "picture/type2"
	}
	return newKernelFixture(t, name, p, b, tab)
}

// labelFixtures covers every layout the crossover must keep valid: both
// types, holes, spares, fixed pieces (one turned in a Type 1 puzzle),
// repeated labels (ties among best partners) and the three ways of ranking
// partners.
func labelFixtures(t testing.TB) []kernelFixture {
	t.Helper()
	var fs []kernelFixture
	add := func(name string, p *puzzle.Puzzle, b *puzzle.Board, sc edge.Scorer) {
		fs = append(fs, newKernelFixture(t, name, p, b, sc))
	}
	p1, b1 := labelPuzzle(t, 6, 7, false, 1)
	add("unique/type1", p1, b1, labelCompat(t, p1))
	p2, b2 := labelPuzzle(t, 6, 6, true, 2)
	add("unique/type2", p2, b2, labelCompat(t, p2))

	l1, err := edge.NewLabels(p1)
	if err != nil {
		t.Fatal(err)
	}
	add("unique/type1/labels", p1, b1, l1)
	add("unique/type1/scorer", p1, b1, scoreOnly{l1})
	l2, err := edge.NewLabels(p2)
	if err != nil {
		t.Fatal(err)
	}
	add("unique/type2/scorer", p2, b2, scoreOnly{l2})

	// Holes: the last three pieces are left out of the puzzle.
	for _, rot := range []bool{false, true} {
		p, b := labelPuzzle(t, 5, 6, rot, 3)
		n := len(p.Pieces) - 3
		p.Pieces = p.Pieces[:n]
		for i, pl := range b.Cells {
			if int(pl.Piece) >= n {
				b.Cells[i] = puzzle.Empty
			}
		}
		add(typed("holes", rot), p, b, labelCompat(t, p))
	}
	// Spares: the board loses a column, so five pieces do not fit.
	for _, rot := range []bool{false, true} {
		p, _ := labelPuzzle(t, 5, 6, rot, 4)
		p.Cols--
		p.AllowExtra = true
		add(typed("extra", rot), p, nil, labelCompat(t, p))
	}
	// Fixed pieces where the solution has them, and one turned piece in a
	// Type 1 puzzle, which no ranked partner can face.
	for _, rot := range []bool{false, true} {
		p, b := labelPuzzle(t, 5, 6, rot, 5)
		for _, i := range []int{0, 8, 21} {
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: b.CellAt(i), Placement: b.Cells[i]})
		}
		add(typed("fixed", rot), p, b, labelCompat(t, p))
		q := p.Clone()
		q.Fixed = append(q.Fixed, puzzle.FixedPiece{Cell: b.CellAt(14), Placement: puzzle.Placement{Piece: b.Cells[14].Piece, Rotation: 2}})
		add(typed("fixed-turned", rot), q, nil, labelCompat(t, q))
	}
	// Repeated labels: best partners tie and best buddies are rare.
	rng := rand.New(rand.NewPCG(6, 1))
	pc, bc, err := puzzle.GenerateColours(6, 6, 2, 3, rng)
	if err != nil {
		t.Fatal(err)
	}
	if pc, bc, err = puzzle.Scramble(pc, bc, rng); err != nil {
		t.Fatal(err)
	}
	add("colours/type2", pc, bc, labelCompat(t, pc))
	return fs
}

func typed(name string, rot bool) string {
	if rot {
		return name + "/type2"
	}
	return name + "/type1"
}

// checkChild fails unless child is a valid genome for f: every free piece
// exactly once, fixed slots as the layout has them, free pieces unturned in
// a Type 1 puzzle, a valid board, and its cost current.
func checkChild(t *testing.T, f kernelFixture, child *local.State) {
	t.Helper()
	l := f.l
	fixed := local.NewState(l)
	seen := make([]int, len(f.p.Pieces))
	for i, e := range child.Cells {
		if l.Fixed(i) {
			if e != fixed.Cells[i] {
				t.Fatalf("fixed slot %d holds %v, want %v", i, e.Placement(), fixed.Cells[i].Placement())
			}
			continue
		}
		if e == local.NoElem {
			continue
		}
		seen[e.Piece()]++
		if !l.Rotatable && e.Rotation() != 0 {
			t.Fatalf("slot %d: piece %d turned %v in a Type 1 puzzle", i, e.Piece(), e.Rotation())
		}
	}
	for _, p := range l.FreePieces {
		if seen[p] != 1 {
			t.Fatalf("free piece %d appears %d times", p, seen[p])
		}
		seen[p] = 0
	}
	for p, n := range seen {
		if n != 0 {
			t.Fatalf("fixed piece %d appears %d times among the free slots", p, n)
		}
	}
	b := child.Board(nil)
	if err := b.Validate(f.p); err != nil {
		t.Fatalf("child board: %v", err)
	}
	if got, want := child.Cost(), child.Clone().Recompute(); got != want {
		t.Fatalf("child cost %v, recomputed %v", got, want)
	}
}

// TestKernelCrossValid crosses random parents, at the paper's mutation
// rate and at the extremes, and checks every child.
func TestKernelCrossValid(t *testing.T) {
	fs := labelFixtures(t)
	fs = append(fs, picturePuzzle(t, 40, false, 7), picturePuzzle(t, 40, true, 8))
	for _, f := range fs {
		t.Run(f.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(9, 10))
			mom, dad, child := local.NewState(f.l), local.NewState(f.l), local.NewState(f.l)
			defer func() { f.k.mutation = kernelMutation }()
			for trial := range 60 {
				f.k.mutation = []float64{kernelMutation, 0, 1}[trial%3]
				mom.Shuffle(rng)
				dad.Shuffle(rng)
				if trial%4 == 0 {
					// Parents that share regions: children of the
					// random ones.
					kernelCross(f.k, mom, dad, mom, rng)
					kernelCross(f.k, dad, mom, dad, rng)
				}
				kernelCross(f.k, mom, dad, child, rng)
				checkChild(t, f, child)
				// The child may overwrite a parent.
				kernelCross(f.k, child, dad, child, rng)
				checkChild(t, f, child)
			}
		})
	}
}

// loaded returns a state holding board b.
func loaded(t *testing.T, f kernelFixture, b *puzzle.Board) *local.State {
	t.Helper()
	s := local.NewState(f.l)
	if err := s.Load(b); err != nil {
		t.Fatal(err)
	}
	return s
}

// onePuzzle returns a scrambled 5×5 puzzle whose inner joins all share one
// colour and whose frame joins another: any inner piece fits anywhere, no
// side has a best buddy and best partners tie, so a child that holds the
// solution owes it to what its parents agree on.
func onePuzzle(t testing.TB, rot bool, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	p, b, err := puzzle.GenerateColours(5, 5, 1, 1, rng)
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = rot
	if p, b, err = puzzle.Scramble(p, b, rng); err != nil {
		t.Fatal(err)
	}
	return p, b
}

// TestKernelCrossSolvedParents checks that two parents holding the
// solution have it as their child, whatever the first piece: every
// adjacency is agreed, so phases 2 and 3, and with them mutation, never
// come into play. A rotatable puzzle's parents may hold the solution
// turned as a whole, each its own way; the child keeps the mother's turn.
func TestKernelCrossSolvedParents(t *testing.T) {
	p1, b1 := labelPuzzle(t, 6, 7, false, 11)
	p2, b2 := labelPuzzle(t, 6, 6, true, 12)
	pf, bf := labelPuzzle(t, 5, 6, false, 13)
	pf.Fixed = []puzzle.FixedPiece{{Cell: bf.CellAt(9), Placement: bf.Cells[9]}}
	po1, bo1 := onePuzzle(t, false, 14)
	po2, bo2 := onePuzzle(t, true, 15)
	fix := func(p *puzzle.Puzzle, b *puzzle.Board) kernelFixture {
		return newKernelFixture(t, "", p, b, labelCompat(t, p))
	}
	tests := []struct {
		name     string
		f        kernelFixture
		mom, dad puzzle.Rotation // turns of the whole solution
	}{
		{"labels/type1", fix(p1, b1), 0, 0},
		{"labels/type2", fix(p2, b2), 0, 0},
		{"labels/type2/turned", fix(p2, b2), 1, 1},
		{"labels/type2/turned-apart", fix(p2, b2), 1, 2},
		{"labels/fixed", fix(pf, bf), 0, 0},
		{"one-colour/type1", fix(po1, bo1), 0, 0},
		{"one-colour/type2", fix(po2, bo2), 0, 0},
		{"one-colour/type2/turned-apart", fix(po2, bo2), 3, 1},
		{"picture/type1", picturePuzzle(t, 40, false, 16), 0, 0},
		{"picture/type2", picturePuzzle(t, 40, true, 17), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.f.truth.Turn(tt.mom)
			mom, dad := loaded(t, tt.f, want), loaded(t, tt.f, tt.f.truth.Turn(tt.dad))
			child := local.NewState(tt.f.l)
			rng := rand.New(rand.NewPCG(18, 19))
			for range 20 {
				kernelCross(tt.f.k, mom, dad, child, rng)
				if got := child.Board(nil); !got.Equal(want) {
					t.Fatalf("child of two solved parents differs from the mother:\n%v\nwant\n%v", got.Cells, want.Cells)
				}
			}
		})
	}
}

// TestKernelCrossShiftedParents checks where a kernel smaller than the
// board lands: a 4×4 solution on a 5×5 board leaves a row and a column of
// holes, and parents that hold it shifted apart still agree on every
// adjacency; the child holds it where the mother does.
func TestKernelCrossShiftedParents(t *testing.T) {
	p, b := labelPuzzle(t, 4, 4, false, 18)
	p.Rows, p.Cols = 5, 5
	// at returns the solution shifted down by dr and right by dc.
	at := func(dr, dc int) *puzzle.Board {
		w := puzzle.NewBoard(5, 5)
		for i, pl := range b.Cells {
			w.Cells[(i/4+dr)*5+i%4+dc] = pl
		}
		return w
	}
	f := newKernelFixture(t, "", p, nil, labelCompat(t, p))
	rng := rand.New(rand.NewPCG(19, 20))
	for _, tt := range []struct {
		name     string
		mom, dad *puzzle.Board
	}{
		{"top left/bottom right", at(0, 0), at(1, 1)},
		{"bottom right/top left", at(1, 1), at(0, 0)},
		{"bottom left/top right", at(1, 0), at(0, 1)},
		{"top right/top right", at(0, 1), at(0, 1)},
	} {
		mom, dad := loaded(t, f, tt.mom), loaded(t, f, tt.dad)
		child := local.NewState(f.l)
		for range 20 {
			kernelCross(f.k, mom, dad, child, rng)
			if got := child.Board(nil); !got.Equal(tt.mom) {
				t.Fatalf("%s: child\n%v\nwant the mother\n%v", tt.name, got.Cells, tt.mom.Cells)
			}
		}
	}
}

// TestKernelCrossImproves crosses random parents on picture puzzles and
// compares the share of correct neighbours (puzzle.NeighbourComparison) of
// children and parents. Random parents have almost none; the child's
// kernel grows along best buddies and best partners, which on a
// photograph are mostly true neighbours. Mutation, which places pieces at
// random, costs the child correct neighbours.
func TestKernelCrossImproves(t *testing.T) {
	for _, rot := range []bool{false, true} {
		f := picturePuzzle(t, 28, rot, 21)
		t.Run(f.name, func(t *testing.T) {
			defer func() { f.k.mutation = kernelMutation }()
			rng := rand.New(rand.NewPCG(22, 23))
			mom, dad, child := local.NewState(f.l), local.NewState(f.l), local.NewState(f.l)
			const trials = 40
			var parents, parentCost, childCost float64
			rates := []float64{kernelMutation, 0, 1}
			children := make([]float64, len(rates))
			for range trials {
				mom.Shuffle(rng)
				dad.Shuffle(rng)
				parents += (puzzle.NeighbourComparison(f.truth, mom.Board(nil)) + puzzle.NeighbourComparison(f.truth, dad.Board(nil))) / 2
				parentCost += (mom.Cost() + dad.Cost()) / 2
				for i, m := range rates {
					f.k.mutation = m
					kernelCross(f.k, mom, dad, child, rng)
					children[i] += puzzle.NeighbourComparison(f.truth, child.Board(nil))
					if i == 0 {
						childCost += child.Cost()
					}
				}
			}
			parents /= trials
			for i := range children {
				children[i] /= trials
			}
			t.Logf("%d pieces: correct neighbours %.3f in parents, %.3f in children (%.3f without mutation, %.3f with mutation 1); cost %.4g → %.4g",
				len(f.p.Pieces), parents, children[0], children[1], children[2], parentCost/trials, childCost/trials)
			// Ordering the third phase by cost rather than by age is
			// worth about 0.25 here, so the margin catches its loss.
			if children[0] < parents+0.5 {
				t.Errorf("children have %.3f correct neighbours, parents %.3f", children[0], parents)
			}
			if childCost >= parentCost {
				t.Errorf("children cost %.4g on average, parents %.4g", childCost/trials, parentCost/trials)
			}
			if !(children[2] < children[0] && children[0] < children[1]) {
				t.Errorf("correct neighbours at mutation 1, %v, 0: %.3f, %.3f, %.3f; want increasing", kernelMutation, children[2], children[0], children[1])
			}
		})
	}
}

// TestKernelPhases checks which phase offers the piece to the right of a
// first piece x, whose true right neighbour y is its best buddy: the
// parents' agreement first, then the buddy if a parent has it there, and
// otherwise the best partner, which is y again but at phase-3 priority.
func TestKernelPhases(t *testing.T) {
	p, b := labelPuzzle(t, 6, 7, false, 40)
	f := newKernelFixture(t, "", p, b, labelCompat(t, p))
	piece := func(r, c int) int { return int(b.Cells[r*7+c].Piece) }
	x, y, z, w := piece(2, 2), piece(2, 3), piece(4, 5), piece(0, 6)
	if got := f.k.buddies[4*x+int(puzzle.Right)]; got != int32(4*y+int(puzzle.Left)) {
		t.Fatalf("best buddy of x's right side is side %d, want y's left", got)
	}
	rng := rand.New(rand.NewPCG(41, 42))
	// arrange deals s at random, then puts x in slot 0 and right beside it.
	arrange := func(right int) *local.State {
		s := local.NewState(f.l)
		s.Shuffle(rng)
		s.Swap(0, slices.IndexFunc(s.Cells, func(e local.Elem) bool { return e.Piece() == x }))
		s.Swap(1, slices.IndexFunc(s.Cells, func(e local.Elem) bool { return e.Piece() == right }))
		return s
	}
	tests := []struct {
		name      string
		mom, dad  int // pieces right of x
		wantPhase int
		want      int
	}{
		{"agreement beats the buddy", z, z, 1, z},
		{"buddy in the mother", y, z, 2, y},
		{"buddy in the father", w, y, 2, y},
		{"buddy in neither parent", z, w, 3, y},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mom, dad := arrange(tt.mom), arrange(tt.dad)
			sc := f.k.scratch()
			f.k.reset(sc, mom, dad)
			sc.first = (f.l.Rows-1)*sc.fc + f.l.Cols - 1
			f.k.place(sc, sc.first, local.Elem(x<<2))
			var got []string
			for phase, list := range [][]kcand{sc.agreed, sc.buddy, sc.heap} {
				for _, c := range list {
					if c.side == puzzle.Right {
						got = append(got, fmt.Sprintf("phase %d piece %d", phase+1, c.elem.Piece()))
					}
				}
			}
			if want := fmt.Sprintf("phase %d piece %d", tt.wantPhase, tt.want); len(got) != 1 || got[0] != want {
				t.Fatalf("candidates right of x: %v, want [%s]", got, want)
			}
		})
	}
}

// TestKernelCrossDeterministic checks that a seed fixes the child.
func TestKernelCrossDeterministic(t *testing.T) {
	f := labelFixtures(t)[0]
	run := func() []local.Elem {
		rng := rand.New(rand.NewPCG(24, 25))
		mom, dad, child := local.NewState(f.l), local.NewState(f.l), local.NewState(f.l)
		for range 5 {
			mom.Shuffle(rng)
			dad.Shuffle(rng)
			kernelCross(f.k, mom, dad, child, rng)
			kernelCross(f.k, child, mom, dad, rng)
		}
		return slices.Clone(dad.Cells)
	}
	if a, b := run(), run(); !slices.Equal(a, b) {
		t.Fatalf("two runs from one seed differ:\n%v\n%v", a, b)
	}
}

// TestKernelRows checks that phase 3 chooses the same pieces from the
// table's joins copied side by side as from the table itself: children of
// the same parents and draws are equal, cell for cell.
func TestKernelRows(t *testing.T) {
	f := picturePuzzle(t, 50, true, 27)
	if f.k.rows == nil {
		t.Fatal("a turning picture priced by a table got no rows")
	}
	plain, err := newKernelContext(f.l, solve.Problem{Puzzle: f.p, Scorer: f.k.comp})
	if err != nil {
		t.Fatal(err)
	}
	plain.rows = nil
	run := func(k *kernelContext) []local.Elem {
		rng := rand.New(rand.NewPCG(28, 29))
		mom, dad, child := local.NewState(f.l), local.NewState(f.l), local.NewState(f.l)
		var out []local.Elem
		for range 10 {
			mom.Shuffle(rng)
			dad.Shuffle(rng)
			kernelCross(k, mom, dad, child, rng)
			out = append(out, child.Cells...)
		}
		return out
	}
	if a, b := run(f.k), run(plain); !slices.Equal(a, b) {
		t.Fatal("children differ with the joins copied side by side")
	}
}

// TestKernelCrossConcurrent crosses on one context from several goroutines;
// run with -race it checks that the context is only read.
func TestKernelCrossConcurrent(t *testing.T) {
	f := labelFixtures(t)[1]
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(26, uint64(w)))
			mom, dad, child := local.NewState(f.l), local.NewState(f.l), local.NewState(f.l)
			for range 20 {
				mom.Shuffle(rng)
				dad.Shuffle(rng)
				kernelCross(f.k, mom, dad, child, rng)
			}
		})
	}
	wg.Wait()
}

// TestNewKernelContext checks when the crossover declines or refuses.
func TestNewKernelContext(t *testing.T) {
	// One piece more than the kernel ranks under a plain scorer.
	big, _, err := puzzle.GenerateUnique(1, kernelMaxScorerPieces+1, rand.New(rand.NewPCG(27, 1)))
	if err != nil {
		t.Fatal(err)
	}
	lb, err := edge.NewLabels(big)
	if err != nil {
		t.Fatal(err)
	}
	small, _ := labelPuzzle(t, 3, 3, false, 28)
	other, _ := labelPuzzle(t, 3, 4, false, 29)
	tests := []struct {
		name    string
		p       *puzzle.Puzzle
		sc      edge.Scorer
		wantNil bool
		wantErr bool
	}{
		{"too many pieces to rank", big, scoreOnly{lb}, true, false},
		{"labels rank any size", big, lb, false, false},
		{"compatibility of another puzzle", small, labelCompat(t, other), true, true},
		{"no scorer", small, nil, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pricer := tt.sc
			if pricer == nil {
				pricer = labelCompat(t, tt.p)
			}
			l := local.NewLayout(tt.p, local.NewPricer(tt.p, pricer))
			k, err := newKernelContext(l, solve.Problem{Puzzle: tt.p, Scorer: tt.sc})
			if (err != nil) != tt.wantErr || (k == nil) != tt.wantNil {
				t.Fatalf("newKernelContext = %v, %v; want nil %v, error %v", k != nil, err, tt.wantNil, tt.wantErr)
			}
		})
	}
}

// BenchmarkKernelCross times one crossover of random parents on the test
// photograph cut into 28-pixel pieces (16×10).
func BenchmarkKernelCross(b *testing.B) {
	for _, rot := range []bool{false, true} {
		f := picturePuzzle(b, 28, rot, 30)
		b.Run(f.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(31, 32))
			mom, dad, child := local.NewState(f.l), local.NewState(f.l), local.NewState(f.l)
			mom.Shuffle(rng)
			dad.Shuffle(rng)
			for b.Loop() {
				kernelCross(f.k, mom, dad, child, rng)
			}
		})
	}
}
