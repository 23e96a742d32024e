package board

import "encoding/binary"

// AppendState appends to buf an encoding of what the board holds that
// routes and networks depend on: the tile on every hex (definition, copy
// and rotation), the tokens in every city slot and the corporations whose
// tokens never block. Two boards of the same map (sharing their static
// part: a board and its clones, or boards of games of the same title and
// options) with equal encodings have the same networks and runs, so a
// value computed from one may be kept under the encoding for the other
// (the bot's revenue estimates, across the copies of a game it plays
// ahead on). The encoding is injective: every number is a varint and
// every string has its length before it.
func (b *Board) AppendState(buf []byte) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(b.hexes)))
	for i := range b.hexes {
		h := &b.hexes[i]
		buf = binary.AppendVarint(buf, int64(h.tdef))
		buf = binary.AppendVarint(buf, int64(h.copy))
		buf = binary.AppendVarint(buf, int64(h.rot))
		buf = binary.AppendUvarint(buf, uint64(len(h.tokens)))
		for _, slots := range h.tokens {
			buf = binary.AppendUvarint(buf, uint64(len(slots)))
			for _, c := range slots {
				buf = appendString(buf, c)
			}
		}
	}
	buf = binary.AppendUvarint(buf, uint64(len(b.nonBlocking)))
	for _, c := range b.nonBlocking {
		buf = appendString(buf, c)
	}
	return buf
}

// SameMap reports whether b and o are boards of the same map (they share
// their static part), whose AppendState encodings may be compared.
func (b *Board) SameMap(o *Board) bool { return b.s == o.s }

func appendString(buf []byte, s string) []byte {
	buf = binary.AppendUvarint(buf, uint64(len(s)))
	return append(buf, s...)
}
