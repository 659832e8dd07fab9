package lp_test

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve/lp"
)

// planted returns a scrambled unique-label puzzle and its solution.
func planted(t testing.TB, rows, cols int, seed uint64) (*puzzle.Puzzle, *puzzle.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	p, b, err := puzzle.GenerateUnique(rows, cols, rng)
	if err != nil {
		t.Fatal(err)
	}
	if p, b, err = puzzle.Scramble(p, b, rng); err != nil {
		t.Fatal(err)
	}
	return p, b
}

func TestSize(t *testing.T) {
	tests := []struct {
		name       string
		rows, cols int
		rotatable  bool
		form       lp.Formulation
		// placements, vars, constraints, nonzeros: elements E = pieces ×
		// rotations, J joins; cell and piece rows 2N with N·E terms each.
		placements, vars, constraints, nonzeros int
	}{
		// Seed 000, App. 2 (L5428-5470): 9 positions × 36 elements = 324
		// variables; modulus rows for 12 neighbour pairs × 36 × 36
		// element pairs, plus 9 + 9 assignment rows.
		{"3x3 thesis", 3, 3, true, lp.Thesis, 324, 324, 12*36*36 + 18, 12*36*36*2 + 2*324},
		// One modulus row per pair, with 2E terms.
		{"3x3 thesis summed", 3, 3, true, lp.ThesisSummed, 324, 324, 12 + 18, 12*72 + 2*324},
		// 12 mismatch indicators; one fit row per join and element.
		{"3x3 edge matching", 3, 3, true, lp.EdgeMatching, 324, 324 + 12, 12*36 + 18, -1},
		{"2x2 thesis", 2, 2, true, lp.Thesis, 64, 64, 4*16*16 + 8, 4*16*16*2 + 2*64},
		{"3x3 unturned", 3, 3, false, lp.Thesis, 81, 81, 12*9*9 + 18, 12*9*9*2 + 2*81},
		{"1x2 unturned edge matching", 1, 2, false, lp.EdgeMatching, 4, 5, 2 + 4, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, _ := planted(t, tt.rows, tt.cols, 1)
			p.Rotatable = tt.rotatable
			m, err := lp.New(p, tt.form)
			if err != nil {
				t.Fatal(err)
			}
			if m.Placements() != tt.placements || m.Vars() != tt.vars || m.Constraints() != tt.constraints {
				t.Errorf("%d placements, %d variables, %d constraints; want %d, %d, %d", m.Placements(), m.Vars(), m.Constraints(), tt.placements, tt.vars, tt.constraints)
			}
			if tt.nonzeros >= 0 && m.Nonzeros() != tt.nonzeros {
				t.Errorf("%d non-zeros, want %d", m.Nonzeros(), tt.nonzeros)
			}
			if m.Formulation() != tt.form {
				t.Errorf("formulation %v, want %v", m.Formulation(), tt.form)
			}
		})
	}
}

