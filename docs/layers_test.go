package docs

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// layer places each package of the module in the picture of
// docs/architecture.md: a package imports only packages of lower layers.
var layer = map[string]int{
	"engine": 0, "board": 0, "internal/jsonerr": 0, "internal/sha256lite": 0, "internal/fixtures": 0,
	"store": 0, "ui/wasmgen": 0, "mailer": 0, "internal/smtptest": 0, "ui/i18n": 0,

	"engine/step": 1, "route": 1, "compat/g18xx": 1, "compat/rubyoracle": 1,
	"store/internal/dbutil": 1, "store/internal/hub": 1, "store/storetest": 1, "store/postgres/pgtest": 1,
	"ui/enginecache": 1,

	"titles/title": 2, "trace": 2, "program": 2,
	"store/sqlite": 2, "store/postgres": 2, "store/memstore": 2,

	"titles/t1860": 3, "titles/t1825": 3,
	"titles": 4,
	"replay": 5, "mapview": 5,
	"play": 6, "bot": 6,
	"selfplay": 7, "clock": 7, "play/api": 7,
	"analysis": 8,
	"review":   9,
	"server":   10, "ui": 10, "wasm": 10,
	"cmd/tresham": 11, "ui/genwasm": 11, "docs": 11,
}

// engineSide are the packages that hold or use the rules: pure Go with the
// standard library only, and nothing of storage, transport or the page.
var engineSide = map[string]bool{
	"engine": true, "board": true, "engine/step": true, "route": true,
	"titles/title": true, "titles/t1860": true, "titles/t1825": true, "titles": true,
	"internal/jsonerr": true, "internal/sha256lite": true, "compat/g18xx": true, "trace": true, "program": true,
	"replay": true, "mapview": true, "play": true, "bot": true,
	"selfplay": true, "clock": true, "play/api": true, "analysis": true, "review": true,
}

// forbiddenStd are the standard packages the engine side may not import.
var forbiddenStd = map[string]bool{
	"net": true, "net/http": true, "database/sql": true, "syscall/js": true, "os/exec": true,
}

// TestLayers checks the import rules docs/architecture.md states, on the
// non-test Go files of every package (tests may reach further).
func TestLayers(t *testing.T) {
	const module = "tresham/"
	imports := map[string]map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != ".." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, ".."+string(os.PathSeparator))))
		if imports[pkg] == nil {
			imports[pkg] = map[string]bool{}
		}
		for _, spec := range f.Imports {
			p, _ := strconv.Unquote(spec.Path.Value)
			imports[pkg][p] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for pkg, imps := range imports {
		rank, known := layer[pkg]
		if !known {
			t.Logf("package %s is not placed in docs/architecture.md's picture (nor in this test's table)", pkg)
			continue
		}
		for imp := range imps {
			if !strings.HasPrefix(imp, module) {
				first, _, _ := strings.Cut(imp, "/")
				switch {
				case engineSide[pkg] && forbiddenStd[imp]:
					t.Errorf("%s imports %s: the engine side does no storage, transport or page work", pkg, imp)
				case engineSide[pkg] && strings.Contains(first, "."):
					t.Errorf("%s imports %s: the engine side uses the standard library only", pkg, imp)
				}
				continue
			}
			dep := strings.TrimPrefix(imp, module)
			depRank, depKnown := layer[dep]
			switch {
			case engineSide[pkg] && !engineSide[dep]:
				t.Errorf("%s imports %s, which is not on the engine side (docs/architecture.md)", pkg, dep)
			case depKnown && depRank >= rank:
				t.Errorf("%s (layer %d) imports %s (layer %d): imports go to lower layers only (docs/architecture.md)", pkg, rank, dep, depRank)
			}
		}
	}
	for pkg := range layer {
		if _, ok := imports[pkg]; !ok {
			t.Logf("package %s is in the table but has no Go files: drop it here and in docs/architecture.md", pkg)
		}
	}
}
