package t1825

import (
	"path/filepath"
	"strconv"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
)

// TestPoolDirectorPurchaseGate: rule 6.4.7 takes the director's
// certificate from the pool in exchange for one ordinary share's price (a
// 20% share for the minors), and 18xx.games, which judges self-played
// games, offers a share purchase at all only when the smallest certificate
// of some holding is affordable at its full size - the pooled director's
// certificate counting as its 40%. The position is real (a self-played
// game: player 3 has just sold 80% of the M&C, putting its director's
// certificate in the pool); the next player is then given a M&C share,
// the pool's other M&C share goes elsewhere, and every other company is
// closed to him by a sale this round (rule 5.2.8), so the certificate is
// his only possible purchase.
func TestPoolDirectorPurchaseGate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		halves int // the buyer's cash, in halves of an ordinary M&C share
		ok     bool
	}{
		{"cash for one share only: no purchase offered", 2, false},
		{"cash for one share and a half: still none", 3, false},
		{"cash for the whole certificate: offered, one share paid", 4, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := poolDirectorPosition(t)
			r := g.stock
			q := g.Player(r.Active())
			c := g.Corp("M&C")
			share := g.unitPrice(c, engine.HolderMarket) * g.sharePercent(c) / 10
			q.Cash = tc.halves * share / 2
			a := engine.Action{ID: 99999, Type: "buy_shares", Entity: strconv.Itoa(q.ID), EntityType: "player",
				Shares: []string{"M&C_0"}, Percent: g.sharePercent(c)}
			listed := false
			for _, ch := range g.Legal(a.Entity) {
				listed = listed || ch.Action.Type == "buy_shares" && ch.Action.Shares[0] == "M&C_0"
			}
			if listed != tc.ok {
				t.Errorf("Legal lists the director's certificate: %v, want %v", listed, tc.ok)
			}
			cash := q.Cash
			err := g.Apply(&a)
			if (err == nil) != tc.ok {
				t.Fatalf("Apply: %v, want accepted %v", err, tc.ok)
			}
			if tc.ok {
				if paid := cash - g.Player(q.ID).Cash; paid != share {
					t.Errorf("paid £%d, want one share's £%d", paid, share)
				}
			}
		})
	}
}

func poolDirectorPosition(t *testing.T) *Game {
	t.Helper()
	src, err := g18xx.ReadFile(filepath.Join("..", "..", "replay", "testdata", "selfplay", "1825-unit_23-3p-302.json.gz"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	var names []string
	for _, p := range src.Players {
		ids = append(ids, p.ID)
		names = append(names, p.Name)
	}
	g, err := New(ids, names, src.Settings.OptionalRules)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range g18xx.WithoutMessages(g18xx.Effective(src.Actions)) {
		ea := convertAction(&a)
		if err := g.Apply(&ea); err != nil {
			t.Fatalf("action %d: %v", a.ID, err)
		}
		if a.ID == 641 { // player 3 sells 80% of the M&C
			break
		}
	}
	// player 3's turn ends
	pass := engine.Action{ID: 99998, Type: "pass", Entity: "3", EntityType: "player"}
	if g.stock == nil || g.stock.Active() != 3 {
		t.Fatal("not player 3's stock turn")
	}
	if err := g.Apply(&pass); err != nil {
		t.Fatal(err)
	}
	r := g.stock
	q := g.Player(r.Active())
	c := g.Corp("M&C")
	var pooled []*engine.Share
	for _, s := range c.SharesOf(engine.HolderMarket) {
		if !s.President {
			pooled = append(pooled, s)
		}
	}
	if len(pooled) != 2 || q.ID == 3 {
		t.Fatalf("position: %d pooled M&C shares, next player %d", len(pooled), q.ID)
	}
	g.MoveShare(pooled[0], engine.Holder(q.ID))
	g.MoveShare(pooled[1], engine.Holder(3))
	for _, o := range g.Corps {
		if o != c {
			r.MarkSold(q.ID, o.Sym)
		}
	}
	return g
}
