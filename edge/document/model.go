package document

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Model is a pair classifier for cuts through text: it reads a window of
// Rows rows and K columns on either side of a cut, the left piece's K
// columns nearest the cut and the right piece's, and returns the log-odds
// that the two pieces were one piece there. It is a small neural network,
// one hidden layer of rectified units over the 2·K·Rows ink levels, whose
// first layer splits into a left half and a right half: each side's half
// is computed once per row of each side, and a pair of sides costs only
// the hidden layer's sum and the output.
type Model struct {
	k, rows, hidden int
	// w1 holds the first layer's weights by input: the hidden units'
	// weights on input i are w1[i·hidden:(i+1)·hidden]. An inked pixel
	// then adds to every unit from one run of memory (addRows).
	w1 []float32
	b1 []float32
	w2 []float32
	b2 float32
}

// transposed returns the rows×cols matrix a, row-major, as cols×rows.
func transposed(a []float32, rows, cols int) []float32 {
	out := make([]float32, len(a))
	for r := range rows {
		for c, v := range a[r*cols : (r+1)*cols] {
			out[c*rows+r] = v
		}
	}
	return out
}

// modelMagic starts a model's binary form.
const modelMagic = "JDM1"

// Limits on a model's shape: a window wider or taller than these is not a
// local view of a cut, and a parser must not allocate without bound.
const (
	maxModelK      = 32
	maxModelRows   = 128
	maxModelHidden = 256
)

func newModel(k, rows, hidden int, rng *rand.Rand) *Model {
	m := &Model{k: k, rows: rows, hidden: hidden}
	in := m.inputs()
	byUnit := make([]float32, hidden*in)
	m.b1 = make([]float32, hidden)
	m.w2 = make([]float32, hidden)
	s1 := math.Sqrt(2 / float64(in))
	for i := range byUnit {
		byUnit[i] = float32(rng.NormFloat64() * s1)
	}
	m.w1 = transposed(byUnit, hidden, in)
	s2 := math.Sqrt(2 / float64(hidden))
	for i := range m.w2 {
		m.w2[i] = float32(rng.NormFloat64() * s2)
	}
	return m
}

func (m *Model) inputs() int { return 2 * m.k * m.rows }

// K returns the columns the model reads on each side of a cut.
func (m *Model) K() int { return m.k }

// Rows returns the height of the model's window in rows.
func (m *Model) Rows() int { return m.rows }

// clone returns a deep copy, for fine-tuning without touching m.
func (m *Model) clone() *Model {
	c := *m
	c.w1 = append([]float32(nil), m.w1...)
	c.b1 = append([]float32(nil), m.b1...)
	c.w2 = append([]float32(nil), m.w2...)
	return &c
}

// MarshalBinary encodes the model: "JDM1", then K, Rows and the hidden
// units as little-endian uint16, then every weight as a little-endian
// float32 (the first layer by hidden unit, its biases, the output weights,
// the output bias).
func (m *Model) MarshalBinary() ([]byte, error) {
	out := make([]byte, 0, 10+4*(len(m.w1)+len(m.b1)+len(m.w2)+1))
	out = append(out, modelMagic...)
	out = binary.LittleEndian.AppendUint16(out, uint16(m.k))
	out = binary.LittleEndian.AppendUint16(out, uint16(m.rows))
	out = binary.LittleEndian.AppendUint16(out, uint16(m.hidden))
	for _, ws := range [][]float32{transposed(m.w1, m.inputs(), m.hidden), m.b1, m.w2, {m.b2}} {
		for _, w := range ws {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(w))
		}
	}
	return out, nil
}

// ParseModel decodes a model written by MarshalBinary. It refuses data of
// the wrong length, a shape beyond 32 columns, 128 rows or 256 hidden
// units, and weights that are not finite numbers.
func ParseModel(data []byte) (*Model, error) {
	if len(data) < 10 || string(data[:4]) != modelMagic {
		return nil, errors.New("document: not a model: the data does not start with " + modelMagic)
	}
	m := &Model{
		k:      int(binary.LittleEndian.Uint16(data[4:])),
		rows:   int(binary.LittleEndian.Uint16(data[6:])),
		hidden: int(binary.LittleEndian.Uint16(data[8:])),
	}
	if m.k < 1 || m.k > maxModelK || m.rows < 1 || m.rows > maxModelRows || m.hidden < 1 || m.hidden > maxModelHidden {
		return nil, fmt.Errorf("document: model of %d columns, %d rows and %d hidden units: want 1 to %d, %d and %d", m.k, m.rows, m.hidden, maxModelK, maxModelRows, maxModelHidden)
	}
	in := m.inputs()
	want := 10 + 4*(m.hidden*in+2*m.hidden+1)
	if len(data) != want {
		return nil, fmt.Errorf("document: a model of %d columns, %d rows and %d hidden units takes %d bytes, not %d", m.k, m.rows, m.hidden, want, len(data))
	}
	vals := make([]float32, (len(data)-10)/4)
	for i := range vals {
		v := math.Float32frombits(binary.LittleEndian.Uint32(data[10+4*i:]))
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, fmt.Errorf("document: model weight %d is %v", i, v)
		}
		vals[i] = v
	}
	m.w1 = transposed(vals[:m.hidden*in], m.hidden, in)
	m.b1 = vals[m.hidden*in : m.hidden*in+m.hidden : m.hidden*in+m.hidden]
	m.w2 = vals[m.hidden*in+m.hidden : m.hidden*in+2*m.hidden : m.hidden*in+2*m.hidden]
	m.b2 = vals[len(vals)-1]
	return m, nil
}

