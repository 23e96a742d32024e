//go:build !(js && wasm)

package g18xx

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"strings"
)

// The in-browser engine reads no files: leaving ReadFile out of its build
// keeps compress/gzip out of the module.

// ReadFile decodes the exported game in the named file, gunzipping it
// first when the name ends in ".gz".
func ReadFile(path string) (*Game, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("g18xx: %w", err)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, fmt.Errorf("g18xx: %s: %w", path, err)
		}
		if data, err = io.ReadAll(zr); err != nil {
			return nil, fmt.Errorf("g18xx: %s: %w", path, err)
		}
	}
	g, err := DecodeBytes(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}
