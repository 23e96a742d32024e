package server

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/mapview"
	"tresham/play"
)

// importBefore imports the 1860 fixture cut just before its first
// run_routes action and returns the game id, that action and the actions
// after it.
func importBefore(t *testing.T, u *user) (int64, map[string]any, []map[string]any) {
	t.Helper()
	path := "1860/19354.json"
	data := fixtures.MustRead(t, path)
	var src map[string]any
	if err := json.Unmarshal(data, &src); err != nil {
		t.Fatal(err)
	}
	var acts []map[string]any
	b, _ := json.Marshal(src["actions"])
	if err := json.Unmarshal(b, &acts); err != nil {
		t.Fatal(err)
	}
	cut := -1
	for i, a := range acts {
		if a["type"] == "run_routes" {
			cut = i
			break
		}
	}
	if cut < 0 {
		t.Fatal("the fixture has no run_routes")
	}
	src["actions"] = acts[:cut]
	delete(src, "result")
	src["status"] = "active"
	body, _ := json.Marshal(src)
	var out struct {
		ID int64 `json:"id"`
	}
	u.mustDo("POST", "/api/games/import", body, http.StatusCreated, &out)
	return out.ID, acts[cut], acts[cut+1:]
}

type runJSON struct {
	Legal   *bool           `json:"legal"`
	Error   string          `json:"error"`
	Routes  json.RawMessage `json:"routes"`
	Revenue int             `json:"revenue"`
	Subsidy int             `json:"subsidy"`
}

func TestRouteCheck(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id, run, _ := importBefore(t, alice)
	sym := run["entity"].(string)
	var best struct {
		runJSON
		Total *runJSON `json:"total"`
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/routes?entity=%s", id, url.QueryEscape(sym)), nil, http.StatusOK, &best)
	if best.Total == nil || best.Total.Revenue+best.Total.Subsidy < best.Revenue+best.Subsidy || best.Total.Revenue > best.Revenue {
		t.Fatalf("1860 routes: best revenue %d+%d, total objective %+v", best.Revenue, best.Subsidy, best.Total)
	}
	check := fmt.Sprintf("/api/games/%d/routes/check", id)
	for _, r := range []runJSON{best.runJSON, *best.Total} {
		var got runJSON
		alice.mustDo("POST", check, map[string]any{"entity": sym, "routes": r.Routes}, http.StatusOK, &got)
		if got.Legal == nil || !*got.Legal || got.Revenue != r.Revenue || got.Subsidy != r.Subsidy {
			t.Errorf("check of the solver's run: %d+%d, solver said %d+%d", got.Revenue, got.Subsidy, r.Revenue, r.Subsidy)
		}
	}
	// The fixture's own run, as its player clicked it, is legal too.
	var own runJSON
	anon := env.anon()
	anon.mustDo("POST", check, map[string]any{"entity": sym, "routes": run["routes"]}, http.StatusOK, &own)
	if own.Legal == nil || !*own.Legal || own.Revenue <= 0 || own.Revenue > best.Revenue {
		t.Errorf("the fixture's run is worth %d, best %d", own.Revenue, best.Revenue)
	}
	var routes []map[string]any
	if err := json.Unmarshal(best.Routes, &routes); err != nil || len(routes) == 0 {
		t.Fatalf("best routes %s: %v", best.Routes, err)
	}
	train := routes[0]["train"]
	for _, c := range []struct {
		name   string
		body   any
		status int
		msg    string
	}{
		{"unknown train", map[string]any{"entity": sym, "routes": []any{map[string]any{"train": "9-9", "connections": routes[0]["connections"]}}}, 200, "does not own train"},
		{"train twice", map[string]any{"entity": sym, "routes": []any{routes[0], routes[0]}}, 200, "runs twice"},
		{"broken track", map[string]any{"entity": sym, "routes": []any{map[string]any{"train": train, "connections": [][]string{{"A1", "Z9"}}}}}, 200, "illegal run"},
		{"stated revenue", map[string]any{"entity": sym, "routes": []any{map[string]any{"train": train, "connections": routes[0]["connections"], "revenue": 9999}}}, 200, "stated revenue"},
		{"not a corporation", map[string]any{"entity": "NOPE", "routes": routes}, 400, "not a corporation"},
		{"no entity", map[string]any{"routes": routes}, 400, "entity is missing"},
		{"no routes", map[string]any{"entity": sym, "routes": []any{}}, 400, "routes are missing"},
		{"malformed", []byte(`{"entity":`), 400, ""},
	} {
		code, b := alice.do("POST", check, c.body)
		if code != c.status || !strings.Contains(string(b), c.msg) {
			t.Errorf("%s: %d %s, want %d %q", c.name, code, b, c.status, c.msg)
		}
		var got runJSON
		if code == http.StatusOK && (json.Unmarshal(b, &got) != nil || got.Legal == nil || *got.Legal || !strings.HasPrefix(got.Error, "illegal run: ")) {
			t.Errorf("%s: %s, want legal false and the rule broken", c.name, b)
		}
	}
	alice.mustDo("POST", "/api/games/999/routes/check", map[string]any{"entity": sym, "routes": routes}, http.StatusNotFound, nil)
}

func TestTilePreview(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.TilePreview = mapview.TilePreview })
	alice := env.signup("alice")
	id, _, later := importBefore(t, alice)
	var lay map[string]any
	for _, a := range later {
		if a["type"] == "lay_tile" {
			lay = a
			break
		}
	}
	if lay == nil {
		t.Fatal("no later lay_tile in the fixture")
	}
	q := fmt.Sprintf("/api/games/%d/tile?hex=%s&tile=%s&rotation=%v", id, lay["hex"], lay["tile"], lay["rotation"])
	var out struct {
		Hex, Tile, SVG string
		Rotation       int
	}
	env.anon().mustDo("GET", q, nil, http.StatusOK, &out)
	if out.Hex != lay["hex"] || !strings.HasPrefix(out.SVG, `<g class="tile-preview"`) || !strings.Contains(out.SVG, `class="track"`) {
		t.Errorf("preview of %v: %+v", lay, out)
	}
	for _, c := range []struct {
		q      string
		status int
	}{
		{fmt.Sprintf("/api/games/%d/tile?hex=%s&tile=%s", id, lay["hex"], lay["tile"]), 400},
		{fmt.Sprintf("/api/games/%d/tile?hex=%s&tile=nope-0&rotation=0", id, lay["hex"]), 422},
		{fmt.Sprintf("/api/games/%d/tile?hex=ZZ99&tile=%s&rotation=0", id, lay["tile"]), 422},
		{fmt.Sprintf("/api/games/999/tile?hex=%s&tile=%s&rotation=0", lay["hex"], lay["tile"]), 404},
	} {
		if code, b := alice.do("GET", c.q, nil); code != c.status {
			t.Errorf("%s: %d %s, want %d", c.q, code, b, c.status)
		}
	}
	// Without the hook the endpoint is absent.
	plain := newEnv(t, nil)
	bob := plain.signup("bob")
	id2, _, _ := importBefore(t, bob)
	bob.mustDo("GET", fmt.Sprintf("/api/games/%d/tile?hex=%s&tile=%s&rotation=0", id2, lay["hex"], lay["tile"]), nil, http.StatusNotFound, nil)
}

