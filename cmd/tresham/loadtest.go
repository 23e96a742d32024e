package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"

	"tresham/server"
)

// loadConfig is what one load run does.
type loadConfig struct {
	url      string // target server; "" starts one in this process on dsn
	dsn      string
	games    int // concurrent games, one client each
	sockets  int // WebSocket listeners, `watchers` per game
	watchers int // listeners per game (games beyond the active ones are idle)
	duration time.Duration
	title    string
	players  int
	seed     uint64
	// bots is how many seats of each game the server's bots play (the
	// last ones), of kind botKind; the clients play the others and wait
	// for the bots' moves, which are not timed
	bots    int
	botKind string
}

// loadReport is the outcome of a load run.
type loadReport struct {
	Store       string  `json:"store"`
	Games       int     `json:"games"`
	IdleGames   int     `json:"idle_games"`
	GamesEnded  int     `json:"games_finished"`
	Actions     int     `json:"actions"`
	Seconds     float64 `json:"seconds"`
	ActionsPerS float64 `json:"actions_per_s"`
	P50ms       float64 `json:"p50_ms"`
	P90ms       float64 `json:"p90_ms"`
	P99ms       float64 `json:"p99_ms"`
	MaxMs       float64 `json:"max_ms"`
	Refused     int     `json:"refused"`
	// BotSeats is the number of bot seats per game; BotMoves the moves
	// the server's bots made meanwhile (not in Actions nor the latencies,
	// which are the clients' own submissions).
	BotSeats int `json:"bot_seats,omitempty"`
	BotMoves int `json:"bot_moves,omitempty"`
	// Declined counts train purchases a bot director declined (listed
	// moves that need the selling director's consent).
	Declined int `json:"declined,omitempty"`
	// Failed counts submissions the server failed (a 5xx answer or a
	// dropped connection); each client goes on with a new game.
	Failed       int    `json:"failed"`
	FirstFailure string `json:"first_failure,omitempty"`
	FirstRefusal string `json:"first_refusal,omitempty"`
	Sockets      int    `json:"sockets_open"`
	SocketMsgs   int64  `json:"socket_messages"`
	SocketErrors int64  `json:"socket_errors"`
	// CPUmsPerAction is this process's CPU time (user and system: the
	// clients and, in process, the server) per action while playing: a
	// figure less disturbed than actions/s by other load on the machine.
	CPUmsPerAction float64 `json:"cpu_ms_per_action"`
	// AllocKBPerAction is the heap allocated per action while playing
	// (clients included), and GCCycles the collections meanwhile: what
	// drives the garbage collector's share of the CPU and of the tail.
	AllocKBPerAction float64 `json:"alloc_kb_per_action"`
	GCCycles         uint32  `json:"gc_cycles"`
}

