// Package server is Tresham's game server: accounts, games, the action log
// API (docs/api.md), live game state pushed over WebSockets, bots and
// turn webhooks. Game state is never stored: it is rebuilt from a game's
// action log in the store and cached in memory, but the store's conditional
// append is always the arbiter (several servers may share one database).
package server

import (
	"container/list"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"tresham/bot"

	"tresham/engine"
	"tresham/internal/jsonerr"
	"tresham/mailer"
	"tresham/store"
)

// Config configures a Server. The zero value serves on 127.0.0.1:8060.
type Config struct {
	// Addr is the listen address of Run ("host:port").
	Addr string
	// UI is the web UI served at "/" (nil: a placeholder page).
	UI fs.FS
	// UIHandler, when set, serves "/" instead of UI (the UI files plus the
	// generated in-browser engine: ui.Handler).
	UIHandler http.Handler
	// MapView builds the board view of a title game for GET
	// /api/games/{id}/map (nil: that endpoint answers 404).
	MapView func(game any) (any, error)
	// TilePreview draws a hex of a title game with a candidate tile laid at
	// a rotation, as an SVG fragment, for GET /api/games/{id}/tile (nil:
	// that endpoint answers 404).
	TilePreview func(game any, hex, tile string, rotation int) (string, error)
	// TileManifest lists every supply tile of a title game with its counts,
	// laid hexes, upgrades and drawing, for GET /api/games/{id}/tiles (nil:
	// that endpoint answers 404).
	TileManifest func(game any) (any, error)
	// TrustedOrigins are origins ("https://example.org") allowed to make
	// cross-origin unsafe requests (e.g. a UI served from another host).
	TrustedOrigins []string
	// SecureCookies marks the session cookie Secure (serving over HTTPS).
	SecureCookies bool
	// Argon2 are the password hashing parameters (zero: the defaults).
	Argon2 Argon2Params
	// CacheBytes bounds the estimated memory of the games kept replayed
	// in memory; the least recently used are evicted (0: 256 MiB).
	CacheBytes int64
	// CacheSize, when positive, also bounds their number.
	CacheSize int
	// SessionTTL is how long a session look-up is reused before the store
	// is asked again: a logout or password change made on another instance
	// reaches this one within it (0: 1s; negative: never reused).
	SessionTTL time.Duration
	// MaxBotMoves bounds the bot moves made in one go for a game (0: 5000).
	MaxBotMoves int
	// WebhookTimeout bounds one webhook POST (0: 5s).
	WebhookTimeout time.Duration
	// ShutdownTimeout bounds the graceful shutdown of Run (0: 10s).
	ShutdownTimeout time.Duration
	// Now is the clock (nil: time.Now).
	Now func() time.Time
	// ReadTimeout bounds reading one request, body included (0: 30s).
	ReadTimeout time.Duration
	// MaxSocketsPerAddr and MaxSockets bound the open WebSockets per client
	// address and in all (0: 64 and 20,000).
	MaxSocketsPerAddr, MaxSockets int
	// HTTPClient posts webhooks (nil: a client with WebhookTimeout that
	// refuses private addresses unless AllowPrivateWebhooks, and follows no
	// redirects). A client given here is used as it is.
	HTTPClient *http.Client
	// AllowPrivateWebhooks lets webhooks call loopback, private and
	// link-local addresses (a LAN install); by default they are refused
	// when a URL is registered and again on every connection.
	AllowPrivateWebhooks bool
	// MaxConcurrentHashes bounds the argon2id password hashes computed at
	// once, each holding Argon2.Memory (0: GOMAXPROCS, at least 2, at most 8).
	MaxConcurrentHashes int
	// MaxConcurrentThinking bounds the searching bots thinking at once
	// (default: one core fewer than GOMAXPROCS, at least one), so that
	// bot games leave a core to the players' requests; a bot waits its
	// turn with its game unlocked.
	MaxConcurrentThinking int
	// ReviewBudget is what the review of one game spends, shared among
	// its decisions (zero: review.DefaultBudget).
	ReviewBudget bot.Budget
	// MaxRequestsPerAddr bounds the requests of one client address served
	// at once, WebSockets aside (0: 32; negative: no limit, e.g. behind a
	// reverse proxy that limits by client itself).
	MaxRequestsPerAddr int
	// MaxConnsPerAddr bounds the open connections of one client address
	// in Serve (0: 256; negative: no limit).
	MaxConnsPerAddr int
	// Mailer sends email (nil: the server sends none, and its email
	// endpoints answer 404).
	Mailer *mailer.Mailer
	// PublicURL is the site's address for the links in emails
	// ("https://tresham.example.org").
	PublicURL string
	// SignupsPerAddr is how many accounts one client address may create
	// in a burst, then one every three minutes (0: 20; negative: no
	// limit, e.g. behind a reverse proxy that limits by client itself).
	SignupsPerAddr int
}

