package eternity

import (
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// HuntCheckpointVersion is the version of the checkpoint format this package
// writes and reads.
const HuntCheckpointVersion = 1

// HuntCheckpoint is a Hunt's search saved at the end of a chunk of moves, as
// WithCheckpoint and WithCheckpointSteps write it and Resume reads it.
// Boards are lists of elements, one per slot (the board's cells row-major,
// then spare slots): 4·piece + rotation, pieces from 0 and rotations in
// clockwise quarter turns, −1 for an empty slot.
type HuntCheckpoint struct {
	// Version is HuntCheckpointVersion when written; Resume refuses any
	// other rather than misread a file of another layout.
	Version int `json:"version"`
	// Puzzle is the fingerprint of the puzzle searched (HuntFingerprint).
	Puzzle string `json:"puzzle"`
	// Rows and Cols are the board's size, saved beside the fingerprint so
	// that a reader can tell which puzzle a file is for without it.
	Rows int `json:"rows"`
	Cols int `json:"cols"` // the board's width
	// Saved is when the checkpoint was written.
	Saved time.Time `json:"saved"`
	// Seconds is the time the run had searched when the checkpoint was
	// written, over all its sessions, so that a caller that gives the
	// search a time budget can give a resumed run what is left of it.
	Seconds float64 `json:"seconds"`
	// Iterations, Evaluations and Restarts are the run's counters, so
	// that a resumed run reports totals over all its sessions.
	Iterations  int64 `json:"iterations"`
	Evaluations int64 `json:"evaluations"` // moves priced
	Restarts    int64 `json:"restarts"`    // annealing cycles ended
	// BestCost is the least cost (mismatched joins plus non-grey rim
	// sides) of any worker's board: the currency of the search.
	BestCost int `json:"bestCost"`
	// Score is Best's matched joins (eternity.Score), the number people
	// compare Eternity II boards by.
	Score int `json:"score"`
	// Best is the board of BestCost, so that the best board found survives
	// even if the file is never resumed.
	Best []int32 `json:"best"`
	// Schedule records the hunt's settings, for the reader; Resume uses
	// its own.
	Schedule HuntSchedule `json:"schedule"`
	// Workers holds each worker's search, whose number fixes how many
	// workers a resumed run has, so that it replays as the run would have
	// gone on.
	Workers []HuntWorkerState `json:"workers"`
}

// HuntSchedule is a Hunt's schedule as saved.
//
// Each field is the setting of the Hunt option of the same name, so that
// a reader of the file knows how the board in it was found.
type HuntSchedule struct {
	Hot         float64 `json:"hot"`         // HuntTemperatures' hot
	Cold        float64 `json:"cold"`        // HuntTemperatures' cold
	Cycle       int64   `json:"cycle"`       // HuntCycle
	RefillEvery int64   `json:"refillEvery"` // HuntRefill's every, 0 for no refills
	RefillSize  int     `json:"refillSize"`  // HuntRefill's size
	TurnOdds    int     `json:"turnOdds"`    // HuntTurnOdds
	FrameLock   bool    `json:"frameLock"`   // HuntFrameLock
	Focus       [2]int  `json:"focus"`       // HuntFocus's first and second
	RefillFocus bool    `json:"refillFocus"` // HuntRefillFocus
	Cycles      int     `json:"cycles"`      // HuntCycles
	Share       bool    `json:"share"`       // HuntShare
	Reheat      float64 `json:"reheat"`      // HuntReheat
}

// HuntWorkerState is one worker's search.
//
// It holds everything the worker's next move depends on, so that a resumed
// search makes the moves the interrupted one would have made.
type HuntWorkerState struct {
	// RNG is the worker's PCG generator (math/rand/v2 PCG.MarshalBinary).
	RNG []byte `json:"rng"`
	// Steps counts the worker's moves, refills included.
	Steps int64 `json:"steps"`
	// CycleStep is how far into its annealing cycle the worker is, which
	// sets its temperature.
	CycleStep int64 `json:"cycleStep"`
	// Cycles counts the annealing cycles the worker has ended.
	Cycles int64 `json:"cycles"`
	// Evals counts the moves the worker priced.
	Evals int64 `json:"evals"`
	// Refills counts the worker's refills and RefillWin the cost they
	// removed, which tell whether refills pay on a puzzle.
	Refills   int64 `json:"refills"`
	RefillWin int64 `json:"refillWin"` // cost removed by refills
	// Cells is the worker's current board and Cost its cost.
	Cells []int32 `json:"cells"`
	Cost  int     `json:"cost"` // the current board's cost
	// Best is the worker's best board and BestCost its cost, where each
	// cycle restarts from when it ends worse.
	Best     []int32 `json:"best"`
	BestCost int     `json:"bestCost"` // the best board's cost
}

// HuntFingerprint returns a hash of what a search depends on in p: size,
// rule, whether pieces turn, every piece's labels and the fixed pieces.
func HuntFingerprint(p *puzzle.Puzzle) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d %d %d %t %t %d|", p.Rows, p.Cols, p.Rule, p.Rotatable, p.AllowExtra, len(p.Pieces))
	for i := range p.Pieces {
		fmt.Fprint(h, p.Pieces[i].Edges, ";")
	}
	for _, f := range p.Fixed {
		fmt.Fprintf(h, "|%d,%d:%d/%d", f.Cell.Row, f.Cell.Col, f.Placement.Piece, f.Placement.Rotation)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// snapshot saves the workers.
func snapshot(m *huntModel, h *Hunt, p *puzzle.Puzzle, ws []*huntWorker, st solve.Stats, seconds float64) *HuntCheckpoint {
	ck := &HuntCheckpoint{
		Version: HuntCheckpointVersion, Puzzle: HuntFingerprint(p), Rows: p.Rows, Cols: p.Cols,
		Saved: time.Now().UTC(), Seconds: seconds, Iterations: st.Iterations, Evaluations: st.Evaluations, Restarts: st.Restarts,
		Schedule: HuntSchedule{Hot: h.hot, Cold: h.cold, Cycle: h.cycle, RefillEvery: h.refillEvery,
			RefillSize: h.refillSize, TurnOdds: h.turnOdds, FrameLock: h.frameLock,
			Focus: [2]int{h.focus, h.focusJ}, RefillFocus: h.refillFocus, Cycles: h.cycles, Share: h.share, Reheat: h.reheat},
		BestCost: -1,
	}
	for _, w := range ws {
		rng, _ := w.pcg.MarshalBinary()
		ck.Workers = append(ck.Workers, HuntWorkerState{
			RNG: rng, Steps: w.steps, CycleStep: w.cycleStep, Cycles: w.cycles, Evals: w.evals,
			Refills: w.refills, RefillWin: w.refillWin,
			Cells: append([]int32(nil), w.cells...), Cost: w.cost,
			Best: append([]int32(nil), w.best...), BestCost: w.bestCost,
		})
		if ck.BestCost < 0 || w.bestCost < ck.BestCost {
			ck.BestCost = w.bestCost
			ck.Best = append([]int32(nil), w.best...)
		}
	}
	ck.Score = Score(p, elemsBoard(m.rows, m.cols, ck.Best, nil))
	return ck
}

// WriteFile writes the checkpoint to path as indented JSON, through a
// temporary file in the same directory renamed over path, so that a
// reader never sees half a checkpoint.
func (ck *HuntCheckpoint) WriteFile(path string) error {
	data, err := json.Marshal(ck)
	if err != nil {
		return err
	}
	return writeAtomic(path, data)
}

// writeAtomic writes data to path through a temporary file in the same
// directory renamed over path. The file is readable by all, as a file
// os.WriteFile makes: work items on other machines, maybe under other
// users, read it from a shared folder.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// ReadHuntCheckpoint reads a checkpoint file.
func ReadHuntCheckpoint(path string) (*HuntCheckpoint, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("eternity: reading checkpoint: %w", err)
	}
	ck := new(HuntCheckpoint)
	if err := json.Unmarshal(data, ck); err != nil {
		return nil, fmt.Errorf("eternity: checkpoint %s: %w", path, err)
	}
	if ck.Version != HuntCheckpointVersion {
		return nil, fmt.Errorf("eternity: checkpoint %s has version %d; this package reads %d", path, ck.Version, HuntCheckpointVersion)
	}
	if len(ck.Workers) == 0 {
		return nil, fmt.Errorf("eternity: checkpoint %s saves no worker", path)
	}
	return ck, nil
}

// Board returns the checkpoint's best board for p, the puzzle it was
// taken of.
func (ck *HuntCheckpoint) Board(p *puzzle.Puzzle) (*puzzle.Board, error) {
	if ck.Puzzle != HuntFingerprint(p) {
		return nil, errors.New("eternity: the checkpoint was taken of another puzzle")
	}
	if len(ck.Best) < p.Rows*p.Cols {
		return nil, errors.New("eternity: the checkpoint's best board is too short")
	}
	b := puzzle.NewBoard(p.Rows, p.Cols)
	for i := range b.Cells {
		b.Cells[i] = elemPlacement(ck.Best[i])
	}
	if err := b.Validate(p); err != nil {
		return nil, fmt.Errorf("eternity: checkpoint board: %w", err)
	}
	return b, nil
}

// restore rebuilds the workers, checking every board against the puzzle.
func (ck *HuntCheckpoint) restore(m *huntModel, h *Hunt, p *puzzle.Puzzle) ([]*huntWorker, error) {
	if ck.Puzzle != HuntFingerprint(p) {
		return nil, errors.New("eternity: the checkpoint was taken of another puzzle")
	}
	var ws []*huntWorker
	for k, wc := range ck.Workers {
		w := newHuntWorker(m, h, 0, 0)
		if err := w.pcg.UnmarshalBinary(wc.RNG); err != nil {
			return nil, fmt.Errorf("eternity: checkpoint worker %d: random generator: %w", k, err)
		}
		for _, b := range []struct {
			name  string
			cells []int32
			cost  int
		}{{"board", wc.Cells, wc.Cost}, {"best board", wc.Best, wc.BestCost}} {
			if err := m.check(b.cells); err != nil {
				return nil, fmt.Errorf("eternity: checkpoint worker %d, %s: %w", k, b.name, err)
			}
			if c := m.cost(b.cells); c != b.cost {
				return nil, fmt.Errorf("eternity: checkpoint worker %d, %s: costs %d, saved as %d", k, b.name, c, b.cost)
			}
		}
		copy(w.cells, wc.Cells)
		copy(w.best, wc.Best)
		w.cost, w.bestCost = wc.Cost, wc.BestCost
		w.steps, w.cycleStep, w.cycles, w.evals = wc.Steps, wc.CycleStep, wc.Cycles, wc.Evals
		w.refills, w.refillWin = wc.Refills, wc.RefillWin
		w.cycleStep = min(max(w.cycleStep, 0), h.cycle-1)
		w.setTemp()
		ws = append(ws, w)
	}
	return ws, nil
}

// check reports whether cells is a board of the model: one element per
// slot, fixed slots holding their pieces, every free piece exactly once,
// and with frame-locked classes each piece in its class.
func (m *huntModel) check(cells []int32) error {
	if len(cells) != m.slots {
		return fmt.Errorf("%d slots, the puzzle has %d", len(cells), m.slots)
	}
	seen := make([]bool, len(m.flat))
	for i, e := range cells {
		if m.fixed[i] >= 0 {
			if e != m.fixed[i] {
				return fmt.Errorf("slot %d must hold its fixed piece", i)
			}
			continue
		}
		if e < 0 {
			continue
		}
		p := int(e >> 2)
		if p >= len(seen) || seen[p] {
			return fmt.Errorf("slot %d: piece %d unknown or placed twice", i, p)
		}
		seen[p] = true
		if !m.rotatable && e&3 != 0 {
			return fmt.Errorf("slot %d: piece %d turned, but pieces do not turn", i, p)
		}
		if m.frameLock && int(m.kindOf[p]) != int(m.classOf[i]) {
			return fmt.Errorf("slot %d: piece %d out of its class", i, p)
		}
	}
	for _, p := range m.pieces {
		if !seen[p] {
			return fmt.Errorf("piece %d missing", p)
		}
	}
	return nil
}
