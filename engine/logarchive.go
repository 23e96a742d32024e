package engine

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"io"
	"slices"
	"sync"
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
	lines := append(g.archivedLines(), g.Log[:n]...)
	var buf bytes.Buffer
	w := flateWriters.Get().(*flate.Writer)
	defer flateWriters.Put(w)
	w.Reset(&buf)
	size := 0
	for _, l := range lines {
		size += len(l) + binary.MaxVarintLen64
	}
	raw := make([]byte, 0, size)
	for _, l := range lines {
		raw = binary.AppendUvarint(raw, uint64(len(l)))
		raw = append(raw, l...)
	}
	_, _ = w.Write(raw) // writes to a bytes.Buffer do not fail
	_ = w.Close()
	g.archive = bytes.Clone(buf.Bytes())
	g.archived = len(lines)
	g.Log = slices.Clone(g.Log[n:])
}

// flateWriters reuses compressors (each holds about a megabyte of tables,
// which would otherwise be allocated at every ArchiveLog).
var flateWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed) // a valid level: no error
	return w
}}

// archivedLines decompresses the archived log lines.
func (g *Game) archivedLines() []string {
	if g.archived == 0 {
		return nil
	}
	out := make([]string, 0, g.archived+len(g.Log))
	raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(g.archive)))
	for err == nil && len(out) < g.archived {
		n, k := binary.Uvarint(raw)
		if k <= 0 || uint64(len(raw)-k) < n {
			break
		}
		out = append(out, string(raw[k:k+int(n)]))
		raw = raw[k+int(n):]
	}
	if len(out) < g.archived {
		out = append(out, "(the rest of the archived log is unreadable)")
	}
	return out
}
