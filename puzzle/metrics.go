package puzzle

// The metrics score a solver's board. Mismatches and Matches read the
// labels of a label puzzle; the comparisons hold a board against the true
// one (a generator's planted solution, or the ground truth of a cut image)
// and need no labels, so they serve picture puzzles too.
//
// All of them take boards as solvers return them and never panic: a nil or
// malformed board (Cells not Rows*Cols long) scores 0, and a cell holding a
// piece the puzzle does not know counts as a hole. Board.Validate reports
// such boards; the metrics only measure.
//
// The comparisons are fractions of what truth offers to get right. When
// truth offers nothing (no pieces, or no two pieces side by side for
// NeighbourComparison) got cannot miss anything and scores 1.

// Mismatches returns the number of joins between two placed pieces that do
// not fit under p.Rule, plus the number of non-flat sides on the board's
// rim. It is the cost the label scorers give b, so a planted solution has 0
// mismatches. Sides facing a hole cost nothing: the missing piece is
// unknown.
func Mismatches(p *Puzzle, b *Board) int {
	bad := 0
	scanJoins(p, b, func(fit bool) {
		if !fit {
			bad++
		}
	}, func(l Label) {
		if l != Flat {
			bad++
		}
	})
	return bad
}

// Matches returns the number of joins between two placed pieces that fit
// under p.Rule: the count the seeds report as matched edges (out of 480 for
// Eternity II). Sides on the rim are not joins and do not count.
func Matches(p *Puzzle, b *Board) int {
	good := 0
	scanJoins(p, b, func(fit bool) {
		if fit {
			good++
		}
	}, func(Label) {})
	return good
}

// scanJoins calls join once for every join between two placed pieces known
// to p, with whether they fit, and rim once for every side of a known piece
// that faces the outside of the board, with the label it shows there.
func scanJoins(p *Puzzle, b *Board, join func(fit bool), rim func(Label)) {
	if p == nil || !wellFormed(b) {
		return
	}
	known := func(pl Placement) bool {
		return pl.Piece >= 0 && int(pl.Piece) < len(p.Pieces)
	}
	edge := func(pl Placement, s Side) Label {
		return p.Pieces[pl.Piece].Edge(pl.Rotation, s)
	}
	for i, a := range b.Cells {
		if !known(a) {
			continue
		}
		c := b.CellAt(i)
		if c.Col+1 < b.Cols {
			if r := b.Cells[i+1]; known(r) {
				join(p.Rule.Fits(edge(a, Right), edge(r, Left)))
			}
		}
		if c.Row+1 < b.Rows {
			if d := b.Cells[i+b.Cols]; known(d) {
				join(p.Rule.Fits(edge(a, Bottom), edge(d, Top)))
			}
		}
		if c.Row == 0 {
			rim(edge(a, Top))
		}
		if c.Col == b.Cols-1 {
			rim(edge(a, Right))
		}
		if c.Row == b.Rows-1 {
			rim(edge(a, Bottom))
		}
		if c.Col == 0 {
			rim(edge(a, Left))
		}
	}
}

// wellFormed reports whether b can be indexed as its size says.
func wellFormed(b *Board) bool {
	return b != nil && b.Rows >= 0 && b.Cols >= 0 && len(b.Cells) == b.Rows*b.Cols
}

// DirectComparison returns the fraction of truth's placed pieces that got
// places in the same cell with the same rotation. A solution turned as a
// whole is still the picture when the orientation is unknown, so the score
// is the best over the whole-board turns that keep the board's shape
// (Board.Turns: four for a square, 0° and 180° otherwise). Boards of
// different sizes score 0.
func DirectComparison(truth, got *Board) float64 {
	hits, total := bestDirect(truth, got)
	return ratio(hits, total)
}

// Perfect reports whether got reconstructs truth exactly, up to a
// whole-board turn: DirectComparison(truth, got) == 1. Like the
// comparisons, it asks only about truth's pieces: a piece got puts in one of
// truth's holes is not held against it.
func Perfect(truth, got *Board) bool {
	hits, total := bestDirect(truth, got)
	return total >= 0 && hits == total
}

