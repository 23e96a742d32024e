package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"tresham/clock"
	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/store/memstore"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeTime() *fakeTime { return &fakeTime{now: time.Unix(1_800_000_000, 0)} }

func (f *fakeTime) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now }

func (f *fakeTime) add(d time.Duration) { f.mu.Lock(); f.now = f.now.Add(d); f.mu.Unlock() }

// clockView is the part of a view the clock tests read.
type clockView struct {
	gameView
	Seats []struct {
		PlayerID int    `json:"player_id"`
		UserID   int64  `json:"user_id"`
		Bot      string `json:"bot"`
	} `json:"seats"`
	Hash   string `json:"hash"`
	Clocks *struct {
		Settings  json.RawMessage   `json:"settings"`
		Left      map[string]int64  `json:"left_s"`
		OnClock   []int             `json:"on_clock"`
		Penalty   map[string]int    `json:"penalty"`
		BotPlayed map[string]string `json:"bot_played"`
		Ranking   []rankJSON        `json:"ranking"`
	} `json:"clocks"`
}

func (u *user) clockView(id int64) clockView {
	u.env.t.Helper()
	var v clockView
	u.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &v)
	if v.Clocks == nil {
		u.env.t.Fatalf("game %d: the view has no clocks", id)
	}
	return v
}

func chatSays(v clockView, text string) bool {
	for _, c := range v.Chat {
		if strings.Contains(c.Text, text) {
			return true
		}
	}
	return false
}

// TestGameClockStartsAtStart: the clock starts when the game starts, not at
// its creation nor at the first move: the first player's wait from the
// start is charged. The start is a note in the log that no client can
// write.
func TestGameClockStartsAtStart(t *testing.T) {
	ft := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now = ft.Now })
	alice, bob := env.signup("alice"), env.signup("bob")
	id := alice.create(map[string]any{"title": "1860", "players": 2, "clock": map[string]any{"bank": "10m"}})
	ft.add(3 * time.Hour) // waiting for a second player is nobody's time
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	if v := alice.view(id); v.Status == "new" {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	}
	ft.add(40 * time.Second)
	v := bob.clockView(id)
	if v.Clocks.Left["1"] != 600-40 || v.Clocks.Left["2"] != 600 || len(v.Clocks.OnClock) != 1 || v.Clocks.OnClock[0] != 1 {
		t.Fatalf("alice 40 s after the start, before any move: %+v; want alice 560 on the clock, bob 600", v.Clocks)
	}
	if !chatSays(v, "The clock starts") {
		t.Fatalf("the log does not say the clock started: %+v", v.Chat)
	}
	// the lobby lists the time left to the players, not to others
	type lobby struct {
		Games []struct {
			ID       int64            `json:"id"`
			TimeLeft map[string]int64 `json:"time_left_s"`
		} `json:"games"`
	}
	var mine, all lobby
	bob.mustDo("GET", "/api/games?filter=mine", nil, http.StatusOK, &mine)
	if len(mine.Games) != 1 || mine.Games[0].TimeLeft["1"] != 560 || mine.Games[0].TimeLeft["2"] != 600 {
		t.Fatalf("bob's lobby: %+v; want alice 560 and bob 600 left", mine.Games)
	}
	env.signup("eve").mustDo("GET", "/api/games", nil, http.StatusOK, &all)
	for _, g := range all.Games {
		if g.ID == id && g.TimeLeft != nil {
			t.Fatalf("eve's lobby shows the clocks of a game she does not play: %+v", g)
		}
	}
	// a client cannot write a clock note
	for _, val := range []string{"start", "back:1", "out:2:random", "down:1800000000"} {
		msg := map[string]any{"type": "message", "entity": 1, "entity_type": "player", "message": "x", "clock": val}
		code, body := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": msg})
		if code != http.StatusBadRequest || !strings.Contains(string(body), "written by the server") {
			t.Fatalf("a chat message carrying clock %q: %d %s", val, code, body)
		}
	}
	// nor post its own time: the server stamps the move
	var pass json.RawMessage
	for _, ch := range alice.view(id).Legal["1"] {
		if strings.Contains(string(ch.Action), `"pass"`) {
			pass = ch.Action
		}
	}
	var a map[string]any
	_ = json.Unmarshal(pass, &a)
	a["created_at"] = ft.Now().Add(-time.Hour).Unix()
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": a}, http.StatusOK, nil)
	acts, err := env.st.Actions(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	var last g18xx.Action
	if err := json.Unmarshal(acts[len(acts)-1].Data, &last); err != nil {
		t.Fatal(err)
	}
	if last.CreatedAt != ft.Now().Unix() {
		t.Fatalf("stored created_at %d, want the server's %d", last.CreatedAt, ft.Now().Unix())
	}
	if v := bob.clockView(id); v.Clocks.Left["1"] != 560 {
		t.Fatalf("after alice's move with a forged time: %+v, want alice 560", v.Clocks)
	}
}

