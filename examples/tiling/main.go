// Tiling solves polyomino tiling puzzles: cover a board exactly with tiles,
// each tile square on a board square of its colour, as in seed 003 and the
// puzzles of Gabriel Robins' tiling-puzzle page.
//
// By default it solves the embedded 6×10 pentomino rectangle with rotation
// and reflection, prints a solution, and with -all counts every solution:
//
//	go run ./examples/tiling [-puzzle FILE] [-mode none|rotate|reflect|reflect-only]
//	                         [-all] [-unique] [-method exactcover|backtrack]
//	                         [-bounds holes|seed|none] [-timeout 10m] [-json]
//
// -unique counts solutions also up to the board's symmetries (and implies
// -all). With -json it prints exactly one JSON object on stdout:
//
//	{"name":"pentominoes6x10","mode":"reflect","solutions":9356,"unique":2339,"seconds":2.9,"nodes":3627872,"status":"exhausted","method":"exactcover"}
//
// solutions is 1 or 0 without -all; unique is null unless counted; nodes
// counts search nodes. -bounds picks the backtracker's dead-end rules: the
// seed's hole-size rules over holes joined through sides (holes) or also
// through corners, as the seed's code has it (seed), or none, to measure
// what they save.
//
// With -table DIR it solves every puzzle (*.txt) in DIR in the seed's three
// modes, counts all solutions and the unique ones, and prints the seed's
// three tables with the seed author's figures from DIR/seed003-report.csv
// beside ours. It fails if a count differs from the seed's.
//
//	go run ./examples/tiling -table ../shared/data/tiling
package main

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/puzzle/polyomino"
	"github.com/reassemble/jigsaw/solve"
	"github.com/reassemble/jigsaw/solve/tiling"
)

// defaultPuzzle is the 12 pentominoes and a 6×10 board, in the seed's text
// format.
//
//go:embed pentominoes6x10.txt
var defaultPuzzle []byte

type config struct {
	puzzle  string
	mode    string
	method  string
	bounds  string
	all     bool
	unique  bool
	json    bool
	table   string
	timeout time.Duration
}

// summary is the -json output for one puzzle.
type summary struct {
	Name      string  `json:"name"`
	Mode      string  `json:"mode"`
	Solutions int64   `json:"solutions"`
	Unique    *int64  `json:"unique"`
	Seconds   float64 `json:"seconds"`
	Nodes     int64   `json:"nodes"`
	Status    string  `json:"status"`
	Method    string  `json:"method"`
}

func main() {
	var c config
	flag.StringVar(&c.puzzle, "puzzle", "", "puzzle file in the seed's text format (default: the embedded 6×10 pentomino rectangle)")
	flag.StringVar(&c.mode, "mode", "reflect", "which ways tiles may turn: none, rotate, reflect or reflect-only")
	flag.StringVar(&c.method, "method", "exactcover", "exactcover (dancing links) or backtrack (the seed's method)")
	flag.StringVar(&c.bounds, "bounds", "holes", "dead-end rules of -method backtrack: holes, seed or none")
	flag.BoolVar(&c.all, "all", false, "count every solution")
	flag.BoolVar(&c.unique, "unique", false, "also count solutions up to the board's symmetries (implies -all)")
	flag.BoolVar(&c.json, "json", false, "print one JSON object on stdout instead of the summary")
	flag.StringVar(&c.table, "table", "", "solve every puzzle in this directory in the seed's three modes and compare with its tables")
	flag.DurationVar(&c.timeout, "timeout", 30*time.Minute, "give up after this long (per count with -table)")
	flag.Parse()
	if err := run(c, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "tiling:", err)
		os.Exit(1)
	}
}

