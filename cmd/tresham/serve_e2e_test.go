package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tresham/store/postgres/pgtest"
)

// childEnv makes the test binary act as `tresham ARGS…` (see TestMain), so
// the end-to-end tests run real server processes without building one.
const childEnv = "TRESHAM_TEST_CHILD_ARGS"

func TestMain(m *testing.M) {
	if args := os.Getenv(childEnv); args != "" {
		var argv []string
		if err := json.Unmarshal([]byte(args), &argv); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := run(ctx, argv, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// serverProc is a `tresham serve` child process.
type serverProc struct {
	cmd  *exec.Cmd
	base string
	log  *syncBuffer
	done chan struct{} // closed when the process has exited
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startServer runs `tresham serve --addr ADDR ARGS…` on a free loopback
// port and waits for /healthz. A port taken by someone else between
// choosing it and listening on it (tests run in parallel) is retried on
// another.
func startServer(t *testing.T, args ...string) *serverProc {
	t.Helper()
	for attempt := 1; ; attempt++ {
		p, err := tryServer(t, freePort(t), args)
		if err == nil {
			return p
		}
		if attempt == 3 || !strings.Contains(p.log.String(), "address already in use") {
			t.Fatalf("%v\n%s", err, p.log.String())
		}
	}
}

func tryServer(t *testing.T, addr string, args []string) (*serverProc, error) {
	t.Helper()
	// (no background build of the in-browser engine: these servers'
	// pages are not loaded; TestServeBuildsEngine tests it)
	argv, _ := json.Marshal(append([]string{"serve", "--addr", addr, "--build-engine=false"}, args...))
	p := &serverProc{cmd: exec.Command(os.Args[0], "-test.run=^$"), base: "http://" + addr, log: &syncBuffer{}, done: make(chan struct{})}
	p.cmd.Env = append(os.Environ(), childEnv+"="+string(argv))
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(p.base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p, nil
			}
		}
		select {
		case <-p.done:
			return p, fmt.Errorf("server on %s exited before it was healthy", addr)
		default:
		}
		if time.Now().After(deadline) {
			return p, fmt.Errorf("server on %s not healthy: %v", addr, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (p *serverProc) kill(t *testing.T) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-p.done
}

// newPlayer signs up on base and creates and starts a 3-player 1860
// hotseat game, returning a client that plays it.
func newPlayer(t *testing.T, base, name string, seed uint64) *loadClient {
	t.Helper()
	cfg := loadConfig{title: "1860", players: 3, seed: seed}
	c, err := newLoadClient(context.Background(), base, http.DefaultTransport, name, cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestServeSurvivesSIGKILL: a server under a stream of actions is killed
// with SIGKILL; after a restart on the same data directory every
// acknowledged action is there, in order, and the game replays and plays on.
func TestServeSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dir := t.TempDir()
	srv := startServer(t, "--data", dir)
	c := newPlayer(t, srv.base, "durable", 7)
	ctx := context.Background()

	type acked struct {
		game int64
		seq  int
		typ  string
	}
	var acks []acked
	killAt := time.Now().Add(1500 * time.Millisecond)
	killed := false
	for !killed {
		if time.Now().After(killAt) {
			// kill while the next request is in flight
			go func() { time.Sleep(time.Millisecond); srv.kill(t) }()
			killed = true
		}
		if c.view.Finished && !killed {
			if err := c.newGame(ctx); err != nil {
				t.Fatal(err)
			}
			continue
		}
		a, err := c.choose(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var next loadView
		seq := c.view.Actions
		if _, err := c.call(ctx, "POST", fmt.Sprintf("/api/games/%d/actions", c.game), map[string]any{"seq": seq, "action": a}, &next); err != nil {
			if killed {
				break // the server died under this request: not acknowledged
			}
			t.Fatal(err)
		}
		typ, _ := a["type"].(string)
		acks = append(acks, acked{c.game, seq, typ})
		c.view = next
	}
	if len(acks) < 10 {
		t.Fatalf("only %d actions acknowledged before the kill", len(acks))
	}

	srv = startServer(t, "--data", dir) // same data; cookies ignore ports, so the session goes on
	c.base = srv.base
	exported := map[int64][]string{} // game → its stored action types
	for _, ak := range acks {
		if _, ok := exported[ak.game]; ok {
			continue
		}
		var ex struct {
			Actions []struct {
				Type string `json:"type"`
			} `json:"actions"`
		}
		if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d/export", ak.game), nil, &ex); err != nil {
			t.Fatal(err)
		}
		for _, a := range ex.Actions {
			exported[ak.game] = append(exported[ak.game], a.Type)
		}
		// the game replays from its log
		var v loadView
		if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", ak.game), nil, &v); err != nil {
			t.Fatalf("game %d does not replay after restart: %v", ak.game, err)
		}
		if v.Actions != len(ex.Actions) {
			t.Fatalf("game %d: view has %d actions, export %d", ak.game, v.Actions, len(ex.Actions))
		}
	}
	for _, ak := range acks {
		got := exported[ak.game]
		if ak.seq >= len(got) {
			t.Fatalf("game %d: acknowledged action %d is missing after restart (%d stored)", ak.game, ak.seq, len(got))
		}
		if got[ak.seq] != ak.typ {
			t.Fatalf("game %d: action %d is %q after restart; %q was acknowledged", ak.game, ak.seq, got[ak.seq], ak.typ)
		}
	}
	if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", c.game), nil, &c.view); err != nil {
		t.Fatal(err)
	}
	// and play goes on
	c.play(ctx, time.Now().Add(300*time.Millisecond))
	if c.err != nil || c.refused > 0 {
		t.Fatalf("playing on after restart: %v (%d refused)", c.err, c.refused)
	}
	t.Logf("%d actions in %d games acknowledged before SIGKILL; all present after restart", len(acks), len(exported))
}

// TestTwoServersOnePostgres: two `tresham serve` processes share one
// PostgreSQL database; a player moves on the first, and a WebSocket client
// of the second receives the move.
func TestTwoServersOnePostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes")
	}
	dsn := pgtest.FreshDSN(t)
	a := startServer(t, "--db", dsn)
	b := startServer(t, "--db", dsn)
	c := newPlayer(t, a.base, "alice", 3)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()

	ws := "ws" + strings.TrimPrefix(b.base, "http")
	conn, _, err := websocket.Dial(ctx, fmt.Sprintf("%s/api/games/%d/ws?from=%d", ws, c.game, c.view.Actions), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()

	for i := range 5 {
		seq := c.view.Actions
		act, err := c.choose(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.call(ctx, "POST", fmt.Sprintf("/api/games/%d/actions", c.game), map[string]any{"seq": seq, "action": act}, &c.view); err != nil {
			t.Fatal(err)
		}
		// instance B pushes the move made on A
		for {
			_, msg, err := conn.Read(ctx)
			if err != nil {
				t.Fatalf("move %d: websocket on B: %v", i, err)
			}
			var m struct {
				Type   string          `json:"type"`
				Seq    int             `json:"seq"`
				Action json.RawMessage `json:"action"`
			}
			if err := json.Unmarshal(msg, &m); err != nil {
				t.Fatal(err)
			}
			if m.Type != "action" {
				continue
			}
			if m.Seq != seq {
				t.Fatalf("B pushed action %d; A committed %d", m.Seq, seq)
			}
			var got map[string]any
			json.Unmarshal(m.Action, &got)
			if got["type"] != act["type"] {
				t.Fatalf("B pushed a %v; A committed a %v", got["type"], act["type"])
			}
			break
		}
	}
	// B serves the same game state, and refuses a stale move
	// (cookies ignore ports: A's session cookie goes to B too, and B
	// finds the session in the shared database)
	var onB loadView
	cb := *c
	cb.base = b.base
	if _, err := cb.call(ctx, "GET", fmt.Sprintf("/api/games/%d", c.game), nil, &onB); err != nil {
		t.Fatal(err)
	}
	if onB.Actions != c.view.Actions {
		t.Fatalf("B has %d actions, A %d", onB.Actions, c.view.Actions)
	}
	act, _ := c.choose(ctx)
	code, err := cb.call(ctx, "POST", fmt.Sprintf("/api/games/%d/actions", c.game), map[string]any{"seq": c.view.Actions - 1, "action": act}, nil)
	if code != http.StatusConflict || !strings.Contains(err.Error(), "moved on") {
		t.Fatalf("stale move on B: %d %v; want 409 game moved on", code, err)
	}
}

// TestLoadtestSmoke runs the load benchmark briefly: random legal moves
// from concurrent clients are all accepted and every listener hears them.
func TestLoadtestSmoke(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a server")
	}
	rep, err := loadtest(context.Background(), loadConfig{dsn: "mem:", games: 3, sockets: 30, watchers: 3, duration: time.Second, title: "1860", players: 3, seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Actions == 0 || rep.Refused != 0 || rep.Sockets != 30 || rep.SocketErrors != 0 || rep.SocketMsgs == 0 {
		t.Fatalf("load run: %+v", rep)
	}
}

// TestLoadtestBotSeats: with bot seats the clients play the other seats
// and wait for the server's bots, whose moves are counted apart; nothing
// listed is refused.
func TestLoadtestBotSeats(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a server")
	}
	rep, err := loadtest(context.Background(), loadConfig{dsn: "mem:", games: 2, sockets: 4, watchers: 2, duration: 2 * time.Second,
		title: "1860", players: 3, seed: 5, bots: 1, botKind: "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Actions == 0 || rep.BotMoves == 0 || rep.Refused != 0 || rep.Failed != 0 || rep.BotSeats != 1 {
		t.Fatalf("load run with bot seats: %+v", rep)
	}
}
