package esp

// Option configures Predict and the ESP+FBF solver.
type Option func(*config)

// config is the resolved form of the options.
type config struct {
	extended bool
	widen    bool
	orient   bool
}

func newConfig(opts []Option) config {
	c := config{widen: true, orient: true}
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
// tried before; and ahead of the thesis's stage it tries, per frame, the
// layouts of the frame's candidates and line ends that explain the
// frame's evidence. Without it, it goes from the frames' candidates
// straight to every cell, the thesis's unaided enumeration. Either way
// the method is complete. Default: true.
func WithWidening(on bool) Option { return func(c *config) { c.widen = on } }

// WithOrientation chooses how Predict reads pieces that may rotate. With
// it, each piece's turn is worked out, up to a turn of the whole board,
// from the matches that are unique: two pieces whose sides fit only each
// other are neighbours, and the sides that fit fix their relative turn.
// Each oriented piece then marks one line, as an unturned piece does in
// the thesis's program, and the prediction holds one frame per whole-board
// turn the board's shape allows (two on an oblong board, four on a square
// one). Without it, every piece is read unturned and may lie at either
// end of its line, so it marks both: for k holes in distinct rows and
// columns that is 2k rows and 2k columns, whose (2k)² crossings make
// C(4k², k) layouts instead of C(k², k) per frame. Pieces whose turn the
// matches do not fix (cut off from the rest by holes, or when similar
// pieces make matches disagree) are read the second way either way.
// Default: true.
func WithOrientation(on bool) Option { return func(c *config) { c.orient = on } }
