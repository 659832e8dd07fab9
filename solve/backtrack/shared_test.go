package backtrack_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
)

// The shared edge-matching data sit beside the repository, not in it:
// tests that read them skip when they are absent.
const sharedData = "../../../shared/data/eternity/"

// e2File is the JSON form of an edge-matching puzzle in the shared data:
// pieces as [up, right, down, left] colours, colour 0 the grey frame.
type e2File struct {
	Width     int       `json:"width"`
	Height    int       `json:"height"`
	NumColors int       `json:"numColors"`
	Pieces    [][]int32 `json:"pieces"`
	Hints     []struct {
		Pos   int `json:"pos"`
		Piece int `json:"piece"`
		Rot   int `json:"rot"`
	} `json:"hints"`
}

// loadE2 reads an edge-matching puzzle in the shared JSON form, skipping
// the test when the file is absent.
func loadE2(t testing.TB, name string) *puzzle.Puzzle {
	t.Helper()
	data, err := os.ReadFile(sharedData + name)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("shared data %s absent: skipping", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	var f e2File
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	p := &puzzle.Puzzle{Rows: f.Height, Cols: f.Width, Rule: puzzle.Equal, Rotatable: true}
	for i, e := range f.Pieces {
		if len(e) != 4 {
			t.Fatalf("%s: piece %d has %d colours, want 4", name, i, len(e))
		}
		// [up, right, down, left] is the Side order; colour 0 is Flat.
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: [4]puzzle.Label{puzzle.Label(e[0]), puzzle.Label(e[1]), puzzle.Label(e[2]), puzzle.Label(e[3])}})
	}
	for _, h := range f.Hints {
		p.Fixed = append(p.Fixed, puzzle.FixedPiece{
			Cell:      puzzle.Cell{Row: h.Pos / f.Width, Col: h.Pos % f.Width},
			Placement: puzzle.Placement{Piece: puzzle.PieceID(h.Piece), Rotation: puzzle.Rotation(h.Rot)},
		})
	}
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// loadBrendan reads one of Brendan Owen's benchmark puzzles: a line "W H",
// then one piece per line as four colours read clockwise, colour 0 the
// frame. Which side comes first does not matter to a rotatable piece, and
// reading them anticlockwise would mirror every piece and with them every
// solution, which a count with a corner pinned cannot tell apart either.
func loadBrendan(t testing.TB, name string) *puzzle.Puzzle {
	t.Helper()
	file, err := os.Open(sharedData + name)
	if errors.Is(err, fs.ErrNotExist) {
		t.Skipf("shared data %s absent: skipping", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	var p *puzzle.Puzzle
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		nums := make([]int, len(fields))
		for i, s := range fields {
			if nums[i], err = strconv.Atoi(s); err != nil {
				t.Fatalf("%s line %d: %v", name, line, err)
			}
		}
		if p == nil {
			if len(nums) != 2 {
				t.Fatalf("%s line %d: want the board's width and height", name, line)
			}
			p = &puzzle.Puzzle{Rows: nums[1], Cols: nums[0], Rule: puzzle.Equal, Rotatable: true}
			continue
		}
		if len(nums) != 4 {
			t.Fatalf("%s line %d: %d colours, want 4", name, line, len(nums))
		}
		id := puzzle.PieceID(len(p.Pieces))
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: id, Edges: [4]puzzle.Label{puzzle.Label(nums[0]), puzzle.Label(nums[1]), puzzle.Label(nums[2]), puzzle.Label(nums[3])}})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if p == nil {
		t.Fatalf("%s: empty file", name)
	}
	if err := p.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// pinCorner fixes piece id in the top-left cell, turned so that its flat
// sides face up and left, as the known answers of the shared data do.
func pinCorner(p *puzzle.Puzzle, id puzzle.PieceID) (*puzzle.Puzzle, error) {
	pc := &p.Pieces[id]
	for r := puzzle.Rotation(0); r < 4; r++ {
		if pc.Edge(r, puzzle.Top) == puzzle.Flat && pc.Edge(r, puzzle.Left) == puzzle.Flat {
			q := p.Clone()
			q.Fixed = append(q.Fixed, puzzle.FixedPiece{Cell: puzzle.Cell{}, Placement: puzzle.Placement{Piece: id, Rotation: r}})
			return q, nil
		}
	}
	return nil, fmt.Errorf("piece %d is not a corner piece: %v", id, pc.Edges)
}

// The known answers of the shared data, with piece 0 pinned in the top-left
// corner. The data's README gives the placements a row scan commits
// (9,544,174 and 14,518,615, the pinned piece included), which the general
// search here matches exactly, and solution counts of 131 and 100, which no
// search here does: plainCount, which shares no code with the package,
// finds 96 and 65 boards (run with -long), as both engines do. The README's
// counts exceed these by 35 each, the number of pieces the search places,
// so they look like another count; every board found is checked to be a
// solution.
func TestSharedKnownAnswers(t *testing.T) {
	tests := []struct {
		name    string
		brendan bool
		// raw, arrangements: solution boards, and arrangements once
		// the all-one-colour piece of em_6x6 counts once for its four
		// turns.
		raw, arrangements int64
		// general, dense: placements of the two row scans; the dense
		// engine tries the all-one-colour piece in one turn, not four.
		general, dense int64
		long           bool
	}{
		{name: "generated/em_6x6_b3_i5_s1.json", raw: 96, arrangements: 24, general: 9_544_173, dense: 6_287_448},
		{name: "brendan/set1_06x06.txt", brendan: true, raw: 65, arrangements: 65, general: 14_518_614, dense: 14_518_614, long: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && !*long {
				t.Skip("long case: run with -long")
			}
			p := sharedPinned(tc.name, tc.brendan)(t)
			got, err := backtrack.New().Count(context.Background(), solve.Problem{Puzzle: p})
			if err != nil {
				t.Fatal(err)
			}
			// A pinned piece breaks the board's turns: Distinct is Raw.
			want := backtrack.Count{Raw: tc.raw, Distinct: tc.raw, Arrangements: tc.arrangements, Status: solve.Exhausted}
			if got.Raw != want.Raw || got.Distinct != want.Distinct || got.Arrangements != want.Arrangements || got.Status != want.Status {
				t.Errorf("count %+v, want %+v", got, want)
			}
			if got.Stats.Nodes != tc.dense {
				t.Errorf("%d placements, want %d", got.Stats.Nodes, tc.dense)
			}
			n := 0
			for b, err := range backtrack.New().All(context.Background(), solve.Problem{Puzzle: p}) {
				if err != nil {
					t.Fatal(err)
				}
				if err := b.Validate(p); err != nil || puzzle.Mismatches(p, b) != 0 || b.Placed() != p.Cells() {
					t.Fatalf("board %d is not a solution (%v):\n%v", n, err, b)
				}
				n++
			}
			if int64(n) != tc.raw {
				t.Errorf("All yielded %d boards, want %d", n, tc.raw)
			}
			if !*long {
				return
			}
			gen, err := backtrack.New(backtrack.WithGeneral()).Count(context.Background(), solve.Problem{Puzzle: p})
			if err != nil {
				t.Fatal(err)
			}
			if gen.Raw != tc.raw || gen.Arrangements != tc.arrangements || gen.Stats.Nodes != tc.general {
				t.Errorf("general search: %d boards, %d arrangements, %d placements; want %d, %d, %d", gen.Raw, gen.Arrangements, gen.Stats.Nodes, tc.raw, tc.arrangements, tc.general)
			}
			if boards, placed := plainCount(p); boards != tc.raw || placed != tc.general {
				t.Errorf("plain count: %d boards after %d placements, want %d and %d", boards, placed, tc.raw, tc.general)
			}
		})
	}
}

