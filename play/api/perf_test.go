package api

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"tresham/internal/fixtures"
)

// TestPerfFigures prints the native figures docs/performance.md sets beside the
// browser's (e2e/wasm.test.js measures the same calls the same way in
// Chromium): load and replay of the longest real game, a legal-move list,
// a history step (view and map one action back), and the best run at every
// real run_routes position. Run with PERF=1 go test ./play/api -run
// TestPerfFigures -v.
func TestPerfFigures(t *testing.T) {
	if os.Getenv("PERF") == "" {
		t.Skip("set PERF=1 to measure")
	}
	games, err := fixtures.Games("18[26][05]/*.json")
	if err != nil || len(games) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	type game struct {
		text string
		head map[string]json.RawMessage
		acts []json.RawMessage
	}
	var all []game
	longest := 0
	for _, p := range games {
		b := fixtures.MustRead(t, p)
		g := game{text: string(b)}
		_ = json.Unmarshal(b, &g.head)
		_ = json.Unmarshal(g.head["actions"], &g.acts)
		all = append(all, g)
		if len(g.acts) > len(all[longest].acts) {
			longest = len(all) - 1
		}
	}
	prefix := func(g game, n int) string {
		h := map[string]json.RawMessage{}
		for k, v := range g.head {
			h[k] = v
		}
		h["actions"], _ = json.Marshal(g.acts[:n])
		b, _ := json.Marshal(h)
		return string(b)
	}
	a := New()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	// load and replay of the longest game (median of 9)
	var loads []float64
	for range 9 {
		t0 := time.Now()
		if _, err := a.Load(all[longest].text, ""); err != nil {
			t.Fatal(err)
		}
		loads = append(loads, ms(time.Since(t0)))
	}
	id := a.next
	n := len(all[longest].acts)
	// history: one step back, then one forward, from the end (30 each)
	var back, fwd []float64
	for i := 1; i <= 30; i++ {
		t0 := time.Now()
		if _, err := a.View(id, n-i, "null"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Map(id, n-i); err != nil {
			t.Fatal(err)
		}
		back = append(back, ms(time.Since(t0)))
	}
	for i := 29; i >= 0; i-- {
		t0 := time.Now()
		_, _ = a.View(id, n-i, "null")
		_, _ = a.Map(id, n-i)
		fwd = append(fwd, ms(time.Since(t0)))
	}
	// legal lists and best runs at real positions
	var legal, routes []float64
	for _, g := range all {
		for i, raw := range g.acts {
			var probe struct {
				Type   string `json:"type"`
				Entity any    `json:"entity"`
			}
			_ = json.Unmarshal(raw, &probe)
			if probe.Type != "run_routes" {
				continue
			}
			sid := decodeLoaded(t, a, prefix(g, i))
			ent := fmt.Sprint(probe.Entity)
			t0 := time.Now()
			if _, err := a.Legal(sid, ent); err != nil {
				t.Fatal(err)
			}
			legal = append(legal, ms(time.Since(t0)))
			t0 = time.Now()
			_, err := a.Routes(sid, ent)
			d := ms(time.Since(t0))
			a.Close(sid)
			if err != nil {
				continue // a position the run was later undone from
			}
			routes = append(routes, d)
		}
	}
	fmt.Printf("native: load+replay %d actions median %.1f ms; history step back median %.1f ms p99 %.1f; forward median %.2f ms; legal list median %.2f ms p99 %.2f; auto-route %d positions median %.1f ms p99 %.1f max %.1f\n",
		n, pct(loads, 50), pct(back, 50), pct(back, 99), pct(fwd, 50), pct(legal, 50), pct(legal, 99), len(routes), pct(routes, 50), pct(routes, 99), pct(routes, 100))
}

func decodeLoaded(t *testing.T, a *API, text string) int {
	t.Helper()
	return decode[Loaded](a.Load(text, "")).get(t).Session
}

// pct is the p-th percentile (nearest rank) of xs.
func pct(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	i := int(float64(len(s))*p/100+0.5) - 1
	return s[max(0, min(len(s)-1, i))]
}
