package storetest

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"tresham/store"
)

// testTableFields checks that a table's settings round-trip.
func testTableFields(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	want := store.Game{Title: "1860", OwnerID: alice.ID, Status: store.StatusNew,
		Seats: []store.Seat{{PlayerID: 1, Name: "alice", UserID: alice.ID}, {PlayerID: 2, Name: "Player 2"}},
		Name:  "Sunday game", Description: "Slow game, one move a day. Ünïcode ok.", MinPlayers: 2, Live: true,
		InviteHash: "ab12", SilenceLimit: 72 * time.Hour, AutoStart: true, Clock: `{"bank":"1h30m0s","on_timeout":"none"}`, Hints: true}
	g := mustGame(t, s, want)
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []store.Game{g, got} {
		if h.Name != want.Name || h.Description != want.Description || h.MinPlayers != 2 || !h.Live ||
			h.InviteHash != "ab12" || h.SilenceLimit != 72*time.Hour || !h.AutoStart || h.Clock != want.Clock || !h.Hints {
			t.Fatalf("table settings: got %+v, want %+v", h, want)
		}
	}
	list, err := s.ListGames(ctx, store.Filter{})
	if err != nil || len(list) != 1 || list[0].Name != want.Name || list[0].SilenceLimit != want.SilenceLimit {
		t.Fatalf("listing: %+v, %v", list, err)
	}
}

