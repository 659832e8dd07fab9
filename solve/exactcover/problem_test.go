package exactcover

import (
	"slices"
	"strings"
	"testing"
)

func TestAddOptionErrors(t *testing.T) {
	p := NewProblem(2, 1)
	p.SetName(0, "A")
	p.SetName(2, "X")
	cases := []struct {
		name  string
		elems []Elem
		want  string
	}{
		{name: "empty", want: "option 0 is empty"},
		{name: "item too large", elems: []Elem{{Item: 3}}, want: "item 3 out of range [0, 3)"},
		{name: "negative item", elems: []Elem{{Item: -1}}, want: "item -1 out of range"},
		{name: "repeated named item", elems: []Elem{{Item: 0}, {Item: 1}, {Item: 0}}, want: `item 0 ("A") appears twice`},
		{name: "repeated unnamed item", elems: []Elem{{Item: 1}, {Item: 1}}, want: "item 1 appears twice"},
		{name: "colour on a primary item", elems: []Elem{{Item: 0, Colour: 2}}, want: `primary item 0 ("A") cannot take colour 2`},
		{name: "negative colour", elems: []Elem{{Item: 1}, {Item: 2, Colour: -1}}, want: `item 2 ("X") has negative colour -1`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			i, err := p.AddOption(tc.elems...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("AddOption(%v) = %d, %v; want an error containing %q", tc.elems, i, err, tc.want)
			}
			if i != -1 || p.Options() != 0 {
				t.Errorf("a failed AddOption returned %d and left %d options, want -1 and 0", i, p.Options())
			}
		})
	}
	// The failed calls leave no trace: the items they marked are free.
	if i, err := p.AddOption(Elem{Item: 1}, Elem{Item: 0}, Elem{Item: 2, Colour: 7}); err != nil || i != 0 {
		t.Fatalf("AddOption after failures = %d, %v; want 0, nil", i, err)
	}
	if i, err := p.AddOption(Elem{Item: 2}); err != nil || i != 1 {
		t.Fatalf("AddOption of a secondary-only option = %d, %v; want 1, nil", i, err)
	}
}

func TestProblemAccessors(t *testing.T) {
	p := NewProblem(2, 1)
	if got := p.Name(1); got != "1" {
		t.Errorf("Name of an unnamed item = %q, want its index", got)
	}
	p.SetName(1, "B")
	if got := p.Name(1); got != "B" {
		t.Errorf("Name = %q, want B", got)
	}
	p.SetName(1, "")
	if got := p.Name(1); got != "1" {
		t.Errorf("Name after clearing = %q, want its index", got)
	}
	in := []Elem{{Item: 1}, {Item: 2, Colour: 3}}
	if _, err := p.AddOption(in...); err != nil {
		t.Fatal(err)
	}
	in[0].Item = 0 // the problem keeps its own copy
	got := p.Option(0)
	if want := []Elem{{Item: 1}, {Item: 2, Colour: 3}}; !slices.Equal(got, want) {
		t.Fatalf("Option(0) = %v, want %v", got, want)
	}
	got[0].Item = 0 // and hands out copies
	if p.Option(0)[0].Item != 1 {
		t.Error("changing Option's result changed the problem")
	}
	if pr, sec := p.Items(); pr != 2 || sec != 1 {
		t.Errorf("Items() = %d, %d; want 2, 1", pr, sec)
	}
}

func TestProblemPanics(t *testing.T) {
	cases := []struct {
		name string
		f    func()
	}{
		{"negative primary", func() { NewProblem(-1, 0) }},
		{"negative secondary", func() { NewProblem(0, -1) }},
		{"SetName out of range", func() { NewProblem(1, 0).SetName(1, "x") }},
		{"Name out of range", func() { NewProblem(1, 0).Name(-1) }},
		{"Option out of range", func() { NewProblem(1, 0).Option(0) }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			tc.f()
		})
	}
}

func TestGrow(t *testing.T) {
	tests := []struct {
		name           string
		options, elems int
		// wantKept says whether adding that many options must keep the
		// arrays Grow reserved.
		wantKept bool
	}{
		{name: "room for all", options: 100, elems: 200, wantKept: true},
		{name: "negative sizes reserve nothing", options: -1, elems: -5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := NewProblem(2, 0)
			p.Grow(tc.options, tc.elems)
			elems, start := cap(p.elems), cap(p.start)
			if tc.wantKept && (elems < tc.elems || start < tc.options+1) {
				t.Fatalf("room for %d elements and %d option starts, want %d and %d", elems, start, tc.elems, tc.options+1)
			}
			for range max(tc.options, 3) {
				if _, err := p.AddOption(Elem{Item: 0}, Elem{Item: 1}); err != nil {
					t.Fatal(err)
				}
			}
			if tc.wantKept && (cap(p.elems) != elems || cap(p.start) != start) {
				t.Errorf("adding the options reserved for grew the arrays")
			}
			if got := p.Option(p.Options() - 1); !slices.Equal(got, []Elem{{Item: 0}, {Item: 1}}) {
				t.Errorf("last option %v, want items 0 and 1", got)
			}
		})
	}
}
