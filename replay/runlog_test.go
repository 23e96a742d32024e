package replay

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// TestRunLinesNameStops checks, in the golden logs of both titles, that a
// run line names the stops the train counts and no more: 1860's "n+m"
// train counts at most n+m (Running Trains: small stations and halts may be
// bypassed, so a place passed is not a stop), 1825's "n" train at most n
// (4.5.4; 4.5.6: no station passed without counting it), a hex of several
// stops counted with its ×k. Receivership says so, never "X operates X".
func TestRunLinesNameStops(t *testing.T) {
	line := regexp.MustCompile(`^\S+ runs a (\S+) train for £\d+(?: and £\d+ subsidy)?: (.*)$`)
	size := regexp.MustCompile(`^(\d+)(?:\+(\d+))?$`)
	self := regexp.MustCompile(`^(\S+) operates (\S+)$`)
	files, err := filepath.Glob("testdata/*.log")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden logs: %v", err)
	}
	logs := map[string][]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		logs[f] = strings.Split(string(b), "\n")
	}
	// and the 6-player 1825 game, which has no golden log
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, "1825/141331.json"))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := Run(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	logs["1825/141331"] = g.(interface{ LogLines() []string }).LogLines()
	for f, lines := range logs {
		runs := 0
		for i, l := range lines {
			if m := self.FindStringSubmatch(l); m != nil && m[1] == m[2] {
				t.Errorf("%s:%d: %q: a company without a director is said to operate itself", f, i+1, l)
			}
			m := line.FindStringSubmatch(l)
			if m == nil {
				continue
			}
			n := size.FindStringSubmatch(m[1])
			if n == nil {
				continue // a train of its own counting (1825's 3T, U3, 2+2, 4+4E)
			}
			allowed, _ := strconv.Atoi(n[1])
			if n[2] != "" {
				minor, _ := strconv.Atoi(n[2])
				allowed += minor
			}
			named := 0
			for _, place := range strings.Split(m[2], " – ") {
				k := 1
				if j := strings.LastIndex(place, " ×"); j >= 0 {
					k, _ = strconv.Atoi(place[j+len(" ×"):])
				}
				named += k
			}
			runs++
			if named < 2 || named > allowed {
				t.Errorf("%s:%d: a %s train names %d stops (it counts 2 to %d): %q", f, i+1, m[1], named, allowed, l)
			}
		}
		if runs == 0 {
			t.Errorf("%s: no run line", f)
		}
	}
}
