package server

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// raceTrials is how many times each credentials race is run per store.
const raceTrials = 12

// racingLogins is how many logins race each credentials change.
const racingLogins = 3

// TestSessionsEndWithCredentials reproduces issue 39 finding 6 against a
// real server on each store: logins racing DELETE /api/me or a password
// change must not leave a live session. Each trial signs an account in
// several times while the account is deleted (or its password changed)
// from its first session; afterwards no racing login's session may still
// sign requests in.
func TestSessionsEndWithCredentials(t *testing.T) {
	eachStore(t, func(t *testing.T, env *testEnv) {
		// the logins refused after a change count as failures of this
		// test's one address; that throttle is not under test here
		env.srv.clientThrottle = newThrottle(1<<20, throttleBase, throttleMax, throttleForget, throttleKeys)
		for _, change := range []string{"delete", "password"} {
			kept, won := 0, 0
			for trial := range raceTrials {
				owner := env.signup(fmt.Sprintf("%s%d", change[:3], trial))
				logins := make([]*user, racingLogins)
				codes := make([]int, racingLogins)
				var wg sync.WaitGroup
				start := make(chan struct{})
				for i := range logins {
					logins[i] = env.anon()
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						codes[i], _ = logins[i].do("POST", "/api/login", map[string]string{"name": owner.name, "password": "correct horse"})
					}()
				}
				var changed int
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					if change == "delete" {
						changed, _ = owner.do("DELETE", "/api/me", map[string]string{"password": "correct horse"})
					} else {
						changed, _ = owner.do("PUT", "/api/me/password", map[string]string{"old": "correct horse", "new": "fresh meadow 7"})
					}
				}()
				close(start)
				wg.Wait()
				if changed != http.StatusNoContent {
					t.Fatalf("%s trial %d: change answered %d", change, trial, changed)
				}
				alive := false
				for i, l := range logins {
					if codes[i] != http.StatusOK {
						continue
					}
					won++
					if code, body := l.do("GET", "/api/me", nil); code != http.StatusUnauthorized {
						alive = true
						t.Logf("%s trial %d: login %d kept a session: GET /api/me = %d %s", change, trial, i, code, body)
					}
				}
				if alive {
					kept++
				}
				if change == "password" {
					// the session that changed the password stays
					if code, body := owner.do("GET", "/api/me", nil); code != http.StatusOK {
						t.Errorf("password trial %d: the changing session ended: %d %s", trial, code, body)
					}
				}
			}
			t.Logf("%s: %d of %d trials kept a racing login's session (%d logins answered 200)", change, kept, raceTrials, won)
			if kept > 0 {
				t.Errorf("%s: %d of %d trials kept a racing login's session after the change", change, kept, raceTrials)
			}
		}
	})
}

// TestSessionCacheAfterDeletion checks that a session read just before its
// account was deleted is not served from the look-up cache afterwards.
func TestSessionCacheAfterDeletion(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	other := env.anon()
	other.mustDo("POST", "/api/login", map[string]string{"name": "alice", "password": "correct horse"}, http.StatusOK, nil)
	other.mustDo("GET", "/api/me", nil, http.StatusOK, nil) // cached now
	alice.mustDo("DELETE", "/api/me", map[string]string{"password": "correct horse"}, http.StatusNoContent, nil)
	if code, body := other.do("GET", "/api/me", nil); code != http.StatusUnauthorized {
		t.Fatalf("other session after deletion: %d %s, want 401", code, body)
	}
}
