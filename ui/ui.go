// Package ui holds the browser UI that `tresham serve` serves at `/`: plain
// ES modules, HTML and CSS with no build step (see static/). The lobby and
// the game page talk to the server only through the HTTP API of
// docs/api.md.
package ui

import (
	"embed"
	"io/fs"
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