// flushSubnormal returns v, or 0 when v is subnormal (below the least
// normal float32 in magnitude). A product of a subnormal takes the processor
// a hundred times as long as any other, and a model carries weights that
// training has all but zeroed (inputs the pages never ink) through
// millions of them; as 0 they change no sum. fit flushes the weights it
// starts from and ends with; a model read from a file keeps its bytes.
func flushSubnormal(v float32) float32 {
	if v != 0 && math.Abs(float64(v)) < 0x1p-126 {
		return 0
	}
	return v
}

// half returns the first layer's contribution of one side: for the left
// piece of a pair (left true) its band's columns read from the cut
// inwards, for the right piece likewise; band holds rows of m.k ink levels
// starting at the window's first row. dst receives m.hidden values; vals
// and at, of m.k·m.rows values each or more, are its scratch.
func (m *Model) half(band []uint8, left bool, dst, vals []float32, at []int32) {
	in := m.inputs()
	k := m.k
	// The window's inked pixels, each with the index of the weight that
	// reads it: for a left piece, column c of the window is the band's
	// column k-1-c; a right piece's weights are the second k of each
	// row's 2k.
	vals, at = vals[:k*m.rows], at[:k*m.rows]
	n := 0
	for r := range m.rows {
		row := band[r*k : (r+1)*k]
		if left {
			n += inked(row, r*2*k, true, vals[n:], at[n:])
		} else {
			n += inked(row, r*2*k+k, false, vals[n:], at[n:])
		}
	}
	m.firstLayer(vals[:n], at[:n], in, dst, nil)
}

// firstLayer writes into h each hidden unit's weighted sum of the inputs
// vals at the positions at (ascending; in inputs in all), started from its
// bias in bias (or 0 when bias is nil). Inputs left out are 0: inked
// pixels are a third of a window or fewer, and a sum without its zero
// terms is the same sum. Each sum is taken in the inputs' order.
func (m *Model) firstLayer(vals []float32, at []int32, in int, h, bias []float32) {
	h = h[:m.hidden]
	if bias == nil {
		clear(h)
	} else {
		copy(h, bias)
	}
	addRows(h, m.w1[:in*m.hidden], vals, at)
}

// logit joins two halves: the model's log-odds for the window. It is
// the inner loop of pricing every pair of a collection, so four units go
// together, each into its own partial sum (unitSums), that their
// additions need not wait on one another's.
func (m *Model) logit(ha, hb []float32) float32 {
	z := unitSums(m.b1, m.w2, ha, hb)
	return m.b2 + ((z[0] + z[1]) + (z[2] + z[3]))
}

// unitSumsGo returns the output layer's four partial sums: unit j's
// weight times its activation, relu(b1[j]+ha[j]+hb[j]), into sum j mod 4,
// but for the units past the last multiple of four, which go into sum 0.
func unitSumsGo(b1, w2, ha, hb []float32) [4]float32 {
	n := len(b1)
	w2, ha, hb = w2[:n], ha[:n], hb[:n]
	var z [4]float32
	j := 0
	for ; j+4 <= n; j += 4 {
		z[0] += float32(w2[j] * relu(b1[j]+ha[j]+hb[j]))
		z[1] += float32(w2[j+1] * relu(b1[j+1]+ha[j+1]+hb[j+1]))
		z[2] += float32(w2[j+2] * relu(b1[j+2]+ha[j+2]+hb[j+2]))
		z[3] += float32(w2[j+3] * relu(b1[j+3]+ha[j+3]+hb[j+3]))
	}
	for ; j < n; j++ {
		z[0] += float32(w2[j] * relu(b1[j]+ha[j]+hb[j]))
	}
	return z
}

// relu is max(v, 0) without a branch, which the units' signs would
// mispredict half the time: a value below 0 has its sign bit set, and
// masking by it gives +0.
func relu(v float32) float32 {
	return math.Float32frombits(math.Float32bits(v) &^ uint32(int32(math.Float32bits(v))>>31))
}
