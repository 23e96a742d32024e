package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/store"
	"tresham/store/memstore"
)

// hostileCase is one request a hostile or careless client sends; it must be
// refused with want, an error containing substr, and nothing stored.
type hostileCase struct {
	name   string
	u      *user
	path   string
	body   any
	want   int
	substr string
}

func runHostile(t *testing.T, env *testEnv, id int64, cases []hostileCase) {
	t.Helper()
	before := env.storedActions(id)
	for _, c := range cases {
		code, body := c.u.do("POST", c.path, c.body)
		if code != c.want || !strings.Contains(string(body), c.substr) || !strings.Contains(string(body), `"error"`) {
			t.Errorf("%s: %d %s; want %d containing %q", c.name, code, body, c.want, c.substr)
		}
		if strings.Contains(string(body), "Go ") || strings.Contains(string(body), "json:") {
			t.Errorf("%s: the error names Go internals: %s", c.name, body)
		}
		if n := env.storedActions(id); n != before {
			t.Fatalf("%s: %d actions stored, want %d (nothing written)", c.name, n, before)
		}
	}
}

// TestLivePlayHoldsEveryPartToItsSeat: issue 13, cases 1-4 (auto actions
// for another seat, ending a game alone, unlisted moves, chat bombs).
func TestLivePlayHoldsEveryPartToItsSeat(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	v := alice.view(id)
	var bid map[string]any
	for _, ch := range v.Legal["1"] {
		var a map[string]any
		_ = json.Unmarshal(ch.Action, &a)
		if a["type"] == "bid" {
			bid = a
			break
		}
	}
	if bid == nil {
		t.Fatalf("no bid listed for player 1: %v", v.Legal["1"])
	}
	path := fmt.Sprintf("/api/games/%d/actions", id)
	act := func(a map[string]any) map[string]any { return map[string]any{"seq": 0, "action": a} }
	pass := func(player int) map[string]any {
		return map[string]any{"type": "pass", "entity": player, "entity_type": "player"}
	}
	with := func(a map[string]any, auto ...map[string]any) map[string]any {
		b := map[string]any{}
		for k, x := range a {
			b[k] = x
		}
		b["auto_actions"] = auto
		return b
	}
	bobsBid := map[string]any{}
	for k, x := range bid {
		bobsBid[k] = x
	}
	bobsBid["entity"], bobsBid["price"] = 2, 900
	nested := pass(1)
	for range 200 {
		nested = with(pass(1), nested)
	}
	chat := func(text string) map[string]any {
		return map[string]any{"type": "message", "entity": 1, "entity_type": "player", "message": text}
	}
	cases := []hostileCase{
		{"auto action for another seat (pass)", alice, path, act(with(pass(1), pass(2))), 403, "you do not play for 2"},
		{"auto action for another seat (bid £900)", alice, path, act(with(bid, bobsBid)), 403, "you do not play for 2"},
		{"auto action out of turn", alice, path, act(with(bid, map[string]any{"type": "end_game", "entity": 1, "entity_type": "player"})), 409, "1 may not act now"},
		{"end_game by one player", alice, path, act(map[string]any{"type": "end_game", "entity": 1, "entity_type": "player"}), 422, "not among the moves"},
		{"program_disable with no program set", alice, path, act(map[string]any{"type": "program_disable", "entity": 1, "entity_type": "player", "reason": "x"}), 422, "no programmed move to cancel"},
		{"program_share_pass for the other seat", alice, path, act(map[string]any{"type": "program_share_pass", "entity": 2, "entity_type": "player"}), 403, "you do not play for player 2"},
		{"program_share_pass with auto actions", alice, path, act(with(map[string]any{"type": "program_share_pass", "entity": 1, "entity_type": "player"}, pass(2))), 400, "made by the server"},
		{"program_buy_shares of no corporation", alice, path, act(map[string]any{"type": "program_buy_shares", "entity": 1, "entity_type": "player", "corporation": "XX", "until_condition": "float"}), 400, "not in this game"},
		{"a move for the other seat", alice, path, act(pass(2)), 403, "you do not play for 2"},
		{"nested auto actions", alice, path, act(nested), 400, "nested"},
		{"message with auto actions", alice, path, act(with(chat("hi"), pass(2))), 400, "auto_actions"},
		{"message over 2,000 characters", alice, path, act(chat(strings.Repeat("x", 2001))), 400, "2001 characters"},
		{"empty message", alice, path, act(chat("  ")), 400, "empty"},
		{"message with a bidi override", alice, path, act(chat("hi \u202e")), 400, "U+202E"},
		{"message as the other seat", alice, path, act(map[string]any{"type": "message", "entity": 2, "entity_type": "player", "message": "hi"}), 403, "own seat"},
		{"seq as text", alice, path, map[string]any{"seq": "0", "action": pass(1)}, 400, "seq\\\": want a whole number, got text"},
		{"price as text", alice, path, act(map[string]any{"type": "bid", "entity": 1, "entity_type": "player", "company": "x", "price": "9"}), 400, "price\\\": want a whole number"},
		{"message with an end vote", alice, path, act(map[string]any{"type": "message", "entity": 1, "entity_type": "player", "message": "bye", "end_vote": "agree"}), 400, "end_vote"},
	}
	runHostile(t, env, id, cases)
	_ = bob

	// chat: ten messages in the window, the eleventh is throttled
	for i := range chatBurst {
		alice.mustDo("POST", path, map[string]any{"seq": env.storedActions(id), "action": chat(fmt.Sprintf("hello %d", i))}, http.StatusOK, nil)
	}
	n := env.storedActions(id)
	req, _ := http.NewRequest("POST", env.ts.URL+path, strings.NewReader(fmt.Sprintf(`{"seq":%d,"action":{"type":"message","entity":1,"entity_type":"player","message":"spam"}}`, n)))
	req.Header.Set("Content-Type", "application/json")
	resp, err := alice.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("eleventh message: %d (Retry-After %q), want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if env.storedActions(id) != n {
		t.Errorf("throttled message stored")
	}
	if cv := bob.view(id); len(cv.Chat) != chatBurst || cv.Chat[0].Name == "" || cv.Chat[0].Text != "hello 0" {
		t.Errorf("bob's view of the chat: %+v", cv.Chat)
	}
}

