package eternity

import (
	"errors"
	"fmt"
	"strings"

	"github.com/reassemble/jigsaw/puzzle"
)

// The official Eternity II puzzle.
const (
	// OfficialRows and OfficialCols are the board's size.
	OfficialRows, OfficialCols = 16, 16
	// OfficialFrameColours is the number of colours on the joins along
	// the frame, OfficialInnerColours on every other join: 22 in all,
	// besides grey.
	OfficialFrameColours, OfficialInnerColours = 5, 17
)

// Preset selects hint pieces of the official puzzle. Presets combine with
// |. The hint places are fixed on the board, but a hint's rotation depends
// on how the piece file turns the pieces: see Preset.In and Preset.For.
type Preset uint8

const (
	// NoHints fixes nothing, as the seed's experiments did.
	NoHints Preset = 0
	// Centre is the mandatory starter piece: piece 139 (counted from 1,
	// as printed on the pieces and in the seed's file; PieceID 138) on
	// square I8, row 9 and column 8 counted from 1 at the top-left (cell
	// (8, 7)), turned twice clockwise in the seed's orientation.
	Centre Preset = 1 << iota
	// Clues are the four hint pieces of the clue puzzles: 208 on C3, 255
	// on C14, 181 on N3 and 249 on N14 (letter = row from the top,
	// number = column from the left, both from 1), turned 3, 3, 3 and 0
	// times clockwise in the seed's orientation.
	Clues
	// AllHints is the centre piece and the four clue hints.
	AllHints = Centre | Clues
)

// officialHint is one hint in the seed's numbering and orientation.
type officialHint struct {
	preset   Preset
	piece    int // from 1
	square   string
	row, col int // from 1
	rot      puzzle.Rotation
}

// officialHints are the five hints. The rotations are those of the seed's
// piece file (the e2pieces.txt orientation, frame pieces grey side down),
// as Eternity2Puzzles.jl also gives them; the eternity2.dev JSON set turns
// every frame piece grey side up, a half turn, and there the same hints
// read rotations 0, 1, 1, 1 and 2, as its files' hint lists say.
var officialHints = []officialHint{
	{Centre, 139, "I8", 9, 8, 2},
	{Clues, 208, "C3", 3, 3, 3},
	{Clues, 255, "C14", 3, 14, 3},
	{Clues, 181, "N3", 14, 3, 3},
	{Clues, 249, "N14", 14, 14, 0},
}

// String returns the name ParsePreset reads, so that a preset printed in
// a report can be given back on a command line.
func (h Preset) String() string {
	switch h {
	case NoHints:
		return "none"
	case Centre:
		return "centre"
	case Clues:
		return "clues"
	case AllHints:
		return "all"
	}
	return fmt.Sprintf("Preset(%d)", uint8(h))
}

// ParsePreset reads a preset's name: "none", "centre" (or "center"),
// "all", or "clues", which means the centre piece and the four clue hints,
// since the clue hints were given in addition to the mandatory centre.
func ParsePreset(name string) (Preset, error) {
	switch strings.ToLower(name) {
	case "none", "":
		return NoHints, nil
	case "centre", "center":
		return Centre, nil
	case "clues", "all":
		return AllHints, nil
	}
	return 0, fmt.Errorf("eternity: unknown hint preset %q: want none, centre or clues", name)
}

// In returns the preset's hints for a piece set that the seed's orientation
// turns by turn: 0 for the seed's file, 2 for the eternity2.dev JSON set.
// The pieces keep the seed's numbers, less one.
func (h Preset) In(turn puzzle.Rotation) []puzzle.FixedPiece {
	var out []puzzle.FixedPiece
	for _, o := range officialHints {
		if h&o.preset == 0 {
			continue
		}
		out = append(out, puzzle.FixedPiece{
			Cell: puzzle.Cell{Row: o.row - 1, Col: o.col - 1},
			// A piece file that turns every piece by turn needs the
			// piece turned by that much less to show the same face.
			Placement: puzzle.Placement{Piece: puzzle.PieceID(o.piece - 1), Rotation: o.rot.Add(turn.Inverse())},
		})
	}
	return out
}

