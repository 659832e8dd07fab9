package eternity_test

import (
	"bytes"
	"errors"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/eternity"
	"github.com/reassemble/jigsaw/puzzle"
)

// formatData is the shared edge-matching data, beside the module; the tests
// that read it skip when it is absent.
const formatData = "../../shared/data/eternity/"

// formatLoad loads a shared file, skipping the test when the data are
// absent.
func formatLoad(t *testing.T, name string, opts ...eternity.Option) *eternity.Instance {
	t.Helper()
	path := filepath.Join(formatData, name)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		t.Skipf("shared data %s absent: skipping", path)
	}
	inst, err := eternity.LoadFile(path, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func TestLoadShared(t *testing.T) {
	// Sizes, hint counts and formats from the data README; the clue
	// puzzles are 6×6, 12×6, 6×6 and 12×6 (width × height).
	tests := []struct {
		name       string
		file       string
		format     eternity.Format
		rows, cols int
		hints      int
	}{
		{"official v00", "instances/e2-16x16-v00.json", eternity.JSON, 16, 16, 8},
		{"official v09", "instances/e2-16x16-v09.json", eternity.JSON, 16, 16, 8},
		{"clue 1", "instances/e2-clue-clue1.json", eternity.JSON, 6, 6, 0},
		{"clue 2", "instances/e2-clue-clue2.json", eternity.JSON, 6, 12, 0},
		{"clue 3", "instances/e2-clue-clue3.json", eternity.JSON, 6, 6, 0},
		{"clue 4", "instances/e2-clue-clue4.json", eternity.JSON, 6, 12, 0},
		{"bench easy", "bench-easy.json", eternity.JSON, 16, 16, 18},
		{"owen 6x6", "brendan/set1_06x06.txt", eternity.Sized, 6, 6, 0},
		{"owen 7x7", "brendan/set1_07x07.txt", eternity.Sized, 7, 7, 0},
		{"owen 8x8", "brendan/set1_08x08.txt", eternity.Sized, 8, 8, 0},
		{"owen 9x9", "brendan/set1_09x09.txt", eternity.Sized, 9, 9, 0},
		{"owen 10x10", "brendan/set1_10x10.txt", eternity.Sized, 10, 10, 0},
		{"owen 12x12", "brendan/set1_12x12.txt", eternity.Sized, 12, 12, 0},
		{"owen 16x16", "brendan/set1_16x16.txt", eternity.Sized, 16, 16, 0},
		{"owen set 2", "brendan/set2_06x06.txt", eternity.Sized, 6, 6, 0},
		{"generated 6x6 json", "generated/em_6x6_b3_i5_s1.json", eternity.JSON, 6, 6, 0},
		{"generated 6x6 heule", "generated/em_6x6_b3_i5_s1.heule.txt", eternity.Heule, 6, 6, 0},
		{"generated 7x7 heule", "generated/em_7x7_b3_i6_s1.heule.txt", eternity.Heule, 7, 7, 0},
		{"generated 8x8 heule", "generated/em_8x8_b3_i8_s1.heule.txt", eternity.Heule, 8, 8, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			inst := formatLoad(t, tc.file)
			p := inst.Puzzle
			if inst.Format != tc.format || p.Rows != tc.rows || p.Cols != tc.cols || len(p.Fixed) != tc.hints {
				t.Errorf("%s: format %v, %d×%d, %d hints; want %v, %d×%d, %d", tc.file, inst.Format, p.Rows, p.Cols, len(p.Fixed), tc.format, tc.rows, tc.cols, tc.hints)
			}
			if err := eternity.Check(p); err != nil {
				t.Errorf("Check: %v", err)
			}
			if len(inst.Warnings) > 0 {
				t.Errorf("warnings: %q", inst.Warnings)
			}
		})
	}
}

