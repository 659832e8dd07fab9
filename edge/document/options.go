package document

import "runtime"

// An Option configures NewTable or Train.
type Option func(*config)

type config struct {
	model   *Model
	seed    uint64
	workers int
	shift   int
	depth   int
	samples int
	epochs  int
	k       int
	rows    int
	hidden  int
}

func newConfig(opts []Option) config {
	c := config{seed: 1, workers: runtime.GOMAXPROCS(0), shift: -1, depth: -1, samples: 60000, epochs: 3, k: 8, rows: 16, hidden: 32}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

// WithModel starts the pair model from m instead of the module's own,
// which was trained on pages set in the Go fonts (see Train). NewTable
// fine-tunes a copy; m is not changed. Default: DefaultModel().
func WithModel(m *Model) Option { return func(c *config) { c.model = m } }

// WithSeed seeds the sampling and the fine-tuning: the same seed, pieces
// and options give the same table. Default: 1.
func WithSeed(seed uint64) Option { return func(c *config) { c.seed = seed } }

// WithWorkers bounds the goroutines NewTable and Train use, all finished
// before they return; the result does not depend on their number. n < 1
// means runtime.GOMAXPROCS(0). Default: runtime.GOMAXPROCS(0).
func WithWorkers(n int) Option {
	return func(c *config) {
		if n < 1 {
			n = runtime.GOMAXPROCS(0)
		}
		c.workers = n
	}
}

// WithShift sets the most rows two pieces' scans may be out of line; a
// negative n estimates it from the pieces (the misalignment of the pairs
// whose row profiles agree best). Default: estimated.
func WithShift(n int) Option { return func(c *config) { c.shift = n } }

// WithDepth sets how many columns at each cut edge the measures skip as
// torn; a negative n estimates it from the pieces (where the share of
// inked pixels recovers, when the edges show a tear at all, see
// Table.Depth). Default: estimated.
func WithDepth(n int) Option { return func(c *config) { c.depth = n } }

// WithTraining sets how many windows the pair model learns from and in how
// many passes: NewTable fine-tunes on windows of the pieces' interiors,
// Train trains on each page's. samples <= 0 or epochs <= 0 keep the
// default; epochs 0 is not a way to skip fine-tuning (use a model whose
// fine-tuning you do not want with WithModel and WithTraining(1, 1) as the
// least). Default: 60,000 windows and 3 passes for NewTable; Train takes
// samples per page. With half as many windows the order of a really
// shredded page's strips hung on the seed: over seeds 1 to 4 on the five
// pages of collection D1, mean neighbour accuracy 0.960 against 0.979,
// pages 2 and 6 coming out at 0.86 in three of their eight runs against
// one. Twice the passes over 30,000 windows gained less (0.967): it is
// the variety of the windows that counts. The price was about 0.25 s a
// page on 2 cores (measured, as the times below, before the fine-tuning's
// loops were made faster: the ratios carry over, the seconds do not).
// Twice the default windows, WithTraining(120000, 3),
// steadies the order further where pages are scanned either way up: with
// a random half of each page's strips turned (four halves, seeds 1 and
// 2), mean neighbour accuracy 0.983 against 0.946 on the five pages of
// collection D1 and 0.994 against 0.983 on the three of D2, for about
// twice the time, 1.6-2.4 s a page on 2 cores then. Cheaper still is to price
// the strips twice, as examples/shreds does: first with WithTraining(1, 1)
// to learn which are turned (the unfitted model's turns were right on
// every page tried), then, each turned back, on a puzzle that does not
// turn: 0.993 on D1 and 1.000 on D2 at the same seeds, for about a tenth
// more time than one pass.
func WithTraining(samples, epochs int) Option {
	return func(c *config) {
		if samples > 0 {
			c.samples = samples
		}
		if epochs > 0 {
			c.epochs = epochs
		}
	}
}

// WithShape sets a new model's window for Train: k columns on each side of
// the cut, rows rows, hidden hidden units. Values outside 1..32, 1..128 and
// 1..256 are refused by Train. Default: 8, 16, 32.
func WithShape(k, rows, hidden int) Option {
	return func(c *config) { c.k, c.rows, c.hidden = k, rows, hidden }
}
