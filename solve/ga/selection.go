package ga

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// Fitness turns a board's cost into the score that fitness-proportional
// selection maximises.
type Fitness uint8

const (
	// MatchedJoins scores a board by its matched joins: the joins between
	// neighbouring cells, plus the rim sides when the scorer prices the
	// rim, less the cost. For label puzzles, where a join costs 0 or 1,
	// this is seed 001's score (out of 544 on a 16×16 board); for other
	// scorers it is clamped at 0.
	MatchedJoins Fitness = iota + 1
	// InverseCost scores a board 1/(1+cost), Hynek's fitness (seed 002,
	// Eq. 3).
	InverseCost
)

// String returns a short lower-case name for reports, benchmark and
// subtest names; an unknown value shows its number.
func (f Fitness) String() string {
	switch f {
	case MatchedJoins:
		return "matched joins"
	case InverseCost:
		return "inverse cost"
	}
	return fmt.Sprintf("Fitness(%d)", uint8(f))
}

type selectKind uint8

const (
	selectMating selectKind = iota + 1
	selectRoulette
	selectTournament
)

// Selection chooses the parents of each child. Make one with MatingPair,
// Roulette, ScaledRoulette or Tournament; the zero Selection is invalid.
type Selection struct {
	kind     selectKind
	fitness  Fitness
	multiple float64
	size     int
}

// MatingPair is the thesis's selection (seed 000 L7126-7188): each
// generation the population is scanned in order for the lowest cost, and
// the mating subset is the last individual found at that cost together
// with the best found before it in the scan ("the 2 fittest", though the
// runner-up of the scan need not be the second best), plus the winners
// of the given number of binary tournaments. Each child's parents are two distinct
// members of the subset, chosen at random. The seed's tournament keeps the
// worse of its two entrants (L7146, "if va>vb"), a slip that its setting
// nmating=1 never exercises; here the better one wins. tournaments may not
// exceed the population; tournaments < 0 counts as 0.
func MatingPair(tournaments int) Selection {
	return Selection{kind: selectMating, size: max(tournaments, 0)}
}

// Roulette chooses each parent with probability proportional to its
// fitness f.
func Roulette(f Fitness) Selection { return Selection{kind: selectRoulette, fitness: f} }

// ScaledRoulette is Roulette on fitness linearly scaled after Goldberg,
// as GAlib's GALinearScaling does it: f' = a·f + b keeps the mean and
// maps the best to multiple times the mean, unless that would make the
// worst negative, in which case the worst maps to 0. multiple must be
// finite and exceed 1; GAlib's default is 1.2.
func ScaledRoulette(f Fitness, multiple float64) Selection {
	return Selection{kind: selectRoulette, fitness: f, multiple: multiple}
}

// Tournament chooses each parent as the best of size individuals drawn at
// random, with replacement. size may not exceed the population.
func Tournament(size int) Selection { return Selection{kind: selectTournament, size: size} }

func (s Selection) check() error {
	switch s.kind {
	case selectMating:
		return nil
	case selectRoulette:
		if s.fitness != MatchedJoins && s.fitness != InverseCost {
			return fmt.Errorf("ga: roulette selection with unknown %v", s.fitness)
		}
		if s.multiple != 0 && !(s.multiple > 1 && !math.IsInf(s.multiple, 1)) {
			return fmt.Errorf("ga: linear scaling multiple %v; it must be finite and exceed 1", s.multiple)
		}
		return nil
	case selectTournament:
		if s.size < 1 {
			return fmt.Errorf("ga: tournament of %d", s.size)
		}
		return nil
	}
	return fmt.Errorf("ga: no selection set")
}

// selector picks parent pairs from one generation's population.
type selector interface {
	pair(rng *rand.Rand) (a, b int)
}

// prepare readies s for the population pop.
func (s Selection) prepare(e *engine, pop []*individual) selector {
	switch s.kind {
	case selectMating:
		return e.matingSubset(pop, s.size)
	case selectRoulette:
		return e.wheel(pop, s.fitness, s.multiple)
	default:
		return tournament{pop: pop, size: s.size}
	}
}

