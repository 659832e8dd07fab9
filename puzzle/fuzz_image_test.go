package puzzle_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/reassemble/jigsaw/puzzle"
)

// loadImageLimit is the most pixels LoadImage accepts, as its doc states.
const loadImageLimit = 1 << 28

// fuzzDecodePixels bounds the images FuzzLoadImage decodes: a mutated
// header that declares a large but acceptable image would make every run
// of it decode (and allocate) hundreds of megabytes, which says nothing
// about the decode path that a small image does not, and starves the
// fuzzer.
const fuzzDecodePixels = 1 << 16

// tinyImage returns a w×h picture whose pixels differ, so that a decoder
// that drops or swaps pixels shows it.
func tinyImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(40 * x), G: uint8(60 * y), B: uint8(x * y), A: 255})
		}
	}
	return img
}

// encodedSeeds returns a tiny PNG and a tiny JPEG.
func encodedSeeds(f *testing.F) (pngData, jpegData []byte) {
	f.Helper()
	var p, j bytes.Buffer
	if err := png.Encode(&p, tinyImage(5, 3)); err != nil {
		f.Fatal(err)
	}
	if err := jpeg.Encode(&j, tinyImage(9, 7), nil); err != nil {
		f.Fatal(err)
	}
	return p.Bytes(), j.Bytes()
}

// withPNGSize returns a copy of the PNG data whose IHDR declares w×h
// pixels, its checksum recomputed so that the decoder believes it (a
// mutation of the size alone would fail the checksum and never reach the
// size check).
func withPNGSize(data []byte, w, h uint32) []byte {
	b := bytes.Clone(data)
	// The 8-byte signature, then IHDR: length (4), type (4), width (4),
	// height (4), five bytes more, CRC (4) over type and data.
	const ihdr = 8
	binary.BigEndian.PutUint32(b[ihdr+8:], w)
	binary.BigEndian.PutUint32(b[ihdr+12:], h)
	binary.BigEndian.PutUint32(b[ihdr+8+13:], crc32.ChecksumIEEE(b[ihdr+4:ihdr+8+13]))
	return b
}

// withJPEGSize returns a copy of the JPEG data whose baseline frame header
// declares w×h pixels, or nil when there is no such header.
func withJPEGSize(data []byte, w, h uint16) []byte {
	b := bytes.Clone(data)
	for i := 2; i+9 <= len(b) && b[i] == 0xff; i += 2 + int(binary.BigEndian.Uint16(b[i+2:])) {
		if b[i+1] == 0xc0 {
			// Segment: FF C0, length, precision, height, width.
			binary.BigEndian.PutUint16(b[i+5:], h)
			binary.BigEndian.PutUint16(b[i+7:], w)
			return b
		}
	}
	return nil
}

// pngExpansion bounds the bytes a PNG decoder allocates per byte of file:
// deflate codes at most 258 bytes in 2 bits, 1032 bytes per byte, and a
// decoded pixel takes at most 8 times the bits it was stored in (1-bit
// grey or palette, decoded to a byte a pixel).
const pngExpansion = 1032 * 8

