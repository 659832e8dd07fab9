// Package strips orders strips: the pieces of a one-row puzzle, such as
// the strips of a shredded page, that join only on their left and right.
//
// Ordering strips is finding a shortest Hamiltonian path through them.
// When strips may be turned 180° each strip has two ends (its left and
// right sides as scanned), a join is a pair of ends facing each other, and
// an ordering with its turns is a path through all ends that takes each
// strip's two ends in turn: closed by a node standing for the page's
// outside, a symmetric travelling-salesman tour. Strips that keep their
// orientation are the same graph with like ends never joined.
//
// The Solver first chains strips greedily, improves the chain by 2-opt
// (turning a block of strips as a whole, which changes only the two joins
// at its ends) and or-opt (moving a block of up to three strips, turned or
// not), each tried only towards a side's nearest partners, and perturbs
// and descends again (iterated local search) until perturbations stop
// paying. For up to WithExact strips it then proves or improves the
// result by branch and bound on Held–Karp 1-tree bounds, and reports
// solve.Exhausted when the order is optimal.
package strips