func run(c config, stdout, stderr io.Writer) error {
	var opts []tiling.Option
	switch c.method {
	case "exactcover":
	case "backtrack":
		opts = append(opts, tiling.WithMethod(tiling.Backtrack))
	default:
		return fmt.Errorf("unknown -method %q: exactcover or backtrack", c.method)
	}
	switch c.bounds {
	case "holes", "":
	case "seed":
		opts = append(opts, tiling.WithBounds(tiling.SeedHoleBounds))
	case "none":
		opts = append(opts, tiling.WithBounds(tiling.NoBounds))
	default:
		return fmt.Errorf("unknown -bounds %q: holes, seed or none", c.bounds)
	}
	if c.table != "" {
		return runTable(c, opts, stdout, stderr)
	}
	mode, err := polyomino.ParseMode(c.mode)
	if err != nil {
		return err
	}
	p, err := loadPuzzle(c.puzzle)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	sum := summary{Name: p.Name, Mode: mode.String(), Method: c.method}
	prog := progress(stderr, p.Name+" "+mode.String())
	if c.unique {
		c.all = true
	}

	if !c.json || !c.all {
		sol, res, err := tiling.New(opts...).First(ctx, p, mode, prog)
		if err != nil {
			return err
		}
		sum.Solutions, sum.Seconds, sum.Nodes, sum.Status = res.Solutions, res.Stats.Runtime.Seconds(), res.Stats.Nodes, res.Status.String()
		if !c.json {
			board, tiles := p.Area()
			fmt.Fprintf(stdout, "%s: %d tiles (%d squares) on a board of %d squares, mode %s, %s\n", p.Name, len(p.Tiles), tiles, board, mode, c.method)
			if sol == nil {
				fmt.Fprintf(stdout, "no solution (%s) after %d nodes, %.3f s\n", res.Status, res.Stats.Nodes, sum.Seconds)
			} else {
				drawing, err := p.Render(sol)
				if err != nil {
					return err
				}
				fmt.Fprintf(stdout, "first solution after %d nodes, %.3f s (tile 0 is A, tile 1 is B, ...):\n%s", res.Stats.Nodes, sum.Seconds, drawing)
			}
		}
	}
	if c.all {
		res, err := tiling.New(append(opts, tiling.WithUnique(c.unique))...).Count(ctx, p, mode, prog)
		if err != nil {
			return err
		}
		sum.Solutions, sum.Seconds, sum.Nodes, sum.Status = res.Solutions, res.Stats.Runtime.Seconds(), res.Stats.Nodes, res.Status.String()
		if c.unique {
			sum.Unique = &res.Unique
		}
		if !c.json {
			fmt.Fprintf(stdout, "%d solutions", res.Solutions)
			if c.unique {
				fmt.Fprintf(stdout, ", %d up to the board's %d symmetries", res.Unique, len(p.Symmetries()))
			}
			fmt.Fprintf(stdout, " (%s) in %.3f s, %d nodes\n", res.Status, sum.Seconds, res.Stats.Nodes)
		}
	}
	if c.json {
		return json.NewEncoder(stdout).Encode(sum)
	}
	return nil
}

