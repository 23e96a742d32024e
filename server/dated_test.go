package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	fx "tresham/internal/fixtures"
	"tresham/replay"
)

// TestImportDatedGames: real games played on 18xx.games before a rule
// change import by the rules of the day they were created, finish with
// their recorded results, and re-import from their export (which keeps
// the day); the 2022 game dated after the change to £10 prices is refused
// naming the action, the rule and the change's day, storing nothing.
func TestImportDatedGames(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	names, err := fx.Games("dated/*/*.json")
	if err != nil || len(names) == 0 {
		t.Fatalf("dated fixtures: %v", err)
	}
	for _, name := range names {
		data := fx.MustRead(t, name)
		src, err := g18xx.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			ID int64 `json:"id"`
		}
		alice.mustDo("POST", "/api/games/import", data, http.StatusCreated, &out)
		v := alice.view(out.ID)
		if !v.Finished || !mapsEqual(v.Result, src.Result) {
			t.Fatalf("%s: finished %v result %v, want %v", name, v.Finished, v.Result, src.Result)
		}
		// the view shows the rules it replayed under (replay.Rules)
		if want := replay.Rules(src).String(); v.RulesOf != want || (strings.HasSuffix(name, "69820.json") && want != "2023-12-26") {
			t.Errorf("%s: rules_of %q, want %q (69820: the eve of the £10 prices)", name, v.RulesOf, want)
		}
		code, exp := alice.do("GET", fmt.Sprintf("/api/games/%d/export", out.ID), nil)
		if code != http.StatusOK {
			t.Fatalf("%s: export %d", name, code)
		}
		if bytes.Contains(exp, []byte(rulesKey)) {
			t.Errorf("%s: the export carries Tresham's %s", name, rulesKey)
		}
		alice.mustDo("POST", "/api/games/import", exp, http.StatusCreated, &out)
		if v := alice.view(out.ID); !v.Finished || !mapsEqual(v.Result, src.Result) {
			t.Errorf("%s re-imported: finished %v result %v", name, v.Finished, v.Result)
		}
		// a second server rebuilds it from the store, by the same day
		fresh := New(Config{}, env.st, slog.New(slog.DiscardHandler))
		e, err := fresh.game(context.Background(), out.ID)
		if err != nil {
			t.Fatalf("%s rebuilt from the store: %v", name, err)
		}
		finished, result := e.g.IsFinished(), e.g.Result()
		e.mu.Unlock()
		if !finished || !mapsEqual(result, src.Result) {
			t.Errorf("%s rebuilt: finished %v result %v", name, finished, result)
		}
	}

	// a 2020 game that replays under today's rules is shown under them
	var old struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", fx.MustRead(t, "1860/19354.json"), http.StatusCreated, &old)
	if v := alice.view(old.ID); v.RulesOf != "today" {
		t.Errorf("1860/19354: rules_of %q, want today", v.RulesOf)
	}

	src, err := g18xx.Decode(bytes.NewReader(fx.MustRead(t, "dated/1825/69820.json")))
	if err != nil {
		t.Fatal(err)
	}
	late := g18xx.Str("2024-01-01")
	src.CreatedAt = &late
	bad, err := g18xx.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	code, body := alice.do("POST", "/api/games/import", bad)
	if code != http.StatusUnprocessableEntity {
		t.Fatalf("dated after the change: %d %s", code, body)
	}
	for _, want := range []string{"action id 242", "multiple of £10", "before 2023-12-27"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("refusal %s lacks %q", body, want)
		}
	}
}

// TestImportOldFormExport: an early export (players named, not numbered;
// entities, acting and the result keyed by name; max_players a string; no
// created_at) imports finished, and the view shows each score against the
// seat of the player who made it.
func TestImportOldFormExport(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	data := fx.MustRead(t, "1860/19354.json")
	src, err := g18xx.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{} // by player name
	names := map[string]string{}
	for _, p := range src.Players {
		want[p.Name] = src.Result[strconv.Itoa(p.ID)]
		names[strconv.Itoa(p.ID)] = p.Name
	}
	var d map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	var players []any
	for _, p := range d["players"].([]any) {
		players = append(players, map[string]any{"name": p.(map[string]any)["name"]})
	}
	d["players"], d["max_players"] = players, strconv.Itoa(len(players))
	delete(d, "created_at")
	result := map[string]any{}
	for k, v := range d["result"].(map[string]any) {
		result[names[k]] = v
	}
	d["result"] = result
	var acting []any
	for _, a := range d["acting"].([]any) {
		acting = append(acting, names[a.(json.Number).String()])
	}
	d["acting"] = acting
	var rename func(a map[string]any)
	rename = func(a map[string]any) {
		delete(a, "user")
		if a["entity_type"] == "player" {
			a["entity"] = names[a["entity"].(json.Number).String()]
		}
		delete(a, "created_at")
		for _, x := range asSlice(a["auto_actions"]) {
			rename(x.(map[string]any))
		}
	}
	for _, a := range d["actions"].([]any) {
		rename(a.(map[string]any))
	}
	old, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", old, http.StatusCreated, &out)
	var v struct {
		Finished bool           `json:"finished"`
		Result   map[string]int `json:"result"`
		RulesOf  string         `json:"rules_of"`
		Seats    []struct {
			PlayerID int    `json:"player_id"`
			Name     string `json:"name"`
		} `json:"seats"`
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d", out.ID), nil, http.StatusOK, &v)
	if !v.Finished || len(v.Seats) != len(want) {
		t.Fatalf("finished %v, seats %+v", v.Finished, v.Seats)
	}
	for _, s := range v.Seats {
		if got := v.Result[strconv.Itoa(s.PlayerID)]; got != want[s.Name] {
			t.Errorf("%s (seat %d): %d, want %d", s.Name, s.PlayerID, got, want[s.Name])
		}
	}
	if v.RulesOf != "today" { // no time at all: today's rules, not tried
		t.Errorf("rules_of %q, want today", v.RulesOf)
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}