// TestEndGameNeedsEveryHuman: one player may not end an online game; when
// every human agrees at one position, the game ends; a move clears votes.
func TestEndGameNeedsEveryHuman(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	end := func(u *user, agree bool) gameView {
		var v gameView
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/end", id), map[string]any{"seq": env.storedActions(id), "agree": agree}, http.StatusOK, &v)
		return v
	}
	v := end(alice, true)
	if v.Finished || v.EndProposal == nil || len(v.EndProposal.Waiting) != 1 || v.EndProposal.Waiting[0] != "bob" {
		t.Fatalf("after alice agrees: finished %v proposal %+v; want waiting for bob", v.Finished, v.EndProposal)
	}
	// a move clears the agreement
	act := v.Legal["1"][0].Action
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": env.storedActions(id), "action": json.RawMessage(act)}, http.StatusOK, nil)
	if v := bob.view(id); v.EndProposal != nil {
		t.Fatalf("proposal survived a move: %+v", v.EndProposal)
	}
	if v := end(bob, true); v.Finished {
		t.Fatal("bob alone ended the game")
	}
	if v := end(bob, false); v.EndProposal != nil {
		t.Fatalf("withdrawn: proposal %+v", v.EndProposal)
	}
	end(bob, true)
	v = end(alice, true)
	if !v.Finished || v.Status != "finished" {
		t.Fatalf("both agreed: finished %v status %s", v.Finished, v.Status)
	}
	// the export says how it ended, and replays
	code, exp := alice.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
	src, err := g18xx.Decode(bytes.NewReader(exp))
	if code != 200 || err != nil || src.GameEndReason != "manually_ended" {
		t.Fatalf("export: %d %v reason %q", code, err, src.GameEndReason)
	}
	// a hotseat game's owner ends it alone
	hot := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", hot), nil, http.StatusOK, nil)
	var hv gameView
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/end", hot), map[string]any{"seq": 0, "agree": true}, http.StatusOK, &hv)
	if !hv.Finished {
		t.Fatal("hotseat owner could not end the game")
	}
}