// TestAnalysisEndpoint: an imported real game's spreadsheet, with every run
// and its best run.
func TestAnalysisEndpoint(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	data := fixtures.MustRead(t, realGames(t)[0])
	var out struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", data, http.StatusCreated, &out)
	var rep struct {
		Finished   bool                     `json:"finished"`
		Rounds     []struct{ Round string } `json:"rounds"`
		Operations []struct {
			Company     string `json:"company"`
			Revenue     int    `json:"revenue"`
			BestRevenue int    `json:"best_revenue"`
		} `json:"operations"`
	}
	env.anon().mustDo("GET", fmt.Sprintf("/api/games/%d/analysis", out.ID), nil, http.StatusOK, &rep)
	if !rep.Finished || len(rep.Rounds) == 0 || len(rep.Operations) == 0 {
		t.Fatalf("analysis: finished %v, %d round rows, %d operations", rep.Finished, len(rep.Rounds), len(rep.Operations))
	}
	for _, o := range rep.Operations {
		if o.Company == "" || o.BestRevenue < o.Revenue {
			t.Fatalf("operation %+v", o)
		}
	}
	if code, _ := alice.do("GET", "/api/games/999/analysis", nil); code != http.StatusNotFound {
		t.Errorf("unknown game: %d, want 404", code)
	}
}

