package storetest

import (
	"context"
	"fmt"
	"testing"

	"tresham/store"
)

// BenchLobby measures lobby pages (50 games) on a store holding n games
// of 200 players (unstarted ones have an open seat): the first page, a
// page deep in the listing (through a cursor), a title and status filter,
// one player's games, "my games", open seats and two searches. Run it at
// two sizes and compare: keyset paging should keep a page's cost flat as
// games are added (a search that matches little is the exception).
//
// analyze, when not nil, runs after the games are stored (a database
// gathering planner statistics, as its background maintenance would).
func BenchLobby(b *testing.B, s store.Store, n int, analyze func() error) {
	ctx := context.Background()
	const players = 200
	users := make([]int64, players)
	for i := range users {
		u, err := s.CreateUser(ctx, store.User{Name: fmt.Sprintf("player%d", i), PasswordHash: "x"})
		if err != nil {
			b.Fatal(err)
		}
		users[i] = u.ID
	}
	statuses := []string{store.StatusFinished, store.StatusFinished, store.StatusActive, store.StatusNew}
	var mid store.Game
	for i := range n {
		title := []string{"1860", "1825"}[i%2]
		a, c := users[i%players], users[(i*7+3)%players]
		g := store.Game{Title: title, Status: statuses[i%len(statuses)], OwnerID: a,
			Name: fmt.Sprintf("table %d", i), Description: "a game for the benchmark",
			Seats: []store.Seat{{PlayerID: 1, Name: "a", UserID: a}, {PlayerID: 2, Name: "c", UserID: c}}}
		if g.Status == store.StatusNew {
			g.Seats[1].UserID = 0 // a game fills, then starts: unstarted ones wait for a player
		}
		g, err := s.CreateGame(ctx, g, nil)
		if err != nil {
			b.Fatal(err)
		}
		if i == n/2 {
			mid = g
		}
	}
	if analyze != nil {
		if err := analyze(); err != nil {
			b.Fatal(err)
		}
	}
	cur := store.CursorOf(mid)
	for _, bc := range []struct {
		name string
		f    store.Filter
	}{
		{"first", store.Filter{Listed: true}},
		{"deep", store.Filter{Listed: true, Before: &cur}},
		{"title-status", store.Filter{Listed: true, Title: "1825", Status: store.StatusFinished}},
		{"player", store.Filter{Listed: true, Player: users[17]}},
		{"mine", store.Filter{UserID: users[17]}},
		{"open", store.Filter{Listed: true, Status: store.StatusNew, OpenSeat: true}},
		// a search matching one game in ten and one matching none: a
		// substring search scans the newest-first index until the page is
		// full, so a rare match costs in proportion to the games stored
		{"search", store.Filter{Listed: true, Search: "table 1"}},
		{"search-miss", store.Filter{Listed: true, Search: "no such table"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bc.f.Limit = 50
			for b.Loop() {
				if _, err := s.ListGames(ctx, bc.f); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