// cmdLoadtest drives a server with many concurrent games whose clients
// submit random legal actions, and reports throughput and latency.
func cmdLoadtest(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg loadConfig
	fs.StringVar(&cfg.url, "url", "", "server to load (default: start one in this process on --db)")
	fs.StringVar(&cfg.dsn, "db", "", "store of the in-process server: a SQLite file (default: in a temporary directory), postgres://…, or mem:")
	fs.IntVar(&cfg.games, "games", 24, "concurrent games (one client each)")
	fs.IntVar(&cfg.sockets, "sockets", 1000, "WebSocket listeners in all")
	fs.IntVar(&cfg.watchers, "watchers", 3, "WebSocket listeners per game; games beyond --games are created idle to hold the rest")
	fs.DurationVar(&cfg.duration, "duration", 15*time.Second, "how long to submit actions")
	fs.StringVar(&cfg.title, "title", "1860", "title of the games")
	fs.IntVar(&cfg.players, "players", 3, "players per game (hotseat)")
	fs.Uint64Var(&cfg.seed, "seed", 1, "seed of the clients' choices")
	fs.IntVar(&cfg.bots, "bots", 0, "seats of each game played by the server's bots (the last ones); the clients wait for their moves")
	fs.StringVar(&cfg.botKind, "bot-kind", "heuristic", "kind of the bot seats (random, heuristic, search:250ms, …)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	mutexProfile := fs.String("mutexprofile", "", "write a mutex contention profile of the run to this file")
	blockProfile := fs.String("blockprofile", "", "write a blocking profile of the run (waits of 10 ms or more, and shorter ones sampled) to this file")
	memProfile := fs.String("memprofile", "", "write an allocation profile of the run to this file")
	var pop populateConfig
	fs.IntVar(&pop.games, "populate", 0, "instead of playing: store N games (cut from --exports), then time the lobby and game opens and report memory")
	fs.StringVar(&pop.exports, "exports", filepath.Join("internal", "fixtures", "data"), "with --populate: directory of 18xx.games exports (*.json, *.json.gz) to cut games from; the default is the repository's games, run from the checkout")
	fs.IntVar(&pop.open, "open", 1000, "with --populate: games to open (cold) and keep cached")
	fs.IntVar(&pop.samples, "samples", 200, "with --populate: requests timed for each lobby and warm-open figure")
	fs.Int64Var(&pop.cacheMB, "cache-mb", 256, "with --populate: the server's game cache bound in MiB")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if pop.games > 0 {
		if cfg.url != "" || fs.NArg() != 0 || pop.samples < 1 || pop.cacheMB < 1 {
			fmt.Fprint(stderr, "usage: tresham loadtest --populate N [--db DSN] [--exports DIR] [--open N] [--samples N] [--cache-mb N]\n")
			return 2
		}
		pop.dsn, pop.seed = cfg.dsn, cfg.seed
		if pop.dsn == "" {
			dir, err := os.MkdirTemp("", "tresham-populate-")
			if err != nil {
				fmt.Fprintf(stderr, "tresham loadtest: %v\n", err)
				return 1
			}
			defer os.RemoveAll(dir)
			pop.dsn = filepath.Join(dir, "populate.db")
		}
		rep, err := populate(ctx, pop)
		if err != nil {
			fmt.Fprintf(stderr, "tresham loadtest: %v\n", err)
			return 1
		}
		b, _ := json.Marshal(rep)
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	if fs.NArg() != 0 || cfg.games < 1 || cfg.duration <= 0 || cfg.bots < 0 || cfg.bots >= cfg.players {
		fmt.Fprint(stderr, "usage: tresham loadtest [--url URL | --db DSN] [--games N] [--sockets N] [--duration D]\n")
		return 2
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "tresham loadtest: %v\n", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(stderr, "tresham loadtest: %v\n", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	if *mutexProfile != "" {
		runtime.SetMutexProfileFraction(10)
		defer runtime.SetMutexProfileFraction(0)
		defer writeProfile("mutex", *mutexProfile, stderr)
	}
	if *blockProfile != "" {
		runtime.SetBlockProfileRate(int(10 * time.Millisecond))
		defer runtime.SetBlockProfileRate(0)
		defer writeProfile("block", *blockProfile, stderr)
	}
	if *memProfile != "" {
		defer writeProfile("allocs", *memProfile, stderr)
	}
	rep, err := loadtest(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "tresham loadtest: %v\n", err)
		return 1
	}
	b, _ := json.Marshal(rep)
	fmt.Fprintf(stdout, "%s\n", b)
	if rep.Refused > 0 || rep.Failed > 0 || rep.SocketErrors > 0 {
		fmt.Fprintf(stderr, "tresham loadtest: %d legal actions refused, %d submissions failed, %d socket errors\n", rep.Refused, rep.Failed, rep.SocketErrors)
		return 1
	}
	return 0
}

// writeProfile writes the named runtime profile to file, reporting a
// failure on stderr.
func writeProfile(name, file string, stderr io.Writer) {
	f, err := os.Create(file)
	if err == nil {
		err = pprof.Lookup(name).WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "tresham loadtest: %s profile: %v\n", name, err)
	}
}

func loadtest(ctx context.Context, cfg loadConfig) (*loadReport, error) {
	rep := &loadReport{Store: "remote", Games: cfg.games, BotSeats: cfg.bots}
	base := cfg.url
	if base == "" {
		dsn := cfg.dsn
		if dsn == "" {
			dir, err := os.MkdirTemp("", "tresham-load-")
			if err != nil {
				return nil, err
			}
			defer os.RemoveAll(dir)
			dsn = dir + "/load.db"
		}
		rep.Store = storeKind(dsn)
		st, err := openStore(ctx, dsn, "")
		if err != nil {
			return nil, err
		}
		defer st.Close()
		// cheap password hashing: sign-up is set-up here, not the load
		// and every simulated client is on loopback: no per-address limits
		srv := server.New(server.Config{Argon2: server.Argon2Params{Time: 1, Memory: 64, Threads: 1}, MaxSocketsPerAddr: cfg.sockets + 16,
			MaxRequestsPerAddr: -1, MaxConnsPerAddr: -1, SignupsPerAddr: -1}, st, slog.New(slog.DiscardHandler))
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		sctx, stop := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- srv.Serve(sctx, ln) }()
		defer func() { stop(); <-done }()
		base = "http://" + ln.Addr().String()
	}
	tr := &http.Transport{MaxIdleConnsPerHost: cfg.games + 8}
	defer tr.CloseIdleConnections()

	clients := make([]*loadClient, cfg.games)
	for i := range clients {
		c, err := newLoadClient(ctx, base, tr, fmt.Sprintf("load%d_%d", i, rand.Uint32()), cfg, uint64(i))
		if err != nil {
			return nil, fmt.Errorf("client %d: %w", i, err)
		}
		clients[i] = c
	}

	// the games listened to: the active ones, then idle ones (a game of
	// watchers players each) until every listener has a game
	watched := make([]int64, 0, cfg.sockets)
	for _, c := range clients {
		watched = append(watched, c.game)
	}
	w := max(cfg.watchers, 1)
	for len(watched)*w < cfg.sockets {
		id, err := clients[0].createGame(ctx)
		if err != nil {
			return nil, fmt.Errorf("idle game: %w", err)
		}
		watched = append(watched, id)
	}
	rep.IdleGames = len(watched) - len(clients)

	// listeners: each follows one game and counts what it is sent
	var msgs, sockErrs atomic.Int64
	// listeners read without a context (one per read would cost the
	// clients allocations on every message): they stop when their
	// connections are closed
	var (
		lwg      sync.WaitGroup
		opened   atomic.Int64
		stopping atomic.Bool
		connsMu  sync.Mutex
		conns    []*websocket.Conn
	)
	stopListen := func() {
		stopping.Store(true)
		connsMu.Lock()
		for _, c := range conns {
			c.CloseNow()
		}
		connsMu.Unlock()
	}
	ws := "ws" + base[len("http"):]
	for i := range cfg.sockets {
		id := watched[i%len(watched)]
		conn, _, err := websocket.Dial(ctx, fmt.Sprintf("%s/api/games/%d/ws?from=%d", ws, id, 1<<30), &websocket.DialOptions{HTTPClient: &http.Client{Transport: tr}})
		if err != nil {
			stopListen()
			lwg.Wait()
			return nil, fmt.Errorf("open websocket %d: %w", i, err)
		}
		conn.SetReadLimit(1 << 22)
		connsMu.Lock()
		conns = append(conns, conn)
		connsMu.Unlock()
		opened.Add(1)
		lwg.Add(1)
		go func() {
			defer lwg.Done()
			defer conn.CloseNow()
			for {
				if _, _, err := conn.Read(context.Background()); err != nil {
					if !stopping.Load() && ctx.Err() == nil {
						sockErrs.Add(1)
					}
					return
				}
				msgs.Add(1)
			}
		}()
	}
	rep.Sockets = int(opened.Load())

	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	cpuStart := cpuTime()
	start := time.Now()
	deadline := start.Add(cfg.duration)
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.play(ctx, deadline)
		}()
	}
	wg.Wait()
	rep.Seconds = time.Since(start).Seconds()
	cpu := cpuTime() - cpuStart
	runtime.ReadMemStats(&ms1)
	time.Sleep(200 * time.Millisecond) // let the last broadcasts arrive
	stopListen()
	lwg.Wait()
	rep.SocketMsgs, rep.SocketErrors = msgs.Load(), sockErrs.Load()

	var lat []time.Duration
	for _, c := range clients {
		if c.err != nil {
			return nil, c.err
		}
		lat = append(lat, c.lat...)
		rep.Refused += c.refused
		rep.Failed += c.failed
		rep.BotMoves += c.botMoves
		rep.Declined += c.declined
		if rep.FirstFailure == "" {
			rep.FirstFailure = c.firstFailure
		}
		if rep.FirstRefusal == "" {
			rep.FirstRefusal = c.firstRefusal
		}
		rep.GamesEnded += c.finished
	}
	rep.Actions = len(lat)
	rep.ActionsPerS = float64(len(lat)) / rep.Seconds
	if len(lat) > 0 {
		rep.CPUmsPerAction = float64(cpu.Microseconds()) / 1000 / float64(len(lat))
		rep.AllocKBPerAction = float64(ms1.TotalAlloc-ms0.TotalAlloc) / 1024 / float64(len(lat))
	}
	rep.GCCycles = ms1.NumGC - ms0.NumGC
	if len(lat) > 0 {
		slices.Sort(lat)
		q := func(p float64) float64 {
			return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))].Microseconds()) / 1000
		}
		rep.P50ms, rep.P90ms, rep.P99ms, rep.MaxMs = q(0.50), q(0.90), q(0.99), float64(lat[len(lat)-1].Microseconds())/1000
	}
	return rep, nil
}

