// Package methods names the module's solvers for the example programs, so
// that every program offers the same methods under the same names.
package methods

import (
	"fmt"
	"sort"
	"strings"

	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/backtrack"
	"github.com/reassemble/jigsaw/solve/baseline"
	"github.com/reassemble/jigsaw/solve/csp"
	"github.com/reassemble/jigsaw/solve/ga"
	"github.com/reassemble/jigsaw/solve/greedy"
	"github.com/reassemble/jigsaw/solve/sa"
	"github.com/reassemble/jigsaw/solve/tabu"
)

// Method is a solver under a name.
type Method struct {
	Name  string
	About string
	// New returns a fresh solver.
	New func() solve.Solver
	// Complete reports whether the method is an exhaustive search, which
	// suits exact-fit label puzzles and not soft-cost pictures.
	Complete bool
}

var all = []Method{
	{Name: "backtrack", About: "depth-first search, most-constrained cell first", Complete: true,
		New: func() solve.Solver { return backtrack.New(backtrack.WithOrder(backtrack.MostConstrained)) }},
	{Name: "csp", About: "constraint satisfaction: the thesis's configuration", Complete: true,
		New: func() solve.Solver { return csp.New(csp.Thesis()) }},
	{Name: "greedy", About: "best-buddy placement with exchange repair",
		New: func() solve.Solver { return greedy.New() }},
	{Name: "ga", About: "genetic algorithm, the thesis's preset",
		New: func() solve.Solver { return ga.New(ga.Thesis()) }},
	{Name: "ga-kernel", About: "genetic algorithm with kernel-growing crossover (Sholomon et al.)",
		New: func() solve.Solver { return ga.New(ga.Sholomon()) }},
	{Name: "sa", About: "simulated annealing, the thesis's schedule",
		New: func() solve.Solver { return sa.New(sa.Thesis()) }},
	{Name: "sa-strong", About: "simulated annealing, slow cooling with swap-and-turn moves",
		New: func() solve.Solver { return sa.New(sa.Strong()) }},
	{Name: "tabu", About: "tabu search, the thesis's preset",
		New: func() solve.Solver { return tabu.New(tabu.Thesis()) }},
	{Name: "st", About: "random deals (the thesis's ST baseline)",
		New: func() solve.Solver { return baseline.Random(baseline.WithAttempts(0)) }},
	{Name: "ss", About: "random deals with a best-rotation pass (the thesis's SS baseline)",
		New: func() solve.Solver { return baseline.Structured(baseline.WithAttempts(0)) }},
}

// All returns every method, by name.
func All() []Method {
	out := append([]Method(nil), all...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns the method names, sorted.
func Names() []string {
	var n []string
	for _, m := range All() {
		n = append(n, m.Name)
	}
	return n
}

// Get returns the method called name.
func Get(name string) (Method, error) {
	for _, m := range all {
		if m.Name == name {
			return m, nil
		}
	}
	return Method{}, fmt.Errorf("unknown method %q; choose from %s", name, strings.Join(Names(), ", "))
}

// Parse returns the methods of a comma-separated list, or all of them for
// "all".
func Parse(list string) ([]Method, error) {
	if list == "all" {
		return All(), nil
	}
	var out []Method
	for _, name := range strings.Split(list, ",") {
		m, err := Get(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
