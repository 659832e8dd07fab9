package puzzle

import "math/big"

// SearchSpace returns the number of ways to lay n pieces in n cells: n! for
// the orders, times 4^n for the rotations when pieces may turn. It is the
// thesis's measure of how hopeless plain enumeration is (already about
// 9·10^22 for a 4×4 puzzle). It counts every arrangement, solutions turned
// as a whole included, and ignores holes and fixed pieces. SearchSpace
// returns 0 for negative n, and nil for n above 65536: the number has
// n·log2(n) bits, a million for 65536 pieces, and its time grows faster
// still (tens of milliseconds there, seconds at a million pieces, forever
// at 2^40), which no use of the number is worth.
func SearchSpace(n int, rotate bool) *big.Int {
	if n < 0 {
		return new(big.Int)
	}
	if n > maxSearchSpace {
		return nil
	}
	s := new(big.Int).MulRange(1, int64(n))
	if rotate {
		s.Lsh(s, uint(2*n))
	}
	return s
}

// maxSearchSpace is the largest count of pieces SearchSpace computes.
const maxSearchSpace = 1 << 16
