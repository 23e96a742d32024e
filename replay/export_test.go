package replay

import (
	"encoding/json"
	"reflect"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
)

// TestExportInvertsConvert checks that every fixture action survives
// Convert then Export then Convert unchanged, and that an exported game
// decodes and replays to the same result.
func TestExportInvertsConvert(t *testing.T) {
	for _, f := range fixtureFiles(t, "*.json") {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, f))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, a := range g18xx.Effective(src.Actions) {
			e := Convert(&a)
			back := Export(e)
			if got := Convert(&back); !reflect.DeepEqual(got, e) {
				t.Fatalf("%s action %d: round trip changed it:\n%+v\n%+v", f, a.ID, e, got)
			}
		}
	}
}

func TestExportedGameReplays(t *testing.T) {
	name := fixtureFiles(t, "19354.json")[0]
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	g, _, err := Run(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	var names []string
	for _, p := range src.Players {
		ids = append(ids, p.ID)
		names = append(names, p.Name)
	}
	var actions []engine.Action
	for _, a := range g18xx.Effective(src.Actions) {
		actions = append(actions, Convert(&a))
	}
	exp := ExportGame(src.Title, ids, names, src.Settings.OptionalRules, actions, g)
	b, err := json.Marshal(exp)
	if err != nil {
		t.Fatal(err)
	}
	var back g18xx.Game
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("exported game does not decode: %v", err)
	}
	g2, _, err := Run(&back, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g2.Result(), src.Result) || !reflect.DeepEqual(back.Result, src.Result) {
		t.Fatalf("result: want %v, got %v (exported %v)", src.Result, g2.Result(), back.Result)
	}
}
