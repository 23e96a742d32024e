// Package wasmgen builds the in-browser engine (tresham/wasm, GOOS=js
// GOARCH=wasm, stripped) with a Go toolchain into a directory the UI
// serves under /wasm/: the module gzipped and named by content hash, the
// matching wasm_exec.js of the same toolchain, and manifest.json. `go
// generate ./ui` (ui/genwasm) builds into ui/wasm, which is embedded in
// the binary; `tresham serve` without an embedded module builds into the
// user's cache (ui/enginecache).
package wasmgen

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Manifest describes a built module; ui serves it as /wasm/manifest.json.
type Manifest struct {
	// Wasm and Exec are the file names (under /wasm/) of the gzipped module
	// and of its wasm_exec.js.
	Wasm string `json:"wasm"`
	Exec string `json:"exec"`
	// Source fingerprints what the module was built from (sources and
	// toolchain); Check compares it.
	Source string `json:"source"`
	// Size and GzipSize are the module's bytes, raw and gzipped.
	Size     int    `json:"size"`
	GzipSize int    `json:"gzip_size"`
	Go       string `json:"go"`
}

// Toolchain is a go command run in a directory of the tresham module.
type Toolchain struct {
	// Go is the go command (a path, or "go" to look it up in PATH).
	Go string
	// Dir is a directory inside the tresham module's source tree.
	Dir string
	// Env is added to the process's environment.
	Env []string
}

// Source is what a module would be built from: the toolchain's version
// and wasm_exec.js, and a fingerprint of both and of every file of the
// module's own packages that tresham/wasm is built from.
type Source struct {
	Version     string
	ExecJS      []byte
	Fingerprint string
}

// Inspect reads the toolchain's version and wasm_exec.js and fingerprints
// the sources.
func (tc Toolchain) Inspect(ctx context.Context) (*Source, error) {
	goroot, err := tc.run(ctx, nil, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		if execJS, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")); err != nil {
			return nil, fmt.Errorf("wasm_exec.js of %s: %w", goroot, err)
		}
	}
	version, err := tc.run(ctx, nil, "version")
	if err != nil {
		return nil, err
	}
	fp, err := tc.fingerprint(ctx, version, execJS)
	if err != nil {
		return nil, err
	}
	return &Source{Version: version, ExecJS: execJS, Fingerprint: fp}, nil
}

// Check verifies that dir holds a module built from src: nil, or an error
// saying what is missing or stale.
func Check(dir string, src *Source) error {
	m, err := ReadManifest(dir)
	if err != nil {
		return err
	}
	if m.Source != src.Fingerprint {
		return fmt.Errorf("%s holds a WebAssembly module built from other sources or another Go toolchain than the current ones", dir)
	}
	return nil
}

// ReadManifest reads dir/manifest.json and checks that the files it names
// are there.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s/manifest.json is missing: the WebAssembly module is not built", dir)
	}
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s/manifest.json: %w", dir, err)
	}
	if m.Wasm == "" || m.Exec == "" {
		return nil, fmt.Errorf("%s/manifest.json names no module", dir)
	}
	for _, f := range []string{m.Wasm + ".gz", m.Exec} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
	}
	return &m, nil
}

// Build compiles tresham/wasm from src and writes it into out (created if
// needed), replacing any module there; manifest.json is written last.
func (tc Toolchain) Build(ctx context.Context, src *Source, out string) (*Manifest, error) {
	tmp, err := os.MkdirTemp("", "tresham-wasm")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "tresham.wasm")
	if _, err := tc.run(ctx, []string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", bin, "tresham/wasm"); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(bin)
	if err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	m := &Manifest{
		Wasm: "tresham." + short(raw) + ".wasm", Exec: "wasm_exec." + short(src.ExecJS) + ".js",
		Source: src.Fingerprint, Size: len(raw), GzipSize: gz.Len(), Go: src.Version,
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	old, _ := filepath.Glob(filepath.Join(out, "*.wasm.gz"))
	oldJS, _ := filepath.Glob(filepath.Join(out, "wasm_exec.*.js"))
	for _, f := range append(old, oldJS...) {
		if err := os.Remove(f); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(out, m.Wasm+".gz"), gz.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(out, m.Exec), src.ExecJS, 0o644); err != nil {
		return nil, err
	}
	mb, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(filepath.Join(out, "manifest.json"), append(mb, '\n'), 0o644); err != nil {
		return nil, err
	}
	return m, nil
}

func short(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// fingerprint hashes the toolchain version, wasm_exec.js and every file of
// the module's own packages that tresham/wasm is built from for js/wasm.
func (tc Toolchain) fingerprint(ctx context.Context, version string, execJS []byte) (string, error) {
	list, err := tc.run(ctx, []string{"GOOS=js", "GOARCH=wasm"}, "list", "-deps", "-f",
		`{{if .Module}}{{if eq .Module.Path "tresham"}}{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{range .EmbedFiles}} {{.}}{{end}}{{end}}{{end}}`, "tresham/wasm")
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%x\n", version, sha256.Sum256(execJS))
	modRoot, err := tc.run(ctx, nil, "list", "-m", "-f", "{{.Dir}}")
	if err != nil {
		return "", err
	}
	var files []string
	for _, line := range strings.Split(list, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		for _, name := range f[1:] {
			files = append(files, filepath.Join(f[0], name))
		}
	}
	sort.Strings(files)
	for _, p := range files {
		fh, err := os.Open(p)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(modRoot, p)
		fmt.Fprintf(h, "%s\n", filepath.ToSlash(rel))
		_, err = io.Copy(h, fh)
		fh.Close()
		if err != nil {
			return "", fmt.Errorf("fingerprint %s: %w", p, err)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// run runs the go command with extra environment and returns its trimmed
// output.
func (tc Toolchain) run(ctx context.Context, env []string, args ...string) (string, error) {
	goCmd := tc.Go
	if goCmd == "" {
		goCmd = "go"
	}
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = tc.Dir
	cmd.Env = append(append(os.Environ(), tc.Env...), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
