package play

import (
	"slices"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/titles/title"
)

// eachPosition replays every fixture move by move: before each move it
// calls at with the game and the move, and after the move it calls what at
// returned (when not nil).
func eachPosition(t *testing.T, at func(path string, g title.Full, ga *g18xx.Action) (after func())) {
	t.Helper()
	for _, path := range tracedGames(t) {
		src := loadSrc(t, path)
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, ga := range g18xx.Effective(src.Actions) {
			if ga.Type == g18xx.TypeMessage {
				continue
			}
			after := at(path, g, &ga)
			a := replay.Convert(&ga)
			if err := g.Apply(&a); err != nil {
				t.Fatal(err)
			}
			if after != nil {
				after()
			}
		}
	}
}

// TestLegalCarriesEffects: every listed sale and dividend of every fixture
// position carries its effect from the title (cash, and a price move from
// the corporation's current price), and no other choice does.
func TestLegalCarriesEffects(t *testing.T) {
	seen := map[string]map[string]int{} // by fixture, then action type
	eachPosition(t, func(path string, g title.Full, ga *g18xx.Action) func() {
		if seen[path] == nil {
			seen[path] = map[string]int{}
		}
		for _, ent := range g.Acting() {
			for _, c := range Legal(g, ent) {
				switch c.Action.Type {
				case "sell_shares", "dividend":
					seen[path][c.Action.Type]++
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
		return nil
	})
	for path, n := range seen {
		if n["sell_shares"] == 0 || n["dividend"] == 0 {
			t.Errorf("%s: listed %v", path, n)
		}
	}
}

// TestLegalNamesShareSource: every listed purchase of shares (or exchange
// of a private for one) says where the shares come from, and when the game's next move is that
// purchase, the holding named (the IPO or the bank pool) is the one that
// shrinks.
func TestLegalNamesShareSource(t *testing.T) {
	seen, checked := map[string]int{}, 0
	eachPosition(t, func(path string, g title.Full, ga *g18xx.Action) func() {
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
		if from == "" {
			return nil
		}
		corp, _, _ := g.Engine().ShareByID(ga.Shares[0])
		h := map[string]engine.Holder{"ipo": engine.HolderIPO, "market": engine.HolderMarket}[from]
		before := corp.PercentOf(h)
		return func() {
			checked++
			if corp.PercentOf(h) >= before {
				t.Fatalf("%s action %d: listed from %s, but %s's %s holding went %d%% -> %d%%", path, ga.ID, from, corp.Sym, from, before, corp.PercentOf(h))
			}
		}
	})
	if seen["ipo"] == 0 || seen["market"] == 0 || checked == 0 {
		t.Fatalf("sources listed: %v, purchases followed: %d; want both sources and some purchases", seen, checked)
	}
	t.Logf("sources listed %v; %d purchases followed to their holding", seen, checked)
}

// TestLegalSaysWhatPassEnds: every listed pass of a corporation or of an
// auction turn says what it gives up, no other choice does, and when the
// game's next move is that pass, what it named is over: no more tiles
// after "track", no station after "token", neither after "track_token",
// no train purchase after "trains" (the turn ends).
func TestLegalSaysWhatPassEnds(t *testing.T) {
	seen, followed := map[string]int{}, map[string]int{}
	eachPosition(t, func(path string, g title.Full, ga *g18xx.Action) func() {
		ends, who := "", ""
		for _, ent := range g.Acting() {
			for _, c := range Legal(g, ent) {
				if c.Action.Type != "pass" {
					if c.Ends != "" {
						t.Fatalf("%s before action %d: %s says it ends %q", path, ga.ID, c.Action.Type, c.Ends)
					}
					continue
				}
				if c.Ends == "" && c.Action.EntityType != "player" {
					t.Fatalf("%s before action %d: %s's pass says nothing of what it ends", path, ga.ID, c.Action.Entity)
				}
				seen[c.Ends]++
				if ga.Type == "pass" && ga.Entity == c.Action.Entity {
					ends, who = c.Ends, ent
				}
			}
		}
		if ends == "" {
			return nil
		}
		return func() {
			followed[ends]++
			gone := map[string][]string{
				engine.PassTrack:      {"lay_tile"},
				engine.PassToken:      {"place_token"},
				engine.PassTrackToken: {"lay_tile", "place_token"},
				engine.PassTrains:     {"buy_train"},
			}[ends]
			for _, c := range Legal(g, who) {
				if slices.Contains(gone, c.Action.Type) {
					t.Fatalf("%s action %d: the pass ended %q, but %s may still %s", path, ga.ID, ends, who, c.Action.Type)
				}
			}
		}
	})
	for _, want := range []string{engine.PassBid, engine.PassTurn, engine.PassTrack, engine.PassToken, engine.PassTrackToken, engine.PassTrains, ""} {
		if seen[want] == 0 {
			t.Errorf("no pass listed that ends %q (listed: %v)", want, seen)
		}
	}
	t.Logf("passes listed by what they end %v; followed after the game's pass %v", seen, followed)
}
