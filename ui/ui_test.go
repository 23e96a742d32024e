package ui

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
)

// TestFiles checks that the UI entry points are embedded and that every
// relative module import of every script names an embedded file.
func TestFiles(t *testing.T) {
	f := FS()
	for _, name := range []string{"index.html", "app.js", "style.css"} {
		if _, err := fs.Stat(f, name); err != nil {
			t.Errorf("%s not embedded: %v", name, err)
		}
	}
	imp := regexp.MustCompile(`(?m)^import .* from '\./([^']+)'`)
	err := fs.WalkDir(f, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		b, err := fs.ReadFile(f, path)
		if err != nil {
			return err
		}
		for _, m := range imp.FindAllStringSubmatch(string(b), -1) {
			if _, err := fs.Stat(f, m[1]); err != nil {
				t.Errorf("%s imports ./%s which is not embedded", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