// FuzzLoadImage checks that LoadImage never panics on a file's bytes, that
// an image it returns is the non-empty image the header declares, that a
// header declaring more pixels than it accepts is refused before the pixels
// are decoded, and that a PNG file, whatever its header says, costs memory
// in proportion to its size.
func FuzzLoadImage(f *testing.F) {
	pngData, jpegData := encodedSeeds(f)
	var png16 bytes.Buffer
	if err := png.Encode(&png16, image.NewRGBA64(image.Rect(0, 0, 2, 2))); err != nil {
		f.Fatal(err)
	}
	seeds := [][]byte{
		pngData,
		jpegData,
		pngData[:len(pngData)/2],   // truncated in the pixel data
		jpegData[:len(jpegData)/2], // truncated in the scan
		pngData[:16],               // truncated in the header
		withPNGSize(pngData, 100_000, 100_000),
		withPNGSize(pngData, 1<<31-1, 1<<31-1), // the largest size PNG allows
		withPNGSize(pngData, 1<<14, 1<<14+1),   // 2^28 + 2^14 pixels: just too many
		// 2^28 pixels of 16-bit RGBA: accepted by size, but the decoder
		// would allocate 2 GiB before finding the pixel data missing.
		withPNGSize(png16.Bytes(), 1<<14, 1<<14),
		withPNGSize(pngData, 0, 3),
		withJPEGSize(jpegData, 65535, 65535), // the largest size JPEG allows
		withJPEGSize(jpegData, 9, 0),
		nil,
		[]byte("this is not a picture\n"),
		[]byte("\x89PNG\r\n\x1a\n"),
	}
	for _, s := range seeds {
		f.Add(s)
	}
	// One file per fuzzing process, rewritten for every input: the inputs
	// of a process run one at a time, and a directory per input would cost
	// more than decoding most of them.
	path := filepath.Join(f.TempDir(), "fuzz.img")
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, format, cfgErr := image.DecodeConfig(bytes.NewReader(data))
		declared := int64(cfg.Width) * int64(cfg.Height)
		huge := cfgErr == nil && cfg.Width > 0 && cfg.Height > 0 && declared > loadImageLimit
		isPNG := cfgErr == nil && format == "png"
		if cfgErr == nil && !huge && !isPNG && declared > fuzzDecodePixels {
			t.Skipf("declares %d×%d pixels: acceptable, but too many to decode on every run", cfg.Width, cfg.Height)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}

		// Reading the file costs its size; 1 MiB covers the decoders'
		// headers, tables and row buffers. A huge image must be refused
		// before its pixels are allocated; a PNG may decode no more than
		// its bytes can hold.
		limit := uint64(len(data)) + 1<<20
		if isPNG && !huge {
			limit += pngExpansion * uint64(len(data))
		}
		measure := huge || isPNG
		var before, after runtime.MemStats
		if measure {
			runtime.ReadMemStats(&before)
		}
		img, err := puzzle.LoadImage(path)
		if measure {
			runtime.ReadMemStats(&after)
			if grew := after.TotalAlloc - before.TotalAlloc; grew > limit {
				t.Errorf("loading a %d-byte %s file declaring %d×%d pixels allocated %d bytes, more than %d", len(data), format, cfg.Width, cfg.Height, grew, limit)
			}
		}
		if huge {
			if err == nil {
				t.Fatalf("accepted an image that declares %d×%d pixels, more than %d", cfg.Width, cfg.Height, loadImageLimit)
			}
			if !strings.Contains(err.Error(), "more than") {
				t.Errorf("error %q for a %d×%d header does not say it is too large", err, cfg.Width, cfg.Height)
			}
		}
		if err != nil {
			if img != nil {
				t.Errorf("an image came back with the error %v", err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		if cfgErr != nil {
			t.Fatalf("decoded a file whose header does not decode: %v", cfgErr)
		}
		b := img.Bounds()
		if b.Empty() {
			t.Fatalf("returned the empty image %v", b)
		}
		if b.Dx() != cfg.Width || b.Dy() != cfg.Height {
			t.Errorf("image is %d×%d but its header declares %d×%d", b.Dx(), b.Dy(), cfg.Width, cfg.Height)
		}
	})
}

// TestLoadImagePNGTooShort checks that a PNG whose header declares more
// pixels than its data can hold is refused before the decoder allocates
// them, and that the most compressible image PNG can store still loads.
func TestLoadImagePNGTooShort(t *testing.T) {
	encode := func(img image.Image) []byte {
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	tests := []struct {
		name    string
		data    []byte
		wantErr string // "" for an image that loads
	}{
		{
			// 2^28 pixels, 8 bytes each: 2 GiB if decoded, and at least
			// 2^31/1032 bytes, rounded up, in the file.
			name:    "16-bit RGBA header, 2^28 pixels",
			data:    withPNGSize(encode(image.NewRGBA64(image.Rect(0, 0, 2, 2))), 1<<14, 1<<14),
			wantErr: "declares 16384×16384 pixels, which 75 bytes of PNG cannot hold (at least 2080896 are needed)",
		},
		{
			// 2^24 bytes of grey need at least 2^24/1032 bytes, rounded up.
			name:    "8-bit grey header, 4096×4096",
			data:    withPNGSize(encode(image.NewGray(image.Rect(0, 0, 1, 1))), 4096, 4096),
			wantErr: "cannot hold (at least 16257 are needed)",
		},
		{
			// Black compresses as far as deflate goes: 4 MiB in a few KiB.
			name: "uniform 2048×2048 grey",
			data: encode(image.NewGray(image.Rect(0, 0, 2048, 2048))),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "test.png")
			if err := os.WriteFile(path, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			img, err := puzzle.LoadImage(path)
			runtime.ReadMemStats(&after)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("a %d-byte file: %v", len(tt.data), err)
				}
				if img.Bounds().Empty() {
					t.Errorf("empty image %v", img.Bounds())
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), path) {
				t.Fatalf("error %v, want one naming %s and containing %q", err, path, tt.wantErr)
			}
			// 1 MiB covers reading the header; the image would be 16 MiB
			// or more.
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
				t.Errorf("refusing the file allocated %d bytes", grew)
			}
		})
	}
}

