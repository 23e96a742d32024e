package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestWebhookRegistrationRefusals reproduces issue 13 case 6 (SSRF): every
// URL naming a loopback, private, link-local, multicast or unspecified
// address is refused with 400 naming the URL and why, and the webhook
// already set is unchanged. (No request is sent anywhere: the public URL
// set first is never called, no turn comes.)
func TestWebhookRegistrationRefusals(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	const public = "https://93.184.215.14/hook" // a public address literal: no DNS
	alice.mustDo("PUT", "/api/me/webhook", map[string]string{"url": public}, http.StatusNoContent, nil)
	cases := []struct{ url, msg string }{
		{"http://127.0.0.1:8060/api/games", "127.0.0.1 is a loopback address"},
		{"http://127.9.9.9/", "loopback"},
		{"http://localhost:8060/", "is a local host name"},
		{"http://LOCALHOST./", "local host name"},
		{"http://foo.localhost/", "local host name"},
		{"http://[::1]:8060/", "::1 is a loopback address"},
		{"http://[::ffff:127.0.0.1]/", "127.0.0.1 is a loopback address"},
		{"http://10.0.0.1/", "10.0.0.1 is a private address"},
		{"http://172.16.5.4/", "private"},
		{"http://192.168.1.1/", "private"},
		{"http://[fd00::1]/", "private"},
		{"http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a link-local address"},
		{"http://[fe80::1]/", "link-local"},
		{"http://224.0.0.1/", "multicast"},
		{"http://[ff02::1]/", "multicast"},
		{"http://0.0.0.0:8060/", "0.0.0.0 is an unspecified address"},
		{"http://[::]/", "unspecified"},
		{"http://100.64.0.1/", "carrier-grade NAT"},
		{"http://255.255.255.255/", "broadcast"},
		{"http://[64:ff9b::7f00:1]/", "loopback"},    // NAT64 of 127.0.0.1
		{"http://[2002:a00:1::1]/", "private"},       // 6to4 of 10.0.0.1
		{"http://2130706433/", "local host name"},    // 127.0.0.1 as one number
		{"http://intranet/", "local host name"},      // single-label name
		{"http://printer.local/", "local host name"}, // mDNS
		{"ftp://example.org/", "not an absolute http(s) URL"},
		{"/relative", "not an absolute http(s) URL"},
		{"https://example.org/" + strings.Repeat("x", maxWebhookURL), "longer than 2048 bytes"},
	}
	for _, c := range cases {
		code, body := alice.do("PUT", "/api/me/webhook", map[string]string{"url": c.url})
		if code != http.StatusBadRequest || !strings.Contains(string(body), "webhook url") || !strings.Contains(string(body), c.msg) {
			t.Errorf("PUT webhook %.60q = %d %.300s; want 400 naming the webhook url and %q", c.url, code, body, c.msg)
		}
	}
	var me struct {
		Webhook string `json:"webhook_url"`
	}
	alice.mustDo("GET", "/api/me", nil, http.StatusOK, &me)
	if me.Webhook != public {
		t.Errorf("webhook after the refusals = %q, want it unchanged (%q)", me.Webhook, public)
	}
}

