package exactcover

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// dump describes a problem completely, to compare two.
func dump(p *Problem) string {
	var b strings.Builder
	prim, sec := p.Items()
	fmt.Fprintf(&b, "%d+%d:", prim, sec)
	for i := range prim + sec {
		fmt.Fprintf(&b, " %q", p.Name(i))
	}
	for o := range p.Options() {
		fmt.Fprintf(&b, "\n%v", p.Option(o))
	}
	return b.String()
}

func TestReadDLX(t *testing.T) {
	cases := []struct {
		name      string
		text      string
		names     []string
		primary   int
		options   [][]Elem
		rewritten string
	}{
		{
			name:    "Knuth's paper",
			text:    knuthPaper,
			names:   []string{"A", "B", "C", "D", "E", "F", "G"},
			primary: 7,
			options: [][]Elem{
				{{Item: 2}, {Item: 4}, {Item: 5}},
				{{Item: 0}, {Item: 3}, {Item: 6}},
				{{Item: 1}, {Item: 2}, {Item: 5}},
				{{Item: 0}, {Item: 3}},
				{{Item: 1}, {Item: 6}},
				{{Item: 3}, {Item: 4}, {Item: 6}},
			},
			rewritten: "A B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
		},
		{
			// Colour 1 is a number and keeps its code; colour 0 is a
			// name (0 means no colour) and takes the first code free.
			name:    "DLX2's colours",
			text:    knuthDLX2,
			names:   []string{"A", "B", "C", "X", "Y"},
			primary: 3,
			options: [][]Elem{
				{{Item: 0}, {Item: 1}, {Item: 3, Colour: 2}, {Item: 4, Colour: 2}},
				{{Item: 0}, {Item: 2}, {Item: 3, Colour: 1}, {Item: 4, Colour: 1}},
				{{Item: 2}, {Item: 3, Colour: 2}},
				{{Item: 1}, {Item: 3, Colour: 1}},
				{{Item: 2}, {Item: 4, Colour: 1}},
			},
			rewritten: "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
		},
		{
			name:      "blanks, tabs, CRLF, comments anywhere, '|' against a name",
			text:      "\r\n  | comment\r\n p\tq |r s\r\n\r\n| another\r\n  q  p r:red\r\n   |x y\r\np s:7 r:blue",
			names:     []string{"p", "q", "r", "s"},
			primary:   2,
			options:   [][]Elem{{{Item: 1}, {Item: 0}, {Item: 2, Colour: 1}}, {{Item: 0}, {Item: 3, Colour: 7}, {Item: 2, Colour: 2}}},
			rewritten: "p q | r s\nq p r:red\np s:7 r:blue\n",
		},
		{
			name:      "an option without a primary item is kept",
			text:      "a | b\nb\na\n",
			names:     []string{"a", "b"},
			primary:   1,
			options:   [][]Elem{{{Item: 1}}, {{Item: 0}}},
			rewritten: "a | b\nb\na\n",
		},
		{
			name:      "names of any length and characters but ':' and '|'",
			text:      "cell(1,2) éàü → |\n",
			names:     []string{"cell(1,2)", "éàü", "→"},
			primary:   3,
			rewritten: "cell(1,2) éàü →\n",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustRead(t, tc.text)
			prim, sec := p.Items()
			if prim != tc.primary || prim+sec != len(tc.names) {
				t.Fatalf("Items() = %d, %d; want %d primary of %d", prim, sec, tc.primary, len(tc.names))
			}
			for i, n := range tc.names {
				if p.Name(i) != n {
					t.Errorf("Name(%d) = %q, want %q", i, p.Name(i), n)
				}
			}
			if p.Options() != len(tc.options) {
				t.Fatalf("%d options, want %d", p.Options(), len(tc.options))
			}
			for o, want := range tc.options {
				if got := p.Option(o); !slices.Equal(got, want) {
					t.Errorf("option %d = %v, want %v", o, got, want)
				}
			}
			var buf bytes.Buffer
			if err := WriteDLX(&buf, p); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tc.rewritten {
				t.Errorf("WriteDLX wrote\n%s\nwant\n%s", buf.String(), tc.rewritten)
			}
		})
	}
}

