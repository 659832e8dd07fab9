package solvetest

import (
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// An instance is one problem the suite runs, with what is known about it.
type instance struct {
	name    string
	problem solve.Problem
	// solution is a planted perfect board, or nil when there is none.
	solution *puzzle.Board
	// large marks the 12×12 instance no solver is expected to finish.
	large bool
}

// newRand returns the source an instance is built from. Every instance has
// its own fixed seed so that adding one does not change the others.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x50175e57)) }

// generator is one of package puzzle's generators with its size fixed.
type generator func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error)

func unique(rows, cols int) generator {
	return func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
		return puzzle.GenerateUnique(rows, cols, rng)
	}
}

func shapes(rows, cols, pairs int) generator {
	return func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
		return puzzle.GenerateShapes(rows, cols, pairs, rng)
	}
}

func colours(rows, cols, frame, inner int) generator {
	return func(rng *rand.Rand) (*puzzle.Puzzle, *puzzle.Board, error) {
		return puzzle.GenerateColours(rows, cols, frame, inner, rng)
	}
}

// A change alters a generated puzzle and its planted solution before they
// are scrambled. The generators put piece i in cell i, unturned, which is
// what lets a change pick pieces by cell.
type change func(p *puzzle.Puzzle, sol *puzzle.Board, rng *rand.Rand) error

// notRotatable forbids turning pieces; the planted solution has none turned.
func notRotatable(p *puzzle.Puzzle, _ *puzzle.Board, _ *rand.Rand) error {
	p.Rotatable = false
	return nil
}

// fix pins the planted pieces of the given cells.
func fix(cells ...puzzle.Cell) change {
	return func(p *puzzle.Puzzle, sol *puzzle.Board, _ *rand.Rand) error {
		for _, c := range cells {
			pl := sol.At(c)
			if pl.IsEmpty() {
				return fmt.Errorf("cannot fix cell %v: it is empty", c)
			}
			p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: pl})
		}
		return nil
	}
}

// fixTurned pins the planted piece of cell c turned by r, storing the piece
// turned back by r so that it still fits: Eternity II's hints are fixed in
// a rotation even in puzzles whose pieces may not otherwise turn.
func fixTurned(c puzzle.Cell, r puzzle.Rotation) change {
	return func(p *puzzle.Puzzle, sol *puzzle.Board, _ *rand.Rand) error {
		pl := sol.At(c)
		if pl.IsEmpty() {
			return fmt.Errorf("cannot fix cell %v: it is empty", c)
		}
		pc := &p.Pieces[pl.Piece]
		// Turned by r, the stored edges show what the planted piece showed
		// turned by pl.Rotation.
		pc.Edges = (&puzzle.Piece{Edges: pc.Turned(pl.Rotation)}).Turned(r.Inverse())
		pl.Rotation = r
		sol.Set(c, pl)
		p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: pl})
		return nil
	}
}

// drop removes the planted pieces of the given cells, leaving holes, and
// renumbers the rest.
func drop(cells ...puzzle.Cell) change {
	return func(p *puzzle.Puzzle, sol *puzzle.Board, _ *rand.Rand) error {
		gone := make([]bool, len(p.Pieces))
		for _, c := range cells {
			pl := sol.At(c)
			if pl.IsEmpty() {
				return fmt.Errorf("cannot drop the piece of cell %v: it is empty", c)
			}
			gone[pl.Piece] = true
		}
		newID := make([]puzzle.PieceID, len(p.Pieces))
		var kept []puzzle.Piece
		for i, pc := range p.Pieces {
			if gone[i] {
				newID[i] = puzzle.NoPiece
				continue
			}
			newID[i] = puzzle.PieceID(len(kept))
			pc.ID = newID[i]
			kept = append(kept, pc)
		}
		p.Pieces = kept
		for i, pl := range sol.Cells {
			if !pl.IsEmpty() {
				sol.Cells[i].Piece = newID[pl.Piece]
			}
		}
		return nil
	}
}

