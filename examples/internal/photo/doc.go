// Package photo holds the photograph the example programs cut into
// jigsaws when no picture is given: Chelsea the cat, 451×300 pixels, from
// scikit-image's sample data, released under CC0 by its photographer,
// Stefan van der Walt (see README.md in this directory).
package photo

import (
	_ "embed"
	"image"
	"image/png"
	"strings"
	"sync"
)

// chelseaFile is the photograph as a PNG file, held as an immutable string
// so that what Chelsea decodes is always the file that was embedded and
// tested.
//
//go:embed chelsea.png
var chelseaFile string

var chelsea = sync.OnceValues(func() (image.Image, error) {
	return png.Decode(strings.NewReader(chelseaFile))
})

// Chelsea returns the photograph, 451×300 pixels, decoded on the first call
// and shared by every later one; callers must not modify it.
//
// Chelsea panics if the photograph does not decode. That cannot happen: the
// file is embedded at build time, immutable, and decoded by this package's
// test, so a failure would mean a broken build, not bad input.
func Chelsea() image.Image {
	img, err := chelsea()
	if err != nil {
		panic("photo: the embedded chelsea.png does not decode: " + err.Error())
	}
	return img
}
