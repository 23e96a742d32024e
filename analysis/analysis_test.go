package analysis

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/trace"
)

// TestAgainstGoldenTraces analyses every fixture game that has a golden
// trace and checks the tables against the reference engine's states: each
// player's cash and value at every round end, each run's revenue; every
// best run is at least the run made; and the total best revenue equals what
// the route bench (replay.EachRoutePosition) finds at the same positions.
func TestAgainstGoldenTraces(t *testing.T) {
	var files []string
	for _, dir := range []string{"1860", "1825", "synthetic/1860", "synthetic/1825"} {
		m, err := fixtures.Glob(dir + "/*.trace.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no golden traces among the fixtures")
	}
	for _, tf := range files {
		game := strings.TrimSuffix(tf, ".trace.jsonl") + ".json"
		t.Run(filepath.Base(game), func(t *testing.T) {
			src, err := g18xx.DecodeBytes(fixtures.MustRead(t, game))
			if err != nil {
				t.Fatalf("%s: %v", game, err)
			}
			lines, err := trace.Read(bytes.NewReader(fixtures.MustRead(t, tf)))
			if err != nil {
				t.Fatal(err)
			}
			byID := map[int]trace.Line{}
			for _, l := range lines {
				byID[l.ID] = l
			}
			r, err := Analyse(src)
			if err != nil {
				t.Fatal(err)
			}
			if r.Finished != (src.Result != nil) {
				t.Errorf("finished %v, export result %v", r.Finished, src.Result)
			}
			compared, runs := 0, 0
			for _, row := range r.Rounds {
				l, ok := byID[row.Action]
				if !ok {
					continue // the round ended on a message or before any action
				}
				compared++
				for _, p := range l.Players {
					if p.ID == row.Player && (p.Cash != row.Cash || p.Value != row.Value || p.NumCerts != row.Certs) {
						t.Errorf("%s (action %d) player %d: cash %d value %d certs %d; reference %d %d %d",
							row.Round, row.Action, row.Player, row.Cash, row.Value, row.Certs, p.Cash, p.Value, p.NumCerts)
					}
				}
			}
			bestTotal := 0
			for _, o := range r.Operations {
				if l, ok := byID[o.Action]; ok && l.Revenue != nil {
					runs++
				}
				if l, ok := byID[o.Action]; ok && l.Revenue != nil && l.Revenue.Total != o.Revenue {
					t.Errorf("%s %s run (action %d): revenue %d, reference %d", o.Round, o.Company, o.Action, o.Revenue, l.Revenue.Total)
				}
				if o.BestRevenue < o.Revenue || o.Left < 0 {
					t.Errorf("%s %s: best %d below the run made %d", o.Round, o.Company, o.BestRevenue, o.Revenue)
				}
				bestTotal += o.BestRevenue
			}
			// how each run was paid, against the reference's dividend lines
			for _, l := range lines {
				if l.Type != "dividend" || l.Revenue == nil {
					continue
				}
				var op *Operation
				for i := range r.Operations {
					if o := &r.Operations[i]; o.Company == l.Entity.String() && o.Action < l.ID {
						op = o
					}
				}
				if op == nil || op.Paid != l.Revenue.Kind {
					t.Errorf("dividend of %s at action %d: the reference says %q, the analysis %+v", l.Entity.String(), l.ID, l.Revenue.Kind, op)
				}
			}
			if compared == 0 || (len(r.Operations) > 0 && runs == 0) {
				t.Fatalf("compared %d round ends and %d runs with the trace: nothing checked", compared, runs)
			}
			bench := 0
			err = replay.EachRoutePosition(src, func(pos replay.RoutePosition) error {
				sol, err := pos.Solve(pos.Action.Entity)
				if err == nil {
					bench += sol.Revenue
				}
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			if bench != bestTotal {
				t.Errorf("best revenue over all runs: %d, the route bench %d", bestTotal, bench)
			}
		})
	}
}
