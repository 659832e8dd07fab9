package document

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomRun returns n float32 values of either sign over many scales,
// with zeros, negative zeros and subnormals among them: the kernels must
// give the Go loops' bits on all of them.
func randomRun(rng *rand.Rand, n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		switch rng.IntN(12) {
		case 0:
			out[i] = 0
		case 1:
			out[i] = float32(math.Copysign(0, -1))
		case 2:
			out[i] = math.Float32frombits(uint32(rng.IntN(1 << 23))) // subnormal
		default:
			out[i] = float32(rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4)))
		}
	}
	return out
}

func sameBits(t *testing.T, what string, got, want []float32) {
	t.Helper()
	for i := range want {
		if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
			t.Fatalf("%s: element %d is %v (%#x), the Go loop's %v (%#x)", what, i, got[i], math.Float32bits(got[i]), want[i], math.Float32bits(want[i]))
		}
	}
}

func TestKernelsMatchGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, units := range []int{1, 4, 15, 16, 32, 48, 33} {
		for _, inputs := range []int{1, 7, 64, 256} {
			w := randomRun(rng, inputs*units)
			var vals []float32
			var at []int32
			for i := range inputs {
				if rng.IntN(3) == 0 {
					vals = append(vals, float32(1+rng.IntN(255))*(1.0/255))
					at = append(at, int32(i))
				}
			}
			acc := randomRun(rng, units)
			want := append([]float32(nil), acc...)
			addRows(acc, w, vals, at)
			addRowsGo(want, w, vals, at)
			sameBits(t, "addRows", acc, want)

			d := randomRun(rng, units)
			g := randomRun(rng, inputs*units)
			wantG := append([]float32(nil), g...)
			addScaled(g, d, vals, at)
			addScaledGo(wantG, d, vals, at)
			sameBits(t, "addScaled", g, wantG)
		}
	}
	for _, n := range []int{1, 3, 4, 5, 8, 1031} {
		for step := 1; step <= 1000; step *= 10 {
			p, g, m, v := randomRun(rng, n), randomRun(rng, n), randomRun(rng, n), randomRun(rng, n)
			for i := range v {
				v[i] = float32(math.Abs(float64(v[i])))
			}
			c := adamStep{b1: 0.9, keep1: 0.1, b2: 0.999, keep2: 0.001, c1: 1 - math.Pow(0.9, float64(step)), c2: 1 - math.Pow(0.999, float64(step)), lr: 3e-4, eps: 1e-8}
			p2, m2, v2 := append([]float32(nil), p...), append([]float32(nil), m...), append([]float32(nil), v...)
			adamUpdate(p, g, m, v, &c)
			adamUpdateGo(p2, g, m2, v2, &c)
			sameBits(t, "adam p", p, p2)
			sameBits(t, "adam m", m, m2)
			sameBits(t, "adam v", v, v2)
		}
	}
}

func TestBytesKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 15, 16, 17, 85, 3500} {
		a, b := make([]uint8, n), make([]uint8, n)
		for i := range a {
			a[i], b[i] = uint8(rng.Uint32()), uint8(rng.Uint32())
		}
		got := make([]uint8, n)
		maxInto(got, a, b)
		for i := range got {
			if want := max(a[i], b[i]); got[i] != want {
				t.Fatalf("maxInto of %d values: value %d is %d, want %d", n, i, got[i], want)
			}
		}
	}
	for _, size := range [][2]int{{1, 1}, {8, 8}, {7, 9}, {16, 8}, {85, 37}, {13, 64}, {64, 13}} {
		w, h := size[0], size[1]
		src := make([]uint8, w*h)
		for i := range src {
			src[i] = uint8(rng.Uint32())
		}
		dst := make([]uint8, w*h)
		transposeBytes(dst, src, w, h)
		for y := range h {
			for x := range w {
				if dst[x*h+y] != src[y*w+x] {
					t.Fatalf("%d×%d transposed: row %d column %d is %d, want %d", w, h, x, y, dst[x*h+y], src[y*w+x])
				}
			}
		}
	}
}

func TestSumsMatchGo(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 3, 4, 5, 32, 33, 250} {
		b1, w2, ha, hb := randomRun(rng, n), randomRun(rng, n), randomRun(rng, n), randomRun(rng, n)
		got, want := unitSums(b1, w2, ha, hb), unitSumsGo(b1, w2, ha, hb)
		sameBits(t, "unitSums", got[:], want[:])
		x, y := make([]float64, n), make([]float64, n+3)
		for i := range x {
			x[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(9)-4))
		}
		for i := range y {
			y[i] = rng.NormFloat64()
		}
		d, wd := dotSums(x, y), dotSumsGo(x, y)
		for i := range d {
			if math.Float64bits(d[i]) != math.Float64bits(wd[i]) {
				t.Fatalf("dotSums of %d values: sum %d is %v, the Go loop's %v", n, i, d[i], wd[i])
			}
		}
	}
}