// TestMapKeepsTheRun: after a run the map view carries it (the routes with
// their track paths) and the last move; a run of one piece of track away
// from the company's stations is refused with a reason code.
func TestMapKeepsTheRun(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.MapView = mapview.ForGame })
	alice := env.signup("alice")
	id, run, _ := importBefore(t, alice)
	sym := run["entity"].(string)
	type mapJSON struct {
		Run *struct {
			Entity string `json:"entity"`
			Routes []struct {
				Train string                 `json:"train"`
				Paths []struct{ Hex string } `json:"paths"`
			} `json:"routes"`
		} `json:"run"`
		Moved *struct {
			Type  string   `json:"type"`
			Hexes []string `json:"hexes"`
		} `json:"moved"`
	}
	var before mapJSON
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/map", id), nil, http.StatusOK, &before)
	if before.Run != nil || before.Moved == nil {
		t.Fatalf("before the run: run %+v, moved %+v", before.Run, before.Moved)
	}
	// the best run's network: a segment touching none of its stations
	var best struct {
		Routes  []map[string]any `json:"routes"`
		Network struct {
			Segments []struct {
				A, B       string
				Connection []string `json:"connection"`
			} `json:"segments"`
			Tokens []string `json:"tokens"`
		} `json:"network"`
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/routes?entity=%s", id, url.QueryEscape(sym)), nil, http.StatusOK, &best)
	checked := false
	for _, s := range best.Network.Segments {
		if slices.Contains(best.Network.Tokens, s.A) || slices.Contains(best.Network.Tokens, s.B) {
			continue
		}
		checked = true
		var ck struct {
			Legal  bool     `json:"legal"`
			Reason string   `json:"reason"`
			Route  int      `json:"route"`
			Hexes  []string `json:"hexes"`
		}
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/routes/check", id), map[string]any{"entity": sym, "routes": []any{map[string]any{"train": best.Routes[0]["train"], "connections": [][]string{s.Connection}, "nodes": []string{s.A, s.B}}}}, http.StatusOK, &ck)
		if ck.Legal || ck.Reason != "no_token" || ck.Route != 0 || len(ck.Hexes) == 0 {
			t.Errorf("a run %v away from %s's stations: %+v", s.Connection, sym, ck)
		}
		break
	}
	if !checked {
		t.Error("no piece of track away from the company's stations to check")
	}
	var v struct {
		Actions int `json:"actions"`
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &v)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": map[string]any{"type": "run_routes", "entity": sym, "entity_type": "corporation", "routes": best.Routes}}, http.StatusOK, nil)
	var after mapJSON
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/map", id), nil, http.StatusOK, &after)
	if after.Run == nil || after.Run.Entity != sym || len(after.Run.Routes) != len(best.Routes) || len(after.Run.Routes[0].Paths) == 0 {
		t.Fatalf("after the run: %+v", after.Run)
	}
	if after.Moved == nil || after.Moved.Type != "run_routes" {
		t.Errorf("the last move: %+v", after.Moved)
	}
	// in history, before the run, it is not kept
	var hist mapJSON
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/map?action=%d", id, v.Actions), nil, http.StatusOK, &hist)
	if hist.Run != nil {
		t.Errorf("at %d, before the run: %+v", v.Actions, hist.Run)
	}
}

// TestMapRunReadsTheLogEnd: the run the map keeps, read from the end of
// the stored log, is the one play.LastRun finds in the whole log, at
// positions all through a long game.
func TestMapRunReadsTheLogEnd(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.MapView = mapview.ForGame })
	alice := env.signup("alice")
	path := "1860/19354.json"
	data := fixtures.MustRead(t, path)
	var out struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", data, http.StatusCreated, &out)
	src, err := g18xx.DecodeBytes(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	sess, err := play.New(src)
	if err != nil {
		t.Fatal(err)
	}
	n := sess.Len()
	shown := 0
	for _, at := range []int{69, 70, 150, n / 2, n/2 + 7, n - 40, n - 1} {
		if at < 0 || at > n {
			continue
		}
		var got struct {
			Run   *play.ShownRun `json:"run"`
			Moved *play.Move     `json:"moved"`
		}
		alice.mustDo("GET", fmt.Sprintf("/api/games/%d/map?action=%d", out.ID, at), nil, http.StatusOK, &got)
		want := sess.LastRun(at)
		wb, _ := json.Marshal(want)
		gb, _ := json.Marshal(got.Run)
		if string(wb) != string(gb) {
			t.Errorf("at %d: map run %s, want %s", at, gb, wb)
		}
		mb, _ := json.Marshal(sess.LastMove(at))
		gm, _ := json.Marshal(got.Moved)
		if string(mb) != string(gm) {
			t.Errorf("at %d: moved %s, want %s", at, gm, mb)
		}
		if want != nil {
			shown++
		}
	}
	if shown == 0 {
		t.Error("no position with a kept run: the test shows nothing")
	}
}

