package exactcover

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReadDLX reads a problem in the text format of Knuth's DLX1 and DLX2:
//
//	| A simple example of color controls
//	A B C | X Y
//	A B X:0 Y:0
//	A C X:1 Y:1
//	C X:0
//	B X:1
//	C Y:1
//
// Lines whose first non-blank character is '|' are comments, and blank
// lines are skipped. The first other line names the items, separated by
// blanks: the primary items, then, after a '|', the secondary ones. Each
// further line is an option, listing its items by name; a secondary item
// may carry a colour, as name:colour. Names are any non-blank characters
// but ':' and '|' (Knuth's programs also limit them to 8 characters; this
// reader does not).
//
// Colours named by a positive decimal number (without leading zeros) get
// that number as their code; others get the smallest codes left free, in
// order of first appearance, and keep their names for WriteDLX. DLX3's item
// multiplicities (a:b|name) are not supported and are reported as such.
//
// Errors name the line at fault.
func ReadDLX(r io.Reader) (*Problem, error) {
	br := bufio.NewReader(r)
	var (
		p        *Problem
		index    map[string]int32 // item name → item
		colours  = map[string]int32{}
		names    []string // non-numeric colour names, by order of appearance
		numeric  = map[int32]bool{}
		pending  []Elem // elements of all options; Colour < 0 is -(1+name index)
		starts   = []int{0}
		lines    []int // line of each option
		lineNo   int
		itemLine = 0
		seen     []int // seen[i] is the last line that named item i
	)
	for {
		line, err := br.ReadString('\n')
		if line == "" && err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, fmt.Errorf("exactcover: reading line %d: %w", lineNo+1, err)
		}
		lineNo++
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "|") {
			continue
		}
		if p == nil {
			var err error
			p, index, err = readItems(fields, lineNo)
			if err != nil {
				return nil, err
			}
			itemLine = lineNo
			seen = make([]int, len(index))
			continue
		}
		for _, f := range fields {
			name, colour, hasColour := strings.Cut(f, ":")
			it, ok := index[name]
			switch {
			case name == "":
				return nil, fmt.Errorf("exactcover: line %d: %q has no item name", lineNo, f)
			case strings.Contains(name, "|"):
				return nil, fmt.Errorf("exactcover: line %d: item name %q contains '|'", lineNo, name)
			case !ok:
				return nil, fmt.Errorf("exactcover: line %d: unknown item %q (the items are named on line %d)", lineNo, name, itemLine)
			case seen[it] == lineNo:
				return nil, fmt.Errorf("exactcover: line %d: item %q appears twice in the option", lineNo, name)
			}
			seen[it] = lineNo
			e := Elem{Item: it}
			if hasColour {
				switch {
				case int(it) < p.primary:
					return nil, fmt.Errorf("exactcover: line %d: primary item %q cannot take colour %q", lineNo, name, colour)
				case colour == "":
					return nil, fmt.Errorf("exactcover: line %d: item %q has an empty colour", lineNo, name)
				case strings.ContainsAny(colour, ":|"):
					return nil, fmt.Errorf("exactcover: line %d: colour %q of item %q contains ':' or '|'", lineNo, colour, name)
				}
				if v, ok := numericColour(colour); ok {
					e.Colour = v
					numeric[v] = true
				} else {
					k, ok := colours[colour]
					if !ok {
						k = int32(len(names))
						colours[colour] = k
						names = append(names, colour)
					}
					e.Colour = -1 - k
				}
			}
			pending = append(pending, e)
		}
		starts = append(starts, len(pending))
		lines = append(lines, lineNo)
	}
	if p == nil {
		return nil, fmt.Errorf("exactcover: no item line in %d lines", lineNo)
	}
	// Named colours take the smallest codes that no numbered colour uses.
	codes := make([]int32, len(names))
	next := int32(1)
	for k := range codes {
		for numeric[next] {
			next++
		}
		codes[k] = next
		next++
	}
	if len(names) > 0 {
		p.colourNames = make(map[int32]string, len(names))
		for k, c := range codes {
			p.colourNames[c] = names[k]
		}
	}
	for i := range pending {
		if c := pending[i].Colour; c < 0 {
			pending[i].Colour = codes[-1-c]
		}
	}
	for o, line := range lines {
		if _, err := p.AddOption(pending[starts[o]:starts[o+1]]...); err != nil {
			// Only a problem too large to index gets here.
			return nil, fmt.Errorf("exactcover: line %d: %s", line, strings.TrimPrefix(err.Error(), "exactcover: "))
		}
	}
	return p, nil
}

