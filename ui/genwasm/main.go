// Command genwasm builds the in-browser engine (tresham/wasm, GOOS=js
// GOARCH=wasm, stripped) into ui/wasm, gzipped and named by content hash,
// with the matching wasm_exec.js of the same Go toolchain and a
// manifest.json that the UI handler serves. `go generate ./ui` runs it
// from ui/. With -check it only verifies that ui/wasm was built from the
// current sources and toolchain (exit status 1 with the reason otherwise).
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
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
	// toolchain); -check compares it.
	Source string `json:"source"`
	// Size and GzipSize are the module's bytes, raw and gzipped.
	Size     int    `json:"size"`
	GzipSize int    `json:"gzip_size"`
	Go       string `json:"go"`
}

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
	goroot, err := goCmd(nil, "env", "GOROOT")
	if err != nil {
		return err
	}
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		if execJS, err = os.ReadFile(filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")); err != nil {
			return fmt.Errorf("wasm_exec.js of %s: %w", goroot, err)
		}
	}
	version, err := goCmd(nil, "version")
	if err != nil {
		return err
	}
	src, err := fingerprint(version, execJS)
	if err != nil {
		return err
	}
	if check {
		b, err := os.ReadFile(filepath.Join(out, "manifest.json"))
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("%s/manifest.json is missing: the WebAssembly module is not built; run go generate ./ui", out)
		}
		if err != nil {
			return err
		}
		var m Manifest
		if err := json.Unmarshal(b, &m); err != nil {
			return fmt.Errorf("%s/manifest.json: %w", out, err)
		}
		if m.Source != src {
			return fmt.Errorf("%s holds a WebAssembly module built from other sources or another Go toolchain than the current ones: run go generate ./ui", out)
		}
		for _, f := range []string{m.Wasm + ".gz", m.Exec} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				return fmt.Errorf("%s: %w; run go generate ./ui", f, err)
			}
		}
		return nil
	}
	tmp, err := os.MkdirTemp("", "genwasm")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "tresham.wasm")
	if _, err := goCmd([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", bin, "tresham/wasm"); err != nil {
		return err
	}
	raw, err := os.ReadFile(bin)
	if err != nil {
		return err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	m := Manifest{
		Wasm: "tresham." + short(raw) + ".wasm", Exec: "wasm_exec." + short(execJS) + ".js",
		Source: src, Size: len(raw), GzipSize: gz.Len(), Go: version,
	}
	old, _ := filepath.Glob(filepath.Join(out, "*.wasm.gz"))
	oldJS, _ := filepath.Glob(filepath.Join(out, "wasm_exec.*.js"))
	for _, f := range append(old, oldJS...) {
		if err := os.Remove(f); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, m.Wasm+".gz"), gz.Bytes(), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, m.Exec), execJS, 0o644); err != nil {
		return err
	}
	mb, _ := json.MarshalIndent(m, "", "  ")
	if err := os.WriteFile(filepath.Join(out, "manifest.json"), append(mb, '\n'), 0o644); err != nil {
		return err
	}
	fmt.Printf("genwasm: %s: %d bytes, %d gzipped\n", m.Wasm, m.Size, m.GzipSize)
	return nil
}

func short(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:6])
}

// fingerprint hashes the toolchain version, wasm_exec.js and every file of
// the module's own packages that tresham/wasm is built from for js/wasm.
func fingerprint(version string, execJS []byte) (string, error) {
	list, err := goCmd([]string{"GOOS=js", "GOARCH=wasm"}, "list", "-deps", "-f",
		`{{if .Module}}{{if eq .Module.Path "tresham"}}{{.Dir}}{{range .GoFiles}} {{.}}{{end}}{{range .EmbedFiles}} {{.}}{{end}}{{end}}{{end}}`, "tresham/wasm")
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%x\n", version, sha256.Sum256(execJS))
	modRoot, err := goCmd(nil, "list", "-m", "-f", "{{.Dir}}")
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

// goCmd runs the go command with extra environment and returns its
// trimmed output.
func goCmd(env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
