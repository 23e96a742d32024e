package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tresham/store/memstore"
)

// countingHandler counts the log records whose message contains msg.
type countingHandler struct {
	msg string
	n   *atomic.Int64
}

func (h countingHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h countingHandler) Handle(_ context.Context, r slog.Record) error {
	if strings.Contains(r.Message, h.msg) {
		h.n.Add(1)
	}
	return nil
}
func (h countingHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h countingHandler) WithGroup(string) slog.Handler      { return h }

// TestSignupBudget reproduces issue 39 finding 11 (signups) against a
// real server: one address creates signupBurst accounts at once, then is
// refused with 429 and Retry-After (and no account is made) until its
// budget refills.
func TestSignupBudget(t *testing.T) {
	clk := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now, c.SignupsPerAddr = clk.Now, signupBurst })
	made, refused := 0, 0
	var retry string
	for i := range signupBurst + 10 {
		code, ra, body := env.anon().call("POST", "/api/signup", map[string]string{"name": fmt.Sprintf("flood%d", i), "password": "correct horse"})
		switch code {
		case http.StatusCreated:
			made++
		case http.StatusTooManyRequests:
			refused++
			retry = ra
			if !strings.Contains(body, "too many signups from your address") {
				t.Errorf("refusal: %s", body)
			}
		default:
			t.Fatalf("signup %d: %d %s", i, code, body)
		}
	}
	t.Logf("%d signups from one address: %d made, %d refused (Retry-After %s)", signupBurst+10, made, refused, retry)
	if made != signupBurst || refused != 10 || retry == "" {
		t.Fatalf("%d made, %d refused, Retry-After %q; want %d made, the rest 429 with Retry-After", made, refused, retry, signupBurst)
	}
	if code, _, _ := env.anon().call("POST", "/api/login", map[string]string{"name": fmt.Sprintf("flood%d", signupBurst), "password": "correct horse"}); code != http.StatusUnauthorized {
		t.Fatalf("a refused signup made an account (login %d)", code)
	}
	// a refused name does not spend the budget; time refills it
	clk.add(signupEvery)
	if code, _, body := env.anon().call("POST", "/api/signup", map[string]string{"name": "flood0", "password": "correct horse"}); code != http.StatusConflict {
		t.Fatalf("taken name after the refill: %d %s, want 409", code, body)
	}
	if code, _, body := env.anon().call("POST", "/api/signup", map[string]string{"name": "latecomer", "password": "correct horse"}); code != http.StatusCreated {
		t.Fatalf("signup after %v: %d %s, want 201", signupEvery, code, body)
	}
}

// TestMismatchReportBudget reproduces issue 39 finding 11 (mismatch
// reports) against a real server: anonymous reports from one address are
// refused past their budget, and the lines logged for all addresses
// together are bounded (the next line logged counts the others).
func TestMismatchReportBudget(t *testing.T) {
	clk := newFakeTime()
	var lines atomic.Int64
	st := memstore.New()
	cfg := Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}, Now: clk.Now}
	env := startEnv(t, cfg, st, st, slog.New(countingHandler{msg: "client engine state mismatch", n: &lines}))
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	report := map[string]any{"actions": 0, "hash": "00", "server_hash": "11", "module": "engine.wasm"}
	path := fmt.Sprintf("/api/games/%d/mismatch", id)
	anon := env.anon()
	ok, refused := 0, 0
	for range 100 {
		code, ra, body := anon.call("POST", path, report)
		switch {
		case code == http.StatusOK:
			ok++
		case code == http.StatusTooManyRequests && ra != "":
			refused++
		default:
			t.Fatalf("report: %d (Retry-After %q) %s", code, ra, body)
		}
	}
	t.Logf("100 reports from one address: %d taken, %d refused; %d lines logged", ok, refused, lines.Load())
	if ok != mismatchBurst || lines.Load() != mismatchBurst {
		t.Fatalf("%d reports taken, %d lines logged; want %d", ok, lines.Load(), mismatchBurst)
	}
	// many addresses: each within its budget, the log stays bounded
	b, _ := json.Marshal(report)
	for i := range 200 {
		req := httptest.NewRequest("POST", path, strings.NewReader(string(b)))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = fmt.Sprintf("198.51.%d.%d:4000", i/250, i%250+1)
		rec := httptest.NewRecorder()
		env.srv.Handler().ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			t.Fatalf("report from address %d: %d %s", i, rec.Code, rec.Body)
		}
	}
	if n := lines.Load(); n > mismatchLogBurst+1 {
		t.Fatalf("200 reports from 200 addresses logged %d lines; want at most %d", n, mismatchLogBurst)
	}
	t.Logf("then 200 reports from 200 addresses: %d lines logged in all", lines.Load())
}

