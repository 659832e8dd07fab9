package esp

// Option configures Predict and the ESP+FBF solver.
type Option func(*config)

// config is the resolved form of the options.
type config struct {
	extended bool
	widen    bool
}

func newConfig(opts []Option) config {
	c := config{widen: true}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c
}

// WithExtendedCount chooses the thesis's proposed extended neighbourhood
// count for puzzles with similar pieces: a side with several matches
// follows every branch, so that a count is a set of possible line lengths,
// and a line counts as complete when any branch makes it span the board.
// The plain count takes the first match only, as the thesis's program
// does, and is misled when a side fits two pieces. Default: false, the
// plain count.
func WithExtendedCount(on bool) Option { return func(c *config) { c.extended = on } }

// WithWidening chooses what ESP+FBF does when no combination of the
// predicted cells solves the puzzle. With widening it tries, in turn, the
// prediction plus the frame cells at both ends of every marked line and
// the four corners, then every cell of a marked line plus the whole frame,
// and only then every cell, each stage trying only layouts it has not
// tried before. Without it, it goes straight to every cell, the thesis's
// unaided enumeration. Either way the method is complete. Default: true.
func WithWidening(on bool) Option { return func(c *config) { c.widen = on } }
