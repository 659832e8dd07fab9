package solvetest

import (
	"context"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// invalidInput checks that bad problems and options give an error, never a
// panic and never a result passed off as valid.
func (s *suite) invalidInput(t tester) {
	base := mustBuild(t, "unique-2x2", 103, unique(2, 2))
	// edit returns a copy of the base problem changed by f.
	edit := func(f func(p *puzzle.Puzzle)) solve.Problem {
		p := base.problem.Puzzle.Clone()
		f(p)
		return solve.Problem{Puzzle: p}
	}
	twice := puzzle.NewBoard(2, 2)
	twice.Cells[0] = puzzle.Placement{Piece: 0}
	twice.Cells[3] = puzzle.Placement{Piece: 0}
	cases := []struct {
		name    string
		problem solve.Problem
		opts    []solve.Option
	}{
		{name: "nil puzzle", problem: solve.Problem{}},
		{name: "no rows", problem: edit(func(p *puzzle.Puzzle) { p.Rows = 0 })},
		{name: "negative columns", problem: edit(func(p *puzzle.Puzzle) { p.Cols = -2 })},
		{name: "no pieces", problem: edit(func(p *puzzle.Puzzle) { p.Pieces = nil })},
		{name: "unknown match rule", problem: edit(func(p *puzzle.Puzzle) { p.Rule = 9 })},
		{name: "piece IDs out of order", problem: edit(func(p *puzzle.Puzzle) {
			p.Pieces[0].ID, p.Pieces[1].ID = 1, 0
		})},
		{name: "more pieces than cells without AllowExtra", problem: edit(func(p *puzzle.Puzzle) {
			p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(len(p.Pieces))})
		})},
		{name: "two fixed pieces in one cell", problem: edit(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{
				{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: puzzle.Placement{Piece: 0}},
				{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: puzzle.Placement{Piece: 1}},
			}
		})},
		{name: "one piece fixed in two cells", problem: edit(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{
				{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: puzzle.Placement{Piece: 2}},
				{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: puzzle.Placement{Piece: 2}},
			}
		})},
		{name: "fixed piece off the board", problem: edit(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 2, Col: 0}, Placement: puzzle.Placement{Piece: 0}}}
		})},
		{name: "fixed piece unknown", problem: edit(func(p *puzzle.Puzzle) {
			p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 0}, Placement: puzzle.Placement{Piece: 4}}}
		})},
		{name: "initial board of the wrong size", problem: base.problem,
			opts: []solve.Option{solve.WithInitial(puzzle.NewBoard(3, 3))}},
		{name: "initial board placing a piece twice", problem: base.problem,
			opts: []solve.Option{solve.WithInitial(twice)}},
	}
	for _, tc := range cases {
		t.run(tc.name, func(t tester) {
			res, err := s.solve(t, s.newSolver(), context.Background(), tc.name, tc.problem, tc.opts...)
			if err == nil {
				t.Errorf("Solve accepted invalid input (%s)", describe(res))
			}
			if e, ok := s.newSolver().(solve.Enumerator); ok {
				s.allRejects(t, e, tc.problem, tc.opts)
			}
		})
	}
}

// planted checks runs on small puzzles that have a solution.
func (s *suite) planted(t tester) {
	for _, inst := range plantedInstances(t) {
		t.run(inst.name, func(t tester) {
			res := s.solveValid(t, context.Background(), inst, s.budget(inst)...)
			s.wantSolved(t, inst, res)
		})
	}
}

// unsolvable checks a run on a puzzle without a solution: a complete
// solver must say so.
func (s *suite) unsolvable(t tester) {
	inst := unsolvableInstance(t)
	res := s.solveValid(t, context.Background(), inst, s.budget(inst)...)
	if res.Status == solve.Solved {
		t.Errorf("%s has no solution, yet the run reports Solved (%s)", inst.name, describe(res))
	}
	if s.cfg.Complete && res.Status != solve.Exhausted {
		t.Errorf("%s has no solution: a complete solver must report Exhausted, got %s", inst.name, describe(res))
	}
}

