package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// writeFiles writes files, by slash-separated name, under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		file := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRun drives the command on a small module of its own, through the go
// command, the way the build runs it: write the record, check it, then
// break the API and add to it.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"go.mod":                "module example.com/e\n\ngo 1.26\n",
		"a/a.go":                "package a\n\n// A is kept.\nfunc A() {}\n\n// B goes.\nfunc B() {}\n",
		"a/a_test.go":           "package a\n\nfunc TestOnly() {}\n",
		"internal/x/x.go":       "package x\n\nfunc X() {}\n",
		"cmd/tool/main.go":      "package main\n\nfunc main() {}\n",
		"testdata/t/t.go":       "package t\n\nfunc T() {}\n",
		"a/internal/y/y.go":     "package y\n\nfunc Y() {}\n",
		"a/nested/deep/deep.go": "package deep\n\nconst D = 1\n",
	})
	runIn := func(dir string, args ...string) (int, string) {
		t.Helper()
		var out, errs strings.Builder
		code := run(dir, args, &out, &errs)
		return code, out.String() + errs.String()
	}

	if code, out := runIn(root); code != 1 || !strings.Contains(out, "package added") {
		t.Fatalf("checking without a record: status %d, want 1 with the packages added:\n%s", code, out)
	}
	if code, out := runIn(root, "-write"); code != 0 {
		t.Fatalf("-write: status %d:\n%s", code, out)
	}
	var files []string
	err := filepath.WalkDir(filepath.Join(root, "api"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(root, path)
			files = append(files, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	want := "api/example.com/e/a.export api/example.com/e/a.txt api/example.com/e/a/nested/deep.export api/example.com/e/a/nested/deep.txt"
	if got := strings.Join(files, " "); got != want {
		t.Errorf("recorded files\n%s\nwant only the importable packages\n%s", got, want)
	}
	text, err := os.ReadFile(filepath.Join(root, "api", "example.com", "e", "a.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(text), "\nfunc A()\n") || strings.Contains(string(text), "TestOnly") {
		t.Errorf("a.txt should list A and nothing from test files:\n%s", text)
	}
	// From a subdirectory the check still covers the whole module.
	if code, out := runIn(filepath.Join(root, "a", "nested")); code != 0 {
		t.Fatalf("checking the record just written: status %d:\n%s", code, out)
	}

	writeFiles(t, root, map[string]string{"a/a.go": "package a\n\n// A is kept.\nfunc A() {}\n"})
	code, out := runIn(root)
	if code != 1 || !strings.Contains(out, "incompatible: B: removed") || !strings.Contains(out, acceptCommand) {
		t.Errorf("after removing B: status %d, want 1 with B removed and how to accept it:\n%s", code, out)
	}

	writeFiles(t, root, map[string]string{"a/a.go": "package a\n\n// A is kept.\nfunc A() {}\n\n// B goes.\nfunc B() {}\n\n// C is new.\nfunc C() {}\n"})
	code, out = runIn(root)
	if code != 1 || !strings.Contains(out, "compatible:   C: added") || strings.Contains(out, "incompatible") {
		t.Errorf("after adding C: status %d, want 1 with C added and nothing incompatible:\n%s", code, out)
	}

	if code, out := runIn(root, "extra"); code != 2 {
		t.Errorf("with an argument: status %d, want 2:\n%s", code, out)
	}
}
