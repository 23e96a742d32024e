package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/store"
	"tresham/store/memstore"
)

// testEnv is a server on an in-memory store behind httptest.
type testEnv struct {
	t   *testing.T
	srv *Server
	ts  *httptest.Server
	st  *memstore.Store
}

func newEnv(t *testing.T, st *memstore.Store) *testEnv {
	t.Helper()
	return newEnvWith(t, st, nil)
}

// newEnvWith is newEnv with the config changed by edit (nil: unchanged).
func newEnvWith(t *testing.T, st *memstore.Store, edit func(*Config)) *testEnv {
	t.Helper()
	if st == nil {
		st = memstore.New()
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	if testing.Verbose() {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	cfg := Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}}
	if edit != nil {
		edit(&cfg)
	}
	return startEnv(t, cfg, st, st, log)
}

// newEnvWithStore serves a wrapped memstore (storedActions reads the
// memstore itself).
func newEnvWithStore(t *testing.T, wrapped deafStore) *testEnv {
	t.Helper()
	cfg := Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}}
	return startEnv(t, cfg, wrapped, wrapped.Store, slog.New(slog.DiscardHandler))
}

func startEnv(t *testing.T, cfg Config, served store.Store, st *memstore.Store, log *slog.Logger) *testEnv {
	t.Helper()
	if cfg.SignupsPerAddr == 0 {
		cfg.SignupsPerAddr = -1 // tests sign many accounts up from one address; TestFloodBudgets sets it
	}
	srv := New(cfg, served, log)
	ctx, cancel := context.WithCancel(context.Background())
	if err := srv.Start(ctx); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		cancel()
		srv.Close()
		ts.Close()
	})
	return &testEnv{t: t, srv: srv, ts: ts, st: st}
}

// user is an HTTP client with its own cookie jar.
type user struct {
	env  *testEnv
	c    *http.Client
	name string
	id   int64
}

