package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"tresham/compat/g18xx"
	"tresham/server"
	"tresham/store"
)

// populateConfig is what a populate run does.
type populateConfig struct {
	dsn     string // store of the in-process server
	games   int    // games to store
	exports string // directory of 18xx.games exports the games are cut from
	open    int    // games to open (cold) after storing them
	samples int    // requests timed per latency figure
	cacheMB int64
	seed    uint64
}

// populateReport is the outcome of a populate run.
type populateReport struct {
	Store         string  `json:"store"`
	StoredGames   int     `json:"stored_games"`
	StoreSeconds  float64 `json:"store_seconds"`
	LobbyP50ms    float64 `json:"lobby_p50_ms"`
	LobbyP99ms    float64 `json:"lobby_p99_ms"`
	ColdOpenP50ms float64 `json:"cold_open_p50_ms"`
	ColdOpenP99ms float64 `json:"cold_open_p99_ms"`
	WarmOpenP50ms float64 `json:"warm_open_p50_ms"`
	WarmOpenP99ms float64 `json:"warm_open_p99_ms"`
	Opened        int     `json:"opened"`
	CachedGames   int     `json:"cached_games"`
	CacheMB       float64 `json:"cache_estimate_mb"`
	HeapLiveMB    float64 `json:"heap_live_mb"`
	HeapPerGameKB float64 `json:"heap_per_opened_game_kb"`
	RSSMB         float64 `json:"rss_mb"`
}

// populateSource is one export, ready to be cut into stored games.
type populateSource struct {
	h       store.Game
	actions []json.RawMessage
}

// readExports reads the 18xx.games exports (*.json or gzip-compressed
// *.json.gz, not traces) under dir, but not under a directory named
// "reported" (the fixtures' games that the engine does not replay yet).
func readExports(dir string) ([]populateSource, error) {
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "reported" {
			return filepath.SkipDir // games the engine does not replay yet (fixtures/reported)
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".json.gz")) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("exports in %s: %w", dir, err)
	}
	var out []populateSource
	for _, p := range paths {
		data, err := readExport(p)
		if err != nil {
			return nil, err
		}
		src, err := g18xx.Decode(bytes.NewReader(data))
		if err != nil {
			continue // not an export (another JSON file)
		}
		var raw struct {
			Actions []json.RawMessage `json:"actions"`
		}
		if err := json.Unmarshal(data, &raw); err != nil || len(raw.Actions) != len(src.Actions) || len(raw.Actions) < 2 {
			continue
		}
		opts := src.Settings.OptionalRules
		if opts == nil {
			opts = []string{}
		}
		h := store.Game{Title: src.Title, Options: opts, Hotseat: true, Status: store.StatusActive}
		for _, pl := range src.Players {
			h.Seats = append(h.Seats, store.Seat{PlayerID: pl.ID, Name: pl.Name})
		}
		out = append(out, populateSource{h: h, actions: raw.Actions})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no 18xx.games exports under %s", dir)
	}
	return out, nil
}