// mating is the thesis's mating subset.
type mating []int

func (m mating) pair(rng *rand.Rand) (int, int) {
	if len(m) < 2 {
		return m[0], m[0]
	}
	a := rng.IntN(len(m))
	b := rng.IntN(len(m) - 1)
	if b >= a {
		b++
	}
	return m[a], m[b]
}

func (e *engine) matingSubset(pop []*individual, tournaments int) mating {
	// The seed's scan starts with both indices at 1 and lets the last of
	// equal costs win (min(cf,va)=cf holds for cf <= va).
	pa, pb, va := 1, 1, math.Inf(1)
	for i, x := range pop {
		if c := x.Cost(); c <= va {
			pb, pa, va = pa, i, c
		}
	}
	m := mating{pa, pb}
	for range tournaments {
		a, b := e.rng.IntN(len(pop)), e.rng.IntN(len(pop))
		if pop[b].Cost() < pop[a].Cost() {
			a = b
		}
		m = append(m, a)
	}
	return m
}

// wheel is a roulette wheel: cumulative fitness.
type wheel []float64

func (w wheel) pair(rng *rand.Rand) (int, int) { return w.spin(rng), w.spin(rng) }

func (w wheel) spin(rng *rand.Rand) int {
	total := w[len(w)-1]
	if !(total > 0) {
		return rng.IntN(len(w))
	}
	x := rng.Float64() * total
	i := sort.SearchFloat64s(w, x)
	// SearchFloat64s finds the first sum >= x; an individual of zero
	// fitness shares its sum with the one before and is never chosen.
	for i < len(w)-1 && w[i] <= x {
		i++
	}
	return min(i, len(w)-1)
}

func (e *engine) wheel(pop []*individual, f Fitness, multiple float64) wheel {
	fit := e.fit[:0]
	joins := float64(e.joins())
	for _, x := range pop {
		c := x.Cost()
		var v float64
		if f == MatchedJoins {
			v = max(joins-c, 0)
		} else {
			v = 1 / (1 + max(c, 0))
		}
		fit = append(fit, v)
	}
	if multiple > 1 {
		scale(fit, multiple)
	}
	var sum float64
	for i, v := range fit {
		sum += v
		fit[i] = sum
	}
	e.fit = fit
	return wheel(fit)
}

// scale applies GAlib's linear scaling (GALinearScaling::evaluate) to fit.
func scale(fit []float64, c float64) {
	lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
	for _, v := range fit {
		lo, hi, sum = min(lo, v), max(hi, v), sum+v
	}
	avg := sum / float64(len(fit))
	var a, b float64
	switch {
	case avg == hi:
		return
	case lo > (c*avg-hi)/(c-1):
		d := hi - avg
		a, b = (c-1)*avg/d, avg*(hi-c*avg)/d
	default:
		d := avg - lo
		a, b = avg/d, -lo*avg/d
	}
	for i, v := range fit {
		fit[i] = max(a*v+b, 0)
	}
}

// joins returns the number of joins a board is priced on: neighbouring
// cells, and the rim sides when the rim is priced.
func (e *engine) joins() int {
	r, c := e.l.Rows, e.l.Cols
	n := r*(c-1) + (r-1)*c
	if e.l.Pricer.HasFrame() {
		n += 2 * (r + c)
	}
	return n
}

// tournament picks each parent as the best of size random draws.
type tournament struct {
	pop  []*individual
	size int
}

func (t tournament) pair(rng *rand.Rand) (int, int) { return t.one(rng), t.one(rng) }

func (t tournament) one(rng *rand.Rand) int {
	w := rng.IntN(len(t.pop))
	for range t.size - 1 {
		if i := rng.IntN(len(t.pop)); t.pop[i].Cost() < t.pop[w].Cost() {
			w = i
		}
	}
	return w
}
