// Package metrics keeps a server's counters, gauges and histograms and
// writes them, with the Go runtime's and the process's own figures, in the
// Prometheus text exposition format (version 0.0.4), which any Prometheus
// server or compatible agent scrapes.
//
// It exists instead of the Prometheus client library because that library
// sets up a default registry, its collectors and protocol-buffer
// descriptors when the program starts: about 1-3 ms of CPU that every
// tresham command paid, the one-shot ones (replay, legal, routes) included,
// for metrics only the server serves.
package metrics

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Registry holds metric families and writes them sorted by name. Each
// server has its own (no global state).
type Registry struct {
	mu       sync.Mutex
	families []family
}

type family interface {
	name() string
	write(w *bufio.Writer)
}

// NewRegistry returns a registry holding the Go runtime's and the
// process's metrics (see runtime.go).
func NewRegistry() *Registry {
	r := &Registry{}
	r.register(runtimeFamily{})
	return r
}

func (r *Registry) register(f family) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, g := range r.families {
		if g.name() == f.name() {
			panic(fmt.Sprintf("metrics: %s registered twice", f.name()))
		}
	}
	r.families = append(r.families, f)
	slices.SortFunc(r.families, func(a, b family) int { return cmp.Compare(a.name(), b.name()) })
}

// WriteTo writes every family in the text exposition format.
func (r *Registry) WriteTo(w io.Writer) (int64, error) {
	cw := &countingWriter{w: w}
	bw := bufio.NewWriter(cw)
	r.mu.Lock()
	fs := slices.Clone(r.families)
	r.mu.Unlock()
	for _, f := range fs {
		f.write(bw)
	}
	err := bw.Flush()
	return cw.n, err
}

// Handler serves the registry to scrapers.
func (r *Registry) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		_, _ = r.WriteTo(w)
	})
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// Opts names a metric and says what it measures.
type Opts struct {
	Name, Help string
}

// value is a float64 updated atomically.
type value struct{ bits atomic.Uint64 }

func (v *value) add(d float64) {
	for {
		old := v.bits.Load()
		if v.bits.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+d)) {
			return
		}
	}
}
func (v *value) set(x float64) { v.bits.Store(math.Float64bits(x)) }
func (v *value) get() float64  { return math.Float64frombits(v.bits.Load()) }

// Counter only goes up.
type Counter struct{ v value }

// Inc adds one.
func (c *Counter) Inc() { c.v.add(1) }

// Add adds d, which must not be negative.
func (c *Counter) Add(d float64) {
	if d < 0 {
		panic("metrics: a counter cannot go down")
	}
	c.v.add(d)
}

// Gauge goes up and down.
type Gauge struct{ v value }

// Set sets the gauge to x.
func (g *Gauge) Set(x float64) { g.v.set(x) }

// Inc adds one.
func (g *Gauge) Inc() { g.v.add(1) }

// Dec subtracts one.
func (g *Gauge) Dec() { g.v.add(-1) }

// Histogram counts observations into cumulative buckets.
type Histogram struct {
	upper  []float64 // bucket upper bounds, ascending; +Inf implied
	mu     sync.Mutex
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      uint64
}

func newHistogram(buckets []float64) *Histogram {
	return &Histogram{upper: buckets, counts: make([]uint64, len(buckets)+1)}
}

// Observe records x.
func (h *Histogram) Observe(x float64) {
	i, _ := slices.BinarySearch(h.upper, x) // first bound >= x
	h.mu.Lock()
	h.counts[i]++
	h.sum += x
	h.n++
	h.mu.Unlock()
}

// vec is a family of series told apart by label values.
type vec[T any] struct {
	opts   Opts
	kind   string // counter, gauge, histogram
	labels []string
	make   func() *T
	emit   func(w *bufio.Writer, name, labels string, s *T)
	mu     sync.RWMutex
	series map[string]*T
	keys   map[string][]string
}

func (v *vec[T]) name() string { return v.opts.Name }