// TestWebhookDialTimeCheck: a URL whose name resolves to a blocked address
// when the POST is made (DNS rebinding, or a URL stored before the rules)
// is refused by the dialer after resolution, and nothing reaches it.
func TestWebhookDialTimeCheck(t *testing.T) {
	env := newEnv(t, nil)
	bob := env.signup("bob")
	var hits atomic.Int32
	hook := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits.Add(1) }))
	defer hook.Close()
	results := make(chan error, 4)
	env.srv.hookDone = func(_ int64, err error) { results <- err }
	port := hook.URL[strings.LastIndex(hook.URL, ":")+1:]
	for _, u := range []string{hook.URL, "http://localhost:" + port + "/hook"} {
		// as if registered while the name resolved elsewhere
		if err := env.st.SetWebhook(context.Background(), bob.id, u); err != nil {
			t.Fatal(err)
		}
		env.srv.postWebhook(bob.id, webhookBody{Game: 1, Title: "1860", Player: 2})
		select {
		case err := <-results:
			if !errors.Is(err, errBlockedAddr) || !strings.Contains(err.Error(), "loopback") {
				t.Errorf("webhook to %s: error %v; want the dialer's refusal of a loopback address", u, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("webhook to %s: no result", u)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the blocked endpoint got %d requests", n)
	}
}

// TestWebhookNoRedirects: a 302 from the endpoint is a failure, and the
// redirect target is never called.
func TestWebhookNoRedirects(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.AllowPrivateWebhooks = true })
	bob := env.signup("bob")
	var targetHits atomic.Int32
	target := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { targetHits.Add(1) }))
	defer target.Close()
	hook := httptest.NewServer(http.RedirectHandler(target.URL+"/latest/meta-data", http.StatusFound))
	defer hook.Close()
	bob.mustDo("PUT", "/api/me/webhook", map[string]string{"url": hook.URL}, http.StatusNoContent, nil)
	results := make(chan error, 1)
	env.srv.hookDone = func(_ int64, err error) { results <- err }
	env.srv.postWebhook(bob.id, webhookBody{Game: 1, Title: "1860", Player: 2})
	select {
	case err := <-results:
		if err == nil || !strings.Contains(err.Error(), "redirects are not followed") {
			t.Errorf("redirected webhook: error %v; want a refusal of the redirect", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no webhook result")
	}
	if n := targetHits.Load(); n != 0 {
		t.Errorf("the redirect target got %d requests", n)
	}
}

// TestWebhookSlowEndpointHurtsOnlyItsOwner reproduces the starvation of
// issue 13 case 6: a user whose endpoint never answers gets many
// notifications; another user's webhook must still arrive at once, and the
// slow endpoint never has more than one POST in flight.
func TestWebhookSlowEndpointHurtsOnlyItsOwner(t *testing.T) {
	const timeout = 3 * time.Second
	env := newEnvWith(t, nil, func(c *Config) { c.AllowPrivateWebhooks = true; c.WebhookTimeout = timeout })
	slow, fast := env.signup("slow"), env.signup("fast")
	release := make(chan struct{})
	var inFlight, maxInFlight atomic.Int32
	slowHook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for {
			m := maxInFlight.Load()
			if n <= m || maxInFlight.CompareAndSwap(m, n) {
				break
			}
		}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer slowHook.Close()
	defer close(release)
	got := make(chan time.Time, 1)
	fastHook := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { got <- time.Now() }))
	defer fastHook.Close()
	slow.mustDo("PUT", "/api/me/webhook", map[string]string{"url": slowHook.URL}, http.StatusNoContent, nil)
	fast.mustDo("PUT", "/api/me/webhook", map[string]string{"url": fastHook.URL}, http.StatusNoContent, nil)

	for i := range 40 {
		env.srv.postWebhook(slow.id, webhookBody{Game: int64(i), Title: "1860", Player: 1})
	}
	waitFor(t, func() bool { return inFlight.Load() == 1 })
	env.srv.hooks.mu.Lock()
	waiting := len(env.srv.hooks.pending[slow.id])
	env.srv.hooks.mu.Unlock()
	if waiting > hookPerUser {
		t.Errorf("%d webhooks waiting for one user, limit %d", waiting, hookPerUser)
	}
	start := time.Now()
	env.srv.postWebhook(fast.id, webhookBody{Game: 99, Title: "1860", Player: 2})
	select {
	case at := <-got:
		d := at.Sub(start)
		t.Logf("fast user's webhook arrived %v after it was queued, behind 40 for a never-answering endpoint", d)
		if d >= timeout {
			t.Errorf("fast user's webhook took %v: it waited for the slow endpoint", d)
		}
	case <-time.After(timeout):
		t.Fatal("fast user's webhook did not arrive while another user's endpoint hangs")
	}
	if m := maxInFlight.Load(); m != 1 {
		t.Errorf("slow endpoint had %d POSTs in flight at once, want 1", m)
	}
}

