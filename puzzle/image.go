package puzzle

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // registers the format of most photographs for LoadImage
	_ "image/png"  // and the lossless one
	"os"
	"strings"
)

// minPieceSize is the smallest piece side in pixels: edge measures compare
// profiles two pixels deep (the side's pixels and the gradient into the
// piece), so a one-pixel piece has no profile to compare.
const minPieceSize = 2

// maxImagePixels bounds the pixels Cut and FromFragments copy and LoadImage
// decodes: 2^28 pixels (1 GiB as RGBA), far beyond any photograph, so that a
// corrupt file header or an unbounded image such as image.Uniform is
// refused with an error instead of demanding an impossible allocation.
const maxImagePixels = 1 << 28

// Cut cuts img into square pieces of pieceSize × pieceSize pixels and
// returns the puzzle and its ground truth, the board that puts piece i in
// cell i (row-major) unturned. Pieces are numbered row by row from the top
// left, so the truth is in plain sight; Scramble hides it.
//
// When img is not a whole number of pieces wide or high, the picture is
// centre-cropped to the largest whole number: of the excess e = width mod
// pieceSize columns, floor(e/2) are dropped on the left and the rest on the
// right, and likewise for rows (the odd pixel goes to the right and the
// bottom). A 101×57 image cut into 10-pixel pieces becomes a 5×10 board
// cropped from the pixels at offset (0,3) from img.Bounds().Min. The
// cropped-off margin is discarded.
//
// The puzzle follows the rule Equal with every side Flat: an image puzzle's
// sides are compared by their pixels (package edge), not by labels. Its
// pieces may not rotate; set Rotatable on the result to make them. Each
// piece's Image is a tile of its own with bounds starting at (0,0), copied
// from img, so that later changes to img do not reach the puzzle and edge
// measures read pixels without conversion. Tiles are alpha-premultiplied:
// *image.RGBA with 8 bits per channel, or *image.RGBA64 when img has 16
// bits per channel and uses them (some sample is not a whole 8-bit value),
// so that 16-bit photographs keep their precision. A JPEG picture
// (*image.YCbCr) whose colour is stored at a lower resolution than its
// brightness has its colour interpolated smoothly between samples, as
// libjpeg does, rather than repeated over each sample's pixels as
// image/draw does: repeated colour steps every second pixel, and a cut
// along such a step makes every join look broken to an edge measure.
//
// Cut reports an error for a nil or empty image, a pieceSize below 2 (an
// edge profile needs two pixels of depth), an image smaller than one piece
// in either direction, a board of more than 2^24 cells, and a cut that
// would copy more than 2^28 pixels.
func Cut(img image.Image, pieceSize int) (*Puzzle, *Board, error) {
	if img == nil {
		return nil, nil, errors.New("puzzle: cannot cut a nil image")
	}
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return nil, nil, fmt.Errorf("puzzle: cannot cut an empty image (%d×%d pixels)", w, h)
	}
	if pieceSize < minPieceSize {
		return nil, nil, fmt.Errorf("puzzle: piece size %d: pieces must be at least %d pixels a side, so that every side has a profile two pixels deep", pieceSize, minPieceSize)
	}
	if w < pieceSize || h < pieceSize {
		return nil, nil, fmt.Errorf("puzzle: the %d×%d image is smaller than one %d-pixel piece", w, h, pieceSize)
	}
	rows, cols := h/pieceSize, w/pieceSize
	if rows > maxCells/cols {
		return nil, nil, fmt.Errorf("puzzle: cutting the %d×%d image into %d-pixel pieces gives a board of %d×%d cells, more than %d", w, h, pieceSize, rows, cols, maxCells)
	}
	if err := checkPixels(rows*cols, pieceSize); err != nil {
		return nil, nil, fmt.Errorf("puzzle: cannot cut the %d×%d image into %d-pixel pieces: %w", w, h, pieceSize, err)
	}

	origin := b.Min.Add(image.Pt((w-cols*pieceSize)/2, (h-rows*pieceSize)/2))
	src, kind := pixelSource(img)
	tiles := newTiles(rows*cols, pieceSize, kind)
	p := &Puzzle{Rows: rows, Cols: cols, Pieces: make([]Piece, rows*cols), Rule: Equal}
	truth := NewBoard(rows, cols)
	for i := range p.Pieces {
		r, c := i/cols, i%cols
		t := tiles(i)
		draw.Draw(t, t.Bounds(), src, origin.Add(image.Pt(c*pieceSize, r*pieceSize)), draw.Src)
		p.Pieces[i] = Piece{ID: PieceID(i), Image: t}
		truth.Cells[i] = Placement{Piece: PieceID(i)}
	}
	return p, truth, nil
}

