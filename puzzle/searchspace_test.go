package puzzle_test

import (
	"math/big"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

func bigInt(n int) *big.Int { return big.NewInt(int64(n)) }

func TestSearchSpace(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		rotate bool
		want   string
	}{
		// Seed 000 lines 978-989, Table 1: 4^N·N! for the thesis's test puzzles.
		{name: "2x2", n: 4, rotate: true, want: "6144"},
		{name: "2x3", n: 6, rotate: true, want: "2949120"},
		{name: "2x4", n: 8, rotate: true, want: "2642411520"},
		{name: "3x3", n: 9, rotate: true, want: "95126814720"},
		{name: "2x5", n: 10, rotate: true, want: "3805072588800"},
		{name: "3x4", n: 12, rotate: true, want: "8036313307545600"},
		{name: "3x5", n: 15, rotate: true, want: "1404104661094367232000"},
		{name: "4x4", n: 16, rotate: true, want: "89862698310039502848000"},
		{name: "4x5", n: 20, rotate: true, want: "2675004047229796708138352640000"},
		// Without rotation only the orders count: N!.
		{name: "2x2 fixed orientation", n: 4, rotate: false, want: "24"},
		{name: "4x5 fixed orientation", n: 20, rotate: false, want: "2432902008176640000"},
		{name: "no pieces", n: 0, rotate: true, want: "1"},
		{name: "one piece", n: 1, rotate: true, want: "4"},
		{name: "negative", n: -1, rotate: true, want: "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, ok := new(big.Int).SetString(tt.want, 10)
			if !ok {
				t.Fatalf("bad test number %q", tt.want)
			}
			if got := puzzle.SearchSpace(tt.n, tt.rotate); got.Cmp(want) != 0 {
				t.Errorf("SearchSpace(%d, %v) = %v, want %v", tt.n, tt.rotate, got, want)
			}
		})
	}
}

// TestSearchSpaceGrowth checks the recurrence S(n) = 4n·S(n-1) well past
// the table, where an off-by-one in the power or the factorial would show.
func TestSearchSpaceGrowth(t *testing.T) {
	for n := 1; n <= 300; n++ {
		want := new(big.Int).Mul(puzzle.SearchSpace(n-1, true), bigInt(4*n))
		if got := puzzle.SearchSpace(n, true); got.Cmp(want) != 0 {
			t.Fatalf("SearchSpace(%d) = %v, want 4·%d·SearchSpace(%d) = %v", n, got, n, n-1, want)
		}
	}
}
