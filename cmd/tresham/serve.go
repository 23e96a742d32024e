package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
	"tresham/bot"
	"tresham/review"

	"tresham/mailer"
	"tresham/mapview"
	"tresham/server"
	"tresham/store"
	"tresham/store/memstore"
	"tresham/store/postgres"
	"tresham/store/sqlite"
	"tresham/ui"
	"tresham/ui/enginecache"
)

// cmdServe runs the game server until ctx ends (SIGINT/SIGTERM).
func cmdServe(ctx context.Context, args []string, _, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8060", "listen address HOST:PORT")
	data := fs.String("data", "", "data directory (default $XDG_DATA_HOME/tresham or ~/.local/share/tresham)")
	dsn := fs.String("db", "", "database: a SQLite file (default DATA/tresham.db), postgres://… for PostgreSQL, or mem: for a throwaway in-memory store")
	secure := fs.Bool("secure-cookies", false, "mark the session cookie Secure (when served over HTTPS)")
	allowPrivate := fs.Bool("allow-private-webhooks", false, "let webhooks call loopback, private and link-local addresses (a LAN install)")
	buildEngine := fs.Bool("build-engine", true, "when this binary has no in-browser engine built in, build it into the user's cache with the Go toolchain and sources found here")
	cacheMB := fs.Int64("cache-mb", 256, "memory for games kept replayed in memory, in MiB (least recently used evicted first)")
	smtpAddr := fs.String("smtp", os.Getenv("TRESHAM_SMTP"), "SMTP server HOST:PORT for email (default $TRESHAM_SMTP; none: no email is sent); user and password from $TRESHAM_SMTP_USER and $TRESHAM_SMTP_PASSWORD")
	mailFrom := fs.String("mail-from", os.Getenv("TRESHAM_MAIL_FROM"), "sender address of the emails (default $TRESHAM_MAIL_FROM, else tresham@ the public URL's host)")
	publicURL := fs.String("public-url", os.Getenv("TRESHAM_PUBLIC_URL"), "the site's address for the links in emails (default $TRESHAM_PUBLIC_URL, else http://ADDR)")
	reviewBudget := fs.String("review-budget", review.DefaultBudget.String(), "what the review of one finished game spends, shared among its decisions (60000n, 60s, 60s+60000n; docs/bots.md)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	rb, rerr := bot.ParseBudget(*reviewBudget)
	if rerr != nil {
		fmt.Fprintf(stderr, "tresham serve: --review-budget: %v\n", rerr)
		return 2
	}
	if fs.NArg() != 0 || *cacheMB <= 0 {
		fmt.Fprint(stderr, "usage: tresham serve [--addr HOST:PORT] [--data DIR] [--db DSN] [--cache-mb N (N > 0)] [--review-budget B] [--secure-cookies] [--allow-private-webhooks] [--build-engine=false] [--smtp HOST:PORT [--mail-from ADDRESS] [--public-url URL]]\n")
		return 2
	}
	ml, site, err := mailConfig(*smtpAddr, *mailFrom, *publicURL, *addr)
	if err != nil {
		fmt.Fprintf(stderr, "tresham serve: %v\n", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	slog.SetDefault(log) // the stores log through the default logger
	dir := *data
	if dir == "" {
		var err error
		if dir, err = defaultDataDir(); err != nil {
			log.Error("no data directory", "err", err)
			return 1
		}
	}
	if ml != nil {
		log.Info("email on", "smtp", *smtpAddr, "from", ml.From(), "public_url", site, "smtp_user", os.Getenv("TRESHAM_SMTP_USER") != "")
	}
	st, err := openStore(ctx, *dsn, dir)
	if err != nil {
		log.Error("cannot open the store", "err", err)
		return 1
	}
	defer st.Close()
	page := ui.New()
	if !page.HasModule() && *buildEngine {
		go provideEngine(ctx, page, log)
	}
	srv := server.New(server.Config{Addr: *addr, SecureCookies: *secure, AllowPrivateWebhooks: *allowPrivate, CacheBytes: *cacheMB << 20,
		Mailer: ml, PublicURL: site, ReviewBudget: rb,
		UI: ui.FS(), UIHandler: page, MapView: new(mapview.Cache).ForGame, TilePreview: mapview.TilePreview, TileManifest: mapview.ManifestOf}, st, log)
	if err := srv.Run(ctx); err != nil {
		log.Error("server failed", "err", err)
		return 1
	}
	return 0
}

// mailConfig makes the mailer of serve's email flags (nil without an
// SMTP server) and the public URL of the links.
func mailConfig(smtpAddr, from, public, listen string) (*mailer.Mailer, string, error) {
	if smtpAddr == "" {
		return nil, "", nil
	}
	if public == "" {
		public = "http://" + listen
	}
	u, err := url.Parse(public)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return nil, "", fmt.Errorf("--public-url %q is not an http(s) address like https://tresham.example.org", public)
	}
	if from == "" {
		from = "Tresham <tresham@" + u.Hostname() + ">"
	}
	m, err := mailer.New(mailer.Config{Addr: smtpAddr, From: from,
		User: os.Getenv("TRESHAM_SMTP_USER"), Password: os.Getenv("TRESHAM_SMTP_PASSWORD")})
	if err != nil {
		return nil, "", fmt.Errorf("--smtp/--mail-from: %w", err)
	}
	return m, strings.TrimRight(public, "/"), nil
}

// provideEngine gives the page its in-browser engine when the binary has
// none built in: from the user's cache, or built there with the Go
// toolchain and the source tree it finds (enginecache). The page uses the
// server meanwhile, and says it is waiting; without a toolchain or the
// sources it logs one line and the server runs on without.
func provideEngine(ctx context.Context, page *ui.UI, log *slog.Logger) {
	cfg, err := enginecache.Resolve(enginecache.Config{})
	if err != nil {
		log.Info("the in-browser engine is not built into this binary and cannot be built here; pages use the server for everything (build with go generate ./ui before go build to include it)", "why", err)
		return
	}
	page.SetBuilding("this server is preparing the in-browser engine (built once per version of the sources, in a minute or a few); the page uses the server meanwhile")
	start := time.Now()
	res, err := enginecache.Prepare(ctx, cfg)
	if err == nil {
		err = page.SetModule(os.DirFS(res.Dir))
	}
	if err != nil {
		page.SetBuilding("")
		if ctx.Err() == nil {
			log.Warn("the in-browser engine could not be built; pages use the server for everything", "err", err)
		}
		return
	}
	how := "found in the cache"
	if res.Built {
		how = "built"
	}
	log.Info("in-browser engine "+how, "dir", res.Dir, "took", time.Since(start).Round(time.Millisecond))
}

// defaultDataDir is $XDG_DATA_HOME/tresham, else ~/.local/share/tresham,
// else the user config directory's tresham.
func defaultDataDir() (string, error) {
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "tresham"), nil
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "share", "tresham"), nil
	}
	cfg, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("data directory: %w", err)
	}
	return filepath.Join(cfg, "tresham"), nil
}

// openStore opens the store named by dsn: "mem:" an in-memory store;
// "postgres://…" or "postgresql://…" PostgreSQL; anything else (default
// DATADIR/tresham.db) a SQLite file.
func openStore(ctx context.Context, dsn, dataDir string) (store.Store, error) {
	switch {
	case dsn == "mem:" || dsn == "memory":
		return memstore.New(), nil
	case strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://"):
		st, err := postgres.Open(ctx, dsn)
		if err != nil {
			return nil, fmt.Errorf("open PostgreSQL store: %w", err)
		}
		return st, nil
	}
	path := dsn
	if path == "" {
		if err := os.MkdirAll(dataDir, 0o700); err != nil {
			return nil, fmt.Errorf("data directory: %w", err)
		}
		path = filepath.Join(dataDir, "tresham.db")
	}
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("open SQLite store %s: %w", path, err)
	}
	return st, nil
}