func (env *testEnv) anon() *user {
	jar, _ := cookiejar.New(nil)
	return &user{env: env, c: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// signup creates and signs in a user.
func (env *testEnv) signup(name string) *user {
	env.t.Helper()
	u := env.anon()
	var out struct {
		ID int64 `json:"id"`
	}
	u.mustDo("POST", "/api/signup", map[string]string{"name": name, "password": "correct horse"}, http.StatusCreated, &out)
	u.name, u.id = name, out.ID
	return u
}

// do sends a request with a JSON body (a []byte body is sent as is).
func (u *user) do(method, path string, body any) (int, []byte) {
	u.env.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			u.env.t.Fatal(err)
		}
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, u.env.ts.URL+path, r)
	if err != nil {
		u.env.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := u.c.Do(req)
	if err != nil {
		u.env.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

func (u *user) mustDo(method, path string, body any, want int, out any) {
	u.env.t.Helper()
	code, b := u.do(method, path, body)
	if code != want {
		u.env.t.Fatalf("%s %s: status %d, want %d: %s", method, path, code, want, b)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			u.env.t.Fatalf("%s %s: decode %s: %v", method, path, b, err)
		}
	}
}

// gameView is the part of the game view the tests read.
type gameView struct {
	ID       int64                     `json:"id"`
	Status   string                    `json:"status"`
	Actions  int                       `json:"actions"`
	Finished bool                      `json:"finished"`
	Result   map[string]int            `json:"result"`
	Acting   []string                  `json:"acting"`
	You      []int                     `json:"you"`
	Legal    map[string][]choiceResult `json:"legal"`
	CanUndo  bool                      `json:"can_undo"`
	CanRedo  bool                      `json:"can_redo"`
	State    map[string]any            `json:"state"`
	Log      []string                  `json:"log"`
	At       *int                      `json:"at"`
	RulesOf  string                    `json:"rules_of"`
	Chat     []chatLine                `json:"chat"`
	// EndProposal is who agrees to end the game now.
	EndProposal *endProposal `json:"end_proposal"`
}

type choiceResult struct {
	Action    json.RawMessage `json:"action"`
	MaxPrice  int             `json:"max_price"`
	PriceStep int             `json:"price_step"`
	Open      string          `json:"open"`
}

func (u *user) view(id int64) gameView {
	u.env.t.Helper()
	var v gameView
	u.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &v)
	return v
}

func (u *user) create(req map[string]any) int64 {
	u.env.t.Helper()
	var out struct {
		ID int64 `json:"id"`
	}
	u.mustDo("POST", "/api/games", req, http.StatusCreated, &out)
	return out.ID
}

// storedActions returns the number of actions the store holds.
func (env *testEnv) storedActions(id int64) int {
	env.t.Helper()
	g, err := env.st.GetGame(context.Background(), id)
	if err != nil {
		env.t.Fatal(err)
	}
	acts, err := env.st.Actions(context.Background(), id, 0)
	if err != nil {
		env.t.Fatal(err)
	}
	if len(acts) != g.Actions {
		env.t.Fatalf("store: header says %d actions, log has %d", g.Actions, len(acts))
	}
	return g.Actions
}

// pick returns a legal action of the view (seeded choice), with routes
// filled in from the routes endpoint when the choice needs them.
func (u *user) pick(id int64, v gameView, rng *rand.Rand) json.RawMessage {
	u.env.t.Helper()
	var ents []string
	for _, e := range v.Acting {
		if len(v.Legal[e]) > 0 {
			ents = append(ents, e)
		}
	}
	if len(ents) == 0 {
		u.env.t.Fatalf("no legal choice for %v in %+v", v.You, v.Acting)
	}
	ent := ents[rng.IntN(len(ents))]
	ch := v.Legal[ent][rng.IntN(len(v.Legal[ent]))]
	if ch.Open != "routes" {
		return ch.Action
	}
	var routes struct {
		Routes json.RawMessage `json:"routes"`
	}
	u.mustDo("GET", fmt.Sprintf("/api/games/%d/routes?entity=%s", id, url.QueryEscape(ent)), nil, http.StatusOK, &routes)
	var a map[string]any
	if err := json.Unmarshal(ch.Action, &a); err != nil {
		u.env.t.Fatal(err)
	}
	a["routes"] = routes.Routes
	b, _ := json.Marshal(a)
	return b
}

func TestAccounts(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.AllowPrivateWebhooks = true }) // the webhook step posts to 127.0.0.1
	alice := env.anon()
	other := env.anon()
	steps := []struct {
		name   string
		u      *user
		method string
		path   string
		body   any
		want   int
		substr string
	}{
		{"signup", alice, "POST", "/api/signup", map[string]string{"name": "alice", "password": "correct horse"}, 201, `"name":"alice"`},
		{"me after signup", alice, "GET", "/api/me", nil, 200, `"name":"alice"`},
		{"duplicate name", other, "POST", "/api/signup", map[string]string{"name": "alice", "password": "another one"}, 409, "taken"},
		{"blank name", other, "POST", "/api/signup", map[string]string{"name": " ", "password": "correct horse"}, 400, "blank"},
		{"weak password", other, "POST", "/api/signup", map[string]string{"name": "bob", "password": "short"}, 400, "weak"},
		{"me without session", other, "GET", "/api/me", nil, 401, "not signed in"},
		{"wrong password", other, "POST", "/api/login", map[string]string{"name": "alice", "password": "wrong horse"}, 401, "wrong"},
		{"unknown name", other, "POST", "/api/login", map[string]string{"name": "nobody", "password": "wrong horse"}, 401, "wrong"},
		{"webhook bad url", alice, "PUT", "/api/me/webhook", map[string]string{"url": "ftp://x"}, 400, "http"},
		{"webhook", alice, "PUT", "/api/me/webhook", map[string]string{"url": "http://127.0.0.1:1/hook"}, 204, ""},
		{"me shows webhook", alice, "GET", "/api/me", nil, 200, `"webhook_url":"http://127.0.0.1:1/hook"`},
		{"logout", alice, "POST", "/api/logout", nil, 204, ""},
		{"me after logout", alice, "GET", "/api/me", nil, 401, ""},
		{"logout again", alice, "POST", "/api/logout", nil, 401, ""},
		{"login", other, "POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, 200, `"name":"alice"`},
		{"me after login", other, "GET", "/api/me", nil, 200, `"name":"alice"`},
	}
	for _, s := range steps {
		code, body := s.u.do(s.method, s.path, s.body)
		if code != s.want || !strings.Contains(string(body), s.substr) {
			t.Errorf("%s: %s %s = %d %s, want %d containing %q", s.name, s.method, s.path, code, body, s.want, s.substr)
		}
	}
	// the cookie is HttpOnly, SameSite=Lax, and only its hash is stored
	u := env.anon()
	b, _ := json.Marshal(map[string]string{"name": "carol", "password": "correct horse"})
	resp, err := u.c.Post(env.ts.URL+"/api/signup", "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var ck *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == cookieName {
			ck = c
		}
	}
	if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.MaxAge != int(sessionTTL/time.Second) {
		t.Fatalf("session cookie = %+v", ck)
	}
	if _, err := env.st.SessionUser(context.Background(), ck.Value, time.Now()); err == nil {
		t.Error("the raw token finds a session: the store must keep only its hash")
	}
	if _, err := env.st.SessionUser(context.Background(), tokenHash(ck.Value), time.Now().Add(sessionTTL+time.Minute)); err == nil {
		t.Error("session still valid after 30 days")
	}
}