// TestLastRunOfCompany: "show the last run of company X" at any position
// of a whole imported game: each company's run is its last run_routes
// before that position (the same trains, drawn along the track, naming
// its stops), each train's revenue the one the game's log gave it (the
// golden trace's run line, written by 18xx.games: this export stores
// none) and the run's their sum; none before its first run; a bad
// company is refused.
func TestLastRunOfCompany(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	data := fixtures.MustRead(t, "1860/19354.json")
	var out struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", data, http.StatusCreated, &out)
	src, err := g18xx.DecodeBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	logged := runLines(t, "1860/19354.trace.jsonl")
	moves := play.Moves(src.Actions)
	if len(logged) != len(moves)+1 {
		t.Fatalf("the trace has %d lines for %d moves", len(logged), len(moves))
	}
	type shown struct {
		Entity  string `json:"entity"`
		Revenue int    `json:"revenue"`
		Routes  []struct {
			Train   string            `json:"train"`
			Nodes   []string          `json:"nodes"`
			Revenue *int              `json:"revenue"`
			Paths   []json.RawMessage `json:"paths"`
		} `json:"routes"`
	}
	// at the position after each run (stored action k, the game's move
	// m): the company's run, checked against the export and the run lines
	// the move logged
	checked, trains, leased := 0, 0, 0
	for m, k := range moves {
		a := src.Actions[k]
		sym, _ := a.Entity.Symbol()
		if a.Type != g18xx.TypeRunRoutes || len(a.Routes) == 0 {
			continue
		}
		var got *shown
		alice.mustDo("GET", fmt.Sprintf("/api/games/%d/lastrun?company=%s&action=%d", out.ID, url.QueryEscape(sym), k+1), nil, http.StatusOK, &got)
		if got == nil || got.Entity != sym || len(got.Routes) != len(a.Routes) {
			t.Fatalf("after action %d: %s's last run %+v, want its %d routes", k+1, sym, got, len(a.Routes))
		}
		lines := logged[m+1]
		if len(lines) != len(a.Routes) {
			t.Fatalf("after action %d: %d run lines logged for %s's %d trains: %v", k+1, len(lines), sym, len(a.Routes), lines)
		}
		want := 0
		for i, r := range a.Routes {
			l := lines[i]
			if got.Routes[i].Train != r.Train || len(got.Routes[i].Paths) == 0 || len(got.Routes[i].Nodes) < 2 {
				t.Errorf("after action %d: route %d %+v, want train %s along its track, naming its stops (this export names none)", k+1, i, got.Routes[i], r.Train)
			}
			if l.corp != sym || !strings.HasPrefix(r.Train, l.train+"-") {
				t.Fatalf("after action %d: route %d is %s's train %s, but the line logged is %+v", k+1, i, sym, r.Train, l)
			}
			if rev := got.Routes[i].Revenue; rev == nil || *rev != l.revenue {
				t.Errorf("after action %d: %s's %s train earns %v, the log says £%d", k+1, sym, r.Train, rev, l.revenue)
			}
			want += l.revenue
			trains++
			if l.leased {
				leased++
			}
		}
		if got.Revenue != want {
			t.Errorf("after action %d: %s's revenue %d, want the trains' logged £%d", k+1, sym, got.Revenue, want)
		}
		// before the game's first run, it had none
		if checked == 0 {
			var before *shown
			alice.mustDo("GET", fmt.Sprintf("/api/games/%d/lastrun?company=%s&action=%d", out.ID, url.QueryEscape(sym), k), nil, http.StatusOK, &before)
			if before != nil {
				t.Errorf("before the game's first run: %s's last run %+v", sym, before)
			}
		}
		checked++
	}
	if checked == 0 || leased == 0 {
		t.Fatalf("%d runs checked, %d of their trains leased: the test shows too little", checked, leased)
	}
	t.Logf("%d runs, %d trains (%d leased), each train's revenue the logged one", checked, trains, leased)
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/lastrun?company=NOPE", out.ID), nil, http.StatusBadRequest, nil)
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/lastrun", out.ID), nil, http.StatusBadRequest, nil)
}

// runLine is a train's run as a run line of the game's log gives it:
// "C&N runs a 2+1 train (leased) for £40: F2-F2-F4-G5".
type runLine struct {
	corp, train string
	leased      bool
	revenue     int
}

var runLineRE = regexp.MustCompile(`^(\S+) runs an? (\S+) train( \(leased\))? for £(\d+)`)

// runLines reads a golden trace (internal/fixtures) and answers, for each
// of its lines (the setup, then the state after each move), the run lines
// that move logged.
func runLines(t *testing.T, name string) [][]runLine {
	t.Helper()
	f, err := fixtures.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][]runLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var line struct {
			Log []string `json:"log"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		var runs []runLine
		for _, l := range line.Log {
			if m := runLineRE.FindStringSubmatch(l); m != nil {
				rev, _ := strconv.Atoi(m[4])
				runs = append(runs, runLine{corp: m[1], train: m[2], leased: m[3] != "", revenue: rev})
			}
		}
		out = append(out, runs)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
