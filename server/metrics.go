package server

import (
	"errors"
	"net/http"
	rm "runtime/metrics"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// serverMetrics are the server's instruments, on a Prometheus registry of
// their own (not the client library's global default: several servers in
// one process each have theirs), with the Go runtime's and the process's
// collectors.
type serverMetrics struct {
	reg *prometheus.Registry

	requests   *prometheus.CounterVec   // route, code
	duration   *prometheus.HistogramVec // route
	actions    *prometheus.CounterVec   // source
	refused    *prometheus.CounterVec   // reason
	replay     prometheus.Histogram
	websockets prometheus.Gauge
	wsMessages prometheus.Counter
	mismatches prometheus.Counter
	mails      *prometheus.CounterVec // kind, result

	cacheBytes     prometheus.Gauge
	cacheEntries   prometheus.Gauge
	cacheHits      prometheus.Counter
	cacheMisses    prometheus.Counter
	cacheEvictions prometheus.Counter
}

func newMetrics() *serverMetrics {
	lat := []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}
	m := &serverMetrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tresham_http_requests_total", Help: "HTTP requests by route pattern and status code.",
		}, []string{"route", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "tresham_http_request_duration_seconds", Help: "HTTP request duration by route pattern.", Buckets: lat,
		}, []string{"route"}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tresham_actions_applied_total", Help: "Actions committed to game logs, by source (player, bot).",
		}, []string{"source"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tresham_actions_refused_total", Help: "Actions not committed, by reason (forbidden, illegal, conflict, error).",
		}, []string{"reason"}),
		replay: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tresham_replay_seconds", Help: "Time to rebuild a game by replaying its action log.", Buckets: lat,
		}),
		websockets: prometheus.NewGauge(prometheus.GaugeOpts{Name: "tresham_websockets_open", Help: "Open WebSocket connections."}),
		wsMessages: prometheus.NewCounter(prometheus.CounterOpts{Name: "tresham_websocket_messages_sent_total", Help: "Messages pushed to WebSocket clients."}),
		mismatches: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "tresham_client_state_mismatches_total", Help: "State hashes of the in-browser engine that disagreed with the server's (reported by pages).",
		}),
		mails: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tresham_mails_total", Help: "Emails by kind (confirm, reset, turn) and result (sent, failed).",
		}, []string{"kind", "result"}),
		cacheBytes:     prometheus.NewGauge(prometheus.GaugeOpts{Name: "tresham_cache_bytes", Help: "Estimated memory of the games kept replayed in memory."}),
		cacheEntries:   prometheus.NewGauge(prometheus.GaugeOpts{Name: "tresham_cache_games", Help: "Games kept replayed in memory."}),
		cacheHits:      prometheus.NewCounter(prometheus.CounterOpts{Name: "tresham_cache_hits_total", Help: "Game look-ups that found the game in the cache."}),
		cacheMisses:    prometheus.NewCounter(prometheus.CounterOpts{Name: "tresham_cache_misses_total", Help: "Game look-ups that had to replay the game from the store."}),
		cacheEvictions: prometheus.NewCounter(prometheus.CounterOpts{Name: "tresham_cache_evictions_total", Help: "Games evicted from the cache (least recently used first)."}),
	}
	m.reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		// kept from before client_golang's Go collector was used: dashboards
		// may read it
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "go_gc_cycles_total", Help: "Garbage collection cycles completed."}, gcCycles),
		m.requests, m.duration, m.actions, m.refused, m.replay, m.websockets, m.wsMessages, m.mismatches, m.mails,
		m.cacheBytes, m.cacheEntries, m.cacheHits, m.cacheMisses, m.cacheEvictions,
	)
	// the known reasons and sources served from the start, at zero
	for _, reason := range []string{"forbidden", "illegal", "conflict", "error"} {
		m.refused.WithLabelValues(reason)
	}
	for _, source := range []string{"player", "bot", "clock"} {
		m.actions.WithLabelValues(source)
	}
	for _, kind := range []string{mailConfirm, mailReset, mailTurn} {
		m.mails.WithLabelValues(kind, "sent")
		m.mails.WithLabelValues(kind, "failed")
	}
	return m
}

// gcCycles reads the garbage collection cycles completed from the runtime.
func gcCycles() float64 {
	s := []rm.Sample{{Name: "/gc/cycles/total:gc-cycles"}}
	rm.Read(s)
	if s[0].Value.Kind() != rm.KindUint64 {
		return 0
	}
	return float64(s[0].Value.Uint64())
}

// handler serves the registry in the Prometheus exposition formats.
func (m *serverMetrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

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
