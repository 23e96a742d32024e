//go:build !(js && wasm)

// Command wasm is Tresham's engine in the browser; it is built only for
// GOOS=js GOARCH=wasm (see main.go). Built natively it only says so.
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "tresham/wasm is the WebAssembly module: build it with GOOS=js GOARCH=wasm (go generate ./ui does)")
	os.Exit(2)
}