func storeKind(dsn string) string {
	switch {
	case dsn == "mem:" || dsn == "memory":
		return "memory"
	case strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://"):
		return "postgres"
	}
	return "sqlite"
}

// loadClient plays one hotseat game after another through the API.
type loadClient struct {
	base    string
	http    *http.Client
	cfg     loadConfig
	rnd     *rand.Rand
	game    int64
	view    loadView
	lat     []time.Duration
	refused int
	// firstRefusal describes the first listed move the server refused
	firstRefusal string
	failed       int
	firstFailure string
	finished     int
	botMoves     int
	declined     int
	err          error
	buf          bytes.Buffer // the body of the last answer
}

// loadView is the part of a game view a load client reads.
type loadView struct {
	Actions  int                     `json:"actions"`
	Finished bool                    `json:"finished"`
	Acting   []string                `json:"acting"`
	Legal    map[string][]loadChoice `json:"legal"`
}

// loadChoice is one listed move; its action stays raw until chosen
// (decoding every listed action would be most of the clients' work).
type loadChoice struct {
	Action    json.RawMessage `json:"action"`
	MaxPrice  int             `json:"max_price"`
	PriceStep int             `json:"price_step"`
	Open      string          `json:"open"`
}

func newLoadClient(ctx context.Context, base string, tr http.RoundTripper, name string, cfg loadConfig, n uint64) (*loadClient, error) {
	jar, err := cookiejar.New(nil)
	if err != nil {
		return nil, err
	}
	c := &loadClient{base: base, http: &http.Client{Transport: tr, Jar: jar, Timeout: time.Minute}, cfg: cfg,
		rnd: rand.New(rand.NewPCG(cfg.seed, n))}
	if _, err := c.call(ctx, "POST", "/api/signup", map[string]string{"name": name, "password": "load-test-password"}, nil); err != nil {
		return nil, err
	}
	return c, c.newGame(ctx)
}

