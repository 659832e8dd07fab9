package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reassemble/jigsaw/examples/internal/output"
	"github.com/reassemble/jigsaw/puzzle"
)

// summary is the last -json object of a set.
type summary struct {
	Set          string  `json:"set"`
	Images       int     `json:"images"`
	Rotate       bool    `json:"rotate"`
	Solver       string  `json:"solver"`
	Measure      string  `json:"measure"`
	Second       string  `json:"second,omitempty"`
	Evolve       int     `json:"evolve,omitempty"`
	Direct       float64 `json:"direct"`
	Neighbour    float64 `json:"neighbour"`
	Perfect      int     `json:"perfect"`
	Seconds      float64 `json:"seconds"`
	DirectDup    float64 `json:"direct_dup"`
	NeighbourDup float64 `json:"neighbour_dup"`
	PerfectDup   int     `json:"perfect_dup"`
}

// published is the best result the literature reports on a benchmark set,
// for orientation known (type 1) or unknown (type 2): means over the set
// in per cent, and the number of perfect reconstructions out of images.
type published struct {
	set       string
	rotate    bool
	method    string
	direct    float64
	neighbour float64
	perfect   int
	images    int
}

// knownSets are the field's benchmark sets, recognised by their number of
// 28-pixel pieces, with the best published figures: Andaló, Taubin and
// Goldenstein's PSQP (TPAMI 2017), Sholomon, David and Netanyahu's GA (CVPR
// 2013), Yu, Russell and Agapito's LP (2016) and Son, Hays and Cooper's
// loop constraints (ECCV 2014); the sets are Cho, Avidan and Freeman's MIT
// set (432 pieces), the McGill set (540) and Pomeranz, Shemesh and
// Ben-Shahar's 805-, 2,360- and 3,300-piece sets.
var knownSets = map[int][]published{
	432: {
		{"MIT (432 pieces)", false, "PSQP", 96.0, 95.6, 13, 20},
		{"MIT (432 pieces)", true, "LP (Yu et al.)", 95.3, 95.6, 14, 20},
		{"MIT (432 pieces)", true, "loops (Son et al.)", 94.7, 94.9, 12, 20},
	},
	540: {
		{"McGill (540 pieces)", false, "GA (Sholomon et al.)", 91.6, 95.4, 8, 20},
		{"McGill (540 pieces)", false, "PSQP", 90.8, 95.3, 13, 20},
	},
	805: {
		{"Pomeranz (805 pieces)", false, "GA (Sholomon et al.)", 93.6, 95.9, 8, 20},
	},
	3300: {
		{"BGU (3,300 pieces)", false, "PSQP", 88.1, 93.0, 1, 3},
		{"BGU (3,300 pieces)", false, "GA (Sholomon et al.)", 86.6, 92.8, 0, 3},
	},
}

