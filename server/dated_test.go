package server

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
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