func (c *loadClient) newGame(ctx context.Context) error {
	id, err := c.createGame(ctx)
	if err != nil {
		return err
	}
	c.game = id
	_, err = c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", c.game), nil, &c.view)
	return err
}

// createGame creates and starts a hotseat game.
func (c *loadClient) createGame(ctx context.Context) (int64, error) {
	var created struct {
		ID int64 `json:"id"`
	}
	spec := map[string]any{"title": c.cfg.title, "players": c.cfg.players, "hotseat": true}
	if c.cfg.bots > 0 {
		bots := map[string]string{}
		for i := c.cfg.players - c.cfg.bots; i < c.cfg.players; i++ {
			bots[strconv.Itoa(i)] = c.cfg.botKind
		}
		spec["bots"] = bots
	}
	if _, err := c.call(ctx, "POST", "/api/games", spec, &created); err != nil {
		return 0, err
	}
	_, err := c.call(ctx, "POST", fmt.Sprintf("/api/games/%d/start", created.ID), nil, nil)
	return created.ID, err
}

// play submits random legal actions until the deadline.
func (c *loadClient) play(ctx context.Context, deadline time.Time) {
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if c.view.Finished {
			c.finished++
			if c.err = c.newGame(ctx); c.err != nil {
				return
			}
			continue
		}
		if c.cfg.bots > 0 && !c.canMove() {
			// a bot seat is to act: wait for the server's bot to move
			if err := c.awaitBots(ctx); err != nil {
				c.err = err
				return
			}
			continue
		}
		a, err := c.choose(ctx)
		if err != nil {
			c.err = err
			return
		}
		t0 := time.Now()
		var next loadView
		code, err := c.call(ctx, "POST", fmt.Sprintf("/api/games/%d/actions?view=lean", c.game), map[string]any{"seq": c.view.Actions, "action": a}, &next)
		c.lat = append(c.lat, time.Since(t0))
		switch {
		case code == http.StatusUnprocessableEntity && c.cfg.bots > 0 && err != nil && strings.Contains(err.Error(), server.ConsentDeclined):
			// a bot director declined to sell a train at the price
			// drawn: its choice, not an engine refusal
			c.declined++
			if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", c.game), nil, &c.view); err != nil {
				c.err = err
				return
			}
		case code == http.StatusUnprocessableEntity:
			// the engine refused a listed move: a bug worth counting
			c.refused++
			if c.firstRefusal == "" {
				b, _ := json.Marshal(a)
				c.firstRefusal = fmt.Sprintf("game %d action %d: %s: %v", c.game, c.view.Actions, b, err)
			}
			if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", c.game), nil, &c.view); err != nil {
				c.err = err
				return
			}
		case err != nil && (code >= 500 || code == 0 && ctx.Err() == nil):
			// the server failed (an error or a dropped connection, as a
			// panic in a handler gives): counted and reported; the client
			// goes on with a new game so that the run's figures stay
			// comparable
			c.failed++
			if c.firstFailure == "" {
				b, _ := json.Marshal(a)
				c.firstFailure = fmt.Sprintf("game %d action %d: %s: %v", c.game, c.view.Actions, b, err)
			}
			if c.err = c.newGame(ctx); c.err != nil {
				return
			}
		case err != nil:
			c.err = err
			return
		default:
			c.view = next
		}
	}
}

