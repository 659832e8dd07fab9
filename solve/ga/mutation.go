package ga

import (
	"fmt"

	"github.com/reassemble/jigsaw/puzzle"
)

type mutateKind uint8

const (
	mutateNone mutateKind = iota + 1
	mutateRange
	mutateGene
	mutateSwap
)

// Mutation changes a child after crossover, keeping every piece exactly
// once. Make one with RangeMutation, GeneMutation, SwapMutation or
// NoMutation; the zero Mutation is invalid. Turns apply only to puzzles
// whose pieces may turn, and always pick a rotation other than the
// piece's current one.
type Mutation struct {
	kind       mutateKind
	turn, swap float64
}

// RangeMutation is the thesis's mutation (seed 000 L6858-6906), applied
// to every child: it decides once per child to turn (with probability
// turn) and to swap (with probability swap), picks a random run of genes
// [s, s+t] (s uniform over the genes, t uniform over what remains), and
// for each gene of the run turns its piece and swaps two random genes.
func RangeMutation(turn, swap float64) Mutation {
	return Mutation{kind: mutateRange, turn: turn, swap: swap}
}

// GeneMutation is seed 001's mutation (§4.2.1): each gene independently
// turns with probability p and, independently, trades places with a random
// gene with probability p. The seed does not say whether one probability
// drives both; here it does.
func GeneMutation(p float64) Mutation { return Mutation{kind: mutateGene, turn: p, swap: p} }

// SwapMutation is Hynek's mutation (seed 002 §3): with probability p per
// child, two random genes trade places. The seed does not say whether p
// is per child or per gene; per child is the digest's reading.
func SwapMutation(p float64) Mutation { return Mutation{kind: mutateSwap, swap: p} }

// NoMutation leaves children as crossover made them.
func NoMutation() Mutation { return Mutation{kind: mutateNone} }

func (m Mutation) check() error {
	if m.kind < mutateNone || m.kind > mutateSwap {
		return fmt.Errorf("ga: no mutation set")
	}
	if !prob(m.turn) || !prob(m.swap) {
		return fmt.Errorf("ga: mutation probabilities must lie in [0, 1], have %v and %v", m.turn, m.swap)
	}
	return nil
}

// mutate mutates x in place; its cost is left stale.
func (e *engine) mutate(x *individual) {
	m := e.s.mutation
	n := len(e.free)
	if n < 2 {
		return
	}
	switch m.kind {
	case mutateRange:
		turn := e.rng.Float64() < m.turn
		swap := e.rng.Float64() < m.swap
		s := e.rng.IntN(n)
		t := e.rng.IntN(n - s)
		for g := s; g <= s+t; g++ {
			if turn {
				e.turn(x, e.free[g])
			}
			if swap {
				a, b := e.free[e.rng.IntN(n)], e.free[e.rng.IntN(n)]
				x.Cells[a], x.Cells[b] = x.Cells[b], x.Cells[a]
			}
		}
	case mutateGene:
		for g := range n {
			if e.rng.Float64() < m.turn {
				e.turn(x, e.free[g])
			}
			if e.rng.Float64() < m.swap {
				a, b := e.free[g], e.free[e.rng.IntN(n)]
				x.Cells[a], x.Cells[b] = x.Cells[b], x.Cells[a]
			}
		}
	case mutateSwap:
		if e.rng.Float64() < m.swap {
			a := e.rng.IntN(n)
			b := e.rng.IntN(n - 1)
			if b >= a {
				b++
			}
			i, j := e.free[a], e.free[b]
			x.Cells[i], x.Cells[j] = x.Cells[j], x.Cells[i]
		}
	}
}

// turn gives the piece in slot i another rotation.
func (e *engine) turn(x *individual, i int) {
	el := x.Cells[i]
	if el < 0 || !e.l.Rotatable {
		return
	}
	x.Cells[i] = el.Turned(el.Rotation() + puzzle.Rotation(1+e.rng.IntN(3)))
}
