package t1825

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
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
		t.Fatalf("fixture %s not found", name)
	}
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, path))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
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

// TestSurveyorsApartAndReceiver plays rules 6.6.4 (Surveyors that shared a
// hexag must all move, to different hexags) and 6.6.7 (the Receiver's
// special move to a brown hexag) on the LNWR's first turn of a Unit 1
// game, its Surveyor on Wolverton (T16, brown). Each case sets up the
// position by hand and applies one move (a refusal rebuilds the game from
// its actions, discarding the hand-made position).
func TestSurveyorsApartAndReceiver(t *testing.T) {
	// stuck blocks every normal destination from T16 for the LNWR
	stuck := func(g *Game) {
		g.blocks["GWR"] = append(g.blocks["GWR"], g.surveyorDestinations(g.Corp("LNWR"), "T16")...)
	}
	shared := func(g *Game) {
		g.surveyors["GWR"] = []string{"T10"}
		g.surveyorApart["LNWR#0"] = []string{"GWR#0"}
		g.surveyorApart["GWR#0"] = []string{"LNWR#0"}
	}
	cases := []struct {
		name      string
		setup     func(g *Game)
		hex       string
		listed    bool   // the move is in the legal listing
		pass      bool   // pass is in the legal listing
		wantErr   string // "" when the move is accepted
		wantLog   string
		after     func(t *testing.T, g *Game)
		wantMoves []string // when set, exactly these destinations are listed
	}{
		{name: "shared: must move even from brown, not onto the partner", setup: shared,
			hex: "T10", wantErr: "different hexags: another Surveyor"},
		{name: "shared: another hexag is fine", setup: shared,
			hex: "T12", listed: true,
			after: func(t *testing.T, g *Game) {
				if len(g.surveyorApart["LNWR#0"]) != 0 {
					t.Errorf("LNWR still bound after moving: %v", g.surveyorApart)
				}
				if !g.surveyorMustMove(g.Corp("GWR"), 0) || slices.Contains(g.surveyorAvoid("GWR", 0), "T10") ||
					!slices.Contains(g.surveyorAvoid("GWR", 0), "T12") {
					t.Errorf("GWR must still move, avoiding T12: avoid %v", g.surveyorAvoid("GWR", 0))
				}
			}},
		{name: "partner gone (closed): no constraint left", setup: func(g *Game) {
			shared(g)
			g.Corp("GWR").Closed = true
		}, hex: "T10", listed: true, pass: true},
		{name: "arrival on another Surveyor records the sharing", setup: func(g *Game) {
			g.surveyors["GWR"] = []string{"V14"}
		}, hex: "V14", listed: true, pass: true,
			after: func(t *testing.T, g *Game) {
				if !slices.Equal(g.surveyorApart["LNWR#0"], []string{"GWR#0"}) ||
					!slices.Equal(g.surveyorApart["GWR#0"], []string{"LNWR#0"}) {
					t.Fatalf("sharing not recorded: %v", g.surveyorApart)
				}
				// V14 is brown, yet the GWR's Surveyor must now move
				if !g.surveyorMustMove(g.Corp("GWR"), 0) {
					t.Error("GWR's Surveyor on brown V14 shared a hexag but need not move")
				}
			}},
		{name: "no normal move, not in receivership: stuck", setup: stuck,
			hex: "W9", pass: true, wantErr: "6.6.2", wantMoves: []string{}},
		{name: "no normal move, Receiver: special move to brown", setup: func(g *Game) {
			stuck(g)
			g.Corp("LNWR").Receivership = true
		}, hex: "W9", listed: true, pass: true, wantLog: "6.6.7",
			wantMoves: []string{"U25", "V22", "W25", "W9", "Y13", "Y17", "Y19"}},
		{name: "Receiver with a normal move: no special move", setup: func(g *Game) {
			g.Corp("LNWR").Receivership = true
		}, hex: "V22", pass: true, wantErr: "6.6.7"},
		{name: "Receiver's special move respects 6.6.4", setup: func(g *Game) {
			stuck(g)
			g.Corp("LNWR").Receivership = true
			g.surveyors["GWR"] = []string{"W9"}
			g.surveyorApart["LNWR#0"] = []string{"GWR#0"}
		}, hex: "W9", pass: true, wantErr: "different hexags: another Surveyor", wantMoves: []string{"U25", "V22", "W25", "Y13", "Y17", "Y19"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := replayWith(t, "1825-unit_1-3p-6.json", 15, "surveyors")
			tc.setup(g)
			var dests []string
			for _, m := range choicesOf(g, "LNWR", "move_surveyor") {
				dests = append(dests, m.Hex)
			}
			if slices.Contains(dests, tc.hex) != tc.listed {
				t.Errorf("move to %s listed %v, want %v (listed %v)", tc.hex, !tc.listed, tc.listed, dests)
			}
			if tc.wantMoves != nil && !slices.Equal(dests, tc.wantMoves) && (len(dests) != 0 || len(tc.wantMoves) != 0) {
				t.Errorf("listed moves %v, want %v", dests, tc.wantMoves)
			}
			if got := len(choicesOf(g, "LNWR", "pass")) == 1; got != tc.pass {
				t.Errorf("pass listed %v, want %v", got, tc.pass)
			}
			mark := len(g.Log)
			a := engine.Action{Type: "move_surveyor", Hex: tc.hex, Entity: "LNWR", EntityType: "corporation"}
			err := g.Apply(&a)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("move to %s: %v, want a refusal naming %s", tc.hex, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("move to %s refused: %v", tc.hex, err)
			}
			if got := g.surveyors["LNWR"]; !slices.Equal(got, []string{tc.hex}) {
				t.Errorf("LNWR surveyors %v, want [%s]", got, tc.hex)
			}
			if tc.wantLog != "" && !strings.Contains(fmt.Sprint(g.Log[mark:]), tc.wantLog) {
				t.Errorf("log %v lacks %s", g.Log[mark:], tc.wantLog)
			}
			if tc.after != nil {
				tc.after(t, g)
			}
		})
	}
}
