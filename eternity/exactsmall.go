package eternity

import "math/bits"

// The search of a puzzle of at most 64 pieces runs on bit sets: the
// unused pieces are one word, each bucket of a table is the word of the
// pieces that have a turn in it, and the candidates a cell still has are
// the bucket's word less the used one, taken lowest bit first. The
// general search instead walks the bucket and skips the pieces in use,
// which is most of its work on boards of few colours (big buckets, most
// of whose pieces are placed): on em_7x7_b3_i6_s1 it spent 38% of its
// time skipping. Pieces are ranked in the order the buckets list them
// (increasing or decreasing piece number), so the bit order is the
// search order and the tree, the node count and the first solution are
// those of the general search exactly. The general search's state (the
// frames' candidate positions) is rebuilt from the bit sets whenever the
// search stops, so that Split, Checkpoint and Resume work unchanged.

// maxSmallPieces is the most pieces a bit-set search takes: one word.
const maxSmallPieces = 64

// maxSmallBuckets bounds the bit-set tables (64 bytes of turns per
// bucket), so that they stay in the cache the search lives in.
const maxSmallBuckets = 1 << 14

// smallTables is the bit-set form of an Exact's tables.
type smallTables struct {
	rank  []int8   // per piece: its place in the candidate order, -1 for a preplaced piece
	piece []int32  // per rank: the piece
	mask  []uint64 // per bucket (an index into starts): the ranks with a turn in it
	turns []uint8  // the turns of each piece in each bucket, bucket after bucket, in rank order
	tbase []int32  // per bucket: where its pieces' turns begin in turns
	mr    []int32  // per element: mateR premultiplied by the key's stride
}

// buildSmall fills x.small when the puzzle is small enough for the
// bit-set search, and leaves it nil otherwise.
func (x *Exact) buildSmall() {
	if len(x.p.Pieces) > maxSmallPieces || len(x.starts) > maxSmallBuckets || len(x.starts) == 0 {
		return
	}
	sm := &smallTables{rank: make([]int8, len(x.p.Pieces))}
	placed := make([]bool, len(x.p.Pieces))
	for _, e := range x.preplaced {
		if e >= 0 {
			placed[e>>2] = true
		}
	}
	// The tables list their elements in piece order, increasing or
	// decreasing, turns increasing within a piece: rank the pieces so.
	for i := range sm.rank {
		p := i
		if x.cfg.desc {
			p = len(sm.rank) - 1 - i
		}
		sm.rank[p] = -1
		if !placed[p] {
			sm.rank[p] = int8(len(sm.piece))
			sm.piece = append(sm.piece, int32(p))
		}
	}
	sm.mr = make([]int32, len(x.mateR))
	for e, m := range x.mateR {
		sm.mr[e] = m * x.ncol
	}
	nb := len(x.starts) - 1
	sm.mask = make([]uint64, nb)
	sm.tbase = make([]int32, nb)
	for k := range nb {
		sm.tbase[k] = int32(len(sm.turns))
		last := -1
		for _, c := range x.cands[x.starts[k]:x.starts[k+1]] {
			r := int(sm.rank[c.elem>>2])
			switch {
			case r < last:
				return // not in rank order: keep the general search
			case r > last:
				sm.turns = append(sm.turns, 0)
			}
			last = r
			sm.mask[k] |= 1 << r
			sm.turns[len(sm.turns)-1] |= 1 << (c.elem & 3)
		}
	}
	x.small = sm
}

// sframe is a depth of the bit-set search: the bucket its cell reads,
// the ranks it has still to try, and the piece it stands at with the
// turns of it still to try.
type sframe struct {
	avail uint64
	all   uint64 // the bucket's pieces, to find a piece's turns by its rank among them
	k     int32
	tbase int32
	cur   int8
	turns uint8
}

