package play

import (
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/titles/title"
)

// TestLastRunAfterEachRun checks, over a fixture of each title, that right
// after every run the run is kept on the map, its routes resolved to track
// paths that start and end at the route's first and last stops, and that
// it is gone once the next company lays track.
func TestLastRunAfterEachRun(t *testing.T) {
	done := map[string]bool{}
	for _, path := range tracedGames(t) {
		src := loadSrc(t, path)
		if done[src.Title] || strings.Contains(path, "synthetic") {
			continue
		}
		done[src.Title] = true
		t.Run(src.Title, func(t *testing.T) {
			s, err := New(src)
			if err != nil {
				t.Fatal(err)
			}
			idx := g18xx.EffectiveIndices(src.Actions)
			runs, cleared := 0, 0
			for k, i := range idx {
				a := &src.Actions[i]
				if a.Type != "run_routes" || len(a.Routes) == 0 || runs >= 12 {
					continue
				}
				runs++
				r := s.LastRun(i + 1)
				if r == nil {
					t.Fatalf("action %d: the run just made is not kept", i)
				}
				sym, _ := a.Entity.Symbol()
				if r.Entity != sym || len(r.Routes) != len(a.Routes) || r.Action != i {
					t.Fatalf("action %d: kept %+v", i, r)
				}
				for j, rt := range r.Routes {
					if len(rt.Paths) == 0 {
						t.Errorf("action %d route %d: no paths", i, j)
					}
					hexes := map[string]bool{}
					for _, p := range rt.Paths {
						hexes[p.Hex] = true
					}
					for _, c := range a.Routes[j].Connections {
						for _, h := range c {
							if !hexes[strings.Fields(h)[0]] {
								t.Errorf("action %d route %d: connection hex %s not among the paths", i, j, h)
							}
						}
					}
				}
				// another company's tile lay shows that company's last run
				// (if it has run), not this one
				for _, m := range idx[k+1:] {
					b := &src.Actions[m]
					if e, _ := b.Entity.Symbol(); b.Type == "lay_tile" && e != sym {
						if r := s.LastRun(m + 1); r != nil && (r.Entity != e || r.Action > m) {
							t.Errorf("after %s's tile lay at %d: kept %s's run of action %d", e, m, r.Entity, r.Action)
						}
						cleared++
						break
					}
				}
				// the company's own next tile lay shows this run, its last
				for _, m := range idx[k+1:] {
					b := &src.Actions[m]
					if e, _ := b.Entity.Symbol(); b.Type == "run_routes" && e == sym {
						break
					}
					if e, _ := b.Entity.Symbol(); b.Type == "lay_tile" && e == sym {
						if r := s.LastRun(m + 1); r != nil && r.Action != i {
							t.Errorf("in %s's next turn at %d: kept the run of action %d, want %d", sym, m, r.Action, i)
						}
						break
					}
				}
			}
			if runs == 0 || cleared == 0 {
				t.Fatalf("%d runs, %d cleared: the fixture shows nothing", runs, cleared)
			}
		})
	}
}

// TestNetworkAndCheckReason checks a corporation's network in a fixture
// position where it runs, and the structured refusal of a one-step run
// away from its stations.
func TestNetworkAndCheckReason(t *testing.T) {
	for _, path := range tracedGames(t) {
		src := loadSrc(t, path)
		if src.Title != "1860" || strings.Contains(path, "synthetic") {
			continue
		}
		s, err := New(src)
		if err != nil {
			t.Fatal(err)
		}
		idx := g18xx.EffectiveIndices(src.Actions)
		for _, i := range idx {
			a := &src.Actions[i]
			if a.Type != "run_routes" || len(a.Routes) == 0 {
				continue
			}
			g, err := s.At(i)
			if err != nil {
				t.Fatal(err)
			}
			sym, _ := a.Entity.Symbol()
			nw, err := NetworkOf(g, sym)
			if err != nil {
				t.Fatal(err)
			}
			if len(nw.Tokens) == 0 || len(nw.Segments) == 0 {
				t.Fatalf("%s at %d: network %+v", sym, i, nw)
			}
			for _, n := range a.Routes[0].Nodes {
				if !slices.Contains(nw.Reach, n) {
					t.Errorf("%s at %d: stop %s of its run is not in reach %v", sym, i, n, nw.Reach)
				}
			}
			// the stored run checks legal, with its paths
			ck, err := CheckRun(g, sym, a.Routes)
			if err != nil || !ck.Legal || len(ck.Paths) != len(a.Routes) {
				t.Fatalf("%s at %d: check %+v, %v", sym, i, ck, err)
			}
			// a segment touching none of its stations is refused as no_token
			b := g.(title.Full).Map()
			for _, sg := range nw.Segments {
				if slices.Contains(nw.Tokens, sg.A) || slices.Contains(nw.Tokens, sg.B) {
					continue
				}
				ra, _ := b.ParseSignature(sg.A)
				rb, _ := b.ParseSignature(sg.B)
				if b.HasToken(ra, sym) || b.HasToken(rb, sym) {
					continue
				}
				ck, err := CheckRun(g, sym, []g18xx.Route{{Train: a.Routes[0].Train, Connections: [][]string{sg.Connection}, Nodes: []string{sg.A, sg.B}}})
				if err != nil {
					t.Fatal(err)
				}
				if ck.Legal || ck.Reason != "no_token" || ck.Route != 0 || len(ck.Hexes) == 0 {
					t.Errorf("%s at %d: run %v: %+v", sym, i, sg.Connection, ck)
				}
				return
			}
		}
	}
	t.Skip("no 1860 fixture with a segment away from the running company")
}

// TestShownRunStops checks, over the real games of both titles, that the
// run kept on the map right after each run carries the stops each train
// counted (as its log line named them), never more than the places it
// passed, with its revenue (the export's where it has one), and that
// some train passed a place it did not count (1860: a
// small station or halt; 1825: a tile #11 halt, rule 4.5.6).
func TestShownRunStops(t *testing.T) {
	for _, name := range []string{"1860/19354.json", "1825/1825_game_end_bank.json", "1825/141331.json"} {
		t.Run(name, func(t *testing.T) {
			src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
			if err != nil {
				t.Fatal(err)
			}
			s, err := New(src)
			if err != nil {
				t.Fatal(err)
			}
			trains, fewer := 0, 0
			for _, i := range g18xx.EffectiveIndices(src.Actions) {
				a := &src.Actions[i]
				if a.Type != "run_routes" || len(a.Routes) == 0 {
					continue
				}
				r := s.LastRun(i + 1)
				if r == nil {
					t.Fatalf("action %d: no run kept", i)
				}
				for j, rt := range r.Routes {
					if len(rt.Stops) < 2 || len(rt.Stops) > len(rt.Nodes) {
						t.Errorf("action %d train %d (%s): stops %v of nodes %v", i, j, rt.Train, rt.Stops, rt.Nodes)
					}
					if rt.Revenue == nil {
						t.Errorf("action %d train %d (%s): no revenue", i, j, rt.Train)
					} else if w := a.Routes[j].Revenue; w != nil && *w != *rt.Revenue {
						t.Errorf("action %d train %d (%s): revenue %d, the export's %d", i, j, rt.Train, *rt.Revenue, *w)
					}
					trains++
					if len(rt.Stops) < len(rt.Nodes) {
						fewer++
					}
				}
			}
			if trains == 0 || fewer == 0 && name != "1825/141331.json" { // 141331 passes no halt
				t.Errorf("%d trains, %d passing a place not counted: the game shows nothing", trains, fewer)
			}
		})
	}
}