func TestPasswordHash(t *testing.T) {
	p := Argon2Params{Time: 1, Memory: 1024, Threads: 1}
	h, err := hashPassword("secret password", p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("hash %q lacks its parameters", h)
	}
	for _, c := range []struct {
		pw   string
		want bool
	}{{"secret password", true}, {"secret passwore", false}, {"", false}} {
		ok, err := checkPassword(c.pw, h)
		if err != nil || ok != c.want {
			t.Errorf("checkPassword(%q) = %v, %v; want %v", c.pw, ok, err, c.want)
		}
	}
}

// twoPlayerGame creates a started 1860 game of alice (seat 0) and bob (seat 1).
func twoPlayerGame(t *testing.T, env *testEnv) (alice, bob *user, id int64) {
	alice, bob = env.signup("alice"), env.signup("bob")
	id = alice.create(map[string]any{"title": "1860", "players": 2})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusConflict, nil)
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 0}, http.StatusConflict, nil)
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusForbidden, nil)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	return alice, bob, id
}

func TestAuthorization(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	v := alice.view(id)
	if len(v.Acting) == 0 || v.Acting[0] != "1" || len(v.Legal["1"]) == 0 {
		t.Fatalf("alice should act first as player 1: acting %v, legal %v", v.Acting, v.Legal)
	}
	if bv := bob.view(id); len(bv.Legal) != 0 || len(bv.You) != 1 || bv.You[0] != 2 {
		t.Fatalf("bob's view: you %v legal %v; want you [2], no legal moves", bv.You, bv.Legal)
	}
	act := v.Legal["1"][0].Action
	body, _ := json.Marshal(map[string]any{"seq": 0, "action": act})
	path := fmt.Sprintf("/api/games/%d/actions", id)
	cases := []struct {
		name string
		u    *user
		hdr  map[string]string
		body []byte
		want int
	}{
		{"other player's seat", bob, nil, body, http.StatusForbidden},
		{"no session", env.anon(), nil, body, http.StatusUnauthorized},
		{"cross-origin form post", alice, map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site",
			"Content-Type": "application/x-www-form-urlencoded"}, []byte("seq=0"), http.StatusForbidden},
		{"cross-origin JSON post", alice, map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}, body, http.StatusForbidden},
	}
	for _, c := range cases {
		req, _ := http.NewRequest("POST", env.ts.URL+path, bytes.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		for k, v := range c.hdr {
			req.Header.Set(k, v)
		}
		resp, err := c.u.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.want || !strings.Contains(string(b), `"error"`) {
			t.Errorf("%s: status %d %s, want %d with an error", c.name, resp.StatusCode, b, c.want)
		}
		if n := env.storedActions(id); n != 0 {
			t.Fatalf("%s: %d actions stored, want none", c.name, n)
		}
	}
	// the seat holder may act
	alice.mustDo("POST", path, map[string]any{"seq": 0, "action": act}, http.StatusOK, nil)
	if n := env.storedActions(id); n != 1 {
		t.Fatalf("%d actions stored, want 1", n)
	}
}

