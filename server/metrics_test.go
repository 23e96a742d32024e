package server

import (
	"bufio"
	"bytes"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// exposedSeries reads a text exposition: each family's type by name, and
// each sample's name with its label names ("name{a,b}").
func exposedSeries(t *testing.T, body []byte) (types map[string]string, samples map[string]bool) {
	t.Helper()
	types, samples = map[string]string{}, map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if f, ok := strings.CutPrefix(line, "# TYPE "); ok {
			name, kind, _ := strings.Cut(f, " ")
			types[name] = kind
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, hasLabels := strings.Cut(line, "{")
		if !hasLabels {
			name, _, _ = strings.Cut(line, " ")
			samples[name] = true
			continue
		}
		var names []string
		for _, pair := range splitLabels(rest) {
			n, _, _ := strings.Cut(pair, "=")
			names = append(names, n)
		}
		slices.Sort(names)
		samples[name+"{"+strings.Join(names, ",")+"}"] = true
	}
	return types, samples
}

// splitLabels splits the name="value" pairs before the closing brace at
// the commas between them (a value may hold escaped quotes, commas and
// braces).
func splitLabels(s string) []string {
	var out []string
	start, quoted := 0, false
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && quoted:
			i++
		case s[i] == '"':
			quoted = !quoted
		case (s[i] == ',' || s[i] == '}') && !quoted:
			if i > start {
				out = append(out, s[start:i])
			}
			if s[i] == '}' {
				return out
			}
			start = i + 1
		}
	}
	return out
}

// TestMetricsSeries: /metrics serves every family and series it served
// before the move to client_golang (names, types and label names captured
// from the hand-written registry), and the Go runtime's and the process's
// figures.
func TestMetricsSeries(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	alice.do("GET", "/healthz", nil)
	alice.do("GET", "/api/games/12345", nil)
	v := alice.view(id)
	act := v.Legal["1"][0].Action
	path := fmt.Sprintf("/api/games/%d/actions", id)
	bob.mustDo("POST", path, map[string]any{"seq": 0, "action": act}, http.StatusForbidden, nil)
	alice.mustDo("POST", path, map[string]any{"seq": 0, "action": act}, http.StatusOK, nil)
	code, body := alice.do("GET", "/metrics", nil)
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	types, samples := exposedSeries(t, body)
	for name, kind := range wantFamilies {
		if types[name] != kind {
			t.Errorf("family %s: type %q, want %q", name, types[name], kind)
		}
	}
	for _, s := range wantSamples {
		if !samples[s] {
			t.Errorf("no sample %s", s)
		}
	}
	// the runtime's and the process's figures of client_golang's collectors
	for _, s := range []string{"go_gc_duration_seconds", "go_threads", "go_memstats_alloc_bytes", "go_sched_gomaxprocs_threads", "process_max_fds"} {
		if types[s] == "" {
			t.Errorf("no family %s", s)
		}
	}
	lines := 0
	for _, l := range strings.Split(string(body), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines++
		}
	}
	t.Logf("/metrics: %d families, %d series", len(types), lines)
}

// wantFamilies and wantSamples are what /metrics served before it moved to
// client_golang (captured from the hand-written registry it replaced):
// family types by name, and samples with their label names.
var wantFamilies = map[string]string{
	"go_gc_cycles_total":                    "counter",
	"go_goroutines":                         "gauge",
	"go_info":                               "gauge",
	"go_memstats_heap_alloc_bytes":          "gauge",
	"go_memstats_sys_bytes":                 "gauge",
	"process_cpu_seconds_total":             "counter",
	"process_open_fds":                      "gauge",
	"process_resident_memory_bytes":         "gauge",
	"process_start_time_seconds":            "gauge",
	"process_virtual_memory_bytes":          "gauge",
	"tresham_actions_applied_total":         "counter",
	"tresham_actions_refused_total":         "counter",
	"tresham_cache_bytes":                   "gauge",
	"tresham_cache_evictions_total":         "counter",
	"tresham_cache_games":                   "gauge",
	"tresham_cache_hits_total":              "counter",
	"tresham_cache_misses_total":            "counter",
	"tresham_client_state_mismatches_total": "counter",
	"tresham_http_request_duration_seconds": "histogram",
	"tresham_http_requests_total":           "counter",
	"tresham_mails_total":                   "counter",
	"tresham_replay_seconds":                "histogram",
	"tresham_websocket_messages_sent_total": "counter",
	"tresham_websockets_open":               "gauge",
}

var wantSamples = []string{
	"go_gc_cycles_total",
	"go_goroutines",
	"go_info{version}",
	"go_memstats_heap_alloc_bytes",
	"go_memstats_sys_bytes",
	"process_cpu_seconds_total",
	"process_open_fds",
	"process_resident_memory_bytes",
	"process_start_time_seconds",
	"process_virtual_memory_bytes",
	"tresham_actions_applied_total{source}",
	"tresham_actions_refused_total{reason}",
	"tresham_cache_bytes",
	"tresham_cache_evictions_total",
	"tresham_cache_games",
	"tresham_cache_hits_total",
	"tresham_cache_misses_total",
	"tresham_client_state_mismatches_total",
	"tresham_http_request_duration_seconds_bucket{le,route}",
	"tresham_http_request_duration_seconds_count{route}",
	"tresham_http_request_duration_seconds_sum{route}",
	"tresham_http_requests_total{code,route}",
	"tresham_mails_total{kind,result}",
	"tresham_replay_seconds_bucket{le}",
	"tresham_replay_seconds_count",
	"tresham_replay_seconds_sum",
	"tresham_websocket_messages_sent_total",
	"tresham_websockets_open",
}
