package puzzle_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"github.com/reassemble/jigsaw/internal/badinput"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// TestBadInput gives the package's exported API every kind of mistake a
// caller or a file can make: wrong counts, unknown labels and directives,
// negative, zero and huge sizes, fixed pieces that conflict, images smaller
// than a piece, truncated files and nil arguments. Each row must get an
// error that names what is wrong and where (the line, the piece, the cell
// or the fragment), or, for the functions documented never to fail, the
// documented answer; none may panic, and a huge size must be refused
// before anything its size is allocated.
func TestBadInput(t *testing.T) {
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(3, 4)) }
	p, truth, err := puzzle.GenerateUnique(2, 2, rng())
	if err != nil {
		t.Fatal(err)
	}
	with := func(edit func(q *puzzle.Puzzle)) *puzzle.Puzzle {
		q := p.Clone()
		edit(q)
		return q
	}
	board := func(cells ...puzzle.Placement) *puzzle.Board {
		return &puzzle.Board{Rows: 2, Cols: 2, Cells: cells}
	}
	pl := func(piece, rot int) puzzle.Placement {
		return puzzle.Placement{Piece: puzzle.PieceID(piece), Rotation: puzzle.Rotation(rot)}
	}
	parsePuzzle := func(text string) func() error {
		return func() error { _, err := puzzle.ParsePuzzle(strings.NewReader(text)); return err }
	}
	parseBoard := func(text string) func() error {
		return func() error { _, err := puzzle.ParseBoard(strings.NewReader(text)); return err }
	}
	// A well-formed puzzle file to cut short or spoil.
	const header = "size 1x2\nrule complement\n"
	dir := t.TempDir()
	file := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var tiny bytes.Buffer
	if err := png.Encode(&tiny, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	tile := func(w, h int) image.Image { return image.NewRGBA(image.Rect(0, 0, w, h)) }

	cases := []struct {
		name string
		call func() error
		// wantIn lists fragments the error must hold; empty means the
		// call is documented to succeed and checks its answer itself.
		wantIn []string
		// huge marks a row whose input claims a huge size: refusing it
		// must allocate next to nothing.
		huge bool
	}{
		// Puzzle.Validate, the authority every other entry point defers to.
		{name: "validate nil puzzle", call: (*puzzle.Puzzle)(nil).Validate, wantIn: []string{"nil puzzle"}},
		{name: "validate zero rows", call: with(func(q *puzzle.Puzzle) { q.Rows = 0 }).Validate, wantIn: []string{"0 rows"}},
		{name: "validate negative columns", call: with(func(q *puzzle.Puzzle) { q.Cols = -3 }).Validate, wantIn: []string{"-3 columns"}},
		{name: "validate huge board", call: with(func(q *puzzle.Puzzle) { q.Rows, q.Cols = math.MaxInt, math.MaxInt }).Validate,
			wantIn: []string{"larger than"}, huge: true},
		{name: "validate unknown rule", call: with(func(q *puzzle.Puzzle) { q.Rule = 2 }).Validate, wantIn: []string{"match rule 2"}},
		{name: "validate no pieces", call: with(func(q *puzzle.Puzzle) { q.Pieces = nil }).Validate, wantIn: []string{"no pieces"}},
		{name: "validate too many pieces", call: with(func(q *puzzle.Puzzle) { q.Cols = 1 }).Validate,
			wantIn: []string{"4 pieces for 2 cells", "AllowExtra"}},
		{name: "validate wrong ID", call: with(func(q *puzzle.Puzzle) { q.Pieces[3].ID = -1 }).Validate, wantIn: []string{"piece 3 has ID -1"}},
		{name: "validate reserved label", call: with(func(q *puzzle.Puzzle) { q.Pieces[2].Edges[puzzle.Bottom] = puzzle.MinLabel - 1 }).Validate,
			wantIn: []string{"piece 2", "bottom"}},
		{name: "validate fixed off the board", call: with(func(q *puzzle.Puzzle) {
			q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 2}, Placement: pl(1, 0)}}
		}).Validate, wantIn: []string{"fixed piece 1", "(0,2)", "off the 2×2 board"}},
		{name: "validate fixed unknown piece", call: with(func(q *puzzle.Puzzle) {
			q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: pl(9, 0)}}
		}).Validate, wantIn: []string{"entry 0", "cell (0,0)", "piece 9"}},
		{name: "validate fixed rotation", call: with(func(q *puzzle.Puzzle) {
			q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: pl(0, 5)}}
		}).Validate, wantIn: []string{"fixed piece 0", "rotation 5"}},
		{name: "validate fixed pieces sharing a cell", call: with(func(q *puzzle.Puzzle) {
			q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1}, Placement: pl(0, 0)}, {Cell: puzzle.Cell{Row: 1}, Placement: pl(1, 0)}}
		}).Validate, wantIn: []string{"cell (1,0) is fixed twice", "entries 0 and 1"}},
		{name: "validate piece fixed twice", call: with(func(q *puzzle.Puzzle) {
			q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{}, Placement: pl(2, 0)}, {Cell: puzzle.Cell{Row: 1}, Placement: pl(2, 0)}}
		}).Validate, wantIn: []string{"piece 2 is fixed twice"}},

		// Board.Validate.
		{name: "board nil", call: func() error { return (*puzzle.Board)(nil).Validate(p) }, wantIn: []string{"nil board"}},
		{name: "board for a nil puzzle", call: func() error { return truth.Validate(nil) }, wantIn: []string{"nil puzzle"}},
		{name: "board of the wrong size", call: func() error { return puzzle.NewBoard(3, 2).Validate(p) }, wantIn: []string{"3×2", "2×2"}},
		{name: "board with cells missing", call: func() error { return board(pl(0, 0)).Validate(p) }, wantIn: []string{"1 cells"}},
		{name: "board hole with a rotation", call: func() error {
			return board(pl(0, 0), puzzle.Placement{Piece: puzzle.NoPiece, Rotation: 1}, pl(2, 0), pl(3, 0)).Validate(p)
		}, wantIn: []string{"cell (0,1)", "hole"}},
		{name: "board unknown piece", call: func() error { return board(pl(0, 0), pl(1, 0), pl(-7, 0), pl(3, 0)).Validate(p) },
			wantIn: []string{"cell (1,0)", "piece -7"}},
		{name: "board rotation out of range", call: func() error { return board(pl(0, 0), pl(1, 4), pl(2, 0), pl(3, 0)).Validate(p) },
			wantIn: []string{"cell (0,1)", "by 4"}},
		{name: "board piece twice", call: func() error { return board(pl(0, 0), pl(1, 0), pl(1, 1), pl(3, 0)).Validate(p) },
			wantIn: []string{"piece 1 is placed twice", "(0,1)", "(1,0)"}},
		{name: "board turning a piece that may not turn", call: func() error {
			return board(pl(0, 0), pl(1, 0), pl(2, 3), pl(3, 0)).Validate(with(func(q *puzzle.Puzzle) { q.Rotatable = false }))
		}, wantIn: []string{"cell (1,0)", "may not rotate"}},
		{name: "board moving a fixed piece", call: func() error {
			return truth.Validate(with(func(q *puzzle.Puzzle) {
				q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: pl(0, 0)}}
			}))
		}, wantIn: []string{"cell (1,1)", "fixed piece"}},

		// ParsePuzzle.
		{name: "puzzle file empty", call: parsePuzzle(""), wantIn: []string{"line 1", "missing size"}},
		{name: "puzzle file starts without size", call: parsePuzzle("piece 0 0 0 0\n"), wantIn: []string{"line 1", "piece before size"}},
		{name: "puzzle file unknown directive", call: parsePuzzle(header + "colour 3\n"), wantIn: []string{"line 3", `"colour"`}},
		{name: "puzzle file size without columns", call: parsePuzzle("size 3\n"), wantIn: []string{"line 1", "ROWSxCOLS"}},
		{name: "puzzle file negative size", call: parsePuzzle("size -1x2\n"), wantIn: []string{"line 1", "ROWSxCOLS"}},
		{name: "puzzle file zero rows", call: parsePuzzle("size 0x2\n"), wantIn: []string{"line 1", "rows must be at least 1"}},
		{name: "puzzle file huge size", call: parsePuzzle("size 100000x100000\npiece 0 0 0 0\n"),
			wantIn: []string{"line 1", "more than"}, huge: true},
		{name: "puzzle file size beyond int64", call: parsePuzzle("size 99999999999999999999x1\n"),
			wantIn: []string{"line 1", "more than"}, huge: true},
		{name: "puzzle file duplicate size", call: parsePuzzle(header + "size 1x2\n"), wantIn: []string{"line 3", "duplicate size", "line 1"}},
		{name: "puzzle file unknown rule", call: parsePuzzle("size 1x2\nrule same\n"), wantIn: []string{"line 2", `"same"`}},
		{name: "puzzle file rotate maybe", call: parsePuzzle("size 1x2\nrotate maybe\n"), wantIn: []string{"line 2", "yes or no"}},
		{name: "puzzle file piece with three labels", call: parsePuzzle(header + "piece 0 1 0\n"),
			wantIn: []string{"line 3", "3 labels, want 4"}},
		{name: "puzzle file label not a number", call: parsePuzzle(header + "piece 0 1 0 0\npiece 0 0 x 0\n"),
			wantIn: []string{"line 4", "piece 1", "bottom", `"x"`}},
		{name: "puzzle file label out of range", call: parsePuzzle(header + "piece 0 4294967296 0 0\n"),
			wantIn: []string{"line 3", "piece 0", "right", "out of range"}},
		{name: "puzzle file reserved label", call: parsePuzzle(header + "piece -2147483648 0 0 0\n"),
			wantIn: []string{"line 3", "piece 0", "top", "out of range"}},
		{name: "puzzle file no pieces", call: parsePuzzle(header), wantIn: []string{"line 2", "no pieces"}},
		{name: "puzzle file too many pieces", call: parsePuzzle(header + "piece 0 1 0 0\npiece 0 0 0 -1\npiece 0 0 0 0\n"),
			wantIn: []string{"line 5", "piece 2 does not fit", "3 pieces"}},
		{name: "puzzle file fixed off the board", call: parsePuzzle(header + "piece 0 1 0 0\nfixed 0 5 0 0\n"),
			wantIn: []string{"line 4", "(0,5)", "off the 1x2 board"}},
		{name: "puzzle file fixed unknown piece", call: parsePuzzle(header + "piece 0 1 0 0\nfixed 0 0 4 0\n"),
			wantIn: []string{"line 4", "fixed piece 4", "0 to 0"}},
		{name: "puzzle file fixed rotation", call: parsePuzzle(header + "piece 0 1 0 0\nfixed 0 0 0 4\n"),
			wantIn: []string{"line 4", "fixed piece 0", "rotation"}},
		{name: "puzzle file fixed cells conflict", call: parsePuzzle(header + "piece 0 1 0 0\npiece 0 0 0 -1\nfixed 0 0 0 0\nfixed 0 0 1 0\n"),
			wantIn: []string{"line 6", "cell (0,0) is already fixed on line 5"}},
		{name: "puzzle file fixed piece conflict", call: parsePuzzle(header + "piece 0 1 0 0\npiece 0 0 0 -1\nfixed 0 0 0 0\nfixed 0 1 0 0\n"),
			wantIn: []string{"line 6", "piece 0 is already fixed on line 5"}},
		{name: "puzzle file fixed with three numbers", call: parsePuzzle(header + "fixed 0 0 0\n"),
			wantIn: []string{"line 3", "4 numbers", "got 3"}},
		{name: "puzzle file line too long", call: parsePuzzle(header + "piece " + strings.Repeat("1", 1<<20+1) + "\n"),
			wantIn: []string{"line 3", "limit"}},
		{name: "puzzle file unreadable", call: func() error {
			_, err := puzzle.ParsePuzzle(io.MultiReader(strings.NewReader(header), errReader{}))
			if !errors.Is(err, errRead) {
				return errors.New("the reader's error is not wrapped")
			}
			return err
		}, wantIn: []string{"line 3", "disk on fire"}},

		// ParseBoard.
		{name: "board file empty", call: parseBoard("# nothing\n"), wantIn: []string{"line 1", "missing board"}},
		{name: "board file starts with a row", call: parseBoard("0 1\n"), wantIn: []string{"line 1", `"0" before board`}},
		{name: "board file huge", call: parseBoard("board 100000x100000\n0 1\n"), wantIn: []string{"line 1", "more than"}, huge: true},
		{name: "board file claims rows it lacks", call: parseBoard("board 4096x4096\n" + strings.Repeat(". ", 4096) + "\n"),
			wantIn: []string{"too few rows"}, huge: true},
		{name: "board file row too short", call: parseBoard("board 2x2\n0 1\n2\n"), wantIn: []string{"line 3", "row 1 has 1 cells, want 2"}},
		{name: "board file row too long", call: parseBoard("board 2x2\n0 1 2\n"), wantIn: []string{"line 2", "row 0 has 3 cells"}},
		{name: "board file too many rows", call: parseBoard("board 1x2\n0 1\n2 3\n"), wantIn: []string{"line 3", "too many rows"}},
		{name: "board file truncated", call: parseBoard("board 2x2\n0 1\n"), wantIn: []string{"line 2", "too few rows", "after 1"}},
		{name: "board file negative piece", call: parseBoard("board 1x2\n0 -1\n"), wantIn: []string{"line 2", "cell (0,1)", "count from 0"}},
		{name: "board file bad token", call: parseBoard("board 1x2\n0 x/1\n"), wantIn: []string{"line 2", "cell (0,1)", `"x/1"`}},
		{name: "board file rotation 4", call: parseBoard("board 1x2\n0 1/4\n"), wantIn: []string{"line 2", "cell (0,1)", "piece 1"}},
		{name: "board file piece out of range", call: parseBoard("board 1x2\n0 99999999999\n"), wantIn: []string{"line 2", "cell (0,1)", "out of range"}},
		{name: "board file piece twice", call: parseBoard("board 2x2\n0 1\n. 1\n"),
			wantIn: []string{"line 3", "cell (1,1)", "piece 1 is already placed at (0,1) on line 2"}},
		{name: "board file duplicate header", call: parseBoard("board 1x2\nboard 1x2\n"), wantIn: []string{"line 2", "duplicate board"}},

		// FormatPuzzle and FormatBoard refuse what the parsers would.
		{name: "format nil puzzle", call: func() error { return puzzle.FormatPuzzle(io.Discard, nil) }, wantIn: []string{"nil puzzle"}},
		{name: "format invalid puzzle", call: func() error {
			return puzzle.FormatPuzzle(io.Discard, with(func(q *puzzle.Puzzle) { q.Pieces[0].ID = 2 }))
		}, wantIn: []string{"piece 0 has ID 2"}},
		{name: "format nil board", call: func() error { return puzzle.FormatBoard(io.Discard, nil) }, wantIn: []string{"nil board"}},
		{name: "format board of negative size", call: func() error { return puzzle.FormatBoard(io.Discard, &puzzle.Board{Rows: -1, Cols: 2}) },
			wantIn: []string{"-1×2"}},
		{name: "format huge board", call: func() error { return puzzle.FormatBoard(io.Discard, &puzzle.Board{Rows: math.MaxInt, Cols: 2}) },
			wantIn: []string{"cells"}, huge: true},
		{name: "format board with a rotated hole", call: func() error {
			return puzzle.FormatBoard(io.Discard, board(pl(0, 0), pl(1, 0), puzzle.Placement{Piece: puzzle.NoPiece, Rotation: 2}, pl(3, 0)))
		}, wantIn: []string{"cell (1,0)", "hole"}},
		{name: "format board with a negative piece", call: func() error {
			return puzzle.FormatBoard(io.Discard, board(pl(0, 0), pl(-4, 0), puzzle.Empty, puzzle.Empty))
		}, wantIn: []string{"cell (0,1)", "piece -4"}},
		{name: "format board placing a piece twice", call: func() error {
			return puzzle.FormatBoard(io.Discard, board(pl(0, 0), pl(0, 0), puzzle.Empty, puzzle.Empty))
		}, wantIn: []string{"piece 0 is placed twice"}},

		// Generators.
		{name: "generate zero rows", call: func() error { _, _, err := puzzle.GenerateUnique(0, 3, rng()); return err },
			wantIn: []string{"0 rows and 3 columns"}},
		{name: "generate negative columns", call: func() error { _, _, err := puzzle.GenerateShapes(2, -1, 0, rng()); return err },
			wantIn: []string{"2 rows and -1 columns"}},
		{name: "generate huge board", call: func() error { _, _, err := puzzle.GenerateColours(1<<20, 1<<20, 5, 17, rng()); return err },
			wantIn: []string{"1048576×1048576", "more than"}, huge: true},
		{name: "generate with a nil source", call: func() error { _, _, err := puzzle.GenerateUnique(2, 2, nil); return err },
			wantIn: []string{"nil random source"}},
		{name: "generate too many shape pairs", call: func() error { _, _, err := puzzle.GenerateShapes(2, 2, math.MaxInt32+1, rng()); return err },
			wantIn: []string{"2147483648 shape pairs"}},
		{name: "generate negative colours", call: func() error { _, _, err := puzzle.GenerateColours(3, 3, -1, 2, rng()); return err },
			wantIn: []string{"-1 frame", "negative"}},
		{name: "generate no frame colours", call: func() error { _, _, err := puzzle.GenerateColours(3, 3, 0, 2, rng()); return err },
			wantIn: []string{"frameColours", "got 0"}},
		{name: "generate no inner colours", call: func() error { _, _, err := puzzle.GenerateColours(3, 3, 2, 0, rng()); return err },
			wantIn: []string{"innerColours", "got 0"}},
		{name: "generate colours beyond a label", call: func() error {
			_, _, err := puzzle.GenerateColours(3, 3, math.MaxInt32, 1, rng())
			return err
		}, wantIn: []string{"do not fit a Label"}},

		// Scramble.
		{name: "scramble nil puzzle", call: func() error { _, _, err := puzzle.Scramble(nil, nil, rng()); return err },
			wantIn: []string{"cannot scramble", "nil puzzle"}},
		{name: "scramble with a wrong solution", call: func() error { _, _, err := puzzle.Scramble(p, puzzle.NewBoard(1, 1), rng()); return err },
			wantIn: []string{"solution", "1×1"}},
		{name: "scramble with a nil source", call: func() error { _, _, err := puzzle.Scramble(p, truth, nil); return err },
			wantIn: []string{"nil random source"}},

		// Cut, FromFragments and LoadImage.
		{name: "cut nil image", call: func() error { _, _, err := puzzle.Cut(nil, 4); return err }, wantIn: []string{"nil image"}},
		{name: "cut empty image", call: func() error { _, _, err := puzzle.Cut(tile(0, 5), 4); return err }, wantIn: []string{"empty", "0×5"}},
		{name: "cut into one-pixel pieces", call: func() error { _, _, err := puzzle.Cut(tile(8, 8), 1); return err },
			wantIn: []string{"piece size 1", "at least 2"}},
		{name: "cut into negative pieces", call: func() error { _, _, err := puzzle.Cut(tile(8, 8), -8); return err },
			wantIn: []string{"piece size -8"}},
		{name: "cut an image smaller than a piece", call: func() error { _, _, err := puzzle.Cut(tile(30, 9), 10); return err },
			wantIn: []string{"30×9", "smaller than one 10-pixel piece"}},
		{name: "cut a huge image into tiny pieces", call: func() error { _, _, err := puzzle.Cut(hugeImage{}, 2); return err },
			wantIn: []string{"1073741824×1073741824", "more than"}, huge: true},
		{name: "cut a huge image into large pieces", call: func() error { _, _, err := puzzle.Cut(hugeImage{}, 1<<18); return err },
			wantIn: []string{"1073741824×1073741824", "262144-pixel pieces", "pixels a puzzle may hold"}, huge: true},
		{name: "fragments for zero rows", call: func() error { _, err := puzzle.FromFragments([]image.Image{tile(4, 4)}, 0, 1); return err },
			wantIn: []string{"0 rows"}},
		{name: "fragments for a huge board", call: func() error { _, err := puzzle.FromFragments([]image.Image{tile(4, 4)}, 1<<30, 1<<30); return err },
			wantIn: []string{"larger than"}, huge: true},
		{name: "no fragments", call: func() error { _, err := puzzle.FromFragments(nil, 1, 1); return err }, wantIn: []string{"no fragments"}},
		{name: "nil fragment", call: func() error { _, err := puzzle.FromFragments([]image.Image{tile(4, 4), nil}, 1, 2); return err },
			wantIn: []string{"fragment 1 is nil"}},
		{name: "empty fragment", call: func() error { _, err := puzzle.FromFragments([]image.Image{tile(0, 0)}, 1, 1); return err },
			wantIn: []string{"fragment 0 is empty"}},
		{name: "fragment not square", call: func() error { _, err := puzzle.FromFragments([]image.Image{tile(4, 4), tile(4, 5)}, 1, 2); return err },
			wantIn: []string{"fragment 1", "4×5", "not square"}},
		{name: "fragment smaller than a piece", call: func() error { _, err := puzzle.FromFragments([]image.Image{tile(1, 1)}, 1, 1); return err },
			wantIn: []string{"fragment 0", "1×1", "at least 2"}},
		{name: "fragments of two sizes", call: func() error {
			_, err := puzzle.FromFragments([]image.Image{tile(4, 4), tile(4, 4), tile(6, 6)}, 1, 3)
			return err
		}, wantIn: []string{"fragment 2 is 6×6", "fragment 0 is 4×4"}},
		{name: "huge fragments", call: func() error { _, err := puzzle.FromFragments([]image.Image{hugeImage{}}, 1, 1); return err },
			wantIn: []string{"1 fragments", "1073741824×1073741824", "pixels a puzzle may hold"}, huge: true},
		{name: "load a missing file", call: func() error { _, err := puzzle.LoadImage(filepath.Join(dir, "none.png")); return err },
			wantIn: []string{"none.png"}},
		{name: "load a file that is no image", call: func() error { _, err := puzzle.LoadImage(file("text.png", []byte("hello"))); return err },
			wantIn: []string{"text.png", "not a PNG or JPEG"}},
		{name: "load a truncated PNG", call: func() error {
			_, err := puzzle.LoadImage(file("cut.png", tiny.Bytes()[:tiny.Len()-20]))
			return err
		}, wantIn: []string{"cut.png", "cannot decode"}},
		{name: "load a PNG whose header claims a huge picture", call: func() error {
			_, err := puzzle.LoadImage(file("huge.png", resizedPNG(t, tiny.Bytes(), 1<<20, 1<<20)))
			return err
		}, wantIn: []string{"huge.png", "1048576×1048576"}, huge: true},

		// The functions documented never to fail give their documented
		// answers on bad input.
		{name: "render a nil puzzle and board", call: func() error {
			if img := puzzle.Render(nil, nil); !img.Bounds().Empty() {
				return errors.New("want an empty image")
			}
			return nil
		}},
		{name: "render a board with unknown pieces and a corrupt size", call: func() error {
			puzzle.Render(p, &puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(9, 0), pl(-3, 7)}})
			if img := puzzle.RenderCells(p, &puzzle.Board{Rows: math.MaxInt, Cols: math.MaxInt}, 1<<40); !img.Bounds().Empty() {
				return errors.New("want an empty image for a board too large to draw")
			}
			return nil
		}, huge: true},
		{name: "metrics of malformed boards", call: func() error {
			bad := &puzzle.Board{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(9, 0)}}
			if puzzle.Matches(p, bad) != 0 || puzzle.Mismatches(nil, truth) != 0 || puzzle.DirectComparison(truth, bad) != 0 ||
				puzzle.NeighbourComparison(nil, truth) != 0 || puzzle.ShiftedDirectComparison(truth, nil) != 0 || puzzle.Perfect(truth, bad) {
				return errors.New("a malformed board scored above 0")
			}
			return nil
		}},
		{name: "search space of a negative count", call: func() error {
			if n := puzzle.SearchSpace(-5, true); n.Sign() != 0 {
				return errors.New("want 0")
			}
			return nil
		}},
		{name: "search space of 2^40 pieces", call: func() error {
			if n := puzzle.SearchSpace(1<<40, true); n != nil {
				return errors.New("want nil")
			}
			return nil
		}, huge: true},
		{name: "search space at its bound", call: func() error {
			// 65536 is the largest count SearchSpace documents; 2·65536
			// bits of rotations and log2(65536!) ≈ 954,036.9 of orders
			// (the log-gamma function), so the number has 1,085,109 bits.
			if n := puzzle.SearchSpace(1<<16, true); n == nil || n.BitLen() != 1085109 {
				return errors.New("want a number of 1,085,109 bits")
			}
			return nil
		}},
		{name: "new board for a nil puzzle", call: func() error {
			if b := puzzle.NewBoardFor(nil); b == nil || b.Rows != 0 || b.Cols != 0 || len(b.Cells) != 0 {
				return errors.New("want an empty 0×0 board")
			}
			return nil
		}},
		{name: "new board for a puzzle with a fixed piece off the board", call: func() error {
			q := p.Clone()
			q.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 0, Col: 5}, Placement: pl(0, 0)}}
			if b := puzzle.NewBoardFor(q); b.Placed() != 0 {
				return errors.New("the fixed piece off the board was placed")
			}
			return nil
		}},
		{name: "unplaced of a nil puzzle or board", call: func() error {
			if got := truth.Unplaced(nil); got != nil {
				return fmt.Errorf("Unplaced(nil) = %v, want nil", got)
			}
			if got := (*puzzle.Board)(nil).Unplaced(p); len(got) != len(p.Pieces) {
				return fmt.Errorf("a nil board leaves %v unplaced, want every piece", got)
			}
			return nil
		}},
		{name: "turn malformed boards", call: func() error {
			for _, b := range []*puzzle.Board{
				{Rows: 2, Cols: 2, Cells: []puzzle.Placement{pl(0, 0)}},
				{Rows: -1, Cols: -2, Cells: []puzzle.Placement{pl(0, 0), pl(1, 0)}},
				{Rows: 3, Cols: 0, Cells: []puzzle.Placement{pl(0, 0)}},
			} {
				for r := range puzzle.Rotation(4) {
					if got := b.Turn(r); !got.Equal(b) || &got.Cells[0] == &b.Cells[0] {
						return fmt.Errorf("%v turned by %d gave %v, want a copy unchanged", b, r, got)
					}
				}
			}
			if (*puzzle.Board)(nil).Turn(1) != nil {
				return errors.New("a nil board turned to a board")
			}
			return nil
		}},
		{name: "turn a nil image", call: func() error {
			if puzzle.TurnImage(nil, 1) != nil {
				return errors.New("want nil")
			}
			return nil
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			badinput.Check(t, tc.call, tc.wantIn, tc.huge)
		})
	}
}