func TestPlayOpeningHotseat(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	v := alice.view(id)
	if v.Status != "new" || len(v.Legal) != 0 {
		t.Fatalf("new game: status %q legal %v", v.Status, v.Legal)
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	startLog := len(alice.view(id).Log)
	var prevState string
	for i := range 60 {
		v := alice.view(id)
		if v.Actions != i {
			t.Fatalf("step %d: view has %d actions", i, v.Actions)
		}
		if len(v.You) != 3 {
			t.Fatalf("hotseat owner plays %v, want all 3 seats", v.You)
		}
		st, _ := json.Marshal(v.State)
		if string(st) == prevState {
			t.Fatalf("step %d: state did not change after an action", i)
		}
		prevState = string(st)
		act := alice.pick(id, v, rng)
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": i, "action": act}, http.StatusOK, nil)
	}
	v = alice.view(id)
	if v.Actions != 60 || env.storedActions(id) != 60 {
		t.Fatalf("after 60 moves: view %d actions, store %d", v.Actions, env.storedActions(id))
	}
	if len(v.Log) <= startLog {
		t.Errorf("log did not grow: %d lines", len(v.Log))
	}
	// history: the view after the first 10 actions is the live view then
	h := alice.view(id)
	var hist gameView
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d?action=10", id), nil, http.StatusOK, &hist)
	if hist.At == nil || *hist.At != 10 || len(hist.Legal) != 0 {
		t.Errorf("history view: at %v legal %v", hist.At, hist.Legal)
	}
	if len(hist.Log) >= len(h.Log) {
		t.Errorf("history log has %d lines, live %d", len(hist.Log), len(h.Log))
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d?action=61", id), nil, http.StatusBadRequest, nil)
	// export and re-import the unfinished game: same state
	code, exp := alice.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
	if code != http.StatusOK {
		t.Fatalf("export: %d %s", code, exp)
	}
	var id2 struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", exp, http.StatusCreated, &id2)
	v2 := alice.view(id2.ID)
	a, _ := json.Marshal(v.State)
	b, _ := json.Marshal(v2.State)
	if !bytes.Equal(a, b) {
		t.Error("re-imported export has a different state")
	}
}

func TestUndoRedo(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	v0 := alice.view(id)
	if v0.CanUndo || v0.CanRedo {
		t.Fatalf("fresh game: can_undo %v can_redo %v", v0.CanUndo, v0.CanRedo)
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/undo", id), map[string]int{"seq": 0}, http.StatusUnprocessableEntity, nil)
	act := v0.Legal[v0.Acting[0]][0].Action
	var v1, v2, v3 gameView
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": act}, http.StatusOK, &v1)
	if !v1.CanUndo {
		t.Fatal("cannot undo after a move")
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/undo", id), map[string]int{"seq": 1}, http.StatusOK, &v2)
	if v2.Actions != 2 || !v2.CanRedo || v2.CanUndo {
		t.Fatalf("after undo: actions %d can_redo %v can_undo %v", v2.Actions, v2.CanRedo, v2.CanUndo)
	}
	s0, _ := json.Marshal(v0.State)
	s2, _ := json.Marshal(v2.State)
	if !bytes.Equal(s0, s2) {
		t.Error("undo did not restore the state")
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/redo", id), map[string]int{"seq": 2}, http.StatusOK, &v3)
	s1, _ := json.Marshal(v1.State)
	s3, _ := json.Marshal(v3.State)
	if !bytes.Equal(s1, s3) || v3.CanRedo {
		t.Errorf("redo did not restore the move (can_redo %v)", v3.CanRedo)
	}
	// the log keeps the undo and redo, as on 18xx.games
	code, exp := alice.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
	if code != 200 || !strings.Contains(string(exp), `"type":"undo"`) || !strings.Contains(string(exp), `"type":"redo"`) {
		t.Errorf("export lacks the undo/redo: %s", exp)
	}
}

func TestRefusals(t *testing.T) {
	env := newEnv(t, nil)
	alice, _, id := twoPlayerGame(t, env)
	v := alice.view(id)
	var legal map[string]any
	if err := json.Unmarshal(v.Legal["1"][0].Action, &legal); err != nil {
		t.Fatal(err)
	}
	illegal := map[string]any{}
	for k, x := range legal {
		illegal[k] = x
	}
	illegal["price"] = 100000
	notActing := map[string]any{"type": "pass", "entity": 2, "entity_type": "player"}
	path := fmt.Sprintf("/api/games/%d/actions", id)
	big := bytes.Repeat([]byte(" "), 5<<20)
	cases := []struct {
		name   string
		path   string
		body   any
		want   int
		substr string
	}{
		{"stale seq", path, map[string]any{"seq": 3, "action": legal}, 409, "game moved on"},
		{"illegal bid", path, map[string]any{"seq": 0, "action": illegal}, 422, "illegal"},
		{"malformed JSON", path, []byte(`{"seq":0,"action":`), 400, "malformed"},
		{"malformed action", path, map[string]any{"seq": 0, "action": map[string]any{"type": "bid"}}, 400, "entity"},
		{"missing seq", path, map[string]any{"action": legal}, 400, "seq"},
		{"5 MiB body", path, big, 413, "limit"},
		{"unknown game", "/api/games/999/actions", map[string]any{"seq": 0, "action": legal}, 404, "no game"},
		{"undo is its own endpoint", path, map[string]any{"seq": 0, "action": map[string]any{"type": "undo", "entity": 1, "entity_type": "player"}}, 400, "undo"},
		{"not your seat", path, map[string]any{"seq": 0, "action": notActing}, 403, "player 2"},
		{"unknown endpoint", "/api/nothing", nil, 404, "no API endpoint"},
	}
	for _, c := range cases {
		code, body := alice.do("POST", c.path, c.body)
		if code != c.want || !strings.Contains(string(body), c.substr) || !strings.Contains(string(body), `"error"`) {
			t.Errorf("%s: %d %s; want %d containing %q", c.name, code, body, c.want, c.substr)
		}
		if n := env.storedActions(id); n != 0 {
			t.Fatalf("%s: %d actions stored", c.name, n)
		}
	}
	for _, c := range []struct {
		path string
		want int
	}{{"/api/games/999", 404}, {"/api/games/x", 404}, {"/api/games/999/export", 404}, {"/api/games/999/map", 404}} {
		if code, body := alice.do("GET", c.path, nil); code != c.want {
			t.Errorf("GET %s: %d %s, want %d", c.path, code, body, c.want)
		}
	}
	// game creation errors come back 400 with the engine's message
	for _, c := range []struct {
		req    map[string]any
		substr string
	}{
		{map[string]any{"title": "1830", "players": 3}, "not supported"},
		{map[string]any{"title": "1860", "players": 5}, "2 to 4"},
		{map[string]any{"title": "1860", "players": 3, "options": []string{"nonsense"}}, "unknown option"},
		{map[string]any{"title": "1825", "players": 3, "options": []string{"unit_3"}}, "units 3"},
		{map[string]any{"title": "1860", "players": 3, "bots": map[string]string{"1": "genius"}}, "unknown kind"},
	} {
		code, body := alice.do("POST", "/api/games", c.req)
		if code != 400 || !strings.Contains(string(body), c.substr) {
			t.Errorf("create %v: %d %s; want 400 containing %q", c.req, code, body, c.substr)
		}
	}
}

func TestImportFixtures(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	for _, path := range realGames(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data := fixtures.MustRead(t, path)
			src, err := g18xx.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			var out struct {
				ID int64 `json:"id"`
			}
			alice.mustDo("POST", "/api/games/import", data, http.StatusCreated, &out)
			v := alice.view(out.ID)
			if !v.Finished || v.Status != "finished" || !mapsEqual(v.Result, src.Result) {
				t.Fatalf("imported: finished %v status %s result %v, want %v", v.Finished, v.Status, v.Result, src.Result)
			}
			if v.Actions != len(src.Actions) {
				t.Errorf("stored %d actions, export has %d", v.Actions, len(src.Actions))
			}
			code, exp := alice.do("GET", fmt.Sprintf("/api/games/%d/export", out.ID), nil)
			if code != http.StatusOK {
				t.Fatalf("export: %d", code)
			}
			back, err := g18xx.Decode(bytes.NewReader(exp))
			if err != nil {
				t.Fatalf("export does not decode: %v", err)
			}
			if back.Title != src.Title || len(back.Actions) != len(src.Actions) || !mapsEqual(back.Result, src.Result) || back.GameEndReason != src.GameEndReason {
				t.Errorf("export: title %s actions %d result %v reason %q", back.Title, len(back.Actions), back.Result, back.GameEndReason)
			}
			alice.mustDo("POST", "/api/games/import", exp, http.StatusCreated, &out)
			if v2 := alice.view(out.ID); !v2.Finished || !mapsEqual(v2.Result, src.Result) {
				t.Errorf("re-imported: finished %v result %v", v2.Finished, v2.Result)
			}
		})
	}
}

func TestImportRefusals(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	data := fixtures.MustRead(t, realGames(t)[0])
	src, err := g18xx.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// break one action: a bid far beyond anyone's cash
	var broken int
	for i := range src.Actions {
		if src.Actions[i].Type == "bid" {
			src.Actions[i].Price = 1000000
			broken = src.Actions[i].ID
			break
		}
	}
	bad, err := g18xx.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	code, body := alice.do("POST", "/api/games/import", bad)
	if code != http.StatusUnprocessableEntity || !strings.Contains(string(body), fmt.Sprintf("action id %d ", broken)) {
		t.Errorf("broken import: %d %s; want 422 naming action id %d", code, body, broken)
	}
	if code, body := alice.do("POST", "/api/games/import", []byte(`{"title":"1860"}`)); code != http.StatusBadRequest {
		t.Errorf("headerless import: %d %s", code, body)
	}
	if code, _ := env.anon().do("POST", "/api/games/import", data); code != http.StatusUnauthorized {
		t.Errorf("import without session: %d", code)
	}
	if games, _ := env.st.ListGames(context.Background(), storeFilterAll()); len(games) != 0 {
		t.Errorf("%d games stored after refused imports", len(games))
	}
}

func TestWebSocket(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	wsURL := "ws" + strings.TrimPrefix(env.ts.URL, "http") + fmt.Sprintf("/api/games/%d/ws", id)
	conn, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPClient: bob.c})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	waitFor(t, func() bool { return env.srv.hubOf(id) != nil })
	v := alice.view(id)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": v.Legal["1"][0].Action}, http.StatusOK, nil)
	_, msg, err := conn.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Type    string          `json:"type"`
		Game    int64           `json:"game"`
		Seq     int             `json:"seq"`
		Actions int             `json:"actions"`
		Action  json.RawMessage `json:"action"`
	}
	if err := json.Unmarshal(msg, &m); err != nil {
		t.Fatal(err)
	}
	if m.Type != "action" || m.Game != id || m.Seq != 0 || m.Actions != 1 || !strings.Contains(string(m.Action), `"id":1`) {
		t.Errorf("message %s", msg)
	}
	// a late client asks for the actions from seq 0 on
	conn2, _, err := websocket.Dial(ctx, wsURL+"?from=0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn2.CloseNow()
	if _, msg, err := conn2.Read(ctx); err != nil || !strings.Contains(string(msg), `"seq":0`) {
		t.Errorf("backlog: %s %v", msg, err)
	}
}

func TestBotSeats(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true, "bots": map[string]string{"1": "random", "2": "random"}})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	v := alice.view(id)
	if len(v.You) != 1 || v.You[0] != 1 || v.Acting[0] != "1" {
		t.Fatalf("human plays %v, acting %v", v.You, v.Acting)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 3 {
		act := alice.pick(id, v, rng)
		var after gameView
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": act}, http.StatusOK, &after)
		// the bots move until the human is acting again
		waitFor(t, func() bool {
			v = alice.view(id)
			return v.Finished || len(v.Legal) > 0
		})
		if v.Actions < after.Actions+1 {
			t.Fatalf("round %d: no bot moved (%d actions)", round, v.Actions)
		}
		if env.srv.botActing(mustEntry(t, env.srv, id)) {
			t.Fatal("a bot is still acting")
		}
	}
	acts, _ := env.st.Actions(context.Background(), id, 0)
	bots := 0
	for _, a := range acts {
		if a.UserID == 0 {
			bots++
		}
	}
	if bots == 0 {
		t.Error("no action stored as a bot's")
	}
}

