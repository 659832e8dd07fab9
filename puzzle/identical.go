package puzzle

import (
	"encoding/binary"
	"hash/maphash"
	"image"
	"image/color"
)

// Identical records which pieces of a picture puzzle are exact copies of
// one another: tiles equal pixel for pixel, or, when the pieces may turn,
// equal once one of them is turned. Photographs with flat regions (a clear
// sky, a saturated highlight, a black border) cut into such pieces, and no
// solver can tell them apart; a reconstruction that swaps two of them shows
// the same picture as the original. The comparisons of this package count
// such a swap as a mistake; Relabel lets them forgive it, which is the
// second metric the literature reports beside the strict one.
type Identical struct {
	// rep[i] is the lowest-numbered piece whose tile is a copy of piece
	// i's (i itself when there is none).
	rep []PieceID
	// turn[i] turns rep[i]'s tile into piece i's: tile(i) =
	// TurnImage(tile(rep[i]), turn[i]).
	turn []Rotation
	// period[i] is, for a representative i, the least turn that leaves
	// its tile unchanged: 1 for a tile of one colour, 2 for one that
	// looks the same upside down, 4 otherwise.
	period []uint8
	groups [][]PieceID
}

// FindIdentical compares the tiles of p's pieces and groups the copies.
// Turned copies count only when p.Rotatable is set, since a piece of known
// orientation cannot stand in for a turned one. Pieces without an image
// are never copies. Tiles are compared in 16-bit RGBA, so that pieces cut
// from a 16-bit photograph must agree in all 16 bits.
func FindIdentical(p *Puzzle) *Identical {
	n := 0
	if p != nil {
		n = len(p.Pieces)
	}
	id := &Identical{rep: make([]PieceID, n), turn: make([]Rotation, n), period: make([]uint8, n)}
	if n == 0 {
		return id
	}
	seed := maphash.MakeSeed()
	turns := []Rotation{0}
	if p.Rotatable {
		turns = []Rotation{0, 1, 2, 3}
	}
	// Tiles are bucketed by the least hash over their allowed turns, so
	// that turned copies land in one bucket, then compared pixel by
	// pixel.
	byKey := make(map[uint64][]PieceID)
	hashes := make([][4]uint64, n)
	for i := range p.Pieces {
		id.rep[i], id.period[i] = PieceID(i), 4
		img := p.Pieces[i].Image
		if img == nil || img.Bounds().Empty() {
			continue
		}
		key := ^uint64(0)
		for _, r := range turns {
			hashes[i][r] = tileHash(seed, img, r)
			key = min(key, hashes[i][r])
		}
		byKey[key] = append(byKey[key], PieceID(i))
	}
	for i := range p.Pieces {
		img := p.Pieces[i].Image
		if img == nil || img.Bounds().Empty() {
			continue
		}
		id.period[i] = tilePeriod(img, p.Rotatable)
	}
	members := make(map[PieceID][]PieceID)
	for i := range p.Pieces {
		img := p.Pieces[i].Image
		if img == nil || img.Bounds().Empty() {
			continue
		}
		key := ^uint64(0)
		for _, r := range turns {
			key = min(key, hashes[i][r])
		}
		for _, rep := range byKey[key] {
			if int(rep) >= i {
				break
			}
			if id.rep[rep] != rep {
				continue // not a representative
			}
			if r, ok := copyTurn(p.Pieces[rep].Image, img, turns, hashes[rep], hashes[i][0]); ok {
				id.rep[i], id.turn[i] = rep, r
				members[rep] = append(members[rep], PieceID(i))
				break
			}
		}
	}
	for i := range p.Pieces {
		if m := members[PieceID(i)]; len(m) > 0 {
			id.groups = append(id.groups, append([]PieceID{PieceID(i)}, m...))
		}
	}
	return id
}

