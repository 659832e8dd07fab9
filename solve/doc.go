// Package solve is the contract every re-assembly method keeps, and the
// book-keeping they share.
//
// A Solver takes a context, a Problem and run options, and returns a Result:
// the best board found, its cost, why the run ended, the seed it used and
// what it did. Methods live in sub-packages (backtrack, and the others the
// module grows); their own parameters are options of their New functions,
// while the run options here (WithSeed, WithMaxIterations, WithStall,
// WithTarget, WithObserver, WithInitial, WithWorkers) apply to every method.
//
// # Ending a run
//
// A budget running out, the context ending or an observer returning ErrStop
// is a normal end: the error is nil and Result.Status says why. An error
// means invalid input or an observer's own error.
//
// # Determinism
//
// All randomness in a run flows from one math/rand/v2 source seeded by
// WithSeed; the same seed, options and one worker give the same result.
//
// # Writing a method
//
// Start checks the problem and resolves the options into a Run; the method
// calls Run.Step once per iteration, Run.Offer for each complete board it
// scores, and returns Run.Finish. Package solvetest checks any Solver
// against this contract.
package solve
