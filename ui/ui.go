// Package ui holds the browser UI that `tresham serve` serves at `/`: plain
// ES modules, HTML and CSS with no build step (see static/). The lobby and
// the game page talk to the server only through the HTTP API of
// docs/api.md. The in-browser engine (tresham/wasm) is generated into
// wasm/ by go generate; the page uses it when it is there.
package ui

//go:generate go run ./genwasm

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
)

//go:embed static
var static embed.FS

// FS returns the UI files rooted at static/ (index.html at the top).
func FS() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree always has static/
	}
	return sub
}

// Handler serves the UI files (FS) and, under /wasm/, the in-browser
// engine generated into ui/wasm and embedded (see New).
func Handler() http.Handler { return New() }

// UI serves the UI files (FS) and, under /wasm/, the in-browser engine:
// /wasm/manifest.json (never cached) names the module and its
// wasm_exec.js, which are served by content-hashed name, cached forever,
// the module gzipped. Without a module the manifest says
// {"available": false} and why, with "building": true while one is being
// built (SetBuilding); SetModule serves one that arrives after start.
//
// /sw.js, the service worker, is served with its cache named by a hash of
// every UI file and of the engine's manifest: any change to the page gives
// the worker new bytes, so browsers install it again and its offline copy
// of the page is replaced whole, never mixed with older files.
type UI struct {
	files    http.Handler
	mod      atomic.Pointer[engineFiles]
	building atomic.Pointer[string]
}

// engineFiles is a module with the service worker written for it.
type engineFiles struct {
	wasm *wasmAssets
	sw   []byte
}

// New returns the UI with the module embedded in the binary, if any.
func New() *UI {
	u := &UI{files: http.FileServerFS(FS())}
	sub, _ := fs.Sub(wasmFiles, "wasm")
	u.use(loadWasm(sub))
	return u
}

func (u *UI) use(a *wasmAssets) {
	u.mod.Store(&engineFiles{wasm: a, sw: versionedWorker(FS(), a.manifest)})
}

// HasModule reports whether an engine module is served.
func (u *UI) HasModule() bool { return u.mod.Load().wasm.manifest != nil }

// SetModule serves the module in fsys (manifest.json at its root, as
// ui/wasmgen writes it) from now on.
func (u *UI) SetModule(fsys fs.FS) error {
	a := loadWasm(fsys)
	if a.manifest == nil {
		return fmt.Errorf("no usable manifest.json and module")
	}
	u.use(a)
	u.building.Store(nil)
	return nil
}

// SetBuilding says, in the manifest, that a module is being built and
// why the page must wait ("" when no longer).
func (u *UI) SetBuilding(why string) {
	if why == "" {
		u.building.Store(nil)
		return
	}
	u.building.Store(&why)
}

func (u *UI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cur := u.mod.Load()
	if r.URL.Path == "/sw.js" && cur.sw != nil {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(cur.sw)
		return
	}
	name, ok := strings.CutPrefix(r.URL.Path, "/wasm/")
	if !ok {
		u.files.ServeHTTP(w, r)
		return
	}
	cur.wasm.serve(w, r, name, u.building.Load())
}

// workerCacheName is the cache name sw.js is written with; versionedWorker
// replaces it with one that carries the files' hash.
const workerCacheName = "'tresham-v1'"

// versionedWorker returns sw.js with its cache named after a hash of every
// file of fsys (names and contents) and of the engine's manifest, or nil
// when sw.js is missing or does not name its cache as expected.
func versionedWorker(fsys fs.FS, manifest []byte) []byte {
	src, err := fs.ReadFile(fsys, "sw.js")
	if err != nil || !bytes.Contains(src, []byte(workerCacheName)) {
		return nil
	}
	h := sha256.New()
	_ = fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == "sw.js" {
			return nil
		}
		b, err := fs.ReadFile(fsys, path)
		if err != nil {
			return nil
		}
		fmt.Fprintf(h, "%s %d\n", path, len(b))
		h.Write(b)
		return nil
	})
	h.Write(manifest)
	name := fmt.Sprintf("'tresham-%x'", h.Sum(nil)[:6])
	return bytes.Replace(src, []byte(workerCacheName), []byte(name), 1)
}

// wasmAssets is the generated module, read once.
type wasmAssets struct {
	manifest []byte
	wasm     string // file name of the module (served from wasm+".gz")
	exec     string
	gz       []byte
	execJS   []byte
}

// loadWasm reads the module whose manifest.json is at the root of fsys.
func loadWasm(fsys fs.FS) *wasmAssets {
	a := &wasmAssets{}
	mb, err := fs.ReadFile(fsys, "manifest.json")
	if err != nil {
		return a // not generated: /wasm/ answers 404
	}
	var m struct{ Wasm, Exec string }
	if json.Unmarshal(mb, &m) != nil {
		return a
	}
	if m.Wasm == "" || m.Exec == "" {
		return a
	}
	gz, err1 := fs.ReadFile(fsys, m.Wasm+".gz")
	js, err2 := fs.ReadFile(fsys, m.Exec)
	if err1 != nil || err2 != nil {
		return a
	}
	a.manifest, a.wasm, a.exec, a.gz, a.execJS = mb, m.Wasm, m.Exec, gz, js
	return a
}

// serve answers /wasm/name; building says why the page waits for a module
// being built (nil when none is).
func (a *wasmAssets) serve(w http.ResponseWriter, r *http.Request, name string, building *string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	h := w.Header()
	switch {
	case a.manifest == nil && name == "manifest.json":
		// answered, not 404: the page asks on every load, and a browser
		// logs every 404 as an error
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", "no-cache")
		out := map[string]any{"available": false, "why": notBuilt}
		if building != nil {
			out["building"], out["why"] = true, *building
		}
		b, _ := json.Marshal(out)
		_, _ = w.Write(append(b, '\n'))
	case a.manifest == nil:
		http.Error(w, notBuilt, http.StatusNotFound)
	case name == "manifest.json":
		h.Set("Content-Type", "application/json")
		h.Set("Cache-Control", "no-cache")
		_, _ = w.Write(a.manifest)
	case name == a.exec:
		h.Set("Content-Type", "text/javascript; charset=utf-8")
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		_, _ = w.Write(a.execJS)
	case name == a.wasm:
		h.Set("Content-Type", "application/wasm")
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			h.Set("Content-Encoding", "gzip")
			h.Set("Content-Length", strconv.Itoa(len(a.gz)))
			if r.Method == http.MethodGet {
				_, _ = w.Write(a.gz)
			}
			return
		}
		zr, err := gzip.NewReader(bytes.NewReader(a.gz))
		if err != nil {
			http.Error(w, "corrupt module", http.StatusInternalServerError)
			return
		}
		_, _ = io.Copy(w, zr)
	default:
		http.NotFound(w, r)
	}
}

const notBuilt = "the in-browser engine is not built into this server (go generate ./ui before go build, or run tresham serve where it finds the sources and a Go toolchain)"

func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		enc, q, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.TrimSpace(enc) == "gzip" && strings.ReplaceAll(q, " ", "") != "q=0" {
			return true
		}
	}
	return false
}
