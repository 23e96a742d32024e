package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime/quotedprintable"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tresham/internal/smtptest"
	"tresham/mailer"
	"tresham/store"
	"tresham/store/memstore"
)

const testSite = "http://tresham.test"

// mailEnv is a server that sends email to a test SMTP server (a real one,
// on a loopback port), with a clock the test moves (skew).
type mailEnv struct {
	*testEnv
	smtp *smtptest.Server
	skew *atomic.Int64
}

func newMailEnv(t *testing.T) *mailEnv {
	t.Helper()
	smtp, err := smtptest.Start(smtptest.Options{User: "tresham", Password: "pw"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(smtp.Close)
	m, err := mailer.New(mailer.Config{Addr: smtp.Addr, User: "tresham", Password: "pw", From: "Tresham <games@tresham.test>"})
	if err != nil {
		t.Fatal(err)
	}
	skew := new(atomic.Int64)
	cfg := Config{Argon2: Argon2Params{Time: 1, Memory: 1024, Threads: 1}, Mailer: m, PublicURL: testSite,
		Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }}
	st := memstore.New()
	return &mailEnv{testEnv: startEnv(t, cfg, st, st, slog.New(slog.NewTextHandler(io.Discard, nil))), smtp: smtp, skew: skew}
}

// idle waits until every queued mail was handled.
func (env *mailEnv) idle() {
	env.t.Helper()
	waitFor(env.t, func() bool { return env.srv.mail.pending.Load() == 0 })
}

// mailsTo are the messages received for address, decoded: subject and text.
func (env *mailEnv) mailsTo(address string) []receivedMail {
	env.t.Helper()
	env.idle()
	var out []receivedMail
	for _, m := range env.smtp.Messages() {
		if len(m.To) != 1 || m.To[0] != address {
			continue
		}
		p, err := m.Parsed()
		if err != nil {
			env.t.Fatal(err)
		}
		text, err := io.ReadAll(quotedprintable.NewReader(p.Body))
		if err != nil {
			env.t.Fatal(err)
		}
		out = append(out, receivedMail{Subject: p.Header.Get("Subject"), Text: string(text), Unsubscribe: p.Header.Get("List-Unsubscribe")})
	}
	return out
}

type receivedMail struct {
	Subject, Text, Unsubscribe string
}

// link finds PUBLIC/?key=VALUE in text and returns VALUE.
func link(t *testing.T, text, key string) string {
	t.Helper()
	m := regexp.MustCompile(regexp.QuoteMeta(testSite+"/?"+key+"=") + `([A-Za-z0-9_\-]+)`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("no %s link in %q", key, text)
	}
	return m[1]
}

// confirmAddress adds address to u's account and follows the link mailed.
func (env *mailEnv) confirmAddress(u *user, address string) {
	env.t.Helper()
	u.mustDo("POST", "/api/me/email", map[string]string{"address": address}, http.StatusAccepted, nil)
	mails := env.mailsTo(address)
	if len(mails) == 0 {
		env.t.Fatalf("no confirmation mail to %s", address)
	}
	tok := link(env.t, mails[len(mails)-1].Text, "confirm-email")
	env.anon().mustDo("POST", "/api/email/confirm", map[string]string{"token": tok}, http.StatusOK, nil)
}

type meJSON struct {
	Email        string `json:"email"`
	EmailTurns   bool   `json:"email_turns"`
	EmailEnabled bool   `json:"email_enabled"`
}

func (u *user) me() meJSON {
	u.env.t.Helper()
	var m meJSON
	u.mustDo("GET", "/api/me", nil, http.StatusOK, &m)
	return m
}

// TestEmailOff: without an SMTP server there is no email: the endpoints
// say so, and nothing is stored.
func TestEmailOff(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	if m := alice.me(); m.EmailEnabled || m.Email != "" {
		t.Fatalf("me: %+v", m)
	}
	for _, c := range []struct{ method, path string }{
		{"POST", "/api/me/email"}, {"POST", "/api/email/confirm"}, {"POST", "/api/password/forgot"}, {"POST", "/api/password/reset"},
	} {
		code, body := alice.do(c.method, c.path, map[string]string{"address": "a@example.org", "name": "alice", "token": "x", "password": "a new password"})
		if code != http.StatusNotFound || !strings.Contains(string(body), "--smtp") {
			t.Errorf("%s %s: %d %s", c.method, c.path, code, body)
		}
	}
}

// TestEmailConfirm: an address is checked, confirmed by a single-use link
// that expires and is stored hashed; unconfirmed it is not the account's.
func TestEmailConfirm(t *testing.T) {
	env := newMailEnv(t)
	alice, bob := env.signup("alice"), env.signup("bob")
	if m := alice.me(); !m.EmailEnabled || m.Email != "" {
		t.Fatalf("me before: %+v", m)
	}
	env.anon().mustDo("POST", "/api/me/email", map[string]string{"address": "a@example.org"}, http.StatusUnauthorized, nil)
	for _, c := range []struct{ address, want string }{
		{"", "address is missing"},
		{"alice", "not an email address"},
		{"Alice <alice@example.org>", "spaces"},
		{"alice@localhost", "domain name"},
		{"a\r\nBcc: x@example.org", "control characters"},
		{strings.Repeat("a", 250) + "@example.org", "longer than 254 bytes"},
	} {
		code, body := alice.do("POST", "/api/me/email", map[string]string{"address": c.address})
		if code != http.StatusBadRequest || !strings.Contains(string(body), c.want) || !strings.Contains(string(body), "address") {
			t.Errorf("address %q: %d %s (want 400 naming %q)", c.address, code, body, c.want)
		}
	}
	if n := len(env.smtp.Messages()); n != 0 {
		t.Fatalf("%d mails sent for refused addresses", n)
	}
	alice.mustDo("POST", "/api/me/email", map[string]string{"address": "alice@example.org"}, http.StatusAccepted, nil)
	mails := env.mailsTo("alice@example.org")
	if len(mails) != 1 || !strings.Contains(mails[0].Subject, "Confirm") {
		t.Fatalf("confirmation mails: %+v", mails)
	}
	tok := link(t, mails[0].Text, "confirm-email")
	if m := alice.me(); m.Email != "" {
		t.Fatalf("an unconfirmed address is the account's: %+v", m)
	}
	// stored hashed: the raw token is no key of the store
	if _, err := env.st.UseMailToken(context.Background(), tok, store.TokenConfirm, time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the raw token found in the store: %v", err)
	}
	code, body := env.anon().do("POST", "/api/email/confirm", map[string]string{"token": "nope"})
	if code != http.StatusBadRequest || !strings.Contains(string(body), "token") {
		t.Fatalf("a wrong token: %d %s", code, body)
	}
	env.anon().mustDo("POST", "/api/email/confirm", map[string]string{"token": strings.Repeat("x", 200)}, http.StatusBadRequest, nil)
	env.anon().mustDo("POST", "/api/email/confirm", map[string]string{"token": tok}, http.StatusOK, nil)
	if m := alice.me(); m.Email != "alice@example.org" || !m.EmailTurns {
		t.Fatalf("after confirming: %+v", m)
	}
	code, body = env.anon().do("POST", "/api/email/confirm", map[string]string{"token": tok})
	if code != http.StatusBadRequest || !strings.Contains(string(body), "already used") {
		t.Fatalf("the link used twice: %d %s", code, body)
	}
	// an expired link does nothing
	alice.mustDo("POST", "/api/me/email", map[string]string{"address": "alice2@example.org"}, http.StatusAccepted, nil)
	tok2 := link(t, env.mailsTo("alice2@example.org")[0].Text, "confirm-email")
	env.skew.Store(int64(confirmTTL + time.Minute))
	env.anon().mustDo("POST", "/api/email/confirm", map[string]string{"token": tok2}, http.StatusBadRequest, nil)
	if m := alice.me(); m.Email != "alice@example.org" {
		t.Fatalf("an expired link changed the address: %+v", m)
	}
	// an address confirmed for one account is not another's
	bob.mustDo("POST", "/api/me/email", map[string]string{"address": "ALICE@example.org"}, http.StatusAccepted, nil)
	tok3 := link(t, env.mailsTo("ALICE@example.org")[0].Text, "confirm-email")
	code, body = env.anon().do("POST", "/api/email/confirm", map[string]string{"token": tok3})
	if code != http.StatusConflict || !strings.Contains(string(body), "another account") {
		t.Fatalf("bob confirming alice's address: %d %s", code, body)
	}
	// removed: gone
	alice.mustDo("DELETE", "/api/me/email", nil, http.StatusNoContent, nil)
	if m := alice.me(); m.Email != "" {
		t.Fatalf("after removing: %+v", m)
	}
}

// playWhileActing makes u move (random legal moves) while u is to act,
// at most 20 moves.
func playWhileActing(t *testing.T, u *user, id int64, rng *rand.Rand) {
	t.Helper()
	for range 20 {
		v := u.view(id)
		if len(v.Legal) == 0 {
			return
		}
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": u.pick(id, v, rng)}, http.StatusOK, nil)
	}
}

// TestTurnEmail: "your turn" goes once per turn to a confirmed address
// that opted in, with the game's link and a signed unsubscribe link that
// works without signing in; never for one's own move, never to an
// unconfirmed address, never twice for a turn undo and redo bring back.
func TestTurnEmail(t *testing.T) {
	env := newMailEnv(t)
	alice, bob, id := twoPlayerGame(t, env.testEnv)
	env.confirmAddress(alice, "alice@example.org")
	// bob asks for an address but does not confirm it yet
	bob.mustDo("POST", "/api/me/email", map[string]string{"address": "bob@example.org"}, http.StatusAccepted, nil)
	rng := rand.New(rand.NewPCG(5, 6))
	playWhileActing(t, alice, id, rng) // now bob is to act
	if mails := env.mailsTo("bob@example.org"); len(mails) != 1 {
		t.Fatalf("an unconfirmed address got %d mails, want the confirmation only", len(mails))
	}
	if mails := env.mailsTo("alice@example.org"); len(mails) != 1 {
		t.Fatalf("alice got %d mails for her own moves, want the confirmation only", len(mails))
	}
	tok := link(t, env.mailsTo("bob@example.org")[0].Text, "confirm-email")
	env.anon().mustDo("POST", "/api/email/confirm", map[string]string{"token": tok}, http.StatusOK, nil)
	playWhileActing(t, bob, id, rng) // alice's turn: her first turn email
	alice1 := env.mailsTo("alice@example.org")
	if len(alice1) != 2 {
		t.Fatalf("alice: %d mails, want confirmation + one turn", len(alice1))
	}
	turn := alice1[1]
	if want := fmt.Sprintf("Your turn in 1860 game %d", id); turn.Subject != want {
		t.Errorf("subject %q, want %q", turn.Subject, want)
	}
	if got := link(t, turn.Text, "game"); got != fmt.Sprint(id) {
		t.Errorf("game link %q in %q", got, turn.Text)
	}
	if !strings.HasPrefix(turn.Unsubscribe, "<"+testSite+"/api/email/unsubscribe?user=") {
		t.Errorf("List-Unsubscribe %q", turn.Unsubscribe)
	}
	// alice moves until bob's turn: one mail to bob; undo and redo bring
	// the same turn back: no second mail
	playWhileActing(t, alice, id, rng)
	if n := len(env.mailsTo("bob@example.org")); n != 2 {
		t.Fatalf("bob: %d mails, want confirmation + one turn", n)
	}
	v := alice.view(id)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/undo", id), map[string]any{"seq": v.Actions}, http.StatusOK, nil)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/redo", id), map[string]any{"seq": v.Actions + 1}, http.StatusOK, nil)
	if bv := bob.view(id); len(bv.Legal) == 0 {
		t.Fatal("bob is not to act after undo and redo")
	}
	if n := len(env.mailsTo("bob@example.org")); n != 2 {
		t.Fatalf("bob: %d mails after undo and redo, want still 2", n)
	}
	// the unsubscribe link: a wrong signature is refused; the right one
	// stops alice's turn mails, without signing in
	stop := regexp.MustCompile(`\?unsubscribe=(\d+)&sig=([A-Za-z0-9_\-]+)`).FindStringSubmatch(turn.Text)
	if stop == nil || stop[1] != fmt.Sprint(alice.id) {
		t.Fatalf("no unsubscribe link for alice in %q", turn.Text)
	}
	anon := env.anon()
	code, body := anon.do("POST", "/api/email/unsubscribe?user="+stop[1]+"&sig=x"+stop[2][1:], nil)
	if code != http.StatusForbidden || !strings.Contains(string(body), "sig") {
		t.Fatalf("a forged signature: %d %s", code, body)
	}
	code, body = anon.do("POST", fmt.Sprintf("/api/email/unsubscribe?user=%d&sig=%s", bob.id, stop[2]), nil)
	if code != http.StatusForbidden {
		t.Fatalf("alice's signature for bob: %d %s", code, body)
	}
	anon.mustDo("POST", "/api/email/unsubscribe?user="+stop[1]+"&sig="+stop[2], []byte("List-Unsubscribe=One-Click"), http.StatusOK, nil)
	if m := alice.me(); m.EmailTurns || m.Email != "alice@example.org" {
		t.Fatalf("after unsubscribing: %+v", m)
	}
	playWhileActing(t, bob, id, rng) // alice's turn, but she stopped them
	if n := len(env.mailsTo("alice@example.org")); n != 2 {
		t.Fatalf("alice: %d mails after unsubscribing, want still 2", n)
	}
	// the profile's setting turns them back on
	alice.mustDo("PUT", "/api/me/email/turns", map[string]any{}, http.StatusBadRequest, nil)
	alice.mustDo("PUT", "/api/me/email/turns", map[string]any{"turns": true}, http.StatusNoContent, nil)
	playWhileActing(t, alice, id, rng)
	playWhileActing(t, bob, id, rng)
	if n := len(env.mailsTo("alice@example.org")); n != 3 {
		t.Fatalf("alice: %d mails after turning them on again, want 3", n)
	}
}

