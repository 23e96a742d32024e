package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	fx "tresham/internal/fixtures"
	"tresham/store"
	"tresham/store/memstore"
)

// rawRequest opens a connection to the test server and sends head (the
// request line and headers, without the blank line) and then part of a
// body; the connection is left open.
func rawRequest(t *testing.T, addr, head, body string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, head+"\r\nHost: test\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
	return c
}

// readResponse reads one response from c within wait.
func readResponse(t *testing.T, c net.Conn, wait time.Duration) (*http.Response, string, error) {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(wait))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b), nil
}

// TestStalledBodiesHoldLittle: issue 39, finding 4. A login body of
// 4 MiB - 1 bytes that stalls was buffered until the read timeout, with no
// cap per address: now a body over its endpoint's limit is refused from
// its Content-Length before any of it is read, a small body that stalls is
// dropped after the short read timeout, and one address has a bounded
// number of requests in flight.
func TestStalledBodiesHoldLittle(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.ReadTimeout = 500 * time.Millisecond })
	addr := strings.TrimPrefix(env.ts.URL, "http://")

	// a login body far over what a name and a password need: refused at once
	c := rawRequest(t, addr, "POST /api/login HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 4194303", `{"name":"`)
	resp, body, err := readResponse(t, c, 5*time.Second)
	if err != nil {
		t.Fatalf("a 4 MiB login body that stalls: no answer before its body is sent: %v", err)
	}
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, fmt.Sprint(smallBody)) {
		t.Errorf("a 4 MiB login body: %d %s; want 413 naming the limit of %d bytes", resp.StatusCode, body, smallBody)
	}

	// a small body that stalls is dropped after the read timeout
	c = rawRequest(t, addr, "POST /api/login HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 100", `{"name":"`)
	start := time.Now()
	resp, body, err = readResponse(t, c, 5*time.Second)
	if err != nil {
		t.Fatalf("a stalled login body: not dropped within 5 s: %v", err)
	}
	if resp.StatusCode != http.StatusBadRequest && resp.StatusCode != http.StatusRequestTimeout {
		t.Errorf("a stalled login body: %d %s; want 400 (the body did not arrive)", resp.StatusCode, body)
	}
	t.Logf("a stalled login body was answered %d after %v", resp.StatusCode, time.Since(start).Round(10*time.Millisecond))

	// one address holds at most MaxRequestsPerAddr requests in flight
	env2 := newEnvWith(t, nil, nil) // the default read timeout: the stalled requests stay
	addr2 := strings.TrimPrefix(env2.ts.URL, "http://")
	stalled := make([]net.Conn, defaultRequestsPerAddr)
	for i := range stalled {
		stalled[i] = rawRequest(t, addr2, "POST /api/login HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 100", `{"name":"`)
	}
	waitFor(t, func() bool {
		env2.srv.inFlight.mu.Lock()
		defer env2.srv.inFlight.mu.Unlock()
		return env2.srv.inFlight.byAddr["127.0.0.1"] == defaultRequestsPerAddr
	})
	anon := env2.anon()
	code, out := anon.do("GET", "/api/titles", nil)
	if code != http.StatusTooManyRequests || !strings.Contains(string(out), fmt.Sprint(defaultRequestsPerAddr)) {
		t.Errorf("request %d from one address with %d stalled: %d %s; want 429 naming the limit", defaultRequestsPerAddr+1, defaultRequestsPerAddr, code, out)
	}
	for _, c := range stalled {
		c.Close()
	}
	waitFor(t, func() bool {
		code, _ := anon.do("GET", "/api/titles", nil)
		return code == http.StatusOK
	})
}

// TestConnectionsPerAddress: issue 39, finding 4. Serve closes at once the
// connections of an address over Config.MaxConnsPerAddr.
func TestConnectionsPerAddress(t *testing.T) {
	const max = 4
	st := memstore.New()
	srv := New(Config{MaxConnsPerAddr: max}, st, slog.New(slog.DiscardHandler))
	addr := serveLoopback(t, srv)
	get := func(c net.Conn) error {
		if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n"); err != nil {
			return err
		}
		_, _, err := readResponse(t, c, 5*time.Second)
		return err
	}
	var open []net.Conn
	for range max {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if err := get(c); err != nil {
			t.Fatalf("connection %d of %d: %v", len(open)+1, max, err)
		}
		open = append(open, c)
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := get(c); err == nil {
		t.Errorf("connection %d from one address was served; want it closed (the limit is %d)", max+1, max)
	}
	open[0].Close()
	waitFor(t, func() bool {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			return false
		}
		defer c.Close()
		return get(c) == nil
	})
}