func TestNewRejects(t *testing.T) {
	p, _ := planted(t, 2, 2, 1)
	holes := p.Clone()
	holes.Rows, holes.Cols = 2, 3
	fixed := p.Clone()
	fixed.Fixed = []puzzle.FixedPiece{{Cell: puzzle.Cell{Row: 1, Col: 1}, Placement: puzzle.Placement{Piece: 2}}}
	big, _ := planted(t, 10, 10, 1)
	huge, _ := planted(t, 64, 64, 1)
	tests := []struct {
		name string
		p    *puzzle.Puzzle
		form lp.Formulation
		want string
	}{
		{"nil", nil, lp.EdgeMatching, "nil puzzle"},
		{"holes", holes, lp.EdgeMatching, "4 pieces for 6 cells"},
		{"fixed", fixed, lp.EdgeMatching, "piece 2 at cell (1,1)"},
		{"formulation", p, lp.Formulation(9), "unknown formulation 9"},
		// 180 joins × 400² element pairs: 28.8 million modulus rows.
		{"thesis too large", big, lp.Thesis, "modulus rows"},
		{"too large", huge, lp.EdgeMatching, "placement variables"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := lp.New(tt.p, tt.form)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// Under EdgeMatching the objective at any 0/1 point is the board's
// edge.Labels cost: its mismatched joins plus its non-flat rim sides.
func TestEvaluateEdgeMatching(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		p, truth := planted(t, 3, 3, seed)
		if seed%2 == 0 {
			var err error
			if p, truth, err = puzzle.GenerateShapes(3, 3, 2, rand.New(rand.NewPCG(seed, 1))); err != nil {
				t.Fatal(err)
			}
		}
		m, err := lp.New(p, lp.EdgeMatching)
		if err != nil {
			t.Fatal(err)
		}
		labels, err := edge.NewLabels(p)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := m.Evaluate(truth); err != nil || got != 0 {
			t.Fatalf("seed %d: the planted board evaluates to %v, %v; want 0", seed, got, err)
		}
		rng := rand.New(rand.NewPCG(seed, 2))
		for range 20 {
			b := truth.Clone()
			for i, j := range rng.Perm(len(b.Cells)) {
				b.Cells[i] = puzzle.Placement{Piece: truth.Cells[j].Piece, Rotation: puzzle.Rotation(rng.IntN(4))}
			}
			got, err := m.Evaluate(b)
			if err != nil {
				t.Fatal(err)
			}
			if want := edge.Cost(labels, b); got != want {
				t.Fatalf("seed %d: board %v evaluates to %v; its edge.Labels cost is %v", seed, b.Cells, got, want)
			}
		}
	}
}

func TestEvaluateThesis(t *testing.T) {
	p, truth := planted(t, 3, 3, 1)
	summed, err := lp.New(p, lp.ThesisSummed)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := summed.Evaluate(truth); err != nil || got != 0 {
		t.Errorf("thesis summed: the planted board evaluates to %v, %v; want 0", got, err)
	}
	// As printed, a modulus row for an element j not in the left cell
	// reads 0 >= L(k) for the element k placed on the right: the solution
	// itself violates the model.
	printed, err := lp.New(p, lp.Thesis)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := printed.Evaluate(truth); err == nil || !strings.Contains(err.Error(), "violates row mod_") {
		t.Errorf("thesis as printed: the planted board gives error %v, want a violated modulus row", err)
	}
	// Any other board violates the summed model or costs more than 0.
	rng := rand.New(rand.NewPCG(3, 3))
	for range 50 {
		b := truth.Clone()
		for i, j := range rng.Perm(len(b.Cells)) {
			b.Cells[i] = puzzle.Placement{Piece: truth.Cells[j].Piece, Rotation: puzzle.Rotation(rng.IntN(4))}
		}
		if puzzle.Mismatches(p, b) == 0 {
			continue
		}
		if got, err := summed.Evaluate(b); err == nil && got <= 0 {
			t.Fatalf("thesis summed: board %v with mismatches evaluates to %v", b.Cells, got)
		}
	}
}

func TestEvaluateRejects(t *testing.T) {
	// Unscrambled, so that the solution leaves every piece unturned.
	p, truth, err := puzzle.GenerateUnique(2, 2, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	p.Rotatable = false
	m, err := lp.New(p, lp.EdgeMatching)
	if err != nil {
		t.Fatal(err)
	}
	hole := truth.Clone()
	hole.Cells[3] = puzzle.Empty
	small := puzzle.NewBoard(1, 4)
	stranger := truth.Clone()
	stranger.Cells[0].Piece = 9
	turned := truth.Clone()
	turned.Cells[1].Rotation = 2
	tests := []struct {
		name string
		b    *puzzle.Board
		want string
	}{
		{"nil", nil, "nil board"},
		{"hole", hole, "cell (1,1) is empty"},
		{"size", small, "board is 1×4"},
		{"piece", stranger, "piece 9"},
		{"rotation", turned, "does not allow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := m.Evaluate(tt.b)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

// lpName is a CPLEX LP name as WriteLP forms them.
var lpName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// TestWriteLP checks the file's syntax: the sections in order, every row
// named and compared, every name well formed, every variable of the rows
// declared binary and bounded, and no line over the format's 510
// characters.
func TestWriteLP(t *testing.T) {
	p, _ := planted(t, 3, 3, 1)
	for _, form := range []lp.Formulation{lp.EdgeMatching, lp.Thesis, lp.ThesisSummed} {
		t.Run(form.String(), func(t *testing.T) {
			m, err := lp.New(p, form)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := m.WriteLP(&buf); err != nil {
				t.Fatal(err)
			}
			sections := []string{"Minimize", "Subject To", "Bounds", "Binary", "End"}
			var (
				at       = -1
				rows     int
				used     = map[string]bool{}
				bounded  = map[string]bool{}
				binary   = map[string]bool{}
				row      strings.Builder
				lineNo   int
				afterEnd bool
			)
			flushRow := func() {
				if row.Len() == 0 {
					return
				}
				text := row.String()
				row.Reset()
				name, expr, ok := strings.Cut(text, ":")
				if !ok || !lpName.MatchString(strings.TrimSpace(name)) {
					t.Fatalf("row %q has no valid name", text)
				}
				if at == 1 {
					rows++
					if !strings.Contains(expr, "<=") && !strings.Contains(expr, ">=") && !strings.Contains(expr, " = ") {
						t.Fatalf("row %q has no comparison", text)
					}
				}
				for _, f := range strings.Fields(expr) {
					if lpName.MatchString(f) {
						used[f] = true
					}
				}
			}
			sc := bufio.NewScanner(&buf)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				line := sc.Text()
				lineNo++
				if len(line) > 510 {
					t.Fatalf("line %d has %d characters", lineNo, len(line))
				}
				if strings.HasPrefix(line, `\`) {
					continue
				}
				if afterEnd {
					t.Fatalf("line %d follows End: %q", lineNo, line)
				}
				if at+1 < len(sections) && line == sections[at+1] {
					flushRow()
					at++
					afterEnd = line == "End"
					continue
				}
				switch {
				case at == 0 || at == 1:
					if strings.HasPrefix(line, "  ") { // continuation
						row.WriteString(line)
						continue
					}
					flushRow()
					row.WriteString(line)
				case at == 2:
					f := strings.Fields(line)
					if len(f) != 5 || f[0] != "0" || f[1] != "<=" || f[3] != "<=" || f[4] != "1" {
						t.Fatalf("bound %q, want 0 <= name <= 1", line)
					}
					bounded[f[2]] = true
				case at == 3:
					for _, f := range strings.Fields(line) {
						binary[f] = true
					}
				default:
					t.Fatalf("line %d outside any section: %q", lineNo, line)
				}
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			if !afterEnd {
				t.Fatalf("sections seen: %v; want all of %v ending with End", sections[:at+1], sections)
			}
			if rows != m.Constraints() {
				t.Errorf("%d rows, want %d", rows, m.Constraints())
			}
			if len(binary) != m.Vars() || len(bounded) != m.Vars() {
				t.Errorf("%d binary and %d bounded variables, want %d", len(binary), len(bounded), m.Vars())
			}
			for v := range used {
				if !binary[v] {
					t.Fatalf("variable %s is used but not declared binary", v)
				}
			}
			for i := range m.Vars() {
				if !used[m.Name(i)] {
					t.Fatalf("variable %s is declared but in no row", m.Name(i))
				}
			}
		})
	}
}

// The names say what a variable means: the placement of piece p turned by
// r quarter turns in row i, column j.
func TestName(t *testing.T) {
	p, _ := planted(t, 3, 3, 1)
	m, err := lp.New(p, lp.EdgeMatching)
	if err != nil {
		t.Fatal(err)
	}
	// Cell (0,1) is the second cell; piece 3 turned by 2 its element 14.
	if got, want := m.Name(1*36+3*4+2), "x_r0c1_p3r2"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
	// The indicators follow the 324 placements, joins in row-major order,
	// the right join before the bottom one.
	if got, want := m.Name(324+1), "m_r0c0_r1c0"; got != want {
		t.Errorf("name %q, want %q", got, want)
	}
}
