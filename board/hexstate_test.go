package board

import (
	"testing"
	"unsafe"
)

// TestHexStateSize: a checked lay copies every hex's state, so it stays
// narrow.
func TestHexStateSize(t *testing.T) {
	if n := unsafe.Sizeof(hexState{}); n > 40 {
		t.Errorf("hexState is %d bytes, want at most 40", n)
	}
}
