package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{{[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestBench(t *testing.T) {
	game := fixture(t, "19354.json")
	var out, errb bytes.Buffer
	if rc := run(context.Background(), []string{"bench", "-n", "3", game}, &out, &errb); rc != 0 {
		t.Fatalf("bench exit %d: %s", rc, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], game) || !strings.Contains(lines[0], "median of 3 replays, 445 actions") || !strings.HasPrefix(lines[1], "overall") {
		t.Errorf("unexpected output:\n%s", out.String())
	}
	errb.Reset()
	if rc := run(context.Background(), []string{"bench", "-n", "1", "no-such-game.json"}, &out, &errb); rc != 1 || !strings.Contains(errb.String(), "no-such-game.json") {
		t.Errorf("missing game: exit %d, stderr %q", rc, errb.String())
	}
	if rc := run(context.Background(), []string{"bench"}, &out, &errb); rc != 2 {
		t.Errorf("no games: exit %d, want 2", rc)
	}
}
