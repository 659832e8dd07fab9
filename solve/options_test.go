package solve_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// defaultProgressEvery is WithProgressEvery's documented default.
const defaultProgressEvery = 65536

// equalBoards compares boards that may be nil; cmp would otherwise call
// (*puzzle.Board).Equal on a nil board.
var equalBoards = cmp.Comparer(func(a, b *puzzle.Board) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(b)
})

func TestNewSettingsDefaults(t *testing.T) {
	want := solve.Settings{Seed: solve.DefaultSeed, ProgressEvery: defaultProgressEvery, Workers: 1}
	for _, tc := range []struct {
		name string
		opts []solve.Option
	}{
		{name: "no options"},
		{name: "a nil option", opts: []solve.Option{nil}},
		{name: "empty Options", opts: []solve.Option{solve.Options{}}},
		{name: "nil Options", opts: []solve.Option{solve.Options(nil)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(want, solve.NewSettings(tc.opts...), equalBoards); diff != "" {
				t.Errorf("NewSettings (-want +got):\n%s", diff)
			}
		})
	}
}

func TestOptions(t *testing.T) {
	// set returns the defaults changed by f.
	set := func(f func(s *solve.Settings)) solve.Settings {
		s := solve.Settings{Seed: solve.DefaultSeed, ProgressEvery: defaultProgressEvery, Workers: 1}
		f(&s)
		return s
	}
	b := puzzle.NewBoard(1, 2)
	b.Cells[0] = puzzle.Placement{Piece: 1, Rotation: 2}
	cases := []struct {
		name string
		opts []solve.Option
		want solve.Settings
	}{
		{name: "seed", opts: []solve.Option{solve.WithSeed(42)}, want: set(func(s *solve.Settings) { s.Seed = 42 })},
		{name: "seed zero is a seed", opts: []solve.Option{solve.WithSeed(0)}, want: set(func(s *solve.Settings) { s.Seed = 0 })},
		{name: "max iterations", opts: []solve.Option{solve.WithMaxIterations(100)}, want: set(func(s *solve.Settings) { s.MaxIterations = 100 })},
		{name: "negative max iterations is no bound", opts: []solve.Option{solve.WithMaxIterations(-5)}, want: set(func(*solve.Settings) {})},
		{name: "stall", opts: []solve.Option{solve.WithStall(7)}, want: set(func(s *solve.Settings) { s.Stall = 7 })},
		{name: "negative stall is never", opts: []solve.Option{solve.WithStall(-1)}, want: set(func(*solve.Settings) {})},
		{name: "target", opts: []solve.Option{solve.WithTarget(2.5)}, want: set(func(s *solve.Settings) { s.Target = 2.5 })},
		{name: "progress every", opts: []solve.Option{solve.WithProgressEvery(10)}, want: set(func(s *solve.Settings) { s.ProgressEvery = 10 })},
		{name: "progress every 0 keeps the default", opts: []solve.Option{solve.WithProgressEvery(0)}, want: set(func(*solve.Settings) {})},
		{name: "progress every negative keeps the default", opts: []solve.Option{solve.WithProgressEvery(-3)}, want: set(func(*solve.Settings) {})},
		{name: "workers", opts: []solve.Option{solve.WithWorkers(4)}, want: set(func(s *solve.Settings) { s.Workers = 4 })},
		{name: "workers 0 means 1", opts: []solve.Option{solve.WithWorkers(0)}, want: set(func(*solve.Settings) {})},
		{name: "workers negative means 1", opts: []solve.Option{solve.WithWorkers(-2)}, want: set(func(*solve.Settings) {})},
		{name: "initial", opts: []solve.Option{solve.WithInitial(b)}, want: set(func(s *solve.Settings) { s.Initial = b.Clone() })},
		{name: "initial nil", opts: []solve.Option{solve.WithInitial(nil)}, want: set(func(*solve.Settings) {})},
		{name: "later wins", opts: []solve.Option{solve.WithSeed(1), solve.WithStall(3), solve.WithSeed(2)},
			want: set(func(s *solve.Settings) { s.Seed, s.Stall = 2, 3 })},
		{name: "a preset composes", opts: []solve.Option{
			solve.Options{solve.WithSeed(3), solve.WithStall(5)},
			solve.WithSeed(4),
		}, want: set(func(s *solve.Settings) { s.Seed, s.Stall = 4, 5 })},
		{name: "a later preset wins over earlier options", opts: []solve.Option{
			solve.WithSeed(4),
			solve.Options{solve.WithSeed(3), nil, solve.Options{solve.WithWorkers(2)}},
		}, want: set(func(s *solve.Settings) { s.Seed, s.Workers = 3, 2 })},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, solve.NewSettings(tc.opts...), equalBoards); diff != "" {
				t.Errorf("NewSettings (-want +got):\n%s", diff)
			}
			// The same options as one Options value resolve the same.
			if diff := cmp.Diff(tc.want, solve.NewSettings(solve.Options(tc.opts)), equalBoards); diff != "" {
				t.Errorf("NewSettings(Options) (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWithInitialCopies(t *testing.T) {
	b := puzzle.NewBoard(1, 2)
	b.Cells[0] = puzzle.Placement{Piece: 0}
	s := solve.NewSettings(solve.WithInitial(b))
	if s.Initial == b {
		t.Fatalf("Settings.Initial is the caller's board, not a copy")
	}
	b.Cells[0] = puzzle.Placement{Piece: 1}
	if got := s.Initial.Cells[0]; got != (puzzle.Placement{Piece: 0}) {
		t.Errorf("Settings.Initial holds %v in cell 0, want the 0/0 it held when resolved", got)
	}
}

// TestWithInitialCopiesAtCall pins down when the copy is made: when
// WithInitial is called, so that a preset holding it does not change with
// the caller's board, and again for every resolution, so that one run's
// changes do not reach the next.
func TestWithInitialCopiesAtCall(t *testing.T) {
	b := puzzle.NewBoard(1, 2)
	b.Cells[0] = puzzle.Placement{Piece: 0}
	opt := solve.WithInitial(b)
	b.Cells[0] = puzzle.Placement{Piece: 1}
	s := solve.NewSettings(opt)
	if got := s.Initial.Cells[0]; got != (puzzle.Placement{Piece: 0}) {
		t.Errorf("Settings.Initial holds %v in cell 0, want the 0/0 it held when passed", got)
	}
	s.Initial.Cells[1] = puzzle.Placement{Piece: 1}
	if again := solve.NewSettings(opt); !again.Initial.Cells[1].IsEmpty() {
		t.Errorf("a second NewSettings sees the first one's change: %v", again.Initial.Cells[1])
	}
}

func TestWithObserver(t *testing.T) {
	errSeen := errors.New("seen")
	var got solve.Event
	s := solve.NewSettings(solve.WithObserver(func(ev solve.Event) error {
		got = ev
		return errSeen
	}))
	if s.Observer == nil {
		t.Fatal("Settings.Observer is nil")
	}
	if err := s.Observer(solve.Event{Kind: solve.Progress}); !errors.Is(err, errSeen) {
		t.Errorf("Observer returned %v, want the observer's error", err)
	}
	if got.Kind != solve.Progress {
		t.Errorf("the observer saw %v, want progress", got.Kind)
	}
	if diff := cmp.Diff(solve.NewSettings(), s, equalBoards, cmpopts.IgnoreFields(solve.Settings{}, "Observer")); diff != "" {
		t.Errorf("WithObserver changed other settings (-want +got):\n%s", diff)
	}
}
