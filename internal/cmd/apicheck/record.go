package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
)

// File name extensions of the two files recording one package's API.
const (
	listingExt = ".txt"
	exportExt  = ".export"
)

// record is the API as recorded, by import path.
type record struct {
	Packages map[string]*types.Package // rebuilt from the export data
	Listings map[string][]string       // the listing lines, comments left out
}

// recordDir is where the record lives in the module rooted at root.
func recordDir(root string) string {
	return filepath.Join(root, "api")
}

// recordFile names the file recording the package at path: the import path
// itself under dir, so that every package has its own file and nothing needs
// a lookup table to find it.
func recordFile(dir, path, ext string) string {
	return filepath.Join(dir, filepath.FromSlash(path)+ext)
}

// inModule reports whether path names the module's root package or one
// below it.
func inModule(path, modPath string) bool {
	return path == modPath || strings.HasPrefix(path, modPath+"/")
}

// writeRecord replaces the record under dir with the API of pkgs. Files of
// packages that no longer exist are removed, so rerunning it always leaves a
// record that matches the code exactly.
func writeRecord(dir, modPath string, pkgs map[string]*types.Package) error {
	paths, err := recordedPaths(dir, modPath)
	if err != nil {
		return err
	}
	for path, files := range paths {
		if _, ok := pkgs[path]; ok {
			continue
		}
		for _, f := range files {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
	}
	if err := pruneEmptyDirs(dir); err != nil {
		return err
	}
	for _, path := range slices.Sorted(maps.Keys(pkgs)) {
		if !inModule(path, modPath) {
			return fmt.Errorf("package %s is not in module %s", path, modPath)
		}
		pkg := pkgs[path]
		if err := os.MkdirAll(filepath.Dir(recordFile(dir, path, listingExt)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(recordFile(dir, path, listingExt), listingFile(pkg), 0o644); err != nil {
			return err
		}
		data, err := exportData(pkg)
		if err != nil {
			return err
		}
		if err := os.WriteFile(recordFile(dir, path, exportExt), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// listingFile is the text of a package's listing file: a header saying what
// the file is and how to change it, then the listing.
func listingFile(pkg *types.Package) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# The exported API of package %s, one line per identifier.\n", pkg.Path())
	fmt.Fprintf(&b, "# Written by %s; a change here must come with the change to the code.\n", acceptCommand)
	for _, line := range listing(pkg) {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// exportData encodes pkg as its import path on a line of its own (export
// data does not record the path of the package it describes) followed by
// the export data. Source positions are left out: they would name the
// files of whoever ran the command and change with every edit that moves a
// line, yet they are no part of the API.
func exportData(pkg *types.Package) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(pkg.Path() + "\n")
	if err := gcexportdata.Write(&b, nil, pkg); err != nil {
		return nil, fmt.Errorf("encoding the API of %s: %v", pkg.Path(), err)
	}
	return b.Bytes(), nil
}

// readExportData decodes what exportData encoded; file names the source of
// data in errors.
func readExportData(data []byte, file string) (*types.Package, error) {
	r := bufio.NewReader(bytes.NewReader(data))
	path, err := r.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("%s: no package path on the first line", file)
	}
	path = strings.TrimSuffix(path, "\n")
	// Each package gets its own imports: export data is self-contained,
	// and apidiff matches other packages' types by path and name, so the
	// packages need not share the objects of their dependencies.
	pkg, err := gcexportdata.Read(r, token.NewFileSet(), make(map[string]*types.Package), path)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return pkg, nil
}

// readRecord reads the record under dir. A missing directory is an empty
// record: every package is then new, and the comparison says to write one.
func readRecord(dir, modPath string) (*record, error) {
	rec := &record{Packages: map[string]*types.Package{}, Listings: map[string][]string{}}
	paths, err := recordedPaths(dir, modPath)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, path := range slices.Sorted(maps.Keys(paths)) {
		pkg, lines, err := readPackageRecord(dir, path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rec.Packages[path] = pkg
		rec.Listings[path] = lines
	}
	if len(errs) > 0 {
		errs = append(errs, fmt.Errorf("to write the record afresh, run %s", acceptCommand))
		return nil, errors.Join(errs...)
	}
	return rec, nil
}

// readPackageRecord reads both files recording the package at path.
func readPackageRecord(dir, path string) (*types.Package, []string, error) {
	exportFile := recordFile(dir, path, exportExt)
	data, err := os.ReadFile(exportFile)
	if err != nil {
		return nil, nil, err
	}
	pkg, err := readExportData(data, exportFile)
	if err != nil {
		return nil, nil, err
	}
	if pkg.Path() != path {
		return nil, nil, fmt.Errorf("%s: records package %s, but its name says %s", exportFile, pkg.Path(), path)
	}
	text, err := os.ReadFile(recordFile(dir, path, listingExt))
	if err != nil {
		return nil, nil, err
	}
	var lines []string
	for line := range strings.Lines(string(text)) {
		line = strings.TrimRight(line, "\r\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines = append(lines, line)
	}
	return pkg, lines, nil
}

// recordedPaths finds the record files under dir that belong to the module,
// by the import path they record.
func recordedPaths(dir, modPath string) (map[string][]string, error) {
	paths := make(map[string][]string)
	err := filepath.WalkDir(dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && file == dir {
				return fs.SkipAll
			}
			return err
		}
		ext := filepath.Ext(file)
		if d.IsDir() || (ext != listingExt && ext != exportExt) {
			return nil
		}
		rel, err := filepath.Rel(dir, strings.TrimSuffix(file, ext))
		if err != nil {
			return err
		}
		if path := filepath.ToSlash(rel); inModule(path, modPath) {
			paths[path] = append(paths[path], file)
		}
		return nil
	})
	return paths, err
}

// pruneEmptyDirs removes the directories under dir, not dir itself, that a
// removed package left empty.
func pruneEmptyDirs(dir string) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(file string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && file == dir {
				return fs.SkipAll
			}
			return err
		}
		if d.IsDir() && file != dir {
			dirs = append(dirs, file)
		}
		return nil
	})
	if err != nil {
		return err
	}
	// Deepest first, so that a parent emptied by its children goes too.
	slices.Reverse(dirs)
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			return err
		}
		if len(entries) == 0 {
			if err := os.Remove(d); err != nil {
				return err
			}
		}
	}
	return nil
}
