package t1825

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
)

// replayWith replays a fixture's effective actions with ids below stop,
// with extra options.
func replayWith(t *testing.T, name string, stop int, extra ...string) *Game {
	t.Helper()
	var path string
	for _, f := range fixtureGames(t) {
		if filepath.Base(f) == name {
			path = f
		}
	}
	if path == "" {
		t.Skipf("fixture %s not found", name)
	}
	src, err := g18xx.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	var names []string
	for _, p := range src.Players {
		ids = append(ids, p.ID)
		names = append(names, p.Name)
	}
	g, err := New(ids, names, append(slices.Clone(src.Settings.OptionalRules), extra...))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range g18xx.WithoutMessages(g18xx.Effective(src.Actions)) {
		if a.ID >= stop {
			break
		}
		ea := convertAction(&a)
		if err := g.Apply(&ea); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func choicesOf(g *Game, entity, typ string) []engine.Action {
	var out []engine.Action
	for _, ch := range g.Legal(entity) {
		if ch.Action.Type == typ {
			out = append(out, ch.Action)
		}
	}
	return out
}

// TestSurveyors plays rule 6.6 on the first operating turn of a Unit 1
// game: the LNWR's Surveyor starts on its base (Wolverton, T16, brown, so
// moving is optional), railheads no longer count, and a tile is laid where
// the Surveyor stood since the previous turn, unconnected to any track.
func TestSurveyors(t *testing.T) {
	g := replayWith(t, "1825-unit_1-3p-6.json", 15, "surveyors")
	if got := g.surveyors["LNWR"]; !slices.Equal(got, []string{"T16"}) {
		t.Fatalf("LNWR surveyors %v, want [T16]", got)
	}
	if _, ok := g.State()["flags"].(map[string]any)["surveyors"]; !ok {
		t.Error("surveyors missing from the state flags")
	}
	act := func(a engine.Action) error {
		a.Entity, a.EntityType = "LNWR", "corporation"
		return g.Apply(&a)
	}
	// the fixture's railhead lay is refused: no Surveyor left T14
	if err := act(engine.Action{Type: "lay_tile", Hex: "T14", Tile: "7-0", Rotation: 3}); err == nil || !strings.Contains(err.Error(), "6.6") {
		t.Fatalf("railhead lay with Surveyors: %v", err)
	}
	if lays := choicesOf(g, "LNWR", "lay_tile"); len(lays) != 0 {
		t.Errorf("lays listed before any Surveyor moved: %v", lays)
	}
	if len(choicesOf(g, "LNWR", "pass")) != 1 {
		t.Error("a Surveyor on a brown hexag need not move: pass should be listed")
	}
	moves := choicesOf(g, "LNWR", "move_surveyor")
	var dests []string
	for _, m := range moves {
		dests = append(dests, m.Hex)
	}
	if !slices.Contains(dests, "T10") || slices.Contains(dests, "S13") || slices.Contains(dests, "T16") {
		t.Fatalf("surveyor destinations %v", dests)
	}
	// not in a straight line
	if err := act(engine.Action{Type: "move_surveyor", Hex: "R10"}); err == nil {
		t.Error("move off the straight lines accepted")
	}
	if err := act(engine.Action{Type: "move_surveyor", Hex: "T10"}); err != nil {
		t.Fatal(err)
	}
	if err := act(engine.Action{Type: "move_surveyor", Hex: "T12"}); err == nil {
		t.Error("a second move in one turn accepted")
	}
	// a new turn of the LNWR (started by hand: from here on no action may
	// be refused, as a refusal rebuilds the game from its actions): the
	// Surveyor on T10 (white) must move
	g.op.startTurn(g, g.Corp("LNWR"))
	if len(choicesOf(g, "LNWR", "pass")) != 0 {
		t.Error("pass listed while the Surveyor must move")
	}
	if h, owes := g.owesSurveyorMove(g.Corp("LNWR")); !owes || h != "T10" {
		t.Errorf("Surveyor on T10 need not move: %q %v", h, owes)
	}
	if err := act(engine.Action{Type: "move_surveyor", Hex: "T12"}); err != nil {
		t.Fatal(err)
	}
	lays := choicesOf(g, "LNWR", "lay_tile")
	if len(lays) == 0 {
		t.Fatal("no lay listed on the surveyed hexag")
	}
	for _, l := range lays {
		if l.Hex != "T10" {
			t.Fatalf("new tile listed on %s, not the surveyed T10", l.Hex)
		}
	}
	// T10 is not connected to the LNWR's track: the Surveyor waives that
	if _, ok := g.Board.Graph("LNWR").ConnectedEdges("T10"); ok {
		t.Fatal("test position: T10 is already connected")
	}
	if err := act(lays[0]); err != nil {
		t.Fatalf("listed lay %v refused: %v", lays[0], err)
	}
	if v, _ := g.Board.Hex("T10"); v.Tile == v.Printed {
		t.Fatal("no tile on T10")
	}
	if slices.Contains(g.surveyorDestinations(g.Corp("LNWR"), "T12"), "T10") {
		t.Error("a Surveyor may not stand on a tile (rule 6.6.3)")
	}
	// from Phase Three, no Surveyors
	for i, ph := range g.Phases {
		if ph.Name == "3" {
			g.PhaseIdx = i
		}
	}
	if g.surveyorsActive() {
		t.Error("Surveyors still in use in Phase Three")
	}
}

// TestSurveyorsOptionParsed checks the option name.
func TestSurveyorsOptionParsed(t *testing.T) {
	o, err := ParseOptions([]string{"unit_1", "surveyors"}, 4)
	if err != nil || !o.Surveyors || !o.Units[1] {
		t.Fatalf("%+v %v", o, err)
	}
	o, err = ParseOptions([]string{"surveyors"}, 4)
	if err != nil || !o.Surveyors || !o.Units[1] {
		t.Fatalf("surveyors alone keeps the default units: %+v %v", o, err)
	}
}