// pictures lists the PNG and JPEG files of dir in the order of their
// names, runs of digits compared by value.
func pictures(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		switch strings.ToLower(filepath.Ext(e.Name())) {
		case ".png", ".jpg", ".jpeg":
			if !e.IsDir() {
				out = append(out, e.Name())
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no PNG or JPEG file", dir)
	}
	slices.SortFunc(out, naturalCompare)
	return out, nil
}

// naturalCompare orders names as a reader does: runs of digits by value,
// everything else byte by byte; names equal so (2.png and 002.png) byte by
// byte.
func naturalCompare(a, b string) int {
	if c := naturalOrder(a, b); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

func naturalOrder(a, b string) int {
	for a != "" && b != "" {
		da, db := digits(a), digits(b)
		if da > 0 && db > 0 {
			na, _ := strconv.ParseUint(strings.TrimLeft(a[:da], "0")+"0", 10, 64)
			nb, _ := strconv.ParseUint(strings.TrimLeft(b[:db], "0")+"0", 10, 64)
			if na != nb {
				if na < nb {
					return -1
				}
				return 1
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			if a[0] < b[0] {
				return -1
			}
			return 1
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

// digits returns the length of the run of ASCII digits s starts with.
func digits(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// runSet re-assembles every picture of c.set.
func runSet(c config, stdout, stderr io.Writer) error {
	files, err := pictures(c.set)
	if err != nil {
		return err
	}
	if c.out, err = output.Dir(c.out, "jigsaw-set-"); err != nil {
		return err
	}
	set := filepath.Base(filepath.Clean(c.set))
	sum := summary{Set: set, Rotate: c.rotate, Solver: c.solver, Measure: c.measure}
	var reports []report
	enc := json.NewEncoder(stdout)
	start := time.Now()
	for i, name := range files {
		img, err := puzzle.LoadImage(filepath.Join(c.set, name))
		if err != nil {
			return err
		}
		r, err := solvePicture(c, img, name, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Fprintf(stderr, "[%d/%d] %s: %d pieces, direct %.3f, neighbour %.3f, perfect %v, %.2f s\n",
			i+1, len(files), name, r.Pieces, r.Direct, r.Neighbour, r.Perfect, r.Seconds)
		if c.json {
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
		reports = append(reports, r)
		if r.Second != "" {
			// Every picture of the set that was small enough.
			sum.Second = r.Second
		}
		sum.Evolve = max(sum.Evolve, r.Evolve)
		sum.Images++
		sum.Direct += r.Direct
		sum.Neighbour += r.Neighbour
		sum.Seconds += r.Seconds
		sum.DirectDup += r.DirectDup
		sum.NeighbourDup += r.NeighbourDup
		if r.Perfect {
			sum.Perfect++
		}
		if r.PerfectDup {
			sum.PerfectDup++
		}
	}
	n := float64(sum.Images)
	sum.Direct /= n
	sum.Neighbour /= n
	sum.Seconds /= n
	sum.DirectDup /= n
	sum.NeighbourDup /= n
	fmt.Fprintf(stderr, "%d pictures in %.1f s; solved pictures in %s\n", sum.Images, time.Since(start).Seconds(), c.out)
	if c.json {
		return enc.Encode(sum)
	}
	return printTable(stdout, c, reports, sum)
}

// printTable writes the set's results as a table, the published figures
// of a known set below it.
func printTable(w io.Writer, c config, reports []report, sum summary) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "image\tpieces\tdirect\tneighbour\tperfect\tdirect (dup)\tneighbour (dup)\tperfect (dup)\tseconds\t")
	for _, r := range reports {
		fmt.Fprintf(tw, "%s\t%d\t%.3f\t%.3f\t%s\t%.3f\t%.3f\t%s\t%.2f\t\n", r.Image, r.Pieces,
			r.Direct, r.Neighbour, yes(r.Perfect), r.DirectDup, r.NeighbourDup, yes(r.PerfectDup), r.Seconds)
	}
	fmt.Fprintf(tw, "mean\t\t%.3f\t%.3f\t%d/%d\t%.3f\t%.3f\t%d/%d\t%.2f\t\n",
		sum.Direct, sum.Neighbour, sum.Perfect, sum.Images, sum.DirectDup, sum.NeighbourDup, sum.PerfectDup, sum.Images, sum.Seconds)
	if err := tw.Flush(); err != nil {
		return err
	}
	orient := "known"
	if c.rotate {
		orient = "unknown"
	}
	fmt.Fprintf(w, "\n%s, orientation %s, %s with %s\n", sum.Set, orient, c.solver, c.measure)
	if len(reports) == 0 || c.piece != 28 {
		return nil
	}
	var rows []published
	for _, p := range knownSets[reports[0].Pieces] {
		if p.rotate == c.rotate {
			rows = append(rows, p)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	fmt.Fprintf(w, "best published on the whole %s set, orientation %s:\n", rows[0].set, orient)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "method\tdirect\tneighbour\tperfect\t")
	for _, p := range rows {
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f\t%d/%d\t\n", p.method, p.direct/100, p.neighbour/100, p.perfect, p.images)
	}
	fmt.Fprintf(tw, "this run (%d pictures)\t%.3f\t%.3f\t%d/%d\t\n", sum.Images, sum.Direct, sum.Neighbour, sum.Perfect, sum.Images)
	return tw.Flush()
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