// actAsFirst plays the first legal choice of the view for u (a pass when
// there is one), and returns the view after it.
func actAsFirst(t *testing.T, u *user, id int64) {
	t.Helper()
	v := u.view(id)
	for _, ent := range v.Acting {
		chs := v.Legal[ent]
		if len(chs) == 0 {
			continue
		}
		act := chs[0].Action
		for _, ch := range chs {
			if strings.Contains(string(ch.Action), `"pass"`) {
				act = ch.Action
				break
			}
		}
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": act}, http.StatusOK, nil)
		return
	}
	t.Fatalf("%s has no move: acting %v", u.name, v.Acting)
}

// TestGameClockBotTakesOver: with on_timeout bot, a seat whose time runs out
// is played by the chosen bot, visibly, until its player comes back; the
// player then runs out again if they keep the game waiting longer than a
// turn allows. No one else can give the seat back.
func TestGameClockBotTakesOver(t *testing.T) {
	ft := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now = ft.Now })
	alice, bob, eve := env.signup("alice"), env.signup("bob"), env.signup("eve")
	code, body := alice.do("POST", "/api/games", map[string]any{"title": "1860", "players": 2, "clock": map[string]any{"bank": "2m", "on_timeout": "bot", "bot": "chess"}})
	if code != http.StatusBadRequest || !strings.Contains(string(body), "clock: bot") {
		t.Fatalf("an unknown bot: %d %s", code, body)
	}
	id := alice.create(map[string]any{"title": "1860", "players": 2, "clock": map[string]any{"bank": "2m", "on_timeout": "bot", "bot": "random"}})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	if v := alice.view(id); v.Status == "new" {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	}
	back := fmt.Sprintf("/api/games/%d/clock/back", id)
	bob.mustDo("POST", back, nil, http.StatusConflict, nil) // bob has not run out
	actAsFirst(t, alice, id)                                // bob is to act
	ft.add(119 * time.Second)
	if v := alice.clockView(id); len(v.Clocks.BotPlayed) != 0 || v.Seats[1].Bot != "" {
		t.Fatalf("bob with 1 s left is taken over: %+v", v.Clocks)
	}
	ft.add(time.Second)
	alice.clockView(id) // the view tells the watcher bob's time is up
	var v clockView
	waitFor(t, func() bool {
		v = alice.clockView(id)
		return v.Seats[1].Bot == "random" && !slicesHas(v.Clocks.OnClock, 2)
	})
	if v.Clocks.BotPlayed["2"] != "random" || !chatSays(v, "bob has run out of time: a bot (random) plays their turns") {
		t.Fatalf("the take-over is not shown: %+v %+v", v.Clocks, v.Chat)
	}
	if v.Seats[1].UserID != bob.id {
		t.Fatalf("bob lost his seat: %+v", v.Seats[1])
	}
	if you := bob.view(id).You; len(you) != 0 {
		t.Fatalf("bob plays %v while the bot does", you)
	}
	// the bot's moves took no time: bob stays at zero
	if v.Clocks.Left["2"] != 0 {
		t.Fatalf("bob's time after the bot's moves: %d, want 0", v.Clocks.Left["2"])
	}
	// nobody else gives the seat back
	alice.mustDo("POST", back, map[string]int{"seat": 1}, http.StatusForbidden, nil)
	alice.mustDo("POST", back, nil, http.StatusConflict, nil)
	eve.mustDo("POST", back, nil, http.StatusForbidden, nil)
	bob.mustDo("POST", back, map[string]int{"seat": 5}, http.StatusBadRequest, nil)
	bob.mustDo("POST", back, map[string]int{"seat": 1}, http.StatusOK, nil)
	v = bob.clockView(id)
	if v.Seats[1].Bot != "" || len(v.Clocks.BotPlayed) != 0 || !chatSays(v, "bob is back") {
		t.Fatalf("after bob came back: seats %+v clocks %+v", v.Seats, v.Clocks)
	}
	bob.mustDo("POST", back, nil, http.StatusConflict, nil) // already back
	// bob plays on with no time left: each move within a minute (the
	// least a comeback allows when a turn adds nothing)
	for n := 0; !slicesHas(bob.clockView(id).Clocks.OnClock, 2); n++ {
		if n == 50 {
			t.Fatal("bob is never to act")
		}
		actAsFirst(t, alice, id)
	}
	ft.add(50 * time.Second)
	actAsFirst(t, bob, id)
	for n := 0; !slicesHas(bob.clockView(id).Clocks.OnClock, 2); n++ {
		if n == 50 {
			t.Fatal("bob is never to act again")
		}
		actAsFirst(t, alice, id)
	}
	ft.add(59 * time.Second)
	if v := alice.clockView(id); v.Seats[1].Bot != "" {
		t.Fatalf("bob taken over within a minute of his turn: %+v", v.Clocks)
	}
	ft.add(time.Second)
	alice.clockView(id)
	waitFor(t, func() bool { return alice.clockView(id).Seats[1].Bot == "random" })
}

