package document

import (
	_ "embed"
	"sync"
)

// model.bin is the pair model trained by
//
//	go run ./edge/document/internal/pretrain
//
// on pages set in the Go fonts, never on a page of any collection it is
// measured on.
//
//go:embed model.bin
var modelBin []byte

var (
	defaultOnce  sync.Once
	defaultModel *Model
)

// DefaultModel returns the module's pair model: 8 columns a side, windows
// of 16 rows, 32 hidden units, trained on windows split from the
// interiors of 80 pages the module renders itself in the six Go fonts at 8
// to 14 point, scanned with blur, noise and JPEG loss of their own (see
// Train). NewTable fine-tunes a copy on the pieces at hand. Each call
// returns the same model; it is not modified by this package.
func DefaultModel() *Model {
	defaultOnce.Do(func() {
		m, err := ParseModel(modelBin)
		if err != nil {
			// The embedded file is part of the module and checked by
			// its tests.
			panic("document: the embedded model is corrupt: " + err.Error())
		}
		defaultModel = m
	})
	return defaultModel
}
