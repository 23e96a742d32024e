package play

import (
	"slices"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// TestLegalCarriesEffects: every listed sale and dividend of every fixture
// position carries its effect from the title (cash, and a price move from
// the corporation's current price), and no other choice does.
func TestLegalCarriesEffects(t *testing.T) {
	for _, path := range fixtures(t) {
		src := loadSrc(t, path)
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, ga := range g18xx.Effective(src.Actions) {
			if ga.Type == g18xx.TypeMessage {
				continue
			}
			for _, ent := range g.Acting() {
				for _, c := range Legal(g, ent) {
					switch c.Action.Type {
					case "sell_shares", "dividend":
						seen[c.Action.Type]++
						if c.Effect == nil {
							t.Fatalf("%s before action %d: %s %v lists no effect", path, ga.ID, c.Action.Type, c.Action)
						}
						if p := c.Effect.Price; p != nil {
							if corp := g.Engine().Corp(p.Corporation); corp == nil || corp.Cell == nil || corp.Cell.Price != p.From.Price {
								t.Fatalf("%s before action %d: effect %+v does not start at %s's price", path, ga.ID, p, p.Corporation)
							}
						}
					default:
						if c.Effect != nil {
							t.Fatalf("%s: %s carries an effect", path, c.Action.Type)
						}
					}
				}
			}
			a := replay.Convert(&ga)
			if err := g.Apply(&a); err != nil {
				t.Fatal(err)
			}
		}
		if seen["sell_shares"] == 0 || seen["dividend"] == 0 {
			t.Errorf("%s: listed %v", path, seen)
		}
	}
}

// TestLegalNamesShareSource: every listed purchase of shares (or exchange
// of a private for one) says where the shares come from, and when the game's next move is that
// purchase, the holding named (the IPO or the bank pool) is the one that
// shrinks.
func TestLegalNamesShareSource(t *testing.T) {
	seen, checked := map[string]int{}, 0
	for _, path := range fixtures(t) {
		src := loadSrc(t, path)
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, ga := range g18xx.Effective(src.Actions) {
			if ga.Type == g18xx.TypeMessage {
				continue
			}
			from := ""
			for _, ent := range g.Acting() {
				for _, c := range Legal(g, ent) {
					if c.Action.Type != "buy_shares" {
						if c.From != "" {
							t.Fatalf("%s before action %d: %s names a source %q", path, ga.ID, c.Action.Type, c.From)
						}
						continue
					}
					if c.From != "ipo" && c.From != "market" {
						t.Fatalf("%s before action %d: purchase %v names source %q", path, ga.ID, c.Action.Shares, c.From)
					}
					seen[c.From]++
					if ga.Type == "buy_shares" && ga.Entity == c.Action.Entity && slices.Equal(c.Action.Shares, ga.Shares) {
						from = c.From
					}
				}
			}
			var corp *engine.Corporation
			var before map[engine.Holder]int
			if from != "" {
				corp, _, _ = g.Engine().ShareByID(ga.Shares[0])
				before = map[engine.Holder]int{engine.HolderIPO: corp.PercentOf(engine.HolderIPO), engine.HolderMarket: corp.PercentOf(engine.HolderMarket)}
			}
			a := replay.Convert(&ga)
			if err := g.Apply(&a); err != nil {
				t.Fatal(err)
			}
			if from != "" {
				h := map[string]engine.Holder{"ipo": engine.HolderIPO, "market": engine.HolderMarket}[from]
				checked++
				if corp.PercentOf(h) >= before[h] {
					t.Fatalf("%s action %d: listed from %s, but %s's %s holding went %d%% -> %d%%", path, ga.ID, from, corp.Sym, from, before[h], corp.PercentOf(h))
				}
			}
		}
	}
	if seen["ipo"] == 0 || seen["market"] == 0 || checked == 0 {
		t.Fatalf("sources listed: %v, purchases followed: %d; want both sources and some purchases", seen, checked)
	}
	t.Logf("sources listed %v; %d purchases followed to their holding", seen, checked)
}
