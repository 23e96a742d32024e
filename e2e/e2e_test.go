// Package e2e runs the browser end-to-end tests (ui.test.js: Debian's
// chromium driven by playwright-core against a real `tresham serve`) as
// part of `go test ./...`.
package e2e

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrowser runs the Node end-to-end suite. Without chromium, node or
// e2e/node_modules (set them up with .ci/browser.sh) it skips, except under
// CI=true, where it fails: CI must not skip silently.
func TestBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser end-to-end tests are not short")
	}
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node"
	} else if _, err := os.Stat(chromium); err != nil {
		missing = chromium
	} else if _, err := os.Stat("node_modules/playwright-core"); err != nil {
		missing = "e2e/node_modules/playwright-core"
	} else if _, err := os.Stat("node_modules/axe-core"); err != nil {
		missing = "e2e/node_modules/axe-core"
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is missing under CI=true: run .ci/browser.sh first", missing)
		}
		t.Skipf("%s is missing: run .ci/browser.sh to set up the browser tests", missing)
	}
	touchSources(t)
	cmd := exec.Command("node", "--test", "--test-concurrency=1", ".")
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("browser end-to-end tests failed: %v\n%s", err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}

// touchSources opens every source file of the repository, so that go test's
// result cache (which tracks the files a test opens) is invalidated when the
// server, the UI or these tests change: the Node suite builds and serves
// them out of go test's sight.
func touchSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || name == "testdata" || (strings.HasPrefix(name, ".") && name != ".." && name != ".") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".js", ".css", ".html", ".json", ".mod", ".sum", ".gz": // .gz: the fixtures the Node suite reads
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			_ = b
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
