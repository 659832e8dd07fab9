// Pretrain makes the document package's default pair model: it renders
// pages of random text in the Go fonts (package internal/textpage: A4 and
// Letter, 8 to 14 point, six faces, blur, noise and JPEG loss of a
// scanner), and trains a model on windows split from their interiors
// (document.Train). No page of any collection the model is measured on is
// read.
//
//	go run ./edge/document/internal/pretrain [-pages 80] [-samples 4000]
//	        [-epochs 4] [-seed 1] [-out edge/document/model.bin]
//
// With the defaults it takes about a minute and a half on two cores and writes
// the same 33 kB file every time (the package's tests check that the
// embedded file is a well-formed model of the documented shape).
package main

import (
	"context"
	"flag"
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"time"

	"github.com/reassemble/jigsaw/edge/document"
	"github.com/reassemble/jigsaw/internal/textpage"
	"github.com/reassemble/jigsaw/puzzle"
)

func main() {
	pages := flag.Int("pages", 80, "pages to render")
	samples := flag.Int("samples", 4000, "training windows per page")
	epochs := flag.Int("epochs", 4, "passes over the windows")
	seed := flag.Uint64("seed", 1, "seed of the pages and the training")
	k := flag.Int("k", 8, "columns on each side of a cut")
	rows := flag.Int("rows", 16, "rows of a window")
	hidden := flag.Int("hidden", 32, "hidden units")
	out := flag.String("out", "edge/document/model.bin", "file to write")
	flag.Parse()
	if err := run(*pages, *samples, *epochs, *seed, *k, *rows, *hidden, *out); err != nil {
		fmt.Fprintln(os.Stderr, "pretrain:", err)
		os.Exit(1)
	}
}

func run(pages, samples, epochs int, seed uint64, k, rows, hidden int, out string) error {
	start := time.Now()
	ps := make([]*puzzle.Puzzle, 0, pages)
	for i := range pages {
		rng := rand.New(rand.NewPCG(seed, uint64(i)))
		page, err := textpage.Render(textpage.RandomLayout(rng), rng)
		if err != nil {
			return err
		}
		scan := textpage.RandomScan(rng).Apply(page, rng)
		p, err := puzzle.FromStrips([]image.Image{scan})
		if err != nil {
			return err
		}
		ps = append(ps, p)
		if (i+1)%10 == 0 {
			fmt.Fprintf(os.Stderr, "%6.1fs  %d pages rendered\n", time.Since(start).Seconds(), i+1)
		}
	}
	m, err := document.Train(context.Background(), ps,
		document.WithShape(k, rows, hidden), document.WithTraining(samples, epochs), document.WithSeed(seed))
	if err != nil {
		return err
	}
	data, err := m.MarshalBinary()
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%6.1fs  wrote %s (%d bytes)\n", time.Since(start).Seconds(), out, len(data))
	return nil
}
