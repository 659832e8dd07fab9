package ga

import (
	"fmt"
	"math"
)

type replaceKind uint8

const (
	replaceGenerational replaceKind = iota + 1
	replaceSteadyState
	replaceIncremental
)

// Replacement says how children enter the population. Make one with
// Generational, GenerationalShare, SteadyState or Incremental; the zero
// Replacement is invalid.
type Replacement struct {
	kind     replaceKind
	count    int
	share    float64
	children int
}

// Generational replaces the whole population each generation (GAlib's
// simple GA, seed 001; the thesis's GA with elite 0): the elite best
// individuals are copied unchanged and children fill the rest. GAlib's
// elitism instead puts the old best in place of the new worst when it is
// better; both keep the best board, and differ by one child a generation.
func Generational(elite int) Replacement {
	return Replacement{kind: replaceGenerational, count: elite}
}

// GenerationalShare is Generational with the elite a share of the
// population, rounded: Hynek copies the best 10% (seed 002 §3).
func GenerationalShare(elite float64) Replacement {
	return Replacement{kind: replaceGenerational, share: elite, count: -1}
}

// SteadyState makes share × population children a generation (at least
// one); each enters at once, in place of the current worst, if it costs
// less (seed 001 §4.2.1, GAlib's steady-state GA).
func SteadyState(share float64) Replacement {
	return Replacement{kind: replaceSteadyState, share: share}
}

// Incremental makes children (1 or 2 in seed 001) a generation, each
// replacing the current worst unless it costs more (GAlib's incremental GA
// with its default "replace worst", after Whitley's GENITOR).
func Incremental(children int) Replacement {
	return Replacement{kind: replaceIncremental, children: children}
}

func (r Replacement) check() error {
	switch r.kind {
	case replaceGenerational:
		if r.count < -1 || r.count == -1 && !prob(r.share) {
			return fmt.Errorf("ga: elite of %d or share %v", r.count, r.share)
		}
		return nil
	case replaceSteadyState:
		if !(r.share > 0 && r.share <= 1) {
			return fmt.Errorf("ga: steady-state replacement share %v; it must lie in (0, 1]", r.share)
		}
		return nil
	case replaceIncremental:
		if r.children < 1 {
			return fmt.Errorf("ga: incremental replacement of %d children", r.children)
		}
		return nil
	}
	return fmt.Errorf("ga: no replacement set")
}

// elite returns the number of individuals kept unchanged in a population
// of n.
func (r Replacement) elite(n int) int {
	k := r.count
	if k < 0 {
		k = int(math.Round(r.share * float64(n)))
	}
	return min(k, n)
}