// fuzzPicture returns a w×h image at min, of a type chosen by kind (the
// decoders' common types and a colour model that needs converting), its
// pixels taken in turn from pix.
func fuzzPicture(kind uint8, min image.Point, w, h int, pix []byte) image.Image {
	r := image.Rectangle{Min: min, Max: min.Add(image.Pt(w, h))}
	next := 0
	byteAt := func() uint8 {
		if len(pix) == 0 {
			return 0
		}
		v := pix[next%len(pix)]
		next++
		return v
	}
	var img interface {
		image.Image
		Set(x, y int, c color.Color)
	}
	switch kind % 4 {
	case 0:
		img = image.NewRGBA(r)
	case 1:
		img = image.NewNRGBA(r)
	case 2:
		img = image.NewGray(r)
	default:
		img = image.NewRGBA64(r)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.Set(x, y, color.NRGBA{R: byteAt(), G: byteAt(), B: byteAt(), A: byteAt()})
		}
	}
	return img
}

// checkTile reports the first pixel of tile that differs from src at
// offset, compared as 8-bit premultiplied RGBA, the tiles' own model.
func checkTile(t *testing.T, what string, tile image.Image, src image.Image, offset image.Point) {
	t.Helper()
	b := tile.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			got := color.RGBAModel.Convert(tile.At(x, y))
			want := color.RGBAModel.Convert(src.At(offset.X+x-b.Min.X, offset.Y+y-b.Min.Y))
			if got != want {
				t.Fatalf("%s: pixel (%d,%d) is %v, want %v", what, x, y, got, want)
			}
		}
	}
}

// FuzzCut checks that Cut never panics on small images of any position and
// type and any piece size, that it fails exactly for the sizes its doc
// rules out, and that each piece holds its part of the centre-cropped
// picture.
func FuzzCut(f *testing.F) {
	f.Add(uint8(0), int16(0), int16(0), uint8(12), uint8(8), 4, []byte{1, 2, 3, 255})
	f.Add(uint8(1), int16(-5), int16(7), uint8(11), uint8(7), 3, []byte{9, 200, 17})
	f.Add(uint8(2), int16(3), int16(-3), uint8(5), uint8(5), 5, []byte{})
	f.Add(uint8(3), int16(0), int16(0), uint8(4), uint8(9), 2, []byte{0, 0, 0, 0, 255})
	f.Add(uint8(0), int16(0), int16(0), uint8(0), uint8(4), 2, []byte{1})       // empty
	f.Add(uint8(0), int16(0), int16(0), uint8(6), uint8(6), 1, []byte{1})       // piece too small
	f.Add(uint8(0), int16(0), int16(0), uint8(6), uint8(3), 4, []byte{1})       // image too small
	f.Add(uint8(0), int16(0), int16(0), uint8(6), uint8(6), -1<<63, []byte{1})  // most negative size
	f.Add(uint8(0), int16(0), int16(0), uint8(6), uint8(6), 1<<63-1, []byte{1}) // largest size
	f.Fuzz(func(t *testing.T, kind uint8, minX, minY int16, w8, h8 uint8, pieceSize int, pix []byte) {
		// Up to 48×48 pixels: many pieces of small sizes, fast to check.
		w, h := int(w8)%49, int(h8)%49
		img := fuzzPicture(kind, image.Pt(int(minX), int(minY)), w, h, pix)
		p, truth, err := puzzle.Cut(img, pieceSize)
		wantErr := w == 0 || h == 0 || pieceSize < 2 || pieceSize > w || pieceSize > h
		if err != nil {
			if !wantErr {
				t.Fatalf("Cut of a %d×%d image into %d-pixel pieces: %v", w, h, pieceSize, err)
			}
			if p != nil || truth != nil {
				t.Errorf("a puzzle came back with the error %v", err)
			}
			return
		}
		if wantErr {
			t.Fatalf("Cut of a %d×%d image into %d-pixel pieces succeeded", w, h, pieceSize)
		}
		rows, cols := h/pieceSize, w/pieceSize
		if p.Rows != rows || p.Cols != cols || len(p.Pieces) != rows*cols {
			t.Fatalf("puzzle is %d×%d with %d pieces, want %d×%d", p.Rows, p.Cols, len(p.Pieces), rows, cols)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("invalid puzzle: %v", err)
		}
		if err := truth.Validate(p); err != nil {
			t.Fatalf("invalid ground truth: %v", err)
		}
		// Cut's doc: floor(e/2) of the e excess columns (rows) go on the left
		// (top).
		origin := img.Bounds().Min.Add(image.Pt((w-cols*pieceSize)/2, (h-rows*pieceSize)/2))
		for i, pc := range p.Pieces {
			if pc.ID != puzzle.PieceID(i) {
				t.Fatalf("piece %d has ID %d", i, pc.ID)
			}
			if want := image.Rect(0, 0, pieceSize, pieceSize); pc.Image.Bounds() != want {
				t.Fatalf("piece %d has bounds %v, want %v", i, pc.Image.Bounds(), want)
			}
			if got := truth.Cells[i]; got != (puzzle.Placement{Piece: puzzle.PieceID(i)}) {
				t.Fatalf("truth cell %d holds %v", i, got)
			}
			r, c := i/cols, i%cols
			checkTile(t, "piece", pc.Image, img, origin.Add(image.Pt(c*pieceSize, r*pieceSize)))
		}
	})
}