// canMove reports whether the client has a listed move (a bot seat acts
// when it has none).
func (c *loadClient) canMove() bool {
	for _, e := range c.view.Acting {
		if len(c.view.Legal[e]) > 0 {
			return true
		}
	}
	return false
}

// awaitBots polls the game until the server's bots have moved (the stored
// actions grew or the game ended), counting their moves.
func (c *loadClient) awaitBots(ctx context.Context) error {
	before := c.view.Actions
	for ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
		var next loadView
		if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", c.game), nil, &next); err != nil {
			return err
		}
		if next.Actions != before || next.Finished {
			c.botMoves += next.Actions - before
			c.view = next
			return nil
		}
	}
	return ctx.Err()
}

// choose picks a random legal action of an acting entity, favouring
// moves that make progress (as the random bot does).
func (c *loadClient) choose(ctx context.Context) (map[string]any, error) {
	var ents []string
	for _, e := range c.view.Acting {
		if len(c.view.Legal[e]) > 0 {
			ents = append(ents, e)
		}
	}
	if len(ents) == 0 {
		return nil, fmt.Errorf("game %d: no legal move listed at action %d (acting %v)", c.game, c.view.Actions, c.view.Acting)
	}
	sort.Strings(ents)
	list := c.view.Legal[ents[c.rnd.IntN(len(ents))]]
	ch := list[c.rnd.IntN(len(list))]
	var a map[string]any
	decode := func() error {
		a = nil
		if err := json.Unmarshal(ch.Action, &a); err != nil {
			return fmt.Errorf("game %d: listed action %s: %w", c.game, ch.Action, err)
		}
		return nil
	}
	if err := decode(); err != nil {
		return nil, err
	}
	for range 4 { // re-draw sells and passes: random play must end
		t, _ := a["type"].(string)
		if t != "sell_shares" && t != "pass" {
			break
		}
		ch = list[c.rnd.IntN(len(list))]
		if err := decode(); err != nil {
			return nil, err
		}
	}
	if t, _ := a["type"].(string); t == "dividend" {
		ch = list[0]
		if err := decode(); err != nil {
			return nil, err
		}
	}
	if ch.Open == "routes" {
		var run struct {
			Routes []any `json:"routes"`
		}
		ent, _ := a["entity"].(string)
		if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d/routes?entity=%s", c.game, url.QueryEscape(ent)), nil, &run); err != nil {
			return nil, err
		}
		a["routes"] = run.Routes
	}
	return a, nil
}

// call sends a JSON request; a non-2xx answer is an error carrying the code.
func (c *loadClient) call(ctx context.Context, method, path string, body, out any) (int, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	c.buf.Reset() // one buffer per client: its calls are one after another
	if _, err := c.buf.ReadFrom(resp.Body); err != nil {
		return resp.StatusCode, fmt.Errorf("%s %s: %w", method, path, err)
	}
	b := c.buf.Bytes()
	if resp.StatusCode/100 != 2 {
		return resp.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, bytes.TrimSpace(b))
	}
	if out != nil && len(b) > 0 {
		if err := json.Unmarshal(b, out); err != nil {
			return resp.StatusCode, fmt.Errorf("%s %s: decode: %w", method, path, err)
		}
	}
	return resp.StatusCode, nil
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