func TestSharedFormatsAgree(t *testing.T) {
	// The generated instances come as JSON and Heule text of one puzzle.
	for _, name := range []string{"em_6x6_b3_i5_s1", "em_7x7_b3_i6_s1", "em_8x8_b3_i8_s1"} {
		t.Run(name, func(t *testing.T) {
			a := formatLoad(t, "generated/"+name+".json")
			b := formatLoad(t, "generated/"+name+".heule.txt")
			if !reflect.DeepEqual(a.Puzzle, b.Puzzle) {
				t.Errorf("JSON and Heule files of %s differ", name)
			}
			if a.Name != name || b.Name != name {
				t.Errorf("names %q and %q, want %q", a.Name, b.Name, name)
			}
		})
	}
}

// formatPuzzle returns a generated E2-style puzzle, scrambled, with two
// hints from its planted solution.
func formatPuzzle(t testing.TB, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	p, b, err := puzzle.GenerateColours(rows, cols, 3, 5, rng)
	if err != nil {
		t.Fatal(err)
	}
	p, b, err = puzzle.Scramble(p, b, rng)
	if err != nil {
		t.Fatal(err)
	}
	return p, b
}

func TestRoundTrip(t *testing.T) {
	orders := []struct {
		name  string
		order eternity.SideOrder
	}{
		{"clockwise", eternity.Clockwise},
		{"top bottom left right", eternity.TopBottomLeftRight},
		{"bottom left top right", eternity.BottomLeftTopRight},
	}
	tests := []struct {
		name       string
		format     eternity.Format
		rows, cols int
		hints      bool
		opts       []eternity.Option
	}{
		{"json", eternity.JSON, 5, 7, true, nil},
		{"json from 1", eternity.JSON, 4, 4, true, []eternity.Option{eternity.WithPieceBase(1)}},
		{"sized", eternity.Sized, 6, 4, false, nil},
		{"heule", eternity.Heule, 5, 5, true, nil},
		{"heule 3x5 with size", eternity.Heule, 3, 5, false, nil},
		{"comma", eternity.Comma, 4, 4, false, nil},
	}
	for _, tc := range tests {
		for _, o := range orders {
			t.Run(tc.name+"/"+o.name, func(t *testing.T) {
				p, b := formatPuzzle(t, tc.rows, tc.cols, 7)
				if tc.hints {
					p.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 2}, Placement: b.At(puzzle.Cell{Row: 1, Col: 2})}}
				}
				in := &eternity.Instance{Name: "round trip", Puzzle: p, Colours: 8}
				opts := append([]eternity.Option{eternity.WithSideOrder(o.order)}, tc.opts...)
				if tc.rows != tc.cols {
					opts = append(opts, eternity.WithSize(tc.rows, tc.cols))
				}
				var buf bytes.Buffer
				err := eternity.Write(&buf, in, tc.format, opts...)
				if tc.rows != tc.cols && (tc.format == eternity.Heule || tc.format == eternity.Comma) {
					if err == nil {
						t.Fatalf("Write %v of a %d×%d board: no error; the format holds square boards", tc.format, tc.rows, tc.cols)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				got, err := eternity.Load(bytes.NewReader(buf.Bytes()), opts...)
				if err != nil {
					t.Fatalf("Load: %v\n%s", err, buf.String())
				}
				if got.Format != tc.format {
					t.Errorf("detected %v, want %v", got.Format, tc.format)
				}
				if !reflect.DeepEqual(got.Puzzle, p) {
					t.Errorf("puzzle changed in the round trip:\n%s", buf.String())
				}
				if tc.format == eternity.JSON && (got.Name != in.Name || got.Colours != in.Colours) {
					t.Errorf("name %q, colours %d; want %q, %d", got.Name, got.Colours, in.Name, in.Colours)
				}
			})
		}
	}
}

func TestWriteRefuses(t *testing.T) {
	p, b := formatPuzzle(t, 4, 4, 3)
	hinted := p.Clone()
	hinted.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: b.At(puzzle.Cell{})}}
	shapes, _, err := puzzle.GenerateShapes(3, 3, 2, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		p      *puzzle.Puzzle
		format eternity.Format
		want   string
	}{
		{"hints in sized", hinted, eternity.Sized, "fixed pieces"},
		{"hints in comma", hinted, eternity.Comma, "fixed pieces"},
		{"complement rule", shapes, eternity.JSON, "equal rule"},
		{"nil puzzle", nil, eternity.JSON, "nil instance"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := eternity.Write(&bytes.Buffer{}, &eternity.Instance{Puzzle: tc.p}, tc.format)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Write: %v, want an error about %q", err, tc.want)
			}
		})
	}
}

