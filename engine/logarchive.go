package engine

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"io"
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
	lines := append(g.archivedLines(), g.Log[:n]...)
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed) // a valid level: no error
	var lenBuf [binary.MaxVarintLen64]byte
	for _, l := range lines {
		_, _ = w.Write(lenBuf[:binary.PutUvarint(lenBuf[:], uint64(len(l)))])
		_, _ = io.WriteString(w, l) // writes to a bytes.Buffer do not fail
	}
	_ = w.Close()
	g.archive = bytes.Clone(buf.Bytes())
	g.archived = len(lines)
	g.Log = slices.Clone(g.Log[n:])
}

// archivedLines decompresses the archived log lines.
func (g *Game) archivedLines() []string {
	if g.archived == 0 {
		return nil
	}
	out := make([]string, 0, g.archived+len(g.Log))
	r := flate.NewReader(bytes.NewReader(g.archive))
	br := &byteReader{r: r}
	for range g.archived {
		n, err := binary.ReadUvarint(br)
		if err != nil {
			break
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(r, b); err != nil {
			break
		}
		out = append(out, string(b))
	}
	if len(out) < g.archived {
		out = append(out, "(the rest of the archived log is unreadable)")
	}
	return out
}

// byteReader reads single bytes from r.
type byteReader struct {
	r   io.Reader
	buf [1]byte
}

func (b *byteReader) ReadByte() (byte, error) {
	_, err := io.ReadFull(b.r, b.buf[:])
	return b.buf[0], err
}