func TestMultiInstance(t *testing.T) {
	st := memstore.New()
	env1 := newEnv(t, st)
	env2 := newEnv(t, st)
	alice1, _, id := twoPlayerGame(t, env1)
	alice2 := env2.anon()
	alice2.mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusOK, nil)
	// both instances have the game cached
	v := alice1.view(id)
	_ = alice2.view(id)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(env2.ts.URL, "http")+fmt.Sprintf("/api/games/%d/ws", id), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	waitFor(t, func() bool { return env2.srv.hubOf(id) != nil })
	act := v.Legal["1"][0].Action
	alice1.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": act}, http.StatusOK, nil)
	// instance 2 hears of it from the store and pushes the action to its
	// client; a view asked for after that push is up to date
	if _, msg, err := conn.Read(ctx); err != nil || !strings.Contains(string(msg), `"type":"action"`) {
		t.Errorf("instance 2 websocket: %s %v", msg, err)
	}
	if v2 := alice2.view(id); v2.Actions != 1 {
		t.Errorf("instance 2 view has %d actions", v2.Actions)
	}
	// the same stale submission on instance 2 is refused by the store
	code, body := alice2.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": act})
	if code != http.StatusConflict || !strings.Contains(string(body), "game moved on") {
		t.Errorf("stale on instance 2: %d %s", code, body)
	}
}