// For returns the preset's hints for p, which must be the official set, in
// p's own orientation (OfficialTurn).
func (h Preset) For(p *puzzle.Puzzle) ([]puzzle.FixedPiece, error) {
	if h == NoHints {
		return nil, nil
	}
	turn, err := OfficialTurn(p)
	if err != nil {
		return nil, err
	}
	return h.In(turn), nil
}

// OfficialTurn returns how far p's piece file turns the official pieces
// from the seed's orientation, in which every frame piece has its grey
// side at the bottom (corners: bottom and left). It fails unless p is a
// 16×16 set of 256 pieces with the official kinds (4, 56, 196) whose 56
// edge pieces all show grey on the same side, the sign of a file written
// in one orientation.
func OfficialTurn(p *puzzle.Puzzle) (puzzle.Rotation, error) {
	if p == nil {
		return 0, errors.New("eternity: nil puzzle")
	}
	if p.Rows != OfficialRows || p.Cols != OfficialCols || len(p.Pieces) != OfficialRows*OfficialCols {
		return 0, fmt.Errorf("eternity: the official hints need the official 16×16 set of 256 pieces; this puzzle is %d×%d with %d pieces", p.Rows, p.Cols, len(p.Pieces))
	}
	c := TakeCensus(p)
	if c.Count[Corner] != 4 || c.Count[Edge] != 56 || c.Count[Inner] != 196 {
		return 0, fmt.Errorf("eternity: the official set has 4 corner, 56 edge and 196 inner pieces; this one has %d, %d and %d", c.Count[Corner], c.Count[Edge], c.Count[Inner])
	}
	grey := -1
	for i := range p.Pieces {
		pc := &p.Pieces[i]
		if KindOf(pc) != Edge {
			continue
		}
		for _, s := range puzzle.Sides {
			if pc.Edges[s] != puzzle.Flat {
				continue
			}
			if grey >= 0 && int(s) != grey {
				return 0, fmt.Errorf("eternity: edge pieces show grey on different sides (piece %d on its %v side, earlier ones on their %v side), so the file's orientation is unknown", i, s, puzzle.Side(grey))
			}
			grey = int(s)
		}
	}
	// The seed's grey side is Bottom and the file shows it on side grey:
	// the file's pieces are the seed's turned by the r whose Source
	// brings Bottom to grey.
	for r := range puzzle.Rotation(4) {
		if r.Source(puzzle.Side(grey)) == puzzle.Bottom {
			return r, nil
		}
	}
	return 0, errors.New("eternity: no edge piece")
}

// OfficialRules returns a copy of p, the official set, with exactly the
// preset's hints fixed and no other piece: the puzzle under one of its
// rule variants, Centre (the mandatory centre piece alone, the prize's
// rule) or AllHints (the centre piece and the four clue hints the clue
// puzzles gave away). Piece files may fix more: the eternity2.dev set also
// pins three corners, which breaks the board's turns for a search but is
// no rule of the puzzle; WithHints keeps such pieces, OfficialRules drops
// them, and a search breaks the symmetry as it sees fit.
func OfficialRules(p *puzzle.Puzzle, h Preset) (*puzzle.Puzzle, error) {
	if p == nil {
		return nil, errors.New("eternity: nil puzzle")
	}
	if _, err := OfficialTurn(p); err != nil {
		return nil, err
	}
	q := p.Clone()
	q.Fixed = nil
	return WithHints(q, h)
}

// WithHints returns a copy of p with the preset's hints (in p's
// orientation, see Preset.For) added to p.Fixed. A hint p already fixes in
// the same way is kept once; a hint that contradicts one of p's fixed
// pieces, for the same cell or the same piece, is an error.
func WithHints(p *puzzle.Puzzle, h Preset) (*puzzle.Puzzle, error) {
	hints, err := h.For(p)
	if err != nil {
		return nil, err
	}
	q := p.Clone()
	for _, f := range hints {
		dup := false
		for _, g := range q.Fixed {
			switch {
			case g == f:
				dup = true
			case g.Cell == f.Cell || g.Placement.Piece == f.Placement.Piece:
				return nil, fmt.Errorf("eternity: hint %d/%d at %v contradicts the puzzle's fixed piece %d/%d at %v",
					f.Placement.Piece, f.Placement.Rotation, f.Cell, g.Placement.Piece, g.Placement.Rotation, g.Cell)
			}
		}
		if !dup {
			q.Fixed = append(q.Fixed, f)
		}
	}
	return q, nil
}