func slicesHas(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// TestGameClockBotAfterRestart: a seat runs out just before the server
// stops, unnoticed; the next server notices it on starting, with no view
// asking, and hands the seat to the bot. (Time while no server ran is not
// charged: TestGameClockDowntime.)
func TestGameClockBotAfterRestart(t *testing.T) {
	ft := newFakeTime()
	st := memstore.New()
	env := newEnvWith(t, st, func(c *Config) { c.Now = ft.Now })
	alice, bob := env.signup("alice"), env.signup("bob")
	id := alice.create(map[string]any{"title": "1860", "players": 2, "clock": map[string]any{"bank": "5m", "on_timeout": "bot"}})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	if v := alice.view(id); v.Status == "new" {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	}
	actAsFirst(t, alice, id)
	before := len(mustActions(t, st, id))
	// bob runs out while the server runs, and it stops before its watcher
	// looks (a heartbeat at the test's time: the server was up, so the
	// time is charged, not noted as downtime)
	ft.add(6 * time.Minute)
	env.srv.heartbeat(context.Background())
	env.srv.Close()
	env2 := startEnv(t, env.srv.cfg, st, st, env.srv.log)
	_ = env2
	waitFor(t, func() bool {
		g, err := st.GetGame(context.Background(), id)
		return err == nil && g.Seats[1].Bot == handoverBotKind && len(mustActions(t, st, id)) > before
	})
	found := false
	for _, a := range mustActions(t, st, id)[before:] {
		found = found || strings.Contains(string(a.Data), `"clock":"out:2:heuristic"`)
	}
	if !found {
		t.Fatal("no note of bob running out in the log")
	}
}

func mustActions(t *testing.T, st *memstore.Store, id int64) []struct{ Data []byte } {
	t.Helper()
	acts, err := st.Actions(context.Background(), id, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]struct{ Data []byte }, len(acts))
	for i, a := range acts {
		out[i].Data = a.Data
	}
	return out
}