// maxBody is the largest request body accepted (an import's; other
// endpoints accept less: bodyLimits).
const maxBody = 4 << 20

// Server is the game server. Create it with New.
type Server struct {
	cfg     Config
	st      store.Store
	log     *slog.Logger
	met     *serverMetrics
	handler http.Handler
	ready   atomic.Bool

	// done ends with the server: WebSockets, bot workers and webhooks stop.
	done   context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// cacheMu guards cache, lru and cacheBytes; a look-up that finds an
	// entry used lately needs only its read lock (see game)
	sessions *sessionCache

	cacheMu    sync.RWMutex
	cache      map[int64]*entry
	lru        *list.List // of *entry, the most recently used first
	cacheBytes int64      // estimated bytes of the cached games

	hubsMu sync.Mutex
	hubs   map[int64]*hub

	botMu   sync.Mutex
	botRuns map[int64]bool // games with a bot worker; true: run again

	hooks    hookQueue
	hookDone func(userID int64, err error) // tests: called after each webhook POST

	acctThrottle   *throttle // failed logins per account name key
	clientThrottle *throttle // failed logins per client address
	hashSlots      hashSlots
	thinkSlots     chan struct{}     // searching bots thinking now (Config.MaxConcurrentThinking)
	thinkGates     *thinkGates       // each account's searching bots, at most MaxConcurrentThinking past its gate
	thinkQueued    func(owner int64) // tests: called when a search of a game of owner starts to wait for a slot
	thinkStarted   func(owner int64) // tests: called when a search of a game of owner gets its slot
	budgets        *budgets          // token buckets per address, account, game (budgets.go)
	hashWait       time.Duration     // longest wait for a hashing slot

	chat    chatLimiter
	clocks  clockWaits
	sockets socketSlots
	// inFlight counts the requests being served per client address
	inFlight addrSlots
	// heavySlots bound the CPU-heavy reads at once (one a core), and
	// heavyBudget and hintBudget what one caller may ask of them (cost.go)
	heavySlots  workSlots
	heavyBudget *budget
	hintBudget  *budget
	hintNodes   atomic.Int64 // the coach's node budget for one hint (hintNodes)
	// reviews are the games' reviews, running or done, and reviewBudget
	// the reviews one caller may start (review.go)
	reviews      reviews
	reviewBudget *budget
	// importBudget and importBytes budget one account's imports (imports.go)
	importBudget, importBytes *budget

	following atomic.Bool // the store's events are being followed (Start)

	mail mailQueue // emails waiting to be sent (mail.go)
}