// readItems reads the item line.
func readItems(fields []string, line int) (*Problem, map[string]int32, error) {
	var prim, sec []string
	split := false
	index := map[string]int32{}
	for _, f := range fields {
		if strings.HasPrefix(f, "|") {
			if split {
				return nil, nil, fmt.Errorf("exactcover: line %d: the item line has '|' twice", line)
			}
			split = true
			// Knuth's reader lets a name follow '|' without a blank.
			if f = f[1:]; f == "" {
				continue
			}
		}
		if before, _, ok := strings.Cut(f, "|"); ok && multiplicity(before) {
			return nil, nil, fmt.Errorf("exactcover: line %d: item multiplicities such as %q (DLX3) are not supported", line, f)
		}
		if err := checkName(f); err != nil {
			return nil, nil, fmt.Errorf("exactcover: line %d: %w", line, err)
		}
		if _, dup := index[f]; dup {
			return nil, nil, fmt.Errorf("exactcover: line %d: item %q is named twice", line, f)
		}
		index[f] = int32(len(index))
		if split {
			sec = append(sec, f)
		} else {
			prim = append(prim, f)
		}
	}
	if len(prim) == 0 {
		// Unreachable from ReadDLX, whose item line cannot begin with
		// '|', but cheap to keep honest.
		return nil, nil, fmt.Errorf("exactcover: line %d: no primary items", line)
	}
	p := NewProblem(len(prim), len(sec))
	for i, n := range slices.Concat(prim, sec) {
		p.SetName(i, n)
	}
	return p, index, nil
}

// multiplicity reports whether s is DLX3's bound prefix: a number, or two
// numbers with a colon between them.
func multiplicity(s string) bool {
	a, b, two := strings.Cut(s, ":")
	return digits(a) && (!two || digits(b))
}

func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// numericColour reads a colour named by its code: a positive int32 in
// decimal, as strconv.Itoa writes it.
func numericColour(s string) (int32, bool) {
	v, err := strconv.ParseInt(s, 10, 32)
	if err != nil || v < 1 || strconv.FormatInt(v, 10) != s {
		return 0, false
	}
	return int32(v), true
}

// checkName reports why a name cannot appear in a .dlx file.
func checkName(s string) error {
	if s == "" {
		return errors.New("empty name")
	}
	for i, r := range s {
		if r == utf8.RuneError {
			continue
		}
		if unicode.IsSpace(r) || r == ':' || r == '|' {
			return fmt.Errorf("name %q has %q at byte %d", s, r, i)
		}
	}
	return nil
}

// WriteDLX writes p in the format ReadDLX reads: the item line, then one
// line per option. Items are written by Name; colours by the name ReadDLX
// read them with, or else by their code in decimal. It reports a problem
// the format cannot hold: no primary item (the item line would read as a
// comment), or names that are empty, repeated, or contain blanks, ':' or
// '|'.
func WriteDLX(w io.Writer, p *Problem) error {
	if p == nil {
		return ErrNilProblem
	}
	if p.primary == 0 {
		return errors.New("exactcover: the .dlx format needs at least one primary item")
	}
	n := p.primary + p.secondary
	names := make([]string, n)
	seen := make(map[string]int, n)
	for i := range names {
		names[i] = p.Name(i)
		if err := checkName(names[i]); err != nil {
			return fmt.Errorf("exactcover: %s: %w", p.describe(i), err)
		}
		if j, dup := seen[names[i]]; dup {
			return fmt.Errorf("exactcover: items %d and %d are both named %q", j, i, names[i])
		}
		seen[names[i]] = i
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(strings.Join(names[:p.primary], " "))
	if p.secondary > 0 {
		bw.WriteString(" | ")
		bw.WriteString(strings.Join(names[p.primary:], " "))
	}
	bw.WriteByte('\n')
	for o := range p.Options() {
		for j, e := range p.elems[p.start[o]:p.start[o+1]] {
			if j > 0 {
				bw.WriteByte(' ')
			}
			bw.WriteString(names[e.Item])
			if e.Colour != 0 {
				bw.WriteByte(':')
				if s, ok := p.colourNames[e.Colour]; ok {
					bw.WriteString(s)
				} else {
					bw.WriteString(strconv.Itoa(int(e.Colour)))
				}
			}
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