// deafStore is a store whose events never arrive (an instance that has not
// yet heard of another's commits).
type deafStore struct{ *memstore.Store }

func (d deafStore) Subscribe(ctx context.Context) (<-chan store.GameEvent, error) {
	ch := make(chan store.GameEvent)
	go func() { <-ctx.Done(); close(ch) }()
	return ch, nil
}

// TestLaggingInstance: an instance that has not heard of the latest action
// still accepts a move made at the store's current sequence number (it
// re-reads the store rather than calling it stale).
func TestLaggingInstance(t *testing.T) {
	st := memstore.New()
	env1 := newEnv(t, st)
	alice1, bob1, id := twoPlayerGame(t, env1)
	deaf := newEnvWithStore(t, deafStore{st})
	bob2 := deaf.anon()
	bob2.mustDo("POST", "/api/login", map[string]string{"name": "bob", "password": "correct horse"}, http.StatusOK, nil)
	if v := bob2.view(id); v.Actions != 0 { // cached on the deaf instance at 0 actions
		t.Fatalf("fresh game has %d actions", v.Actions)
	}
	v := alice1.view(id)
	alice1.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": v.Legal["1"][0].Action}, http.StatusOK, nil)
	v = bob1.view(id)
	var next json.RawMessage
	for _, list := range v.Legal {
		if len(list) > 0 {
			next = list[0].Action
			break
		}
	}
	if next == nil {
		t.Fatal("no legal move after the first")
	}
	code, body := bob2.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 1, "action": next})
	if code != http.StatusOK {
		t.Fatalf("move at the current seq on the lagging instance: %d %s", code, body)
	}
	if n := deaf.storedActions(id); n != 2 {
		t.Fatalf("store has %d actions, want 2", n)
	}
}

