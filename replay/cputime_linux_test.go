//go:build linux

package replay

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system, all threads: the
// garbage collector's included) the process has used so far.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
