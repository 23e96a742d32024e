package main

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server's logging goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServe(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		rc     int
		stderr string
	}{
		{"extra argument", []string{"serve", "x"}, 2, "usage"},
		{"bad flag", []string{"serve", "--nope"}, 2, "nope"},
		{"sqlite, bad address", []string{"serve", "--data", t.TempDir(), "--addr", "256.0.0.1:1"}, 1, "listen"},
		{"postgres unreachable", []string{"serve", "--db", "postgres://127.0.0.1:1/x?connect_timeout=2"}, 1, "PostgreSQL store"},
		{"bad address", []string{"serve", "--db", "mem:", "--addr", "256.0.0.1:1"}, 1, "listen"},
		{"smtp without a port", []string{"serve", "--db", "mem:", "--smtp", "mail.example.org"}, 2, "not host:port"},
		{"bad public url", []string{"serve", "--db", "mem:", "--smtp", "127.0.0.1:25", "--public-url", "ftp://x"}, 2, "--public-url"},
		{"bad sender", []string{"serve", "--db", "mem:", "--smtp", "127.0.0.1:25", "--mail-from", "nobody"}, 2, "from address"},
	} {
		var out, errb syncBuffer
		if rc := run(context.Background(), tc.args, &out, &errb); rc != tc.rc || !strings.Contains(errb.String(), tc.stderr) {
			t.Errorf("%s: exit %d, stderr %q; want %d containing %q", tc.name, rc, errb.String(), tc.rc, tc.stderr)
		}
	}
	// serves until the context ends, then shuts down cleanly
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan int)
	go func() {
		done <- run(ctx, []string{"serve", "--db", "mem:", "--addr", "127.0.0.1:0", "--build-engine=false"}, &out, &errb)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(errb.String(), "serving") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if rc := <-done; rc != 0 || !strings.Contains(errb.String(), "stopped") {
		t.Errorf("serve: exit %d, log %s", rc, errb.String())
	}
}
