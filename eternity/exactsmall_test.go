package eternity

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/reassemble/jigsaw/puzzle"
)

// TestSmallSearchAgrees runs the bit-set search and the general one on the
// same puzzles and checks they visit the same tree: the same count, the
// same placements, the same first solution, and the same again when the
// bit-set search is stopped every few placements and goes on from the
// general state it leaves behind.
func TestSmallSearchAgrees(t *testing.T) {
	tests := []struct {
		name         string
		rows, cols   int
		frame, inner int
		seed         uint64
		fixed        int // planted pieces fixed, spread over the board
		notRotated   bool
		multiTurn    bool // some bucket holds a piece in two turns or more
		cfg          exactConfig
	}{
		{name: "5x5 2/4", rows: 5, cols: 5, frame: 2, inner: 4, seed: 1, cfg: exactConfig{pin: -1}},
		{name: "5x5 2/4 descending", rows: 5, cols: 5, frame: 2, inner: 4, seed: 1, cfg: exactConfig{pin: -1, desc: true}},
		{name: "4x5 2/3 folded", rows: 4, cols: 5, frame: 2, inner: 3, seed: 2, cfg: exactConfig{pin: -1, fold: true}},
		{name: "5x5 2/4 pinned", rows: 5, cols: 5, frame: 2, inner: 4, seed: 3, cfg: exactConfig{pin: -2}},
		{name: "4x7 2/4 three fixed", rows: 4, cols: 7, frame: 2, inner: 4, seed: 4, fixed: 3, cfg: exactConfig{pin: -1}},
		{name: "5x5 1/3 not rotated", rows: 5, cols: 5, frame: 1, inner: 3, seed: 5, notRotated: true, cfg: exactConfig{pin: -1}},
		{name: "8x8 4/24 (64 pieces)", rows: 8, cols: 8, frame: 4, inner: 24, seed: 6, cfg: exactConfig{pin: -1, desc: true}},
		{name: "3x4 1/1 (pieces turned four ways in one bucket)", rows: 3, cols: 4, frame: 1, inner: 1, seed: 7, multiTurn: true, cfg: exactConfig{pin: -1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(tc.seed, 17))
			p, sol, err := puzzle.GenerateColours(tc.rows, tc.cols, tc.frame, tc.inner, rng)
			if err != nil {
				t.Fatal(err)
			}
			for i := range tc.fixed {
				c := puzzle.Cell{Row: (2*i + 1) % tc.rows, Col: (3*i + 2) % tc.cols}
				p.Fixed = append(p.Fixed, puzzle.FixedPiece{Cell: c, Placement: sol.At(c)})
			}
			p.Rotatable = !tc.notRotated
			cfg := tc.cfg
			if cfg.pin == -2 {
				cfg.pin = sol.At(puzzle.Cell{}).Piece
			}
			general := cfg
			general.general = true
			g, err := newExact(p, general)
			if err != nil {
				t.Fatal(err)
			}
			s, err := newExact(p, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if g.small != nil || s.small == nil {
				t.Fatalf("bit-set tables: general %v, small %v", g.small != nil, s.small != nil)
			}
			if tc.multiTurn && !slices.ContainsFunc(s.small.turns, func(t uint8) bool { return bits.OnesCount8(t) > 1 }) {
				t.Fatal("no bucket holds a piece in two turns: the case tests nothing")
			}
			ctx := context.Background()
			wantN, wantSt, _ := g.Count(ctx)
			gotN, gotSt, _ := s.Count(ctx)
			if gotN != wantN || gotSt.Nodes != wantSt.Nodes {
				t.Errorf("count: %d boards in %d placements, general search %d in %d", gotN, gotSt.Nodes, wantN, wantSt.Nodes)
			}
			if wantN == 0 {
				t.Fatalf("no solution: the test checks nothing")
			}
			wantB, wantF, _ := g.First(ctx)
			gotB, gotF, _ := s.First(ctx)
			if diff := cmp.Diff(wantB, gotB); diff != "" || gotF.Nodes != wantF.Nodes {
				t.Errorf("first: %d placements, general %d; boards differ:\n%s", gotF.Nodes, wantF.Nodes, diff)
			}
			// Stopped every 7 placements, the search leaves its state in
			// the general form and takes it up again.
			run := s.newSearch(ctx)
			run.window = 7
			run.tick = func(*search) int64 { return 7 }
			var stopped uint64
			run.run(func() bool { stopped += run.factor(); return true })
			if stopped != wantN || run.nodes != wantSt.Nodes {
				t.Errorf("stopped every 7 placements: %d boards in %d placements, want %d in %d", stopped, run.nodes, wantN, wantSt.Nodes)
			}
		})
	}
}
