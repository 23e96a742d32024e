package g18xx

import (
	"strings"
	"testing"

	fx "tresham/internal/fixtures"
)

// TestEarlyFormsDecode: an early export names its players (no id, or the
// user's name as id; entities, target, acting and result keyed by name,
// max_players a string). It decodes with the players numbered 1, 2, ... in
// seating order and every reference renumbered; its result stays against
// the right players.
func TestEarlyFormsDecode(t *testing.T) {
	for _, players := range []string{
		`[{"name":"Ann"},{"name":"Bob"}]`,
		`[{"id":"ann_x","name":"Ann"},{"id":"bob_y","name":"Bob"}]`,
	} {
		ann, bob := "Ann", "Bob"
		if strings.Contains(players, "ann_x") {
			ann, bob = "ann_x", "bob_y"
		}
		data := `{"id":"hs_abc_1","title":"1860","max_players":"2","players":` + players +
			`,"settings":{"optional_rules":[]},"acting":["` + bob + `"],"result":{"` + bob + `":300,"` + ann + `":200},` +
			`"actions":[{"type":"bid","entity":"` + ann + `","entity_type":"player","id":1,"original_id":null,"company":"BHI&R","price":25,` +
			`"auto_actions":[{"type":"pass","entity":"` + bob + `","entity_type":"player"}]},` +
			`{"type":"pass","entity":"` + bob + `","entity_type":"player","id":2,"target":"` + ann + `","target_type":"player"}],` +
			`"created_at":"2020-09-07","loaded":true}`
		g, err := DecodeBytes([]byte(data))
		if err != nil {
			t.Fatalf("%s: %v", players, err)
		}
		if len(g.Players) != 2 || g.Players[0].ID != 1 || g.Players[0].Name != "Ann" || g.Players[1].ID != 2 || g.MaxPlayers != 2 {
			t.Fatalf("players %+v, max %d", g.Players, g.MaxPlayers)
		}
		if g.Result["1"] != 200 || g.Result["2"] != 300 || len(g.Result) != 2 {
			t.Errorf("result %v", g.Result)
		}
		if id, ok := g.Actions[0].Entity.PlayerID(); !ok || id != 1 {
			t.Errorf("action 1 entity %v", g.Actions[0].Entity)
		}
		if id, ok := g.Actions[0].AutoActions[0].Entity.PlayerID(); !ok || id != 2 {
			t.Errorf("auto action entity %v", g.Actions[0].AutoActions[0].Entity)
		}
		if len(g.Acting) != 1 || g.Acting[0] != 2 {
			t.Errorf("acting %v", g.Acting)
		}
		out, err := Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		// the keys keep their order; the result its (rank) order
		if !strings.HasPrefix(string(out), `{"id":"hs_abc_1","title":"1860","max_players":2,"players":[{"id":1,"name":"Ann"}`) ||
			!strings.Contains(string(out), `"result":{"2":300,"1":200}`) || !strings.Contains(string(out), `"target":1`) {
			t.Errorf("re-encoded: %s", out)
		}
	}
	// a malformed export is refused with the current form's error
	if _, err := DecodeBytes([]byte(`{"title":"1860","players":[{"name":"A"}],"actions":[{"type":"pass"}]}`)); err == nil {
		t.Error("an action without entity decoded")
	}
}

// TestSettingsPin: settings.pin, the 18xx.games code version a game was
// pinned to, is read from an export and kept when it is written again.
func TestSettingsPin(t *testing.T) {
	raw := string(fx.MustRead(t, "1860/19354.json"))
	if !strings.Contains(raw, `"settings":{`) {
		t.Fatal("fixture has no settings object")
	}
	g, err := DecodeBytes([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Settings.Pin(); p != "" {
		t.Fatalf("unpinned export: pin %q", p)
	}
	pinned := strings.Replace(raw, `"settings":{`, `"settings":{"pin":"5ea4dd2",`, 1)
	g, err = DecodeBytes([]byte(pinned))
	if err != nil {
		t.Fatal(err)
	}
	if p := g.Settings.Pin(); p != "5ea4dd2" {
		t.Fatalf("pin %q, want 5ea4dd2", p)
	}
	out, err := Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"pin":"5ea4dd2"`) {
		t.Error("the pin is lost when the export is written again")
	}
}
