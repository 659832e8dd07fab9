// Shreds re-assembles shredded documents from a folder of scans: the
// strips of a strip-cut shredder, or the rectangles of a page cut across
// and along, one scan per piece, several pages mixed if need be.
//
//	go run ./examples/shreds -dir DIR [-kind auto|strips|grid] [-turned=true]
//	                         [-seed 1] [-out DIR] [-json] [-score]
//
// Every file in DIR must be a PNG or JPEG picture of one piece; a file of
// the same name (any extension) in DIR/masks is that piece's mask, light
// where the scan shows paper. Names, the order of the files and their types
// carry no information: the pieces are numbered by their pixels
// (puzzle.ContentOrder) and shuffled by -seed before anything reads them,
// so renamed files give the same pages. Strips are told from rectangles by
// their shape (at least twice as tall as wide), or by -kind. -turned lets
// pieces turn 180° (scanned upside down); rectangles scanned a quarter turn
// off are turned back first, by the way their lines of text run. Strips may
// differ in width and height (a scan that starts late or misses the page's
// end): each is laid on its page at the offset at which its lines of text
// meet its left neighbour's. Offsets are searched up to about 1 % of the
// strips' height (estimated from the pieces); scans further out of line
// than that are joined poorly. Strips of several pages are ordered in one
// row, cut into pages where a join looks like two page edges, and each
// page's strips ordered again on their own, the measures fitted to that
// page alone; a run of fewer than four strips cut off on its own is taken
// for a page's edge and goes to the end of the page it fits best, as blank
// strips do. A single page's strips that may be turned are ordered twice:
// once to find which are turned, then as they lie, with no turn allowed,
// the measures fitted to the strips that way up. A grid is laid by the
// picture solvers' greedy placer under the document measures and checked
// by short GA runs (greedy.WithEvolution); blocks of it whose text reads
// upside down by a line's worth are turned and the grid laid again with
// every piece upright; its whole rows and columns, and the pieces within
// each, are put in their cheapest order, and pieces swapped where that
// lowers the cost. Grids are the weak kind, since a cut between two lines
// of text leaves little to match but the lines' spacing and the page's
// columns of ink (the shared collections' digitally cut pages cut 7×7,
// half turned: neighbour accuracy 0.89 for D1, 0.94 for D2, blank pieces
// left out, means over seeds 1-3; TestSharedGrids).
//
// The re-assembled pages are written as page1.png, page2.png ... to -out
// (default: a new temporary directory, printed on stderr), with progress
// on stderr. With -json it prints one JSON object on stdout:
//
//	{"strips":26,"pages":1,"order":["D00114.jpeg",...],"turned":[],
//	 "blank":[],"seconds":0.8}
//
// order lists the pieces left to right, page after page; turned the ones
// turned 180° to read upright; blank those with no ink, which no measure
// can place (they go to the pages' edges). For a grid it also holds
// "grid", the names row by row ("" for an empty cell), and "turns", each
// cell's turn in degrees clockwise. seconds is the time from the pictures
// in memory to the order, reading and writing files excluded.
//
// A thousand strips of A4 pages take about 3.5 GB of live memory at the
// peak (the scans, their ink and the pair model's per-row sums), and the
// Go runtime lets the process grow to twice that before it collects. On a
// machine with less to spare, a soft limit holds it near the live size
// for some more CPU time: with GOMEMLIMIT=3GiB, 1,004 rendered A4 and
// Letter strips peaked at 3.7 GB instead of 7.3, for 10-18 % more CPU time
// and 0-2 s more of the 25 s, on 2 cores.
//
// -score reads the collections' ground truth from the file names (DnnnKK:
// page Dnnn, position KK) after the order is found, and reports the
// neighbour accuracy as the collections' README defines it (blank strips,
// by the collections' own rule, left out); it is for evaluation only. The
// tests, whose folders they name at random, score by the same rule.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"github.com/reassemble/jigsaw/puzzle"
)

type config struct {
	dir     string
	kind    string
	turned  bool
	seed    uint64
	out     string
	json    bool
	score   bool
	timeout time.Duration
}