// runSmall is run on bit sets; s.x.small is set. It starts from the
// general state and leaves the general state behind whenever it returns,
// ticks or reports a solution.
func (s *search) runSmall(found func() bool) bool {
	x, sm := s.x, s.x.small
	sf := s.toSmall()
	var (
		mask   = sm.mask
		turns  = sm.turns
		tbase  = sm.tbase
		piece  = sm.piece
		steps  = x.steps
		frames = s.frames
		cm     = s.cm
		mr     = sm.mr
		mateB  = x.mateB
		last   = s.last
		base   = s.base
		d      = s.d
		nodes  = s.nodes
		left   = s.window
		used   = s.usedMask(d)
	)
	for {
		f := &sf[d]
		if f.turns == 0 {
			if f.avail == 0 {
				if d == base {
					s.d, s.nodes, s.done = d, nodes, true
					s.fromSmall(sf, used)
					return true
				}
				d--
				used &^= 1 << sf[d].cur
				continue
			}
			r := bits.TrailingZeros64(f.avail)
			f.avail &= f.avail - 1
			f.cur = int8(r)
			f.turns = turns[f.tbase+int32(bits.OnesCount64(f.all&(1<<r-1)))]
		}
		if left == 0 {
			s.d, s.nodes = d, nodes
			s.fromSmall(sf, used)
			if left = s.poll(); left == 0 {
				return false
			}
		}
		left--
		nodes++
		e := piece[f.cur]<<2 | int32(bits.TrailingZeros8(f.turns))
		f.turns &= f.turns - 1
		frames[d].elem = e
		if d == last {
			s.d, s.nodes, s.window = d, nodes, left
			if !found() {
				s.fromSmall(sf, used)
				return false
			}
			continue
		}
		bit := uint64(1) << f.cur
		st := &steps[d]
		cm[st.cell] = mates{mr[e], mateB[e]}
		st = &steps[d+1]
		k := st.off + cm[st.l].r + cm[st.t].b
		avail := mask[k] &^ (used | bit)
		if avail == 0 {
			// A dead end, as most placements are: the next cell has
			// no candidate. The placement counts, as it would in the
			// general search, which would go down and straight back.
			continue
		}
		used |= bit
		d++
		sf[d] = sframe{avail: avail, all: mask[k], k: k, tbase: tbase[k]}
	}
}

// usedMask returns the ranks of the pieces placed above depth d.
func (s *search) usedMask(d int) uint64 {
	var m uint64
	for _, f := range s.frames[:d] {
		m |= 1 << s.x.small.rank[f.elem>>2]
	}
	return m
}

// bucketOf returns the bucket depth d reads; the depths above it are
// placed.
func (s *search) bucketOf(d int) int32 {
	st := &s.x.steps[d]
	return st.off + s.cm[st.l].r + s.cm[st.t].b
}

// toSmall returns the bit-set frames of the general state, from the
// branch's base down to the open depth s.d.
func (s *search) toSmall() []sframe {
	x, sm := s.x, s.x.small
	sf := make([]sframe, len(x.steps)+1)
	var used uint64
	for d := range s.d + 1 {
		if d >= len(x.steps) {
			break
		}
		if d < s.base {
			used |= 1 << sm.rank[s.frames[d].elem>>2]
			continue
		}
		k := s.bucketOf(d)
		pos, end := s.pos, s.end
		cur := int8(-1)
		if d < s.d {
			pos, end = s.frames[d].pos, s.frames[d].end
			cur = sm.rank[s.frames[d].elem>>2]
		} else if start := x.starts[k]; pos > start {
			// The open depth may stand between two turns of a piece.
			if r := sm.rank[x.cands[pos-1].elem>>2]; used&(1<<r) == 0 {
				cur = r
			}
		}
		f := sframe{k: k, cur: cur, all: sm.mask[k], tbase: sm.tbase[k]}
		for _, c := range x.cands[pos:end] {
			r := sm.rank[c.elem>>2]
			switch {
			case used&(1<<r) != 0:
			case r == cur:
				f.turns |= 1 << (c.elem & 3)
			default:
				f.avail |= 1 << r
			}
		}
		sf[d] = f
		if d < s.d {
			used |= 1 << cur
		}
	}
	return sf
}

// fromSmall writes the general state of the bit-set frames: the used
// pieces and, from the base down to the open depth s.d, each depth's
// next candidate position.
func (s *search) fromSmall(sf []sframe, used uint64) {
	x, sm := s.x, s.x.small
	for r, p := range sm.piece {
		s.used[p] = used&(1<<r) != 0
	}
	for d := s.base; d <= s.d && d < len(x.steps); d++ {
		f := &sf[d]
		start, end := x.starts[f.k], x.starts[f.k+1]
		pos := start
		for pos < end {
			c := x.cands[pos]
			r := sm.rank[c.elem>>2]
			// avail never holds cur once cur is taken, and cur is
			// meaningless while turns is empty.
			if f.avail&(1<<r) != 0 || (r == f.cur && f.turns&(1<<(c.elem&3)) != 0) {
				break
			}
			pos++
		}
		if d < s.d {
			s.frames[d].pos, s.frames[d].end = pos, end
		} else {
			s.pos, s.end = pos, end
		}
	}
}
