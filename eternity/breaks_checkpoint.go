package eternity

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/reassemble/jigsaw/edge"
	"github.com/reassemble/jigsaw/puzzle"
)

// BreaksCheckpointVersion is the version of the Breaks checkpoint format
// this package writes and reads.
const BreaksCheckpointVersion = 1

// BreaksSave saves the search to path as JSON (see BreaksCheckpoint) at
// the first join of the workers after every has passed, and once more
// when the run ends for any reason, cancellation included. The file is
// replaced atomically; a failure to write it does not end the run (the
// next save tries again). every <= 0 saves at the end only. Default: no
// checkpoints.
func BreaksSave(path string, every time.Duration) BreaksOption {
	return func(b *Breaks) { b.ckPath, b.ckEvery = path, max(every, 0) }
}

// BreaksSaveSteps saves the search to path at the first join after each
// multiple of n iterations of the run, and once more when the run ends:
// checkpoints at points that do not depend on the clock. It shares the
// path with BreaksSave; the last of the two given sets it. n < 1 saves at
// the end only. Default: no checkpoints.
func BreaksSaveSteps(path string, n int64) BreaksOption {
	return func(b *Breaks) { b.ckPath, b.ckSteps = path, max(n, 0) }
}

// BreaksResume starts the run from the checkpoint at path instead of
// afresh: the phase (probe or search), the schedule, every worker's
// random state, restart and best board, the run's best board and its
// iteration count, so that solve.WithMaxIterations counts from the
// original start and a run with the same options and budget ends as the
// run that was stopped would have, board and counters alike. The puzzle,
// the Breaks options and the number of workers must be those the
// checkpoint was made with; anything else is an error that names what
// differs. solve.WithSeed does not matter to a resumed run: its random
// state is the checkpoint's. Default: none.
func BreaksResume(path string) BreaksOption { return func(b *Breaks) { b.resume = path } }

// BreaksCheckpoint is a Breaks search saved where its workers join, as
// BreaksSave and BreaksSaveSteps write it and BreaksResume reads it. A
// search stopped in the middle of a chunk (a cancelled context, a
// deadline) saves the join before, so that a resumed run replays the
// uninterrupted one exactly; the board the stopped run returns may be a
// little better, since it completes its workers' partial boards on the
// way out. A run stopped during its polish saves the search as it stood
// when the polish began: the polish is the last share of a budget, and a
// resumed run polishes in its own time.
//
// Boards are lists of elements, one per cell, row-major: 4·piece +
// rotation, pieces from 0 and rotations in clockwise quarter turns, −1 for
// an empty cell.
type BreaksCheckpoint struct {
	// Version is BreaksCheckpointVersion when written; a reader refuses
	// any other rather than misread a file of another layout.
	Version int `json:"version"`
	// Puzzle is the fingerprint of the puzzle searched (HuntFingerprint).
	Puzzle string `json:"puzzle"`
	// Rows and Cols are the board's size, saved beside the fingerprint so
	// that a reader can tell which puzzle a file is for without it.
	Rows int `json:"rows"`
	Cols int `json:"cols"` // the board's width
	// Saved is when the checkpoint was written.
	Saved time.Time `json:"saved"`
	// Seconds is the time the run had searched at the join saved, over
	// all its sessions, so that a caller that gives the search a time
	// budget can give a resumed run what is left of it.
	Seconds float64 `json:"seconds"`
	// Settings are the options of the search that made the checkpoint,
	// which a resumed search must share.
	Settings BreaksSettings `json:"settings"`
	// Phase is "probe" while the run probes the instance for its schedule
	// (BreaksAuto), then "search".
	Phase string `json:"phase"`
	// Probe is the length of a probe restart, in placements.
	Probe int64 `json:"probe,omitempty"`
	// Schedule is, in the search phase, the breaks allowed in all once
	// each depth of the scan is placed.
	Schedule []int32 `json:"schedule,omitempty"`
	// Iterations, Nodes, Backtracks and Restarts are the run's counters
	// (solve.Stats), so that a resumed run reports totals over all its
	// sessions.
	Iterations int64 `json:"iterations"`
	Nodes      int64 `json:"nodes"`      // placements
	Backtracks int64 `json:"backtracks"` // depths left for want of a candidate
	Restarts   int64 `json:"restarts"`   // probes included
	// BestBreaks is the best board's breaks, −1 before there is one, and
	// Score its matched joins (eternity.Score), the number people compare
	// Eternity II boards by.
	BestBreaks int32 `json:"bestBreaks"`
	Score      int   `json:"score"` // the best board's matched joins
	// Best is the run's best board, so that it survives even if the file
	// is never resumed.
	Best []int32 `json:"best,omitempty"`
	// PolishSeed seeds the polish (BreaksPolish), drawn when the run began.
	PolishSeed [2]uint64 `json:"polishSeed"`
	// Workers holds each worker's search.
	Workers []BreaksWorkerState `json:"workers"`
}

