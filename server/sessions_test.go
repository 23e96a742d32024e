package server

import (
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"tresham/store"
	"tresham/store/memstore"
)

// TestSessionReuse: a session look-up is reused for Config.SessionTTL on
// the instance that made it; a logout there takes effect at once, one on
// another instance once the reuse runs out.
func TestSessionReuse(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	st := memstore.New()
	cfg := func(c *Config) { c.Now, c.SessionTTL = clock, time.Second }
	env1, env2 := newEnvWith(t, st, cfg), newEnvWith(t, st, cfg)

	alice := env1.signup("alice")
	// the same session (cookie) on both instances
	alice2 := env2.anon()
	alice2.c.Jar = alice.c.Jar
	alice2.c.Jar.SetCookies(mustURL(t, env2.ts.URL), alice.c.Jar.Cookies(mustURL(t, env1.ts.URL)))
	alice.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	alice2.mustDo("GET", "/api/me", nil, http.StatusOK, nil)

	cookies := alice.c.Jar.Cookies(mustURL(t, env1.ts.URL))
	alice.mustDo("POST", "/api/logout", nil, http.StatusNoContent, nil)
	alice.c.Jar.SetCookies(mustURL(t, env1.ts.URL), cookies) // keep presenting the old token
	alice.mustDo("GET", "/api/me", nil, http.StatusUnauthorized, nil)
	// instance 2 read the session less than a second ago
	alice2.c.Jar.SetCookies(mustURL(t, env2.ts.URL), cookies)
	alice2.mustDo("GET", "/api/me", nil, http.StatusOK, nil)
	advance(time.Second)
	alice2.mustDo("GET", "/api/me", nil, http.StatusUnauthorized, nil)
}

// TestSessionCacheForget: a look-up that began before a forget is not
// recorded (it may have read the session just ended).
func TestSessionCacheForget(t *testing.T) {
	c := newSessionCache(time.Minute)
	now := time.Now()
	u := store.User{ID: 7, Name: "bob"}
	_, ok, gen := c.get("t", now)
	if ok {
		t.Fatal("empty cache answered")
	}
	c.forget("t") // the logout lands while the store is being read
	c.put("t", u, now, gen)
	if _, ok, _ := c.get("t", now); ok {
		t.Fatal("a look-up older than a forget was recorded")
	}
	_, _, gen = c.get("t", now)
	c.put("t", u, now, gen)
	if got, ok, _ := c.get("t", now.Add(time.Second)); !ok || got.ID != 7 {
		t.Fatalf("recorded session: %+v %v", got, ok)
	}
	if _, ok, _ := c.get("t", now.Add(time.Minute)); ok {
		t.Fatal("answered past its time-to-live")
	}
	_, _, gen = c.get("t", now)
	c.put("t", u, now, gen)
	c.forgetUser(7)
	if _, ok, _ := c.get("t", now); ok {
		t.Fatal("forgetUser left a session of the user")
	}
	off := newSessionCache(-1)
	_, _, gen = off.get("t", now)
	off.put("t", u, now, gen)
	if _, ok, _ := off.get("t", now); ok {
		t.Fatal("a disabled cache answered")
	}
}

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