// New returns a server on the store st, logging to log.
func New(cfg Config, st store.Store, log *slog.Logger) *Server {
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:8060"
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = 256 << 20
	}
	if cfg.MaxBotMoves <= 0 {
		cfg.MaxBotMoves = 5000
	}
	if cfg.WebhookTimeout <= 0 {
		cfg.WebhookTimeout = 5 * time.Second
	}
	if cfg.ShutdownTimeout <= 0 {
		cfg.ShutdownTimeout = 10 * time.Second
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = readTimeout
	}
	if cfg.MaxSocketsPerAddr <= 0 {
		cfg.MaxSocketsPerAddr = 64
	}
	if cfg.MaxSockets <= 0 {
		cfg.MaxSockets = 20000
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SessionTTL == 0 {
		cfg.SessionTTL = defaultSessionTTL
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = hookClient(cfg.WebhookTimeout, cfg.AllowPrivateWebhooks)
	}
	cfg.Argon2 = cfg.Argon2.withDefaults()
	if cfg.MaxConcurrentHashes <= 0 {
		cfg.MaxConcurrentHashes = min(max(runtime.GOMAXPROCS(0), 2), 8)
	}
	if cfg.MaxConcurrentThinking <= 0 {
		cfg.MaxConcurrentThinking = max(runtime.GOMAXPROCS(0)-1, 1)
	}
	if cfg.MaxRequestsPerAddr == 0 {
		cfg.MaxRequestsPerAddr = defaultRequestsPerAddr
	}
	if cfg.MaxConnsPerAddr == 0 {
		cfg.MaxConnsPerAddr = defaultConnsPerAddr
	}
	if cfg.SignupsPerAddr == 0 {
		cfg.SignupsPerAddr = signupBurst
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{
		cfg: cfg, st: st, log: log, met: newMetrics(),
		cache:    map[int64]*entry{},
		lru:      list.New(),
		hubs:     map[int64]*hub{},
		sessions: newSessionCache(cfg.SessionTTL),
		botRuns:  map[int64]bool{},
		hooks:    hookQueue{pending: map[int64][]webhookBody{}, busy: map[int64]bool{}},

		acctThrottle:   newThrottle(accountFreeFailures, throttleBase, throttleMax, throttleForget, throttleKeys),
		clientThrottle: newThrottle(clientFreeFailures, throttleBase, throttleMax, throttleForget, throttleKeys),
		hashSlots:      make(hashSlots, cfg.MaxConcurrentHashes),
		thinkSlots:     make(chan struct{}, cfg.MaxConcurrentThinking),
		heavySlots:     make(workSlots, max(runtime.GOMAXPROCS(0), 1)),
		heavyBudget:    newBudget(heavyBurst, time.Second/heavyRate, "route, analysis, map and history requests"),
		hintBudget:     newBudget(hintBurst, hintEvery, "hints"),
		reviewBudget:   newBudget(reviewBurst, reviewEvery, "reviews"),
		thinkGates:     newThinkGates(cfg.MaxConcurrentThinking),
		importBudget:   newBudget(importBurst, importEvery, "imports"),
		importBytes:    newBudget(importBytesBurst>>10, importBytesEvery, "KiB imported"),
		hashWait:       hashWait,
		budgets:        newBudgets(cfg.SignupsPerAddr),
	}
	s.sockets.perAddr, s.sockets.max = cfg.MaxSocketsPerAddr, cfg.MaxSockets
	s.inFlight.max = cfg.MaxRequestsPerAddr
	s.hintNodes.Store(hintNodes)
	s.done, s.cancel = context.WithCancel(context.Background())
	if s.mailOn() {
		s.startMail()
	}
	s.handler = s.routes()
	s.ready.Store(true)
	return s
}

// Handler returns the HTTP handler of the API, the metrics and the UI.
func (s *Server) Handler() http.Handler { return s.handler }

// Start starts the background work that follows the store: games changed
// by other server instances are pushed to this instance's WebSocket clients.
// It returns once subscribed; the work ends with ctx or Close.
func (s *Server) Start(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	events, err := s.st.Subscribe(ctx)
	if err != nil {
		cancel()
		return fmt.Errorf("server: subscribe to store events: %w", err)
	}
	s.following.Store(true)
	s.every(ctx, janitorInterval, s.trimIdle) // trims the cached games gone idle
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer cancel()
		defer s.following.Store(false)
		for {
			select {
			case <-s.done.Done():
				return
			case ev, ok := <-events:
				if !ok {
					return
				}
				s.storeEvent(ev)
			}
		}
	}()
	s.startHeartbeat(ctx) // notes a downtime before the watcher looks at the clocks
	s.startClockWatch(ctx)
	return nil
}