func (v *vec[T]) with(values []string) *T {
	if len(values) != len(v.labels) {
		panic(fmt.Sprintf("metrics: %s takes %d label values, got %d", v.opts.Name, len(v.labels), len(values)))
	}
	key := strings.Join(values, "\xff")
	v.mu.RLock()
	s := v.series[key]
	v.mu.RUnlock()
	if s != nil {
		return s
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if s = v.series[key]; s == nil {
		s = v.make()
		v.series[key] = s
		v.keys[key] = slices.Clone(values)
	}
	return s
}

func (v *vec[T]) write(w *bufio.Writer) {
	header(w, v.opts, v.kind)
	v.mu.RLock()
	defer v.mu.RUnlock()
	keys := make([]string, 0, len(v.series))
	for k := range v.series {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v.emit(w, v.opts.Name, labelPairs(v.labels, v.keys[k]), v.series[k])
	}
}

func newVec[T any](r *Registry, o Opts, kind string, labels []string, mk func() *T, emit func(*bufio.Writer, string, string, *T)) *vec[T] {
	v := &vec[T]{opts: o, kind: kind, labels: labels, make: mk, emit: emit, series: map[string]*T{}, keys: map[string][]string{}}
	r.register(v)
	return v
}

// CounterVec is a counter per combination of label values.
type CounterVec struct{ v *vec[Counter] }

// WithLabelValues returns the counter for values, in the order of the labels.
func (c CounterVec) WithLabelValues(values ...string) *Counter { return c.v.with(values) }

// GaugeVec is a gauge per combination of label values.
type GaugeVec struct{ v *vec[Gauge] }

// WithLabelValues returns the gauge for values, in the order of the labels.
func (g GaugeVec) WithLabelValues(values ...string) *Gauge { return g.v.with(values) }

// HistogramVec is a histogram per combination of label values.
type HistogramVec struct{ v *vec[Histogram] }

// WithLabelValues returns the histogram for values, in the order of the labels.
func (h HistogramVec) WithLabelValues(values ...string) *Histogram { return h.v.with(values) }

func emitCounter(w *bufio.Writer, name, labels string, c *Counter) {
	sample(w, name, labels, c.v.get())
}
func emitGauge(w *bufio.Writer, name, labels string, g *Gauge) { sample(w, name, labels, g.v.get()) }

func emitHistogram(w *bufio.Writer, name, labels string, h *Histogram) {
	h.mu.Lock()
	counts, sum, n := slices.Clone(h.counts), h.sum, h.n
	h.mu.Unlock()
	cum := uint64(0)
	for i, c := range counts {
		cum += c
		le := "+Inf"
		if i < len(h.upper) {
			le = formatFloat(h.upper[i])
		}
		l := `le="` + le + `"`
		if labels != "" {
			l = labels + "," + l
		}
		sample(w, name+"_bucket", l, float64(cum))
	}
	sample(w, name+"_sum", labels, sum)
	sample(w, name+"_count", labels, float64(n))
}

// NewCounterVec registers a counter family with the given labels.
func (r *Registry) NewCounterVec(o Opts, labels ...string) CounterVec {
	return CounterVec{newVec(r, o, "counter", labels, func() *Counter { return &Counter{} }, emitCounter)}
}

// NewCounter registers a counter without labels.
func (r *Registry) NewCounter(o Opts) *Counter { return r.NewCounterVec(o).WithLabelValues() }

// NewGaugeVec registers a gauge family with the given labels.
func (r *Registry) NewGaugeVec(o Opts, labels ...string) GaugeVec {
	return GaugeVec{newVec(r, o, "gauge", labels, func() *Gauge { return &Gauge{} }, emitGauge)}
}

// NewGauge registers a gauge without labels.
func (r *Registry) NewGauge(o Opts) *Gauge { return r.NewGaugeVec(o).WithLabelValues() }

// NewHistogramVec registers a histogram family with the given bucket upper
// bounds (ascending) and labels.
func (r *Registry) NewHistogramVec(o Opts, buckets []float64, labels ...string) HistogramVec {
	if !slices.IsSorted(buckets) {
		panic("metrics: " + o.Name + ": buckets not ascending")
	}
	b := slices.Clone(buckets)
	return HistogramVec{newVec(r, o, "histogram", labels, func() *Histogram { return newHistogram(b) }, emitHistogram)}
}

// NewHistogram registers a histogram without labels.
func (r *Registry) NewHistogram(o Opts, buckets []float64) *Histogram {
	return r.NewHistogramVec(o, buckets).WithLabelValues()
}

func header(w *bufio.Writer, o Opts, kind string) {
	w.WriteString("# HELP " + o.Name + " " + escapeHelp(o.Help) + "\n# TYPE " + o.Name + " " + kind + "\n")
}

// sample writes one line: name{labels} value.
func sample(w *bufio.Writer, name, labels string, v float64) {
	w.WriteString(name)
	if labels != "" {
		w.WriteString("{" + labels + "}")
	}
	w.WriteString(" " + formatFloat(v) + "\n")
}

// labelPairs renders names and values as name="value" pairs, sorted by name.
func labelPairs(names, values []string) string {
	idx := make([]int, len(names))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(names[a], names[b]) })
	var b strings.Builder
	for k, i := range idx {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(names[i] + `="` + escapeLabel(values[i]) + `"`)
	}
	return b.String()
}

var (
	labelEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	helpEscaper  = strings.NewReplacer(`\`, `\\`, "\n", `\n`)
)

func escapeLabel(s string) string { return labelEscaper.Replace(s) }
func escapeHelp(s string) string  { return helpEscaper.Replace(s) }

func formatFloat(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