func TestReadDLXErrors(t *testing.T) {
	cases := []struct {
		name string
		text string
		want string
	}{
		{name: "empty", text: "", want: "no item line in 0 lines"},
		{name: "comments only", text: "| a\n\n| b\n", want: "no item line in 3 lines"},
		{name: "item named twice", text: "A B A\n", want: `line 1: item "A" is named twice`},
		{name: "two separators", text: "A | B | C\n", want: "line 1: the item line has '|' twice"},
		{name: "DLX3 bounds", text: "A 2:3|B\n", want: `line 1: item multiplicities such as "2:3|B" (DLX3) are not supported`},
		{name: "DLX3 single bound", text: "| c\nA 3|B\n", want: `line 2: item multiplicities such as "3|B"`},
		{name: "colon in an item name", text: "A B:x\n", want: `line 1: name "B:x" has ':'`},
		{name: "bar inside an item name", text: "A B|x\n", want: `line 1: name "B|x" has '|'`},
		{name: "unknown item", text: "A\n| c\n\nB\n", want: `line 4: unknown item "B" (the items are named on line 1)`},
		{name: "colour on a primary item", text: "A | X\nA:1\n", want: `line 2: primary item "A" cannot take colour "1"`},
		{name: "empty colour", text: "A | X\nA X:\n", want: `line 2: item "X" has an empty colour`},
		{name: "colon in a colour", text: "A | X\nA X:a:b\n", want: `line 2: colour "a:b" of item "X" contains ':' or '|'`},
		{name: "item twice in an option", text: "A B\nA B A\n", want: `line 2: item "A" appears twice in the option`},
		{name: "colour without a name", text: "A\nA :x\n", want: `line 2: ":x" has no item name`},
		{name: "bar in an option", text: "A\nA|B\n", want: `line 2: item name "A|B" contains '|'`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ReadDLX(strings.NewReader(tc.text))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("ReadDLX = %v, %v; want an error containing %q", p, err, tc.want)
			}
		})
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errDisk }

var errDisk = errors.New("disk on fire")

func TestReadDLXReaderError(t *testing.T) {
	if _, err := ReadDLX(failingReader{}); !errors.Is(err, errDisk) {
		t.Errorf("ReadDLX = %v, want the reader's error", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errDisk }

func TestWriteDLXErrors(t *testing.T) {
	named := func(names ...string) *Problem {
		p := NewProblem(len(names), 0)
		for i, n := range names {
			p.SetName(i, n)
		}
		return p
	}
	cases := []struct {
		name string
		p    *Problem
		w    interface{ Write([]byte) (int, error) }
		want string
	}{
		{name: "nil problem", want: "nil problem"},
		{name: "no primary item", p: NewProblem(0, 2), want: "needs at least one primary item"},
		{name: "blank in a name", p: named("a b"), want: `item 0 ("a b"): name "a b" has ' '`},
		{name: "colon in a name", p: named("x", "a:b"), want: `item 1 ("a:b"): name "a:b" has ':'`},
		{name: "bar in a name", p: named("|"), want: `name "|" has '|'`},
		{name: "a name equal to another's default", p: named("1", ""), want: `items 0 and 1 are both named "1"`},
		{name: "writer error", p: named("a"), w: failingWriter{}, want: errDisk.Error()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.w
			if w == nil {
				w = new(bytes.Buffer)
			}
			if err := WriteDLX(w, tc.p); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("WriteDLX = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestRoundTrip writes problems built in code, with unnamed items and
// numbered colours, and reads them back unchanged.
func TestRoundTrip(t *testing.T) {
	problems := []*Problem{pentominoProblem(3, 20), pentominoProblem(8, 8, centre2x2...)}
	for seed := range uint64(50) {
		problems = append(problems, randomProblem(rand.New(rand.NewPCG(seed, 3)), true))
	}
	for i, p := range problems {
		var buf bytes.Buffer
		if err := WriteDLX(&buf, p); err != nil {
			t.Fatalf("problem %d: %v", i, err)
		}
		q, err := ReadDLX(&buf)
		if err != nil {
			t.Fatalf("problem %d: reading back: %v", i, err)
		}
		if dump(q) != dump(p) {
			t.Fatalf("problem %d changed on the way:\n%s\nread back as\n%s", i, dump(p), dump(q))
		}
	}
}

// FuzzReadDLX checks that ReadDLX never panics, and that whatever it reads
// it writes back in a form that reads the same and writes the same again.
func FuzzReadDLX(f *testing.F) {
	for _, s := range []string{
		knuthPaper,
		knuthDLX2,
		"A B | X Y\nA X:1 Y:b\nB X:1\nB Y:b X:01\n",
		"A 2:3|B\n",
		"|\n|A\nA |\nA\n",
		"p\tq |r s\r\nq p r:red\r\np s:7 r:blue",
		"A | X\nX\nA X:2147483647 \nA X:q\n",
		"A\nA A\n",
		"A\n:x\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ReadDLX(strings.NewReader(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "exactcover: ") {
				t.Errorf("error without the package prefix: %v", err)
			}
			return
		}
		var once bytes.Buffer
		if err := WriteDLX(&once, p); err != nil {
			t.Fatalf("WriteDLX of a problem ReadDLX read: %v", err)
		}
		q, err := ReadDLX(bytes.NewReader(once.Bytes()))
		if err != nil {
			t.Fatalf("reading back:\n%s\n%v", once.String(), err)
		}
		if dump(q) != dump(p) {
			t.Fatalf("the problem changed on the way:\n%s\nread back as\n%s", dump(p), dump(q))
		}
		var twice bytes.Buffer
		if err := WriteDLX(&twice, q); err != nil || twice.String() != once.String() {
			t.Fatalf("a second WriteDLX differs (%v):\n%s\nthen\n%s", err, once.String(), twice.String())
		}
	})
}
