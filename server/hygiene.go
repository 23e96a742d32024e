package server

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// HTTP time limits of Serve: a slow client cannot hold a connection open
// by trickling its headers or body, or by never reading the response.
// WebSockets clear the deadlines once upgraded (they ping instead).
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	httpWriteTimeout  = 2 * time.Minute
	idleTimeout       = 2 * time.Minute
)

// contentSecurityPolicy allows the page's own scripts, styles and
// WebAssembly, images drawn by the page, and requests to this origin; no
// framing, no plugins, no inline script.
const contentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; " +
	"worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers that keep browsers from sniffing types,
// framing the site or leaking its addresses.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range fixedHeaders {
			// the value slices are shared by every response: a slice of
			// capacity 1 is copied by anything that adds to it
			h[kv.key] = kv.value
		}
		next.ServeHTTP(w, r)
	})
}

// fixedHeaders are the headers securityHeaders sets, keys in canonical
// form.
var fixedHeaders = []struct {
	key   string
	value []string
}{
	{"Content-Security-Policy", []string{contentSecurityPolicy}},
	{"X-Content-Type-Options", []string{"nosniff"}},
	{"X-Frame-Options", []string{"DENY"}},
	{"Referrer-Policy", []string{"same-origin"}},
	{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
}

// socketSlots counts open WebSockets per client address and in all.
type socketSlots struct {
	perAddr, max int // the limits
	mu           sync.Mutex
	byIP         map[string]int
	total        int
}

// take reserves a slot for a client at addr ("host:port"); release frees
// it. ok is false when the client or the server is at its limit.
func (s *socketSlots) take(addr string) (release func(), ok bool) {
	ip, _, err := net.SplitHostPort(addr)
	if err != nil {
		ip = addr
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byIP == nil {
		s.byIP = map[string]int{}
	}
	if s.total >= s.max || s.byIP[ip] >= s.perAddr {
		return nil, false
	}
	s.total++
	s.byIP[ip]++
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.total--
		if s.byIP[ip]--; s.byIP[ip] == 0 {
			delete(s.byIP, ip)
		}
	}, true
}