// TestGameClockEndToEnd creates a clocked game, plays it on a fake clock,
// checks every clock against the waits the test itself charged, runs a
// player over, ends the game, and checks the penalty in the result and the
// export, the settings' round trip, and that the export replays exactly
// (an import of it reaches the same state) and gives the same clocks when
// computed from the file alone.
func TestGameClockEndToEnd(t *testing.T) {
	ft := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now = ft.Now })
	alice := env.signup("alice")
	settings := map[string]any{"bank": "5m", "grace": "10s", "on_timeout": "penalty", "penalty_per_minute": 7}
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true, "clock": settings})
	ft.add(time.Hour)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	const bank, grace = 300, 10
	charged := map[int]int64{} // beyond the grace
	spent := map[int]int64{}   // all of it
	check := func(when string) clockView {
		t.Helper()
		v := alice.clockView(id)
		for p := 1; p <= 3; p++ {
			if got := v.Clocks.Left[fmt.Sprint(p)]; got != bank-charged[p] {
				t.Fatalf("%s: player %d has %d s, want %d (clocks %+v)", when, p, got, bank-charged[p], v.Clocks)
			}
		}
		return v
	}
	rng := rand.New(rand.NewPCG(20, 1))
	v := check("at the start")
	for n := 0; n < 60 && !v.Finished; n++ {
		wait := int64(rng.IntN(40))
		if n == 45 {
			wait = 400 // someone runs over
		}
		if len(v.Clocks.OnClock) != 1 {
			t.Fatalf("move %d: on the clock %v, want one player", n, v.Clocks.OnClock)
		}
		charged[v.Clocks.OnClock[0]] += max(0, wait-grace)
		spent[v.Clocks.OnClock[0]] += wait
		ft.add(time.Duration(wait) * time.Second)
		act := alice.pick(id, v.gameView, rng)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": act}, http.StatusOK, nil)
		v = check(fmt.Sprintf("after move %d", n))
	}
	over := map[int]int{}
	for p := 1; p <= 3; p++ {
		if left := bank - charged[p]; left < 0 {
			over[p] = int((-left+59)/60) * 7
		}
	}
	if len(over) == 0 {
		t.Fatal("nobody ran over")
	}
	// end the game by agreement: the book result is the engine's; the
	// ranking takes the penalties off
	ft.add(5 * time.Second) // within the grace: charged to no clock, but spent
	spent[v.Clocks.OnClock[0]] += 5
	var end clockView
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/end", id), map[string]any{"seq": v.Actions, "agree": true}, http.StatusOK, &end)
	v = alice.clockView(id)
	if !v.Finished || len(v.Result) != 3 {
		t.Fatalf("not finished: %+v", v.gameView)
	}
	for p := 1; p <= 3; p++ {
		if v.Clocks.Penalty[fmt.Sprint(p)] != over[p] {
			t.Fatalf("penalties %v, want %v", v.Clocks.Penalty, over)
		}
	}
	checkRanking := func(where string, result map[string]int, rank []rankJSON) {
		t.Helper()
		if len(rank) != 3 {
			t.Fatalf("%s: ranking %+v", where, rank)
		}
		for i, r := range rank {
			if r.Value != result[fmt.Sprint(r.Player)] || r.Penalty != over[r.Player] || r.Score != r.Value-r.Penalty {
				t.Fatalf("%s: ranking %+v, result %v, penalties %v", where, rank, result, over)
			}
			if i > 0 && rank[i-1].Score < r.Score {
				t.Fatalf("%s: ranking out of order: %+v", where, rank)
			}
		}
	}
	checkRanking("view", v.Result, v.Clocks.Ranking)
	// the export: the book result, the clocks beside it, settings as created
	code, exp := alice.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
	if code != http.StatusOK {
		t.Fatalf("export: %d %s", code, exp)
	}
	src, err := g18xx.Decode(bytes.NewReader(exp))
	if err != nil {
		t.Fatal(err)
	}
	if !mapsEqual(src.Result, v.Result) {
		t.Fatalf("export result %v, want the book result %v", src.Result, v.Result)
	}
	var ex struct {
		Settings clock.Settings   `json:"settings"`
		Left     map[string]int64 `json:"left_s"`
		Ranking  []rankJSON       `json:"ranking"`
	}
	if err := json.Unmarshal(src.Extra[exportClockKey], &ex); err != nil {
		t.Fatalf("export clocks %s: %v", src.Extra[exportClockKey], err)
	}
	checkRanking("export", src.Result, ex.Ranking)
	want := clock.Settings{Bank: clock.Duration(5 * time.Minute), Grace: clock.Duration(10 * time.Second), OnTimeout: "penalty", PenaltyPerMinute: 7}
	if b1, b2 := mustJSON(t, ex.Settings), mustJSON(t, want); b1 != b2 {
		t.Fatalf("settings round trip: %s, want %s", b1, b2)
	}
	// the clocks again from the exported file alone
	start, _ := clockNotes(src.Actions)
	waits, err := clock.WaitsFrom(src, start)
	if err != nil {
		t.Fatal(err)
	}
	left := ex.Settings.Remaining(waits, nil, []int{1, 2, 3})
	for p := 1; p <= 3; p++ {
		if int64(left[p]/time.Second) != bank-charged[p] || ex.Left[fmt.Sprint(p)] != bank-charged[p] {
			t.Fatalf("from the file: player %d has %v (export says %d), want %d s", p, left[p], ex.Left[fmt.Sprint(p)], bank-charged[p])
		}
	}
	// time spent, in the analysis: every second of every wait, the first
	// (from the start) included
	var an struct {
		Players []struct {
			ID         int    `json:"id"`
			Name       string `json:"name"`
			TimeSpentS int64  `json:"time_spent_s"`
		} `json:"players"`
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/analysis", id), nil, http.StatusOK, &an)
	if len(an.Players) != 3 {
		t.Fatalf("analysis players: %+v", an.Players)
	}
	for _, p := range an.Players {
		if p.TimeSpentS != spent[p.ID] || p.Name == "" {
			t.Fatalf("analysis: %+v; want time spent %v", an.Players, spent)
		}
	}
	// the export replays exactly: imported, it reaches the same state
	var imp struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", exp, http.StatusCreated, &imp)
	var iv clockView
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d", imp.ID), nil, http.StatusOK, &iv)
	if !iv.Finished || iv.Hash != v.Hash || !mapsEqual(iv.Result, v.Result) {
		t.Fatalf("the import: finished %v hash %s result %v; want %s %v", iv.Finished, iv.Hash, iv.Result, v.Hash, v.Result)
	}
	if iv.Clocks != nil {
		t.Fatalf("the import has clocks: %+v", iv.Clocks)
	}
	// re-exported, an imported game carries no stale clocks
	code, exp2 := alice.do("GET", fmt.Sprintf("/api/games/%d/export", imp.ID), nil)
	if code != http.StatusOK || bytes.Contains(exp2, []byte(exportClockKey)) {
		t.Fatalf("the import's export: %d, clocks kept: %v", code, bytes.Contains(exp2, []byte(exportClockKey)))
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestTimeSpentRealGames: for imported real games (an async 1860 game and
// a live 1825 one) the analysis gives each player's name and time spent,
// and the players' times add up to the game's span from its first to its
// last move.
func TestTimeSpentRealGames(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	for _, name := range []string{"1860/1860_game_end_bank.json", "1825/141331.json"} {
		raw := fixtures.MustRead(t, name)
		var file struct {
			Actions []struct {
				Type      string `json:"type"`
				CreatedAt int64  `json:"created_at"`
			} `json:"actions"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			t.Fatal(err)
		}
		var first, last int64
		for _, a := range file.Actions {
			if a.Type == "message" || a.CreatedAt == 0 {
				continue
			}
			if first == 0 {
				first = a.CreatedAt
			}
			last = a.CreatedAt
		}
		var imp struct {
			ID int64 `json:"id"`
		}
		alice.mustDo("POST", "/api/games/import", raw, http.StatusCreated, &imp)
		var an struct {
			Players []struct {
				Name       string `json:"name"`
				TimeSpentS int64  `json:"time_spent_s"`
			} `json:"players"`
		}
		alice.mustDo("GET", fmt.Sprintf("/api/games/%d/analysis", imp.ID), nil, http.StatusOK, &an)
		var sum int64
		for _, p := range an.Players {
			if p.Name == "" || p.TimeSpentS <= 0 {
				t.Errorf("%s: player %+v", name, p)
			}
			sum += p.TimeSpentS
		}
		if sum != last-first {
			t.Errorf("%s: the players' times add to %d s, the game spans %d s", name, sum, last-first)
		}
		t.Logf("%s: %d players, %d s in all", name, len(an.Players), sum)
	}
}

// TestGameClockTwoInstances: two servers on one store show the same clocks,
// and when a seat runs out both may notice but it is taken over once.
func TestGameClockTwoInstances(t *testing.T) {
	ft := newFakeTime()
	st := memstore.New()
	env1 := newEnvWith(t, st, func(c *Config) { c.Now = ft.Now })
	env2 := newEnvWith(t, st, func(c *Config) { c.Now = ft.Now })
	alice, bob := env1.signup("alice"), env1.signup("bob")
	id := alice.create(map[string]any{"title": "1860", "players": 2, "clock": map[string]any{"bank": "3m", "on_timeout": "bot", "bot": "random"}})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	if v := alice.view(id); v.Status == "new" {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	}
	ft.add(30 * time.Second)
	actAsFirst(t, alice, id)
	ft.add(70 * time.Second)
	bob2 := env2.anon()
	bob2.mustDo("POST", "/api/login", map[string]string{"name": "bob", "password": "correct horse"}, http.StatusOK, nil)
	v1, v2 := alice.clockView(id), bob2.clockView(id)
	if v1.Clocks.Left["1"] != 150 || v1.Clocks.Left["2"] != 110 || v2.Clocks.Left["1"] != 150 || v2.Clocks.Left["2"] != 110 {
		t.Fatalf("instance 1 %v, instance 2 %v; want alice 150 and bob 110 on both", v1.Clocks.Left, v2.Clocks.Left)
	}
	ft.add(110 * time.Second)
	alice.clockView(id) // both instances are told
	bob2.clockView(id)
	waitFor(t, func() bool {
		g, err := st.GetGame(context.Background(), id)
		return err == nil && g.Seats[1].Bot == "random"
	})
	outs := 0
	for _, a := range mustActions(t, st, id) {
		if strings.Contains(string(a.Data), `"clock":"out:`) {
			outs++
		}
	}
	if outs != 1 {
		t.Fatalf("%d notes of bob running out, want 1", outs)
	}
}
