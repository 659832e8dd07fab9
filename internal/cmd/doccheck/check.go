package main

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A finding is one thing the documentation lacks, where it lacks it.
type finding struct {
	file string // relative to the module root, slash-separated
	line int
	what string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.file, f.line, f.what) }

// moduleRoot returns the directory holding the go.mod of the module that
// contains dir.
func moduleRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("%s is not inside a Go module: no go.mod in it or above it", abs)
		}
		d = parent
	}
}

// checkModule checks every package directory under root and returns the
// findings in file order and the number of packages checked.
func checkModule(root string) ([]finding, int, error) {
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if path != root {
			// The go command ignores these directories, so they hold
			// no package of the module; a go.mod starts another module.
			name := d.Name()
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		dirs = append(dirs, path)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	var all []finding
	npkg := 0
	for _, dir := range dirs {
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return nil, 0, err
		}
		rel = filepath.ToSlash(rel)
		if internal(rel) {
			continue
		}
		found, checked, err := checkDir(root, dir)
		if err != nil {
			return nil, 0, err
		}
		if checked {
			npkg++
		}
		all = append(all, found...)
	}
	slices.SortStableFunc(all, func(a, b finding) int {
		if c := strings.Compare(a.file, b.file); c != 0 {
			return c
		}
		return a.line - b.line
	})
	return all, npkg, nil
}

// internal reports whether the slash-separated directory rel, relative to
// the module root, is an internal package, which Go forbids importing from
// outside the module.
func internal(rel string) bool {
	return slices.Contains(strings.Split(rel, "/"), "internal")
}

// checkDir checks the package in dir. It reports whether dir holds a
// package at all.
func checkDir(root, dir string) ([]finding, bool, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, false, err
	}
	fset := token.NewFileSet()
	var files, tests []*ast.File
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
			continue
		}
		path := filepath.Join(dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, false, err
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			return nil, false, err
		}
		if ignored(f) {
			continue
		}
		if strings.HasSuffix(name, "_test.go") {
			tests = append(tests, f)
			continue
		}
		if ast.IsGenerated(f) {
			// Nobody writes comments into generated code; its generator
			// is what would need them.
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, false, nil
	}
	c := &checker{root: root, fset: fset}
	name := files[0].Name.Name
	for _, f := range files[1:] {
		if f.Name.Name != name {
			return nil, false, fmt.Errorf("%s: files of packages %s and %s in one directory", c.rel(dir), name, f.Name.Name)
		}
	}
	if !slices.ContainsFunc(files, func(f *ast.File) bool { return f.Doc != nil }) {
		c.report(files[0].Name, "package %s has no package doc comment", name)
	}
	if name == "main" {
		return c.findings, true, nil
	}
	if !runnableExample(tests) {
		c.report(files[0].Name, "package %s has no runnable example (a func Example... in a _test.go file, with an // Output: comment)", name)
	}
	for _, f := range files {
		c.file(f)
	}
	return c.findings, true, nil
}

// ignored reports whether f is kept out of every build by a //go:build
// ignore line, the convention for programs that sit beside a package.
func ignored(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if text, ok := strings.CutPrefix(c.Text, "//go:build "); ok && strings.TrimSpace(text) == "ignore" {
				return true
			}
		}
	}
	return false
}

// runnableExample reports whether the test files hold an example that go
// test runs, one whose output it checks.
func runnableExample(tests []*ast.File) bool {
	for _, ex := range doc.Examples(tests...) {
		if ex.Output != "" || ex.EmptyOutput {
			return true
		}
	}
	return false
}

// checker collects the findings of one package.
type checker struct {
	root     string
	fset     *token.FileSet
	findings []finding
}

func (c *checker) rel(path string) string {
	rel, err := filepath.Rel(c.root, path)
	if err != nil {
		return path
	}
	return filepath.ToSlash(rel)
}

func (c *checker) report(n ast.Node, format string, args ...any) {
	pos := c.fset.Position(n.Pos())
	c.findings = append(c.findings, finding{file: c.rel(pos.Filename), line: pos.Line, what: fmt.Sprintf(format, args...)})
}

// file checks the top-level declarations of f.
func (c *checker) file(f *ast.File) {
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			c.funcDecl(d)
		case *ast.GenDecl:
			c.genDecl(d)
		}
	}
}

func (c *checker) funcDecl(d *ast.FuncDecl) {
	if !d.Name.IsExported() || d.Doc != nil {
		return
	}
	if d.Recv == nil {
		c.report(d.Name, "func %s has no doc comment", d.Name.Name)
		return
	}
	// A method of an unexported type is out of sight of go doc, even
	// when an interface makes it callable.
	recv := receiverType(d.Recv)
	if recv == "" || !token.IsExported(recv) {
		return
	}
	c.report(d.Name, "method %s.%s has no doc comment", recv, d.Name.Name)
}

// receiverType returns the name of the type a method's receiver list
// names, without pointer or type parameters.
func receiverType(recv *ast.FieldList) string {
	if recv == nil || len(recv.List) == 0 {
		return ""
	}
	t := recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func (c *checker) genDecl(d *ast.GenDecl) {
	// A declaration's own comment documents its specs when it has one
	// spec, as in "type T ..."; for a parenthesised group of constants or
	// variables it documents the group, as go doc shows it.
	single := len(d.Specs) == 1
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			if !s.Name.IsExported() {
				continue
			}
			if s.Doc == nil && !(single && d.Doc != nil) {
				c.report(s.Name, "type %s has no doc comment", s.Name.Name)
			}
			c.members(s.Name.Name, s.Type)
		case *ast.ValueSpec:
			kind := "var"
			if d.Tok == token.CONST {
				kind = "const"
			}
			if s.Doc != nil || s.Comment != nil || d.Doc != nil {
				continue
			}
			for _, n := range s.Names {
				if n.IsExported() {
					c.report(n, "%s %s has no doc comment", kind, n.Name)
				}
			}
		}
	}
}

// members checks the exported fields of an exported struct type and the
// exported methods of an exported interface type.
func (c *checker) members(typeName string, t ast.Expr) {
	var list *ast.FieldList
	kind := "field"
	switch x := t.(type) {
	case *ast.StructType:
		list = x.Fields
	case *ast.InterfaceType:
		list, kind = x.Methods, "method"
	default:
		return
	}
	for _, f := range list.List {
		if f.Doc != nil || f.Comment != nil {
			continue
		}
		names := f.Names
		if len(names) == 0 {
			// An embedded field is named by its type; an embedded
			// interface is documented where it is declared.
			if kind == "method" {
				continue
			}
			if id := embeddedName(f.Type); id != nil {
				names = []*ast.Ident{id}
			}
		}
		for _, n := range names {
			if n.IsExported() {
				c.report(n, "%s %s.%s has no doc comment", kind, typeName, n.Name)
			}
		}
	}
}

// embeddedName returns the identifier that names an embedded field.
func embeddedName(t ast.Expr) *ast.Ident {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}
