// Command apicheck keeps the module's exported API from changing by accident.
//
// The exported API of every package that users can import (not a main
// package, not under an internal directory) is recorded under api/ at the
// module root, two files per package, named by its import path:
//
//   - PATH.txt lists every exported identifier with its full type, one per
//     line, sorted. It is the record a reviewer reads: a change to the API
//     shows up as a change to these lines.
//   - PATH.export holds the package's type information in Go export data
//     format. It lets the check rebuild the recorded API as go/types objects
//     and ask golang.org/x/exp/apidiff which differences break code that
//     uses the package, something a comparison of text lines cannot tell
//     (adding a method to an interface is one added line, yet it breaks
//     every type outside the package that implemented the interface).
//
// Run from anywhere in the module:
//
//	go run ./internal/cmd/apicheck          # compare the API with the record
//	go run ./internal/cmd/apicheck -write   # record the current API
//
// The comparison exits with status 1 when the API differs from the record in
// any way, incompatible or not, so that the record always describes the code
// exactly: incompatible changes are listed first, with what breaks, and
// compatible additions after them. Either way the fix, once the change is
// intended, is to rerun with -write and commit the record with the change.
// Status 2 means the packages or the record could not be loaded.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

// acceptCommand is what the report tells the reader to run to record an
// intended change; it names the command as run from the module root.
const acceptCommand = "go run ./internal/cmd/apicheck -write"

func main() {
	os.Exit(run(".", os.Args[1:], os.Stdout, os.Stderr))
}

// run is main without the process: it works on the module containing dir and
// returns the exit status, so that tests can drive the command.
func run(dir string, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("apicheck", flag.ContinueOnError)
	flags.SetOutput(stderr)
	write := flags.Bool("write", false, "record the current API under api/ instead of comparing with the record")
	flags.Usage = func() {
		fmt.Fprintf(stderr, "usage: apicheck [-write]\n\n"+
			"Compares the exported API of the module's packages with the record\n"+
			"under api/ at the module root, or with -write replaces the record.\n")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() != 0 {
		flags.Usage()
		return 2
	}

	mod, err := loadModule(dir)
	if err != nil {
		fmt.Fprintf(stderr, "apicheck: %v\n", err)
		return 2
	}
	recDir := recordDir(mod.Dir)

	if *write {
		if err := writeRecord(recDir, mod.Path, mod.Packages); err != nil {
			fmt.Fprintf(stderr, "apicheck: %v\n", err)
			return 2
		}
		fmt.Fprintf(stdout, "apicheck: recorded the API of %s\n", countPackages(len(mod.Packages)))
		return 0
	}

	rec, err := readRecord(recDir, mod.Path)
	if err != nil {
		fmt.Fprintf(stderr, "apicheck: %v\n", err)
		return 2
	}
	diffs := compare(rec, mod.Packages)
	if len(diffs) == 0 {
		fmt.Fprintf(stdout, "apicheck: the API of %s matches the record\n", countPackages(len(mod.Packages)))
		return 0
	}
	report(stdout, diffs)
	return 1
}
