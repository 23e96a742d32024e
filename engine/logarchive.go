package engine

import (
	"encoding/binary"
	"slices"
)

// ArchiveLog moves the first n log lines into a compressed archive to
// save memory while a game sits idle (a game log is tens of kilobytes of
// text). LogLines still returns every line, in order; Log keeps only the
// lines after them, so a caller indexing Log (a title's mark of where the
// last action's lines begin) must subtract n.
func (g *Game) ArchiveLog(n int) {
	n = min(max(n, 0), len(g.Log))
	if n == 0 {
		return
	}
	lines, msgs := g.archivedLog()
	lines = append(lines, g.Log[:n]...)
	for len(msgs) < len(lines)-n {
		msgs = append(msgs, lineMsg{})
	}
	msgs = msgs[:len(lines)-n]
	for i := range n {
		var m lineMsg
		if i < len(g.msgs) {
			m = g.msgs[i]
		}
		msgs = append(msgs, m)
	}
	size := 0
	for _, l := range lines {
		size += len(l) + binary.MaxVarintLen64
	}
	raw := make([]byte, 0, size+8*len(msgs))
	for i, l := range lines {
		raw = binary.AppendUvarint(raw, uint64(len(l)))
		raw = append(raw, l...)
		raw = appendLineMsg(raw, g.idName(msgs[i].id), &msgs[i].argSpans)
	}
	g.archive = packArchive(raw)
	g.archived = len(lines)
	g.Log = slices.Clone(g.Log[n:])
	if n < len(g.msgs) {
		g.msgs = slices.Clone(g.msgs[n:])
	} else {
		g.msgs = nil
	}
}

// appendLineMsg appends m to an archive: its id, its number of arguments
// and their offsets.
func appendLineMsg(raw []byte, id string, m *argSpans) []byte {
	raw = binary.AppendUvarint(raw, uint64(len(id)))
	raw = append(raw, id...)
	if id == "" {
		return raw
	}
	raw = append(raw, m.n)
	for _, s := range m.spans[:m.n] {
		raw = binary.AppendUvarint(raw, uint64(s[0]))
		raw = binary.AppendUvarint(raw, uint64(s[1]))
	}
	return raw
}

// archivedLines decompresses the archived log lines.
func (g *Game) archivedLines() []string {
	lines, _ := g.archivedLog()
	return lines
}

// archivedLog decompresses the archived log lines and their messages.
func (g *Game) archivedLog() ([]string, []lineMsg) {
	if g.archived == 0 {
		return nil, nil
	}
	out := make([]string, 0, g.archived+len(g.Log))
	msgs := make([]lineMsg, 0, g.archived+len(g.Log))
	raw, err := unpackArchive(g.archive)
	next := func() ([]byte, bool) {
		n, k := binary.Uvarint(raw)
		if k <= 0 || uint64(len(raw)-k) < n {
			return nil, false
		}
		s := raw[k : k+int(n)]
		raw = raw[k+int(n):]
		return s, true
	}
	for err == nil && len(out) < g.archived {
		line, ok := next()
		if !ok {
			break
		}
		id, ok := next()
		if !ok {
			break
		}
		var m lineMsg
		if len(id) > 0 {
			if len(raw) == 0 || raw[0] > MaxLogArgs {
				break
			}
			m.n, raw = raw[0], raw[1:]
			for i := range int(m.n) {
				for j := range 2 {
					v, k := binary.Uvarint(raw)
					if k <= 0 {
						return append(out, unreadable), msgs
					}
					m.spans[i][j], raw = uint16(v), raw[k:]
				}
			}
			m.id = g.idOf(string(id))
		}
		out = append(out, string(line))
		msgs = append(msgs, m)
	}
	if len(out) < g.archived {
		out = append(out, unreadable)
	}
	return out, msgs
}

// unreadable stands for archived lines that cannot be read back.
const unreadable = "(the rest of the archived log is unreadable)"
