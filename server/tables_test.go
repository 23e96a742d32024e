package server

import (
	"context"
	"encoding/base64"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tresham/store"
	"tresham/store/memstore"
	"tresham/store/postgres"
	"tresham/store/postgres/pgtest"
	"tresham/store/sqlite"
)

// eachStore runs fn on a server over each store: memory, SQLite and (when
// $TRESHAM_TEST_POSTGRES names a server) PostgreSQL.
func eachStore(t *testing.T, fn func(t *testing.T, env *testEnv)) {
	eachStoreClock(t, func(t *testing.T, env *testEnv, _ *atomic.Int64) { fn(t, env) })
}

// eachStoreClock is eachStore with a clock skew fn may set (nanoseconds
// added to time.Now).
func eachStoreClock(t *testing.T, fn func(t *testing.T, env *testEnv, skew *atomic.Int64)) {
	var skew *atomic.Int64 // each store's test gets its own clock (set before it runs)
	cfg := Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}}
	run := func(name string, f func(t *testing.T)) {
		skew = new(atomic.Int64)
		clock := skew
		cfg.Now = func() time.Time { return time.Now().Add(time.Duration(clock.Load())) }
		t.Run(name, f)
	}
	run("memstore", func(t *testing.T) {
		st := memstore.New()
		fn(t, startEnv(t, cfg, st, st, slog.New(slog.DiscardHandler)), skew)
	})
	run("sqlite", func(t *testing.T) {
		st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "t.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		fn(t, startEnv(t, cfg, st, nil, slog.New(slog.DiscardHandler)), skew)
	})
	run("postgres", func(t *testing.T) {
		pgtest.ServerDSN(t)
		st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		fn(t, startEnv(t, cfg, st, nil, slog.New(slog.DiscardHandler)), skew)
	})
}

// lobbyList is the answer of GET /api/games.
type lobbyList struct {
	Games []struct {
		ID         int64        `json:"id"`
		Name       string       `json:"name"`
		Status     string       `json:"status"`
		InviteOnly bool         `json:"invite_only"`
		MinPlayers int          `json:"min_players"`
		Seats      []store.Seat `json:"seats"`
	} `json:"games"`
	Next string `json:"next_cursor"`
}

func (p lobbyList) ids() []int64 {
	out := []int64{}
	for _, g := range p.Games {
		out = append(out, g.ID)
	}
	return out
}

func TestLobbyPaging(t *testing.T) {
	eachStore(t, func(t *testing.T, env *testEnv) {
		alice, bob := env.signup("alice"), env.signup("bob")
		var ids []int64
		for i := range 7 {
			title := []string{"1860", "1825"}[i%2]
			ids = append(ids, alice.create(map[string]any{"title": title, "players": 2,
				"name": fmt.Sprintf("Table %d", i), "description": []string{"slow", "Quick game"}[i%2]}))
		}
		// Pages of 3: newest first, each game once; a game made meanwhile
		// does not shift later pages.
		var walked []int64
		q := "/api/games?limit=3"
		for page := 0; ; page++ {
			var p lobbyList
			bob.mustDo("GET", q, nil, http.StatusOK, &p)
			walked = append(walked, p.ids()...)
			if page == 0 {
				bob.create(map[string]any{"title": "1860", "players": 2, "name": "late"})
			}
			if p.Next == "" {
				break
			}
			q = "/api/games?limit=3&cursor=" + url.QueryEscape(p.Next)
		}
		want := fmt.Sprint([]int64{ids[6], ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]})
		if fmt.Sprint(walked) != want {
			t.Fatalf("walked %v, want %v", walked, want)
		}
		for _, c := range []struct {
			query string
			want  []int64
		}{
			{"title=1825", []int64{ids[5], ids[3], ids[1]}},
			{"q=quick&title=1825&limit=2", []int64{ids[5], ids[3]}},
			{"q=TABLE%201", []int64{ids[1]}},
			{"player=ALICE&status=new&title=1860", []int64{ids[6], ids[4], ids[2], ids[0]}},
			{"player=nobody", []int64{}},
			{"filter=mine", nil}, // bob: only "late"
		} {
			var p lobbyList
			bob.mustDo("GET", "/api/games?"+c.query, nil, http.StatusOK, &p)
			if c.want == nil {
				if len(p.Games) != 1 || p.Games[0].Name != "late" {
					t.Fatalf("%s: %+v", c.query, p.Games)
				}
				continue
			}
			if fmt.Sprint(p.ids()) != fmt.Sprint(c.want) {
				t.Fatalf("%s: got %v, want %v", c.query, p.ids(), c.want)
			}
		}
	})
}

