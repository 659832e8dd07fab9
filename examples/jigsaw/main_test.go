package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCoffeeRotatedJSON(t *testing.T) {
	img := filepath.Join("..", "..", "testdata", "coffee.png")
	var stdout, stderr bytes.Buffer
	c := config{image: img, piece: 28, rotate: true, solver: "greedy", measure: "mgc", seed: 1, out: t.TempDir(), json: true, timeout: time.Minute}
	if err := run(c, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	var r map[string]any
	dec := json.NewDecoder(&stdout)
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("stdout is not one JSON object: %v", err)
	}
	for _, key := range []string{"pieces", "rows", "cols", "rotate", "solver", "measure", "seconds", "direct", "direct_shift", "neighbour", "perfect"} {
		if _, ok := r[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	// testdata/README.md: coffee.png is 600×400, so 14 rows and 21
	// columns of 28-px pieces.
	if r["pieces"] != 294.0 || r["perfect"] != true {
		t.Errorf("got %v, want 294 pieces re-assembled perfectly", r)
	}
}

func TestErrors(t *testing.T) {
	junk := filepath.Join(t.TempDir(), "junk.png")
	if err := os.WriteFile(junk, []byte("not an image"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		c    config
		want string
	}{
		{"unknown solver", config{solver: "magic", measure: "mgc", piece: 28}, "unknown solver"},
		{"unknown measure", config{solver: "greedy", measure: "magic", piece: 28}, "magic"},
		{"missing file", config{image: "no/such/file.png", solver: "greedy", measure: "mgc", piece: 28}, "no/such/file.png"},
		{"unreadable file", config{image: junk, solver: "greedy", measure: "mgc", piece: 28}, "junk.png"},
		{"piece larger than the picture", config{solver: "greedy", measure: "mgc", piece: 1000}, "smaller than one"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.out = t.TempDir()
			tc.c.timeout = time.Minute
			var stdout, stderr bytes.Buffer
			err := run(tc.c, &stdout, &stderr)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}