// plainCount counts the solutions of p, whose only fixed piece sits in
// the top-left cell, by a row scan that tries every unused piece in every
// turn at every cell, checking its sides against the rim and its left and
// top neighbours: no index, nothing shared with the package. It returns the
// boards and the placements made.
func plainCount(p *puzzle.Puzzle) (boards, placed int64) {
	n := len(p.Pieces)
	turned := make([][4][4]puzzle.Label, n)
	for i := range p.Pieces {
		for r := range 4 {
			turned[i][r] = p.Pieces[i].Turned(puzzle.Rotation(r))
		}
	}
	shows := make([][4]puzzle.Label, p.Cells())
	used := make([]bool, n)
	f := p.Fixed[0].Placement
	shows[0], used[f.Piece] = turned[f.Piece][f.Rotation], true
	// fits reports whether e may lie in cell i: flat exactly on the rim,
	// equal to its placed neighbours' facing sides.
	fits := func(i int, e *[4]puzzle.Label) bool {
		row, col := i/p.Cols, i%p.Cols
		rim := [4]bool{row == 0, col == p.Cols-1, row == p.Rows-1, col == 0}
		for s, l := range e {
			if (l == puzzle.Flat) != rim[s] {
				return false
			}
		}
		return (col == 0 || shows[i-1][puzzle.Right] == e[puzzle.Left]) &&
			(row == 0 || shows[i-p.Cols][puzzle.Bottom] == e[puzzle.Top])
	}
	var fill func(i int)
	fill = func(i int) {
		if i == p.Cells() {
			boards++
			return
		}
		for id := range n {
			if used[id] {
				continue
			}
			for r := range 4 {
				if !fits(i, &turned[id][r]) {
					continue
				}
				placed++
				shows[i], used[id] = turned[id][r], true
				fill(i + 1)
				used[id] = false
			}
		}
	}
	fill(1)
	return boards, placed
}