// Run serves on cfg.Addr until ctx ends, then shuts down gracefully:
// in-flight requests finish, WebSockets are closed, background work stops.
func (s *Server) Run(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return fmt.Errorf("server: listen on %s: %w", s.cfg.Addr, err)
	}
	return s.Serve(ctx, ln)
}

// Serve is Run on an existing listener.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if err := s.Start(ctx); err != nil {
		ln.Close()
		return err
	}
	srv := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       s.cfg.ReadTimeout,
		WriteTimeout:      httpWriteTimeout,
		IdleTimeout:       idleTimeout,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	if s.cfg.MaxConnsPerAddr > 0 {
		ln = &limitListener{Listener: ln, slots: &addrSlots{max: s.cfg.MaxConnsPerAddr}}
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	s.log.Info("serving", "addr", ln.Addr().String())
	select {
	case err := <-errc:
		s.Close()
		return fmt.Errorf("server: serve: %w", err)
	case <-ctx.Done():
	}
	s.ready.Store(false)
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	err := srv.Shutdown(sctx)
	s.Close()
	if err != nil {
		return fmt.Errorf("server: shutdown: %w", err)
	}
	s.log.Info("stopped")
	return nil
}

// Close closes every WebSocket and stops background work (bot workers,
// webhooks, store subscription), waiting for it to end.
func (s *Server) Close() {
	s.ready.Store(false)
	s.cancel()
	s.wg.Wait()
}

