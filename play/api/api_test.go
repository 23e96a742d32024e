package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"tresham/internal/fixtures"
	"tresham/play"
)

func fixture(t *testing.T, name string) string {
	t.Helper()
	return string(fixtures.MustRead(t, name))
}

// answer is a call's answer, decoded by get.
type answer[T any] struct {
	b   []byte
	err error
}

func decode[T any](b []byte, err error) answer[T] { return answer[T]{b, err} }

func (a answer[T]) get(t *testing.T) T {
	t.Helper()
	if a.err != nil {
		t.Fatal(a.err)
	}
	var v T
	if err := json.Unmarshal(a.b, &v); err != nil {
		t.Fatalf("%s: %v", a.b, err)
	}
	return v
}

// TestCalls makes every call on a real game, as the page does, and checks
// the answers against the play package directly.
func TestCalls(t *testing.T) {
	a := New()
	ld := decode[Loaded](a.Load(fixture(t, "1860/1860_game_end_bank.json"), "")).get(t)
	if ld.Title != "1860" || ld.Actions != 638 {
		t.Fatalf("load: %+v", ld)
	}
	id := ld.Session
	v := decode[play.View](a.View(id, -1, "")).get(t)
	if !v.Finished || v.Actions != 638 || len(v.Result) != 3 {
		t.Fatalf("view at the end: finished %v, actions %d, result %v", v.Finished, v.Actions, v.Result)
	}
	h := decode[map[string]any](a.Hash(id, -1)).get(t)
	if h["hash"] != v.Hash {
		t.Errorf("hash %v, view hash %s", h["hash"], v.Hash)
	}
	// an earlier position: someone acts and has choices
	mid := decode[play.View](a.View(id, 300, "null")).get(t)
	if len(mid.Acting) == 0 || len(mid.Legal[mid.Acting[0]]) == 0 {
		t.Fatalf("at 300: acting %v, legal %v", mid.Acting, mid.Legal)
	}
	seats := decode[play.View](a.View(id, 300, "[999]")).get(t)
	if len(seats.Legal) != 0 {
		t.Errorf("legal for a player not in the game: %v", seats.Legal)
	}
	m := decode[map[string]any](a.Map(id, 300)).get(t)
	if svg, _ := m["svg"].(string); !strings.Contains(svg, "<svg") {
		t.Errorf("map: no svg in %v keys", len(m))
	}
	if _, err := a.View(id, 639, ""); err == nil {
		t.Error("view past the end: no error")
	}
	if _, err := a.View(42, 0, ""); err == nil {
		t.Error("unknown session: no error")
	}
	if _, err := a.Routes(id, "NOPE"); err == nil {
		t.Error("routes of an unknown corporation: no error")
	}
	if _, err := a.Load("{", ""); err == nil {
		t.Error("load of bad JSON: no error")
	}
	ex, err := a.Export(id)
	if err != nil {
		t.Fatal(err)
	}
	ld2 := decode[Loaded](a.Load(string(ex), "")).get(t)
	h2 := decode[map[string]any](a.Hash(ld2.Session, -1)).get(t)
	if h2["hash"] != v.Hash {
		t.Errorf("export reloaded: hash %v, want %s", h2["hash"], v.Hash)
	}
}

