package storetest

import (
	"strings"
	"testing"
	"time"

	"tresham/store"
)

// testNotes: a note is kept per user and game, replaced by the next,
// deleted by an empty one, and never read as another user's or game's.
func testNotes(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	g1, g2 := mustGame(t, s, sampleGame(alice.ID)), mustGame(t, s, sampleGame(alice.ID))
	read := func(u store.User, g store.Game) string {
		t.Helper()
		text, err := s.Note(ctx, u.ID, g.ID)
		if err != nil {
			t.Fatalf("Note(%s, %d): %v", u.Name, g.ID, err)
		}
		return text
	}
	write := func(u store.User, g store.Game, text string) {
		t.Helper()
		if err := s.SetNote(ctx, u.ID, g.ID, text, time.Unix(1_800_000_000, 0)); err != nil {
			t.Fatalf("SetNote(%s, %d): %v", u.Name, g.ID, err)
		}
	}
	if got := read(alice, g1); got != "" {
		t.Fatalf("no note yet: got %q", got)
	}
	long := "IOW: buy in SR3 ✓\n" + strings.Repeat("é", 5000)
	write(alice, g1, long)
	write(bob, g1, "bob's")
	write(alice, g2, "second game")
	for _, c := range []struct {
		u    store.User
		g    store.Game
		want string
	}{{alice, g1, long}, {bob, g1, "bob's"}, {alice, g2, "second game"}, {bob, g2, ""}} {
		if got := read(c.u, c.g); got != c.want {
			t.Errorf("Note(%s, game %d) = %.20q, want %.20q", c.u.Name, c.g.ID, got, c.want)
		}
	}
	write(alice, g1, "replaced")
	if got := read(alice, g1); got != "replaced" {
		t.Errorf("after replacing: %q", got)
	}
	write(alice, g1, "")
	if got := read(alice, g1); got != "" {
		t.Errorf("after deleting: %q", got)
	}
	if got := read(bob, g1); got != "bob's" {
		t.Errorf("bob's note after alice deleted hers: %q", got)
	}
}
