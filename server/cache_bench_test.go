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
	"testing"

	"tresham/compat/g18xx"
	"tresham/store"
	"tresham/store/memstore"
)

// fixtureGames stores every fixture game (both titles) copies times in st
// and returns their ids.
func fixtureGames(tb testing.TB, st store.Store, copies int) []int64 {
	tb.Helper()
	var paths []string
	for _, title := range []string{"1860", "1825"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", "shared", "fixtures", title, "*.json"))
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		tb.Skip("no fixtures in ../../shared/fixtures")
	}
	var ids []int64
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
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

// BenchmarkCachedGameBytes opens every fixture game (both titles, the
// longest included) into the live-game cache and reports the live heap per
// cached game (B/game), measured after GC against the heap before opening.
// Set TRESHAM_HEAPPROFILE to a file name to write a heap profile of the
// full cache.
func BenchmarkCachedGameBytes(b *testing.B) {
	const copies = 8
	for range b.N {
		st := memstore.New()
		ids := fixtureGames(b, st, copies)
		s := New(Config{CacheSize: len(ids) + 1}, st, slog.New(slog.DiscardHandler))
		before := liveHeap()
		for _, id := range ids {
			e, err := s.game(context.Background(), id)
			if err != nil {
				b.Fatal(err)
			}
			e.mu.Unlock()
		}
		after := liveHeap()
		b.ReportMetric(float64(after-before)/float64(len(ids)), "B/game")
		if f := os.Getenv("TRESHAM_HEAPPROFILE"); f != "" {
			out, err := os.Create(f)
			if err != nil {
				b.Fatal(err)
			}
			pprof.Lookup("heap").WriteTo(out, 0)
			out.Close()
		}
		runtime.KeepAlive(s)
		runtime.KeepAlive(st)
	}
}
