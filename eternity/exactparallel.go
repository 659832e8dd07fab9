package eternity

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// branchesPerWorker is how many branches FirstParallel wants per worker:
// enough that a worker whose branches die early finds more work, few
// enough that splitting stays a small part of the search.
const branchesPerWorker = 16

// First searches the branch for its first solution, going on from where
// an earlier Run or First stopped. The board is nil when the branch has
// none (status Exhausted) or ctx ended the search first (Canceled).
func (b *Branch) First(ctx context.Context) (*puzzle.Board, ExactStats, error) {
	return b.first(ctx, nil)
}

// first is First, offering keep (when not nil) the partial board the
// search stands at each time it looks at the context.
func (b *Branch) first(ctx context.Context, keep *deepest) (*puzzle.Board, ExactStats, error) {
	start := time.Now()
	if ctx == nil {
		return nil, ExactStats{}, errNilContext
	}
	s := b.s
	s.ctx = ctx
	if keep != nil {
		s.tick = keep.tick
		defer func() { s.tick = nil }()
	}
	var board *puzzle.Board
	covered := s.run(func() bool {
		board = puzzle.NewBoardFor(b.x.p)
		s.board(board, len(b.x.steps))
		return false
	})
	b.spent += time.Since(start)
	return board, ExactStats{Nodes: s.nodes, Runtime: b.spent, Status: status(covered, board != nil)}, nil
}

// FirstParallel is First on up to workers goroutines. Half the workers
// run the search as built and half a search in another order (firstEitherWay:
// the board turned a quarter on an oblong board, candidates in the
// opposite piece order otherwise), the first to finish ending the other;
// within each half the search is split into branches (Split, deep enough
// for several branches per worker), the workers take them in search
// order, and the first solution any of them finds ends the others. Which solution comes back, and the node
// count, may differ from run to run when the puzzle has several
// solutions; with one worker it is First's. All goroutines have ended
// when it returns. Nodes counts every placement of every worker and of
// the split.
func (x *Exact) FirstParallel(ctx context.Context, workers int) (*puzzle.Board, ExactStats, error) {
	if ctx == nil {
		return nil, ExactStats{}, errNilContext
	}
	if workers <= 1 {
		return x.First(ctx)
	}
	return x.firstParallel(ctx, workers, nil)
}

// firstParallel is FirstParallel for workers > 1, offering keep (when not
// nil) the partial boards the workers stand at.
func (x *Exact) firstParallel(ctx context.Context, workers int, keep *deepest) (*puzzle.Board, ExactStats, error) {
	if x.cfg.initial == nil {
		return x.firstEitherWay(ctx, workers, keep)
	}
	return x.firstSplit(ctx, workers, keep)
}

// deepest keeps the deepest of the partial boards the workers of a
// parallel search stand at when they look at the context (every pollEvery
// placements, and when they stop): the board an unsolved search reports.
// Sampling at the polls keeps the search's inner loop as it is. Safe for
// concurrent use.
type deepest struct {
	depth atomic.Int64 // the placements of board; -1 while there is none
	mu    sync.Mutex
	board *puzzle.Board
}

// newDeepest returns a keeper with no board.
func newDeepest() *deepest {
	k := &deepest{}
	k.depth.Store(-1)
	return k
}

// tick is a search's tick: it offers the search's position and polls the
// context.
func (k *deepest) tick(s *search) int64 {
	k.offer(s)
	select {
	case <-s.ctx.Done():
		return 0
	default:
		return pollEvery
	}
}