// TestOneAccountCannotInflateTheLobby: issue 39, finding 1. Repeated
// options were stored and sent in every summary, and started hotseat games
// escaped the table limit: one account made every lobby page, the
// profile and status=active megabytes long. Options are now deduplicated
// and checked against the title's list, summaries carry at most
// maxSummaryOptions, and unfinished hotseat games count against
// maxOwnHotseat.
func TestOneAccountCannotInflateTheLobby(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	anon := env.anon()
	padded := make([]string, 4000) // as many as a body of 64 KiB holds
	for i := range padded {
		padded[i] = "destinations"
	}
	for range maxUnstarted {
		alice.create(map[string]any{"title": "1860", "players": 4, "options": padded})
	}
	var page struct {
		Games []summaryJSON `json:"games"`
	}
	code, body := anon.do("GET", "/api/games?status=new", nil)
	if code != http.StatusOK || json.Unmarshal(body, &page) != nil || len(page.Games) != maxUnstarted {
		t.Fatalf("lobby: %d %.300s", code, body)
	}
	for _, g := range page.Games {
		if !slices.Equal(g.Options, []string{"destinations"}) {
			t.Fatalf("game %d lists %d options; want the one option once", g.ID, len(g.Options))
		}
	}
	t.Logf("lobby page of %d tables with 4000 repeated options each: %d bytes", len(page.Games), len(body))
	if len(body) > 32<<10 {
		t.Errorf("lobby page of %d tables: %d bytes; want under 32 KiB", len(page.Games), len(body))
	}
	if code, body := alice.do("POST", "/api/games", map[string]any{"title": "1860", "players": 4, "options": []string{strings.Repeat("x", 5000)}}); code != http.StatusBadRequest || !strings.Contains(string(body), "unknown option") {
		t.Errorf("an unknown option: %d %.300s; want 400", code, body)
	}

	// started hotseat games count against the hotseat limit
	bob := env.signup("bob")
	for range maxOwnHotseat {
		id := bob.create(map[string]any{"title": "1860", "players": 4, "hotseat": true, "options": padded})
		bob.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	}
	code, body = bob.do("POST", "/api/games", map[string]any{"title": "1860", "players": 4, "hotseat": true})
	if code != http.StatusTooManyRequests || !strings.Contains(string(body), fmt.Sprint(maxOwnHotseat)) {
		t.Errorf("hotseat game %d: %d %.300s; want 429 naming the limit of %d", maxOwnHotseat+1, code, body, maxOwnHotseat)
	}
	code, body = anon.do("GET", "/api/games?status=active&limit=100", nil)
	t.Logf("status=active page: %d bytes", len(body))
	if code != http.StatusOK || len(body) > 64<<10 {
		t.Errorf("status=active: %d, %d bytes; want 200 under 64 KiB", code, len(body))
	}
	code, body = anon.do("GET", "/api/players/alice?limit=100", nil)
	t.Logf("profile page: %d bytes", len(body))
	if code != http.StatusOK || len(body) > 64<<10 {
		t.Errorf("profile: %d, %d bytes; want 200 under 64 KiB", code, len(body))
	}
}

