//go:build !(js && wasm)

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWebAssembly runs, in the WebAssembly build under Node through Go's
// go_js_wasm_exec, the golden traces action by action through the
// Session the page uses (play's TestGoldenTracesBySession: every stored
// action appended in turn, undo and redo included, the state compared with
// the trace line after each), play's history test and the JS glue's own
// test. Without node it is skipped, except under CI=true.
func TestWebAssembly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the WebAssembly tests (slow): not in -short")
	}
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed: CI must run the WebAssembly tests (apt-get install nodejs)")
		}
		t.Skip("node is not installed: the WebAssembly tests need it")
	}
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	root := strings.TrimSpace(string(goroot))
	var dir string
	for _, d := range []string{filepath.Join(root, "lib", "wasm"), filepath.Join(root, "misc", "wasm")} {
		if _, err := os.Stat(filepath.Join(d, "go_js_wasm_exec")); err == nil {
			dir = d
			break
		}
	}
	if dir == "" {
		t.Fatalf("go_js_wasm_exec not found under %s (lib/wasm or misc/wasm)", root)
	}
	// the inner run may take as long as this test is given (go test
	// -timeout 45m ./wasm on a loaded machine), less a margin to report it
	timeout := 10 * time.Minute
	if d, ok := t.Deadline(); ok {
		timeout = max(time.Until(d)-time.Minute, time.Minute)
	}
	cmd := exec.Command("go", "test", "-count=1", "-timeout", timeout.Round(time.Second).String(),
		"-run", "^(TestGoldenTracesBySession|TestHistory|TestJSAPI)$", "tresham/play", "tresham/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	out, err := cmd.CombinedOutput()
	t.Logf("GOOS=js GOARCH=wasm %s:\n%s", strings.Join(cmd.Args, " "), out)
	if err != nil {
		t.Fatalf("the WebAssembly tests failed: %v", err)
	}
	if strings.Contains(string(out), "no tests to run") {
		t.Fatal("a WebAssembly test package ran no test")
	}
}
