package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/reassemble/jigsaw/internal/shredscore"
)

var long = flag.Bool("long", false, "run the long benchmark cases (1,000 strips)")

// BenchmarkMixedStrips re-assembles folders of rendered pages shredded
// into strips (about 14 a page, masked, half scanned upside down) and
// mixed together, reading and writing included, as a user runs it; the
// re-assembly alone, as the program times it, is reported beside.
func BenchmarkMixedStrips(b *testing.B) {
	for _, strips := range []int{100, 1000} {
		b.Run(fmt.Sprintf("strips-%d", strips), func(b *testing.B) {
			if strips > 100 && !*long {
				b.Skip("-long runs 1,000 strips")
			}
			dir := b.TempDir()
			if err := os.Mkdir(filepath.Join(dir, "masks"), 0o755); err != nil {
				b.Fatal(err)
			}
			truth := map[string]shredscore.Truth{}
			turned := map[string]bool{}
			for page := uint64(1); len(truth) < strips; page++ {
				shredInto(b, dir, page, fmt.Sprint("p", page), truth, turned)
			}
			out := b.TempDir()
			var js bytes.Buffer
			for b.Loop() {
				js.Reset()
				if err := run(config{dir: dir, kind: "auto", turned: true, seed: 1, out: out, json: true}, &js, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			var rep report
			if err := json.Unmarshal(js.Bytes(), &rep); err != nil {
				b.Fatal(err)
			}
			acc, _, _ := score(b, dir, rep, truth, turned)
			b.ReportMetric(acc, "accuracy")
			b.ReportMetric(float64(rep.Pages), "pages")
			// The program's own timer, reading and writing left out.
			b.ReportMetric(rep.Seconds, "reassembly-s")
		})
	}
}