// FromFragments makes a puzzle of a rows × cols board from pictures of
// separate pieces: fragments that were photographed one by one, as real
// fragments arrive, rather than cut from one picture. Fragment i becomes
// piece i. Every fragment must be square and the same size as fragment 0,
// at least 2 pixels a side (an edge profile needs two pixels of depth).
//
// Fewer fragments than cells leave holes for the solver to place. More
// fragments than cells set AllowExtra on the puzzle, since the caller, who
// chose the board, evidently expects some fragments not to belong; solvers
// then report the ones they leave out.
//
// As with Cut, the puzzle follows the rule Equal with every side Flat, its
// pieces may not rotate until Rotatable is set (fragments photographed in
// unknown orientations need it), and each fragment is copied to a tile of
// its own with bounds starting at (0,0), read as Cut reads a picture (all
// tiles 16-bit if any fragment needs it). Errors name the fragment at
// fault.
func FromFragments(fragments []image.Image, rows, cols int) (*Puzzle, error) {
	if rows <= 0 || cols <= 0 {
		return nil, fmt.Errorf("puzzle: board of %d rows and %d columns: both must be at least 1", rows, cols)
	}
	if rows > maxCells/cols {
		return nil, fmt.Errorf("puzzle: board of %d×%d cells is larger than %d cells", rows, cols, maxCells)
	}
	if len(fragments) == 0 {
		return nil, errors.New("puzzle: no fragments")
	}
	size := 0
	for i, f := range fragments {
		if f == nil {
			return nil, fmt.Errorf("puzzle: fragment %d is nil", i)
		}
		b := f.Bounds()
		w, h := b.Dx(), b.Dy()
		switch {
		case w <= 0 || h <= 0:
			return nil, fmt.Errorf("puzzle: fragment %d is empty (%d×%d pixels)", i, w, h)
		case w != h:
			return nil, fmt.Errorf("puzzle: fragment %d is %d×%d pixels, not square", i, w, h)
		case i == 0 && w < minPieceSize:
			return nil, fmt.Errorf("puzzle: fragment 0 is %d×%d pixels: fragments must be at least %d pixels a side, so that every side has a profile two pixels deep", w, h, minPieceSize)
		case i == 0:
			size = w
		case w != size:
			return nil, fmt.Errorf("puzzle: fragment %d is %d×%d pixels but fragment 0 is %d×%d: all fragments must be the same size", i, w, h, size, size)
		}
	}
	if err := checkPixels(len(fragments), size); err != nil {
		return nil, fmt.Errorf("puzzle: cannot copy %d fragments: %w", len(fragments), err)
	}

	srcs := make([]image.Image, len(fragments))
	kind := tileRGBA
	for i, f := range fragments {
		var k tileKind
		srcs[i], k = pixelSource(f)
		kind = max(kind, k)
	}
	tiles := newTiles(len(fragments), size, kind)
	p := &Puzzle{
		Rows:       rows,
		Cols:       cols,
		Pieces:     make([]Piece, len(fragments)),
		Rule:       Equal,
		AllowExtra: len(fragments) > rows*cols,
	}
	for i, f := range srcs {
		t := tiles(i)
		draw.Draw(t, t.Bounds(), f, f.Bounds().Min, draw.Src)
		p.Pieces[i] = Piece{ID: PieceID(i), Image: t}
	}
	return p, nil
}

// checkPixels reports an error if n tiles of size × size pixels exceed
// maxImagePixels. Every product is guarded by a division first, so that
// nothing overflows on a 32-bit int.
func checkPixels(n, size int) error {
	if size > maxImagePixels/size || n > maxImagePixels/(size*size) {
		return fmt.Errorf("%d pieces of %d×%d pixels are more than the %d pixels a puzzle may hold", n, size, size, maxImagePixels)
	}
	return nil
}