// TestTurnEmailNotForProgram: a turn a programmed pass plays at once is
// not announced.
func TestTurnEmailNotForProgram(t *testing.T) {
	env := newMailEnv(t)
	alice, bob, id := twoPlayerGame(t, env.testEnv)
	post := func(u *user, act map[string]any) {
		t.Helper()
		u.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": u.view(id).Actions, "action": act}, http.StatusOK, nil)
	}
	toStockRound(t, alice, bob, id, post)
	env.confirmAddress(alice, "alice@example.org")
	env.confirmAddress(bob, "bob@example.org")
	v := alice.view(id)
	players := v.State["players"].([]any)
	pid := func(i int) int { return int(players[i].(map[string]any)["id"].(float64)) }
	ap, bp := pid(0), pid(1)
	if len(v.You) == 0 || v.You[0] != ap {
		ap, bp = bp, ap
	}
	actor, waiter, actorID, waiterID, waiterAddr := alice, bob, ap, bp, "bob@example.org"
	if v.Acting[0] != fmt.Sprint(ap) {
		actor, waiter, actorID, waiterID, waiterAddr = bob, alice, bp, ap, "alice@example.org"
	}
	post(waiter, map[string]any{"type": "program_share_pass", "entity": waiterID, "entity_type": "player", "unconditional": false, "indefinite": false})
	post(actor, map[string]any{"type": "pass", "entity": actorID, "entity_type": "player"})
	exp := exportOf(t, alice, id)
	if got := autoBrief(exp.Actions[len(exp.Actions)-1].AutoActions); len(got) == 0 || got[0] != fmt.Sprintf("pass by %d", waiterID) {
		t.Fatalf("the program did not pass: %q", got)
	}
	// the waiter's turn was played by the program: no mail for it (one
	// only if the waiter is to act again now, a new turn)
	want := 1 // the confirmation
	if len(waiter.view(id).Legal) > 0 {
		want++
	}
	if n := len(env.mailsTo(waiterAddr)); n != want {
		t.Fatalf("the waiter got %d mails, want %d", n, want)
	}
	t.Logf("after the programmed pass the waiter is to act: %v", want == 2)
}

