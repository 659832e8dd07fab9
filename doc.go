// Package jigsaw re-assembles puzzles: square-piece image jigsaws, discrete
// edge-matching puzzles such as Eternity II, shape-coded (tab/blank)
// jigsaws, puzzles with missing pieces, and polyomino tilings. This package
// holds no code; it describes the module.
//
// # Packages
//
//   - puzzle: the model. Pieces with four labelled sides (and optionally a
//     picture), rotations, boards with holes and fixed pieces, generators with
//     planted solutions, plain-text formats, metrics and rendering.
//   - edge: edge-fitting. A Scorer prices two sides facing each other; label
//     scorers apply a puzzle's match rule, and a candidate index finds the
//     pieces that fit a cell in O(1).
//   - edge/document: measures for text documents, shredded strips and
//     pages cut across and along, with a small pair model of ink across a
//     cut that each input fine-tunes on its own pieces.
//   - solve: the Solver contract shared by every method: Problem, Result,
//     Status, run options (seed, budgets, observer, warm start, workers).
//   - solve/backtrack: exact depth-first search, with enumeration and
//     counting of solutions.
//   - solve/strips: strips in a row, as a shredded page's: their order and
//     turns, exactly for a page, by local search for a collection.
//   - solve/greedy: picture re-assembly: best-buddy placement (Paikin and
//     Tal), loop-checked segments moved as wholes, bands shifted and every
//     two pieces exchanged where that lowers the cost, strays left out,
//     and optionally short GA runs (solve/ga) to check the picture.
//   - solve/csp, solve/ga, solve/sa, solve/tabu, solve/baseline, solve/lp:
//     the thesis's methods and their relatives, composed by options.
//   - solve/exactcover, solve/tiling, puzzle/polyomino: polyomino tiling.
//   - esp: puzzles with missing pieces (Empty Slot Prediction).
//   - eternity: Eternity II's formats, rules, exact and score searches.
//   - solve/solvetest: the contract suite any Solver, ours or yours, can run.
//
// The README's package table says more of each.
//
// # Conventions
//
// Sides are clockwise from the top (Top, Right, Bottom, Left); a Rotation is
// a number of clockwise quarter turns; cells are (Row, Col) from the top
// left; costs are at least 0 and lower is better, 0 being a perfect fit.
//
// # A worked example
//
// Generate a tab/blank puzzle with a planted solution, scramble it and
// solve it:
//
//	rng := rand.New(rand.NewPCG(1, 1))
//	p, truth, _ := puzzle.GenerateShapes(12, 16, 0, rng) // ceil(N/6) shape pairs
//	p, truth, _ = puzzle.Scramble(p, truth, rng)          // shuffle and turn the pieces
//	res, err := backtrack.New().Solve(ctx, solve.Problem{Puzzle: p})
//	if err != nil {
//		return err // invalid input
//	}
//	fmt.Println(res.Status, res.Cost, puzzle.Perfect(truth, res.Board))
//	// solved 0 true
//
// Every solver takes a context and returns its best board so far when the
// context ends; a budget running out is a status, not an error.
//
// # Re-assembling fragments of a picture
//
// Fragments photographed or scanned one by one become a puzzle with
// puzzle.FromFragments; an edge table prices their joins once; the greedy
// solver places them:
//
//	p, err := puzzle.FromFragments(images, rows, cols) // errors name the fragment
//	p.Rotatable = true  // scanned in unknown orientations
//	p.AllowExtra = true // fragments of other pictures may be mixed in
//	table, err := edge.NewTable(ctx, p, edge.DefaultMeasure(), 0)
//	res, err := greedy.New(greedy.WithStrays(true)).Solve(ctx, solve.Problem{Puzzle: p, Scorer: table})
//	img := puzzle.Render(p, res.Board) // holes where fragments are missing
//	// res.Unplaced: the fragments that belong to no cell
//
// When the picture's size is unknown, solve first on a square board large
// enough for any likely shape with greedy.WithUnknownSize, take the extent
// the picture grew to, and solve again at that size; examples/jigsaw
// -pieces does this for a folder of fragment files. For tens of thousands
// of fragments, edge.NewSparse keeps only each side's best partners.
package jigsaw