// FuzzFromFragments checks that FromFragments never panics on any board
// size and any set of small fragments, that it fails exactly for the inputs
// its doc rules out, and that each piece is a copy of its fragment.
//
// Each byte of shapes describes a fragment: bit 7 makes it nil, the low
// three bits give its width and bit 3 makes it one pixel taller than wide.
func FuzzFromFragments(f *testing.F) {
	f.Add(2, 3, []byte{4, 4, 4, 4, 4, 4}, []byte{7, 99, 250})
	f.Add(1, 1, []byte{2, 2, 2}, []byte{1}) // extra fragments
	f.Add(3, 3, []byte{5}, []byte{})        // holes
	f.Add(0, 3, []byte{4}, []byte{1})
	f.Add(-1, 3, []byte{4}, []byte{1})
	f.Add(1<<20, 1<<20, []byte{4}, []byte{1}) // 2^40 cells
	f.Add(2, 2, []byte{}, []byte{1})
	f.Add(2, 2, []byte{4, 0x80}, []byte{1})
	f.Add(2, 2, []byte{4, 0}, []byte{1})
	f.Add(2, 2, []byte{4, 12}, []byte{1})
	f.Add(2, 2, []byte{4, 5}, []byte{1})
	f.Add(2, 2, []byte{1, 1}, []byte{1})
	f.Fuzz(func(t *testing.T, rows, cols int, shapes, pix []byte) {
		// At most 16 fragments of up to 8×8 pixels: every rule has room to
		// fail, and each run stays fast.
		shapes = shapes[:min(len(shapes), 16)]
		frags := make([]image.Image, len(shapes))
		// The error FromFragments owes, checked in its order: the board,
		// then the fragments one by one.
		wantErr := rows <= 0 || cols <= 0 || rows > (1<<24)/cols || len(shapes) == 0
		size := 0
		for i, s := range shapes {
			if s&0x80 != 0 {
				wantErr = true
				continue
			}
			w, h := int(s&7), int(s&7)
			if s&8 != 0 {
				h++
			}
			// Fragments at different positions: only their size matters.
			frags[i] = fuzzPicture(s>>4, image.Pt(i, -i), w, h, pix)
			switch {
			case w == 0 || w != h:
				wantErr = true
			case i == 0 && w < 2:
				wantErr = true
			case i == 0:
				size = w
			case w != size:
				wantErr = true
			}
		}
		p, err := puzzle.FromFragments(frags, rows, cols)
		if err != nil {
			if !wantErr {
				t.Fatalf("FromFragments(%d fragments, %d, %d): %v", len(frags), rows, cols, err)
			}
			if p != nil {
				t.Errorf("a puzzle came back with the error %v", err)
			}
			return
		}
		if wantErr {
			t.Fatalf("FromFragments(%d fragments %v, %d, %d) succeeded", len(frags), shapes, rows, cols)
		}
		if p.Rows != rows || p.Cols != cols || len(p.Pieces) != len(frags) {
			t.Fatalf("puzzle is %d×%d with %d pieces, want %d×%d with %d", p.Rows, p.Cols, len(p.Pieces), rows, cols, len(frags))
		}
		if want := len(frags) > rows*cols; p.AllowExtra != want {
			t.Errorf("AllowExtra = %v with %d fragments for %d cells", p.AllowExtra, len(frags), rows*cols)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("invalid puzzle: %v", err)
		}
		for i, pc := range p.Pieces {
			if want := image.Rect(0, 0, size, size); pc.Image.Bounds() != want {
				t.Fatalf("piece %d has bounds %v, want %v", i, pc.Image.Bounds(), want)
			}
			checkTile(t, "fragment", pc.Image, frags[i], frags[i].Bounds().Min)
		}
	})
}
