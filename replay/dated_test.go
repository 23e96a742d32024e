package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"strconv"
	"strings"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
	"tresham/titles/title"
)

// datedGame reads a fixture export.
func datedGame(t *testing.T, name string) *g18xx.Game {
	t.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestDatedGamesReplayToTheirResults: real games played on 18xx.games
// before a rule change replay, by the rules of the day they were created,
// to the result they recorded.
func TestDatedGamesReplayToTheirResults(t *testing.T) {
	names, err := fixtures.Games("dated/*/*.json")
	if err != nil || len(names) < 3 {
		t.Fatalf("dated fixtures: %v, %d", err, len(names))
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			src := datedGame(t, name)
			g, _, err := Run(src, nil)
			if err != nil {
				t.Fatalf("replayed by the rules of %s: %v", Rules(src).AsOf().Format(time.DateOnly), err)
			}
			if !g.IsFinished() || !maps.Equal(g.Result(), src.Result) {
				t.Fatalf("finished %v, result %v, recorded %v", g.IsFinished(), g.Result(), src.Result)
			}
		})
	}
}

// TestRulesOfTheDayFromCreatedAt: the rules date is the export's
// created_at in either form, else its first action's time, else today.
func TestRulesOfTheDayFromCreatedAt(t *testing.T) {
	src := datedGame(t, "dated/1825/69820.json") // created_at "2022-02-04"
	if got := DayOf(src).AsOf().Format(time.DateOnly); got != "2022-02-04" {
		t.Errorf("date string: %s", got)
	}
	n := g18xx.Int(1728210956)
	src.CreatedAt = &n
	if got := DayOf(src).AsOf().Format(time.DateOnly); got != "2024-10-06" {
		t.Errorf("unix seconds: %s", got)
	}
	src.CreatedAt = nil
	if got := DayOf(src).AsOf().Format(time.DateOnly); got != "2022-01-25" { // its first action, 1643099013
		t.Errorf("first action: %s", got)
	}
	for i := range src.Actions {
		src.Actions[i].CreatedAt = 0
	}
	if !DayOf(src).AsOf().IsZero() {
		t.Errorf("no time: %v, want today's rules", DayOf(src).AsOf())
	}
}

// TestRulesTodayFirst: an export replays under today's rules when they
// replay it (the 2020 game 19354, never pinned); one that today's rules
// refuse, under the latest rules that replay it (the 2022 game 69820: the
// eve of the change to £10 prices, after the eves of the later changes
// were tried); a pinned one is not tried under today's.
func TestRulesTodayFirst(t *testing.T) {
	old := datedGame(t, "1860/19354.json")
	if n := len(Candidates(old)); n < 2 {
		t.Fatalf("19354 (2020) has %d candidate rules, want today's and earlier", n)
	}
	if r := Rules(old); !r.AsOf().IsZero() {
		t.Errorf("19354 replays under %s, want today's", r)
	}
	src := datedGame(t, "dated/1825/69820.json")
	cands := Candidates(src)
	// four 1825 changes since 2022-02-04: today, the eves of the last three, its day
	if len(cands) != 5 || !cands[0].AsOf().IsZero() || cands[4] != DayOf(src) {
		t.Fatalf("69820 candidates %v, want today, the eves of three changes, its day", cands)
	}
	if Accepts(src, title.Rules{}) {
		t.Error("69820 replays under today's rules")
	}
	// the latest rules it replays under: the eve of the £10 prices, the
	// change that broke it (18xx.games dropped it from its fixtures then);
	// the earlier F8 change does not touch its map (no Unit 3)
	if r := Rules(src); r.String() != "2023-12-26" {
		t.Errorf("69820 replays under %s, want 2023-12-26", r)
	}
	src.Settings.Extra = map[string]json.RawMessage{"pin": json.RawMessage(`"a1b2c3d"`)}
	if cands := Candidates(src); len(cands) != 4 || cands[0].AsOf().IsZero() {
		t.Errorf("pinned 69820 candidates %v, want no today", cands)
	}
	// a result that differs from the one recorded is not accepted
	src = datedGame(t, "dated/1825/69820.json")
	for k := range src.Result {
		src.Result[k]++
		break
	}
	if Accepts(src, DayOf(src)) {
		t.Error("69820 with a changed result accepted")
	}
}

// TestDatedRefusalNamesTheChange: the 2022 game created after the change
// to £10 prices is refused at its first odd price, and the refusal names
// the action, the rule and the change's date.
func TestDatedRefusalNamesTheChange(t *testing.T) {
	src := datedGame(t, "dated/1825/69820.json")
	late := g18xx.Str("2024-01-01")
	src.CreatedAt = &late
	_, _, err := Run(src, nil)
	var re *engine.RuleError
	if !errors.As(err, &re) || re.ActionID != 242 {
		t.Fatalf("want a refusal at action 242, got %v", err)
	}
	err = Explain(src, err)
	var dr *DatedRefusal
	if !errors.As(err, &dr) || dr.Explained == nil || dr.Explained.Name != "1825/train-price-tens" {
		t.Fatalf("want the change to £10 prices named, got %v", err)
	}
	for _, want := range []string{"action 242", "£252", "multiple of £10", "rules of 2024-01-01", "before 2023-12-27", "PR #10016"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q lacks %q", err, want)
		}
	}
	if !errors.As(err, &re) {
		t.Error("the rule's refusal is not kept")
	}
	// a pinned game: the refusal names the pin (which does not change
	// the rules: it names a build of the site, not a day)
	src.Settings.Extra = map[string]json.RawMessage{"pin": json.RawMessage(`"a1b2c3d"`)}
	_, _, err = Run(src, nil)
	if !errors.As(err, &re) || re.ActionID != 242 {
		t.Fatalf("pinned: want the same refusal at action 242, got %v", err)
	}
	if msg := Explain(src, err).Error(); !strings.Contains(msg, `pinned this game to its code version "a1b2c3d"`) {
		t.Errorf("pinned game's refusal %q does not name the pin", msg)
	}
}

