package solve_test

import (
	"testing"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

func TestStatusString(t *testing.T) {
	cases := []struct {
		name string
		s    solve.Status
		want string
	}{
		{name: "zero", s: 0, want: "Status(0)"},
		{name: "solved", s: solve.Solved, want: "solved"},
		{name: "exhausted", s: solve.Exhausted, want: "exhausted"},
		{name: "iteration limit", s: solve.IterationLimit, want: "iteration limit"},
		{name: "stalled", s: solve.Stalled, want: "stalled"},
		{name: "stopped", s: solve.Stopped, want: "stopped"},
		{name: "canceled", s: solve.Canceled, want: "canceled"},
		{name: "unknown", s: 42, want: "Status(42)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.s.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestEventKindString(t *testing.T) {
	cases := []struct {
		name string
		k    solve.EventKind
		want string
	}{
		{name: "zero", k: 0, want: "EventKind(0)"},
		{name: "started", k: solve.Started, want: "started"},
		{name: "improved", k: solve.Improved, want: "improved"},
		{name: "progress", k: solve.Progress, want: "progress"},
		{name: "finished", k: solve.Finished, want: "finished"},
		{name: "unknown", k: 9, want: "EventKind(9)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.k.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestPrepare(t *testing.T) {
	noRule := row()
	noRule.Rule = 7
	extra := row()
	extra.Pieces = append(extra.Pieces, puzzle.Piece{ID: 3})
	cases := []struct {
		name    string
		p       solve.Problem
		wantErr bool
	}{
		{name: "no puzzle", p: solve.Problem{}, wantErr: true},
		{name: "unknown rule", p: solve.Problem{Puzzle: noRule}, wantErr: true},
		{name: "more pieces than cells", p: solve.Problem{Puzzle: extra}, wantErr: true},
		{name: "labels by default", p: solve.Problem{Puzzle: row()}},
		{name: "scorer kept", p: solve.Problem{Puzzle: row(), Scorer: constScorer(1)}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.p.Prepare()
			if tc.wantErr {
				if err == nil {
					t.Errorf("Prepare accepted an invalid problem")
				}
				return
			}
			if err != nil {
				t.Fatalf("Prepare: %v", err)
			}
			if got.Puzzle != tc.p.Puzzle {
				t.Errorf("Prepare replaced the puzzle")
			}
			switch {
			case tc.p.Scorer != nil && got.Scorer != tc.p.Scorer:
				t.Errorf("Prepare replaced scorer %v with %v", tc.p.Scorer, got.Scorer)
			case tc.p.Scorer == nil:
				if _, ok := got.Scorer.(*edge.Labels); !ok {
					t.Errorf("Prepare filled in a %T, want the puzzle's labels", got.Scorer)
				}
			}
		})
	}
}