// offer keeps the board s stands at if it is deeper than the one kept. A
// search of the quarter-turned puzzle (firstEitherWay) has its board
// turned back.
func (k *deepest) offer(s *search) {
	d := int64(s.d)
	if d <= k.depth.Load() {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if d <= k.depth.Load() {
		return
	}
	b := puzzle.NewBoardFor(s.x.p)
	s.board(b, s.d)
	if s.x.turned {
		b = b.Turn(3)
	}
	k.board = b
	k.depth.Store(d)
}

// best returns the deepest board offered, nil for none.
func (k *deepest) best() *puzzle.Board {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.board
}

// firstEitherWay races two searches of the same puzzle that explore in
// different orders, half the workers each, the first solution ending
// both. On an oblong board one scans along the rows and the other, on the
// board turned a quarter, along the columns; on a square board (or with a
// pinned corner, which fixes the orientation) one tries candidates in
// increasing piece order and the other in decreasing order. How long a
// first solution takes varies wildly with the order (on the official 6×12
// clue puzzle 4 the column scan finds it after 1,022 placements, the row
// scan not after 3·10⁹; on em_7x7_b3_i6_s1 decreasing order needs 5·10⁷
// placements, increasing 10⁹), and racing two orders costs at most twice
// the quicker one.
func (x *Exact) firstEitherWay(ctx context.Context, workers int, keep *deepest) (*puzzle.Board, ExactStats, error) {
	start := time.Now()
	turned := x.p.Rows != x.p.Cols && x.cfg.pin < 0
	var (
		y   *Exact
		err error
	)
	if turned {
		y, err = newExact(quarterTurned(x.p), x.cfg)
		if y != nil {
			y.turned = true
		}
	} else {
		cfg := x.cfg
		cfg.desc = !cfg.desc
		y, err = newExact(x.p, cfg)
	}
	if err != nil {
		return nil, ExactStats{}, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		b  *puzzle.Board
		st ExactStats
	}
	results := make(chan outcome, 2)
	half := max(workers/2, 1)
	for k, e := range []*Exact{x, y} {
		go func() {
			b, st, _ := e.firstSplit(ctx, max(half, workers-half*k), keep)
			if b != nil && k == 1 && turned {
				b = b.Turn(3)
			}
			if b != nil {
				cancel()
			}
			results <- outcome{b, st}
		}()
	}
	var st ExactStats
	var found *puzzle.Board
	exhausted := false
	for range 2 {
		o := <-results
		st.Nodes += o.st.Nodes
		if o.b != nil && found == nil {
			found = o.b
		}
		exhausted = exhausted || o.st.Status == solve.Exhausted
	}
	st.Runtime = time.Since(start)
	switch {
	case found != nil:
		st.Status = solve.Solved
	case exhausted:
		// Either search covers the whole space: one finished means none.
		st.Status = solve.Exhausted
	default:
		st.Status = solve.Canceled
	}
	return found, st, nil
}

// quarterTurned returns p with its board turned a quarter clockwise: a
// board b solves p exactly when b.Turn(1) solves the result, and a
// solution of the result turned by 3 solves p.
func quarterTurned(p *puzzle.Puzzle) *puzzle.Puzzle {
	q := p.Clone()
	q.Rows, q.Cols = p.Cols, p.Rows
	for i, f := range p.Fixed {
		// The cell moves and the piece turns as Board.Turn(1) moves them.
		q.Fixed[i].Cell = puzzle.Cell{Row: f.Cell.Col, Col: p.Rows - 1 - f.Cell.Row}
		q.Fixed[i].Placement.Rotation = f.Placement.Rotation.Add(1)
	}
	return q
}

// firstSplit is FirstParallel by splitting the search into branches.
func (x *Exact) firstSplit(ctx context.Context, workers int, keep *deepest) (*puzzle.Board, ExactStats, error) {
	if workers <= 1 {
		if keep == nil {
			return x.First(ctx)
		}
		whole := &Branch{x: x, s: x.newSearch(ctx)}
		return whole.first(ctx, keep)
	}
	start := time.Now()
	var (
		branches []*Branch
		nodes    uint64
	)
	for depth := 1; depth <= x.Depth(); depth++ {
		bs, st, err := x.Split(ctx, depth)
		if err != nil {
			return nil, ExactStats{}, err
		}
		nodes += st.Nodes
		branches = bs
		if st.Status == solve.Canceled || len(bs) >= branchesPerWorker*workers || len(bs) == 0 {
			if st.Status == solve.Canceled {
				return nil, ExactStats{Nodes: nodes, Runtime: time.Since(start), Status: solve.Canceled}, nil
			}
			break
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next      atomic.Int64
		total     atomic.Uint64
		mu        sync.Mutex
		found     *puzzle.Board
		foundAt   = len(branches)
		wg        sync.WaitGroup
		cancelled atomic.Bool
	)
	total.Store(nodes)
	for range min(workers, len(branches)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(branches) {
					return
				}
				b, st, err := branches[i].first(ctx, keep)
				total.Add(st.Nodes)
				if err != nil || st.Status == solve.Canceled {
					if ctx.Err() != nil {
						cancelled.Store(true)
					}
					return
				}
				if b != nil {
					mu.Lock()
					// The earliest branch in search order wins a tie,
					// so that one solution is preferred when two
					// workers find theirs at once.
					if i < foundAt {
						found, foundAt = b, i
					}
					mu.Unlock()
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	st := ExactStats{Nodes: total.Load(), Runtime: time.Since(start)}
	switch {
	case found != nil:
		st.Status = solve.Solved
	case cancelled.Load():
		st.Status = solve.Canceled
	default:
		st.Status = solve.Exhausted
	}
	return found, st, nil
}