// tileHash hashes img's pixels as they show when it is turned by r.
func tileHash(seed maphash.Seed, img image.Image, r Rotation) uint64 {
	var h maphash.Hash
	h.SetSeed(seed)
	var buf [8]byte
	eachTurnedPixel(img, r, func(c color.RGBA64) bool {
		buf[0], buf[1] = byte(c.R>>8), byte(c.R)
		buf[2], buf[3] = byte(c.G>>8), byte(c.G)
		buf[4], buf[5] = byte(c.B>>8), byte(c.B)
		buf[6], buf[7] = byte(c.A>>8), byte(c.A)
		h.Write(buf[:])
		return true
	})
	// The turned size, so that tiles of different shapes never collide.
	w, ht := img.Bounds().Dx(), img.Bounds().Dy()
	if r&1 == 1 {
		w, ht = ht, w
	}
	binary.BigEndian.PutUint32(buf[:4], uint32(w))
	binary.BigEndian.PutUint32(buf[4:], uint32(ht))
	h.Write(buf[:])
	return h.Sum64()
}

// eachTurnedPixel calls f with the pixels of img turned by r, row by row
// of the turned image, until f returns false.
func eachTurnedPixel(img image.Image, r Rotation, f func(color.RGBA64) bool) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	ow, oh := w, h
	if r&1 == 1 {
		ow, oh = h, w
	}
	fast, _ := img.(image.RGBA64Image)
	for y := range oh {
		for x := range ow {
			// The source pixel that lands on (x, y) of the turned image:
			// TurnImage's turnPoint, inverted.
			sx, sy := x, y
			switch r & 3 {
			case 1:
				sx, sy = y, h-1-x
			case 2:
				sx, sy = w-1-x, h-1-y
			case 3:
				sx, sy = w-1-y, x
			}
			var c color.RGBA64
			if fast != nil {
				c = fast.RGBA64At(b.Min.X+sx, b.Min.Y+sy)
			} else {
				cr, cg, cb, ca := img.At(b.Min.X+sx, b.Min.Y+sy).RGBA()
				c = color.RGBA64{uint16(cr), uint16(cg), uint16(cb), uint16(ca)}
			}
			if !f(c) {
				return
			}
		}
	}
}

// sameTurned reports whether a turned by r shows exactly b.
func sameTurned(a image.Image, r Rotation, b image.Image) bool {
	ab, bb := a.Bounds(), b.Bounds()
	if r&1 == 1 {
		if ab.Dx() != bb.Dy() || ab.Dy() != bb.Dx() {
			return false
		}
	} else if ab.Size() != bb.Size() {
		return false
	}
	fast, _ := b.(image.RGBA64Image)
	w := bb.Dx()
	k := 0
	same := true
	eachTurnedPixel(a, r, func(c color.RGBA64) bool {
		x, y := k%w, k/w
		k++
		var d color.RGBA64
		if fast != nil {
			d = fast.RGBA64At(bb.Min.X+x, bb.Min.Y+y)
		} else {
			cr, cg, cb, ca := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			d = color.RGBA64{uint16(cr), uint16(cg), uint16(cb), uint16(ca)}
		}
		same = c == d
		return same
	})
	return same
}

// copyTurn returns the turn among turns that makes rep's tile into img, if
// there is one; repHashes are rep's hashes by turn and imgHash img's own.
func copyTurn(rep, img image.Image, turns []Rotation, repHashes [4]uint64, imgHash uint64) (Rotation, bool) {
	for _, r := range turns {
		if repHashes[r] == imgHash && sameTurned(rep, r, img) {
			return r, true
		}
	}
	return 0, false
}

// tilePeriod returns the least turn that leaves img unchanged, among those
// a piece may take: 4 when pieces keep their orientation.
func tilePeriod(img image.Image, rotatable bool) uint8 {
	if !rotatable {
		return 4
	}
	if sameTurned(img, 1, img) {
		return 1
	}
	if sameTurned(img, 2, img) {
		return 2
	}
	return 4
}

// Groups returns the sets of two or more pieces that are copies of one
// another, each in increasing order, the groups ordered by their first
// piece. The slices are shared; do not modify them.
func (id *Identical) Groups() [][]PieceID { return id.groups }

