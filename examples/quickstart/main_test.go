package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestRunJSON(t *testing.T) {
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	c := config{kind: "shapes", rows: 6, cols: 8, seed: 3, out: dir, json: true, timeout: time.Minute}
	if err := run(c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var s summary
	dec := json.NewDecoder(&stdout)
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("stdout is not one JSON object: %v\n%s", err, stdout.String())
	}
	if dec.More() {
		t.Fatalf("more than one JSON value on stdout")
	}
	if s.Pieces != 48 || !s.Solved || s.Nodes < 48 {
		t.Fatalf("summary %+v, want 48 pieces solved in at least 48 nodes", s)
	}
	for _, name := range []string{"scrambled.png", "solved.png"} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if b := img.Bounds(); b.Dx() <= 8 || b.Dy() <= 6 {
			t.Fatalf("%s is only %v", name, b)
		}
	}
}

func TestRunSummary(t *testing.T) {
	var stdout, stderr bytes.Buffer
	c := config{kind: "shapes", rows: 3, cols: 4, seed: 1, out: t.TempDir(), timeout: time.Minute}
	if err := run(c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"pieces:     12", "solved:     true"} {
		if !bytes.Contains(stdout.Bytes(), []byte(want)) {
			t.Errorf("summary lacks %q:\n%s", want, stdout.String())
		}
	}
}

// The default: the embedded photograph, orientation unknown, re-assembled
// perfectly.
func TestRunPhoto(t *testing.T) {
	var stdout, stderr bytes.Buffer
	c := config{kind: "photo", piece: 28, seed: 1, out: t.TempDir(), json: true, timeout: time.Minute}
	if err := run(c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var s summary
	if err := json.Unmarshal(stdout.Bytes(), &s); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout.String())
	}
	// The photograph is 451×300: 10 rows and 16 columns of 28-px pieces.
	if s.Pieces != 160 || !s.Solved || s.Direct != 1 || s.Neighbour != 1 {
		t.Fatalf("summary %+v, want 160 pieces re-assembled perfectly", s)
	}
}