// report is the -json output.
type report struct {
	Strips   int        `json:"strips"`
	Pages    int        `json:"pages"`
	Order    []string   `json:"order"`
	Turned   []string   `json:"turned"`
	Blank    []string   `json:"blank"`
	Seconds  float64    `json:"seconds"`
	Grid     [][]string `json:"grid,omitempty"`
	Turns    [][]int    `json:"turns,omitempty"`
	Accuracy *float64   `json:"accuracy,omitempty"`
}

func main() {
	var c config
	flag.StringVar(&c.dir, "dir", "", "folder of scans, one piece per file (required)")
	flag.StringVar(&c.kind, "kind", "auto", "strips, grid, or auto: decide from the pieces' shapes")
	flag.BoolVar(&c.turned, "turned", true, "pieces may be scanned upside down (turned 180°)")
	flag.Uint64Var(&c.seed, "seed", 1, "seed of the shuffle and of the measures' training")
	flag.StringVar(&c.out, "out", "", "folder for the re-assembled pages (default: a new temporary directory)")
	flag.BoolVar(&c.json, "json", false, "print one JSON object on stdout")
	flag.BoolVar(&c.score, "score", false, "score the order against the positions in the file names (evaluation only)")
	flag.DurationVar(&c.timeout, "timeout", 10*time.Minute, "give up after this long (0: never)")
	flag.Parse()
	if err := run(c, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "shreds:", err)
		os.Exit(1)
	}
}

func run(c config, stdout, stderr io.Writer) error {
	if c.dir == "" {
		return errors.New("-dir is required: a folder of scans")
	}
	scans, err := readDir(c.dir)
	if err != nil {
		return err
	}
	kind, err := decideKind(scans, c.kind)
	if err != nil {
		return err
	}
	// The order the files come in says nothing: number the scans by
	// their pixels, so that renamed files give the same pages, then
	// shuffle them so that nothing can lean on that order either.
	imgs := make([]image.Image, len(scans))
	for i, s := range scans {
		imgs[i] = s.img
	}
	order, err := puzzle.ContentOrder(imgs)
	if err != nil {
		return err
	}
	byContent := make([]scan, len(scans))
	for k, i := range order {
		byContent[k] = scans[i]
	}
	scans = byContent
	rand.New(rand.NewPCG(c.seed, 0x5ced)).Shuffle(len(scans), func(i, j int) { scans[i], scans[j] = scans[j], scans[i] })
	ctx := context.Background()
	if c.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	// Pages are priced a few at a time, each logging its progress.
	var logMu sync.Mutex
	logf := func(format string, args ...any) {
		logMu.Lock()
		defer logMu.Unlock()
		fmt.Fprintf(stderr, format+"\n", args...)
	}
	start := time.Now()
	var res *result
	if kind == "strips" {
		res, err = reassembleStrips(ctx, scans, c, logf)
	} else {
		res, err = reassembleGrid(ctx, scans, c, logf)
	}
	if err != nil {
		return err
	}
	seconds := time.Since(start).Seconds()
	out, err := outputDir(c.out)
	if err != nil {
		return err
	}
	if err := res.write(out); err != nil {
		return err
	}
	logf("%d page(s) in %s", len(res.pages), out)
	rep := res.report(seconds)
	if c.score {
		acc, err := scoreOrder(c.dir, scans, res)
		if err != nil {
			return err
		}
		rep.Accuracy = &acc
	}
	if c.json {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprintf(stdout, "%s: %d pieces, %d page(s), %d turned, %d blank, %.2f s\n", kind, rep.Strips, rep.Pages, len(rep.Turned), len(rep.Blank), rep.Seconds)
	for i, pg := range res.pages {
		fmt.Fprintf(stdout, "page %d: %d pieces\n", i+1, len(pg))
	}
	if rep.Accuracy != nil {
		fmt.Fprintf(stdout, "neighbour accuracy: %.3f\n", *rep.Accuracy)
	}
	return nil
}