// TestTurnEmailNotForBot: a seat handed to a bot (its player silent past
// the table's limit) gets no turn mail while the bot plays it.
func TestTurnEmailNotForBot(t *testing.T) {
	env := newMailEnv(t)
	alice, bob, carol := env.signup("alice"), env.signup("bob"), env.signup("carol")
	id := silentTable(t, env.testEnv, alice, bob, carol)
	for _, u := range []*user{alice, bob, carol} {
		env.confirmAddress(u, u.name+"@example.org")
	}
	env.skew.Store(int64(2 * time.Hour))
	path := fmt.Sprintf("/api/games/%d/handover", id)
	bob.mustDo("POST", path, map[string]any{"seat": 0, "to": "bot"}, http.StatusOK, nil)
	carol.mustDo("POST", path, map[string]any{"seat": 0, "to": "bot"}, http.StatusOK, nil)
	rng := rand.New(rand.NewPCG(7, 8))
	botTurns := 0
	for range 12 {
		// whoever of bob and carol is to act moves; the bot answers for alice
		moved := false
		for _, u := range []*user{bob, carol} {
			if len(u.view(id).Legal) > 0 {
				playWhileActing(t, u, id, rng)
				moved = true
			}
		}
		if !moved {
			waitFor(t, func() bool { return len(bob.view(id).Legal)+len(carol.view(id).Legal) > 0 })
		}
		botTurns++
	}
	if n := len(env.mailsTo("alice@example.org")); n != 1 {
		t.Fatalf("alice, whose seat a bot plays, got %d mails, want the confirmation only", n)
	}
	if n := len(env.mailsTo("bob@example.org")) + len(env.mailsTo("carol@example.org")); n <= 2 {
		t.Fatalf("bob and carol got %d mails: their turns after the bot's were not announced", n)
	}
}