// TestRouteCheckIsBounded: issue 39, finding 2. An anonymous check of
// 20,000 copies of one route held the game's lock for seconds: a
// candidate run is now refused when it has more routes or hexes than any
// legal run, before any of it is checked, and the heavy reads of one
// caller are budgeted (429 with Retry-After).
func TestRouteCheckIsBounded(t *testing.T) {
	// a fake clock: the budget does not refill while the test (under a
	// loaded machine) spends it
	clk := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now = clk.Now })
	alice := env.signup("alice")
	id, run, _ := importBefore(t, alice)
	anon := env.anon()
	path := fmt.Sprintf("/api/games/%d/routes/check", id)
	routes := run["routes"].([]any)
	one := routes[0]
	padded := make([]any, 1400)
	for i := range padded {
		padded[i] = one
	}
	body, _ := json.Marshal(map[string]any{"entity": run["entity"], "routes": padded})
	t.Logf("a check of %d copies of one route: %d bytes", len(padded), len(body))
	start := time.Now()
	code, out := anon.do("POST", path, body)
	t.Logf("answered %d in %v", code, time.Since(start).Round(time.Millisecond))
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(string(out), fmt.Sprint(maxCheckRoutes)) {
		t.Errorf("a check of %d routes: %d %.300s; want 413 naming the limit of %d", len(padded), code, out, maxCheckRoutes)
	}
	// the player's own run is still checked
	var ck struct {
		Legal bool `json:"legal"`
	}
	anon.mustDo("POST", path, map[string]any{"entity": run["entity"], "routes": routes}, http.StatusOK, &ck)
	if !ck.Legal {
		t.Error("the fixture's own run is not legal")
	}
	// one caller's heavy requests are budgeted: the first refusal comes
	// once the burst is spent (refilled meanwhile at heavyRate a second)
	check, _ := json.Marshal(map[string]any{"entity": run["entity"], "routes": routes})
	refused := -1
	for i := range 2 * heavyBurst {
		req, _ := http.NewRequest("POST", env.ts.URL+path, bytes.NewReader(check))
		resp, err := anon.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			refused = i
			if resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), fmt.Sprint(heavyBurst)) {
				t.Errorf("check %d past the budget: %s, Retry-After %q; want the limit named and Retry-After", i, b, resp.Header.Get("Retry-After"))
			}
			break
		}
	}
	if refused < heavyBurst-2 { // the two checks above spent two
		t.Errorf("first refusal at check %d; want one after the burst of %d", refused, heavyBurst)
	}
	// another caller is not held to it
	code, out = env.signup("bob").do("POST", path, map[string]any{"entity": run["entity"], "routes": routes})
	if code != http.StatusOK {
		t.Errorf("another caller's check: %d %.200s", code, out)
	}
}

// TestHintIsBoundedAndCancelled: issue 39, finding 5. A hint (seconds of
// search) ran outside the bots' thinking slots, unbudgeted, and on after
// its client had gone. Now it takes a thinking slot, stops when its
// request goes, and one caller's hints are budgeted (429 + Retry-After).
func TestHintIsBoundedAndCancelled(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.MaxConcurrentThinking = 1 })
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	path := fmt.Sprintf("/api/games/%d/hint", id)

	// a hint whose search would never end, dropped by its client
	env.srv.hintNodes.Store(1 << 50)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", env.ts.URL+path, nil)
	if resp, err := env.anon().c.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("an endless hint answered %d", resp.StatusCode)
	}
	// its handler returns (the search stopped) and its slot is free
	waitFor(t, func() bool {
		_, body := env.anon().do("GET", "/metrics", nil)
		return strings.Contains(string(body), `route="GET /api/games/{id}/hint"`)
	})
	if n := len(env.srv.thinkSlots); n != 0 {
		t.Errorf("%d thinking slots taken after the hint's request went", n)
	}

	// one caller's hints are budgeted
	env.srv.hintNodes.Store(20)
	anon := env.anon()
	for i := range hintBurst - 1 { // the dropped hint spent one
		if code, body := anon.do("GET", path, nil); code != http.StatusOK {
			t.Fatalf("hint %d: %d %.200s", i+2, code, body)
		}
	}
	req, _ = http.NewRequest("GET", env.ts.URL+path, nil)
	resp, err := anon.c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), "hints") {
		t.Errorf("hint %d from one address: %d %s (Retry-After %q); want 429 with Retry-After", hintBurst+1, resp.StatusCode, b, resp.Header.Get("Retry-After"))
	}
	// a signed-in player has a budget of their own
	alice.mustDo("GET", path, nil, http.StatusOK, nil)
}