// readExport reads one export file, decompressing a .gz one.
func readExport(p string) ([]byte, error) {
	data, err := os.ReadFile(p)
	if err != nil || !strings.HasSuffix(p, ".gz") {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	data, err = io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	return data, nil
}

// populate stores cfg.games games (each a random prefix of an export: an
// active game part way through) in an in-process server's store, then
// measures the lobby, cold and warm game opens, and the memory the opened
// games take.
func populate(ctx context.Context, cfg populateConfig) (*populateReport, error) {
	rep := &populateReport{Store: storeKind(cfg.dsn)}
	st, err := openStore(ctx, cfg.dsn, "")
	if err != nil {
		return nil, err
	}
	defer st.Close()
	srv := server.New(server.Config{Argon2: server.Argon2Params{Time: 1, Memory: 64, Threads: 1}, CacheBytes: cfg.cacheMB << 20,
		MaxRequestsPerAddr: -1, MaxConnsPerAddr: -1, SignupsPerAddr: -1}, st, slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	sctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(sctx, ln) }()
	defer func() { stop(); <-done }()
	base := "http://" + ln.Addr().String()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar, Timeout: time.Minute}
	name := fmt.Sprintf("populate_%d", rand.Uint32())
	if err := postJSON(ctx, client, base+"/api/signup", map[string]string{"name": name, "password": "populate-password"}); err != nil {
		return nil, err
	}

	var ids []int64
	{
		srcs, err := readExports(cfg.exports)
		if err != nil {
			return nil, err
		}
		rnd := rand.New(rand.NewPCG(cfg.seed, 1))
		start := time.Now()
		type job struct {
			h    store.Game
			acts []json.RawMessage
		}
		jobs := make(chan job)
		var mu sync.Mutex
		var firstErr error
		var wg sync.WaitGroup
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					h, err := st.CreateGame(ctx, j.h, j.acts)
					mu.Lock()
					if err != nil && firstErr == nil {
						firstErr = err
					}
					ids = append(ids, h.ID)
					mu.Unlock()
				}
			}()
		}
		for i := range cfg.games {
			src := srcs[i%len(srcs)]
			n := len(src.actions)/2 + rnd.IntN(len(src.actions)/2) // an active game, part way through
			jobs <- job{h: src.h, acts: src.actions[:n]}
		}
		close(jobs)
		wg.Wait()
		if firstErr != nil {
			return nil, fmt.Errorf("store games: %w", firstErr)
		}
		rep.StoreSeconds = time.Since(start).Seconds()
	}
	rep.StoredGames = len(ids)
	rnd := rand.New(rand.NewPCG(cfg.seed, 2))
	rnd.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })

	get := func(path string) (time.Duration, error) {
		t := time.Now()
		req, err := http.NewRequestWithContext(ctx, "GET", base+path, nil)
		if err != nil {
			return 0, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		_, err = bufio.NewReader(resp.Body).WriteTo(discard{})
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("GET %s: %d", path, resp.StatusCode)
		}
		return time.Since(t), err
	}
	quant := func(lat []time.Duration) (p50, p99 float64) {
		slices.Sort(lat)
		q := func(p float64) float64 {
			return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
		}
		return q(0.5), q(0.99)
	}

	// the lobby: the newest games and the active ones
	var lat []time.Duration
	for i := range cfg.samples {
		path := "/api/games"
		if i%2 == 1 {
			path = "/api/games?filter=active"
		}
		d, err := get(path)
		if err != nil {
			return nil, err
		}
		lat = append(lat, d)
	}
	rep.LobbyP50ms, rep.LobbyP99ms = quant(lat)

	// cold opens (games not yet cached), then the memory they hold
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	heapBefore := ms.HeapAlloc
	open := min(cfg.open, len(ids))
	lat = lat[:0]
	for _, id := range ids[:open] {
		d, err := get(fmt.Sprintf("/api/games/%d", id))
		if err != nil {
			return nil, err
		}
		lat = append(lat, d)
	}
	rep.Opened = open
	if open > 0 {
		rep.ColdOpenP50ms, rep.ColdOpenP99ms = quant(lat)
		// warm opens: games just opened (cached unless evicted)
		lat = lat[:0]
		for i := range cfg.samples {
			d, err := get(fmt.Sprintf("/api/games/%d", ids[open-1-i%max(1, min(open, 100))]))
			if err != nil {
				return nil, err
			}
			lat = append(lat, d)
		}
		rep.WarmOpenP50ms, rep.WarmOpenP99ms = quant(lat)
	}
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	rep.HeapLiveMB = float64(ms.HeapAlloc) / (1 << 20)
	cached, cacheBytes := srv.CacheStats()
	rep.CachedGames, rep.CacheMB = cached, float64(cacheBytes)/(1<<20)
	if cached > 0 && ms.HeapAlloc > heapBefore {
		rep.HeapPerGameKB = float64(ms.HeapAlloc-heapBefore) / float64(cached) / 1024
	}
	rep.RSSMB = rssMB()
	return rep, nil
}

// discard is io.Discard as an io.Writer for bufio.Reader.WriteTo.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// postJSON posts a JSON body and wants a 2xx answer.
func postJSON(ctx context.Context, c *http.Client, url string, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: %d", url, resp.StatusCode)
	}
	return nil
}

// rssMB returns the resident set size of this process (Linux; 0 elsewhere).
func rssMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}
