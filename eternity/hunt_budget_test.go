package eternity

import (
	"context"
	"testing"
	"time"

	"github.com/reassemble/jigsaw/solve"
)

// TestHuntBudgetCycle checks the cycle a run without HuntCycle gets.
func TestHuntBudgetCycle(t *testing.T) {
	ck := &HuntCheckpoint{Schedule: HuntSchedule{Cycle: 12_345}}
	for _, tc := range []struct {
		name    string
		h       *Hunt
		timeout time.Duration
		maxIter int64
		workers int
		ck      *HuntCheckpoint
		want    int64
	}{
		{name: "no budget keeps the default", h: NewHunt(), workers: 2, want: NewHunt().cycle},
		{name: "moves shared by workers, 2 cycles", h: NewHunt(), maxIter: 600_000_000, workers: 2, want: 150_000_000},
		{name: "moves beat a deadline", h: NewHunt(HuntCycles(2)), timeout: time.Hour, maxIter: 4_000_000, workers: 1, want: 2_000_000},
		{name: "deadline at the nominal rate", h: NewHunt(HuntCycles(5)), timeout: 10 * time.Second, workers: 4, want: 10 * huntRate / 5},
		{name: "tiny budgets keep a floor", h: NewHunt(), maxIter: 10, workers: 1, want: 10_000},
		{name: "a resumed run keeps its cycle", h: NewHunt(), maxIter: 600_000_000, workers: 2, ck: ck, want: 12_345},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			if got := tc.h.budgetCycle(ctx, tc.maxIter, tc.workers, tc.ck); got != tc.want {
				t.Errorf("cycle %d, want %d", got, tc.want)
			}
		})
	}
}

// TestHuntExchange checks that a worker ending a cycle behind takes the
// leader's best board, a worker still in its cycle keeps its own, and
// that runs that exchange stay determined by their seed.
func TestHuntExchange(t *testing.T) {
	p, _ := e2Like(t, 10, 10, 3, 6, 11, true)
	m := newHuntModel(p, true)
	h := NewHunt(HuntCycle(1_000))
	var ws []*huntWorker
	for k := range 3 {
		w := newHuntWorker(m, h, uint64(k), 7)
		w.deal()
		ws = append(ws, w)
	}
	// Worker 1 leads; workers 0 and 2 are behind, and only 2 ended a cycle.
	ws[1].run(20_000, nil)
	hr := &huntRun{h: h, m: m, ws: ws, seen: []int64{ws[0].cycles, ws[1].cycles, ws[2].cycles}}
	ws[2].cycles++
	own := append([]int32(nil), ws[0].cells...)
	hr.exchange()
	if ws[2].bestCost != ws[1].bestCost || m.cost(ws[2].cells) != ws[2].cost || ws[2].cost != ws[1].bestCost {
		t.Errorf("worker 2 at cost %d (best %d), the leader's best is %d", ws[2].cost, ws[2].bestCost, ws[1].bestCost)
	}
	for i := range own {
		if ws[0].cells[i] != own[i] || ws[2].cells[i] != ws[1].best[i] {
			t.Fatalf("slot %d: worker 0 moved mid-cycle, or worker 2 is not on the leader's board", i)
		}
	}
	if hr.seen[2] != ws[2].cycles {
		t.Error("the exchange did not note worker 2's cycles")
	}

	var costs []float64
	for range 2 {
		res, err := NewHunt(HuntCycle(20_000), HuntChunk(5_000)).Solve(context.Background(),
			solve.Problem{Puzzle: p}, solve.WithMaxIterations(400_000), solve.WithSeed(8), solve.WithWorkers(3))
		if err != nil {
			t.Fatal(err)
		}
		costs = append(costs, res.Cost)
	}
	if costs[0] != costs[1] {
		t.Errorf("two runs with one seed end at %v and %v", costs[0], costs[1])
	}
}

// TestHuntReheat checks the temperature at the start of the first cycle
// and of later ones (0.5 and 0.12 are the default HuntTemperatures, 0.3 the default
// HuntReheat).
func TestHuntReheat(t *testing.T) {
	p, _ := e2Like(t, 6, 6, 2, 3, 5, false)
	m := newHuntModel(p, true)
	for _, tc := range []struct {
		name         string
		opts         []HuntOption
		first, later float64
	}{
		{name: "default reheat", opts: nil, first: 0.5, later: 0.3},
		{name: "reheat 0 is hot", opts: []HuntOption{HuntReheat(0)}, first: 0.5, later: 0.5},
		{name: "reheat below hot", opts: []HuntOption{HuntReheat(0.3)}, first: 0.5, later: 0.3},
		{name: "reheat clamped to hot", opts: []HuntOption{HuntReheat(2)}, first: 0.5, later: 0.5},
		{name: "reheat clamped to cold", opts: []HuntOption{HuntReheat(0.05)}, first: 0.5, later: 0.12},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newHuntWorker(m, NewHunt(tc.opts...), 1, 2)
			w.setTemp()
			first := w.temp
			w.cycles = 1
			w.setTemp()
			if first != tc.first || w.temp != tc.later {
				t.Errorf("starts at %v, then %v; want %v, %v", first, w.temp, tc.first, tc.later)
			}
		})
	}
}

// TestHuntLastChunk checks that a run ends exactly at its iteration budget
// however the budget divides among the workers, and keeps the best board of
// its last chunk: a budget inside the first chunk returns that chunk's
// best, not the dealt board.
func TestHuntLastChunk(t *testing.T) {
	p, _ := e2Like(t, 8, 8, 3, 6, 5, false)
	for _, tc := range []struct {
		name    string
		workers int
		budget  int64
	}{
		{name: "one worker inside a chunk", workers: 1, budget: 4_001},
		{name: "three workers inside a chunk", workers: 3, budget: 9_002},
		{name: "three workers over chunks", workers: 3, budget: 50_003},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dealt := -1
			var last float64
			obs := solve.WithObserver(func(e solve.Event) error {
				if e.Kind == solve.Improved {
					if dealt < 0 {
						dealt = int(e.Cost)
					}
					last = e.Cost
				}
				return nil
			})
			res, err := NewHunt(HuntChunk(10_000)).Solve(context.Background(), solve.Problem{Puzzle: p},
				solve.WithMaxIterations(tc.budget), solve.WithSeed(3), solve.WithWorkers(tc.workers), obs)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.Iterations != tc.budget {
				t.Errorf("%d iterations, budget %d", res.Stats.Iterations, tc.budget)
			}
			if res.Cost != last || int(res.Cost) >= dealt {
				t.Errorf("result cost %v, last improvement %v, dealt board %d", res.Cost, last, dealt)
			}
		})
	}
}