// loadPuzzle reads the puzzle file, or the embedded puzzle for "", and
// names it after the file.
func loadPuzzle(path string) (*polyomino.Puzzle, error) {
	var r io.Reader = bytes.NewReader(defaultPuzzle)
	name := "pentominoes6x10"
	if path != "" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	p, err := polyomino.Parse(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p.Name = name
	return p, nil
}

// progress reports a long search on w about once a second.
func progress(w io.Writer, what string) solve.Option {
	var last time.Time
	return solve.Options{
		solve.WithProgressEvery(1 << 16),
		solve.WithObserver(func(e solve.Event) error {
			switch {
			case e.Kind == solve.Started:
				last = time.Now()
			case e.Kind == solve.Progress && time.Since(last) >= time.Second:
				last = time.Now()
				fmt.Fprintf(w, "tiling: %s: %d nodes, %.0f s\n", what, e.Stats.Nodes, e.Stats.Runtime.Seconds())
			}
			return nil
		}),
	}
}

// The seed's three modes, in the order of its tables, with its titles.
var tableModes = []struct {
	mode  polyomino.Mode
	title string
}{
	{polyomino.None, "Without Rotation and Reflection"},
	{polyomino.Rotate, "With Rotation and without Reflection"},
	{polyomino.Reflect, "With Rotation and Reflection"},
}

// seedFigures are one cell of the seed's tables: first solution found and
// its ms, all solutions and their ms, unique solutions and their ms.
type seedFigures struct {
	first, firstMS, raw, rawMS, unique, uniqueMS int64
}

// row is one line of a table, ours and the seed's, for -json.
type row struct {
	Name          string   `json:"name"`
	Mode          string   `json:"mode"`
	First         int64    `json:"first"`
	FirstSeconds  float64  `json:"first_seconds"`
	Solutions     int64    `json:"solutions"`
	Unique        int64    `json:"unique"`
	Seconds       float64  `json:"seconds"`
	Nodes         int64    `json:"nodes"`
	Status        string   `json:"status"`
	SeedFirst     *int64   `json:"seed_first"`
	SeedSolutions *int64   `json:"seed_solutions"`
	SeedUnique    *int64   `json:"seed_unique"`
	SeedSeconds   *float64 `json:"seed_seconds"`
	Match         bool     `json:"match"`
}

func runTable(c config, opts []tiling.Option, stdout, stderr io.Writer) error {
	files, err := filepath.Glob(filepath.Join(c.table, "*.txt"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no puzzles (*.txt) in %s", c.table)
	}
	slices.Sort(files)
	seed, err := readReport(filepath.Join(c.table, "seed003-report.csv"))
	if err != nil {
		return err
	}
	var puzzles []*polyomino.Puzzle
	for _, f := range files {
		p, err := loadPuzzle(f)
		if err != nil {
			return err
		}
		puzzles = append(puzzles, p)
	}
	s := tiling.New(opts...)
	var rows []row
	mismatches := 0
	for m, tm := range tableModes {
		for _, p := range puzzles {
			r, err := tableRow(c, s, p, tm.mode, stderr)
			if err != nil {
				return err
			}
			if f, ok := seed[strings.ToLower(p.Name)]; ok {
				f := f[m]
				sec := float64(f.uniqueMS) / 1000
				r.SeedFirst, r.SeedSolutions, r.SeedUnique, r.SeedSeconds = &f.first, &f.raw, &f.unique, &sec
				r.Match = r.First == f.first && r.Solutions == f.raw && r.Unique == f.unique
				if !r.Match {
					mismatches++
				}
			}
			rows = append(rows, r)
		}
	}
	if c.json {
		err = json.NewEncoder(stdout).Encode(struct {
			Method     string `json:"method"`
			Rows       []row  `json:"rows"`
			Mismatches int    `json:"mismatches"`
		}{c.method, rows, mismatches})
	} else {
		err = printTables(stdout, rows, len(seed) > 0)
	}
	if err != nil {
		return err
	}
	if mismatches > 0 {
		return fmt.Errorf("%d of %d rows differ from the seed's figures", mismatches, len(rows))
	}
	return nil
}

// tableRow solves p in mode m: the first solution, then every solution,
// folded by symmetry.
func tableRow(c config, s *tiling.Solver, p *polyomino.Puzzle, m polyomino.Mode, stderr io.Writer) (row, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	prog := progress(stderr, p.Name+" "+m.String())
	_, first, err := s.First(ctx, p, m, prog)
	if err != nil {
		return row{}, fmt.Errorf("%s, %s: %w", p.Name, m, err)
	}
	all, err := s.Count(ctx, p, m, prog)
	if err != nil {
		return row{}, fmt.Errorf("%s, %s: %w", p.Name, m, err)
	}
	status := all.Status
	if first.Status != solve.Solved && first.Status != solve.Exhausted {
		status = first.Status
	}
	return row{
		Name: p.Name, Mode: m.String(),
		First: first.Solutions, FirstSeconds: first.Stats.Runtime.Seconds(),
		Solutions: all.Solutions, Unique: all.Unique,
		Seconds: all.Stats.Runtime.Seconds(), Nodes: all.Stats.Nodes, Status: status.String(),
	}, nil
}

// printTables prints the seed's three tables with our figures beside the
// seed's.
func printTables(w io.Writer, rows []row, haveSeed bool) error {
	ours := func(v int64, seed *int64) string {
		if seed == nil {
			return strconv.FormatInt(v, 10)
		}
		return fmt.Sprintf("%d / %d", v, *seed)
	}
	ms := func(sec float64) string { return strconv.FormatFloat(sec*1000, 'f', 1, 64) }
	// The tab writer aligns every column right, for the figures; names
	// are padded here so that they read left-aligned.
	width := len("Name")
	for _, r := range rows {
		width = max(width, len(r.Name))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", width-len(s)) }
	for _, tm := range tableModes {
		fmt.Fprintf(w, "\n%s\n", tm.title)
		tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', tabwriter.AlignRight)
		head := pad("Name") + "\tfirst #\tfirst ms\tall #\tunique #\tall+unique ms\tnodes\t"
		if haveSeed {
			head = pad("Name") + "\tfirst # ours / seed\tfirst ms\tall # ours / seed\tunique # ours / seed\tall+unique ms\tseed ms\tnodes\tmatch\t"
		}
		fmt.Fprintln(tw, head)
		for _, r := range rows {
			if r.Mode != tm.mode.String() {
				continue
			}
			line := []string{pad(r.Name), ours(r.First, r.SeedFirst), ms(r.FirstSeconds), ours(r.Solutions, r.SeedSolutions), ours(r.Unique, r.SeedUnique), ms(r.Seconds)}
			if haveSeed {
				seedMS, match := "", "-"
				if r.SeedSeconds != nil {
					seedMS = ms(*r.SeedSeconds)
					match = "ok"
					if !r.Match {
						match = "DIFFERS"
					}
				}
				line = append(line, seedMS)
				line = append(line, strconv.FormatInt(r.Nodes, 10), match)
			} else {
				line = append(line, strconv.FormatInt(r.Nodes, 10))
			}
			if r.Status != solve.Exhausted.String() {
				line[len(line)-1] += " (" + r.Status + ")"
			}
			fmt.Fprintln(tw, strings.Join(line, "\t")+"\t")
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// readReport reads the seed author's results file, keyed by lower-case
// puzzle name: a header line, then per puzzle its name and, for each of the
// three modes, six figures (first #, ms, all #, ms, unique #, ms). A missing
// file gives no figures.
func readReport(path string) (map[string][3]seedFigures, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.TrimLeadingSpace = true
	r.FieldsPerRecord = -1
	out := make(map[string][3]seedFigures)
	for line := 1; ; line++ {
		rec, err := r.Read()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if line == 1 {
			continue
		}
		if len(rec) < 19 {
			return nil, fmt.Errorf("%s: line %d: %d fields, want a name and 18 figures", path, line, len(rec))
		}
		var figs [3]seedFigures
		for m := range figs {
			fm := &figs[m]
			for i, dst := range []*int64{&fm.first, &fm.firstMS, &fm.raw, &fm.rawMS, &fm.unique, &fm.uniqueMS} {
				v, err := strconv.ParseInt(rec[1+6*m+i], 10, 64)
				if err != nil {
					return nil, fmt.Errorf("%s: line %d, field %d: %w", path, line, 2+6*m+i, err)
				}
				*dst = v
			}
		}
		out[strings.ToLower(rec[0])] = figs
	}
}
