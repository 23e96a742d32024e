package clock

import (
	"encoding/json"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// TestRealGames: on the real fixtures with timestamps, the players' times
// add up to the span from the first to the last move when one player acts
// at a time, and every wait is charged to someone.
func TestRealGames(t *testing.T) {
	for _, name := range []string{"1860/1860_game_end_bank.json", "1825/1825_game_end_bank.json", "1825/141331.json"} {
		t.Run(name, func(t *testing.T) {
			src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			waits, err := Waits(src)
			if err != nil {
				t.Fatal(err)
			}
			if len(waits) == 0 {
				t.Fatal("no waits")
			}
			var ids []int
			for _, p := range src.Players {
				ids = append(ids, p.ID)
			}
			spent := TimeSpent(waits, ids)
			var sum, span time.Duration
			for _, s := range spent {
				sum += s.Total
			}
			shared := false
			for _, w := range waits {
				span += w.Length()
				shared = shared || len(w.Players) > 1
			}
			if !shared && sum != span {
				t.Errorf("players' times add to %v, the waits to %v", sum, span)
			}
			first, last := waits[0].From, waits[len(waits)-1].To
			if span > last.Sub(first) {
				t.Errorf("waits add to %v, more than the game's span %v", span, last.Sub(first))
			}
			for _, s := range spent {
				t.Logf("player %d: %v (%v)", s.Player, s.Total, s.ByRound)
			}
			t.Logf("span %v, waits %v, longest %v", last.Sub(first), span, Longest(waits, 1)[0].Length())
		})
	}
}

// TestTimeSpent: waits are charged to the players who were to act, split
// by round and company; an undo refunds nothing (it is a wait like any).
func TestTimeSpent(t *testing.T) {
	at := func(s int) time.Time { return time.Unix(int64(1000+s), 0) }
	waits := []Wait{
		{From: at(0), To: at(60), Players: []int{1}, Round: "Stock"},
		{From: at(60), To: at(90), Players: []int{2}, Round: "Stock"},
		{From: at(90), To: at(300), Players: []int{1}, Round: "Operating", Company: "IOW"},
		{From: at(300), To: at(310), Players: []int{1}, Round: "Operating", Company: "IOW"}, // then undone: still spent
		{From: at(310), To: at(400), Players: []int{1, 2}, Round: "Operating"},
	}
	got := TimeSpent(waits, []int{1, 2})
	want := []struct {
		total   int64
		stock   int64
		iow     int64
		longest time.Duration
	}{{60 + 210 + 10 + 90, 60, 220, 210 * time.Second}, {30 + 90, 30, 0, 90 * time.Second}}
	for i, w := range want {
		g := got[i]
		if g.TotalSeconds != w.total || g.ByRound["Stock"] != w.stock || g.ByCompany["IOW"] != w.iow || g.Longest.Length() != w.longest {
			t.Errorf("player %d: %+v; want total %d stock %d IOW %d longest %v", g.Player, g, w.total, w.stock, w.iow, w.longest)
		}
	}
	if l := Longest(waits, 2); l[0].Length() != 210*time.Second || l[1].Length() != 90*time.Second {
		t.Errorf("longest: %v", l)
	}
}

// TestWaitsFrom: a clock started before the first move charges the wait
// up to it to whoever was to act first; the later waits are Waits'.
func TestWaitsFrom(t *testing.T) {
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, "1860/1860_game_end_bank.json"))
	if err != nil {
		t.Fatalf("%s: %v", "1860/1860_game_end_bank.json", err)
	}
	plain, err := WaitsFrom(src, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	var first time.Time
	for _, a := range src.Actions {
		if a.Type != g18xx.TypeMessage && a.CreatedAt > 0 {
			first = time.Unix(a.CreatedAt, 0).UTC()
			break
		}
	}
	for _, c := range []struct {
		name  string
		start time.Time
		extra bool
	}{{"no start", time.Time{}, false}, {"started 100 s before", first.Add(-100 * time.Second), true}, {"start after the first move", first.Add(time.Second), false}} {
		got, err := WaitsFrom(src, c.start)
		if err != nil {
			t.Fatal(err)
		}
		if !c.start.IsZero() {
			// the same start noted in the log, as a server notes it
			noted := *src
			note := g18xx.Action{Type: g18xx.TypeMessage, Entity: g18xx.PlayerEntity(src.Players[0].ID), EntityType: g18xx.EntityPlayer,
				Message: "The clock starts.", CreatedAt: c.start.Unix(), Extra: map[string]json.RawMessage{NoteKey: json.RawMessage(`"start"`)}}
			noted.Actions = append([]g18xx.Action{note}, src.Actions...)
			if !StartOf(&noted).Equal(c.start) {
				t.Fatalf("%s: StartOf %v, want %v", c.name, StartOf(&noted), c.start)
			}
			byNote, err := Waits(&noted)
			if err != nil {
				t.Fatal(err)
			}
			if len(byNote) != len(got) || byNote[0].From != got[0].From || byNote[0].To != got[0].To {
				t.Fatalf("%s: Waits of the noted log differ from WaitsFrom", c.name)
			}
		}
		rest := got
		if c.extra {
			if len(got) != len(plain)+1 {
				t.Fatalf("%s: %d waits, want %d", c.name, len(got), len(plain)+1)
			}
			w := got[0]
			if w.Length() != 100*time.Second || w.After != 0 || len(w.Players) != 1 || w.Players[0] != src.Players[0].ID || !w.NewTurn {
				t.Errorf("%s: first wait %+v; want 100 s charged to the first player, from position 0", c.name, w)
			}
			rest = got[1:]
		}
		if len(rest) != len(plain) {
			t.Fatalf("%s: %d waits after the first move, want %d", c.name, len(rest), len(plain))
		}
		for i := range plain {
			if rest[i].From != plain[i].From || rest[i].To != plain[i].To || !SameTurn(rest[i], plain[i]) {
				t.Fatalf("%s: wait %d is %+v, want %+v", c.name, i, rest[i], plain[i])
			}
		}
	}
}
