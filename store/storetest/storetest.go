// Package storetest is the conformance suite every store.Store backend
// runs from its tests: Run(t, open).
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tresham/store"
)

// Run runs the conformance suite. open must return a new, empty store for
// each call; the suite closes it when the subtest ends (Close may therefore
// be called more than once).
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"Users", testUsers},
		{"Sessions", testSessions},
		{"CreateGame", testCreateGame},
		{"CreateGameRejectsBadAction", testCreateGameAtomic},
		{"ListGames", testListGames},
		{"UpdateGame", testUpdateGame},
		{"Append", testAppend},
		{"AppendStale", testAppendStale},
		{"AppendWithHeader", testAppendWithHeader},
		{"AppendRace", testAppendRace},
		{"AppendManyGamesConcurrently", testAppendConcurrentGames},
		{"Actions", testActions},
		{"Events", testEvents},
		{"SubscriberStops", testSubscriberStops},
		{"Close", testClose},
		{"TableFields", testTableFields},
		{"Lobby", testLobby},
		{"Accounts", testAccounts},
		{"Heartbeats", testHeartbeats},
		{"Notes", testNotes},
		{"Mail", testMail},
		{"MailTokens", testMailTokens},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() { s.Close() })
			tc.fn(t, s)
		})
	}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func mustUser(t *testing.T, s store.Store, name string) store.User {
	t.Helper()
	u, err := s.CreateUser(ctxT(t), store.User{Name: name, PasswordHash: "hash-" + name})
	if err != nil {
		t.Fatalf("CreateUser(%q): %v", name, err)
	}
	return u
}

func mustGame(t *testing.T, s store.Store, g store.Game, actions ...string) store.Game {
	t.Helper()
	var raw []json.RawMessage
	for _, a := range actions {
		raw = append(raw, json.RawMessage(a))
	}
	got, err := s.CreateGame(ctxT(t), g, raw)
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return got
}