// TestPlayFromStart proposes, appends, previews, routes and checks on a
// game built from a fixture's first actions, up to its first run.
func TestPlayFromStart(t *testing.T) {
	src := fixture(t, "1860/1860_game_end_bank.json")
	var whole map[string]json.RawMessage
	if err := json.Unmarshal([]byte(src), &whole); err != nil {
		t.Fatal(err)
	}
	var acts []json.RawMessage
	if err := json.Unmarshal(whole["actions"], &acts); err != nil {
		t.Fatal(err)
	}
	whole["actions"] = json.RawMessage("[]")
	head, _ := json.Marshal(whole)
	a := New()
	id := decode[Loaded](a.Load(string(head), "")).get(t).Session
	run := -1
	for i, raw := range acts {
		var probe struct {
			Type   string `json:"type"`
			Entity any    `json:"entity"`
		}
		_ = json.Unmarshal(raw, &probe)
		if probe.Type == "run_routes" {
			run = i
			break
		}
		if _, err := a.Append(id, i, string(raw)); err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	if run < 0 {
		t.Fatal("no run_routes in the fixture")
	}
	if _, err := a.Append(id, run+5, string(acts[run])); err == nil {
		t.Error("append out of sequence: no error")
	}
	var runAct struct {
		Entity string `json:"entity"`
	}
	_ = json.Unmarshal(acts[run], &runAct)
	best := decode[play.Run](a.Routes(id, runAct.Entity)).get(t)
	if best.Revenue <= 0 || len(best.Routes) == 0 {
		t.Fatalf("best run of %s: %+v", runAct.Entity, best)
	}
	rs, _ := json.Marshal(best.Routes)
	ck := decode[play.Check](a.Check(id, runAct.Entity, string(rs))).get(t)
	if !ck.Legal || ck.Revenue != best.Revenue {
		t.Errorf("check of the best run: %+v, want legal with revenue %d", ck, best.Revenue)
	}
	bad := decode[play.Check](a.Check(id, runAct.Entity, `[{"train":"2-0","connections":[["A1","A2"]]}]`)).get(t)
	if bad.Legal || bad.Error == "" {
		t.Errorf("check of a nonsense run: %+v", bad)
	}
	// play the best run as a proposal: the session moves on by one
	legal := decode[[]play.Choice](a.Legal(id, runAct.Entity)).get(t)
	if len(legal) == 0 {
		t.Fatalf("no legal choice for %s", runAct.Entity)
	}
	prop := map[string]any{"type": "run_routes", "entity": runAct.Entity, "entity_type": "corporation", "routes": best.Routes}
	pb, _ := json.Marshal(prop)
	c := decode[Count](a.Propose(id, string(pb))).get(t)
	if c.Actions != run+1 || c.Action == nil || c.Action.ID == 0 {
		t.Errorf("propose: %+v", c)
	}
	if _, err := a.Propose(id, `{"type":"lay_tile","entity":"XX","entity_type":"corporation","hex":"A1","tile":"1","rotation":0}`); err == nil {
		t.Error("propose by a corporation not acting: no error")
	}
}

// TestTilePreview draws a legal lay of the first game position with one.
func TestTilePreview(t *testing.T) {
	a := New()
	id := decode[Loaded](a.Load(fixture(t, "1860/1860_game_end_bank.json"), "")).get(t).Session
	for at := 0; at < 638; at += 7 {
		v := decode[play.View](a.View(id, at, "")).get(t)
		for _, ch := range v.Legal {
			for _, c := range ch {
				if c.Action.Type != "lay_tile" {
					continue
				}
				// Tile previews are of the live game; reload the prefix.
				ex := decode[map[string]json.RawMessage](a.Export(id)).get(t)
				var acts []json.RawMessage
				_ = json.Unmarshal(ex["actions"], &acts)
				ex["actions"], _ = json.Marshal(acts[:at])
				b, _ := json.Marshal(ex)
				pid := decode[Loaded](a.Load(string(b), "")).get(t).Session
				tp := decode[map[string]any](a.Tile(pid, c.Action.Hex, c.Action.Tile, c.Action.Rotation)).get(t)
				if svg, _ := tp["svg"].(string); svg == "" {
					t.Errorf("tile preview %s on %s: no svg", c.Action.Tile, c.Action.Hex)
				}
				if _, err := a.Tile(pid, "ZZ99", c.Action.Tile, 0); err == nil {
					t.Error("tile preview on no hex: no error")
				}
				return
			}
		}
	}
	t.Fatal("no lay_tile choice found")
}

// TestTiles checks the tile manifest at positions of real games of both
// titles: each tile's copies are those left plus those laid, and the lays
// are exactly the lay_tile choices of the view's legal lists.
func TestTiles(t *testing.T) {
	for _, tc := range []struct{ file string }{
		{"1860/1860_game_end_bank.json"},
		{"1825/141331.json"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			a := New()
			ld := decode[Loaded](a.Load(fixture(t, tc.file), "")).get(t)
			lays := 0
			for at := 0; at <= ld.Actions; at += 37 {
				m := decode[Manifest](a.Tiles(ld.Session, at)).get(t)
				if len(m.Tiles) == 0 {
					t.Fatalf("at %d: no tiles", at)
				}
				for _, tile := range m.Tiles {
					if tile.Left+len(tile.Laid) != tile.Count && tile.Count < 99 {
						t.Errorf("at %d: tile %s: %d left and %d laid of %d", at, tile.Name, tile.Left, len(tile.Laid), tile.Count)
					}
				}
				v := decode[play.View](a.View(ld.Session, at, "")).get(t)
				want := map[string]map[string]map[string]bool{}
				for ent, chs := range v.Legal {
					for _, c := range chs {
						if c.Action.Type != "lay_tile" {
							continue
						}
						name := c.Action.Tile // "57-1": tile 57
						if i := strings.LastIndexByte(name, '-'); i > 0 {
							name = c.Action.Tile[:i]
						}
						if want[ent] == nil {
							want[ent] = map[string]map[string]bool{}
						}
						if want[ent][name] == nil {
							want[ent][name] = map[string]bool{}
						}
						want[ent][name][c.Action.Hex] = true
					}
				}
				got := map[string]map[string]map[string]bool{}
				for ent, byTile := range m.Lays {
					got[ent] = map[string]map[string]bool{}
					for name, hexes := range byTile {
						got[ent][name] = map[string]bool{}
						for _, h := range hexes {
							got[ent][name][h] = true
							lays++
						}
					}
				}
				gb, _ := json.Marshal(got)
				wb, _ := json.Marshal(want)
				if string(gb) != string(wb) {
					t.Errorf("at %d: lays %s, legal lay_tile choices %s", at, gb, wb)
				}
			}
			if lays == 0 {
				t.Error("no position with a tile lay")
			}
		})
	}
}