// extra adds n pieces that belong nowhere, with labels drawn from those
// the puzzle uses, so that they look like the others.
func extra(n int) change {
	return func(p *puzzle.Puzzle, _ *puzzle.Board, rng *rand.Rand) error {
		var used []puzzle.Label
		for _, pc := range p.Pieces {
			for _, l := range pc.Edges {
				if l != puzzle.Flat {
					used = append(used, l)
				}
			}
		}
		if len(used) == 0 {
			return fmt.Errorf("a puzzle without inner joins has no labels to copy")
		}
		for range n {
			pc := puzzle.Piece{ID: puzzle.PieceID(len(p.Pieces))}
			for s := range pc.Edges {
				pc.Edges[s] = used[rng.IntN(len(used))]
			}
			p.Pieces = append(p.Pieces, pc)
		}
		p.AllowExtra = true
		return nil
	}
}

// breakJoin gives the planted piece of cell c a label no other side carries
// on side s, which must face another piece: the puzzle has no solution.
func breakJoin(c puzzle.Cell, s puzzle.Side) change {
	return func(p *puzzle.Puzzle, sol *puzzle.Board, _ *rand.Rand) error {
		if !p.In(c.Neighbour(s)) {
			return fmt.Errorf("side %v of cell %v faces the outside", s, c)
		}
		var top puzzle.Label
		for _, pc := range p.Pieces {
			for _, l := range pc.Edges {
				top = max(top, l, -l)
			}
		}
		pl := sol.At(c)
		p.Pieces[pl.Piece].Edges[pl.Rotation.Source(s)] = top + 1
		return nil
	}
}

// flipJoin turns the label on side s of the piece planted at c into its
// mate, so that under the Complement rule the join no longer fits and the
// puzzle's tabs and blanks no longer balance.
func flipJoin(c puzzle.Cell, s puzzle.Side) change {
	return func(p *puzzle.Puzzle, sol *puzzle.Board, _ *rand.Rand) error {
		if !p.In(c.Neighbour(s)) {
			return fmt.Errorf("side %v of cell %v faces the outside", s, c)
		}
		pl := sol.At(c)
		e := &p.Pieces[pl.Piece].Edges[pl.Rotation.Source(s)]
		*e = p.Rule.Mate(*e)
		if p.Rule != puzzle.Complement {
			return fmt.Errorf("flipJoin needs the complement rule")
		}
		return nil
	}
}

// build generates a puzzle from seed, applies the changes, and scrambles it
// so that piece IDs and rotations give nothing away.
func build(name string, seed uint64, gen generator, changes ...change) (instance, error) {
	rng := newRand(seed)
	p, sol, err := gen(rng)
	if err != nil {
		return instance{}, fmt.Errorf("solvetest: instance %s: %w", name, err)
	}
	for _, ch := range changes {
		if err := ch(p, sol, rng); err != nil {
			return instance{}, fmt.Errorf("solvetest: instance %s: %w", name, err)
		}
	}
	p, sol, err = puzzle.Scramble(p, sol, rng)
	if err != nil {
		return instance{}, fmt.Errorf("solvetest: instance %s: %w", name, err)
	}
	return instance{name: name, problem: solve.Problem{Puzzle: p}, solution: sol}, nil
}

// mustBuild is build for the suite's own fixed instances: an error there
// is a bug in the suite or in a generator, reported as a failure.
func mustBuild(t tester, name string, seed uint64, gen generator, changes ...change) instance {
	t.Helper()
	inst, err := build(name, seed, gen, changes...)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return inst
}

// Each list below numbers its instances' seeds from its own base, so that
// the instances stay fixed as the lists grow.

// plantedInstances are small solvable puzzles of every kind: both rules,
// turning and not, single rows, several solutions and one.
func plantedInstances(t tester) []instance {
	t.Helper()
	return []instance{
		mustBuild(t, "unique-1x1", 101, unique(1, 1)),
		mustBuild(t, "shapes-1x4", 102, shapes(1, 4, 1)),
		mustBuild(t, "unique-2x2", 103, unique(2, 2)),
		mustBuild(t, "shapes-2x3-1pair", 104, shapes(2, 3, 1)),
		mustBuild(t, "colours-3x3-fixed-orientation", 105, colours(3, 3, 2, 2), notRotatable),
		mustBuild(t, "shapes-3x4-2pairs", 106, shapes(3, 4, 2)),
		mustBuild(t, "unique-4x4", 107, unique(4, 4)),
	}
}

// unsolvableInstance is a 2×2 puzzle one of whose joins cannot close.
func unsolvableInstance(t tester) instance {
	t.Helper()
	inst := mustBuild(t, "unique-2x2-broken", 201, unique(2, 2), breakJoin(puzzle.Cell{}, puzzle.Right))
	inst.solution = nil
	return inst
}

