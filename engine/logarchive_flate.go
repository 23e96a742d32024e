//go:build !js

package engine

import (
	"bytes"
	"compress/flate"
	"io"
	"sync"
)

// packArchive compresses the archived log (ArchiveLog).
func packArchive(raw []byte) []byte {
	var buf bytes.Buffer
	w := flateWriters.Get().(*flate.Writer)
	defer flateWriters.Put(w)
	w.Reset(&buf)
	_, _ = w.Write(raw) // writes to a bytes.Buffer do not fail
	_ = w.Close()
	return bytes.Clone(buf.Bytes())
}

// unpackArchive reads back what packArchive wrote.
func unpackArchive(b []byte) ([]byte, error) {
	return io.ReadAll(flate.NewReader(bytes.NewReader(b)))
}

// flateWriters reuses compressors (each holds about a megabyte of tables,
// which would otherwise be allocated at every ArchiveLog).
var flateWriters = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.BestSpeed) // a valid level: no error
	return w
}}
