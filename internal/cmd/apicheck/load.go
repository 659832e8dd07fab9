package main

import (
	"errors"
	"fmt"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// module is the part of the module whose API is recorded.
type module struct {
	Path     string                    // module path, the prefix of every package path
	Dir      string                    // root directory, holding go.mod
	Packages map[string]*types.Package // by import path: the packages users can import
}

// loadModule loads the types of the public packages of the module that
// contains dir.
//
// The types come from the compiler's export data (go list -export), the same
// data a user's build sees, so the check judges the API the way the compiler
// does and needs nothing beyond the go command and the module cache.
func loadModule(dir string) (*module, error) {
	root, err := moduleRoot(dir)
	if err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedModule,
		Dir:  root,
	}
	// "./..." from the root rather than from dir, so that the check covers
	// the whole module wherever it is started; go list leaves out testdata
	// and directories starting with "." or "_", and without Tests it
	// loads no test packages.
	loaded, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, fmt.Errorf("loading the packages of the module at %s: %v", root, err)
	}
	mod := &module{Dir: root, Packages: make(map[string]*types.Package)}
	var errs []error
	for _, p := range loaded {
		if p.Module != nil && p.Module.Main && mod.Path == "" {
			mod.Path = p.Module.Path
		}
		if !public(p.PkgPath, p.Name) {
			continue
		}
		if len(p.Errors) > 0 {
			for _, e := range p.Errors {
				errs = append(errs, fmt.Errorf("package %s: %v", p.PkgPath, e))
			}
			continue
		}
		mod.Packages[p.PkgPath] = p.Types
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if mod.Path == "" {
		return nil, fmt.Errorf("found no packages of the main module at %s", root)
	}
	return mod, nil
}

// public reports whether users of the module can import the package: main
// packages cannot be imported, and Go forbids importing an internal package
// from outside the tree that holds it, so neither has an API to keep.
func public(path, name string) bool {
	if name == "main" {
		return false
	}
	for _, elem := range strings.Split(path, "/") {
		if elem == "internal" {
			return false
		}
	}
	return true
}

// moduleRoot returns the directory holding the go.mod of the module that
// contains dir, as the go command finds it.
func moduleRoot(dir string) (string, error) {
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("%s is not inside a Go module", dir)
	}
	return filepath.Dir(gomod), nil
}
