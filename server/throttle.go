package server

import (
	"context"
	"net"
	"net/netip"
	"sync"
	"time"
)

// throttle slows down guessing: it counts failures per key (an account
// name key, a client address) and, from the free-th failure on, refuses
// attempts until a backoff (base, doubling with each further failure, at
// most max) has passed. A key without failures for forget is dropped; at most limit keys
// are kept (when full, expired keys are swept, then arbitrary ones).
type throttle struct {
	free   int           // failures before backoff starts
	base   time.Duration // backoff after the first failure past free
	max    time.Duration // longest backoff
	forget time.Duration // idle time after which a key's failures are forgotten
	limit  int           // most keys kept

	mu   sync.Mutex
	keys map[string]*throttleKey
}

type throttleKey struct {
	fails int
	until time.Time // attempts refused before this
	last  time.Time // last failure
}

func newThrottle(free int, base, max, forget time.Duration, limit int) *throttle {
	return &throttle{free: free, base: base, max: max, forget: forget, limit: limit, keys: map[string]*throttleKey{}}
}

// wait returns how long attempts for key are refused from now (0: allowed).
func (t *throttle) wait(key string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.waitLocked(key, now)
}

func (t *throttle) waitLocked(key string, now time.Time) time.Duration {
	k, ok := t.keys[key]
	if !ok {
		return 0
	}
	if now.Sub(k.last) >= t.forget {
		delete(t.keys, key)
		return 0
	}
	if d := k.until.Sub(now); d > 0 {
		return d
	}
	return 0
}

// try returns how long attempts for key are refused from now; when 0, the
// attempt is allowed and counted as a failure until forgiven.
func (t *throttle) try(key string, now time.Time) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	if d := t.waitLocked(key, now); d > 0 {
		return d
	}
	k, ok := t.keys[key]
	if !ok {
		t.makeRoom(now)
		k = &throttleKey{}
		t.keys[key] = k
	}
	k.fails++
	k.last = now
	if over := k.fails - t.free + 1; over > 0 {
		d := t.max
		if over <= 30 && t.base<<(over-1) < t.max {
			d = t.base << (over - 1)
		}
		k.until = now.Add(d)
	}
	return 0
}

// forgive uncounts one attempt of key (it succeeded or was not checked).
func (t *throttle) forgive(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	k, ok := t.keys[key]
	if !ok {
		return
	}
	k.fails--
	if k.fails <= 0 {
		delete(t.keys, key)
		return
	}
	if k.fails-t.free+1 <= 0 {
		k.until = time.Time{}
	}
}

// succeed forgets key's failures.
func (t *throttle) succeed(key string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.keys, key)
}

// makeRoom keeps the map under limit (t.mu held).
func (t *throttle) makeRoom(now time.Time) {
	if len(t.keys) < t.limit {
		return
	}
	for key, k := range t.keys {
		if now.Sub(k.last) >= t.forget {
			delete(t.keys, key)
		}
	}
	for key := range t.keys {
		if len(t.keys) < t.limit {
			break
		}
		delete(t.keys, key)
	}
}

// clientKey is the throttling key of a request's client: its IP address,
// IPv6 addresses by their /64 (one host usually holds the whole prefix).
// Behind a reverse proxy every client is the proxy: the limit then applies
// to all together (the proxy should throttle by client itself).
func clientKey(remoteAddr string) string {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}

// hashSlots bounds the password hashes computed at once: each argon2id
// hash holds Argon2Params.Memory KiB while it runs.
type hashSlots chan struct{}

// acquire takes a slot, waiting at most wait or until ctx ends; false when
// none was free in time.
func (h hashSlots) acquire(ctx context.Context, wait time.Duration) bool {
	select {
	case h <- struct{}{}:
		return true
	default:
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case h <- struct{}{}:
		return true
	case <-timer.C:
		return false
	case <-ctx.Done():
		return false
	}
}

func (h hashSlots) release() { <-h }