// BreaksSettings are a Breaks search's options as saved.
//
// Each field is the setting of the option of the same name (or of
// solve.WithWorkers), so that a reader of the file knows how the board in
// it was found, and a resumed run can check that it searches the same
// way.
type BreaksSettings struct {
	Auto         bool    `json:"auto"`         // BreaksAuto, rather than BreaksSchedule
	Lead         float64 `json:"lead"`         // BreaksAuto's lead
	Rate         float64 `json:"rate"`         // BreaksAuto's rate
	Start        float64 `json:"start"`        // BreaksSchedule's start
	End          float64 `json:"end"`          // BreaksSchedule's end
	Total        int     `json:"total"`        // BreaksSchedule's total
	PerPlacement int     `json:"perPlacement"` // BreaksPerPlacement
	Restart      int64   `json:"restart"`      // BreaksRestart
	Growth       float64 `json:"growth"`       // BreaksRestartGrowth
	Chunk        int64   `json:"chunk"`        // BreaksChunk
	Tail         int     `json:"tail"`         // BreaksTail
	Polish       float64 `json:"polish"`       // BreaksPolish
	FrameLock    bool    `json:"frameLock"`    // BreaksFrameLock
	Workers      int     `json:"workers"`      // solve.WithWorkers
}

// BreaksWorkerState is one worker's search at a join.
//
// It holds everything the worker's next placement depends on. The
// candidate lists are not saved: a restart lays them out from the random
// state it began with (RNG), and the scan's state at each depth follows
// from the board but for where in its candidates the depth stands
// (Stack).
type BreaksWorkerState struct {
	// RNG is the worker's PCG generator as it was when the restart in
	// hand began (math/rand/v2 PCG.MarshalBinary).
	RNG []byte `json:"rng"`
	// Cells is the restart's board, Depth the depth of the scan it
	// stands at, and Open whether that depth has candidates in hand (it
	// was returned to from below) rather than being entered afresh.
	Cells []int32 `json:"cells"`
	Depth int     `json:"depth"` // the depth the scan stands at
	Open  bool    `json:"open"`  // whether Depth has candidates in hand
	// Stack holds, for each depth with candidates in hand (those above
	// Depth, and Depth when Open), the position in the candidate lists
	// after the candidate tried last; Runs, on the general path (holes,
	// more than one break a placement, or many colours), which of the
	// depth's runs of candidates that position is in.
	Stack []int32 `json:"stack"`
	Runs  []int8  `json:"runs,omitempty"` // per depth in hand, the run of Stack's position (general path)
	// Bound is the most breaks a full board may have and still be worth
	// finding.
	Bound int32 `json:"bound"`
	// Best is the worker's best board and BestBreaks its breaks, −1 for
	// none.
	Best       []int32 `json:"best,omitempty"`
	BestBreaks int32   `json:"bestBreaks"` // Best's breaks, −1 for none
	// Deep is the restart's most promising partial board so far, the one
	// the worker completes next: its depth, breaks and promise (in tenths
	// of a break; see the package's schedule).
	Deep        []int32 `json:"deep"`
	DeepDepth   int     `json:"deepDepth"`   // Deep's depth
	DeepBreaks  int32   `json:"deepBreaks"`  // Deep's breaks
	DeepPromise int32   `json:"deepPromise"` // Deep's promise, in tenths of a break
	// MaxDepth is the deepest depth of the restart; Depths the deepest of
	// each probe so far.
	MaxDepth int   `json:"maxDepth"`
	Depths   []int `json:"depths,omitempty"` // the probes' deepest depths
	// Length is the restart's length in placements, CheckAt the placement
	// of the restart at which it next completes a board or ends, and
	// SinceStart the placements it has made.
	Length     int64 `json:"length"`
	CheckAt    int64 `json:"checkAt"`    // the next placement of the restart that completes a board
	SinceStart int64 `json:"sinceStart"` // the restart's placements so far
	// Steps, Placements, Backtracks and Restarts are the worker's
	// counters.
	Steps      int64 `json:"steps"`
	Placements int64 `json:"placements"` // in all
	Backtracks int64 `json:"backtracks"` // depths left for want of a candidate
	Restarts   int64 `json:"restarts"`   // probes included
}

