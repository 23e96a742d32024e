//go:build !nowasm

package ui

import "embed"

// wasmFiles is the in-browser engine generated into wasm/ by go generate
// (only wasm/README.md when it was not).
//
//go:embed wasm
var wasmFiles embed.FS
