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
	start := time.Now()
	if ctx == nil {
		return nil, ExactStats{}, errNilContext
	}
	s := b.s
	s.ctx = ctx
	var board *puzzle.Board
	covered := s.run(func() bool {
		board = puzzle.NewBoardFor(b.x.p)
		s.board(board, len(b.x.steps))
		return false
	})
	b.spent += time.Since(start)
	return board, ExactStats{Nodes: s.nodes, Runtime: b.spent, Status: status(covered, board != nil)}, nil
}

// FirstParallel is First on up to workers goroutines: the search is split
// into branches (Split, deep enough for several branches per worker),
// the workers take them in search order, and the first solution any of
// them finds ends the others. Which solution comes back, and the node
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
				b, st, err := branches[i].First(ctx)
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
