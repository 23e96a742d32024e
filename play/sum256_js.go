//go:build js

package play

import "tresham/internal/sha256lite"

// sum256 is the SHA-256 of the state hash (HashState). In the browser it
// is sha256lite's: crypto/sha256 would bring the FIPS module into the
// WebAssembly module (49 kB gzipped); the sums are the same.
func sum256(b []byte) [32]byte { return sha256lite.Sum256(b) }
