package server

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/store"
	"tresham/store/memstore"
)

// realGames lists the real games of both titles among the fixtures.
func realGames(tb testing.TB) []string {
	tb.Helper()
	var names []string
	for _, title := range []string{"1860", "1825"} {
		m, err := fixtures.Games(title + "/*.json")
		if err != nil {
			tb.Fatal(err)
		}
		names = append(names, m...)
	}
	if len(names) == 0 {
		tb.Fatal("no real games among the fixtures")
	}
	return names
}

// storeFixtures stores the fixture games named copies times each in st
// and returns their ids.
func storeFixtures(tb testing.TB, st store.Store, paths []string, copies int) []int64 {
	tb.Helper()
	var ids []int64
	for _, path := range paths {
		data := fixtures.MustRead(tb, path)
		src, err := g18xx.Decode(bytes.NewReader(data))
		if err != nil {
			tb.Fatal(err)
		}
		var raw struct {
			Actions []json.RawMessage `json:"actions"`
		}
		if err := json.Unmarshal(data, &raw); err != nil {
			tb.Fatal(err)
		}
		var seats []store.Seat
		for _, p := range src.Players {
			seats = append(seats, store.Seat{PlayerID: p.ID, Name: p.Name})
		}
		opts := src.Settings.OptionalRules
		if opts == nil {
			opts = []string{}
		}
		for range copies {
			h, err := st.CreateGame(context.Background(), store.Game{Title: src.Title, Options: opts, Hotseat: true,
				Status: store.StatusActive, Seats: seats}, raw.Actions)
			if err != nil {
				tb.Fatal(err)
			}
			ids = append(ids, h.ID)
		}
	}
	return ids
}

func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkCachedGameBytes opens fixture games (both titles, the longest
// included) into the live-game cache and reports the live heap per cached
// game (B/game), measured after GC against the heap before opening: "all"
// holds every fixture, the others one fixture each. Set
// TRESHAM_HEAPPROFILE to a file name to write a heap profile of the full
// cache ("all").
func BenchmarkCachedGameBytes(b *testing.B) {
	const copies = 8
	paths := realGames(b)
	cases := []struct {
		name  string
		paths []string
	}{{"all", paths}}
	for _, p := range paths {
		cases = append(cases, struct {
			name  string
			paths []string
		}{strings.TrimSuffix(filepath.Base(p), ".json"), []string{p}})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				st := memstore.New()
				ids := storeFixtures(b, st, c.paths, copies)
				s := New(Config{}, st, slog.New(slog.DiscardHandler))
				before := liveHeap()
				for _, id := range ids {
					e, err := s.game(context.Background(), id)
					if err != nil {
						b.Fatal(err)
					}
					e.mu.Unlock()
				}
				after := liveHeap()
				if n := len(s.cache); n != len(ids) {
					b.Fatalf("%d games cached, want %d", n, len(ids))
				}
				b.ReportMetric(float64(after-before)/float64(len(ids)), "B/game")
				b.ReportMetric(float64(s.cacheBytes)/float64(len(ids)), "estB/game")
				if f := os.Getenv("TRESHAM_HEAPPROFILE"); f != "" && c.name == "all" {
					out, err := os.Create(f)
					if err != nil {
						b.Fatal(err)
					}
					if err := pprof.Lookup("heap").WriteTo(out, 0); err != nil {
						b.Fatal(err)
					}
					out.Close()
				}
				runtime.KeepAlive(s)
				runtime.KeepAlive(st)
			}
		})
	}
}

// BenchmarkColdOpen opens each fixture game with an empty cache: read
// from the store, decode and replay (the time of a first view of an idle
// game).
func BenchmarkColdOpen(b *testing.B) {
	for _, p := range realGames(b) {
		b.Run(strings.TrimSuffix(filepath.Base(p), ".json"), func(b *testing.B) {
			st := memstore.New()
			ids := storeFixtures(b, st, []string{p}, 1)
			s := New(Config{}, st, slog.New(slog.DiscardHandler))
			for range b.N {
				e, err := s.game(context.Background(), ids[0])
				if err != nil {
					b.Fatal(err)
				}
				e.mu.Unlock()
				s.cacheMu.Lock()
				s.dropLocked(e)
				s.cacheMu.Unlock()
			}
		})
	}
}
