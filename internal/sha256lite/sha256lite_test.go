package sha256lite

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// TestKnownSums checks the sums of FIPS 180-4's examples and of the empty
// input.
func TestKnownSums(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
	} {
		got := Sum256([]byte(c.in))
		if hex.EncodeToString(got[:]) != c.want {
			t.Errorf("Sum256(%q) = %x, want %s", c.in, got, c.want)
		}
	}
}

// TestMatchesCryptoSHA256 compares Sum256 with crypto/sha256 on every
// length up to 300 bytes (each padding case) and on random longer inputs.
func TestMatchesCryptoSHA256(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 1<<17)
	for i := range buf {
		buf[i] = byte(r.Uint32())
	}
	check := func(b []byte) {
		if got, want := Sum256(b), sha256.Sum256(b); got != want {
			t.Fatalf("%d bytes: Sum256 %x, crypto/sha256 %x", len(b), got, want)
		}
	}
	for n := 0; n <= 300; n++ {
		check(buf[:n])
	}
	for range 200 {
		check(buf[:r.IntN(len(buf))])
	}
}

// FuzzMatchesCryptoSHA256 compares Sum256 with crypto/sha256 on any input.
func FuzzMatchesCryptoSHA256(f *testing.F) {
	f.Add([]byte("abc"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := Sum256(b), sha256.Sum256(b); got != want {
			t.Fatalf("Sum256 %x, crypto/sha256 %x", got, want)
		}
	})
}