// TestPasswordReset: the request answers alike for every name; the link
// sets a new password once, before it expires, and ends every session.
func TestPasswordReset(t *testing.T) {
	env := newMailEnv(t)
	alice := env.signup("alice")
	other := env.anon() // alice signed in elsewhere
	other.mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusOK, nil)
	env.signup("bob") // no address
	env.confirmAddress(alice, "alice@example.org")
	anon := env.anon()
	answers := map[string]bool{}
	for _, name := range []string{"alice", "bob", "nobody", "ALICE@example.org", "stranger@example.org"} {
		code, body := anon.do("POST", "/api/password/forgot", map[string]string{"name": name})
		if code != http.StatusAccepted {
			t.Fatalf("forgot %q: %d %s", name, code, body)
		}
		answers[string(body)] = true
		env.idle() // the mails in the order asked
	}
	if len(answers) != 1 {
		t.Fatalf("the answers differ by account: %v", answers)
	}
	anon.mustDo("POST", "/api/password/forgot", map[string]string{"name": ""}, http.StatusBadRequest, nil)
	mails := env.mailsTo("alice@example.org")
	if len(mails) != 3 { // confirmation, then two resets (by name, by address)
		t.Fatalf("alice got %d mails, want 3", len(mails))
	}
	if len(env.smtp.Messages()) != 3 {
		t.Fatalf("%d mails in all: mails went to accounts without an address", len(env.smtp.Messages()))
	}
	first, tok := link(t, mails[1].Text, "reset"), link(t, mails[2].Text, "reset")
	// the newer link replaced the older; a weak password keeps the link good
	anon.mustDo("POST", "/api/password/reset", map[string]string{"token": first, "password": "a brand new secret"}, http.StatusBadRequest, nil)
	code, body := anon.do("POST", "/api/password/reset", map[string]string{"token": tok, "password": "alice"})
	if code != http.StatusBadRequest || !strings.Contains(string(body), "password") {
		t.Fatalf("a weak password: %d %s", code, body)
	}
	reset := env.anon()
	reset.mustDo("POST", "/api/password/reset", map[string]string{"token": tok, "password": "a brand new secret"}, http.StatusOK, nil)
	reset.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // signed in by the reset
	time.Sleep(defaultSessionTTL + 50*time.Millisecond)     // the session cache's reuse window
	other.mustDo("GET", "/api/me", nil, http.StatusUnauthorized, nil)
	alice.mustDo("GET", "/api/me", nil, http.StatusUnauthorized, nil)
	anon.mustDo("POST", "/api/password/reset", map[string]string{"token": tok, "password": "another new secret"}, http.StatusBadRequest, nil)
	env.anon().mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusUnauthorized, nil)
	env.anon().mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "a brand new secret"}, http.StatusOK, nil)
	// an expired link
	anon.mustDo("POST", "/api/password/forgot", map[string]string{"name": "alice"}, http.StatusAccepted, nil)
	late := link(t, env.mailsTo("alice@example.org")[3].Text, "reset")
	env.skew.Store(int64(resetTTL + time.Minute))
	anon.mustDo("POST", "/api/password/reset", map[string]string{"token": late, "password": "a third new secret"}, http.StatusBadRequest, nil)
}

