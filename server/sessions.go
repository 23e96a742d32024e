package server

import (
	"sync"
	"time"

	"tresham/store"
)

// Session look-ups are reused for a short while: every request of a
// signed-in client needs its user, and at thousands of moves a second the
// store's session query (and the wait for a reader connection) was a
// tenth of the server's work. A logout, password change, account deletion
// or webhook change on this instance takes effect at once; one made on
// another instance reaches this one within the time-to-live.
const (
	defaultSessionTTL = time.Second
	maxCachedSessions = 1 << 14 // a full cache is emptied
)

// sessionCache maps token hashes to the user last read for them.
type sessionCache struct {
	ttl time.Duration // <= 0: no reuse
	mu  sync.Mutex
	m   map[string]cachedSession
	// gen counts the forgets: a look-up that began before one is not
	// recorded (it may have read what was forgotten)
	gen uint64
}

type cachedSession struct {
	u  store.User
	at time.Time // when read from the store
}

func newSessionCache(ttl time.Duration) *sessionCache {
	return &sessionCache{ttl: ttl, m: map[string]cachedSession{}}
}

// get returns the user of token hash th when read less than the
// time-to-live before now; else the generation to pass to put.
func (c *sessionCache) get(th string, now time.Time) (store.User, bool, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cs, ok := c.m[th]
	if !ok {
		return store.User{}, false, c.gen
	}
	if age := now.Sub(cs.at); age < 0 || age >= c.ttl {
		delete(c.m, th)
		return store.User{}, false, c.gen
	}
	return cs.u, true, c.gen
}

// put records u as read for token hash th at now, by a look-up that began
// at generation gen (get).
func (c *sessionCache) put(th string, u store.User, now time.Time, gen uint64) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.gen != gen {
		return
	}
	if len(c.m) >= maxCachedSessions {
		clear(c.m)
	}
	c.m[th] = cachedSession{u: u, at: now}
}

// forget drops token hash th.
func (c *sessionCache) forget(th string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	delete(c.m, th)
}

// forgetUser drops every session of user id (after a change of the user
// or of its sessions).
func (c *sessionCache) forgetUser(id int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for th, cs := range c.m {
		if cs.u.ID == id {
			delete(c.m, th)
		}
	}
}