func TestHookPayload(t *testing.T) {
	body := webhookBody{Game: 7, Title: "1860", Player: 2, Acting: []string{"2", "<FYN>"}}
	for _, c := range []struct{ url, want string }{
		{"https://discord.com/api/webhooks/1/abc", `{"allowed_mentions":{"parse":[]},"content":"Your turn in 1860 game 7 (player 2, acting for 2, \u003cFYN\u003e)"}`},
		{"https://ptb.discord.com/api/webhooks/1/abc", `"content":`},
		{"https://discordapp.com/api/webhooks/1/abc", `"content":`},
		{"https://hooks.slack.com/services/T/B/x", `{"text":"Your turn in 1860 game 7 (player 2, acting for 2, \u0026lt;FYN\u0026gt;)"}`},
		{"https://discord.com/other", `{"game":7,"title":"1860","player":2,"acting":["2","\u003cFYN\u003e"]}`},
		{"https://example.org/hook", `{"game":7,"title":"1860","player":2,"acting":["2","\u003cFYN\u003e"]}`},
	} {
		b, err := hookPayload(c.url, body)
		if err != nil || !strings.Contains(string(b), c.want) {
			t.Errorf("hookPayload(%s) = %s, %v; want %s", c.url, b, err, c.want)
		}
		if !json.Valid(b) {
			t.Errorf("hookPayload(%s) is not JSON: %s", c.url, b)
		}
	}
	// a game with a clock says how much time the player has left
	left := int64(3725)
	body.TimeLeftS = &left
	for url, want := range map[string]string{
		"https://discord.com/api/webhooks/1/abc": "1 h 02 min left on your clock",
		"https://example.org/hook":               `"time_left_s":3725`,
	} {
		if b, _ := hookPayload(url, body); !strings.Contains(string(b), want) {
			t.Errorf("hookPayload(%s) with a clock = %s; want %s", url, b, want)
		}
	}
}

func TestBlockedAddr(t *testing.T) {
	for _, c := range []struct {
		ip      string
		blocked bool
	}{
		{"127.0.0.1", true}, {"10.1.2.3", true}, {"172.31.255.255", true}, {"172.32.0.1", false},
		{"192.168.0.1", true}, {"169.254.169.254", true}, {"0.0.0.0", true}, {"0.1.2.3", true},
		{"224.0.0.251", true}, {"100.64.0.1", true}, {"100.128.0.1", false}, {"198.18.0.1", true},
		{"8.8.8.8", false}, {"93.184.215.14", false}, {"::1", true}, {"::", true}, {"fe80::1%eth0", true},
		{"fc00::1", true}, {"ff05::1", true}, {"::ffff:10.0.0.1", true}, {"64:ff9b::808:808", false},
		{"64:ff9b::a00:1", true}, {"2002:808:808::1", false}, {"2002:c0a8:101::1", true},
		{"2606:4700::1111", false}, {"2001:db8::1", true},
	} {
		ip := netip.MustParseAddr(c.ip)
		if got := blockedAddr(ip) != ""; got != c.blocked {
			t.Errorf("blockedAddr(%s) = %q; want blocked %v", c.ip, blockedAddr(ip), c.blocked)
		}
	}
}

// TestWebhookManyUsers: webhooks of many users all arrive, through the
// bounded worker pool.
func TestWebhookManyUsers(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.AllowPrivateWebhooks = true })
	var mu sync.Mutex
	seen := map[string]int{}
	hook := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen[r.URL.Path]++
		mu.Unlock()
	}))
	defer hook.Close()
	const users, each = 40, 3
	ids := make([]int64, users)
	for i := range users {
		u := env.signup(fmt.Sprintf("member%d", i))
		u.mustDo("PUT", "/api/me/webhook", map[string]string{"url": fmt.Sprintf("%s/u%d", hook.URL, i)}, http.StatusNoContent, nil)
		ids[i] = u.id
	}
	done := make(chan error, users*each)
	env.srv.hookDone = func(_ int64, err error) { done <- err }
	for k := range each {
		for _, id := range ids {
			// three games: a second turn of the same seat still waiting
			// would replace the first (postWebhook coalesces them)
			env.srv.postWebhook(id, webhookBody{Game: int64(k + 1), Title: "1860", Player: 1})
		}
	}
	for range users * each {
		select {
		case err := <-done:
			if err != nil {
				t.Error(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("webhooks missing")
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for i := range users {
		if n := seen[fmt.Sprintf("/u%d", i)]; n != each {
			t.Errorf("user %d got %d webhooks, want %d", i, n, each)
		}
	}
	env.srv.hooks.mu.Lock()
	defer env.srv.hooks.mu.Unlock()
	if env.srv.hooks.queued != 0 || len(env.srv.hooks.pending) != 0 || len(env.srv.hooks.busy) != 0 {
		t.Errorf("queue not empty after delivery: %d queued, %d pending users, %d busy", env.srv.hooks.queued, len(env.srv.hooks.pending), len(env.srv.hooks.busy))
	}
}
