package metrics

import (
	"bufio"
	"runtime"
	rm "runtime/metrics"
	"time"
)

// started is when the program's packages were set up: the process's start
// time, to well under a second.
var started = time.Now()

// runtimeFamily writes the Go runtime's and the process's figures, read
// when scraped: the names are those Prometheus's own Go client uses, so
// dashboards built for Go programs work unchanged.
type runtimeFamily struct{}

func (runtimeFamily) name() string { return "go_" }

func (runtimeFamily) write(w *bufio.Writer) {
	s := []rm.Sample{
		{Name: "/sched/goroutines:goroutines"},
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/total:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
	}
	rm.Read(s)
	gauge := func(name, help string, v float64) {
		header(w, Opts{Name: name, Help: help}, "gauge")
		sample(w, name, "", v)
	}
	number := func(x rm.Value) float64 {
		if x.Kind() == rm.KindUint64 {
			return float64(x.Uint64())
		}
		return 0
	}
	gauge("go_goroutines", "Number of goroutines that currently exist.", number(s[0].Value))
	header(w, Opts{Name: "go_gc_cycles_total", Help: "Garbage collection cycles completed."}, "counter")
	sample(w, "go_gc_cycles_total", "", number(s[3].Value))
	header(w, Opts{Name: "go_info", Help: "Information about the Go environment."}, "gauge")
	sample(w, "go_info", `version="`+escapeLabel(runtime.Version())+`"`, 1)
	gauge("go_memstats_heap_alloc_bytes", "Bytes of allocated heap objects.", number(s[1].Value))
	gauge("go_memstats_sys_bytes", "Bytes of memory obtained from the operating system.", number(s[2].Value))
	writeProcess(w, gauge)
	gauge("process_start_time_seconds", "Start time of the process since the Unix epoch in seconds.", float64(started.UnixNano())/1e9)
}