func TestLobbyBadInput(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	alice.create(map[string]any{"title": "1860", "players": 2})
	for _, c := range []struct {
		query, want string
		code        int
	}{
		{"cursor=abc", "cursor", http.StatusBadRequest},
		{"cursor=" + url.QueryEscape("' OR 1=1 --"), "cursor", http.StatusBadRequest},
		{"cursor=" + encodeB64("1.0"), "cursor", http.StatusBadRequest},
		{"cursor=" + encodeB64("1.2; DROP TABLE games"), "cursor", http.StatusBadRequest},
		{"cursor=" + strings.Repeat("A", 200), "cursor", http.StatusBadRequest},
		{"limit=0", "limit", http.StatusBadRequest},
		{"limit=101", "limit", http.StatusBadRequest},
		{"limit=x", "limit", http.StatusBadRequest},
		{"title=1830", "title", http.StatusBadRequest},
		{"status=paused", "status", http.StatusBadRequest},
		{"filter=active&status=finished", "contradicts", http.StatusBadRequest},
		{"filter=everything", "filter", http.StatusBadRequest},
		{"q=" + strings.Repeat("x", 101), "search", http.StatusBadRequest},
		{"q=a%00b", "search", http.StatusBadRequest},
		{"q=%25_", "search", http.StatusBadRequest},
		{"q=a+b+c+d+e+f+g+h+i", "search", http.StatusBadRequest},
		{"q=%FF", "search", http.StatusBadRequest},
		{"player=%E2%80%AEevil", "player", http.StatusBadRequest},
		{"sort=name", "unknown parameter", http.StatusBadRequest},
		{"title=1860&title=1825", "given 2 times", http.StatusBadRequest},
	} {
		code, body := alice.do("GET", "/api/games?"+c.query, nil)
		if code != c.code || !strings.Contains(string(body), c.want) {
			t.Errorf("%s: %d %s, want %d mentioning %q", c.query, code, body, c.code, c.want)
		}
	}
	code, _ := env.anon().do("GET", "/api/games?filter=mine", nil)
	if code != http.StatusUnauthorized {
		t.Errorf("mine signed out: %d", code)
	}
	// pattern and quote characters only separate words
	var p lobbyList
	alice.mustDo("GET", "/api/games?q="+url.QueryEscape(`x" OR "*`), nil, http.StatusOK, &p)
	if len(p.Games) != 0 {
		t.Errorf("search with quotes: %v", p.ids())
	}
}

func encodeB64(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

func TestInviteOnly(t *testing.T) {
	eachStore(t, func(t *testing.T, env *testEnv) {
		alice, bob, eve := env.signup("alice"), env.signup("bob"), env.signup("eve")
		var made struct {
			ID     int64  `json:"id"`
			Invite string `json:"invite"`
		}
		alice.mustDo("POST", "/api/games", map[string]any{"title": "1860", "players": 3, "min_players": 2,
			"invite_only": true, "name": "Friends"}, http.StatusCreated, &made)
		if len(made.Invite) != 43 {
			t.Fatalf("invite token %q", made.Invite)
		}
		id := made.ID
		public := alice.create(map[string]any{"title": "1860", "players": 2})
		// never listed to others; listed to the host
		for _, u := range []*user{bob, env.anon()} {
			var p lobbyList
			u.mustDo("GET", "/api/games", nil, http.StatusOK, &p)
			if fmt.Sprint(p.ids()) != fmt.Sprint([]int64{public}) {
				t.Fatalf("lobby of a stranger lists %v", p.ids())
			}
		}
		var p lobbyList
		alice.mustDo("GET", "/api/games?filter=mine", nil, http.StatusOK, &p)
		if len(p.Games) != 2 || !p.Games[1].InviteOnly {
			t.Fatalf("host's games: %+v", p.Games)
		}
		// a wrong or missing token: the same answer as a game that does not exist
		_, none := bob.do("GET", "/api/games/999999", nil)
		wrong := made.Invite[:42] + "A"
		if wrong == made.Invite {
			wrong = made.Invite[:42] + "B"
		}
		for _, path := range []string{
			fmt.Sprintf("/api/games/%d", id), fmt.Sprintf("/api/games/%d?invite=%s", id, wrong),
			fmt.Sprintf("/api/games/%d?invite=x", id), fmt.Sprintf("/api/games/%d/export", id),
		} {
			code, body := bob.do("GET", path, nil)
			if code != http.StatusNotFound || strings.Replace(string(body), fmt.Sprint(id), "999999", 1) != string(none) {
				t.Fatalf("GET %s by a stranger: %d %s (a missing game: %s)", path, code, body, none)
			}
		}
		code, body := bob.do("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]any{"seat": 1, "invite": wrong})
		if code != http.StatusNotFound || !strings.Contains(string(body), "no game") {
			t.Fatalf("join with a wrong token: %d %s", code, body)
		}
		// the right token shows the table and seats its bearer
		bob.mustDo("GET", fmt.Sprintf("/api/games/%d?invite=%s", id, made.Invite), nil, http.StatusOK, nil)
		bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]any{"seat": 1, "invite": made.Invite}, http.StatusOK, nil)
		bob.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, nil) // seated: no token needed
		eve.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusNotFound, nil)
		// the host starts with the minimum (2 of 3): the open seat is dropped
		var started struct {
			Status string       `json:"status"`
			Seats  []store.Seat `json:"seats"`
		}
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, &started)
		if started.Status != store.StatusActive || len(started.Seats) != 2 || started.Seats[1].UserID != bob.id || started.Seats[1].PlayerID != 2 {
			t.Fatalf("started with the minimum: %+v", started)
		}
		if v := bob.view(id); v.Status != store.StatusActive || len(v.Acting) == 0 {
			t.Fatalf("started game: %s, acting %v", v.Status, v.Acting)
		}
	})
}

