package titles_test

import (
	"strconv"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles"
	"tresham/titles/title"
)

// TestEffectsMatchApply replays every fixture and, before each sale and
// dividend, asks the title for the choice's effect; after applying it the
// mover's cash and the share price must have moved exactly so.
func TestEffectsMatchApply(t *testing.T) {
	var files []string
	for _, pat := range []string{"*/*.json", "synthetic/*/*.json", "reported/*/*.json"} {
		more, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	if len(files) == 0 {
		t.Fatal("no fixtures")
	}
	checked := map[string]int{}
	for _, f := range files {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, f))
		if err != nil {
			continue
		}
		d, ok := titles.Lookup(src.Title)
		if !ok {
			continue
		}
		var players []title.Player
		for _, p := range src.Players {
			players = append(players, title.Player{ID: p.ID, Name: p.Name})
		}
		g, err := d.New(players, src.Settings.OptionalRules)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		fx, ok := g.(title.Effecter)
		if !ok {
			t.Fatalf("%s: no effects", d.Name)
		}
		eg := g.Engine()
		for _, ga := range g18xx.Effective(src.Actions) {
			if ga.Type == g18xx.TypeMessage {
				continue
			}
			a := replay.Convert(&ga)
			var eff *title.Effect
			cashBefore, cellBefore := 0, (*engine.Cell)(nil)
			var corp *engine.Corporation
			var playersBefore map[int]int
			var turnBefore, roundBefore int
			var kindBefore string
			if (a.Type == "sell_shares" || a.Type == "dividend") && len(a.Auto) == 0 {
				eff = fx.Effect(a.Entity, a)
				if eff == nil {
					t.Fatalf("%s action %d (%s): no effect", f, a.ID, a.Type)
				}
				cashBefore = moverCash(eg, a.Entity)
				turnBefore, roundBefore, kindBefore = eg.Turn, eg.RoundNum, eg.RoundKind
				playersBefore = map[int]int{}
				for _, p := range eg.Players {
					playersBefore[p.ID] = p.Cash
				}
				if eff.Price != nil {
					corp = eg.Corp(eff.Price.Corporation)
					cellBefore = corp.Cell
				}
			}
			if err := g.Apply(&a); err != nil {
				t.Fatalf("%s action %d: %v", f, a.ID, err)
			}
			eg = g.Engine()
			if eff == nil {
				continue
			}
			checked[a.Type]++
			if c := eg.Corp(a.Entity); c != nil && c.Closed {
				// closed by the move (its cash went to the bank): the
				// effect's price ends on a closing cell
				if eff.Price == nil || eff.Price.To.Type != "close" {
					t.Errorf("%s action %d: %s closed, effect %+v", f, a.ID, a.Entity, eff.Price)
				}
				continue
			}
			if got := moverCash(eg, a.Entity) - cashBefore; got != eff.Cash {
				t.Errorf("%s action %d (%s %s): cash moved %d, effect said %d", f, a.ID, a.Type, a.Entity, got, eff.Cash)
			}
			if a.Type == "dividend" && eg.Turn == turnBefore && eg.RoundNum == roundBefore && eg.RoundKind == kindBefore {
				// each player's part of the dividend, as the effect said
				// (when the round goes on: a new one pays the privates)
				for _, p := range eg.Players {
					if got, want := p.Cash-playersBefore[p.ID], eff.Players[strconv.Itoa(p.ID)]; got != want {
						t.Errorf("%s action %d (%s %s): player %d received %d, effect said %d", f, a.ID, a.Kind, a.Entity, p.ID, got, want)
					}
				}
			}
			if eff.Price == nil {
				continue
			}
			c := eg.Corp(eff.Price.Corporation)
			if cellBefore == nil || eff.Price.From.Price != cellBefore.Price || eff.Price.From.Col != cellBefore.Col || eff.Price.From.Row != cellBefore.Row {
				t.Errorf("%s action %d: effect starts at %+v, the price was at %+v", f, a.ID, eff.Price.From, cellBefore)
			}
			if c.Closed || c.Cell == nil {
				continue // closed by the move: its cell is gone
			}
			if c.Cell.Row != eff.Price.To.Row || c.Cell.Col != eff.Price.To.Col {
				t.Errorf("%s action %d (%s %s %s): price went to %d (%d,%d), effect said %d (%d,%d)", f, a.ID, a.Type, a.Entity, a.Kind,
					c.Cell.Price, c.Cell.Row, c.Cell.Col, eff.Price.To.Price, eff.Price.To.Row, eff.Price.To.Col)
			}
		}
	}
	if checked["sell_shares"] == 0 || checked["dividend"] == 0 {
		t.Errorf("checked %v: want sales and dividends", checked)
	}
	t.Logf("checked %v in %d fixtures", checked, len(files))
}

func moverCash(eg *engine.Game, entity string) int {
	if id, err := strconv.Atoi(entity); err == nil {
		if p := eg.Player(id); p != nil {
			return p.Cash
		}
	}
	if c := eg.Corp(entity); c != nil {
		return c.Cash
	}
	return 0
}