// paddedExport is the fixture 1860/19354 with its header padded as the red
// team did: a long description, exporting user and setting, and an
// unknown key, about 3 MB in all.
func paddedExport(t *testing.T) []byte {
	t.Helper()
	var src map[string]any
	if err := json.Unmarshal(fx.MustRead(t, "1860/19354.json"), &src); err != nil {
		t.Fatal(err)
	}
	pad := strings.Repeat("x", 700_000)
	src["description"] = pad
	src["user"] = map[string]any{"id": 1, "name": pad, "more": pad}
	settings := src["settings"].(map[string]any)
	settings["padding"] = pad
	settings["optional_rules"] = []string{}
	src["unknown_key"] = pad
	b, err := json.Marshal(src)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestImportsAreBounded: issue 39, finding 3. Padded header fields were
// stored verbatim (40 imports added 162 MB) and imports had no count or
// rate limit. The header is now kept clipped to the fields 18xx.games
// reads, each action compacted and at most maxImportAction bytes, and an
// account's imports are counted (maxImports) and budgeted.
func TestImportsAreBounded(t *testing.T) {
	st := memstore.New()
	env := newEnv(t, st)
	alice := env.signup("alice")
	body := paddedExport(t)
	var out struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", body, http.StatusCreated, &out)
	h, err := st.GetGame(context.Background(), out.ID)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a padded export of %d bytes keeps a header of %d bytes", len(body), len(h.Meta))
	if len(h.Meta) > 8<<10 {
		t.Errorf("the stored header is %d bytes; want under 8 KiB", len(h.Meta))
	}
	// the export still carries the game's own header fields
	var exp struct {
		Title    string `json:"title"`
		Settings struct {
			Seed int64 `json:"seed"`
		} `json:"settings"`
		Players []struct{ Name string } `json:"players"`
	}
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/export", out.ID), nil, http.StatusOK, &exp)
	if exp.Title != "1860" || exp.Settings.Seed == 0 || len(exp.Players) == 0 {
		t.Errorf("export after a padded import: %+v", exp)
	}

	// an action padded past maxImportAction is refused, naming it
	var src map[string]any
	_ = json.Unmarshal(fx.MustRead(t, "1860/19354.json"), &src)
	acts := src["actions"].([]any)
	acts[3].(map[string]any)["padding"] = strings.Repeat("y", maxImportAction)
	b, _ := json.Marshal(src)
	if code, body := alice.do("POST", "/api/games/import", b); code != http.StatusRequestEntityTooLarge || !strings.Contains(string(body), fmt.Sprint(maxImportAction)) {
		t.Errorf("a padded action: %d %.300s; want 413 naming the limit", code, body)
	}

	// an account keeps at most maxImports imported games
	bob := env.signup("bob")
	for range maxImports {
		if _, err := st.CreateGame(context.Background(), store.Game{Title: "1860", OwnerID: bob.id, Hotseat: true, Status: store.StatusFinished,
			Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}, Meta: json.RawMessage(`{"title":"1860"}`)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	small, _ := json.Marshal(map[string]any{"id": 1, "title": "1860", "players": []map[string]any{{"id": 1, "name": "a"}, {"id": 2, "name": "b"}}, "settings": map[string]any{"seed": 1}, "actions": []any{}})
	if code, body := bob.do("POST", "/api/games/import", small); code != http.StatusTooManyRequests || !strings.Contains(string(body), fmt.Sprint(maxImports)) {
		t.Errorf("import %d: %d %.300s; want 429 naming the limit of %d", maxImports+1, code, body, maxImports)
	}

	// an account's imports are budgeted: importBurst at once
	carol := env.signup("carol")
	refused := false
	for i := range importBurst + 1 {
		req, _ := http.NewRequest("POST", env.ts.URL+"/api/games/import", bytes.NewReader(small))
		resp, err := carol.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			refused = true
			if i < importBurst || resp.Header.Get("Retry-After") == "" {
				t.Errorf("import %d: 429 %s (Retry-After %q); want the %d-th refused with Retry-After", i+1, b, resp.Header.Get("Retry-After"), importBurst+1)
			}
			break
		}
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("import %d: %d %s", i+1, resp.StatusCode, b)
		}
	}
	if !refused {
		t.Errorf("%d imports in a row from one account were all stored", importBurst+1)
	}
}

// fullStore is a store on a full disk: every write fails with the error
// the SQLite store gave on a full file system (tmpfs, checked by hand).
type fullStore struct{ *memstore.Store }

var errDiskFull = fmt.Errorf("creating game: commit: %w", errors.New("database or disk is full (13)"))

func (fullStore) CreateUser(context.Context, store.User) (store.User, error) {
	return store.User{}, fmt.Errorf("creating user: %w", errDiskFull)
}

func (fullStore) CreateGame(context.Context, store.Game, []json.RawMessage) (store.Game, error) {
	return store.Game{}, errDiskFull
}

func (fullStore) AppendAction(context.Context, store.Action, *store.Game) error {
	return fmt.Errorf("append: %w", syscall.ENOSPC)
}

// TestFullDiskAnswers503: issue 39, finding 3/11. With the disk full,
// signups, creations and moves answered a bare 500; they now answer 503
// with Retry-After and say the storage is full, and nothing is stored.
func TestFullDiskAnswers503(t *testing.T) {
	st := memstore.New()
	env := newEnv(t, st)
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	v := alice.view(id)
	move := alice.pick(id, v, rand.New(rand.NewPCG(1, 2)))

	full := startEnv(t, Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}}, fullStore{st}, st, slog.New(slog.DiscardHandler))
	alice2 := full.anon()
	alice2.c.Jar = alice.c.Jar // the same session, on a server whose disk is full
	alice2.c.Jar.SetCookies(mustURL(t, full.ts.URL), alice.c.Jar.Cookies(mustURL(t, env.ts.URL)))
	for _, c := range []struct {
		name, path string
		body       any
	}{
		{"signup", "/api/signup", map[string]string{"name": "bob", "password": "correct horse"}},
		{"create", "/api/games", map[string]any{"title": "1860", "players": 3, "hotseat": true}},
		{"move", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": move}},
	} {
		req, _ := http.NewRequest("POST", full.ts.URL+c.path, bytes.NewReader(must(json.Marshal(c.body))))
		req.Header.Set("Content-Type", "application/json")
		resp, err := alice2.c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") == "" || !strings.Contains(string(b), "storage is full") {
			t.Errorf("%s on a full disk: %d %s (Retry-After %q); want 503 saying the storage is full, with Retry-After", c.name, resp.StatusCode, b, resp.Header.Get("Retry-After"))
		}
	}
	if n := env.storedActions(id); n != v.Actions {
		t.Errorf("%d actions stored after the refused move; want %d", n, v.Actions)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestPaddedLogRefused: issue 39, finding 9. An import of tens of
// thousands of undo/redo actions (under 4 MiB) cost seconds to import and
// half a second for every view after: an import whose undo and redo
// actions outnumber its other actions by more than maxFreeUndoRedo is
// refused before it is replayed; a real game's are far fewer.
func TestPaddedLogRefused(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	var src map[string]any
	if err := json.Unmarshal(fx.MustRead(t, "1860/19354.json"), &src); err != nil {
		t.Fatal(err)
	}
	acts := src["actions"].([]any)
	cut := slices.IndexFunc(acts, func(a any) bool { return a.(map[string]any)["type"] == "run_routes" })
	acts = acts[:cut]
	last := acts[len(acts)-1].(map[string]any)
	id := int(last["id"].(float64))
	for range 10000 {
		for _, typ := range []string{"undo", "redo"} {
			id++
			acts = append(acts, map[string]any{"id": id, "type": typ, "entity": last["entity"], "entity_type": last["entity_type"], "created_at": 1608308508})
		}
	}
	src["actions"] = acts
	delete(src, "result")
	src["status"] = "active"
	body, _ := json.Marshal(src)
	start := time.Now()
	code, out := alice.do("POST", "/api/games/import", body)
	t.Logf("import of %d actions (%d bytes), 20,000 of them undo and redo: %d in %v", len(acts), len(body), code, time.Since(start).Round(time.Millisecond))
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(string(out), "undo and redo") {
		t.Fatalf("a padded log: %d %.300s; want 413 naming the undo and redo limit", code, out)
	}
	// the real games import: their undo and redo are within the limit
	for _, name := range []string{"1860/19354.json", "1825/141331.json"} {
		alice.mustDo("POST", "/api/games/import", fx.MustRead(t, name), http.StatusCreated, nil)
	}
}
