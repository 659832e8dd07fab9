package esp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// Verdict says what the search made of a board shape.
type Verdict uint8

const (
	// RuledOut: the pieces' flat sides cannot cover the shape's rim, so
	// the shape was not searched; ShapeCandidate.Why says which count
	// fails.
	RuledOut Verdict = iota
	// NoBoard: the complete search proved that no zero-cost board of the
	// shape exists.
	NoBoard
	// Undecided: the search ran out of budget.
	Undecided
	// Found: the search found a zero-cost board of the shape.
	Found
)

// String returns a short lower-case name for reports and tables.
func (v Verdict) String() string {
	switch v {
	case RuledOut:
		return "ruled out"
	case NoBoard:
		return "no board"
	case Undecided:
		return "undecided"
	case Found:
		return "found"
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// ShapeCandidate is one board shape that might hold a puzzle's pieces with
// a given number missing, and how well it fits them.
type ShapeCandidate struct {
	// Rows and Cols are the shape; Rows·Cols is the number of pieces plus
	// the number missing. When pieces rotate, a shape and its quarter
	// turn are one candidate, listed with Rows ≤ Cols.
	Rows, Cols int
	// Perimeter is 2(Rows+Cols), the flat sides a complete board shows on
	// its rim.
	Perimeter int
	// FlatSides is the number of flat sides the pieces show. On a complete
	// board it equals Perimeter; a missing piece on the frame takes its
	// flat sides with it, and a flat side off the rim must face a hole.
	FlatSides int
	// Misfit is |Perimeter − FlatSides|, the frame count's verdict on the
	// shape: 0 fits best.
	Misfit int
	// Search is what the search found.
	Search Verdict
	// Why says which count ruled the shape out when Search is RuledOut,
	// so that a report can show why a shape was never searched.
	Why string
	// Board is a zero-cost board of the shape when Search is Found.
	Board *puzzle.Board
	// Nodes counts the cells the search chose.
	Nodes int64
}

// ShapeOption configures Shapes.
type ShapeOption func(*shapeConfig)

type shapeConfig struct {
	budget int64
	solver []Option
}

// WithShapeBudget bounds the search of each shape to n cells chosen
// (solve.WithMaxIterations); a shape whose search runs out is Undecided.
// n ≤ 0 skips the search, so that shapes are ranked by their frame count
// alone. Default: 100000.
func WithShapeBudget(n int64) ShapeOption { return func(c *shapeConfig) { c.budget = n } }

// WithShapeSolver passes options to the ESP+FBF solver that searches each
// shape. Default: none.
func WithShapeSolver(opts ...Option) ShapeOption {
	return func(c *shapeConfig) { c.solver = append(c.solver, opts...) }
}

// Shapes lists the board shapes R×C with R·C = len(p.Pieces)+missing that
// might hold p's pieces, best first: the thesis's future work of a puzzle
// whose board size is unknown (its four pieces could be a 2×2 or a 1×4,
// or part of a 2×3 with two missing). p's Rows and Cols serve only as a
// hint, which breaks ties; its labels and rule decide.
//
// Each shape is read two ways. The frame count compares the flat sides
// the pieces show with the rim's 2(R+C), and rules a shape out when no
// arrangement can cover its rim: too few flat sides, too few pieces with a
// flat side for the rim cells or with two for the corners (three for the
// ends of a single line, two opposite for its middle), or more flat sides
// than the rim and the holes can face. Every other shape is searched by
// ESP+FBF under a budget (WithShapeBudget) for a zero-cost board with the
// missing number of holes. Shapes are ranked by the search's verdict
// (Found, then Undecided, then NoBoard, then RuledOut), then by Misfit,
// then by whether the shape is the hint, then by how square they are.
//
// p must be valid apart from its size, without fixed pieces (their cells
// belong to a board of known size) or extra pieces. At most 16 pieces may
// be missing per piece present, or 1024 whatever their number: a shape's
// search costs time and memory in proportion to its cells, and a board
// that is almost all holes says little about the pieces. A context that ends stops the searches with
// its error.
func Shapes(ctx context.Context, p *puzzle.Puzzle, missing int, opts ...ShapeOption) ([]ShapeCandidate, error) {
	cfg := shapeConfig{budget: 100000}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	if p == nil {
		return nil, errors.New("esp: shapes: nil puzzle")
	}
	if missing < 0 {
		return nil, fmt.Errorf("esp: shapes: %d missing pieces: the number must be at least 0", missing)
	}
	if len(p.Fixed) > 0 {
		return nil, fmt.Errorf("esp: shapes: %d fixed pieces: a fixed piece's cell needs a board of known size", len(p.Fixed))
	}
	if p.AllowExtra {
		return nil, errors.New("esp: shapes: the puzzle allows extra pieces, so the board's size does not follow from their number")
	}
	if missing > math.MaxInt-len(p.Pieces) {
		// The count of cells would wrap around.
		return nil, fmt.Errorf("esp: shapes: %d pieces and %d missing: more cells than a board can hold", len(p.Pieces), missing)
	}
	n := len(p.Pieces) + missing
	q := p.Clone()
	q.Rows, q.Cols = 1, max(n, 1)
	if err := q.Validate(); err != nil {
		return nil, fmt.Errorf("esp: shapes: %d pieces and %d missing: %w", len(p.Pieces), missing, err)
	}
	if most := maxMissing(len(p.Pieces)); missing > most {
		return nil, fmt.Errorf("esp: shapes: %d pieces and %d missing: at most %d may be missing for %d pieces (%d per piece, or %d)",
			len(p.Pieces), missing, most, len(p.Pieces), missingPerPiece, missingFloor)
	}
	fc := countFlats(p)
	var out []ShapeCandidate
	for r := 1; r <= n; r++ {
		if n%r != 0 {
			continue
		}
		c := n / r
		if p.Rotatable && r > c {
			break
		}
		sc := ShapeCandidate{Rows: r, Cols: c, Perimeter: 2 * (r + c), FlatSides: fc.flats}
		sc.Misfit = abs(sc.Perimeter - sc.FlatSides)
		if why := fc.rulesOut(r, c, missing); why != "" {
			sc.Search, sc.Why = RuledOut, why
			out = append(out, sc)
			continue
		}
		sc.Search = Undecided
		if cfg.budget > 0 {
			q := p.Clone()
			q.Rows, q.Cols = r, c
			res, err := New(cfg.solver...).Solve(ctx, solve.Problem{Puzzle: q}, solve.WithMaxIterations(cfg.budget))
			if err != nil {
				return nil, fmt.Errorf("esp: shapes: %d×%d: %w", r, c, err)
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			sc.Nodes = res.Stats.Nodes
			switch res.Status {
			case solve.Solved:
				if Verify(q, res.Board) == nil {
					sc.Search, sc.Board = Found, res.Board
				}
			case solve.Exhausted:
				sc.Search = NoBoard
			}
		}
		out = append(out, sc)
	}
	hint := func(s ShapeCandidate) int {
		if (s.Rows == p.Rows && s.Cols == p.Cols) || (p.Rotatable && s.Rows == p.Cols && s.Cols == p.Rows) {
			return 0
		}
		return 1
	}
	slices.SortStableFunc(out, func(a, b ShapeCandidate) int {
		return cmp.Or(
			cmp.Compare(b.Search, a.Search),
			cmp.Compare(a.Misfit, b.Misfit),
			cmp.Compare(hint(a), hint(b)),
			cmp.Compare(abs(a.Rows-a.Cols), abs(b.Rows-b.Cols)),
		)
	})
	return out, nil
}

// Shapes accepts up to missingPerPiece missing pieces per piece, or
// missingFloor, whichever is more. Each shape's search takes time and
// memory in proportion to the board's cells, not to the pieces, and a
// board that is almost all holes says little about the pieces: 8 pieces
// with 2^20 missing had Shapes allocate 1.6 GB for its candidate shapes.
const (
	missingPerPiece = 16
	missingFloor    = 1024
)

// maxMissing is the most pieces Shapes lets be missing from a puzzle of
// the given number of pieces.
func maxMissing(pieces int) int { return max(missingFloor, missingPerPiece*pieces) }

func abs(x int) int { return max(x, -x) }

// flatCounts tallies the pieces by the flat sides they show.
type flatCounts struct {
	pieces int
	flats  int // flat sides in all
	// one, corner, three, opposite count the pieces with at least one
	// flat side, with two adjacent ones, with at least three, and with
	// two opposite ones.
	one, corner, three, opposite int
}

func countFlats(p *puzzle.Puzzle) flatCounts {
	fc := flatCounts{pieces: len(p.Pieces)}
	for i := range p.Pieces {
		var flat [4]bool
		n := 0
		for _, s := range puzzle.Sides {
			if p.Pieces[i].Edges[s] == puzzle.Flat {
				flat[s] = true
				n++
			}
		}
		fc.flats += n
		if n >= 1 {
			fc.one++
		}
		if n >= 3 {
			fc.three++
		}
		for _, s := range puzzle.Sides {
			if flat[s] && flat[(s+1)%4] {
				fc.corner++
				break
			}
		}
		if (flat[puzzle.Top] && flat[puzzle.Bottom]) || (flat[puzzle.Left] && flat[puzzle.Right]) {
			fc.opposite++
		}
	}
	return fc
}

// rulesOut returns why no zero-cost board of r×c cells with the given
// number of holes can hold the pieces, or "" when the flat sides allow
// one. Every rim side of a placed piece is flat, and every flat side off
// the rim faces a hole, so each count below is necessary.
func (fc flatCounts) rulesOut(r, c, holes int) string {
	rim := 2 * (r + c)
	// A hole takes at most this many rim sides off the pieces: two in a
	// corner, three at the end of a single line, four alone.
	most := 2
	switch {
	case r == 1 && c == 1:
		most = 4
	case r == 1 || c == 1:
		most = 3
	}
	if fc.flats+most*holes < rim {
		return fmt.Sprintf("the rim has %d sides; the pieces show %d flat sides and %d holes can take at most %d", rim, fc.flats, holes, most*holes)
	}
	if fc.flats > rim+4*holes {
		return fmt.Sprintf("the pieces show %d flat sides; the rim takes %d and %d holes can face at most %d more", fc.flats, rim, holes, 4*holes)
	}
	if r == 1 && c == 1 {
		if fc.flats < 4 {
			return "a board of one cell needs a piece with four flat sides"
		}
		return ""
	}
	if r == 1 || c == 1 {
		// Both long sides of every cell are on the rim.
		if fc.opposite < fc.pieces {
			return fmt.Sprintf("on a single line every piece shows two opposite flat sides; %d of the %d pieces do", fc.opposite, fc.pieces)
		}
		if fc.three < 2-holes {
			return fmt.Sprintf("a single line needs 2 end pieces with three flat sides less %d holes; the pieces have %d", holes, fc.three)
		}
		return ""
	}
	cells := 2*(r+c) - 4
	if fc.one < cells-holes {
		return fmt.Sprintf("the rim has %d cells; %d pieces show a flat side and %d holes can fill the rest", cells, fc.one, holes)
	}
	if fc.corner < 4-holes {
		return fmt.Sprintf("the board has 4 corners; %d pieces show two adjacent flat sides and %d holes can fill the rest", fc.corner, holes)
	}
	return ""
}