// fixedInstances pin pieces, one of them turned in a puzzle whose other
// pieces may not turn.
func fixedInstances(t tester) []instance {
	t.Helper()
	return []instance{
		mustBuild(t, "shapes-3x3-two-fixed", 301, shapes(3, 3, 1), fix(puzzle.Cell{Row: 0, Col: 1}, puzzle.Cell{Row: 2, Col: 2})),
		mustBuild(t, "colours-3x3-fixed-turned", 302, colours(3, 3, 2, 2), notRotatable, fixTurned(puzzle.Cell{Row: 1, Col: 1}, 1)),
	}
}

// holeInstances have fewer pieces than cells.
func holeInstances(t tester) []instance {
	t.Helper()
	return []instance{
		mustBuild(t, "shapes-2x3-one-missing", 401, shapes(2, 3, 1), drop(puzzle.Cell{Row: 1, Col: 2})),
		mustBuild(t, "unique-3x3-two-missing", 402, unique(3, 3), drop(puzzle.Cell{Row: 0, Col: 1}, puzzle.Cell{Row: 1, Col: 1})),
		mustBuild(t, "shapes-3x3-missing-and-fixed", 403, shapes(3, 3, 2), drop(puzzle.Cell{Row: 2, Col: 0}), fix(puzzle.Cell{Row: 0, Col: 0})),
	}
}

// extraInstances have more pieces than cells.
func extraInstances(t tester) []instance {
	t.Helper()
	return []instance{
		mustBuild(t, "unique-2x2-one-extra", 501, unique(2, 2), extra(1)),
		mustBuild(t, "shapes-3x3-two-extra", 502, shapes(3, 3, 2), extra(2)),
	}
}

// scorerInstances set Problem.Scorer: to the puzzle's own labels, and to
// scorers other than the labels, with and without frame costs, so that a
// cost copied from the labels is caught. The first is the labels.
func scorerInstances(t tester) []instance {
	t.Helper()
	insts := []instance{
		mustBuild(t, "shapes-3x3-labels", 603, shapes(3, 3, 2)),
		mustBuild(t, "shapes-3x3-weighted-framed", 601, shapes(3, 3, 2)),
		mustBuild(t, "shapes-3x3-weighted-unframed", 602, shapes(3, 3, 2)),
	}
	for i := range insts {
		l, err := edge.NewLabels(insts[i].problem.Puzzle)
		if err != nil {
			t.Fatalf("solvetest: instance %s: %v", insts[i].name, err)
		}
		insts[i].problem.Scorer = [...]edge.Scorer{l, weightedFrame{weighted{l}}, weighted{l}}[i]
	}
	return insts
}

// largeInstance is a 12×12 tab/blank puzzle with two shape pairs and one
// corrupted corner: it has no solution, and with two shapes the search
// tree is far too large to refute in the time the suite allows.
func largeInstance(t tester) instance {
	t.Helper()
	// One shape pair and one inner tab turned into a blank: the tabs and
	// blanks no longer balance, which no solver here counts, so refuting
	// the puzzle takes a real search through a sea of partial boards.
	inst := mustBuild(t, "shapes-12x12-unsolvable", 701, shapes(12, 12, 1), flipJoin(puzzle.Cell{Row: 6, Col: 5}, puzzle.Right))
	inst.solution = nil
	inst.large = true
	return inst
}

// weighted scores a join of a label puzzle 0 when the labels fit and
// otherwise an amount between 0.5 and 1 that depends on the pieces, so that
// a cost counted from the labels differs from the true one. It knows
// nothing of frames.
type weighted struct{ l *edge.Labels }

func (w weighted) Score(a puzzle.Placement, s puzzle.Side, b puzzle.Placement) float64 {
	if w.l.Fits(a, s, b) {
		return 0
	}
	return 0.5 + 0.25*float64((a.Piece+b.Piece)%3)
}

// weightedFrame is weighted with a frame cost of 0.75 for a side on the rim
// that is not flat.
type weightedFrame struct{ weighted }

func (w weightedFrame) ScoreFrame(a puzzle.Placement, s puzzle.Side) float64 {
	if w.l.Edge(a, s) == puzzle.Flat {
		return 0
	}
	return 0.75
}