// Same reports whether placements a and b show the same picture: the same
// piece in the same turn, or copies turned so that they look alike. Empty
// placements are the same as each other only.
func (id *Identical) Same(a, b Placement) bool {
	if a.IsEmpty() || b.IsEmpty() {
		return a.IsEmpty() && b.IsEmpty()
	}
	if !id.known(a.Piece) || !id.known(b.Piece) {
		return a == b
	}
	ka, kb := id.look(a), id.look(b)
	return ka == kb
}

// look is how a placement shows: its piece's representative and the
// representative's turn, up to the tile's symmetry.
type look struct {
	rep  PieceID
	turn uint8
}

func (id *Identical) look(a Placement) look {
	rep := id.rep[a.Piece]
	t := uint8(id.turn[a.Piece].Add(a.Rotation)) % id.period[rep]
	return look{rep, t}
}

func (id *Identical) known(p PieceID) bool { return p >= 0 && int(p) < len(id.rep) }

// Relabel returns a copy of got in which copies of one picture trade
// places so that got agrees with truth wherever it shows the right picture:
// a cell that truth fills with piece q and got with a copy of q, turned to
// look the same, gets q itself, and the copy takes q's former place, turned
// to show what q showed there. The relabelled board renders exactly as got
// does, so any comparison of it with truth forgives swapped copies:
// DirectComparison(truth, id.Relabel(truth, got)) is the direct comparison
// with identical tiles interchangeable, and likewise for the others.
//
// Like DirectComparison, it takes the whole-board turn of truth that
// agrees with got on the most cells. Boards that cannot be compared (nil,
// malformed, of different sizes) come back as a plain copy, or nil.
func (id *Identical) Relabel(truth, got *Board) *Board {
	if got == nil {
		return nil
	}
	out := got.Clone()
	if len(id.groups) == 0 || !sameSize(truth, got) {
		return out
	}
	// The turn of truth that shows the most of got's pictures.
	var t *Board
	best := -1
	for _, r := range truth.Turns() {
		tt := truth.Turn(r)
		n := 0
		for i, pl := range tt.Cells {
			if !pl.IsEmpty() && id.Same(pl, got.Cells[i]) {
				n++
			}
		}
		if n > best {
			t, best = tt, n
		}
	}
	for _, group := range id.groups {
		id.relabelGroup(group, t, out)
	}
	return out
}

// relabelGroup relabels the cells of b that hold pieces of one group.
func (id *Identical) relabelGroup(group []PieceID, truth, b *Board) {
	inGroup := make(map[PieceID]bool, len(group))
	for _, q := range group {
		inGroup[q] = true
	}
	var cells []int
	for i, pl := range b.Cells {
		if !pl.IsEmpty() && id.known(pl.Piece) && inGroup[pl.Piece] {
			cells = append(cells, i)
		}
	}
	// First the cells where truth holds a copy showing the same picture:
	// they get truth's own placement.
	taken := make(map[PieceID]bool, len(group))
	done := make([]bool, len(cells))
	for k, i := range cells {
		want := truth.Cells[i]
		if want.IsEmpty() || !inGroup[want.Piece] || taken[want.Piece] || !id.Same(want, b.Cells[i]) {
			continue
		}
		b.Cells[i] = want
		taken[want.Piece] = true
		done[k] = true
	}
	// The other cells take the pieces left, in order, each turned to show
	// what the cell showed.
	next := 0
	for k, i := range cells {
		if done[k] {
			continue
		}
		for taken[group[next]] {
			next++
		}
		q := group[next]
		taken[q] = true
		was := b.Cells[i]
		// was shows rep turned by turn[was]+rot; q turned by r shows rep
		// turned by turn[q]+r.
		r := id.turn[was.Piece].Add(was.Rotation).Add(id.turn[q].Inverse())
		b.Cells[i] = Placement{Piece: q, Rotation: r}
	}
}