func TestSideOrderWarning(t *testing.T) {
	p, _ := formatPuzzle(t, 6, 6, 11)
	var buf bytes.Buffer
	if err := eternity.Write(&buf, &eternity.Instance{Puzzle: p}, eternity.Sized, eternity.WithSideOrder(eternity.TopBottomLeftRight)); err != nil {
		t.Fatal(err)
	}
	wrong, err := eternity.Load(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if eternity.FrameFaults(wrong.Puzzle) == 0 {
		t.Errorf("a file read in the wrong side order shows no frame faults")
	}
	got, ok := eternity.SuggestSideOrder(wrong.Puzzle, eternity.Clockwise)
	// Both the order written and its mirror fit; the suggestion is one
	// of the two, either of which reads the frame right.
	if !ok || eternity.FrameFaults(mustLoad(t, buf.Bytes(), eternity.WithSideOrder(got)).Puzzle) != 0 {
		t.Errorf("SuggestSideOrder = %v, %v; want an order that explains the frame", got, ok)
	}
	if len(wrong.Warnings) != 1 || !strings.Contains(wrong.Warnings[0], "side order") {
		t.Errorf("warnings %q, want one about the side order", wrong.Warnings)
	}
	right := mustLoad(t, buf.Bytes(), eternity.WithSideOrder(eternity.TopBottomLeftRight))
	if len(right.Warnings) != 0 || !reflect.DeepEqual(right.Puzzle, p) {
		t.Errorf("loaded with the right side order: warnings %q, same puzzle %v", right.Warnings, reflect.DeepEqual(right.Puzzle, p))
	}
}

func mustLoad(t *testing.T, data []byte, opts ...eternity.Option) *eternity.Instance {
	t.Helper()
	inst, err := eternity.Load(bytes.NewReader(data), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts []eternity.Option
		line int    // 0: not a *SyntaxError
		want string // part of the message
	}{
		{"empty", "", nil, 1, "no pieces"},
		{"sized short line", "2 2\n0 0 1 1\n0 1 1\n", nil, 3, "3 colours"},
		{"sized bad colour", "1 1\n0 0 x 0\n", nil, 2, `colour "x"`},
		{"sized negative colour", "1 1\n0 0 -1 0\n", nil, 2, `colour "-1"`},
		{"sized too few pieces", "2 2\n0 0 1 1\n", nil, 2, "1 pieces for a 2×2 board"},
		{"sized zero width", "0 3\n", nil, 1, "width"},
		{"heule missing hint", "2\n0 0 0 0\n", nil, 2, "hint line has 4 numbers"},
		{"heule hint off board", "1\n# comment\n9 0 0\n0 0 0 0\n", nil, 3, "pos 9"},
		{"heule hint bad rotation", "1\n0 0 4\n0 0 0 0\n", nil, 2, "rotation 4"},
		{"comma not square", "0,0,1,1\n0,1,1,0\n", nil, 2, "square"},
		{"comma three", "0,0,1\n", nil, 1, "3 colours"},
		{"json syntax", "{\n\"width\": 2,\n\"pieces\": [[0,0,1]\n", nil, 4, "unexpected end"},
		{"json short piece", `{"width":1,"height":1,"pieces":[[0,0,0]]}`, nil, 1, "pieces[0] has 3 colours"},
		{"json hint piece", `{"width":1,"height":1,"pieces":[[0,0,0,0]],"hints":[{"pos":0,"piece":1,"rot":0}]}`, nil, 1, "names piece 1"},
		{"json type", "{\n\"width\": \"two\"}", nil, 2, "width"},
		{"bad side order", "1 1\n0 0 0 0\n", []eternity.Option{eternity.WithSideOrder(eternity.SideOrder{0, 0, 1, 2})}, 0, "names a side twice"},
		{"bad base", "1 1\n0 0 0 0\n", []eternity.Option{eternity.WithPieceBase(2)}, 0, "piece base 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := eternity.Load(strings.NewReader(tc.in), tc.opts...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Load: %v, want an error containing %q", err, tc.want)
			}
			var se *eternity.SyntaxError
			if tc.line == 0 {
				if errors.As(err, &se) {
					t.Errorf("a *SyntaxError for an option error: %v", err)
				}
				return
			}
			if !errors.As(err, &se) || se.Line != tc.line {
				t.Errorf("Load: %v; want a *SyntaxError at line %d", err, tc.line)
			}
		})
	}
}