// TestOldFormExportReplays: an early export, which names its players
// instead of numbering them (entities, acting and the result keyed by
// name), replays to its result, each score against the right player.
func TestOldFormExportReplays(t *testing.T) {
	src := datedGame(t, "1860/19354.json")
	byName := map[string]int{}
	for _, p := range src.Players {
		byName[p.Name] = src.Result[itoa(p.ID)]
	}
	old, err := g18xx.DecodeBytes(oldForm(t, fixtures.MustRead(t, "1860/19354.json")))
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := Run(old, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := g.Result()
	for _, p := range old.Players {
		if res[itoa(p.ID)] != byName[p.Name] || old.Result[itoa(p.ID)] != byName[p.Name] {
			t.Errorf("%s (id %d): engine %d, export %d, want %d", p.Name, p.ID, res[itoa(p.ID)], old.Result[itoa(p.ID)], byName[p.Name])
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// oldForm rewrites an export into the early hotseat form: players with a
// name and no id, a player's entity its name, acting and the result keyed
// by name, max_players a string, no user on the actions.
func oldForm(t *testing.T, data []byte) []byte {
	t.Helper()
	var d map[string]any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&d); err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	var players []any
	for _, p := range d["players"].([]any) {
		pm := p.(map[string]any)
		names[string(pm["id"].(json.Number))] = pm["name"].(string)
		players = append(players, map[string]any{"name": pm["name"]})
	}
	d["players"] = players
	d["max_players"] = strconv.Itoa(len(players))
	var acting []any
	for _, a := range d["acting"].([]any) {
		acting = append(acting, names[string(a.(json.Number))])
	}
	d["acting"] = acting
	result := map[string]any{}
	for k, v := range d["result"].(map[string]any) {
		result[names[k]] = v
	}
	d["result"] = result
	var conv func(a map[string]any)
	conv = func(a map[string]any) {
		delete(a, "user")
		if a["entity_type"] == "player" {
			a["entity"] = names[string(a["entity"].(json.Number))]
		}
		if auto, ok := a["auto_actions"].([]any); ok {
			for _, x := range auto {
				conv(x.(map[string]any))
			}
		}
	}
	for _, a := range d["actions"].([]any) {
		conv(a.(map[string]any))
	}
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// prefixGame replays src by rules up to (not including) action id.
func prefixGame(t *testing.T, src *g18xx.Game, rules title.Rules, id int) Game {
	t.Helper()
	g, err := NewOf(src, rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		a := &src.Actions[i]
		if a.ID == id {
			return g
		}
		if a.Type == g18xx.TypeMessage {
			continue
		}
		ea := Convert(a)
		if err := g.Apply(&ea); err != nil {
			t.Fatalf("action %d: %v", a.ID, err)
		}
	}
	t.Fatalf("no action %d", id)
	return nil
}

// Test1825TradePriceInTens: a train bought from another company costs
// any whole number of pounds in a game created before 2023-12-27 (Legal
// offers prices in pounds) and a multiple of £10 after (in tens), from
// the position of the 2022 game where GER buys a 4-train for £252.
func Test1825TradePriceInTens(t *testing.T) {
	src := datedGame(t, "dated/1825/69820.json")
	var buy g18xx.Action
	for _, a := range src.Actions {
		if a.ID == 242 {
			buy = a
		}
	}
	for _, tc := range []struct {
		day  string
		step int
	}{{"2023-12-26", 1}, {"2023-12-27", 10}} {
		at, _ := time.Parse(time.DateOnly, tc.day)
		g := prefixGame(t, src, title.RulesOf(at), 242)
		a := Convert(&buy)
		listed := false
		for _, ch := range g.Legal(a.Entity) {
			if ch.Action.Type == "buy_train" && ch.Action.Train == a.Train {
				listed = ch.PriceStep == tc.step && engine.Covers(engineOf(g), ch, a) == (tc.step == 1)
			}
		}
		if !listed {
			t.Errorf("%s: Legal does not offer %s in steps of £%d", tc.day, a.Train, tc.step)
		}
		err := g.Apply(&a)
		if (err == nil) != (tc.step == 1) {
			t.Errorf("%s: £%d: %v", tc.day, a.Price, err)
		}
		if tc.step == 10 {
			a.Price = 250
			if err := g.Apply(&a); err != nil {
				t.Errorf("%s: £250 refused: %v", tc.day, err)
			}
		}
	}
}
