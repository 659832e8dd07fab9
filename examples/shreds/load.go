package main

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/reassemble/jigsaw/puzzle"
)

// scan is one file of the folder: its name, its picture with the mask (if
// any) in its alpha channel.
type scan struct {
	name string
	img  image.Image
	// grey tells a scan read as a grey picture, drawn on a grey page.
	grey bool
}

// readDir reads every file of dir as a picture (PNG or JPEG) and, where
// dir/masks holds a file of the same name but for its extension, that
// file as the picture's mask. Subfolders and files whose names start with
// a dot are passed over. Files are read in name order, which means
// nothing: the solvers never see names or order.
func readDir(dir string) ([]scan, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	masks := map[string]string{}
	if ms, err := os.ReadDir(filepath.Join(dir, "masks")); err == nil {
		for _, m := range ms {
			if m.Type().IsRegular() && !strings.HasPrefix(m.Name(), ".") {
				masks[strings.TrimSuffix(m.Name(), filepath.Ext(m.Name()))] = filepath.Join(dir, "masks", m.Name())
			}
		}
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	out := make([]scan, len(names))
	err = each(len(names), func(i int) error {
		path := filepath.Join(dir, names[i])
		img, err := puzzle.LoadImage(path)
		if err != nil {
			return err
		}
		_, grey := img.(*image.Gray)
		if _, ok := img.(*image.Gray16); ok {
			grey = true
		}
		base := strings.TrimSuffix(names[i], filepath.Ext(names[i]))
		if mp, ok := masks[base]; ok {
			mask, err := puzzle.LoadImage(mp)
			if err != nil {
				return err
			}
			if img, err = puzzle.Masked(img, mask); err != nil {
				return fmt.Errorf("mask %s for %s: %w", mp, path, err)
			}
		}
		out[i] = scan{name: names[i], img: img, grey: grey}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s holds no pictures", dir)
	}
	slices.SortFunc(out, func(a, b scan) int { return strings.Compare(a.name, b.name) })
	return out, nil
}

// each calls f for 0 to n-1 on up to GOMAXPROCS goroutines, all ended
// before it returns, and returns the error of the lowest i that failed:
// the same error whatever the timing.
func each(n int, f func(i int) error) error {
	errs := make([]error, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				errs[i] = f(i)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// decideKind returns "strips" when every piece is at least twice as tall
// as it is wide, and "grid" otherwise; with want set it checks that the
// pieces fit it.
func decideKind(scans []scan, want string) (string, error) {
	tall := true
	for _, s := range scans {
		sz := s.img.Bounds().Size()
		if sz.Y < 2*sz.X {
			tall = false
		}
	}
	switch want {
	case "", "auto":
		if tall {
			return "strips", nil
		}
		return "grid", nil
	case "strips":
		for _, s := range scans {
			if sz := s.img.Bounds().Size(); sz.X > sz.Y {
				return "", fmt.Errorf("%s is %d×%d pixels, wider than it is tall: strips are cut from top to bottom (turn the scan a quarter, or use -kind grid)", s.name, sz.X, sz.Y)
			}
		}
		return "strips", nil
	case "grid":
		return "grid", nil
	}
	return "", errors.New("-kind must be strips, grid or auto")
}