// TestSharedGameFloods reproduces issue 39 finding 10 (votes, undo/redo,
// turn webhooks) against a real server: end votes count against the chat
// limit, undo/redo is budgeted per account and game, and the opponent is
// told of a turn that undo and redo bring back only once.
func TestSharedGameFloods(t *testing.T) {
	clk := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now, c.AllowPrivateWebhooks = clk.Now, true })
	var hooks atomic.Int64
	hook := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hooks.Add(1) }))
	defer hook.Close()
	alice, bob, id := twoPlayerGame(t, env)
	bob.mustDo("PUT", "/api/me/webhook", map[string]string{"url": hook.URL + "/bob"}, http.StatusNoContent, nil)

	// end votes: agree and withdraw, over and over
	votes, refused := 0, 0
	for i := range 30 {
		code, ra, body := alice.call("POST", fmt.Sprintf("/api/games/%d/end", id), map[string]any{"seq": env.storedActions(id), "agree": i%2 == 0})
		switch {
		case code == http.StatusOK:
			votes++
		case code == http.StatusTooManyRequests && ra != "" && strings.Contains(body, "end vote"):
			refused++
		default:
			t.Fatalf("vote %d: %d %s", i, code, body)
		}
	}
	t.Logf("30 end votes: %d stored, %d refused", votes, refused)
	if votes != chatBurst {
		t.Errorf("%d end votes stored in a burst; want the chat limit, %d", votes, chatBurst)
	}
	clk.add(chatWindow)

	// alice moves (bob's turn: one webhook), then undoes and redoes it
	v := alice.view(id)
	var pass json.RawMessage
	for _, ch := range v.Legal["1"] {
		if strings.Contains(string(ch.Action), `"pass"`) {
			pass = ch.Action
		}
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": pass}, http.StatusOK, nil)
	before := env.storedActions(id)
	done, refusedUndo := 0, 0
	for i := range 100 {
		op := "undo"
		if i%2 == 1 {
			op = "redo"
		}
		code, ra, body := alice.call("POST", fmt.Sprintf("/api/games/%d/%s", id, op), map[string]any{"seq": env.storedActions(id)})
		switch {
		case code == http.StatusOK:
			done++
		case code == http.StatusTooManyRequests && ra != "":
			refusedUndo++
		default:
			t.Fatalf("%s %d: %d %s", op, i, code, body)
		}
	}
	stored := env.storedActions(id) - before
	// the webhooks are sent in the background: wait for the queue to drain
	for range 100 {
		env.srv.hooks.mu.Lock()
		idle := env.srv.hooks.queued == 0 && len(env.srv.hooks.busy) == 0
		env.srv.hooks.mu.Unlock()
		if idle {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("100 undo/redo requests at once: %d done, %d refused, %d actions stored; bob got %d turn webhooks", done, refusedUndo, stored, hooks.Load())
	if done > undoBurst || stored > undoBurst {
		t.Errorf("%d undos and redos done (%d stored) in a burst; want at most %d", done, stored, undoBurst)
	}
	if hooks.Load() != 1 {
		t.Errorf("bob got %d turn webhooks for one turn brought back by undo and redo; want 1", hooks.Load())
	}
	// the budget refills with time
	clk.add(undoEvery)
	op := "undo"
	if done%2 == 1 {
		op = "redo"
	}
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/%s", id, op), map[string]any{"seq": env.storedActions(id)}, http.StatusOK, nil)
}

// TestProfileHidesInviteOnlyGames reproduces issue 39 finding 11
// (profiles) against a real server: a player's profile counts invite-only
// games in playing and results only for viewers who take part in them.
func TestProfileHidesInviteOnlyGames(t *testing.T) {
	env := newEnv(t, nil)
	carol, dave, eve := env.signup("carol"), env.signup("dave"), env.signup("eve")
	secret := func() int64 {
		var made struct {
			ID     int64  `json:"id"`
			Invite string `json:"invite"`
		}
		carol.mustDo("POST", "/api/games", map[string]any{"title": "1860", "players": 2, "invite_only": true}, http.StatusCreated, &made)
		dave.mustDo("POST", fmt.Sprintf("/api/games/%d/join", made.ID), map[string]any{"seat": 1, "invite": made.Invite}, http.StatusOK, nil)
		if v := carol.view(made.ID); v.Status == "new" {
			carol.mustDo("POST", fmt.Sprintf("/api/games/%d/start", made.ID), nil, http.StatusOK, nil)
		}
		return made.ID
	}
	finished, _ := secret(), secret() // one ended by agreement, one running
	for _, u := range []*user{carol, dave} {
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/end", finished), map[string]any{"seq": env.storedActions(finished), "agree": true}, http.StatusOK, nil)
	}
	type profile struct {
		Playing int               `json:"playing"`
		Results []titleResult     `json:"results"`
		Games   []json.RawMessage `json:"games"`
		Spent   int64             `json:"time_spent_seconds"`
	}
	for _, c := range []struct {
		who           string
		u             *user
		playing, done int
	}{{"eve (outsider)", eve, 0, 0}, {"anonymous", env.anon(), 0, 0}, {"dave (plays them)", dave, 1, 1}, {"carol herself", carol, 1, 1}} {
		var p profile
		c.u.mustDo("GET", "/api/players/carol", nil, http.StatusOK, &p)
		n := 0
		for _, r := range p.Results {
			n += r.Finished
		}
		if p.Playing != c.playing || n != c.done || len(p.Games) != c.playing+c.done {
			t.Errorf("carol's profile seen by %s: playing %d, finished %d, %d games listed; want %d, %d, %d", c.who, p.Playing, n, len(p.Games), c.playing, c.done, c.playing+c.done)
		}
	}
}

// TestSeatChangeBudget: joining and leaving a table over and over (each
// change pushed to every lobby and table page) is budgeted per account.
func TestSeatChangeBudget(t *testing.T) {
	clk := newFakeTime()
	env := newEnvWith(t, nil, func(c *Config) { c.Now = clk.Now })
	alice, bob := env.signup("alice"), env.signup("bob")
	id := alice.create(map[string]any{"title": "1860", "players": 3})
	changes, refused := 0, 0
	for i := range 60 {
		op, body := "join", any(map[string]int{"seat": 1})
		if i%2 == 1 {
			op, body = "leave", nil
		}
		code, ra, out := bob.call("POST", fmt.Sprintf("/api/games/%d/%s", id, op), body)
		switch {
		case code == http.StatusOK:
			changes++
		case code == http.StatusTooManyRequests && ra != "" && strings.Contains(out, "seat changes"):
			refused++
		case code == http.StatusConflict && refused > 0:
			// a leave after a refused join (or the other way): nothing to change
		default:
			t.Fatalf("%s %d: %d %s", op, i, code, out)
		}
	}
	t.Logf("60 joins and leaves: %d made, %d refused", changes, refused)
	if changes != seatBurst || refused == 0 {
		t.Fatalf("%d seat changes made; want the budget, %d, then 429", changes, seatBurst)
	}
	clk.add(seatEvery) // the budget refills
	op, body := "join", any(map[string]int{"seat": 1})
	if changes%2 == 1 {
		op, body = "leave", nil
	}
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/%s", id, op), body, http.StatusOK, nil)
}
