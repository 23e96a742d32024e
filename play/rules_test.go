package play

import (
	"maps"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/title"
)

// oldImport is the 2022 1825 game 69820, which replays under 18xx.games's
// rules of 2023-12-26 (the eve of the change to £10 prices), not today's.
func oldImport(t testing.TB) *g18xx.Game {
	t.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, "dated/1825/69820.json"))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestSessionUnderGivenRules: a session told an old import's rules (as the
// page tells its engine the view's rules_of) plays it as one that finds
// them by trials, and a session started from the bare header under them
// takes every action appended, as the server's game does, where one
// started from the header alone (today's rules) refuses the first move
// the later change forbids.
func TestSessionUnderGivenRules(t *testing.T) {
	src := oldImport(t)
	rules, err := title.ParseRules("2023-12-26")
	if err != nil {
		t.Fatal(err)
	}
	if found := replay.Rules(src); found.String() != rules.String() {
		t.Fatalf("69820 replays under %s, want %s", found, rules)
	}
	found, err := New(src)
	if err != nil {
		t.Fatal(err)
	}
	given, err := NewUnder(src, rules)
	if err != nil {
		t.Fatalf("under %s: %v", rules, err)
	}
	if given.Rules().String() != "2023-12-26" {
		t.Errorf("session rules %s", given.Rules())
	}
	wantHash, _ := found.Hash(-1)
	if h, _ := given.Hash(-1); h != wantHash {
		t.Errorf("hash under the given rules %s, by trials %s", h, wantHash)
	}
	if !given.live.IsFinished() || !maps.Equal(given.live.Result(), src.Result) {
		t.Errorf("under the given rules: finished %v, result %v, want %v", given.live.IsFinished(), given.live.Result(), src.Result)
	}

	header := *src
	header.Actions = nil
	appended, err := NewUnder(&header, rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range src.Actions {
		if err := appended.Append(a); err != nil {
			t.Fatalf("appended under %s: %v", rules, err)
		}
	}
	if h, _ := appended.Hash(-1); h != wantHash {
		t.Errorf("header then appended: hash %s, want %s", h, wantHash)
	}

	today, err := New(&header) // a bare header: today's rules
	if err != nil {
		t.Fatal(err)
	}
	refused := 0
	for _, a := range src.Actions {
		if err := today.Append(a); err != nil {
			refused = a.ID
			break
		}
	}
	if refused == 0 {
		t.Error("the bare header under today's rules took every action of 69820")
	}
}

// BenchmarkLoadOldImport loads 69820 as the page's engine does: with its
// rules found by trials (several replays) and with them given (one).
func BenchmarkLoadOldImport(b *testing.B) {
	src := oldImport(b)
	rules, _ := title.ParseRules("2023-12-26")
	b.Run("found", func(b *testing.B) {
		for b.Loop() {
			if _, err := New(src); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("given", func(b *testing.B) {
		for b.Loop() {
			if _, err := NewUnder(src, rules); err != nil {
				b.Fatal(err)
			}
		}
	})
}