func TestHealthAndMetrics(t *testing.T) {
	env := newEnv(t, nil)
	u := env.anon()
	if code, body := u.do("GET", "/healthz", nil); code != 200 || strings.TrimSpace(string(body)) != "ok" {
		t.Errorf("healthz: %d %q", code, body)
	}
	u.do("GET", "/api/games/12345", nil)
	code, body := u.do("GET", "/metrics", nil)
	for _, want := range []string{
		`tresham_http_requests_total{code="404",route="GET /api/games/{id}"} 1`,
		`tresham_http_request_duration_seconds_bucket{route="GET /healthz",le="+Inf"} 1`,
		"# TYPE tresham_replay_seconds histogram",
		"tresham_websockets_open 0",
		"go_goroutines ",
		"process_resident_memory_bytes ",
		"tresham_cache_bytes ",
		"tresham_cache_misses_total 1", // the look-up of game 12345
	} {
		if code != 200 || !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %q:\n%s", want, body)
		}
	}
	if code, body := u.do("GET", "/", nil); code != 200 || !strings.Contains(string(body), "Tresham") {
		t.Errorf("placeholder page: %d", code)
	}
	var titles []titleInfo
	u.mustDo("GET", "/api/titles", nil, 200, &titles)
	if len(titles) != 2 {
		t.Errorf("titles: %v", titles)
	}
	for _, ti := range titles {
		if ti.Description == "" || len(ti.Options) == 0 || ti.Options[0].Description == "" || ti.MinPlayers < 2 {
			t.Errorf("title %s is described incompletely: %+v", ti.Title, ti)
		}
	}
	// the lobby's computer players: the levels, each a kind the server seats
	var bots []botChoice
	u.mustDo("GET", "/api/bots", nil, 200, &bots)
	var levels []string
	for _, b := range bots {
		if _, err := bot.New(b.Kind, 1); err != nil || b.Label == "" {
			t.Errorf("bot choice %+v: %v", b, err)
		}
		if b.Level != "" {
			levels = append(levels, b.Level)
		}
	}
	if !slices.Equal(levels, []string{"easy", "medium", "hard", "expert"}) {
		t.Errorf("levels %v, want easy, medium, hard, expert", levels)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out waiting")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func mustEntry(t *testing.T, s *Server, id int64) *entry {
	e, err := s.game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	e.mu.Unlock()
	return e
}

func storeFilterAll() store.Filter { return store.Filter{} }

