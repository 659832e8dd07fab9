package main

import (
	"fmt"
	"go/types"
	"io"
	"maps"
	"slices"

	"golang.org/x/exp/apidiff"
)

// pkgDiff is how one package's API differs from its record.
type pkgDiff struct {
	Path string
	// Incompatible and Compatible are apidiff's judgements, one message
	// per change, naming the identifier: incompatible changes can stop
	// code that uses the package from compiling.
	Incompatible []string
	Compatible   []string
	// Removed and Added are the listing lines that differ from the
	// recorded listing. They show what changed in the record's own terms,
	// and they catch a listing that no longer matches its export data.
	Removed []string
	Added   []string
}

// breaking reports whether the difference can break code using the package.
func (d pkgDiff) breaking() bool { return len(d.Incompatible) > 0 }

// compare returns the packages whose current API, in cur, differs from
// rec, sorted by import path; none if the record is exact.
func compare(rec *record, cur map[string]*types.Package) []pkgDiff {
	paths := slices.Sorted(maps.Keys(cur))
	for path := range rec.Packages {
		if _, ok := cur[path]; !ok {
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)

	var diffs []pkgDiff
	for _, path := range paths {
		d := pkgDiff{Path: path}
		old, wasRecorded := rec.Packages[path]
		now, exists := cur[path]
		switch {
		case !exists:
			d.Incompatible = []string{"package removed"}
		case !wasRecorded:
			d.Compatible = []string{"package added"}
		default:
			for _, c := range apidiff.Changes(old, now).Changes {
				if c.Compatible {
					d.Compatible = append(d.Compatible, c.Message)
				} else {
					d.Incompatible = append(d.Incompatible, c.Message)
				}
			}
			d.Removed, d.Added = lineDiff(rec.Listings[path], listing(now))
		}
		if len(d.Incompatible)+len(d.Compatible)+len(d.Removed)+len(d.Added) > 0 {
			diffs = append(diffs, d)
		}
	}
	return diffs
}

// lineDiff returns the lines of old missing from new and those of new
// missing from old. Listings are sorted sets of lines, so a set difference
// is the whole story.
func lineDiff(old, new []string) (removed, added []string) {
	inOld := make(map[string]bool, len(old))
	for _, l := range old {
		inOld[l] = true
	}
	inNew := make(map[string]bool, len(new))
	for _, l := range new {
		inNew[l] = true
		if !inOld[l] {
			added = append(added, l)
		}
	}
	for _, l := range old {
		if !inNew[l] {
			removed = append(removed, l)
		}
	}
	return removed, added
}

// report explains diffs to the person whose build just failed: what changed
// in each package, whether it breaks users, and how to record the change if
// it is meant.
func report(w io.Writer, diffs []pkgDiff) {
	breaking := 0
	for _, d := range diffs {
		if d.breaking() {
			breaking++
		}
	}
	fmt.Fprintf(w, "apicheck: the exported API of %s differs from the record under api/.\n", countPackages(len(diffs)))
	for _, d := range diffs {
		fmt.Fprintf(w, "\n%s\n", d.Path)
		for _, m := range d.Incompatible {
			fmt.Fprintf(w, "  incompatible: %s\n", m)
		}
		for _, m := range d.Compatible {
			fmt.Fprintf(w, "  compatible:   %s\n", m)
		}
		for _, l := range d.Removed {
			fmt.Fprintf(w, "  - %s\n", l)
		}
		for _, l := range d.Added {
			fmt.Fprintf(w, "  + %s\n", l)
		}
	}
	fmt.Fprintln(w)
	if breaking > 0 {
		fmt.Fprintf(w, "Incompatible changes in %s: code that uses them may no longer compile.\n"+
			"If that is intended, record the new API on purpose with\n\t%s\n"+
			"and commit api/ together with the change.\n", countPackages(breaking), acceptCommand)
		return
	}
	fmt.Fprintf(w, "The changes are compatible, but the record must list the API exactly.\n"+
		"Record them with\n\t%s\n"+
		"and commit api/ together with the change.\n", acceptCommand)
}

// countPackages counts packages in words.
func countPackages(n int) string {
	if n == 1 {
		return "1 package"
	}
	return fmt.Sprintf("%d packages", n)
}
