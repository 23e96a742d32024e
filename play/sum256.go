//go:build !js

package play

import "crypto/sha256"

// sum256 is the SHA-256 of the state hash (HashState): crypto/sha256,
// except in the browser (sum256_js.go).
func sum256(b []byte) [32]byte { return sha256.Sum256(b) }