// TestUnlistedMovesRefused submits, through a real server, the near misses
// the engine builds around positions of real games (other rotations,
// prices past a range, every certificate and par cell, other companies'
// trains, a sale whose percent is not its certificates'), and asserts that
// exactly the listed ones are accepted and nothing else is written.
func TestUnlistedMovesRefused(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	probed, refused, soldWrong := 0, 0, 0
	for _, path := range realGames(t) {
		data := fixtures.MustRead(t, path)
		src, err := g18xx.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		eff := g18xx.EffectiveIndices(src.Actions)
		for _, frac := range []int{1, 2, 3} {
			cut := eff[len(eff)*frac/4]
			prefix := *src
			prefix.Actions = src.Actions[:cut]
			prefix.Result, prefix.GameEndReason = nil, ""
			var seats []store.Seat
			for _, p := range prefix.Players {
				seats = append(seats, store.Seat{PlayerID: p.ID, Name: p.Name})
			}
			g, err := newTitleGame(prefix.Title, seats, prefix.Settings.OptionalRules, replay.Rules(&prefix))
			if err != nil {
				t.Fatal(err)
			}
			if err := applyEffective(g, prefix.Actions); err != nil {
				t.Fatalf("%s at %d: %v", path, cut, err)
			}
			body, err := g18xx.Marshal(&prefix)
			if err != nil {
				t.Fatal(err)
			}
			var out struct {
				ID int64 `json:"id"`
			}
			alice.mustDo("POST", "/api/games/import", body, http.StatusCreated, &out)
			eg := replay.Engine(g)
			for _, ent := range g.Acting() {
				choices := g.Legal(ent)
				probes := engine.NearMisses(eg, ent, choices)
				for _, ch := range choices {
					if ch.Action.Type == "sell_shares" && len(ch.Action.Shares) > 1 {
						wrong := ch.Action
						wrong.Percent = ch.Action.Percent / len(ch.Action.Shares)
						probes = append(probes, wrong)
						soldWrong++
					}
				}
				for _, a := range probes {
					if engine.CoveredBy(eg, choices, a) {
						continue
					}
					probed++
					a.ID = 0
					x := replay.Export(a)
					n := env.storedActions(out.ID)
					code, resp := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", out.ID), map[string]any{"seq": n, "action": x})
					if code < 400 || code >= 500 {
						t.Fatalf("%s at %d: unlisted %s %s %s accepted: %d %s", path, cut, ent, a.Type, a.Brief(), code, resp)
					}
					if env.storedActions(out.ID) != n {
						t.Fatalf("refused move stored")
					}
					refused++
				}
			}
		}
	}
	if probed == 0 || soldWrong == 0 {
		t.Fatalf("probed %d unlisted moves, %d wrong-percent sales: the positions test nothing", probed, soldWrong)
	}
	t.Logf("%d unlisted moves refused (%d sales with a wrong percent)", refused, soldWrong)
}

// TestLobbyFlood: unstarted games are capped per user, and hotseat games
// cannot push an open game out of the open list (the store filters first).
func TestLobbyFlood(t *testing.T) {
	env := newEnv(t, nil)
	alice, mallory := env.signup("alice"), env.signup("mallory")
	open := alice.create(map[string]any{"title": "1860", "players": 3})
	for i := range maxUnstarted {
		code, body := mallory.do("POST", "/api/games", map[string]any{"title": "1860", "players": 2, "hotseat": true})
		if code != http.StatusCreated {
			t.Fatalf("game %d: %d %s", i+1, code, body)
		}
	}
	code, body := mallory.do("POST", "/api/games", map[string]any{"title": "1860", "players": 2, "hotseat": true})
	if code != http.StatusTooManyRequests || !strings.Contains(string(body), "have not started") {
		t.Fatalf("game %d: %d %s, want 429", maxUnstarted+1, code, body)
	}
	var list struct {
		Games []struct {
			ID int64 `json:"id"`
		} `json:"games"`
	}
	mallory.mustDo("GET", "/api/games?filter=open", nil, http.StatusOK, &list)
	if len(list.Games) != 1 || list.Games[0].ID != open {
		t.Fatalf("open games: %+v, want only %d", list.Games, open)
	}
}