// settings returns b's options as saved, for nw workers.
func (b *Breaks) settings(nw int) BreaksSettings {
	return BreaksSettings{Auto: b.auto, Lead: b.lead, Rate: b.rate, Start: b.start, End: b.end, Total: b.total,
		PerPlacement: b.perCell, Restart: b.restart, Growth: b.grow, Chunk: b.chunk, Tail: b.tail,
		Polish: b.polish, FrameLock: b.frameLock, Workers: nw}
}

// diff names the first setting in which s and t differ, or returns "".
func (s BreaksSettings) diff(t BreaksSettings) string {
	for _, f := range []struct {
		name string
		a, b any
	}{
		{"BreaksAuto or BreaksSchedule", s.Auto, t.Auto}, {"BreaksAuto's lead", s.Lead, t.Lead},
		{"BreaksAuto's rate", s.Rate, t.Rate}, {"BreaksSchedule's start", s.Start, t.Start},
		{"BreaksSchedule's end", s.End, t.End}, {"BreaksSchedule's total", s.Total, t.Total},
		{"BreaksPerPlacement", s.PerPlacement, t.PerPlacement}, {"BreaksRestart", s.Restart, t.Restart},
		{"BreaksRestartGrowth", s.Growth, t.Growth}, {"BreaksChunk", s.Chunk, t.Chunk},
		{"BreaksTail", s.Tail, t.Tail}, {"BreaksPolish", s.Polish, t.Polish},
		{"BreaksFrameLock", s.FrameLock, t.FrameLock}, {"workers (solve.WithWorkers)", s.Workers, t.Workers},
	} {
		if f.a != f.b {
			return fmt.Sprintf("%s: %v in the checkpoint, %v in this search", f.name, f.a, f.b)
		}
	}
	return ""
}

// ParseBreaksCheckpoint reads a checkpoint from its JSON. It checks the
// file's form; whether it fits a puzzle is checked when a run resumes it.
func ParseBreaksCheckpoint(data []byte) (*BreaksCheckpoint, error) {
	ck := new(BreaksCheckpoint)
	if err := json.Unmarshal(data, ck); err != nil {
		return nil, err
	}
	switch {
	case ck.Version != BreaksCheckpointVersion:
		return nil, fmt.Errorf("version %d; this package reads %d", ck.Version, BreaksCheckpointVersion)
	case ck.Phase != breaksProbing && ck.Phase != breaksSearching:
		return nil, fmt.Errorf("phase %q: want %q or %q", ck.Phase, breaksProbing, breaksSearching)
	case len(ck.Workers) == 0:
		return nil, errors.New("saves no worker")
	case ck.Rows < 1 || ck.Cols < 1:
		return nil, fmt.Errorf("a board of %d×%d", ck.Rows, ck.Cols)
	}
	return ck, nil
}