// routes builds the handler tree.
func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.Handle("GET /metrics", s.met.handler())
	mux.HandleFunc("POST /api/signup", s.signup)
	mux.HandleFunc("POST /api/login", s.login)
	mux.HandleFunc("POST /api/logout", s.logout)
	mux.HandleFunc("GET /api/me", s.me)
	mux.HandleFunc("PUT /api/me/webhook", s.setWebhook)
	mux.HandleFunc("PUT /api/me/password", s.changePassword)
	mux.HandleFunc("DELETE /api/me", s.deleteAccount)
	mux.HandleFunc("POST /api/me/email", s.addEmail)
	mux.HandleFunc("DELETE /api/me/email", s.deleteEmail)
	mux.HandleFunc("PUT /api/me/email/turns", s.setEmailTurns)
	mux.HandleFunc("POST /api/email/confirm", s.confirmEmail)
	mux.HandleFunc("POST /api/email/unsubscribe", s.unsubscribe)
	mux.HandleFunc("POST /api/password/forgot", s.forgotPassword)
	mux.HandleFunc("POST /api/password/reset", s.resetPassword)
	mux.HandleFunc("GET /api/players/{name}", s.profile)
	mux.HandleFunc("GET /api/titles", s.titles)
	mux.HandleFunc("GET /api/bots", s.bots)
	mux.HandleFunc("POST /api/games", s.createGame)
	mux.HandleFunc("GET /api/games", s.listGames)
	mux.HandleFunc("POST /api/games/import", s.importGame)
	mux.HandleFunc("GET /api/games/{id}", s.visible(s.heavyAt(s.viewGame)))
	mux.HandleFunc("POST /api/games/{id}/join", s.joinGame)
	mux.HandleFunc("POST /api/games/{id}/leave", s.leaveGame)
	mux.HandleFunc("POST /api/games/{id}/free", s.freeSeat)
	mux.HandleFunc("POST /api/games/{id}/handover", s.visible(s.handover))
	mux.HandleFunc("POST /api/games/{id}/substitute", s.substitute)
	mux.HandleFunc("POST /api/games/{id}/start", s.visible(s.startGame))
	mux.HandleFunc("POST /api/games/{id}/clock/back", s.visible(s.clockBack))
	mux.HandleFunc("GET /api/games/{id}/export", s.visible(s.exportGame))
	mux.HandleFunc("POST /api/games/{id}/actions", s.visible(s.submitAction))
	mux.HandleFunc("POST /api/games/{id}/undo", s.visible(s.undo))
	mux.HandleFunc("POST /api/games/{id}/redo", s.visible(s.redo))
	mux.HandleFunc("POST /api/games/{id}/end", s.visible(s.endGame))
	mux.HandleFunc("GET /api/games/{id}/routes", s.visible(s.heavy(s.routesView)))
	mux.HandleFunc("GET /api/games/{id}/analysis", s.visible(s.heavy(s.analyseGame)))
	mux.HandleFunc("GET /api/games/{id}/hint", s.visible(s.hintGame))
	mux.HandleFunc("GET /api/games/{id}/review", s.visible(s.reviewGame))
	mux.HandleFunc("POST /api/games/{id}/review", s.visible(s.startReview))
	mux.HandleFunc("POST /api/games/{id}/routes/check", s.visible(s.heavy(s.checkRoutes)))
	mux.HandleFunc("GET /api/games/{id}/map", s.visible(s.heavyAt(s.mapView)))
	mux.HandleFunc("GET /api/games/{id}/lastrun", s.visible(s.heavyAt(s.lastRunOf)))
	mux.HandleFunc("GET /api/games/{id}/tile", s.visible(s.tilePreview))
	mux.HandleFunc("GET /api/games/{id}/tiles", s.visible(s.heavyAt(s.tiles)))
	mux.HandleFunc("GET /api/games/{id}/ws", s.visible(s.websocket))
	mux.HandleFunc("POST /api/games/{id}/mismatch", s.visible(s.reportMismatch))
	mux.HandleFunc("GET /api/games/{id}/note", s.visible(s.getNote))
	mux.HandleFunc("PUT /api/games/{id}/note", s.visible(s.putNote))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "no API endpoint %s %s", r.Method, r.URL.Path)
	})
	ui := s.ui()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, http.StatusMethodNotAllowed, "method %s not allowed on %s", r.Method, r.URL.Path)
			return
		}
		ui.ServeHTTP(w, r)
	})

	cop := http.NewCrossOriginProtection()
	for _, o := range s.cfg.TrustedOrigins {
		if err := cop.AddTrustedOrigin(o); err != nil {
			s.log.Error("ignoring trusted origin", "origin", o, "err", err)
		}
	}
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusForbidden, "cross-origin request refused")
	}))
	return s.instrument(securityHeaders(cop.Handler(s.limitRequests(mux, mux))))
}

// statusWriter records the status code of a response.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController (and WebSocket hijacking) reach the
// underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// instrument counts requests by route pattern and status and times them.
func (s *Server) instrument(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		code := sw.code
		if code == 0 {
			code = http.StatusOK
		}
		s.met.requests.WithLabelValues(route, strconv.Itoa(code)).Inc()
		s.met.duration.WithLabelValues(route).Observe(time.Since(start).Seconds())
	})
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	if !s.ready.Load() {
		http.Error(w, "not ready", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

const placeholder = `<!doctype html>
<html><head><meta charset="utf-8"><title>Tresham</title></head>
<body><h1>Tresham</h1><p>The game server is running. The web UI is not built into this binary;
the API is under <code>/api/</code>.</p></body></html>
`

// ui serves the embedded UI, or a placeholder page.
func (s *Server) ui() http.Handler {
	if s.cfg.UIHandler != nil {
		return s.cfg.UIHandler
	}
	if s.cfg.UI != nil {
		return http.FileServerFS(s.cfg.UI)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(placeholder))
	})
}

// apiError is an error with the HTTP status to answer.
type apiError struct {
	code       int
	msg        string
	retryAfter time.Duration // a 429's Retry-After (0: none)
	// refusal is the engine's reason as a message id and arguments, for a
	// refused action (sent as "refusal" beside "error"; docs/api.md).
	refusal *engine.Message
}