// TestMarshalSVG checks that an answer carrying SVG keeps "<", ">" and "&"
// unescaped and decodes to what json.Marshal's escaped text decodes to.
func TestMarshalSVG(t *testing.T) {
	v := map[string]any{"svg": `<g class="hex" data-hex="X16"><text>Gosport &amp; Portsmouth</text></g>`, "n": 3}
	got, err := marshalSVG(v)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte(`\u003c`)) || bytes.HasSuffix(got, []byte("\n")) {
		t.Errorf("marshalSVG = %s: escaped, or with a newline", got)
	}
	std, _ := json.Marshal(v)
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(std, &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("marshalSVG decodes to %v, json.Marshal to %v", a, b)
	}
}

// TestLoadUnderRules: load takes the rules the server's view names
// (rules_of) and answers the rules the session plays under; an old import
// loaded under its day's rules agrees with one whose rules were found by
// trials; rules that are neither "today" nor a day are refused, naming
// the argument, and open no session.
func TestLoadUnderRules(t *testing.T) {
	a := New()
	old := fixture(t, "dated/1825/69820.json")
	found := decode[Loaded](a.Load(old, "")).get(t)
	given := decode[Loaded](a.Load(old, "2023-12-26")).get(t)
	if found.Rules != "2023-12-26" || given.Rules != "2023-12-26" {
		t.Errorf("rules: found %q, given %q; want 2023-12-26", found.Rules, given.Rules)
	}
	h1 := decode[map[string]any](a.Hash(found.Session, -1)).get(t)
	h2 := decode[map[string]any](a.Hash(given.Session, -1)).get(t)
	if h1["hash"] != h2["hash"] {
		t.Errorf("hash under the given rules %v, found %v", h2["hash"], h1["hash"])
	}
	today := decode[Loaded](a.Load(fixture(t, "1860/19354.json"), "today")).get(t)
	if today.Rules != "today" {
		t.Errorf("19354 under today's: rules %q", today.Rules)
	}
	// today's rules refuse 69820 (action 242), naming the action
	if _, err := a.Load(old, "today"); err == nil || !strings.Contains(err.Error(), "242") {
		t.Errorf("69820 under today's rules: %v, want a refusal at action 242", err)
	}
	n := len(a.sessions)
	if _, err := a.Load(old, "Tuesday"); err == nil || !strings.Contains(err.Error(), `rules "Tuesday"`) {
		t.Errorf("bad rules: %v", err)
	}
	if len(a.sessions) != n {
		t.Error("a refused load opened a session")
	}
}
