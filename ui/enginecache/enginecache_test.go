package enginecache

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"tresham/ui/wasmgen"
)

// TestPrepare builds a module once, finds it again by the same key, and
// builds another when a source file changes (on a tiny module named
// tresham, so the build is short).
func TestPrepare(t *testing.T) {
	if testing.Short() {
		t.Skip("builds WebAssembly modules")
	}
	goCmd := FindGo()
	if goCmd == "" {
		t.Skip("no Go toolchain")
	}
	src := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(src, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module tresham\n\ngo 1.22\n")
	write("wasm/main.go", "package main\n\nfunc main() {}\n")
	cfg := Config{Dir: t.TempDir(), Source: src, Go: goCmd}
	ctx := context.Background()
	first, err := Prepare(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Built || filepath.Dir(first.Dir) != cfg.Dir || filepath.Base(first.Dir) != first.Key {
		t.Fatalf("first start: %+v, want a module built into %s/<key>", first, cfg.Dir)
	}
	m, err := wasmgen.ReadManifest(first.Dir)
	if err != nil || m.Size == 0 {
		t.Fatalf("built module: %+v %v", m, err)
	}
	again, err := Prepare(ctx, cfg)
	if err != nil || again.Built || again.Dir != first.Dir {
		t.Fatalf("second start: %+v %v, want %s reused", again, err, first.Dir)
	}
	write("wasm/main.go", "package main\n\nfunc main() { println(1) }\n")
	changed, err := Prepare(ctx, cfg)
	if err != nil || !changed.Built || changed.Key == first.Key {
		t.Fatalf("after a source change: %+v %v, want a new module under another key than %s", changed, err, first.Key)
	}
	// a broken entry under the key is built again, not served
	if err := os.Remove(filepath.Join(changed.Dir, "manifest.json")); err != nil {
		t.Fatal(err)
	}
	if r, err := Prepare(ctx, cfg); err != nil || !r.Built || r.Dir != changed.Dir {
		t.Fatalf("broken entry: %+v %v", r, err)
	}
	entries, _ := os.ReadDir(cfg.Dir)
	if len(entries) != 2 {
		t.Errorf("cache holds %d entries, want the 2 keys (no temporary left)", len(entries))
	}
}

func TestFindSource(t *testing.T) {
	root := FindSource()
	if root == "" {
		t.Fatal("no source tree found from the package directory")
	}
	if _, err := os.Stat(filepath.Join(root, "wasm", "main.go")); err != nil {
		t.Fatal(err)
	}
	if moduleRoot(t.TempDir()) != "" {
		t.Error("a directory outside any module taken as the sources")
	}
}
