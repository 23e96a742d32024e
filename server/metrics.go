package server

import (
	"errors"
	"net/http"

	"tresham/metrics"
)

// serverMetrics are the server's instruments, on a registry of their own
// (no global state: several servers in one process each have theirs).
type serverMetrics struct {
	reg *metrics.Registry

	requests   metrics.CounterVec   // route, code
	duration   metrics.HistogramVec // route
	actions    metrics.CounterVec   // source
	refused    metrics.CounterVec   // reason
	replay     *metrics.Histogram
	websockets *metrics.Gauge
	wsMessages *metrics.Counter
	mismatches *metrics.Counter

	cacheBytes     *metrics.Gauge
	cacheEntries   *metrics.Gauge
	cacheHits      *metrics.Counter
	cacheMisses    *metrics.Counter
	cacheEvictions *metrics.Counter
}

func newMetrics() *serverMetrics {
	lat := []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}
	r := metrics.NewRegistry()
	return &serverMetrics{
		reg: r,
		requests: r.NewCounterVec(metrics.Opts{
			Name: "tresham_http_requests_total", Help: "HTTP requests by route pattern and status code.",
		}, "route", "code"),
		duration: r.NewHistogramVec(metrics.Opts{
			Name: "tresham_http_request_duration_seconds", Help: "HTTP request duration by route pattern.",
		}, lat, "route"),
		actions: r.NewCounterVec(metrics.Opts{
			Name: "tresham_actions_applied_total", Help: "Actions committed to game logs, by source (player, bot).",
		}, "source"),
		refused: r.NewCounterVec(metrics.Opts{
			Name: "tresham_actions_refused_total", Help: "Actions not committed, by reason (forbidden, illegal, conflict, error).",
		}, "reason"),
		replay: r.NewHistogram(metrics.Opts{
			Name: "tresham_replay_seconds", Help: "Time to rebuild a game by replaying its action log.",
		}, lat),
		websockets: r.NewGauge(metrics.Opts{Name: "tresham_websockets_open", Help: "Open WebSocket connections."}),
		wsMessages: r.NewCounter(metrics.Opts{Name: "tresham_websocket_messages_sent_total", Help: "Messages pushed to WebSocket clients."}),
		mismatches: r.NewCounter(metrics.Opts{
			Name: "tresham_client_state_mismatches_total", Help: "State hashes of the in-browser engine that disagreed with the server's (reported by pages).",
		}),
		cacheBytes:     r.NewGauge(metrics.Opts{Name: "tresham_cache_bytes", Help: "Estimated memory of the games kept replayed in memory."}),
		cacheEntries:   r.NewGauge(metrics.Opts{Name: "tresham_cache_games", Help: "Games kept replayed in memory."}),
		cacheHits:      r.NewCounter(metrics.Opts{Name: "tresham_cache_hits_total", Help: "Game look-ups that found the game in the cache."}),
		cacheMisses:    r.NewCounter(metrics.Opts{Name: "tresham_cache_misses_total", Help: "Game look-ups that had to replay the game from the store."}),
		cacheEvictions: r.NewCounter(metrics.Opts{Name: "tresham_cache_evictions_total", Help: "Games evicted from the cache (least recently used first)."}),
	}
}

// handler serves the registry in the Prometheus text exposition format.
func (m *serverMetrics) handler() http.Handler { return m.reg.Handler() }

// refusalReason names why an action was not committed, for
// tresham_actions_refused_total.
func refusalReason(err error) string {
	var ae *apiError
	if errors.As(err, &ae) {
		switch ae.code {
		case http.StatusForbidden:
			return "forbidden"
		case http.StatusUnprocessableEntity:
			return "illegal"
		case http.StatusConflict:
			return "conflict"
		}
	}
	return "error"
}
