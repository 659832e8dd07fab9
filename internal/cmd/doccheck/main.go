// Command doccheck fails the build when an exported identifier has no doc
// comment or a package has no runnable example.
//
// Users of the module read its API through go doc and pkg.go.dev, so an
// undocumented name is a name they must read the source to use, and a
// package without a runnable example gives them nothing to start from that
// is known to work: an Example with an // Output: comment is compiled and
// run by go test, so it cannot drift from the code the way prose can.
//
// For every package of the module that users can import (not a main
// package, not under an internal directory, not under testdata or a
// directory starting with "." or "_") it reports:
//
//   - a package without a package doc comment;
//   - a package without a runnable example: a func Example... in one of
//     the package directory's _test.go files, with an // Output: or
//     // Unordered output: comment;
//   - an exported function, type, constant or variable without a doc
//     comment, and an exported method of an exported type. A constant or
//     variable counts as documented by the comment on its group, or by a
//     line comment after it, as in a list of enumerated values;
//   - an exported field of an exported struct type, and an exported method
//     of an exported interface type, with neither a doc comment nor a line
//     comment.
//
// A main package is a program, not an API: it only needs a package doc
// comment, which go doc shows as the program's usage.
//
// Run from anywhere in the module:
//
//	go run ./internal/cmd/doccheck
//
// Each finding is a line "file:line: what is missing", with the file
// relative to the module root. The exit status is 1 when there are
// findings and 2 when the module cannot be read.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(".", os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it checks the module containing dir and
// returns the exit status, so that tests can drive the command.
func run(dir string, args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintf(stderr, "usage: doccheck\n\n"+
			"Reports exported identifiers without doc comments and packages\n"+
			"without a package doc or a runnable example, in the module that\n"+
			"contains the current directory.\n")
		return 2
	}
	root, err := moduleRoot(dir)
	if err != nil {
		fmt.Fprintf(stderr, "doccheck: %v\n", err)
		return 2
	}
	findings, npkg, err := checkModule(root)
	if err != nil {
		fmt.Fprintf(stderr, "doccheck: %v\n", err)
		return 2
	}
	for _, f := range findings {
		fmt.Fprintln(stdout, f)
	}
	if len(findings) > 0 {
		fmt.Fprintf(stderr, "doccheck: %d finding(s) in the %d package(s) checked\n", len(findings), npkg)
		return 1
	}
	fmt.Fprintf(stdout, "doccheck: %d package(s) documented, each with a runnable example\n", npkg)
	return 0
}
