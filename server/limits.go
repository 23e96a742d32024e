package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// Request limits (docs/api.md, "Limits"): each request's cost is bounded
// by what its sender may do. Bodies are limited per endpoint before they
// are read, so that a body that can never be accepted is refused from its
// Content-Length and a stalled one holds at most its endpoint's limit.
const (
	// smallBody is the limit of the account endpoints (a name, a password,
	// a webhook URL: a few hundred bytes).
	smallBody = 4 << 10
	// defaultBody is the limit of every other body but an import's (one
	// action, a table's settings, a candidate run: real ones are under 2 KiB).
	defaultBody = 64 << 10
	// smallBodyReadTimeout bounds reading the body of a request whose
	// limit is at most defaultBody, from the end of its headers (or
	// Config.ReadTimeout when shorter).
	smallBodyReadTimeout = 10 * time.Second
	// defaultRequestsPerAddr bounds the requests of one client address
	// being served at once (WebSockets are counted by socketSlots instead).
	defaultRequestsPerAddr = 32
	// defaultConnsPerAddr bounds the open connections of one client address
	// (Serve only: idle keep-alive connections and WebSockets included).
	defaultConnsPerAddr = 256
)

// bodyLimits are the body limits of the endpoints whose limit is not
// defaultBody, by route pattern.
var bodyLimits = map[string]int64{
	"POST /api/signup":            smallBody,
	"POST /api/login":             smallBody,
	"POST /api/logout":            smallBody,
	"PUT /api/me/webhook":         smallBody,
	"PUT /api/me/password":        smallBody,
	"DELETE /api/me":              smallBody,
	"POST /api/me/email":          smallBody,
	"DELETE /api/me/email":        smallBody,
	"PUT /api/me/email/turns":     smallBody,
	"POST /api/email/confirm":     smallBody,
	"POST /api/email/unsubscribe": smallBody,
	"POST /api/password/forgot":   smallBody,
	"POST /api/password/reset":    smallBody,
	"POST /api/games/import":      maxBody,
	"POST /api/games/{id}/join":   smallBody,
}

// unlimitedInFlight are the routes not counted by the per-address
// in-flight limit: a WebSocket stays in its handler for the socket's life
// and has its own per-address limit (Config.MaxSocketsPerAddr).
var unlimitedInFlight = map[string]bool{
	"GET /api/games/{id}/ws": true,
}

// bodyLimit is the body limit of a route pattern.
func bodyLimit(pattern string) int64 {
	if n, ok := bodyLimits[pattern]; ok {
		return n
	}
	return defaultBody
}

// limitRequests bounds a request before its handler runs: its body to its
// endpoint's limit (413 from the Content-Length, or when reading past it),
// the time to read a small body, and the requests served at once for its
// client address (429 with Retry-After over Config.MaxRequestsPerAddr).
func (s *Server) limitRequests(mux *http.ServeMux, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, pattern := mux.Handler(r)
		if !unlimitedInFlight[pattern] && s.inFlight.max > 0 {
			release, ok := s.inFlight.take(clientKey(r.RemoteAddr))
			if !ok {
				w.Header().Set("Retry-After", "1")
				writeError(w, http.StatusTooManyRequests, "too many requests from your address at once (the limit is %d): wait for some to finish", s.inFlight.max)
				return
			}
			defer release()
		}
		limit := bodyLimit(pattern)
		if r.ContentLength > limit {
			// the body is not read: the connection is closed after the answer
			w.Header().Set("Connection", "close")
			writeError(w, http.StatusRequestEntityTooLarge, "request body of %d bytes is over the limit of %d bytes for %s", r.ContentLength, limit, pattern)
			return
		}
		if limit <= defaultBody && r.Body != nil && r.Body != http.NoBody {
			// a small body that has not arrived in time is not coming
			_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(min(smallBodyReadTimeout, s.cfg.ReadTimeout)))
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		next.ServeHTTP(w, r)
	})
}

// addrSlots counts something held per client address (requests being
// served, open connections) against a limit per address.
type addrSlots struct {
	max    int
	mu     sync.Mutex
	byAddr map[string]int
}

// take reserves a slot for key; release frees it. ok is false when key
// holds max slots already.
func (a *addrSlots) take(key string) (release func(), ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byAddr == nil {
		a.byAddr = map[string]int{}
	}
	if a.byAddr[key] >= a.max {
		return nil, false
	}
	a.byAddr[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			if a.byAddr[key]--; a.byAddr[key] <= 0 {
				delete(a.byAddr, key)
			}
		})
	}, true
}

// limitListener closes at once the connections of a client address that
// already holds max open connections.
type limitListener struct {
	net.Listener
	slots *addrSlots
}

func (l *limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		release, ok := l.slots.take(clientKey(c.RemoteAddr().String()))
		if !ok {
			c.Close()
			continue
		}
		return &slotConn{Conn: c, release: release}, nil
	}
}

// slotConn frees its address's slot when closed.
type slotConn struct {
	net.Conn
	release func()
}

func (c *slotConn) Close() error {
	c.release()
	return c.Conn.Close()
}
