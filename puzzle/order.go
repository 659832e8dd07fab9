package puzzle

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"slices"
)

// ContentOrder returns an order of the pictures that depends on their
// pixels alone: order[k] is the index of the picture that comes k-th.
// Solvers break ties and draw their random choices by piece number, so
// pieces numbered in the order their files were read give a result that
// changes when the files are renamed. Numbered by ContentOrder (and
// shuffled by a seed, if a random deal is wanted), the same pictures give
// the same result whatever their names or the order they came in.
//
// The order is that of a digest of each picture's size and its samples as
// decoded (a JPEG's Y, Cb and Cr, a PNG's grey or colour values), read
// directly for the picture types of the standard library and as 8-bit
// non-premultiplied RGBA for any other; pictures whose digests are equal
// (copies of one picture, mostly) keep their given order. A nil picture
// is an error naming it.
func ContentOrder(pictures []image.Image) ([]int, error) {
	keys := make([]uint32, len(pictures))
	for i, img := range pictures {
		if img == nil {
			return nil, fmt.Errorf("puzzle: picture %d is nil", i)
		}
		keys[i] = contentDigest(img)
	}
	order := make([]int, len(pictures))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	return order, nil
}

// castagnoli is the CRC-32C table: the processor computes it directly on
// most machines, so a thousand page-high strips are digested in a small
// fraction of the time it takes to decode them.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// contentDigest returns the CRC-32C of img's size and its samples, row by
// row.
func contentDigest(img image.Image) uint32 {
	b := img.Bounds()
	var size [8]byte
	binary.LittleEndian.PutUint32(size[:4], uint32(b.Dx()))
	binary.LittleEndian.PutUint32(size[4:], uint32(b.Dy()))
	sum := crc32.Update(0, castagnoli, size[:])
	if b.Empty() {
		return sum
	}
	add := func(p []byte) { sum = crc32.Update(sum, castagnoli, p) }
	// rows digests the rows of a picture stored as bytes per pixel in
	// pix, each row stride bytes on, the first pixel at offset.
	rows := func(pix []byte, stride, offset, bytesPerPixel int) {
		for y := range b.Dy() {
			add(pix[offset+y*stride:][:b.Dx()*bytesPerPixel])
		}
	}
	switch m := img.(type) {
	case *image.Gray:
		rows(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), 1)
	case *image.Gray16:
		rows(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), 2)
	case *image.NRGBA:
		rows(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), 4)
	case *image.RGBA:
		rows(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), 4)
	case *image.NRGBA64:
		rows(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), 8)
	case *image.RGBA64:
		rows(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), 8)
	case *image.YCbCr:
		for y := b.Min.Y; y < b.Max.Y; y++ {
			add(m.Y[m.YOffset(b.Min.X, y):][:b.Dx()])
			// The chroma samples that cover the row: the offsets of its
			// first and last pixels, inclusive.
			c0, c1 := m.COffset(b.Min.X, y), m.COffset(b.Max.X-1, y)
			add(m.Cb[c0 : c1+1])
			add(m.Cr[c0 : c1+1])
		}
	default:
		row := make([]byte, 4*b.Dx())
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := range b.Dx() {
				c := color.NRGBAModel.Convert(img.At(b.Min.X+x, y)).(color.NRGBA)
				row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, c.A
			}
			add(row)
		}
	}
	return sum
}
