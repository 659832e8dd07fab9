package lp

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// lineLimit keeps every line of an LP file under the 510 characters the
// CPLEX LP format allows; long rows continue on the next line.
const lineLimit = 250

// WriteLP writes the model in CPLEX LP format, which CPLEX, Gurobi, HiGHS,
// GLPK (glpsol --lp), CBC and SCIP read: a Minimize section with the
// objective, Subject To with one named row per constraint, Bounds putting
// every variable in [0, 1], Binary declaring every variable integral, and
// End. Variables and rows carry readable names (Name); a comment at the top
// gives the puzzle's size and the formulation.
func (m *Model) WriteLP(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "\\ %dx%d puzzle, %d elements (pieces x rotations), formulation %v\n", m.rows, m.cols, m.elems, m.form)
	fmt.Fprintf(bw, "\\ %d binary variables (%d placements), %d constraints\n", m.Vars(), m.Placements(), m.Constraints())
	bw.WriteString("Minimize\n")
	var obj []term
	for v, c := range m.obj {
		if c != 0 {
			obj = append(obj, term{v, c})
		}
	}
	if len(obj) == 0 {
		// The format needs a term; a zero coefficient makes a pure
		// feasibility problem explicit.
		obj = []term{{0, 0}}
	}
	m.writeExpr(bw, "obj", obj)
	bw.WriteString("\n")
	bw.WriteString("Subject To\n")
	for _, r := range m.cons {
		m.writeExpr(bw, r.name, r.terms)
		fmt.Fprintf(bw, " %v %s\n", r.sense, strconv.FormatFloat(r.rhs, 'g', -1, 64))
	}
	bw.WriteString("Bounds\n")
	for _, n := range m.names {
		fmt.Fprintf(bw, " 0 <= %s <= 1\n", n)
	}
	bw.WriteString("Binary\n")
	line := 0
	for _, n := range m.names {
		if line+len(n) > lineLimit {
			bw.WriteString("\n")
			line = 0
		}
		bw.WriteString(" ")
		bw.WriteString(n)
		line += 1 + len(n)
	}
	bw.WriteString("\nEnd\n")
	return bw.Flush()
}

// writeExpr writes " name: c1 v1 + c2 v2 ...", breaking lines before a
// term once a line grows past lineLimit, and leaves the line open for the
// comparison.
func (m *Model) writeExpr(bw *bufio.Writer, name string, terms []term) {
	line, _ := bw.WriteString(" " + name + ":")
	for i, t := range terms {
		s := formatTerm(t.coef, m.names[t.v], i == 0)
		if line+len(s) > lineLimit {
			bw.WriteString("\n  ")
			line = 2
		}
		n, _ := bw.WriteString(s)
		line += n
	}
}

// formatTerm writes a coefficient and a variable with an explicit sign
// between terms, leaving out a coefficient of 1.
func formatTerm(c float64, name string, first bool) string {
	sign := "+"
	if c < 0 {
		sign, c = "-", -c
	}
	coef := ""
	if c != 1 {
		coef = strconv.FormatFloat(c, 'g', -1, 64) + " "
	}
	if first && sign == "+" {
		return " " + coef + name
	}
	return " " + sign + " " + coef + name
}
