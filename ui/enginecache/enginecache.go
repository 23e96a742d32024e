// Package enginecache gives `tresham serve` the in-browser engine when the
// binary has none built in (a plain `go build` or `go run` of a fresh
// clone): it finds the tresham source tree and a Go toolchain, builds the
// module (ui/wasmgen) into the user's cache directory once per version of
// the sources, and finds it there on later starts.
package enginecache

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"tresham/ui/wasmgen"
)

// Config says where to look; empty fields are found (see Prepare).
type Config struct {
	// Dir holds one directory per version of the sources (default
	// os.UserCacheDir()/tresham/wasm).
	Dir string
	// Source is the root of the tresham module's source tree (default
	// FindSource).
	Source string
	// Go is the go command (default FindGo).
	Go string
}

// ErrNoSource and ErrNoGo say why a module cannot be built here.
var (
	ErrNoSource = errors.New("no tresham source tree found (neither the working directory nor where this binary was built from)")
	ErrNoGo     = errors.New("no Go toolchain found (go in PATH or $GOROOT/bin/go)")
)

// Result is a module ready to serve.
type Result struct {
	// Dir holds manifest.json and the files it names.
	Dir string
	// Built is true when this call built it, false when it was reused.
	Built bool
	// Key is the version of the sources it was built from.
	Key string
}

// Resolve fills in the defaults of cfg, or says which is missing.
func Resolve(cfg Config) (Config, error) {
	if cfg.Source == "" {
		cfg.Source = FindSource()
		if cfg.Source == "" {
			return cfg, ErrNoSource
		}
	}
	if cfg.Go == "" {
		cfg.Go = FindGo()
		if cfg.Go == "" {
			return cfg, ErrNoGo
		}
	}
	if cfg.Dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return cfg, fmt.Errorf("no cache directory for the in-browser engine: %w", err)
		}
		cfg.Dir = filepath.Join(base, "tresham", "wasm")
	}
	return cfg, nil
}

// Prepare returns the module built from cfg's sources: the one in the
// cache when there is one, else one it builds there (in a temporary
// directory renamed into place, so concurrent servers never see half a
// module). The key is a fingerprint of the sources tresham/wasm is built
// from and of the toolchain (the same that go generate ./ui checks).
func Prepare(ctx context.Context, cfg Config) (*Result, error) {
	cfg, err := Resolve(cfg)
	if err != nil {
		return nil, err
	}
	tc := wasmgen.Toolchain{Go: cfg.Go, Dir: cfg.Source}
	src, err := tc.Inspect(ctx)
	if err != nil {
		return nil, fmt.Errorf("inspect the sources in %s: %w", cfg.Source, err)
	}
	key := Key(src)
	dir := filepath.Join(cfg.Dir, key)
	if wasmgen.Check(dir, src) == nil {
		return &Result{Dir: dir, Key: key}, nil
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	removeAbandoned(cfg.Dir)
	tmp, err := os.MkdirTemp(cfg.Dir, ".building-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if _, err := tc.Build(ctx, src, tmp); err != nil {
		return nil, fmt.Errorf("build the in-browser engine: %w", err)
	}
	_ = os.RemoveAll(dir) // a stale or broken one
	if err := os.Rename(tmp, dir); err != nil {
		// another server built it meanwhile
		if wasmgen.Check(dir, src) == nil {
			return &Result{Dir: dir, Key: key}, nil
		}
		return nil, err
	}
	return &Result{Dir: dir, Built: true, Key: key}, nil
}

// removeAbandoned removes temporary build directories left by servers
// stopped while building (none builds for an hour).
func removeAbandoned(dir string) {
	old, _ := filepath.Glob(filepath.Join(dir, ".building-*"))
	for _, p := range old {
		if st, err := os.Stat(p); err == nil && time.Since(st.ModTime()) > time.Hour {
			_ = os.RemoveAll(p)
		}
	}
}

// Key names the cache directory of a module built from src.
func Key(src *wasmgen.Source) string { return src.Fingerprint[:24] }

// FindSource returns the root of the tresham module's source tree: the
// working directory or one above it, else the directory this file was
// compiled from (known unless built with -trimpath); "" when neither holds
// the sources of the in-browser engine.
func FindSource() string {
	if wd, err := os.Getwd(); err == nil {
		if root := moduleRoot(wd); root != "" {
			return root
		}
	}
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		return moduleRoot(filepath.Dir(file))
	}
	return ""
}

// moduleRoot walks up from dir to the go.mod of module tresham that holds
// wasm/main.go.
func moduleRoot(dir string) string {
	for {
		if isTresham(filepath.Join(dir, "go.mod")) {
			if _, err := os.Stat(filepath.Join(dir, "wasm", "main.go")); err == nil {
				return dir
			}
			return ""
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

func isTresham(gomod string) bool {
	f, err := os.Open(gomod)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], `"`) == "tresham"
		}
	}
	return false
}

// FindGo returns the go command: go in PATH, else $GOROOT/bin/go; "" when
// there is none.
func FindGo() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p
		}
	}
	return ""
}
