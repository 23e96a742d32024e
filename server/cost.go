package server

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

// CPU-heavy reads (a best run, a candidate run's check, an analysis, a
// map or view at a history position, a hint) run under shared bounds: at
// most one per core at once (hints: in the bots' thinking slots), each
// waiting at most heavyWait for its turn (503 with Retry-After beyond),
// and each caller (a signed-in account, else a client address) spends a
// budget refilled over time (429 with Retry-After when spent).
const (
	heavyWait = 10 * time.Second // the longest wait for a heavy slot
	// heavyRate and heavyBurst budget the heavy reads of one caller: a
	// history scrubbed move by move asks a map a step.
	heavyRate  = 8 // a second
	heavyBurst = 240
	// hintEvery and hintBurst budget the hints of one caller.
	hintEvery = 6 * time.Second // 10 a minute
	hintBurst = 10
)

// workSlots bounds some work done at once: a slot per job.
type workSlots chan struct{}

// acquire takes a slot, waiting at most wait or until ctx ends; false when
// none was free in time.
func (w workSlots) acquire(ctx context.Context, wait time.Duration) bool {
	select {
	case w <- struct{}{}:
		return true
	default:
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case w <- struct{}{}:
		return true
	case <-timer.C:
		return false
	case <-ctx.Done():
		return false
	}
}

func (w workSlots) release() { <-w }

// callerKey is whom a request's budget is counted for: its signed-in
// account, else its client address.
func (s *Server) callerKey(r *http.Request) string {
	if u, ok, err := s.user(r); err == nil && ok {
		return "u" + strconv.FormatInt(u.ID, 10)
	}
	return "a" + clientKey(r.RemoteAddr)
}

// overBudget is the 429 of a spent budget.
func overBudget(d time.Duration, what string, burst int, per string) error {
	return &apiError{code: http.StatusTooManyRequests, retryAfter: d,
		msg: "too many " + what + ": the limit is " + strconv.Itoa(burst) + " at once, then " + per + "; try again in " + strconv.Itoa(int((d+time.Second-1)/time.Second)) + " s"}
}

// heavy wraps a CPU-heavy read: it spends the caller's heavy budget and
// takes a heavy slot for the handler's run.
func (s *Server) heavy(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if d := s.heavyBudget.take(s.callerKey(r), s.cfg.Now()); d > 0 {
			s.fail(w, r, overBudget(d, "route, analysis, map and history requests", heavyBurst, strconv.Itoa(heavyRate)+" a second"))
			return
		}
		if !s.heavySlots.acquire(r.Context(), heavyWait) {
			if r.Context().Err() != nil {
				return // the client has gone
			}
			s.fail(w, r, busy())
			return
		}
		defer s.heavySlots.release()
		next(w, r)
	}
}

// heavyAt is heavy for a request with ?action=N (a view of a history
// position, replayed for it); other requests go straight on.
func (s *Server) heavyAt(next http.HandlerFunc) http.HandlerFunc {
	h := s.heavy(next)
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("action") {
			h(w, r)
			return
		}
		next(w, r)
	}
}

// busy is the 503 of a heavy request that found no slot in time.
func busy() error {
	return &apiError{code: http.StatusServiceUnavailable, retryAfter: 5 * time.Second,
		msg: "the server is busy with other route, hint, analysis and history requests: try again in a few seconds"}
}

// Candidate run limits (POST /api/games/{id}/routes/check): a corporation
// runs one route a train, and no title gives one corporation more trains;
// a route's connections name each hex it passes once.
const (
	maxCheckRoutes = 16
	maxCheckHexes  = 2048 // hex ids in all the routes' connections
)

// checkRequestSize refuses a candidate run larger than any legal one
// before any of it is checked.
func checkRequestSize(req checkRequest) error {
	if len(req.Routes) > maxCheckRoutes {
		return errorf(http.StatusRequestEntityTooLarge, "routes: %d routes; a run has at most %d (one a train)", len(req.Routes), maxCheckRoutes)
	}
	n := 0
	for _, rt := range req.Routes {
		n += len(rt.Hexes) + len(rt.Nodes)
		for _, c := range rt.Connections {
			n += len(c)
		}
	}
	if n > maxCheckHexes {
		return errorf(http.StatusRequestEntityTooLarge, "routes: %d hexes and nodes named; a run names at most %d", n, maxCheckHexes)
	}
	return nil
}