// hugeImage claims 2^30 × 2^30 pixels without holding any, as a corrupt or
// hostile image type might.
type hugeImage struct{}

func (hugeImage) ColorModel() color.Model { return color.RGBAModel }
func (hugeImage) Bounds() image.Rectangle { return image.Rect(0, 0, 1<<30, 1<<30) }
func (hugeImage) At(x, y int) color.Color { return color.Black }

// errRead is what errReader fails with.
var errRead = errors.New("disk on fire")

// errReader fails every read.
type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errRead }

// resizedPNG returns the PNG file data with the size in its IHDR chunk set
// to w × h and the chunk's checksum recomputed, so that the header is valid
// and only the pixel data disagrees.
func resizedPNG(t *testing.T, data []byte, w, h uint32) []byte {
	t.Helper()
	// The PNG signature is 8 bytes; IHDR follows with its 4-byte length
	// and 4-byte type, then width and height (PNG spec, section 11.2.2).
	const ihdr = 8
	if len(data) < ihdr+8+13+4 || string(data[ihdr+4:ihdr+8]) != "IHDR" {
		t.Fatal("not a PNG")
	}
	out := bytes.Clone(data)
	binary.BigEndian.PutUint32(out[ihdr+8:], w)
	binary.BigEndian.PutUint32(out[ihdr+12:], h)
	binary.BigEndian.PutUint32(out[ihdr+8+13:], crc32.ChecksumIEEE(out[ihdr+4:ihdr+8+13]))
	return out
}