// testLobby checks paging, filters, search and invite-only listing.
func testLobby(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice, bob, carol := mustUser(t, s, "alice"), mustUser(t, s, "bob"), mustUser(t, s, "carol")
	type spec struct {
		title, status, name, desc string
		owner                     int64
		seats                     []int64
		invite                    bool
	}
	specs := []spec{
		{"1860", store.StatusNew, "Isle of Wight evening", "", alice.ID, []int64{alice.ID, 0}, false},
		{"1825", store.StatusActive, "Unit 1", "learning game, %_ welcome", bob.ID, []int64{bob.ID, alice.ID}, false},
		{"1860", store.StatusFinished, "", "a quick one", bob.ID, []int64{bob.ID, carol.ID}, false},
		{"1825", store.StatusNew, "Secret club", "friends only", carol.ID, []int64{carol.ID, 0}, true},
		{"1860", store.StatusActive, "Long WIGHT", "", carol.ID, []int64{carol.ID, bob.ID}, false},
	}
	ids := make([]int64, len(specs))
	for i, sp := range specs {
		g := store.Game{Title: sp.title, Status: sp.status, Name: sp.name, Description: sp.desc, OwnerID: sp.owner}
		if sp.invite {
			g.InviteHash = "deadbeef"
		}
		for j, u := range sp.seats {
			g.Seats = append(g.Seats, store.Seat{PlayerID: j + 1, Name: fmt.Sprint("p", j), UserID: u})
		}
		ids[i] = mustGame(t, s, g).ID
	}
	rev := func(idx ...int) []int64 {
		out := []int64{}
		for _, i := range idx {
			out = append(out, ids[i])
		}
		return out
	}
	tests := []struct {
		name   string
		filter store.Filter
		want   []int64
	}{
		{"title", store.Filter{Title: "1860"}, rev(4, 2, 0)},
		{"title and status", store.Filter{Title: "1860", Status: store.StatusActive}, rev(4)},
		{"player", store.Filter{Player: alice.ID}, rev(1, 0)},
		{"player holds a seat, owning is not enough", store.Filter{Player: bob.ID}, rev(4, 2, 1)},
		{"search name, any case", store.Filter{Search: "wight"}, rev(4, 0)},
		{"search description", store.Filter{Search: "QUICK"}, rev(2)},
		{"search word prefix", store.Filter{Search: "EVE"}, rev(0)},
		{"search every word", store.Filter{Search: "isle, evening"}, rev(0)},
		{"search words across name and description", store.Filter{Search: "unit learning"}, rev(1)},
		{"search a word missing", store.Filter{Search: "isle long"}, rev()},
		{"search not inside a word", store.Filter{Search: "ight"}, rev()},
		{"search without letters or digits matches nothing", store.Filter{Search: "%_ '"}, rev()},
		{"search no match", store.Filter{Search: "zzz"}, rev()},
		{"listed hides invite-only games from strangers", store.Filter{Listed: true, Viewer: bob.ID}, rev(4, 2, 1, 0)},
		{"listed hides invite-only games when signed out", store.Filter{Listed: true}, rev(4, 2, 1, 0)},
		{"listed shows them to who takes part", store.Filter{Listed: true, Viewer: carol.ID}, rev(4, 3, 2, 1, 0)},
		{"unlisted shows all", store.Filter{}, rev(4, 3, 2, 1, 0)},
		{"mine and title", store.Filter{UserID: carol.ID, Title: "1825"}, rev(3)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, err := s.ListGames(ctx, tc.filter)
			if err != nil {
				t.Fatal(err)
			}
			if got := gameIDs(games); !slices.Equal(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}

	// Paging: pages of 2 walk every game once, newest first, and a game
	// created meanwhile does not shift the pages after the first.
	var walked []int64
	var before *store.Cursor
	for page := 0; ; page++ {
		games, err := s.ListGames(ctx, store.Filter{Limit: 2, Before: before})
		if err != nil {
			t.Fatal(err)
		}
		if page == 0 {
			mustGame(t, s, store.Game{Title: "1860", Status: store.StatusNew, OwnerID: alice.ID})
		}
		walked = append(walked, gameIDs(games)...)
		if len(games) < 2 {
			break
		}
		c := store.CursorOf(games[len(games)-1])
		before = &c
	}
	if want := rev(4, 3, 2, 1, 0); !slices.Equal(walked, want) {
		t.Fatalf("paged walk %v, want %v", walked, want)
	}
	// Same creation time: the id breaks the tie.
	g0, err := s.GetGame(ctx, ids[0])
	if err != nil {
		t.Fatal(err)
	}
	games, err := s.ListGames(ctx, store.Filter{Before: &store.Cursor{CreatedAt: g0.CreatedAt, ID: ids[0] + 1}, Title: "1860"})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) == 0 || games[0].ID != ids[0] {
		t.Fatalf("cursor at game %d's time with a larger id: %v, want game %d first", ids[0], gameIDs(games), ids[0])
	}
	// A cursor older than every game: an empty page.
	games, err = s.ListGames(ctx, store.Filter{Before: &store.Cursor{CreatedAt: time.Unix(0, 0), ID: 1}})
	if err != nil || len(games) != 0 {
		t.Fatalf("cursor before every game: %v, %v", gameIDs(games), err)
	}
}

func gameIDs(games []store.Game) []int64 {
	out := []int64{}
	for _, g := range games {
		out = append(out, g.ID)
	}
	return out
}

// testAccounts checks password change and account deletion.
func testAccounts(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	exp := time.Now().Add(time.Hour)
	for _, h := range []string{"a1", "a2", "a3"} {
		if err := s.CreateSession(ctx, store.Session{TokenHash: h, UserID: alice.ID, ExpiresAt: exp, PasswordHash: alice.PasswordHash}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateSession(ctx, store.Session{TokenHash: "b1", UserID: bob.ID, ExpiresAt: exp, PasswordHash: bob.PasswordHash}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPassword(ctx, alice.ID, "new-hash", "a2"); err != nil {
		t.Fatal(err)
	}
	if u, err := s.UserByID(ctx, alice.ID); err != nil || u.PasswordHash != "new-hash" {
		t.Fatalf("after SetPassword: %+v, %v", u, err)
	}
	for h, live := range map[string]bool{"a1": false, "a2": true, "a3": false, "b1": true} {
		_, err := s.SessionUser(ctx, h, time.Now())
		if live != (err == nil) {
			t.Fatalf("session %s after alice's password change: err %v, want live %v", h, err, live)
		}
	}
	if err := s.SetPassword(ctx, 9999, "x", ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetPassword of unknown user: %v", err)
	}
	// a sign-in that checked the old password cannot start a session
	if err := s.CreateSession(ctx, store.Session{TokenHash: "a4", UserID: alice.ID, ExpiresAt: exp, PasswordHash: alice.PasswordHash}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("session for the old password: %v, want ErrNotFound", err)
	}
	if _, err := s.SessionUser(ctx, "a4", time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("refused session a4 exists: %v", err)
	}

	at := time.Now().Add(-48 * time.Hour)
	if err := s.DeleteUser(ctx, alice.ID, at); err != nil {
		t.Fatal(err)
	}
	u, err := s.UserByID(ctx, alice.ID)
	if err != nil || u.DeletedAt.IsZero() || u.PasswordHash != "" || u.Name != "alice" {
		t.Fatalf("deleted user: %+v, %v (want DeletedAt set, no password, name kept)", u, err)
	}
	if d := u.DeletedAt.Sub(at); d > time.Millisecond || d < -time.Millisecond {
		t.Fatalf("DeletedAt %v, want %v", u.DeletedAt, at)
	}
	if _, err := s.SessionUser(ctx, "a2", time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("session of a deleted user: %v", err)
	}
	if err := s.DeleteUser(ctx, alice.ID, at); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
	if err := s.CreateSession(ctx, store.Session{TokenHash: "a5", UserID: alice.ID, ExpiresAt: exp, PasswordHash: u.PasswordHash}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("session for a deleted user: %v, want ErrNotFound", err)
	}
	if err := s.SetPassword(ctx, alice.ID, "x", ""); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetPassword of a deleted user: %v", err)
	}
	if _, err := s.CreateUser(ctx, store.User{Name: "alice", PasswordHash: "x"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("a deleted user's name before release: %v, want ErrConflict", err)
	}
	// Within the grace period (deleted after the cut-off) the name stays.
	if ok, err := s.ReleaseName(ctx, "alice", at.Add(-time.Hour)); err != nil || ok {
		t.Fatalf("release within grace: %v, %v", ok, err)
	}
	if ok, err := s.ReleaseName(ctx, "bob", time.Now()); err != nil || ok {
		t.Fatalf("release of a live account's name: %v, %v", ok, err)
	}
	if ok, err := s.ReleaseName(ctx, "alice", time.Now()); err != nil || !ok {
		t.Fatalf("release after grace: %v, %v", ok, err)
	}
	if old, err := s.UserByID(ctx, alice.ID); err != nil || old.Name == "alice" || old.NameKey == "alice" || old.DeletedAt.IsZero() {
		t.Fatalf("released account: %+v, %v", old, err)
	}
	if _, err := s.CreateUser(ctx, store.User{Name: "alice", PasswordHash: "y"}); err != nil {
		t.Fatalf("name after release: %v", err)
	}
}