func act(i int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"pass","entity":"P1","id":%d}`, i+1))
}

func testUsers(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	if alice.ID == 0 || alice.CreatedAt.IsZero() {
		t.Fatalf("CreateUser returned %+v: want ID and CreatedAt set", alice)
	}
	bob := mustUser(t, s, "bob")
	if bob.ID == alice.ID {
		t.Fatalf("two users share id %d", bob.ID)
	}
	if _, err := s.CreateUser(ctx, store.User{Name: "alice", PasswordHash: "x"}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate name: got %v, want ErrConflict", err)
	}
	// names are unique by key too; a user without a key is keyed by name
	if alice.NameKey != "alice" {
		t.Fatalf("user without a key: NameKey %q, want its name", alice.NameKey)
	}
	carl, err := s.CreateUser(ctx, store.User{Name: "Carl", NameKey: "carl", PasswordHash: "x"})
	if err != nil || carl.NameKey != "carl" {
		t.Fatalf("CreateUser with a key: %+v, %v", carl, err)
	}
	for _, u := range []store.User{{Name: "CARL", NameKey: "carl"}, {Name: "ALICE", NameKey: "alice"}, {Name: "carl"}} {
		u.PasswordHash = "x"
		if _, err := s.CreateUser(ctx, u); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("CreateUser(%q, key %q) with a taken key: got %v, want ErrConflict", u.Name, u.NameKey, err)
		}
		if _, err := s.UserByName(ctx, u.Name); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("refused user %q was stored: %v", u.Name, err)
		}
	}
	tests := []struct {
		name    string
		lookup  func() (store.User, error)
		want    store.User
		wantErr error
	}{
		{"by name", func() (store.User, error) { return s.UserByName(ctx, "alice") }, alice, nil},
		{"by id", func() (store.User, error) { return s.UserByID(ctx, bob.ID) }, bob, nil},
		{"by key", func() (store.User, error) { return s.UserByNameKey(ctx, "carl") }, carl, nil},
		{"by key of a user without one", func() (store.User, error) { return s.UserByNameKey(ctx, "bob") }, bob, nil},
		{"unknown key", func() (store.User, error) { return s.UserByNameKey(ctx, "Carl") }, store.User{}, store.ErrNotFound},
		{"unknown name", func() (store.User, error) { return s.UserByName(ctx, "carol") }, store.User{}, store.ErrNotFound},
		{"name is exact", func() (store.User, error) { return s.UserByName(ctx, "Alice") }, store.User{}, store.ErrNotFound},
		{"unknown id", func() (store.User, error) { return s.UserByID(ctx, bob.ID+100) }, store.User{}, store.ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.lookup()
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if !sameUser(got, tc.want) {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
	if err := s.SetWebhook(ctx, alice.ID, "https://example.invalid/hook"); err != nil {
		t.Fatal(err)
	}
	if u, err := s.UserByID(ctx, alice.ID); err != nil || u.WebhookURL != "https://example.invalid/hook" {
		t.Fatalf("after SetWebhook: %+v, %v", u, err)
	}
	if err := s.SetWebhook(ctx, bob.ID+100, "x"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetWebhook on unknown user: %v, want ErrNotFound", err)
	}
}

func sameUser(a, b store.User) bool {
	return a.ID == b.ID && a.Name == b.Name && a.NameKey == b.NameKey && a.PasswordHash == b.PasswordHash &&
		a.WebhookURL == b.WebhookURL && a.CreatedAt.Equal(b.CreatedAt)
}

func testSessions(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	now := time.Now()
	if err := s.CreateSession(ctx, store.Session{TokenHash: "live", UserID: alice.ID, ExpiresAt: now.Add(time.Hour), PasswordHash: alice.PasswordHash}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, store.Session{TokenHash: "old", UserID: alice.ID, ExpiresAt: now.Add(-time.Minute), PasswordHash: alice.PasswordHash}); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateSession(ctx, store.Session{TokenHash: "live", UserID: alice.ID, ExpiresAt: now.Add(time.Hour), PasswordHash: alice.PasswordHash}); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("duplicate token: %v, want ErrConflict", err)
	}
	tests := []struct {
		name    string
		token   string
		at      time.Time
		wantErr error
	}{
		{"live", "live", now, nil},
		{"live just before expiry", "live", now.Add(time.Hour - time.Second), nil},
		{"live at expiry", "live", now.Add(time.Hour), store.ErrNotFound},
		{"expired", "old", now, store.ErrNotFound},
		{"unknown", "nope", now, store.ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u, err := s.SessionUser(ctx, tc.token, tc.at)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if err == nil && u.ID != alice.ID {
				t.Fatalf("user %d, want %d", u.ID, alice.ID)
			}
		})
	}
	if err := s.DeleteSession(ctx, "live"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SessionUser(ctx, "live", now); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("after DeleteSession: %v, want ErrNotFound", err)
	}
	if err := s.DeleteSession(ctx, "live"); err != nil {
		t.Fatalf("deleting a deleted session: %v, want nil", err)
	}
}

func sampleGame(owner int64) store.Game {
	return store.Game{
		Title:   "1860",
		Options: []string{"original_insolvency"},
		Seed:    42,
		OwnerID: owner,
		Hotseat: true,
		Status:  store.StatusActive,
		Seats: []store.Seat{
			{PlayerID: 1, Name: "alice", UserID: owner},
			{PlayerID: 2, Name: "bot", Bot: "random"},
		},
		Meta: json.RawMessage(`{"description":"x","id":"hs_1"}`),
	}
}

func checkGame(t *testing.T, got, want store.Game) {
	t.Helper()
	gj, _ := json.Marshal(header(got))
	wj, _ := json.Marshal(header(want))
	if string(gj) != string(wj) {
		t.Fatalf("game\n got %s\nwant %s", gj, wj)
	}
}

// header is the part of a game compared in tests (times are checked
// separately).
func header(g store.Game) any {
	return struct {
		ID      int64
		Title   string
		Options []string
		Seed    int64
		OwnerID int64
		Hotseat bool
		Status  string
		Seats   []store.Seat
		Result  map[string]int
		Meta    string
		Actions int
	}{g.ID, g.Title, g.Options, g.Seed, g.OwnerID, g.Hotseat, g.Status, g.Seats, g.Result, string(g.Meta), g.Actions}
}

func testCreateGame(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	tests := []struct {
		name    string
		game    store.Game
		actions []string
	}{
		{"import with actions", sampleGame(alice.ID), []string{`{"type":"bid","id":1}`, `{"type":"pass","id":2}`, `{ "type" : "undo", "id":3 }`}},
		{"new without actions", store.Game{Title: "1825", OwnerID: alice.ID, Status: store.StatusNew, Seats: []store.Seat{{PlayerID: 1, Name: "alice", UserID: alice.ID}, {PlayerID: 2, Name: "Player 2"}}}, nil},
		{"finished with result", store.Game{Title: "1860", OwnerID: alice.ID, Status: store.StatusFinished, Result: map[string]int{"1": 120, "2": 95}}, []string{`{"type":"end_game","id":1}`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := time.Now().Add(-time.Second)
			g := mustGame(t, s, tc.game, tc.actions...)
			if g.ID == 0 || g.Actions != len(tc.actions) || g.CreatedAt.Before(before) || g.UpdatedAt.IsZero() {
				t.Fatalf("CreateGame returned %+v", g)
			}
			want := tc.game
			want.ID, want.Actions = g.ID, len(tc.actions)
			if want.Options == nil {
				want.Options = []string{}
			}
			if want.Seats == nil {
				want.Seats = []store.Seat{}
			}
			checkGame(t, g, want)
			got, err := s.GetGame(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			checkGame(t, got, want)
			if !got.CreatedAt.Equal(g.CreatedAt) {
				t.Fatalf("CreatedAt %v, CreateGame said %v", got.CreatedAt, g.CreatedAt)
			}
			acts, err := s.Actions(ctx, g.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(acts) != len(tc.actions) {
				t.Fatalf("%d actions stored, want %d", len(acts), len(tc.actions))
			}
			for i, a := range acts {
				if a.Seq != i || a.GameID != g.ID || a.UserID != 0 || string(a.Data) != tc.actions[i] {
					t.Fatalf("action %d = %+v (data %s), want data %s kept byte for byte", i, a, a.Data, tc.actions[i])
				}
			}
		})
	}
	if _, err := s.GetGame(ctx, 9999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("GetGame(unknown): %v, want ErrNotFound", err)
	}
}

func testCreateGameAtomic(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	_, err := s.CreateGame(ctx, sampleGame(alice.ID), []json.RawMessage{act(0), json.RawMessage(`{"broken"`)})
	if err == nil {
		t.Fatal("CreateGame with an invalid action: want error")
	}
	games, err := s.ListGames(ctx, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 0 {
		t.Fatalf("a failed CreateGame left %d games", len(games))
	}
}

func testListGames(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice, bob, carol := mustUser(t, s, "alice"), mustUser(t, s, "bob"), mustUser(t, s, "carol")
	mk := func(owner int64, status string, seatUsers ...int64) int64 {
		g := store.Game{Title: "1860", OwnerID: owner, Status: status}
		for i, u := range seatUsers {
			g.Seats = append(g.Seats, store.Seat{PlayerID: i + 1, Name: fmt.Sprint("p", i), UserID: u})
		}
		return mustGame(t, s, g).ID
	}
	g1 := mk(alice.ID, store.StatusNew, alice.ID, 0)
	g2 := mk(bob.ID, store.StatusActive, bob.ID, alice.ID)
	g3 := mk(bob.ID, store.StatusFinished, bob.ID, bob.ID)
	g4 := mk(carol.ID, store.StatusActive, carol.ID, bob.ID)
	tests := []struct {
		name   string
		filter store.Filter
		want   []int64
	}{
		{"all newest first", store.Filter{}, []int64{g4, g3, g2, g1}},
		{"mine: owner or seat", store.Filter{UserID: alice.ID}, []int64{g2, g1}},
		{"mine counts a game once", store.Filter{UserID: bob.ID}, []int64{g4, g3, g2}},
		{"status", store.Filter{Status: store.StatusActive}, []int64{g4, g2}},
		{"mine and status", store.Filter{UserID: bob.ID, Status: store.StatusActive}, []int64{g4, g2}},
		{"limit", store.Filter{Limit: 2}, []int64{g4, g3}},
		{"no match", store.Filter{UserID: carol.ID, Status: store.StatusNew}, []int64{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			games, err := s.ListGames(ctx, tc.filter)
			if err != nil {
				t.Fatal(err)
			}
			got := []int64{}
			for _, g := range games {
				got = append(got, g.ID)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
	// A seat change moves a game in and out of "mine".
	g, err := s.GetGame(ctx, g1)
	if err != nil {
		t.Fatal(err)
	}
	prev := g
	g.Seats = slices.Clone(g.Seats)
	g.Seats[1].UserID = carol.ID
	if err := s.UpdateGame(ctx, g, prev); err != nil {
		t.Fatal(err)
	}
	games, err := s.ListGames(ctx, store.Filter{UserID: carol.ID})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].ID != g4 || games[1].ID != g1 {
		t.Fatalf("carol's games after joining %d: %v", g1, games)
	}
	// Open seats: online games only, a seat with neither a user nor a bot;
	// the filter runs before the limit (hotseat games cannot crowd it out).
	open := mk(bob.ID, store.StatusNew, bob.ID, 0)
	botFull := mustGame(t, s, store.Game{Title: "1860", OwnerID: bob.ID, Status: store.StatusNew, Seats: []store.Seat{
		{PlayerID: 1, Name: "b", UserID: bob.ID}, {PlayerID: 2, Name: "Bot 2", Bot: "random"}}}).ID
	for range 3 {
		mustGame(t, s, store.Game{Title: "1860", OwnerID: bob.ID, Status: store.StatusNew, Hotseat: true,
			Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}})
	}
	games, err = s.ListGames(ctx, store.Filter{OpenSeat: true, Status: store.StatusNew, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || games[0].ID != open {
		t.Fatalf("open seats, limit 1: %v, want game %d (not %d, full with a bot, nor hotseat games)", games, open, botFull)
	}
	games, err = s.ListGames(ctx, store.Filter{OpenSeat: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 1 || games[0].ID != open {
		t.Fatalf("open seats: %v, want only game %d (game %d's open seat was taken by carol)", games, open, g1)
	}
	// More games than the default page size: the default limit applies.
	for range store.DefaultListLimit + 1 - 4 {
		mk(carol.ID, store.StatusNew)
	}
	games, err = s.ListGames(ctx, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != store.DefaultListLimit {
		t.Fatalf("unlimited listing returned %d games, want the default %d", len(games), store.DefaultListLimit)
	}
}

func testUpdateGame(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice, bob := mustUser(t, s, "alice"), mustUser(t, s, "bob")
	g := mustGame(t, s, store.Game{Title: "1825", OwnerID: alice.ID, Status: store.StatusNew,
		Seats: []store.Seat{{PlayerID: 1, Name: "alice", UserID: alice.ID}, {PlayerID: 2, Name: "Player 2"}}}, `{"type":"x"}`)
	want := g
	want.Seats = slices.Clone(g.Seats)
	g.Seats[1] = store.Seat{PlayerID: 2, Name: "bob", UserID: bob.ID}
	g.Status = store.StatusFinished
	g.Result = map[string]int{"1": 10, "2": 20}
	// Fields UpdateGame does not write must not change.
	g.Title, g.OwnerID, g.Actions = "changed", bob.ID, 99
	time.Sleep(2 * time.Millisecond)
	if err := s.UpdateGame(ctx, g, want); err != nil {
		t.Fatal(err)
	}
	// a second writer that read the old header loses, and writes nothing
	late := want
	late.Seats = []store.Seat{want.Seats[0], {PlayerID: 2, Name: "carol", UserID: alice.ID}}
	if err := s.UpdateGame(ctx, late, want); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("UpdateGame from a stale header: %v, want ErrConflict", err)
	}
	want.Seats = g.Seats
	want.Status = g.Status
	want.Result = g.Result
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	checkGame(t, got, want)
	if !got.UpdatedAt.After(want.UpdatedAt) {
		t.Fatalf("UpdatedAt %v not after %v", got.UpdatedAt, want.UpdatedAt)
	}
	if err := s.UpdateGame(ctx, store.Game{ID: g.ID + 100, Status: store.StatusActive}, store.Game{}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("UpdateGame(unknown): %v, want ErrNotFound", err)
	}
}

func testAppend(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	g := mustGame(t, s, sampleGame(alice.ID), string(act(0)))
	for i := 1; i < 5; i++ {
		if err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: i, UserID: alice.ID, Data: act(i)}, nil); err != nil {
			t.Fatalf("append %d: %v", i, err)
		}
	}
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Actions != 5 {
		t.Fatalf("Actions = %d, want 5", got.Actions)
	}
	acts, err := s.Actions(ctx, g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range acts {
		wantUser := alice.ID
		if i == 0 {
			wantUser = 0
		}
		if a.Seq != i || a.UserID != wantUser || string(a.Data) != string(act(i)) || a.CreatedAt.IsZero() {
			t.Fatalf("action %d = %+v", i, a)
		}
	}
	tests := []struct {
		name    string
		a       store.Action
		wantErr error
	}{
		{"unknown game", store.Action{GameID: g.ID + 100, Seq: 0, Data: act(0)}, store.ErrNotFound},
		{"seq ahead", store.Action{GameID: g.ID, Seq: 7, Data: act(7)}, store.ErrConflict},
		{"invalid JSON", store.Action{GameID: g.ID, Seq: 5, Data: json.RawMessage(`{`)}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := s.AppendAction(ctx, tc.a, nil)
			if err == nil || (tc.wantErr != nil && !errors.Is(err, tc.wantErr)) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
		})
	}
	if got, _ := s.GetGame(ctx, g.ID); got.Actions != 5 {
		t.Fatalf("failed appends changed the count to %d", got.Actions)
	}
}

func testAppendStale(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	g := mustGame(t, s, sampleGame(alice.ID), string(act(0)), string(act(1)))
	before, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, seq := range []int{0, 1} {
		fin := before
		fin.Status, fin.Result = store.StatusFinished, map[string]int{"1": 1}
		err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: seq, UserID: alice.ID, Data: json.RawMessage(`{"stale":true}`)}, &fin)
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("append at stale seq %d: %v, want ErrConflict", seq, err)
		}
		want := fmt.Sprintf("game moved on: expected action %d, game has 2", seq)
		if msg := err.Error(); !strings.Contains(msg, want) {
			t.Fatalf("error %q does not say %q", msg, want)
		}
	}
	after, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	checkGame(t, after, before)
	if !after.UpdatedAt.Equal(before.UpdatedAt) {
		t.Fatal("a refused append changed UpdatedAt")
	}
	acts, err := s.Actions(ctx, g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range acts {
		if string(a.Data) != string(act(i)) {
			t.Fatalf("action %d overwritten: %s", i, a.Data)
		}
	}
}

func testAppendWithHeader(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	g := mustGame(t, s, sampleGame(alice.ID))
	g.Status, g.Result = store.StatusFinished, map[string]int{"1": 300, "2": 250}
	if err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 0, UserID: alice.ID, Data: act(0)}, &g); err != nil {
		t.Fatal(err)
	}
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := g
	want.Actions = 1
	checkGame(t, got, want)
	other := mustGame(t, s, sampleGame(alice.ID))
	if err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 1, Data: act(1)}, &other); err == nil {
		t.Fatal("append with another game's header: want error")
	}
}

func testAppendRace(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	g := mustGame(t, s, sampleGame(alice.ID))
	const racers, rounds = 8, 5
	for seq := range rounds {
		var wg sync.WaitGroup
		errs := make([]error, racers)
		start := make(chan struct{})
		for i := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs[i] = s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: seq, UserID: alice.ID,
					Data: json.RawMessage(fmt.Sprintf(`{"racer":%d}`, i))}, nil)
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for _, err := range errs {
			switch {
			case err == nil:
				won++
			case !errors.Is(err, store.ErrConflict):
				t.Fatalf("round %d: racer failed with %v, want nil or ErrConflict", seq, err)
			}
		}
		if won != 1 {
			t.Fatalf("round %d: %d racers won, want exactly 1", seq, won)
		}
	}
	acts, err := s.Actions(ctx, g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.GetGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(acts) != rounds || got.Actions != rounds {
		t.Fatalf("%d actions stored, header says %d, want %d", len(acts), got.Actions, rounds)
	}
}

func testAppendConcurrentGames(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	const games, each = 6, 15
	ids := make([]int64, games)
	for i := range ids {
		ids[i] = mustGame(t, s, sampleGame(alice.ID)).ID
	}
	var wg sync.WaitGroup
	errs := make(chan error, games)
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := range each {
				if err := s.AppendAction(ctx, store.Action{GameID: id, Seq: seq, Data: act(seq)}, nil); err != nil {
					errs <- fmt.Errorf("game %d seq %d: %w", id, seq, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err) // e.g. SQLITE_BUSY: concurrent writers must queue, not fail
	}
	for _, id := range ids {
		if g, err := s.GetGame(ctx, id); err != nil || g.Actions != each {
			t.Fatalf("game %d: %+v, %v", id, g, err)
		}
	}
}

func testActions(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	var initial []string
	for i := range 6 {
		initial = append(initial, string(act(i)))
	}
	g := mustGame(t, s, sampleGame(alice.ID), initial...)
	empty := mustGame(t, s, sampleGame(alice.ID))
	tests := []struct {
		name    string
		game    int64
		from    int
		want    []int
		wantErr error
	}{
		{"all", g.ID, 0, []int{0, 1, 2, 3, 4, 5}, nil},
		{"from middle", g.ID, 4, []int{4, 5}, nil},
		{"from the end", g.ID, 6, []int{}, nil},
		{"past the end", g.ID, 60, []int{}, nil},
		{"negative from is 0", g.ID, -3, []int{0, 1, 2, 3, 4, 5}, nil},
		{"game without actions", empty.ID, 0, []int{}, nil},
		{"unknown game", g.ID + 100, 0, nil, store.ErrNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			acts, err := s.Actions(ctx, tc.game, tc.from)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error %v, want %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			got := []int{}
			for _, a := range acts {
				if string(a.Data) != string(act(a.Seq)) {
					t.Fatalf("action %d data %s", a.Seq, a.Data)
				}
				got = append(got, a.Seq)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("seqs %v, want %v", got, tc.want)
			}
		})
	}
}

// nextEvent waits for the next event, failing the test after a timeout.
func nextEvent(t *testing.T, ch <-chan store.GameEvent) store.GameEvent {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("event channel closed")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10s")
	}
	return store.GameEvent{}
}

func testEvents(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	alice := mustUser(t, s, "alice")
	ch, err := s.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ch2, err := s.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	g := mustGame(t, s, sampleGame(alice.ID), string(act(0)), string(act(1)))
	steps := []struct {
		name string
		do   func() error
		want store.GameEvent
	}{
		{"create", func() error { return nil }, store.GameEvent{GameID: g.ID, Actions: 2}},
		{"append", func() error {
			return s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 2, Data: act(2)}, nil)
		}, store.GameEvent{GameID: g.ID, Actions: 3}},
		{"update", func() error {
			prev := g
			g.Status = store.StatusFinished
			return s.UpdateGame(ctx, g, prev)
		}, store.GameEvent{GameID: g.ID, Actions: 3}},
		{"append with header", func() error {
			return s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 3, Data: act(3)}, &g)
		}, store.GameEvent{GameID: g.ID, Actions: 4}},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if ev := nextEvent(t, ch); ev != st.want {
			t.Fatalf("%s: event %+v, want %+v", st.name, ev, st.want)
		}
	}
	// A refused append publishes nothing.
	if err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: 1, Data: act(1)}, nil); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale append: %v", err)
	}
	other := mustGame(t, s, sampleGame(alice.ID))
	if ev := nextEvent(t, ch); ev != (store.GameEvent{GameID: other.ID, Actions: 0}) {
		t.Fatalf("after a refused append: event %+v, want only the next game's creation", ev)
	}
	// The second subscriber, which read nothing yet, still learns the
	// latest state of each game that changed.
	last := map[int64]int{}
	for len(last) < 2 || last[g.ID] != 4 {
		ev := nextEvent(t, ch2)
		if ev.Actions < last[ev.GameID] {
			t.Fatalf("second subscriber went back in time: %+v after %d", ev, last[ev.GameID])
		}
		last[ev.GameID] = ev.Actions
	}
	if last[other.ID] != 0 {
		t.Fatalf("second subscriber: %v", last)
	}
}

func testSubscriberStops(t *testing.T, s store.Store) {
	ctx, cancel := context.WithCancel(ctxT(t))
	ch, err := s.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	alice := mustUser(t, s, "alice")
	cancel()
	mustGame(t, s, sampleGame(alice.ID))
	deadline := time.After(10 * time.Second)
	for {
		select {
		case _, ok := <-ch:
			if !ok {
				return
			}
		case <-deadline:
			t.Fatal("channel not closed 10s after its context ended")
		}
	}
}

func testClose(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	ch, err := s.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	select {
	case _, ok := <-ch:
		if ok {
			t.Fatal("event after Close")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("subscription not ended by Close")
	}
	if _, err := s.CreateUser(ctx, store.User{Name: "late"}); err == nil {
		t.Fatal("CreateUser after Close: want error")
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

// testHeartbeats: the last heartbeat is the latest of any instance's, each
// instance's record replaced by its next; none recorded reads as zero.
func testHeartbeats(t *testing.T, s store.Store) {
	ctx := ctxT(t)
	if last, err := s.LastHeartbeat(ctx); err != nil || !last.IsZero() {
		t.Fatalf("empty store: LastHeartbeat = %v, %v; want the zero time", last, err)
	}
	t0 := time.Unix(1_800_000_000, 123_456_000).UTC()
	steps := []struct {
		name     string
		instance string
		at       time.Time
		want     time.Time
	}{
		{"first beat", "a", t0, t0},
		{"another instance later", "b", t0.Add(30 * time.Second), t0.Add(30 * time.Second)},
		{"the first again, earlier than the other", "a", t0.Add(10 * time.Second), t0.Add(30 * time.Second)},
		{"the first again, latest", "a", t0.Add(time.Minute), t0.Add(time.Minute)},
		{"a new instance after a long silence", "c", t0.Add(store.HeartbeatForget + time.Hour), t0.Add(store.HeartbeatForget + time.Hour)},
		{"the long silent instance beats again", "a", t0.Add(store.HeartbeatForget + 2*time.Hour), t0.Add(store.HeartbeatForget + 2*time.Hour)},
	}
	for _, st := range steps {
		if err := s.Heartbeat(ctx, st.instance, st.at); err != nil {
			t.Fatalf("%s: Heartbeat: %v", st.name, err)
		}
		last, err := s.LastHeartbeat(ctx)
		if err != nil || !last.Equal(st.want) {
			t.Fatalf("%s: LastHeartbeat = %v, %v; want %v", st.name, last, err, st.want)
		}
	}
	if err := s.Heartbeat(ctx, "", t0); err == nil {
		t.Fatal("a heartbeat with no instance name: no error")
	}
}
