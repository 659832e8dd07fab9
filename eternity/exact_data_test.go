package eternity

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// The loaders here are the tests' own, small and independent of the
// package's file formats, so that the search is checked against the
// shared data without trusting the code it is meant to check.

// long enables the tests that run for minutes: the first solution of
// bench-easy (3.6·10⁹ placements) and the brendan 6×6 count.
var long = flag.Bool("long", false, "run the long exact-search tests")

// sharedData is where the edge-matching test data sit, beside the
// repository: tests that read them skip when they are absent.
const sharedData = "../../shared/data/eternity/"

// readShared returns the file's bytes, skipping the test when the shared
// data are absent.
func readShared(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(sharedData + name)
	if errors.Is(err, fs.ErrNotExist) {
		tb.Skipf("shared data %s absent: skipping", sharedData+name)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// testJSON is the JSON instance form of the shared data: pieces as
// [up, right, down, left] colours, colour 0 the grey frame, hints with a
// row-major position and clockwise quarter turns.
type testJSON struct {
	Width  int       `json:"width"`
	Height int       `json:"height"`
	Pieces [][]int32 `json:"pieces"`
	Hints  []struct {
		Pos, Piece, Rot int
	} `json:"hints"`
}

// parseTestJSON reads the JSON instance form.
func parseTestJSON(data []byte) (*puzzle.Puzzle, error) {
	var f testJSON
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err
	}
	p := &puzzle.Puzzle{Rows: f.Height, Cols: f.Width, Rule: puzzle.Equal, Rotatable: true}
	for i, e := range f.Pieces {
		if len(e) != 4 {
			return nil, fmt.Errorf("piece %d has %d colours, want 4", i, len(e))
		}
		// [up, right, down, left] is the Side order.
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(i), Edges: [4]puzzle.Label{puzzle.Label(e[0]), puzzle.Label(e[1]), puzzle.Label(e[2]), puzzle.Label(e[3])}})
	}
	for _, h := range f.Hints {
		if f.Width <= 0 {
			return nil, errors.New("hints on a board without columns")
		}
		p.Fixed = append(p.Fixed, puzzle.FixedPiece{
			Cell:      puzzle.Cell{Row: h.Pos / f.Width, Col: h.Pos % f.Width},
			Placement: puzzle.Placement{Piece: puzzle.PieceID(h.Piece), Rotation: puzzle.Rotation(h.Rot)},
		})
	}
	return p, p.Validate()
}

// parseTestHeule reads the .heule.txt form: a line with the number of
// hints (the shared files have none), then one piece per line as
// N E S W colours, that is top, right, bottom, left. The board is square.
func parseTestHeule(data []byte) (*puzzle.Puzzle, error) {
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	var pieces []puzzle.Piece
	first := true
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if first {
			first = false
			if len(f) != 1 || f[0] != "0" {
				return nil, fmt.Errorf("line %d: %q: only files without hints are read here", line, sc.Text())
			}
			continue
		}
		if len(f) != 4 {
			return nil, fmt.Errorf("line %d: %d fields, want 4 colours", line, len(f))
		}
		var e [4]puzzle.Label
		for i, s := range f {
			v, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			e[i] = puzzle.Label(v)
		}
		pieces = append(pieces, puzzle.Piece{ID: puzzle.PieceID(len(pieces)), Edges: e})
	}
	n := 0
	for n*n < len(pieces) {
		n++
	}
	if n*n != len(pieces) {
		return nil, fmt.Errorf("%d pieces do not fill a square board", len(pieces))
	}
	p := &puzzle.Puzzle{Rows: n, Cols: n, Pieces: pieces, Rule: puzzle.Equal, Rotatable: true}
	return p, p.Validate()
}

// parseTestBrendan reads Brendan Owen's form: "W H", then one piece per
// line as four colours clockwise, the frame colours of frame pieces
// first. Clockwise from any side is the same piece turned, which a
// rotatable puzzle does not see, except in the one turn ExactPinCorner
// picks for the corner, which it finds itself.
func parseTestBrendan(data []byte) (*puzzle.Puzzle, error) {
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	var p *puzzle.Puzzle
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		nums := make([]int, len(f))
		for i, s := range f {
			v, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			nums[i] = v
		}
		if p == nil {
			if len(nums) != 2 {
				return nil, fmt.Errorf("line %d: want the board's width and height", line)
			}
			p = &puzzle.Puzzle{Rows: nums[1], Cols: nums[0], Rule: puzzle.Equal, Rotatable: true}
			continue
		}
		if len(nums) != 4 {
			return nil, fmt.Errorf("line %d: %d colours, want 4", line, len(nums))
		}
		p.Pieces = append(p.Pieces, puzzle.Piece{ID: puzzle.PieceID(len(p.Pieces)), Edges: [4]puzzle.Label{puzzle.Label(nums[0]), puzzle.Label(nums[1]), puzzle.Label(nums[2]), puzzle.Label(nums[3])}})
	}
	if p == nil {
		return nil, errors.New("empty file")
	}
	return p, p.Validate()
}

// loadShared reads a shared instance by its name's form, skipping the
// test when the data are absent.
func loadShared(tb testing.TB, name string) *puzzle.Puzzle {
	tb.Helper()
	data := readShared(tb, name)
	var p *puzzle.Puzzle
	var err error
	switch {
	case strings.HasSuffix(name, ".json"):
		p, err = parseTestJSON(data)
	case strings.HasSuffix(name, ".heule.txt"):
		p, err = parseTestHeule(data)
	default:
		p, err = parseTestBrendan(data)
	}
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return p
}

func TestTestLoaders(t *testing.T) {
	tests := []struct {
		name    string
		parse   func([]byte) (*puzzle.Puzzle, error)
		data    string
		wantErr bool
		want    [4]puzzle.Label // piece 1's sides
	}{
		{name: "json", parse: parseTestJSON, data: `{"width":2,"height":1,"pieces":[[0,1,0,0],[0,0,0,1]],"hints":[{"pos":1,"piece":1,"rot":0}]}`, want: [4]puzzle.Label{0, 0, 0, 1}},
		{name: "json piece of 3 colours", parse: parseTestJSON, data: `{"width":1,"height":1,"pieces":[[0,0,0]]}`, wantErr: true},
		{name: "heule", parse: parseTestHeule, data: "0\n0 1 2 0\n0 0 3 1\n2 4 0 0\n3 0 0 4\n", want: [4]puzzle.Label{0, 0, 3, 1}},
		{name: "heule not square", parse: parseTestHeule, data: "0\n0 1 2 0\n0 0 3 1\n", wantErr: true},
		{name: "heule with hints", parse: parseTestHeule, data: "1\n0 0 0 0\n", wantErr: true},
		{name: "brendan", parse: parseTestBrendan, data: "2 1\n0 0 1 0\n0 0 0 1\n", want: [4]puzzle.Label{0, 0, 0, 1}},
		{name: "brendan bad number", parse: parseTestBrendan, data: "2 1\n0 x 1 0\n", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := tc.parse([]byte(tc.data))
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v", err, tc.wantErr)
			}
			if err == nil && p.Pieces[1].Edges != tc.want {
				t.Errorf("piece 1 has sides %v, want %v", p.Pieces[1].Edges, tc.want)
			}
		})
	}
}
