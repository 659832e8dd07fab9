package solvetest

import (
	"context"
	"iter"
	"runtime/debug"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
	"github.com/reassemble/jigsaw/solve"
)

// countLimit bounds the solutions counted and collected per instance; the
// instances enumerated have far fewer.
const countLimit = 10000

// enumerator checks All when the solver is a solve.Enumerator.
func (s *suite) enumerator(t tester) {
	e, ok := s.newSolver().(solve.Enumerator)
	if !ok {
		t.Logf("the solver is not a solve.Enumerator: nothing to check")
		return
	}
	several := mustBuild(t, "shapes-2x3-1pair", 104, shapes(2, 3, 1))
	insts := []instance{
		mustBuild(t, "unique-2x2", 103, unique(2, 2)),
		several,
		mustBuild(t, "colours-3x3-fixed-orientation", 105, colours(3, 3, 2, 2), notRotatable),
		unsolvableInstance(t),
	}
	insts = append(insts, fixedInstances(t)[0], holeInstances(t)[0], extraInstances(t)[0])
	for _, inst := range insts {
		t.run(inst.name, func(t tester) {
			want, err := countSolutions(inst.problem, countLimit)
			if err != nil {
				t.Fatalf("solvetest: counting the solutions of %s: %v", inst.name, err)
			}
			var got int
			seen := make(map[string]int)
			s.drain(t, e.All(context.Background(), inst.problem), func(b *puzzle.Board, err error) bool {
				if err != nil {
					t.Errorf("All yielded error %v after %d boards of a valid problem", err, got)
					return false
				}
				got++
				s.checkSolution(t, inst, b, got)
				if b != nil {
					k := boardKey(b)
					if first, dup := seen[k]; dup {
						t.Errorf("All yielded board %d again as board %d:\n%s", first, got, boardString(b))
					}
					seen[k] = got
				}
				return got < countLimit
			})
			if got != want {
				t.Errorf("All yielded %d boards; want %d, the number of solutions", got, want)
			}
		})
	}

	inst := several
	for _, workers := range []int{1, 2} {
		t.run("break with "+plural(workers, "worker"), func(t tester) {
			before := goroutineSnapshot()
			n := 0
			s.drain(t, e.All(context.Background(), inst.problem, solve.WithWorkers(workers)), func(b *puzzle.Board, err error) bool {
				n++
				if err != nil {
					t.Errorf("All yielded error %v for a valid problem", err)
				} else {
					s.checkSolution(t, inst, b, n)
				}
				return false
			})
			if n != 1 {
				t.Errorf("the loop broke at the first value, yet %d values came", n)
			}
			checkGoroutines(t, before)
		})
	}

	t.run("cancelled", func(t tester) {
		large := largeInstance(t)
		ctx, stop := context.WithCancel(context.Background())
		stop()
		start := time.Now()
		s.drain(t, e.All(ctx, large.problem), func(b *puzzle.Board, err error) bool {
			if err == nil {
				t.Errorf("All yielded a board of a puzzle without solutions:\n%s", boardString(b))
			}
			return true
		})
		if d := time.Since(start); d > cancelLimit {
			t.Errorf("All with a cancelled context took %v to end; the limit is %v", d.Round(time.Millisecond), cancelLimit)
		}
	})
}

// checkSolution checks the n-th board All yielded: a valid board that
// costs nothing and places every piece that has a cell.
func (s *suite) checkSolution(t tester, inst instance, b *puzzle.Board, n int) {
	t.Helper()
	p := inst.problem.Puzzle
	if b == nil {
		t.Errorf("board %d is nil", n)
		return
	}
	if err := b.Validate(p); err != nil {
		t.Errorf("board %d is not valid: %v\n%s", n, err, boardString(b))
		return
	}
	cost, err := independentCost(inst.problem, b)
	if err != nil {
		t.Fatalf("%v", err)
	}
	if cost != 0 {
		t.Errorf("board %d costs %g; All yields solutions only\n%s", n, cost, boardString(b))
	}
	if got, want := placed(b), min(len(p.Pieces), p.Cells()); got != want {
		t.Errorf("board %d places %d pieces; a solution places %d\n%s", n, got, want, boardString(b))
	}
}

// allRejects checks that All reports invalid input as an error, the last
// value it yields.
func (s *suite) allRejects(t tester, e solve.Enumerator, p solve.Problem, opts []solve.Option) {
	t.Helper()
	var errs, after int
	s.drain(t, e.All(context.Background(), p, opts...), func(b *puzzle.Board, err error) bool {
		if errs > 0 {
			after++
		}
		if err != nil {
			errs++
		}
		return errs+after < countLimit
	})
	if errs == 0 {
		t.Errorf("All accepted invalid input: it yielded no error")
	}
	if after > 0 {
		t.Errorf("All yielded %d values after its error; the error must be the last", after)
	}
}

// drain ranges over seq, calling f for each value until f returns false,
// and turns a panic in the sequence into a failure.
func (s *suite) drain(t tester, seq iter.Seq2[*puzzle.Board, error], f func(*puzzle.Board, error) bool) {
	t.Helper()
	if seq == nil {
		t.Fatalf("All returned a nil sequence")
	}
	var stack []byte
	v := func() (v any) {
		defer func() {
			if v = recover(); v != nil {
				stack = debug.Stack()
			}
		}()
		for b, err := range seq {
			if !f(b, err) {
				break
			}
		}
		return nil
	}()
	if v != nil {
		t.Fatalf("ranging over All panicked: %v\n%s", v, stack)
	}
}
