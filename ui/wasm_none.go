//go:build nowasm

package ui

import "embed"

// wasmFiles is empty under the nowasm build tag: a binary built so has no
// module built in whatever ui/wasm holds, as a plain build of a fresh
// clone (the test of the server building its module on start uses it).
var wasmFiles embed.FS