// bestDirect returns the most pieces got places as some whole-board turn of
// truth does, and how many pieces truth places; total is -1 when the boards
// cannot be compared.
func bestDirect(truth, got *Board) (hits, total int) {
	if !sameSize(truth, got) {
		return 0, -1
	}
	for _, r := range truth.Turns() {
		t := truth.Turn(r)
		n := 0
		for i, pl := range t.Cells {
			if !pl.IsEmpty() && got.Cells[i] == pl {
				n++
			}
		}
		hits = max(hits, n)
	}
	return hits, truth.Placed()
}

// ShiftedDirectComparison is DirectComparison that also forgives one common
// translation: a solver that builds the picture correctly but one column
// too far left loses only the pieces pushed off the board, where direct
// comparison would score it near 0. It returns the best, over whole-board
// turns and shifts (dr, dc), of the fraction of truth's placed pieces that
// got places, with the same rotation, in the shifted cell. Pieces whose
// shifted cell falls off the board count as misses. Boards of different
// sizes score 0.
func ShiftedDirectComparison(truth, got *Board) float64 {
	if !sameSize(truth, got) {
		return 0
	}
	type shift struct{ dRow, dCol int }
	best := 0
	for _, r := range truth.Turns() {
		t := truth.Turn(r)
		where := make(map[PieceID]int, len(t.Cells))
		for i, pl := range t.Cells {
			if !pl.IsEmpty() {
				where[pl.Piece] = i
			}
		}
		// Each piece got places where some shift of t puts it votes for
		// that shift; a shift's votes are the pieces it gets right.
		votes := make(map[shift]int)
		for i, pl := range got.Cells {
			j, ok := where[pl.Piece]
			if pl.IsEmpty() || !ok || t.Cells[j] != pl {
				continue
			}
			g, c := got.CellAt(i), t.CellAt(j)
			s := shift{g.Row - c.Row, g.Col - c.Col}
			votes[s]++
			best = max(best, votes[s])
		}
	}
	return ratio(best, truth.Placed())
}

// NeighbourComparison returns the fraction of truth's adjacencies that got
// reproduces. An adjacency is a placed piece p and one of its own sides
// (in p's unrotated frame) that touches another placed piece q; got
// reproduces it when q again touches that side of p, turned by the same
// rotation relative to p. Measured in the pieces' own frames, the score is
// the same for got and for got turned as a whole, and correct regions score
// wherever they lie, so it credits partial solutions that direct comparison
// misses. Unlike the direct comparisons, boards of different sizes compare.
func NeighbourComparison(truth, got *Board) float64 {
	if !wellFormed(truth) || !wellFormed(got) {
		return 0
	}
	where := make(map[PieceID]int, len(got.Cells))
	for i, pl := range got.Cells {
		if !pl.IsEmpty() {
			where[pl.Piece] = i
		}
	}
	hits, total := 0, 0
	for i, a := range truth.Cells {
		if a.IsEmpty() {
			continue
		}
		c := truth.CellAt(i)
		for _, s := range Sides {
			b := truth.At(c.Neighbour(s))
			if b.IsEmpty() {
				continue
			}
			total++
			j, ok := where[a.Piece]
			if !ok {
				continue
			}
			ga := got.Cells[j]
			// a's own side showing on s in truth shows on gs in got.
			gs := ga.Rotation.Target(a.Rotation.Source(s))
			gb := got.At(got.CellAt(j).Neighbour(gs))
			if gb.Piece == b.Piece && !gb.IsEmpty() &&
				gb.Rotation.Add(ga.Rotation.Inverse()) == b.Rotation.Add(a.Rotation.Inverse()) {
				hits++
			}
		}
	}
	return ratio(hits, total)
}

// sameSize reports whether truth and got are well-formed boards of the
// same size.
func sameSize(truth, got *Board) bool {
	return wellFormed(truth) && wellFormed(got) && truth.Rows == got.Rows && truth.Cols == got.Cols
}

// ratio returns hits/total, 1 when there was nothing to get right, and 0
// when total < 0 marks boards that cannot be compared.
func ratio(hits, total int) float64 {
	switch {
	case total < 0:
		return 0
	case total == 0:
		return 1
	}
	return float64(hits) / float64(total)
}
