package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCompareJSON(t *testing.T) {
	dir := t.TempDir()
	c := config{gen: "unique", size: "3x3", rotate: true, methods: "all", budget: 300 * time.Millisecond, seed: 2, out: dir, json: true}
	var stdout, stderr bytes.Buffer
	if err := run(context.Background(), c, &stdout, &stderr); err != nil {
		t.Fatalf("run: %v\n%s", err, stderr.String())
	}
	var rep report
	dec := json.NewDecoder(&stdout)
	if err := dec.Decode(&rep); err != nil {
		t.Fatal(err)
	}
	if dec.More() {
		t.Fatal("more than one JSON value on stdout")
	}
	if rep.Rows != 3 || rep.Cols != 3 || rep.Pieces != 9 || !rep.Rotatable {
		t.Errorf("puzzle %+v, want a rotatable 3×3 of 9 pieces", rep)
	}
	if len(rep.Methods) == 0 {
		t.Fatal("no methods ran")
	}
	for _, o := range rep.Methods {
		if len(o.Curve) == 0 {
			t.Errorf("%s: empty curve", o.Method)
			continue
		}
		for k := 1; k < len(o.Curve); k++ {
			if o.Curve[k].Cost >= o.Curve[k-1].Cost || o.Curve[k].Seconds < o.Curve[k-1].Seconds {
				t.Errorf("%s: curve not a falling staircase at %d: %v", o.Method, k, o.Curve)
			}
		}
		if last := o.Curve[len(o.Curve)-1].Cost; last != o.Cost {
			t.Errorf("%s: curve ends at %v, result costs %v", o.Method, last, o.Cost)
		}
		if o.Neighbour == nil || (o.Cost == 0) != (*o.Neighbour == 1) {
			t.Errorf("%s: cost %v but neighbour accuracy %v: a unique-label puzzle is solved exactly when its cost is 0", o.Method, o.Cost, o.Neighbour)
		}
	}
	f, err := os.Open(filepath.Join(dir, "compare.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Fatalf("compare.png: %v", err)
	}
}

func TestCompareErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    config
		want string
	}{
		{"bad method", config{gen: "unique", size: "3x3", methods: "nope", budget: time.Second}, "unknown method"},
		{"bad size", config{gen: "unique", size: "three", methods: "all", budget: time.Second}, "-size"},
		{"bad gen", config{gen: "cubes", size: "3x3", methods: "all", budget: time.Second}, "unknown -gen"},
		{"no budget", config{gen: "unique", size: "3x3", methods: "all"}, "-budget"},
		{"missing file", config{file: "does-not-exist.txt", methods: "all", budget: time.Second}, "does-not-exist"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.out = t.TempDir()
			err := run(context.Background(), tc.c, &bytes.Buffer{}, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}
