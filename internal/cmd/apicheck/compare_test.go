package main

import (
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// testPath is the import path of the synthetic packages.
const testPath = "example.com/m/p"

// typeCheck builds the package at path from src, the body of a file after
// its package clause.
func typeCheck(t *testing.T, path, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	name := path[strings.LastIndex(path, "/")+1:]
	f, err := parser.ParseFile(fset, "p.go", "package "+name+"\n"+src, 0)
	if err != nil {
		t.Fatalf("parsing %s: %v", path, err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatalf("type-checking %s: %v", path, err)
	}
	return pkg
}

// recorded is the record a -write of pkgs would leave, read back the way the
// check reads it, so that the tests go through the export data.
func recorded(t *testing.T, pkgs map[string]*types.Package) *record {
	t.Helper()
	rec := &record{Packages: map[string]*types.Package{}, Listings: map[string][]string{}}
	for path, pkg := range pkgs {
		data, err := exportData(pkg)
		if err != nil {
			t.Fatal(err)
		}
		back, err := readExportData(data, path)
		if err != nil {
			t.Fatal(err)
		}
		rec.Packages[path] = back
		rec.Listings[path] = listing(pkg)
	}
	return rec
}

func TestCompare(t *testing.T) {
	tests := []struct {
		name     string
		old, new string
		// Substrings of apidiff's messages, one per message expected.
		incompatible, compatible []string
		removed, added           []string // listing lines
	}{
		{
			name:         "removing a function breaks callers",
			old:          "func F() {}\nfunc G() {}",
			new:          "func G() {}",
			incompatible: []string{"F: removed"},
			removed:      []string{"func F()"},
		},
		{
			name:         "changing a signature breaks callers",
			old:          "func F(int) error { return nil }",
			new:          "func F(string) error { return nil }",
			incompatible: []string{"F: changed from func(int) error to func(string) error"},
			removed:      []string{"func F(int) error"},
			added:        []string{"func F(string) error"},
		},
		{
			name:         "adding a method to an interface breaks its implementations",
			old:          "type I interface { M() }",
			new:          "type I interface { M(); N() }",
			incompatible: []string{"I.N: added"},
			added:        []string{"type I interface, N()"},
		},
		{
			name:       "adding a function is compatible",
			old:        "func F() {}",
			new:        "func F() {}\nfunc G(...int) {}",
			compatible: []string{"G: added"},
			added:      []string{"func G(...int)"},
		},
		{
			name:       "adding a method to an interface no one else can implement is compatible",
			old:        "type I interface { M(); m() }",
			new:        "type I interface { M(); N(); m() }",
			compatible: []string{"I.N: added"},
			added:      []string{"type I interface, N()"},
		},
		{
			name:       "adding a struct field is compatible",
			old:        "type S struct { A int }",
			new:        "type S struct { A, B int }",
			compatible: []string{"S.B: added"},
			added:      []string{"type S struct, B int"},
		},
		{
			name:         "changing a constant's value breaks code that relied on it",
			old:          "type Side uint8\nconst Top Side = 0",
			new:          "type Side uint8\nconst Top Side = 1",
			incompatible: []string{"Top: value changed from 0 to 1"},
			removed:      []string{"const Top Side = 0"},
			added:        []string{"const Top Side = 1"},
		},
		{
			name:         "removing a method breaks callers",
			old:          "type T struct{}\nfunc (T) M() {}",
			new:          "type T struct{}",
			incompatible: []string{"T.M: removed"},
			removed:      []string{"method (T) M()"},
		},
		{
			name: "renaming a parameter or an unexported identifier changes nothing",
			old:  "func F(a int) {}\nfunc g() {}",
			new:  "func F(b int) {}\nfunc h() {}",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := recorded(t, map[string]*types.Package{testPath: typeCheck(t, testPath, tt.old)})
			cur := map[string]*types.Package{testPath: typeCheck(t, testPath, tt.new)}
			diffs := compare(rec, cur)
			if len(tt.incompatible)+len(tt.compatible)+len(tt.removed)+len(tt.added) == 0 {
				if len(diffs) != 0 {
					t.Fatalf("compare reported %+v, want no difference", diffs)
				}
				return
			}
			if len(diffs) != 1 || diffs[0].Path != testPath {
				t.Fatalf("compare reported %+v, want one difference, in %s", diffs, testPath)
			}
			d := diffs[0]
			checkMessages(t, "incompatible", d.Incompatible, tt.incompatible)
			checkMessages(t, "compatible", d.Compatible, tt.compatible)
			if got, want := d.breaking(), len(tt.incompatible) > 0; got != want {
				t.Errorf("breaking() = %v, want %v", got, want)
			}
			if diff := cmp.Diff(tt.removed, d.Removed); diff != "" {
				t.Errorf("removed listing lines (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.added, d.Added); diff != "" {
				t.Errorf("added listing lines (-want +got):\n%s", diff)
			}
		})
	}
}

// checkMessages checks that got has one message per substring in want.
func checkMessages(t *testing.T, kind string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s changes: got %q, want one containing each of %q", kind, got, want)
		return
	}
	for i := range want {
		if !strings.Contains(got[i], want[i]) {
			t.Errorf("%s change %d: got %q, want it to contain %q", kind, i, got[i], want[i])
		}
	}
}

func TestComparePackages(t *testing.T) {
	a := typeCheck(t, "example.com/m/a", "func A() {}")
	b := typeCheck(t, "example.com/m/b", "func B() {}")
	tests := []struct {
		name         string
		old, new     map[string]*types.Package
		want         []string // paths that differ
		wantBreaking []bool
	}{
		{
			name: "same packages",
			old:  map[string]*types.Package{a.Path(): a, b.Path(): b},
			new:  map[string]*types.Package{a.Path(): a, b.Path(): b},
		},
		{
			name:         "a removed package breaks its importers",
			old:          map[string]*types.Package{a.Path(): a, b.Path(): b},
			new:          map[string]*types.Package{a.Path(): a},
			want:         []string{b.Path()},
			wantBreaking: []bool{true},
		},
		{
			name:         "an added package is compatible but must be recorded",
			old:          map[string]*types.Package{a.Path(): a},
			new:          map[string]*types.Package{a.Path(): a, b.Path(): b},
			want:         []string{b.Path()},
			wantBreaking: []bool{false},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diffs := compare(recorded(t, tt.old), tt.new)
			var got []string
			var breaking []bool
			for _, d := range diffs {
				got = append(got, d.Path)
				breaking = append(breaking, d.breaking())
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("differing packages (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantBreaking, breaking); diff != "" {
				t.Errorf("breaking (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCompareEditedListing checks that a listing edited by hand, which
// apidiff cannot see since it reads the export data, still fails the check.
func TestCompareEditedListing(t *testing.T) {
	pkg := typeCheck(t, testPath, "func F() {}")
	rec := recorded(t, map[string]*types.Package{testPath: pkg})
	rec.Listings[testPath] = []string{"func F(int)"}
	diffs := compare(rec, map[string]*types.Package{testPath: pkg})
	want := []pkgDiff{{Path: testPath, Removed: []string{"func F(int)"}, Added: []string{"func F()"}}}
	if diff := cmp.Diff(want, diffs); diff != "" {
		t.Errorf("compare (-want +got):\n%s", diff)
	}
}

func TestListing(t *testing.T) {
	src := `
import "io"

const (
	Big   = 1 << 40
	Top S = 0
	hidden = 1
)

var V, W io.Reader

func F(int, ...string) (int, error) { return 0, nil }
func G[T any, U comparable](T) U { var u U; return u }

type S uint8

func (S) Valid() bool { return true }

type T struct {
	A     int
	inner
	Embedded
	x     int
}

type inner struct{ B int }

func (inner) Promoted() {}
func (*T) Set(int) {}

type Embedded struct{}

type I interface {
	io.Reader
	M(func(int) bool) error
	m()
}

type Number interface{ ~int | ~float64 }

type Pair[K comparable, V any] struct{ Key K; Val V }

func (p *Pair[K, V]) Swap() {}

type Alias = T
`
	// The expected lines follow the format that listing documents: the
	// order of go doc, parameter names left out, promoted methods listed.
	want := []string{
		"const Big untyped int = 1099511627776",
		"const Top S = 0",
		"var V io.Reader",
		"var W io.Reader",
		"func F(int, ...string) (int, error)",
		"func G[T any, U comparable](T) U",
		"type Alias = T",
		"type Embedded struct",
		"type I interface",
		"type I interface, M(func(int) bool) error",
		"type I interface, Read([]byte) (int, error)",
		"type I interface, unexported methods",
		"type Number interface",
		"type Number interface, type set ~int | ~float64",
		"type Pair[K comparable, V any] struct",
		"type Pair[K comparable, V any] struct, Key K",
		"type Pair[K comparable, V any] struct, Val V",
		"method (*Pair[K, V]) Swap()",
		"type S uint8",
		"method (S) Valid() bool",
		"type T struct",
		"type T struct, A int",
		"type T struct, embedded Embedded",
		"method (*T) Set(int)",
		"method (T) Promoted()",
	}
	got := listing(typeCheck(t, testPath, src))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("listing (-want +got):\n%s", diff)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	const modPath = "example.com/m"
	root := typeCheck(t, modPath, "func R() {}")
	a := typeCheck(t, modPath+"/a", "type A struct{ X int }\nfunc (*A) M() {}")
	deep := typeCheck(t, modPath+"/a/deep/er", "const C = 1")
	pkgs := map[string]*types.Package{root.Path(): root, a.Path(): a, deep.Path(): deep}
	dir := t.TempDir()
	// A file that is not a record, which writing must leave alone.
	notes := filepath.Join(dir, "README.md")
	if err := os.WriteFile(notes, []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}

	if err := writeRecord(dir, modPath, pkgs); err != nil {
		t.Fatal(err)
	}
	first := readTree(t, dir)
	rec, err := readRecord(dir, modPath)
	if err != nil {
		t.Fatal(err)
	}
	if diffs := compare(rec, pkgs); len(diffs) != 0 {
		t.Errorf("the record just written differs from its packages: %+v", diffs)
	}
	for name, data := range first {
		if strings.HasSuffix(name, exportExt) && bytes.Contains(data, []byte(".go")) {
			t.Errorf("%s names a source file; the record must not depend on where it was written", name)
		}
	}

	// Writing again must change no byte, or every rerun would churn the
	// committed record.
	if err := writeRecord(dir, modPath, pkgs); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first, readTree(t, dir)); diff != "" {
		t.Errorf("rewriting the same API changed the record (-first +second):\n%s", diff)
	}

	// A package that is gone loses its files and the directories they
	// left empty.
	delete(pkgs, deep.Path())
	if err := writeRecord(dir, modPath, pkgs); err != nil {
		t.Fatal(err)
	}
	var files []string
	for name := range readTree(t, dir) {
		files = append(files, name)
	}
	slices.Sort(files)
	want := []string{
		"README.md",
		"example.com/m.export", "example.com/m.txt",
		"example.com/m/a.export", "example.com/m/a.txt",
	}
	if diff := cmp.Diff(want, files); diff != "" {
		t.Errorf("files after removing a package (-want +got):\n%s", diff)
	}
	if _, err := os.Stat(filepath.Join(dir, "example.com", "m", "a", "deep")); !os.IsNotExist(err) {
		t.Errorf("the emptied directory of the removed package is still there (stat: %v)", err)
	}
}

// readTree returns the files under dir by slash-separated relative name.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestReadRecordErrors(t *testing.T) {
	const modPath = "example.com/m"
	pkg := typeCheck(t, modPath+"/a", "func A() {}")
	tests := []struct {
		name   string
		damage func(dir string) error
		want   string // in the error
	}{
		{
			name: "listing without export data",
			damage: func(dir string) error {
				return os.Remove(recordFile(dir, pkg.Path(), exportExt))
			},
			want: "a.export",
		},
		{
			name: "export data without listing",
			damage: func(dir string) error {
				return os.Remove(recordFile(dir, pkg.Path(), listingExt))
			},
			want: "a.txt",
		},
		{
			name: "truncated export data",
			damage: func(dir string) error {
				return os.WriteFile(recordFile(dir, pkg.Path(), exportExt), []byte(pkg.Path()+"\ni"), 0o644)
			},
			want: "a.export",
		},
		{
			name: "export data of another package",
			damage: func(dir string) error {
				return os.WriteFile(recordFile(dir, pkg.Path(), exportExt), []byte("example.com/m/b\n"), 0o644)
			},
			want: "a.export",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := writeRecord(dir, modPath, map[string]*types.Package{pkg.Path(): pkg}); err != nil {
				t.Fatal(err)
			}
			if err := tt.damage(dir); err != nil {
				t.Fatal(err)
			}
			_, err := readRecord(dir, modPath)
			if err == nil {
				t.Fatal("readRecord accepted a damaged record")
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), acceptCommand) {
				t.Errorf("error %q does not name %q and the command that rewrites the record", err, tt.want)
			}
		})
	}
}

func TestReport(t *testing.T) {
	tests := []struct {
		name  string
		diffs []pkgDiff
		want  []string // in the report
		not   []string // not in the report
	}{
		{
			name:  "incompatible",
			diffs: []pkgDiff{{Path: "example.com/m/a", Incompatible: []string{"F: removed"}, Removed: []string{"func F()"}}},
			want:  []string{"example.com/m/a\n", "incompatible: F: removed", "- func F()", "Incompatible changes in 1 package:", acceptCommand},
			not:   []string{"are compatible"},
		},
		{
			name:  "compatible only",
			diffs: []pkgDiff{{Path: "example.com/m/a", Compatible: []string{"G: added"}, Added: []string{"func G()"}}},
			want:  []string{"compatible:   G: added", "+ func G()", "The changes are compatible", acceptCommand},
			not:   []string{"incompatible"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			report(&b, tt.diffs)
			for _, w := range tt.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("report lacks %q:\n%s", w, b.String())
				}
			}
			for _, n := range tt.not {
				if strings.Contains(b.String(), n) {
					t.Errorf("report contains %q:\n%s", n, b.String())
				}
			}
		})
	}
}
