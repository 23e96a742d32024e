package metrics

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// writeProcess writes the process's CPU time, memory and open files, read
// from the kernel (getrusage and /proc/self); a figure that cannot be read
// is left out.
func writeProcess(w *bufio.Writer, gauge func(name, help string, v float64)) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		cpu := float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
		header(w, Opts{Name: "process_cpu_seconds_total", Help: "Total user and system CPU time spent in seconds."}, "counter")
		sample(w, "process_cpu_seconds_total", "", cpu)
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		gauge("process_open_fds", "Number of open file descriptors.", float64(len(fds)))
	}
	if b, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 2 {
			page := float64(os.Getpagesize())
			if rss, err := strconv.ParseFloat(f[1], 64); err == nil {
				gauge("process_resident_memory_bytes", "Resident memory size in bytes.", rss*page)
			}
			if vm, err := strconv.ParseFloat(f[0], 64); err == nil {
				gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", vm*page)
			}
		}
	}
}
