// Package solvetest checks any solve.Solver against the contract of package
// solve, as gonum's graph/testgraph checks graph implementations. Every
// method package in this module runs it, and a solver written elsewhere can
// run it too.
//
// # Running the suite
//
// Call Run from a test of the solver's package with a function that returns
// a fresh solver, and say in Config whether the method is exact:
//
//	func TestContract(t *testing.T) {
//		solvetest.Run(t, func() solve.Solver { return mymethod.New() }, solvetest.Config{
//			// A stochastic method is given a budget so that runs end on their own.
//			Budget: solve.Options{solve.WithMaxIterations(5000)},
//		})
//	}
//
// Run runs one subtest per part of the contract, so a failure names the rule
// that was broken; `go test -run 'TestContract/Cancel'` reruns one of them.
// Check runs the same checks outside go test and returns what failed.
//
// # What is checked
//
//   - Invalid input (no puzzle, an empty board, fixed pieces that clash or lie
//     off the board, piece IDs out of order, too many pieces, a warm start of
//     the wrong size) gives an error, never a panic.
//   - Every board returned is re-checked independently of the solver and of
//     edge.Cost: it fits the puzzle, its cost is recomputed join by join from
//     the problem's scorer, Unplaced lists exactly the pieces it leaves out,
//     the status is a known one and the seed is the one asked for.
//   - The same seed and options give the same result, down to the counters.
//   - Exact solvers solve small planted puzzles and report Exhausted on an
//     unsolvable one; all solvers keep fixed pieces in place, leave exactly
//     the right number of holes, report left-over pieces and accept a warm
//     start.
//   - Costs follow Problem.Scorer, with or without frame costs, not the
//     puzzle's labels; a solver that works from labels alone says so in
//     Config and must reject other scorers with an error.
//   - A cancelled context ends a run within 250 ms (the contract's 100 ms,
//     with slack for loaded machines) with status Canceled and a valid
//     best-so-far board; a run that ends by itself before 50 ms is run
//     again and cancelled sooner, so that fast methods are checked in
//     mid-run too. An observer sees Started, then Improved and Progress
//     events, then Finished once, and its ErrStop or error ends the run as
//     documented.
//   - No goroutine outlives Solve, with one worker or two, whether the run
//     ends by itself or is cancelled. Goroutines are compared by identity,
//     not counted, so one of the test's own ending cannot hide one the
//     solver leaves, and a failure shows the leaked goroutines' stacks.
//   - A solve.Enumerator yields only distinct, valid, perfect boards, as many
//     as there are on small puzzles, and stops cleanly when the loop breaks.
//
// The instances are built from fixed seeds, so a failure replays.
//
// # Timing and goroutines
//
// The cancellation checks measure wall-clock time and the goroutine checks
// count runtime.NumGoroutine, so Run does not call t.Parallel, and tests that
// run Run should not run in parallel with other tests of their package. The
// whole suite takes a second or two for a solver whose runs on the small
// puzzles take milliseconds.
package solvetest
