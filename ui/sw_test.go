package ui

import (
	"io/fs"
	"regexp"
	"slices"
	"testing"
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
	files, err := fs.Glob(FS(), "*")
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
