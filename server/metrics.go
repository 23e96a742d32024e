package server

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// registry is a tiny Prometheus registry: counters, gauges and histograms
// with labels, written in the text exposition format.
type registry struct {
	mu      sync.Mutex
	metrics []*metric
}

type metric struct {
	name, help, kind string
	labels           []string
	buckets          []float64 // histograms
	series           map[string]*series
}

type series struct {
	values []string // label values
	value  float64  // counter or gauge
	counts []uint64 // histogram: per bucket (not cumulative)
	sum    float64
	count  uint64
}

func (r *registry) add(name, help, kind string, buckets []float64, labels ...string) *metric {
	m := &metric{name: name, help: help, kind: kind, labels: labels, buckets: buckets, series: map[string]*series{}}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.metrics = append(r.metrics, m)
	return m
}

// counter is a monotonically increasing value per label set.
type counter struct {
	r *registry
	m *metric
}

// gauge is a value that goes up and down.
type gauge struct {
	r *registry
	m *metric
}

// histogram counts observations into buckets.
type histogram struct {
	r *registry
	m *metric
}

func (r *registry) counter(name, help string, labels ...string) counter {
	return counter{r, r.add(name, help, "counter", nil, labels...)}
}

func (r *registry) gauge(name, help string, labels ...string) gauge {
	return gauge{r, r.add(name, help, "gauge", nil, labels...)}
}

func (r *registry) histogram(name, help string, buckets []float64, labels ...string) histogram {
	return histogram{r, r.add(name, help, "histogram", buckets, labels...)}
}

// get returns the series for the label values; r.mu is held.
func (m *metric) get(values []string) *series {
	key := strings.Join(values, "\xff")
	s := m.series[key]
	if s == nil {
		s = &series{values: append([]string(nil), values...)}
		if m.buckets != nil {
			s.counts = make([]uint64, len(m.buckets))
		}
		m.series[key] = s
	}
	return s
}

func (c counter) inc(values ...string) { c.addN(1, values...) }

func (c counter) addN(n float64, values ...string) {
	c.r.mu.Lock()
	defer c.r.mu.Unlock()
	c.m.get(values).value += n
}

func (g gauge) add(n float64, values ...string) {
	g.r.mu.Lock()
	defer g.r.mu.Unlock()
	g.m.get(values).value += n
}

func (h histogram) observe(v float64, values ...string) {
	h.r.mu.Lock()
	defer h.r.mu.Unlock()
	s := h.m.get(values)
	for i, b := range h.m.buckets {
		if v <= b {
			s.counts[i]++
			break
		}
	}
	s.sum += v
	s.count++
}

// write renders every metric in the Prometheus text format.
func (r *registry) write(w io.Writer) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for _, m := range r.metrics {
		fmt.Fprintf(&b, "# HELP %s %s\n# TYPE %s %s\n", m.name, m.help, m.name, m.kind)
		keys := make([]string, 0, len(m.series))
		for k := range m.series {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) == 0 && len(m.labels) == 0 && m.kind != "histogram" {
			fmt.Fprintf(&b, "%s 0\n", m.name)
		}
		for _, k := range keys {
			s := m.series[k]
			if m.kind != "histogram" {
				fmt.Fprintf(&b, "%s%s %s\n", m.name, labelText(m.labels, s.values, "", ""), num(s.value))
				continue
			}
			var cum uint64
			for i, le := range m.buckets {
				cum += s.counts[i]
				fmt.Fprintf(&b, "%s_bucket%s %d\n", m.name, labelText(m.labels, s.values, "le", num(le)), cum)
			}
			fmt.Fprintf(&b, "%s_bucket%s %d\n", m.name, labelText(m.labels, s.values, "le", "+Inf"), s.count)
			fmt.Fprintf(&b, "%s_sum%s %s\n", m.name, labelText(m.labels, s.values, "", ""), num(s.sum))
			fmt.Fprintf(&b, "%s_count%s %d\n", m.name, labelText(m.labels, s.values, "", ""), s.count)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func labelText(names, values []string, extraName, extraValue string) string {
	if len(names) == 0 && extraName == "" {
		return ""
	}
	var parts []string
	for i, n := range names {
		parts = append(parts, n+"="+strconv.Quote(values[i]))
	}
	if extraName != "" {
		parts = append(parts, extraName+"="+strconv.Quote(extraValue))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

func num(v float64) string {
	if math.IsInf(v, 1) {
		return "+Inf"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// metrics are the server's instruments.
type metrics struct {
	reg        *registry
	requests   counter   // route, code
	duration   histogram // route
	actions    counter   // source
	replay     histogram
	websockets gauge
	mismatches counter
}

func newMetrics() *metrics {
	r := &registry{}
	lat := []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}
	return &metrics{
		reg:        r,
		requests:   r.counter("tresham_http_requests_total", "HTTP requests by route pattern and status code.", "route", "code"),
		duration:   r.histogram("tresham_http_request_duration_seconds", "HTTP request duration by route pattern.", lat, "route"),
		actions:    r.counter("tresham_actions_applied_total", "Actions committed to game logs, by source (player, bot).", "source"),
		replay:     r.histogram("tresham_replay_seconds", "Time to rebuild a game by replaying its action log.", lat),
		websockets: r.gauge("tresham_websockets_open", "Open WebSocket connections."),
		mismatches: r.counter("tresham_client_state_mismatches_total", "State hashes of the in-browser engine that disagreed with the server's (reported by pages)."),
	}
}
