//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestStandingsFileKeepsDevices: a standings file that is not a regular
// file (a named pipe here; /dev/null or /dev/stdout alike) is written in
// place, not replaced by a renamed regular file.
func TestStandingsFileKeepsDevices(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "standings.pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	read := make(chan []byte)
	go func() {
		b, _ := os.ReadFile(fifo)
		read <- b
	}()
	games := []*gameResult{{seed: 1, kinds: []string{"heuristic", "random"}, worth: []int{900, 700}, end: "bank"}}
	if err := writeStandingsFile(fifo, "head\n", games, []string{"heuristic", "random"}); err != nil {
		t.Fatal(err)
	}
	select {
	case b := <-read:
		if !strings.HasPrefix(string(b), "head\n") {
			t.Errorf("the pipe's reader got %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing was written to the pipe (replaced by a renamed file?)")
	}
	fi, err := os.Stat(fifo)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().IsRegular() {
		t.Fatalf("%s became a regular file", fifo)
	}
}