// ReadBreaksCheckpoint reads a checkpoint file.
func ReadBreaksCheckpoint(path string) (*BreaksCheckpoint, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("eternity: reading checkpoint: %w", err)
	}
	ck, err := ParseBreaksCheckpoint(data)
	if err != nil {
		return nil, fmt.Errorf("eternity: checkpoint %s: %w", path, err)
	}
	return ck, nil
}

// WriteFile writes the checkpoint to path as JSON, through a temporary
// file in the same directory renamed over path, so that a reader never
// sees half a checkpoint.
func (ck *BreaksCheckpoint) WriteFile(path string) error {
	data, err := json.Marshal(ck)
	if err != nil {
		return err
	}
	return writeAtomic(path, data)
}

// Board returns the checkpoint's best board for p, the puzzle it was
// taken of, or an error when it has none yet.
func (ck *BreaksCheckpoint) Board(p *puzzle.Puzzle) (*puzzle.Board, error) {
	if ck.Puzzle != HuntFingerprint(p) {
		return nil, errors.New("eternity: the checkpoint was taken of another puzzle")
	}
	if ck.BestBreaks < 0 {
		return nil, errors.New("eternity: the checkpoint has no board yet")
	}
	if len(ck.Best) != p.Rows*p.Cols {
		return nil, fmt.Errorf("eternity: the checkpoint's best board has %d cells, the puzzle %d", len(ck.Best), p.Rows*p.Cols)
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

// mark records the run as it stands at a join, when it saves checkpoints,
// and writes it when a save is due.
func (br *breaksRun) mark() {
	b := br.b
	if b.ckPath == "" {
		return
	}
	br.last = br.snapshot()
	it := br.run.Stats.Iterations
	if b.ckEvery > 0 && time.Since(br.saved) >= b.ckEvery || b.ckSteps > 0 && it/b.ckSteps > br.savedAt/b.ckSteps {
		br.saveLast()
	}
}

// saveLast writes the last join's checkpoint; a failure to write is not
// the run's failure and is dropped (the next save tries again).
func (br *breaksRun) saveLast() {
	if br.last == nil {
		return
	}
	br.last.Saved = time.Now().UTC()
	_ = br.last.WriteFile(br.b.ckPath)
	br.saved, br.savedAt = time.Now(), br.run.Stats.Iterations
}

// snapshot saves the run.
func (br *breaksRun) snapshot() *BreaksCheckpoint {
	m, st := br.m, br.run.Stats
	ck := &BreaksCheckpoint{
		Version: BreaksCheckpointVersion, Puzzle: HuntFingerprint(br.pz), Rows: m.rows, Cols: m.cols,
		Settings: br.b.settings(len(br.ws)), Phase: br.phase, Iterations: st.Iterations, BestBreaks: -1,
		PolishSeed: br.polishSeed, Seconds: br.earlier + time.Since(br.start).Seconds(),
	}
	if br.phase == breaksProbing {
		ck.Probe = br.probeN
	} else {
		ck.Schedule = append([]int32(nil), br.sched...)
	}
	if br.best != math.MaxInt32 {
		ck.BestBreaks = br.best
		ck.Best = boardElems(br.buf)
		ck.Score = Score(br.pz, br.buf)
	}
	for _, w := range br.ws {
		ck.Nodes += w.placements
		ck.Backtracks += w.backtracks
		ck.Restarts += w.restarts
		ck.Workers = append(ck.Workers, w.state())
	}
	return ck
}

// boardElems returns a board's cells as elements.
func boardElems(b *puzzle.Board) []int32 {
	out := make([]int32, len(b.Cells))
	for i, pl := range b.Cells {
		out[i] = placementElem(pl)
	}
	return out
}

// state saves the worker.
func (w *breaksWorker) state() BreaksWorkerState {
	rng, _ := w.atRestart.MarshalBinary()
	s := BreaksWorkerState{
		RNG: rng, Cells: append([]int32(nil), w.cells...), Depth: w.d, Open: w.openAt(w.d),
		Bound: w.bound, BestBreaks: w.bestBreaks,
		Deep: append([]int32(nil), w.deep...), DeepDepth: w.deepDepth, DeepBreaks: w.deepBreaks, DeepPromise: w.deepPromise,
		MaxDepth: w.maxDepth, Depths: append([]int(nil), w.depths...),
		Length: w.curN, CheckAt: w.checkAt, SinceStart: w.sinceStart,
		Steps: w.steps, Placements: w.placements, Backtracks: w.backtracks, Restarts: w.restarts,
	}
	if w.bestBreaks >= 0 {
		s.Best = append([]int32(nil), w.best...)
	}
	top := w.d
	if s.Open {
		top++
	}
	for d := range top {
		if w.fast != nil {
			s.Stack = append(s.Stack, w.fast[d].idx)
			continue
		}
		s.Stack = append(s.Stack, w.st[d].idx)
		s.Runs = append(s.Runs, w.st[d].seg)
	}
	return s
}

// openAt reports whether depth d has candidates in hand.
func (w *breaksWorker) openAt(d int) bool {
	if d >= w.m.n {
		return false
	}
	if w.fast != nil {
		return w.fast[d].open
	}
	return w.st[d].open
}

// restore sets the run to the checkpoint's, checking it against the
// puzzle and the search's options.
func (br *breaksRun) restore(ck *BreaksCheckpoint, stall int64) error {
	m := br.m
	if ck.Puzzle != HuntFingerprint(br.pz) || ck.Rows != m.rows || ck.Cols != m.cols {
		return errors.New("eternity: the checkpoint was taken of another puzzle")
	}
	if d := ck.Settings.diff(br.b.settings(len(br.ws))); d != "" {
		return fmt.Errorf("eternity: the checkpoint was made by another search: %s", d)
	}
	var (
		sched            []int32
		restartN, stallN int64
		grow             float64
	)
	switch ck.Phase {
	case breaksProbing:
		if !br.b.auto {
			return errors.New("eternity: checkpoint: a probe, but the search has a fixed schedule")
		}
		if ck.Probe < 1 {
			return fmt.Errorf("eternity: checkpoint: probes of %d placements", ck.Probe)
		}
		sched, restartN, stallN = make([]int32, m.n), ck.Probe, ck.Probe
		br.probeN = ck.Probe
	case breaksSearching:
		if len(ck.Schedule) != m.n {
			return fmt.Errorf("eternity: checkpoint: a schedule of %d depths for a scan of %d", len(ck.Schedule), m.n)
		}
		for d, s := range ck.Schedule {
			if s < 0 || d > 0 && s < ck.Schedule[d-1] {
				return fmt.Errorf("eternity: checkpoint: schedule at depth %d: %d breaks", d, s)
			}
		}
		sched, restartN, stallN, grow = ck.Schedule, br.b.restart, stall, br.b.grow
		br.sched = sched
	}
	br.phase = ck.Phase
	for k, w := range br.ws {
		w.useSchedule(sched, restartN, stallN)
		w.grow = grow
		w.probing = ck.Phase == breaksProbing
		if err := w.restore(&ck.Workers[k]); err != nil {
			return fmt.Errorf("eternity: checkpoint worker %d: %w", k, err)
		}
	}
	br.polishSeed = ck.PolishSeed
	br.earlier = ck.Seconds
	st := &br.run.Stats
	st.Iterations = ck.Iterations
	for _, w := range br.ws {
		st.Nodes += w.placements
		st.Backtracks += w.backtracks
		st.Restarts += w.restarts
	}
	if ck.BestBreaks < 0 {
		return nil
	}
	breaks, err := m.breaks(ck.Best, m.n)
	if err != nil {
		return fmt.Errorf("eternity: checkpoint best board: %w", err)
	}
	if breaks != ck.BestBreaks {
		return fmt.Errorf("eternity: checkpoint best board: %d breaks, saved as %d", breaks, ck.BestBreaks)
	}
	br.best = breaks
	br.buf = elemsBoard(m.rows, m.cols, ck.Best, nil)
	br.run.Offer(br.buf, edge.Cost(br.run.Problem().Scorer, br.buf))
	return nil
}

// restore sets the worker to s, whose schedule is set already, checking
// every board and every position against the model.
func (w *breaksWorker) restore(s *BreaksWorkerState) error {
	m := w.m
	if err := w.atRestart.UnmarshalBinary(s.RNG); err != nil {
		return fmt.Errorf("random generator: %w", err)
	}
	*w.pcg = w.atRestart
	w.shuffle()
	switch {
	case s.Depth < 0 || s.Depth > m.n:
		return fmt.Errorf("depth %d of a scan of %d", s.Depth, m.n)
	case s.Open && s.Depth == m.n:
		return errors.New("the depth past the last is open")
	case s.DeepDepth < 0 || s.DeepDepth > m.n || s.MaxDepth < 0 || s.MaxDepth > m.n:
		return fmt.Errorf("depths %d and %d of a scan of %d", s.DeepDepth, s.MaxDepth, m.n)
	case s.Length < 1 || s.CheckAt < 0 || s.SinceStart < 0 || s.Steps < 0 || s.Placements < 0 || s.Backtracks < 0 || s.Restarts < 0:
		return errors.New("a negative counter or length")
	}
	for _, d := range s.Depths {
		if d < 0 || d > m.n {
			return fmt.Errorf("a probe of depth %d in a scan of %d", d, m.n)
		}
	}
	top := s.Depth
	if s.Open {
		top++
	}
	if _, err := m.breaks(s.Cells, top); err != nil {
		return fmt.Errorf("board: %w", err)
	}
	if len(s.Stack) != top || w.fast == nil && len(s.Runs) != top || w.fast != nil && len(s.Runs) != 0 {
		return fmt.Errorf("a stack of %d positions and %d runs for %d depths in hand", len(s.Stack), len(s.Runs), top)
	}
	if b, err := m.breaks(s.Deep, s.DeepDepth); err != nil || b != s.DeepBreaks {
		if err == nil {
			err = fmt.Errorf("%d breaks, saved as %d", b, s.DeepBreaks)
		}
		return fmt.Errorf("kept partial board: %w", err)
	}
	if s.BestBreaks >= 0 {
		if b, err := m.breaks(s.Best, m.n); err != nil || b != s.BestBreaks {
			if err == nil {
				err = fmt.Errorf("%d breaks, saved as %d", b, s.BestBreaks)
			}
			return fmt.Errorf("best board: %w", err)
		}
		copy(w.best, s.Best)
	}
	w.lay(s.Cells)
	w.holes = 0
	for d := range top {
		if err := w.reopen(d, s.Stack[d], s); err != nil {
			return fmt.Errorf("depth %d: %w", d, err)
		}
	}
	w.d = s.Depth
	copy(w.deep, s.Deep)
	w.deepDepth, w.deepBreaks, w.deepPromise = s.DeepDepth, s.DeepBreaks, s.DeepPromise
	w.maxDepth, w.depths = s.MaxDepth, append([]int(nil), s.Depths...)
	w.curN, w.checkAt, w.sinceStart = s.Length, s.CheckAt, s.SinceStart
	w.steps, w.placements, w.backtracks, w.restarts = s.Steps, s.Placements, s.Backtracks, s.Restarts
	w.bound, w.bestBreaks, w.improved = s.Bound, s.BestBreaks, false
	return nil
}

// reopen sets depth d, whose cell holds what the search placed there last
// (a piece, or nothing for the hole), as the search left it: its
// candidates laid out again from the board and the position after the
// candidate tried last, which must be the one in the cell. The depths
// above it are set already; reopen also sets cum[d+1] and counts the hole.
func (w *breaksWorker) reopen(d int, idx int32, s *BreaksWorkerState) error {
	m := w.m
	e := w.cells[m.cell[d]]
	if w.fast != nil {
		if e < 0 {
			return errors.New("an empty cell in hand on a board without holes")
		}
		l, t := m.leftNeed[d], m.topNeed[d]
		if c := m.leftCell[d]; c >= 0 {
			l = m.rk[w.cells[c]]
		}
		if c := m.topCell[d]; c >= 0 {
			t = m.bk[w.cells[c]]
		}
		p := m.pairs[(m.class[d]*int32(m.keys)+l)*int32(m.keys)+t]
		if idx <= p.off || idx > p.off+p.n || w.lists[idx-1] != e {
			return fmt.Errorf("position %d does not hold the piece in the cell among the candidates there", idx)
		}
		w.fast[d] = breaksFast{idx: idx, mid: p.off + p.n0, end: p.off + p.n, open: true}
		w.cum[d+1] = w.cum[d] + w.cost(w.cells, d, e)
		return nil
	}
	w.open(d)
	st := &w.st[d]
	seg := int(s.Runs[d])
	if seg < 0 || seg > int(st.nseg) {
		return fmt.Errorf("run %d of %d", seg, st.nseg)
	}
	if e < 0 {
		// The hole was the candidate tried last: the position is at the
		// start of the run after it.
		if seg == 0 || st.segs[seg-1].off >= 0 {
			return errors.New("an empty cell where no hole was tried")
		}
		if seg < int(st.nseg) && idx != st.segs[seg].off {
			return fmt.Errorf("position %d after the hole", idx)
		}
		st.seg, st.idx, st.empty = int8(seg), idx, true
		w.holes++
		w.cum[d+1] = w.cum[d]
		return nil
	}
	if seg == int(st.nseg) || st.segs[seg].off < 0 {
		return fmt.Errorf("the piece in the cell is not in run %d", seg)
	}
	g := st.segs[seg]
	if idx <= g.off || idx > g.end || w.lists[idx-1] != e {
		return fmt.Errorf("position %d does not hold the piece in the cell among the candidates there", idx)
	}
	st.seg, st.idx = int8(seg), idx
	w.cum[d+1] = w.cum[d] + w.cost(w.cells, d, e)
	return nil
}

// breaks checks that cells is a board of the model whose first depth
// depths of the scan may hold pieces and the rest are empty, with no more
// empty cells among them than the puzzle leaves, each piece at most
// once, in a cell of its class, with the fixed pieces in their cells, and
// returns the joins its pieces break, as the search counts them.
func (m *breaksModel) breaks(cells []int32, depth int) (int32, error) {
	if len(cells) != m.cells {
		return 0, fmt.Errorf("%d cells, the board has %d", len(cells), m.cells)
	}
	for i, f := range m.fixed {
		if f >= 0 && cells[i] != f {
			return 0, fmt.Errorf("cell %d must hold its fixed piece", i)
		}
	}
	seen := make([]bool, m.pieces)
	for _, f := range m.fixed {
		if f >= 0 {
			seen[f>>2] = true
		}
	}
	holes := 0
	var b int32
	for d, c := range m.cell {
		e := cells[c]
		if e < 0 {
			if d < depth {
				holes++
			}
			continue
		}
		if d >= depth {
			return 0, fmt.Errorf("cell %d holds a piece beyond the depth the search reached", c)
		}
		if e >= int32(4*m.pieces) || seen[e>>2] {
			return 0, fmt.Errorf("cell %d: piece %d unknown or placed twice", c, e>>2)
		}
		seen[e>>2] = true
		if !m.member(m.class[d], e) {
			return 0, fmt.Errorf("cell %d: piece %d turned %d is not a candidate there", c, e>>2, e&3)
		}
		b += m.cost(cells, d, e)
	}
	if holes > m.holes {
		return 0, fmt.Errorf("%d empty cells, the puzzle leaves %d", holes, m.holes)
	}
	return b, nil
}

// member reports whether element e is among class cl's candidates.
func (m *breaksModel) member(cl, e int32) bool {
	sp := m.all[cl]
	for _, x := range m.lists[sp.off : sp.off+sp.n] {
		if x == e {
			return true
		}
	}
	return false
}
