// Package exactcover solves exact-cover problems: Knuth's Algorithm X, with
// the search and the counters of his DLX1 and DLX2 programs, on flat int32
// and bitset arrays.
//
// A Problem has primary items, which the chosen options must cover exactly
// once, and secondary items, which they may cover at most once — or, with
// colours, several times if every option covering one gives it the same
// colour (Knuth's XCC). Tilings are the main use in this module: an item
// per cell and per piece, an option per placement.
//
//	p := exactcover.NewProblem(primary, secondary)
//	_, err := p.AddOption(exactcover.Elem{Item: 0}, exactcover.Elem{Item: 3, Colour: 1})
//	...
//	c, err := exactcover.New().Count(ctx, p)
//
// Solve finds the first solution, All yields every solution lazily (no
// goroutine: the search runs inside the range loop), and Count counts them
// without building them. ReadDLX and WriteDLX speak Knuth's .dlx text
// format, so that a problem can be run by his programs too.
//
// # The search
//
// At every node the search branches on the primary item with the fewest
// active options, the first such in item order (the MRV rule of DLX1; an
// item with none ends the node at once), and tries its options in the
// order they were added. Covering an item hides every option that shares
// it; a coloured secondary item is purified instead, hiding the options
// that give it another colour. The search is deterministic and has no
// recursion: its stack is an array, and it allocates nothing per node.
//
// Updates are counted as DLX1 and DLX2 count them, an update for every
// item covered and every option element unlinked by cover or purify, and
// are equal to theirs on the same .dlx file. Nodes are counted one way
// apart: this package counts a node for the root and for every option
// tried that does not complete a solution, and Knuth's programs also count
// each option that completes one, so their node count is this package's
// plus the number of solutions found. On 6×10 below, DLX1 reports
// 3,627,905 + 9,356 = 3,637,261 nodes. The count is kept as it is (it
// counts the nodes whose children are searched); add Solutions to Nodes to
// compare with DLX1 or DLX2. The tests check both counters on Knuth's
// examples and on the pentominoes.
//
// # Engines
//
// Two engines run this same search, visiting the same nodes in the same
// order, and differ only in speed (WithEngine):
//
//   - Bitsets, the default, keeps the active options as a bitset. Covering
//     an item clears the bits of its options (its sparse mask ANDed with
//     the active set); an item's count is a popcount, taken only while
//     choosing, and abandoned as soon as it reaches the best so far; with
//     no colours and at most 2^20 words of them, each option has a dense
//     mask of the options it conflicts with, so committing to it is one
//     pass over the active set. Undoing restores the words changed.
//   - DancingLinks is Knuth's structure: each item's options in a doubly
//     linked list of 16-byte nodes, unlinked on cover and relinked on
//     uncover, told as DLX1 and DLX2 tell it. Where a node does little
//     work (tiling with dominoes, say) it is the faster, by about a third.
//
// # Measured
//
// Counting every packing of the twelve pentominoes (in all their
// orientations, so every solution is counted once for each symmetry of
// the box: raw counts), with the 12 pieces and then the cells, row by row,
// as items:
//
// (nodes as this package counts them; DLX1's are nodes + solutions)
//
//	box            solutions      nodes        updates   bitsets   dancing links
//	6×10               9,356  3,627,905  1,242,377,480    1.62 s          6.67 s
//	5×12               4,040  2,291,116    770,490,101    1.06 s          4.08 s
//	4×15               1,472    851,421    279,621,691    0.38 s          1.43 s
//	3×20                   8     32,970     10,986,975    0.015 s         0.054 s
//	8×8 less 2×2         520    292,525    102,179,915    0.12 s          0.54 s
//
// Times are CPU seconds for one count on one core of a 2-core AMD EPYC
// machine; Knuth's DLX1, compiled with -O2, takes about 5.6 s for 6×10
// there. To measure:
//
//	go test -run '^$' -bench Pentominoes ./solve/exactcover/
//
// The benchmarks report the solutions, nodes and updates of each count.
//
// # Run options
//
// The run options of package solve apply: WithObserver receives Started,
// Progress and Finished events (Board nil; Stats.Nodes and
// Stats.Iterations the node count), WithProgressEvery counts nodes,
// WithMaxIterations bounds the nodes, and a cancelled context ends the run
// within milliseconds. Running out of budget, the context ending or an
// observer's solve.ErrStop is a normal end: the error is nil and the status
// says why (solve.IterationLimit, solve.Canceled, solve.Stopped). The other
// run options (WithSeed, WithTarget, WithStall, WithInitial, WithWorkers)
// have nothing to act on and are ignored: the search is deterministic and
// single-threaded, and a solution is exact, with no cost to aim at.
//
// # Why Solve does not return a solve.Result
//
// A Solver here is not a solve.Solver, and its Solve returns (options,
// status, stats, error) rather than a *solve.Result: an exact-cover problem
// is not a puzzle board. Its answer is a set of option indices, not a
// *puzzle.Board; it has no cost (a set of options covers the items exactly
// or is no answer), so Result.Cost, Seed and Unplaced would mean nothing;
// and Knuth's counters (nodes, updates) are what two implementations are
// compared by, where solve.Stats has no place for updates. It keeps the
// conventions that matter to a caller instead: the context first, the
// run options of package solve, a solve.Status saying why the run ended,
// and an error only for invalid input or an observer's own error. Package
// solve/tiling builds on it for polyomino puzzles.
package exactcover
