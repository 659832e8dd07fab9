package sa

import "math/bits"

// wyrand is the annealer's generator: seeded from the run's source, so
// that a run replays, and inlined into the trial loop, where the run's
// generator, called through an interface, cost a tenth of the time. It is
// Wang Yi's wyrand: a Weyl sequence mixed by one 128-bit multiply.
type wyrand struct{ state uint64 }

func (r *wyrand) Uint64() uint64 {
	r.state += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.state, r.state^0xe7037ed1a0b428db)
	return hi ^ lo
}

// IntN returns a uniform int in [0, n), n > 0, by Lemire's multiply and
// reject.
func (r *wyrand) IntN(n int) int {
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform float64 in [0, 1).
func (r *wyrand) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }
