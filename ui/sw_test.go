package ui

import (
	"io/fs"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestServiceWorkerKeepsEveryFile: the service worker's SHELL names every
// file of the page (a file it missed would be absent offline) and nothing
// that is not there.
func TestServiceWorkerKeepsEveryFile(t *testing.T) {
	src, err := fs.ReadFile(FS(), "sw.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)const SHELL = \[(.*?)\];`).FindSubmatch(src)
	if m == nil {
		t.Fatal("sw.js has no SHELL list")
	}
	var shell []string
	for _, q := range regexp.MustCompile(`'(/[^']*)'`).FindAllSubmatch(m[1], -1) {
		shell = append(shell, string(q[1]))
	}
	var files []string // every file, in subfolders too (i18n/fr.po)
	err = fs.WalkDir(FS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f == "sw.js" {
			continue // the worker itself is fetched by the browser
		}
		if !slices.Contains(shell, "/"+f) {
			t.Errorf("sw.js SHELL does not keep /%s", f)
		}
	}
	for _, p := range shell {
		if p == "/" {
			continue
		}
		if _, err := fs.Stat(FS(), p[1:]); err != nil {
			t.Errorf("sw.js SHELL keeps %s, which is not a file of the page", p)
		}
	}
}

// TestServiceWorkerVersion: /sw.js names its cache after the page's files,
// so a change to any of them changes the worker's bytes (browsers then
// install it again and replace the offline copy whole); unchanged files
// give the same name.
func TestServiceWorkerVersion(t *testing.T) {
	files := fstest.MapFS{
		"sw.js":      {Data: []byte("const CACHE = 'tresham-v1';\n")},
		"index.html": {Data: []byte("<p>one</p>")},
		"game.js":    {Data: []byte("export const x = 1;")},
	}
	name := func(fsys fs.FS, manifest string) string {
		out := versionedWorker(fsys, []byte(manifest))
		m := regexp.MustCompile(`'tresham-([0-9a-f]+)'`).FindSubmatch(out)
		if m == nil {
			t.Fatalf("no versioned cache name in %q", out)
		}
		return string(m[1])
	}
	base := name(files, `{"wasm":"a.wasm"}`)
	if again := name(files, `{"wasm":"a.wasm"}`); again != base {
		t.Errorf("same files: %s then %s", base, again)
	}
	if other := name(files, `{"wasm":"b.wasm"}`); other == base {
		t.Error("a new engine module did not change the worker's cache name")
	}
	changed := fstest.MapFS{}
	for k, v := range files {
		changed[k] = v
	}
	changed["game.js"] = &fstest.MapFile{Data: []byte("export const x = 2;")}
	if other := name(changed, `{"wasm":"a.wasm"}`); other == base {
		t.Error("a changed page file did not change the worker's cache name")
	}
	// the embedded worker is served versioned
	rec := httptest.NewRecorder()
	Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/sw.js", nil))
	if rec.Code != 200 || strings.Contains(rec.Body.String(), "'tresham-v1'") || !strings.Contains(rec.Body.String(), "'tresham-") {
		t.Errorf("GET /sw.js: %d, cache name not versioned", rec.Code)
	}
}