func TestTableSeats(t *testing.T) {
	eachStore(t, func(t *testing.T, env *testEnv) {
		alice, bob, carol, dave := env.signup("alice"), env.signup("bob"), env.signup("carol"), env.signup("dave")
		id := alice.create(map[string]any{"title": "1860", "players": 4, "min_players": 3, "start_when_full": true,
			"description": "four players, async", "silence_hours": 48})
		join := func(u *user, seat, want int) {
			u.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": seat}, want, nil)
		}
		join(bob, 1, http.StatusOK)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusConflict, nil) // 2 of 4: below the minimum
		// leaving an unstarted game frees the seat
		bob.mustDo("POST", fmt.Sprintf("/api/games/%d/leave", id), nil, http.StatusOK, nil)
		bob.mustDo("POST", fmt.Sprintf("/api/games/%d/leave", id), nil, http.StatusConflict, nil)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/leave", id), nil, http.StatusConflict, nil) // the host stays
		join(bob, 2, http.StatusOK)
		// the host frees a seat; no one else may
		join(carol, 1, http.StatusOK)
		carol.mustDo("POST", fmt.Sprintf("/api/games/%d/free", id), map[string]int{"seat": 2}, http.StatusForbidden, nil)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/free", id), map[string]int{"seat": 0}, http.StatusConflict, nil)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/free", id), map[string]int{"seat": 9}, http.StatusBadRequest, nil)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/free", id), map[string]int{"seat": 2}, http.StatusOK, nil)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/free", id), map[string]int{"seat": 2}, http.StatusConflict, nil)
		if v := alice.view(id); v.Status != store.StatusNew {
			t.Fatalf("status %s before the table is full", v.Status)
		}
		// the last seat taken starts the game
		join(bob, 2, http.StatusOK)
		if v := alice.view(id); v.Status != store.StatusNew {
			t.Fatalf("status %s with 3 of 4 seats taken", v.Status)
		}
		join(dave, 3, http.StatusOK)
		v := alice.view(id)
		if v.Status != store.StatusActive {
			t.Fatalf("full table: status %s, want active", v.Status)
		}
		bob.mustDo("POST", fmt.Sprintf("/api/games/%d/leave", id), nil, http.StatusConflict, nil)
		var sum struct {
			Description  string `json:"description"`
			SilenceHours int    `json:"silence_hours"`
			Live         bool   `json:"live"`
		}
		alice.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &sum)
		if sum.Description != "four players, async" || sum.SilenceHours != 48 || sum.Live {
			t.Fatalf("table settings %+v", sum)
		}
	})
}

func TestTableBadInput(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	for _, c := range []struct {
		req  map[string]any
		want string
	}{
		{map[string]any{"min_players": 1}, "min_players"},
		{map[string]any{"min_players": 5}, "min_players"},
		{map[string]any{"silence_hours": -1}, "silence_hours"},
		{map[string]any{"silence_hours": 24*60 + 1}, "silence_hours"},
		{map[string]any{"live": true, "silence_hours": 5}, "asynchronous"},
		{map[string]any{"name": strings.Repeat("n", 81)}, "name"},
		{map[string]any{"name": "a\u202eb"}, "name"},
		{map[string]any{"description": strings.Repeat("d", 501)}, "description"},
		{map[string]any{"hotseat": true, "invite_only": true}, "hotseat"},
	} {
		c.req["title"], c.req["players"] = "1860", 4
		code, body := alice.do("POST", "/api/games", c.req)
		if code != http.StatusBadRequest || !strings.Contains(string(body), c.want) {
			t.Errorf("%v: %d %s, want 400 mentioning %q", c.req, code, body, c.want)
		}
	}
	var p lobbyList
	alice.mustDo("GET", "/api/games", nil, http.StatusOK, &p)
	if len(p.Games) != 0 {
		t.Fatalf("refused tables were stored: %v", p.ids())
	}
}