// refusalError is the answer to an action the engine refused: "illegal
// action: " and its reason, with the reason's message.
func refusalError(code int, re *engine.RuleError) error {
	e := &apiError{code: code, msg: "illegal action: " + re.Rule}
	if m := re.Message(); m.ID != "" {
		e.refusal = &m
	}
	return e
}

func (e *apiError) Error() string { return e.msg }

func errorf(code int, format string, args ...any) error {
	return &apiError{code: code, msg: fmt.Sprintf(format, args...)}
}

// writeError writes {"error": msg}.
func writeError(w http.ResponseWriter, code int, format string, args ...any) {
	writeJSON(w, code, map[string]string{"error": fmt.Sprintf(format, args...)})
}

// fail answers err: an apiError with its status, a store error with 404
// or 409, anything else 500 (logged, not shown).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if !errors.As(err, &ae) && storageFull(err) {
		s.log.Error("storage full", "method", r.Method, "path", r.URL.Path, "err", err)
		ae, err = storageFullError(), storageFullError()
	}
	switch {
	case errors.As(err, &ae):
		if ae.retryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(ae.retryAfter.Seconds()))))
		}
		if ae.refusal != nil {
			writeJSON(w, ae.code, struct {
				Error   string          `json:"error"`
				Refusal *engine.Message `json:"refusal"`
			}{ae.msg, ae.refusal})
			break
		}
		writeError(w, ae.code, "%s", ae.msg)
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, "not found: %v", err)
	case errors.Is(err, context.Canceled):
		writeError(w, http.StatusServiceUnavailable, "request canceled")
	default:
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		writeError(w, http.StatusInternalServerError, "internal error")
	}
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		code = http.StatusInternalServerError
		b = []byte(`{"error":"internal error: cannot encode the response"}`)
	}
	writeRaw(w, code, b)
}

func writeRaw(w http.ResponseWriter, code int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	_, _ = w.Write(append(b, '\n'))
}

// decodeBody decodes a JSON request body into v: 413 when too large, 400
// when malformed.
func decodeBody(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		return bodyError(err)
	}
	if dec.More() {
		return errorf(http.StatusBadRequest, "malformed JSON body: data after the JSON value")
	}
	return nil
}

func bodyError(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return errorf(http.StatusRequestEntityTooLarge, "request body is over the limit of %d bytes", mbe.Limit)
	}
	return errorf(http.StatusBadRequest, "malformed JSON body: %s", jsonerr.Describe(err))
}

// gameRequest reads what the game endpoints that change a game start
// with: the signed-in caller, the game id of the path, the JSON body into
// body (an empty body is allowed when optional) and the game's entry,
// locked: the caller unlocks e.mu.
func (s *Server) gameRequest(r *http.Request, body any, optional bool) (store.User, int64, *entry, error) {
	u, err := s.mustUser(r)
	if err != nil {
		return u, 0, nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return u, 0, nil, err
	}
	if !optional || r.ContentLength != 0 {
		if err := decodeBody(r, body); err != nil {
			return u, id, nil, err
		}
	}
	e, err := s.game(r.Context(), id)
	if err != nil {
		return u, id, nil, err
	}
	return u, id, e, nil
}

// lockedGame answers the game the {id} path value names, its entry locked
// (the caller unlocks it), or the error to answer with.
func (s *Server) lockedGame(r *http.Request) (int64, *entry, error) {
	id, err := pathID(r)
	if err != nil {
		return 0, nil, err
	}
	e, err := s.game(r.Context(), id)
	return id, e, err
}

// pathID parses the {id} path value.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, errorf(http.StatusNotFound, "no game %q", r.PathValue("id"))
	}
	return id, nil
}

// every runs f every interval until the server or ctx is done.
func (s *Server) every(ctx context.Context, interval time.Duration, f func()) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-s.done.Done():
				return
			case <-ctx.Done():
				return
			case <-t.C:
				f()
			}
		}
	}()
}
