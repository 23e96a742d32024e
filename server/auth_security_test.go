package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tresham/store"
)

// fakeClock is a settable clock for Config.Now.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// call sends a JSON request and returns status, Retry-After and body.
func (u *user) call(method, path string, body any) (int, string, string) {
	u.env.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		u.env.t.Fatal(err)
	}
	req, err := http.NewRequest(method, u.env.ts.URL+path, bytes.NewReader(b))
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
	return resp.StatusCode, resp.Header.Get("Retry-After"), string(out)
}

// TestSignupNameRefusals reproduces issue 13 case 8 against a real server:
// each hostile name or password is refused with a message naming the
// field, and no account is created.
func TestSignupNameRefusals(t *testing.T) {
	env := newEnv(t, nil)
	env.signup("alice")
	cases := []struct {
		name, password string
		code           int
		msg            string
	}{
		{"ALICE", "correct horse", 409, `name \"ALICE\" is taken`},
		{"Alice", "correct horse", 409, `name \"Alice\" is taken`},
		{"alice\u200b", "correct horse", 400, "invisible character U+200B"},
		{"al\u0456ce", "correct horse", 409, "is taken"}, // Cyrillic і
		{"\u0430lice", "correct horse", 409, "is taken"}, // Cyrillic а
		{"ａｌｉｃｅ", "correct horse", 409, "is taken"},      // full width
		{"\u202eecila", "correct horse", 400, "bidirectional formatting character U+202E"},
		{"bob\u202e", "correct horse", 400, "bidirectional"},
		{"Player 1", "correct horse", 400, "reserved"},
		{"Bot 2", "correct horse", 400, "reserved"},
		{strings.Repeat("x", 41), "correct horse", 400, "longer than 40"},
		{strings.Repeat("x", 100000), "correct horse", 413, "over the limit of 4096 bytes"}, // refused from its size (issue 39)
		{"carol", "        ", 400, "password is too weak: it is all spaces"},
		{"carol", "\t\t\t\t\t\t\t\t", 400, "all spaces"},
		{"carol", "password1", 400, "password is too weak: it is one of the most common"},
		{"carol", "QWERTYUIOP", 400, "most common"},
		{"carol", "aaaaaaaaaa", 400, "repeats one character"},
		{"carol", "Carol", 400, "password is too weak: use at least"},
		{"carolina", "CAROLINA", 400, "it is your name"},
		{"carol", strings.Repeat("ab", 600), 400, "password is longer than 1024 bytes"},
	}
	for _, c := range cases {
		u := env.anon()
		code, _, body := u.call("POST", "/api/signup", map[string]string{"name": c.name, "password": c.password})
		if code != c.code || !strings.Contains(body, c.msg) {
			t.Errorf("signup %.40q / %.20q = %d %.300s; want %d containing %q", c.name, c.password, code, body, c.code, c.msg)
		}
		if _, err := env.st.UserByName(context.Background(), c.name); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("signup %.40q was refused but the user exists (%v)", c.name, err)
		}
	}
	// alice can still sign in, with any case of her name
	for _, name := range []string{"alice", "ALICE", "ａｌｉｃｅ"} {
		if code, _, body := env.anon().call("POST", "/api/login", map[string]string{"name": name, "password": "correct horse"}); code != 200 || !strings.Contains(body, `"name":"alice"`) {
			t.Errorf("login as %q = %d %s", name, code, body)
		}
	}
	// a display name keeps its case, a confusable-free new name works
	if code, _, body := env.anon().call("POST", "/api/signup", map[string]string{"name": "Mary Ann", "password": "tidy ferns 42"}); code != 201 || !strings.Contains(body, `"name":"Mary Ann"`) {
		t.Errorf("signup Mary Ann = %d %s", code, body)
	}
}