// initial checks warm starts: from the planted solution and from half of
// it.
func (s *suite) initial(t tester) {
	for _, inst := range []instance{
		mustBuild(t, "shapes-2x3-1pair", 104, shapes(2, 3, 1)),
		mustBuild(t, "colours-3x3-fixed-orientation", 105, colours(3, 3, 2, 2), notRotatable),
	} {
		half := puzzle.NewBoardFor(inst.problem.Puzzle)
		for i := range len(half.Cells) / 2 {
			half.Cells[i] = inst.solution.Cells[i]
		}
		for _, tc := range []struct {
			name  string
			board *puzzle.Board
		}{
			{name: "solution", board: inst.solution},
			{name: "half", board: half},
		} {
			t.run(inst.name+"/"+tc.name, func(t tester) {
				opts := append(solve.Options{solve.WithInitial(tc.board)}, s.budget(inst)...)
				res := s.solveValid(t, context.Background(), inst, opts)
				s.wantSolved(t, inst, res)
			})
		}
	}
}

// fixed checks that fixed pieces stay where the puzzle pins them.
func (s *suite) fixed(t tester) {
	for _, inst := range fixedInstances(t) {
		t.run(inst.name, func(t tester) {
			res := s.solveValid(t, context.Background(), inst, s.budget(inst)...)
			for _, f := range inst.problem.Puzzle.Fixed {
				if got := res.Board.At(f.Cell); got != f.Placement {
					t.Errorf("cell %v must hold fixed piece %v, holds %v", f.Cell, f.Placement, got)
				}
			}
			s.wantSolved(t, inst, res)
		})
	}
}

// holes checks puzzles with fewer pieces than cells: a solution leaves
// exactly the cells empty that no piece can fill.
func (s *suite) holes(t tester) {
	for _, inst := range holeInstances(t) {
		t.run(inst.name, func(t tester) {
			res := s.solveValid(t, context.Background(), inst, s.budget(inst)...)
			p := inst.problem.Puzzle
			if res.Status == solve.Solved {
				if got, want := p.Cells()-placed(res.Board), p.Cells()-len(p.Pieces); got != want {
					t.Errorf("solved with %d empty cells; %d pieces on %d cells leave %d\n%s", got, len(p.Pieces), p.Cells(), want, boardString(res.Board))
				}
				if len(res.Unplaced) != 0 {
					t.Errorf("solved leaving out pieces %v, though every piece has a cell", res.Unplaced)
				}
			}
			s.wantSolved(t, inst, res)
		})
	}
}

// extra checks puzzles with more pieces than cells: a solution fills every
// cell and reports the pieces left over.
func (s *suite) extra(t tester) {
	for _, inst := range extraInstances(t) {
		t.run(inst.name, func(t tester) {
			res := s.solveValid(t, context.Background(), inst, s.budget(inst)...)
			p := inst.problem.Puzzle
			if res.Status == solve.Solved {
				if got := placed(res.Board); got != p.Cells() {
					t.Errorf("solved with %d of %d cells filled, though there are %d pieces\n%s", got, p.Cells(), len(p.Pieces), boardString(res.Board))
				}
				if got, want := len(res.Unplaced), len(p.Pieces)-p.Cells(); got != want {
					t.Errorf("solved with %d pieces unplaced (%v); %d pieces on %d cells leave %d", got, res.Unplaced, len(p.Pieces), p.Cells(), want)
				}
			}
			s.wantSolved(t, inst, res)
		})
	}
}

// scorer checks that costs come from the problem's scorer, not from the
// puzzle's labels, and that a label-only solver rejects other scorers.
func (s *suite) scorer(t tester) {
	for i, inst := range scorerInstances(t) {
		t.run(inst.name, func(t tester) {
			if s.cfg.LabelsOnly && i > 0 {
				res, err := s.solve(t, s.newSolver(), context.Background(), inst.name, inst.problem, s.budget(inst)...)
				if err == nil {
					t.Errorf("a label-only solver accepted a scorer of type %T (%s)", inst.problem.Scorer, describe(res))
				}
				return
			}
			res := s.solveValid(t, context.Background(), inst, s.budget(inst)...)
			s.wantSolved(t, inst, res)
		})
	}
}

// wantSolved fails a complete solver that did not solve inst, which has a
// solution.
func (s *suite) wantSolved(t tester, inst instance, res *solve.Result) {
	t.Helper()
	if !s.cfg.Complete {
		return
	}
	if inst.solution == nil {
		t.Fatalf("solvetest: instance %s has no planted solution", inst.name)
	}
	if res.Status != solve.Solved || res.Cost != 0 {
		t.Errorf("%s has a solution: a complete solver must report Solved at cost 0, got %s\n%s", inst.name, describe(res), boardString(res.Board))
	}
}
