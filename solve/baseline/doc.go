// Package baseline holds the thesis's two stochastic baselines (seed 000,
// Ch. 2 L1236-1331 and App. 3 L6125-6432): random assignment, ST, which
// deals every piece into a random cell in a random rotation and prices the
// board, again and again; and structured random assignment, SS, which
// after each deal also turns each piece, cell by cell, to its best
// rotation. The thesis measures every other method against them: "if an
// algorithm cannot yield an implementation which is faster than random
// assignment, then that algorithm is not considered effective"
// (L1236-1242). Its Table 2 (L1316-1325) times them: ST needs 17 minutes
// for 2×3, SS 150 s for 2×5.
package baseline