// TestLoginThrottle reproduces issue 13 case 7 (many wrong passwords, then
// the right one): after the free failures every attempt, even with the
// right password, is refused with 429 and Retry-After until the backoff has
// passed; failures from one address across names are limited too.
func TestLoginThrottle(t *testing.T) {
	clock := &fakeClock{now: time.Now()}
	env := newEnvWith(t, nil, func(c *Config) { c.Now = clock.Now })
	env.signup("alice")
	u := env.anon()
	login := func(name, pw string) (int, string, string) {
		return u.call("POST", "/api/login", map[string]string{"name": name, "password": pw})
	}
	for i := range accountFreeFailures {
		if code, _, body := login("alice", "wrong horse"); code != 401 {
			t.Fatalf("wrong password %d = %d %s, want 401", i+1, code, body)
		}
	}
	code, retry, body := login("alice", "correct horse")
	if code != 429 || retry != "1" || !strings.Contains(body, "too many failed logins for this name") {
		t.Fatalf("login after %d failures = %d (Retry-After %q) %s; want 429 with Retry-After 1", accountFreeFailures, code, retry, body)
	}
	// the refused right password made no session
	if code, _, _ := u.call("GET", "/api/me", nil); code != 401 {
		t.Errorf("GET /api/me after a throttled login = %d, want 401", code)
	}
	// other case of the same name: same account, same throttle
	if code, _, _ := login("ALICE", "correct horse"); code != 429 {
		t.Errorf("login as ALICE during backoff = %d, want 429", code)
	}
	// backoff doubles with each further failure
	want := 1
	for range 6 {
		clock.add(time.Duration(want) * time.Second)
		if code, _, body := login("alice", "wrong horse"); code != 401 {
			t.Fatalf("wrong password after the backoff = %d %s, want 401", code, body)
		}
		want *= 2
		if code, retry, _ := login("alice", "correct horse"); code != 429 || retry != strconv.Itoa(want) {
			t.Fatalf("Retry-After %q (%d), want %d", retry, code, want)
		}
	}
	clock.add(time.Duration(want) * time.Second)
	if code, _, body := login("alice", "correct horse"); code != 200 {
		t.Fatalf("right password after the backoff = %d %s, want 200", code, body)
	}
	// a success forgets the account's failures
	if code, _, _ := login("alice", "wrong horse"); code != 401 {
		t.Errorf("wrong password after a success = %d, want 401", code)
	}

	// one address guessing many names: the client limit
	clock.add(2 * throttleForget)
	for i := range clientFreeFailures {
		if code, _, body := login("nobody"+strconv.Itoa(i), "wrong horse"); code != 401 {
			t.Fatalf("failure %d from one address = %d %s, want 401", i+1, code, body)
		}
	}
	if code, retry, body := login("alice", "correct horse"); code != 429 || retry == "" || !strings.Contains(body, "from this address") {
		t.Fatalf("login after %d failures from one address = %d (Retry-After %q) %s; want 429", clientFreeFailures, code, retry, body)
	}
	// failures are forgotten after an hour without any
	clock.add(throttleForget)
	if code, _, body := login("alice", "correct horse"); code != 200 {
		t.Fatalf("login an hour later = %d %s, want 200", code, body)
	}
}

// TestHashSlots checks that password hashes wait for a bounded number of
// slots and that a login answers 503 with Retry-After when none frees up.
func TestHashSlots(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.MaxConcurrentHashes = 1 })
	env.signup("alice")
	if cap(env.srv.hashSlots) != 1 {
		t.Fatalf("hash slots %d, want 1", cap(env.srv.hashSlots))
	}
	env.srv.hashWait = 50 * time.Millisecond
	env.srv.hashSlots <- struct{}{} // the only slot is busy
	code, retry, body := env.anon().call("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"})
	if code != 503 || retry == "" || !strings.Contains(body, "busy") {
		t.Errorf("login with no free hashing slot = %d (Retry-After %q) %s; want 503", code, retry, body)
	}
	env.srv.hashSlots.release()
	if code, _, body := env.anon().call("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}); code != 200 {
		t.Errorf("login with a free slot = %d %s", code, body)
	}
	// a 503 is not a failed login: the account is not throttled
	if w := env.srv.acctThrottle.wait("alice", time.Now()); w != 0 {
		t.Errorf("account throttled for %v after a busy answer", w)
	}
}

func TestThrottleBounded(t *testing.T) {
	th := newThrottle(1, time.Second, time.Minute, time.Hour, 10)
	now := time.Now()
	for i := range 1000 {
		th.try(strconv.Itoa(i), now)
	}
	if len(th.keys) > 10 {
		t.Fatalf("%d keys kept, limit 10", len(th.keys))
	}
	if th.wait("999", now) != time.Second {
		t.Errorf("the newest key lost its failure")
	}
}

func TestClientKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"192.0.2.7:5555", "192.0.2.7"},
		{"[::ffff:192.0.2.7]:1", "192.0.2.7"},
		{"[2001:db8:1:2:3:4:5:6]:80", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:ffff::1]:80", "2001:db8:1:2::/64"},
		{"garbage", "garbage"},
	} {
		if got := clientKey(c.in); got != c.want {
			t.Errorf("clientKey(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestLoginThrottleConcurrent: guesses sent all at once are counted as they
// arrive, so no more than the free failures reach the password check.
func TestLoginThrottleConcurrent(t *testing.T) {
	env := newEnv(t, nil)
	env.signup("alice")
	const n = 40
	codes := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			codes[i], _, _ = env.anon().call("POST", "/api/login", map[string]string{"name": "alice", "password": "wrong " + strconv.Itoa(i)})
		})
	}
	wg.Wait()
	count := map[int]int{}
	for _, c := range codes {
		count[c]++
	}
	if count[401] != accountFreeFailures || count[429] != n-accountFreeFailures {
		t.Errorf("%d concurrent wrong logins: statuses %v; want %d × 401 and the rest 429", n, count, accountFreeFailures)
	}
}
