// Package output writes what the example programs produce: a directory of
// PNG pictures of the scrambled and the solved boards.
package output

import (
	"image"
	"image/png"
	"os"
	"path/filepath"

	"github.com/reassemble/jigsaw/puzzle"
)

// Dir returns dir, created if need be, or, when dir is empty, a new
// temporary directory whose name starts with prefix.
func Dir(dir, prefix string) (string, error) {
	if dir == "" {
		return os.MkdirTemp("", prefix)
	}
	return dir, os.MkdirAll(dir, 0o755)
}

// Scrambled writes dir/scrambled.png: p's pieces laid out in the order
// they came, unturned.
func Scrambled(dir string, p *puzzle.Puzzle) error {
	heap := puzzle.NewBoard(p.Rows, p.Cols)
	for i := range min(len(p.Pieces), len(heap.Cells)) {
		heap.Cells[i] = puzzle.Placement{Piece: puzzle.PieceID(i)}
	}
	return WritePNG(filepath.Join(dir, "scrambled.png"), puzzle.Render(p, heap))
}

// Solved writes dir/solved.png: board b of p.
func Solved(dir string, p *puzzle.Puzzle, b *puzzle.Board) error {
	return WritePNG(filepath.Join(dir, "solved.png"), puzzle.Render(p, b))
}

// WritePNG encodes img as a PNG file at path, compressed for speed: a
// re-assembled page of strips took three times as long to compress fully
// as to re-assemble.
func WritePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