// TestImportLimits: issue 13 case 5 (and 4 for imports): what an import
// would show every user is held to limits; nothing is stored.
func TestImportLimits(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	var data []byte
	for _, f := range realGames(t) { // a real game with chat
		b := fixtures.MustRead(t, f)
		if bytes.Contains(b, []byte(`"type":"message"`)) {
			data = b
			break
		}
	}
	mutate := func(edit func(g *g18xx.Game)) []byte {
		g, err := g18xx.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		edit(g)
		b, err := g18xx.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	firstMessage := func(g *g18xx.Game) *g18xx.Action {
		for i := range g.Actions {
			if g.Actions[i].Type == g18xx.TypeMessage {
				return &g.Actions[i]
			}
		}
		t.Fatal("the fixture has no chat")
		return nil
	}
	nested := []byte(strings.Replace(string(data), `"type":"message"`, `"auto_actions":[{"type":"pass","entity":1,"entity_type":"player","auto_actions":[{"type":"pass","entity":1,"entity_type":"player"}]}],"type":"message"`, 1))
	path := "/api/games/import"
	cases := []struct {
		name   string
		body   []byte
		want   int
		substr string
	}{
		{"a name of 1,000,000 characters", mutate(func(g *g18xx.Game) { g.Players[0].Name = strings.Repeat("a", 1000000) }), 400, "longer than 64 characters"},
		{"a bidi override in a name", mutate(func(g *g18xx.Game) { g.Players[0].Name = "evil\u202eman" }), 400, "U+202E"},
		{"a control character in a name", mutate(func(g *g18xx.Game) { g.Players[1].Name = "a\x07b" }), 400, "U+0007"},
		{"an empty name", mutate(func(g *g18xx.Game) { g.Players[1].Name = " " }), 400, "blank"},
		{"one name twice", mutate(func(g *g18xx.Game) { g.Players[1].Name = strings.ToUpper(g.Players[0].Name) }), 400, "used twice"},
		{"a message over 10,000 characters", mutate(func(g *g18xx.Game) { firstMessage(g).Message = strings.Repeat("x", 10001) }), 400, "limit is 10000"},
		{"a message with auto actions", mutate(func(g *g18xx.Game) {
			m := firstMessage(g)
			m.AutoActions = []g18xx.Action{{Type: "pass", Entity: g18xx.PlayerEntity(1), EntityType: "player"}}
		}), 400, "not allowed on a message"},
		{"nested auto actions", nested, 400, "nested"},
		{"too many players", mutate(func(g *g18xx.Game) {
			for i := range 3 {
				g.Players = append(g.Players, g18xx.Player{ID: 100 + i, Name: fmt.Sprint("extra ", i)})
			}
		}), 400, "2 to 4 players"},
	}
	for _, c := range cases {
		code, body := alice.do("POST", path, c.body)
		if code != c.want || !strings.Contains(string(body), c.substr) {
			t.Errorf("%s: %d %.300s; want %d containing %q", c.name, code, body, c.want, c.substr)
		}
	}
	if games, _ := env.st.ListGames(t.Context(), storeFilterAll()); len(games) != 0 {
		t.Errorf("%d games stored after refused imports", len(games))
	}
}

// TestHTTPHygiene: issue 13 case 9 against a real listener: security
// headers, a slow body cut off, WebSockets capped per address.
func TestHTTPHygiene(t *testing.T) {
	st := memstore.New()
	srv := New(Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}, ReadTimeout: 500 * time.Millisecond, MaxSocketsPerAddr: 2}, st, nil)
	addr := serveLoopback(t, srv)
	base := "http://" + addr
	ctx := t.Context()

	resp, err := http.Get(base + "/api/titles")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for k, want := range map[string]string{
		"X-Content-Type-Options":  "nosniff",
		"X-Frame-Options":         "DENY",
		"Content-Security-Policy": "frame-ancestors 'none'",
		"Referrer-Policy":         "same-origin",
	} {
		if got := resp.Header.Get(k); !strings.Contains(got, want) {
			t.Errorf("%s: %q, want %q", k, got, want)
		}
	}

	// a body trickled a byte at a time is cut off by the read time limit
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprint(conn, "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
	start := time.Now()
	closed := make(chan time.Duration, 1)
	go func() {
		buf := make([]byte, 512)
		for {
			if _, err := conn.Read(buf); err != nil {
				closed <- time.Since(start)
				return
			}
		}
	}()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	var held time.Duration
wait:
	for {
		select {
		case held = <-closed:
			break wait
		case <-tick.C:
			conn.Write([]byte(" "))
			if time.Since(start) > 10*time.Second {
				t.Fatal("a slow body held its connection for 10 s")
			}
		}
	}
	t.Logf("slow body cut off after %v", held.Round(10*time.Millisecond))

	// WebSockets: two per address, the third refused
	g, err := st.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusNew,
		Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	url := "ws" + strings.TrimPrefix(base, "http") + fmt.Sprintf("/api/games/%d/ws", g.ID)
	for i := range 3 {
		c, resp, err := websocket.Dial(ctx, url, nil)
		if i < 2 {
			if err != nil {
				t.Fatalf("socket %d: %v", i+1, err)
			}
			defer c.CloseNow()
			continue
		}
		if err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
			t.Fatalf("third socket from one address: %v, want 429", err)
		}
	}
}