// TestMailBudgets: confirmation mails to one address and mails to one
// account are bounded per hour (429 naming what, nothing sent past it);
// reset requests past an account's budget answer alike and send nothing.
func TestMailBudgets(t *testing.T) {
	env := newMailEnv(t)
	alice := env.signup("alice")
	for i := range mailAddressBurst {
		alice.mustDo("POST", "/api/me/email", map[string]string{"address": "target@example.org"}, http.StatusAccepted, nil)
		_ = i
	}
	code, body := alice.do("POST", "/api/me/email", map[string]string{"address": "target@example.org"})
	if code != http.StatusTooManyRequests || !strings.Contains(string(body), "emails to this address") {
		t.Fatalf("past the address budget: %d %s", code, body)
	}
	if n := len(env.mailsTo("target@example.org")); n != mailAddressBurst {
		t.Fatalf("%d mails to the address, want %d", n, mailAddressBurst)
	}
	// the account's budget: other addresses, until it is spent
	sent := mailAddressBurst
	for i := 0; sent < mailAccountBurst; i++ {
		alice.mustDo("POST", "/api/me/email", map[string]string{"address": fmt.Sprintf("a%d@example.org", i)}, http.StatusAccepted, nil)
		sent++
	}
	code, body = alice.do("POST", "/api/me/email", map[string]string{"address": "fresh@example.org"})
	if code != http.StatusTooManyRequests || !strings.Contains(string(body), "emails to your account") {
		t.Fatalf("past the account budget: %d %s", code, body)
	}
	env.idle()
	if n := len(env.smtp.Messages()); n != mailAccountBurst {
		t.Fatalf("%d mails sent, want %d", n, mailAccountBurst)
	}
	// an hour later the budget is back
	env.skew.Store(int64(time.Hour))
	alice.mustDo("POST", "/api/me/email", map[string]string{"address": "fresh@example.org"}, http.StatusAccepted, nil)
	// a reset request for an account past its budget: same answer, no mail
	bob := env.signup("bob")
	env.confirmAddress(bob, "bob@example.org")
	for range mailAddressBurst + 3 {
		env.anon().mustDo("POST", "/api/password/forgot", map[string]string{"name": "bob"}, http.StatusAccepted, nil)
	}
	if n := len(env.mailsTo("bob@example.org")); n != mailAddressBurst {
		t.Fatalf("bob got %d mails, want %d (the address's budget)", n, mailAddressBurst)
	}
}