// checkFuzzError checks an error from a parser under fuzzing: never empty,
// and a syntax error names a line within the input.
func checkFuzzError(t *testing.T, in string, err error) {
	t.Helper()
	if err.Error() == "" {
		t.Fatal("empty error message")
	}
	var se *eternity.SyntaxError
	if errors.As(err, &se) && (se.Line < 1 || se.Line > strings.Count(in, "\n")+1) {
		t.Fatalf("syntax error at line %d of a %d-line input: %v", se.Line, strings.Count(in, "\n")+1, err)
	}
}

// fuzzInstance is the body of the per-format fuzz targets: whatever loads
// is a valid puzzle, and it survives a round trip in its own format.
func fuzzInstance(f *testing.F, format eternity.Format, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		inst, err := eternity.Load(strings.NewReader(in), eternity.WithFormat(format))
		if err != nil {
			checkFuzzError(t, in, err)
			return
		}
		if err := inst.Puzzle.Validate(); err != nil {
			t.Fatalf("loaded an invalid puzzle: %v", err)
		}
		var buf bytes.Buffer
		if err := eternity.Write(&buf, inst, format); err != nil {
			t.Fatalf("Write refuses what Load read: %v", err)
		}
		again, err := eternity.Load(&buf, eternity.WithFormat(format))
		if err != nil {
			t.Fatalf("Load refuses what Write wrote: %v\n%s", err, buf.String())
		}
		if !reflect.DeepEqual(again.Puzzle, inst.Puzzle) {
			t.Fatalf("round trip changed the puzzle")
		}
	})
}

func FuzzLoadJSON(f *testing.F) {
	fuzzInstance(f, eternity.JSON,
		`{"width":2,"height":1,"pieces":[[0,1,0,0],[0,0,0,1]],"hints":[{"pos":1,"piece":1,"rot":0}]}`,
		`{"name":"x","pieces":[[0,0,0,0]]}`,
		`{"width":1,"height":1,"numColors":3,"maxScore":0,"pieces":[[0,0,0,0]],"hints":[]}`)
}

func FuzzLoadSized(f *testing.F) {
	fuzzInstance(f, eternity.Sized, "2 1\n0 1 0 0\n0 0 0 1\n", "0 0 0 0\n", "1 1 # size\n\n0 0 0 0\n")
}

func FuzzLoadHeule(f *testing.F) {
	fuzzInstance(f, eternity.Heule, "0\n0 0 0 0\n", "1\n0 0 2\n0 0 0 0\n", "0\n0 0 1 1\n0 1 1 0\n1 1 0 0\n1 0 0 1\n")
}

func FuzzLoadComma(f *testing.F) {
	fuzzInstance(f, eternity.Comma, "0,0,0,0\n", "1,17,0,0\n0,1,17,0\n17,0,0,1\n0,17,1,0\n")
}

func FuzzLoad(f *testing.F) {
	for _, s := range []string{"{\"pieces\":[[0,0,0,0]]}", "1 1\n0 0 0 0\n", "0\n0 0 0 0\n", "0,0,0,0\n", "\ufeff0 0 0 0\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		inst, err := eternity.Load(strings.NewReader(in))
		if err != nil {
			checkFuzzError(t, in, err)
			return
		}
		if err := inst.Puzzle.Validate(); err != nil {
			t.Fatalf("loaded an invalid puzzle: %v", err)
		}
	})
}
