package document

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/reassemble/jigsaw/puzzle"
)

// maxTrainGap is the widest gap between the two parts of a training
// window: the most columns a shredder's cut is taken to spoil, both edges
// together.
const maxTrainGap = 6

// Train trains a new pair model on pages: puzzles whose pieces are whole
// pages, or strips or rectangles of them, with their text running across.
// From each page it draws WithTraining's samples windows split from the
// pieces' interiors, as NewTable does to fine-tune, with gaps of 0 to 6
// columns between the two parts so that the model meets cuts of every
// depth, and trains a model of WithShape's shape on them all for
// WithTraining's epochs. Train it on pages you render or scan yourself,
// never on the pages you mean to re-assemble; DefaultModel was made so,
// from pages the module renders in the Go fonts (go run
// ./edge/document/internal/pretrain).
//
// Train uses up to WithWorkers goroutines, all ended before it returns,
// and returns ctx.Err() once ctx ends. The same pages, seed and options
// give the same model.
func Train(ctx context.Context, pages []*puzzle.Puzzle, opts ...Option) (*Model, error) {
	if ctx == nil {
		return nil, errors.New("document: nil context: pass context.Background() for none")
	}
	if len(pages) == 0 {
		return nil, errors.New("document: no pages to train on")
	}
	c := newConfig(opts)
	if c.k < 1 || c.k > maxModelK || c.rows < 1 || c.rows > maxModelRows || c.hidden < 1 || c.hidden > maxModelHidden {
		return nil, fmt.Errorf("document: a model of %d columns, %d rows and %d hidden units: want 1 to %d, %d and %d", c.k, c.rows, c.hidden, maxModelK, maxModelRows, maxModelHidden)
	}
	src := rand.NewPCG(c.seed, 0x7a1)
	rng := rand.New(src)
	all := &sampleSet{in: 2 * c.k * c.rows}
	for i, p := range pages {
		if p == nil || len(p.Pieces) == 0 {
			return nil, fmt.Errorf("document: page %d has no pieces", i)
		}
		for j := range p.Pieces {
			if p.Pieces[j].Image == nil {
				return nil, fmt.Errorf("document: page %d: piece %d has no picture", i, j)
			}
		}
		sheets, err := prepare(ctx, p, 0, c.workers)
		if err != nil {
			return nil, err
		}
		depth := c.depth
		if depth < 0 {
			depth = depthOf(sheets)
		}
		// Gaps of every depth a shredder leaves, both edges together.
		gaps := make([]int, maxTrainGap/2+1)
		for i := range gaps {
			gaps[i] = i
		}
		set, err := sampleSplits(ctx, sheets, c.k, c.rows, gaps, depth, c.samples, true, src, c.workers)
		if err != nil {
			return nil, err
		}
		all.x = append(all.x, set.x...)
		all.y = append(all.y, set.y...)
	}
	if all.len() == 0 {
		return nil, errors.New("document: the pages hold no text to train on")
	}
	m := newModel(c.k, c.rows, c.hidden, rng)
	if err := m.fit(ctx, all, c.epochs, trainRate, c.workers, rng); err != nil {
		return nil, err
	}
	return m, nil
}

// trainRate is the first learning rate of training from scratch.
const trainRate = 0.002
