// Command genwasm builds the in-browser engine (tresham/wasm, GOOS=js
// GOARCH=wasm, stripped) into ui/wasm, gzipped and named by content hash,
// with the matching wasm_exec.js of the same Go toolchain and a
// manifest.json that the UI handler serves (see ui/wasmgen). `go generate
// ./ui` runs it from ui/. With -check it only verifies that ui/wasm was
// built from the current sources and toolchain (exit status 1 with the
// reason otherwise).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"tresham/ui/wasmgen"
)

func main() {
	check := flag.Bool("check", false, "only check that the built module is up to date")
	out := flag.String("out", "wasm", "output directory")
	flag.Parse()
	if err := run(*check, *out); err != nil {
		fmt.Fprintln(os.Stderr, "genwasm:", err)
		os.Exit(1)
	}
}

func run(check bool, out string) error {
	ctx := context.Background()
	tc := wasmgen.Toolchain{Go: "go"}
	src, err := tc.Inspect(ctx)
	if err != nil {
		return err
	}
	if check {
		if err := wasmgen.Check(out, src); err != nil {
			return fmt.Errorf("%w: run go generate ./ui", err)
		}
		return nil
	}
	m, err := tc.Build(ctx, src, out)
	if err != nil {
		return err
	}
	fmt.Printf("genwasm: %s: %d bytes, %d gzipped\n", m.Wasm, m.Size, m.GzipSize)
	return nil
}