func TestWebhook(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.AllowPrivateWebhooks = true }) // the hook is on 127.0.0.1
	got := make(chan webhookBody, 4)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b webhookBody
		if err := json.NewDecoder(r.Body).Decode(&b); err != nil {
			t.Errorf("webhook body: %v", err)
		}
		got <- b
	}))
	defer hook.Close()
	alice, bob, id := twoPlayerGame(t, env)
	bob.mustDo("PUT", "/api/me/webhook", map[string]string{"url": hook.URL}, http.StatusNoContent, nil)
	alice.mustDo("PUT", "/api/me/webhook", map[string]string{"url": hook.URL}, http.StatusNoContent, nil)
	rng := rand.New(rand.NewPCG(5, 6))
	// alice moves until bob is acting
	for range 10 {
		v := alice.view(id)
		if len(v.Legal) == 0 {
			break
		}
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": alice.pick(id, v, rng)}, http.StatusOK, nil)
	}
	select {
	case b := <-got:
		if b.Game != id || b.Title != "1860" || b.Player != 2 || len(b.Acting) == 0 {
			t.Errorf("webhook %+v", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no webhook for bob")
	}
	select {
	case b := <-got:
		t.Errorf("unexpected second webhook %+v (alice made the moves herself)", b)
	case <-time.After(100 * time.Millisecond):
	}
}

func TestSlowClientDropped(t *testing.T) {
	h := &hub{id: 1, clients: map[*client]struct{}{}}
	slow := &client{send: make(chan []byte, 1), slow: make(chan struct{})}
	fast := &client{send: make(chan []byte, 8), slow: make(chan struct{})}
	h.clients[slow], h.clients[fast] = struct{}{}, struct{}{}
	for seq := range 3 {
		h.sendAction(seq, json.RawMessage(`{}`), nil)
	}
	select {
	case <-slow.slow:
	default:
		t.Error("the slow client was not dropped")
	}
	if _, ok := h.clients[slow]; ok || len(fast.send) != 3 || h.sent != 3 {
		t.Errorf("after broadcasts: slow still registered %v, fast queued %d, sent %d", ok, len(fast.send), h.sent)
	}
}

func TestManyWebSockets(t *testing.T) {
	if testing.Short() {
		t.Skip("opens 1000 sockets")
	}
	const n = 1000
	env := newEnvWith(t, nil, func(c *Config) { c.MaxSocketsPerAddr = n + 10 })
	alice, _, id := twoPlayerGame(t, env)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(env.ts.URL, "http") + fmt.Sprintf("/api/games/%d/ws", id)
	conns := make([]*websocket.Conn, n)
	for i := range conns {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		defer c.CloseNow()
		conns[i] = c
	}
	waitFor(t, func() bool {
		h := env.srv.hubOf(id)
		if h == nil {
			return false
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.clients) == n
	})
	v := alice.view(id)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": 0, "action": v.Legal["1"][0].Action}, http.StatusOK, nil)
	for i, c := range conns {
		if _, msg, err := c.Read(ctx); err != nil || !strings.Contains(string(msg), `"seq":0`) {
			t.Fatalf("socket %d: %s %v", i, msg, err)
		}
	}
}

func TestGracefulShutdown(t *testing.T) {
	st := memstore.New()
	srv := New(Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}}, st, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	base := "http://" + ln.Addr().String()
	g, err := st.CreateGame(context.Background(), store.Game{Title: "1860", Status: store.StatusNew,
		Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dctx, dcancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer dcancel()
	conn, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(base, "http")+fmt.Sprintf("/api/games/%d/ws", g.ID), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	_, _, err = conn.Read(dctx)
	if websocket.CloseStatus(err) != websocket.StatusGoingAway {
		t.Errorf("websocket after shutdown: %v, want going away", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("server still answers after shutdown")
	}
}

// TestCacheKeepsTheGameInUse: with more games than the cache holds, the
// game just asked for stays cached (the least recently used other one is
// evicted), so playing it does not replay it from the store every time.
func TestCacheKeepsTheGameInUse(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.CacheSize = 2 })
	alice := env.signup("alice")
	var ids []int64
	for range 3 {
		id := alice.create(map[string]any{"title": "1860", "players": 2, "hotseat": true})
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
		ids = append(ids, id)
	}
	for round := range 3 {
		for _, id := range ids {
			alice.view(id)
			env.srv.cacheMu.Lock()
			_, cached := env.srv.cache[id]
			n := len(env.srv.cache)
			env.srv.cacheMu.Unlock()
			if !cached || n > 2 {
				t.Fatalf("round %d: game %d cached %v, %d entries (limit 2)", round, id, cached, n)
			}
		}
	}
}

// serveLoopback serves srv (Serve: the connection limits included) on a
// loopback port until the test ends, and returns its address.
func serveLoopback(t *testing.T, srv *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return ln.Addr().String()
}