// TestTurnEmailSMTPDown: with the SMTP server gone, moves go on as ever;
// the turn mail fails in the background, logged and counted.
func TestTurnEmailSMTPDown(t *testing.T) {
	env := newMailEnv(t)
	alice, bob, id := twoPlayerGame(t, env.testEnv)
	env.confirmAddress(bob, "bob@example.org")
	env.smtp.Close()
	playWhileActing(t, alice, id, rand.New(rand.NewPCG(5, 6))) // each move answered 200
	if len(bob.view(id).Legal) == 0 {
		t.Fatal("bob is not to act")
	}
	env.idle()
	code, body := env.anon().do("GET", "/metrics", nil)
	if code != http.StatusOK || !strings.Contains(string(body), `tresham_mails_total{kind="turn",result="failed"} 1`) {
		t.Fatalf("metrics: the failed turn mail is not counted:\n%s", grepLines(string(body), "tresham_mails_total"))
	}
}

// grepLines keeps the lines of s that contain sub.
func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestTurnEmailAsyncOnly: a live table (played in one sitting) sends no
// turn email; its players are at the page. The webhook still fires.
func TestTurnEmailAsyncOnly(t *testing.T) {
	env := newMailEnv(t)
	alice, bob := env.signup("alice"), env.signup("bob")
	id := alice.create(map[string]any{"title": "1860", "players": 2, "live": true})
	bob.mustDo("POST", fmt.Sprintf("/api/games/%d/join", id), map[string]int{"seat": 1}, http.StatusOK, nil)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	env.confirmAddress(bob, "bob@example.org")
	playWhileActing(t, alice, id, rand.New(rand.NewPCG(5, 6)))
	if len(bob.view(id).Legal) == 0 {
		t.Fatal("bob is not to act")
	}
	if n := len(env.mailsTo("bob@example.org")); n != 1 {
		t.Fatalf("bob got %d mails at a live table, want the confirmation only", n)
	}
}