// newTiles allocates n size × size tiles of the given kind in one block,
// which costs one allocation instead of n for the tens of thousands of
// pieces of a large puzzle, and returns the function that hands out tile i.
// Each tile's Pix is capped at its own end, so no tile can write into the
// next.
func newTiles(n, size int, kind tileKind) func(i int) draw.Image {
	bytesPerPixel := 4
	if kind == tileRGBA64 {
		bytesPerPixel = 8
	}
	stride := bytesPerPixel * size
	per := stride * size
	block := make([]byte, n*per)
	rect := image.Rect(0, 0, size, size)
	return func(i int) draw.Image {
		pix := block[i*per : (i+1)*per : (i+1)*per]
		if kind == tileRGBA64 {
			return &image.RGBA64{Pix: pix, Stride: stride, Rect: rect}
		}
		return &image.RGBA{Pix: pix, Stride: stride, Rect: rect}
	}
}

// LoadImage decodes the PNG or JPEG file at path (or a file in any other
// format a program registers with image.RegisterFormat). Errors name the
// file: one that cannot be read, is not an image, is empty, declares more
// than 2^28 pixels, or is a PNG file too short to hold the pixels it
// declares. Both are checked from the header before any pixel is decoded,
// so that a corrupt header cannot demand an impossible allocation; only a
// JPEG header, whose format sets no least size on the data, can still
// make the decoder allocate its 2^28 pixels before it finds the data
// missing. An error for a file in no known format wraps image.ErrFormat.
func LoadImage(path string) (image.Image, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		// The *fs.PathError names the file.
		return nil, fmt.Errorf("puzzle: cannot load image: %w", err)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, decodeError(path, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("puzzle: image %s is empty (%d×%d pixels)", path, cfg.Width, cfg.Height)
	}
	if cfg.Width > maxImagePixels/cfg.Height {
		return nil, fmt.Errorf("puzzle: image %s is %d×%d pixels, more than the %d LoadImage accepts", path, cfg.Width, cfg.Height, maxImagePixels)
	}
	// The decoders allocate the whole image before reading a pixel, so a
	// header alone could demand gigabytes (a 75-byte PNG declaring 2^28
	// 16-bit pixels, 2 GiB); a PNG too short to hold what it declares is
	// refused first, so that memory stays in proportion to the file.
	if need := minEncodedBytes(format, data, cfg.Width, cfg.Height); int64(len(data)) < need {
		return nil, fmt.Errorf("puzzle: cannot decode image %s: its header declares %d×%d pixels, which %d bytes of %s cannot hold (at least %d are needed): the file is truncated or corrupt", path, cfg.Width, cfg.Height, len(data), strings.ToUpper(format), need)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, decodeError(path, err)
	}
	if b := img.Bounds(); b.Empty() {
		return nil, fmt.Errorf("puzzle: image %s is empty (%d×%d pixels)", path, b.Dx(), b.Dy())
	}
	return img, nil
}

// minEncodedBytes returns the fewest bytes in which a complete file of the
// format can hold a w×h image, or 0 when no useful bound is known. The
// bound is the format's best compression, so that no file that decodes is
// refused. PNG compresses its pixel bits with deflate, which codes at most
// 258 bytes in 2 bits (one length code and one distance code, each at
// least 1 bit long): 1032 bytes per byte. The bits per pixel are read from
// the header image.DecodeConfig has just accepted: the bit depth at byte 24
// times the channels of the colour type at byte 25. JPEG has no such bound:
// a progressive scan may code 32767 empty blocks in 15 bits.
func minEncodedBytes(format string, data []byte, w, h int) int64 {
	if format != "png" || len(data) < 26 {
		return 0
	}
	channels := map[byte]int64{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[data[25]]
	bits := int64(w) * int64(h) * int64(data[24]) * channels
	return (bits/8 + 1031) / 1032
}

// decodeError tells a file in no known format from a damaged one.
func decodeError(path string, err error) error {
	if errors.Is(err, image.ErrFormat) {
		return fmt.Errorf("puzzle: %s is not a PNG or JPEG image: %w", path, err)
	}
	return fmt.Errorf("puzzle: cannot decode image %s: %w", path, err)
}
