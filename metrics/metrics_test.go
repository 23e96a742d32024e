package metrics

import (
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

func TestExposition(t *testing.T) {
	r := NewRegistry()
	req := r.NewCounterVec(Opts{Name: "t_requests_total", Help: "Requests by route\nand code."}, "route", "code")
	req.WithLabelValues("GET /a", "200").Inc()
	req.WithLabelValues("GET /a", "200").Add(2)
	req.WithLabelValues(`say "hi"\`, "404").Inc()
	lat := r.NewHistogramVec(Opts{Name: "t_seconds", Help: "Latency."}, []float64{0.1, 1}, "route")
	for _, x := range []float64{0.05, 0.1, 0.5, 3} {
		lat.WithLabelValues("GET /a").Observe(x)
	}
	g := r.NewGauge(Opts{Name: "t_open", Help: "Open."})
	g.Inc()
	g.Inc()
	g.Dec()
	plain := r.NewHistogram(Opts{Name: "t_replay_seconds", Help: "Replays."}, []float64{1})
	plain.Observe(2)

	var b strings.Builder
	if _, err := r.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"# HELP t_requests_total Requests by route\\nand code.\n# TYPE t_requests_total counter\n",
		`t_requests_total{code="200",route="GET /a"} 3` + "\n",
		`t_requests_total{code="404",route="say \"hi\"\\"} 1` + "\n",
		"# TYPE t_seconds histogram\n",
		`t_seconds_bucket{route="GET /a",le="0.1"} 2` + "\n",
		`t_seconds_bucket{route="GET /a",le="1"} 3` + "\n",
		`t_seconds_bucket{route="GET /a",le="+Inf"} 4` + "\n",
		`t_seconds_sum{route="GET /a"} 3.65` + "\n",
		`t_seconds_count{route="GET /a"} 4` + "\n",
		"t_open 1\n",
		`t_replay_seconds_bucket{le="+Inf"} 1` + "\n",
		"t_replay_seconds_count 1\n",
		"go_goroutines ",
		"process_resident_memory_bytes ",
		"process_cpu_seconds_total ",
		"process_start_time_seconds ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// families come sorted by name, each once
	if i, j := strings.Index(out, "# TYPE t_open"), strings.Index(out, "# TYPE t_requests_total"); i < 0 || j < i {
		t.Errorf("families out of order:\n%s", out)
	}
	if strings.Count(out, "# TYPE t_seconds ") != 1 {
		t.Errorf("t_seconds described more than once:\n%s", out)
	}
}

func TestHandlerAndConcurrency(t *testing.T) {
	r := NewRegistry()
	c := r.NewCounterVec(Opts{Name: "t_total", Help: "Things."}, "kind")
	h := r.NewHistogram(Opts{Name: "t_h", Help: "H."}, []float64{1})
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 1000; k++ {
				c.WithLabelValues("a").Inc()
				h.Observe(0.5)
			}
		}()
	}
	wg.Wait()
	rec := httptest.NewRecorder()
	r.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain; version=0.0.4") {
		t.Errorf("content type %q", ct)
	}
	for _, want := range []string{`t_total{kind="a"} 8000`, `t_h_bucket{le="1"} 8000`} {
		if !strings.Contains(rec.Body.String(), want) {
			t.Errorf("lacks %q:\n%s", want, rec.Body.String())
		}
	}
}

func TestMisuse(t *testing.T) {
	for name, f := range map[string]func(r *Registry){
		"twice":           func(r *Registry) { r.NewCounter(Opts{Name: "x"}); r.NewGauge(Opts{Name: "x"}) },
		"label count":     func(r *Registry) { r.NewCounterVec(Opts{Name: "x"}, "a").WithLabelValues("1", "2") },
		"negative add":    func(r *Registry) { r.NewCounter(Opts{Name: "x"}).Add(-1) },
		"unsorted bounds": func(r *Registry) { r.NewHistogram(Opts{Name: "x"}, []float64{2, 1}) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f(NewRegistry())
		}()
	}
}
