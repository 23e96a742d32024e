package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tresham/store/postgres/pgtest"
)

// nginxConf is the proxy of docs/operations.md, on loopback, with its
// files in dir.
const nginxConf = `%s
daemon off;
worker_processes 1;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path %[2]s/body;
    proxy_temp_path %[2]s/proxy;
    fastcgi_temp_path %[2]s/fastcgi;
    uwsgi_temp_path %[2]s/uwsgi;
    scgi_temp_path %[2]s/scgi;
    map $http_upgrade $connection_upgrade { default upgrade; '' close; }
    upstream tresham {
        server %[3]s max_fails=1 fail_timeout=30s;
        server %[4]s max_fails=1 fail_timeout=30s;
    }
    server {
        listen %[5]s;
        location / {
            proxy_pass http://tresham;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout http_502 http_503;
        }
    }
}
`

// startNginx runs nginx in front of the two server addresses and returns
// its base URL. Without nginx the test is skipped (it fails under CI=true).
func startNginx(t *testing.T, a, b string) string {
	t.Helper()
	bin, err := exec.LookPath("nginx")
	if err != nil {
		if _, e := os.Stat("/usr/sbin/nginx"); e == nil {
			bin = "/usr/sbin/nginx"
		} else if os.Getenv("CI") != "" {
			t.Fatal("nginx is not installed (apt-get install nginx-light)")
		} else {
			t.Skip("nginx is not installed")
		}
	}
	dir := t.TempDir()
	user := ""
	if os.Geteuid() == 0 {
		user = "user root;" // workers may use the test's temporary files
	}
	listen := freePort(t)
	conf := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(conf, []byte(fmt.Sprintf(nginxConf, user, dir, strings.TrimPrefix(a, "http://"), strings.TrimPrefix(b, "http://"), listen)), 0o600); err != nil {
		t.Fatal(err)
	}
	// no pipes: a worker outliving its master would hold them open
	cmd := exec.Command(bin, "-p", dir, "-c", conf, "-e", filepath.Join(dir, "error.log"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // its own group: workers are stopped with it
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // master and workers
		<-done
	})
	base := "http://" + listen
	deadline := time.Now().Add(10 * time.Second)
	for {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base
			}
		}
		select {
		case <-done:
			log, _ := os.ReadFile(filepath.Join(dir, "error.log"))
			t.Fatalf("nginx exited: %s", log)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("nginx not answering: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// follower is a WebSocket client of one game through the proxy that
// reconnects (with ?from=N) whenever its connection drops.
type follower struct {
	base       string
	game       int64
	mu         sync.Mutex
	seen       map[int]bool
	next       int // the next sequence number to ask for on reconnecting
	reconnects int
}

func (f *follower) run(ctx context.Context) {
	ws := "ws" + strings.TrimPrefix(f.base, "http")
	for ctx.Err() == nil {
		f.mu.Lock()
		from := f.next
		f.mu.Unlock()
		conn, _, err := websocket.Dial(ctx, fmt.Sprintf("%s/api/games/%d/ws?from=%d", ws, f.game, from), nil)
		if err != nil {
			time.Sleep(50 * time.Millisecond)
			continue
		}
		conn.SetReadLimit(1 << 22)
		for {
			_, msg, err := conn.Read(ctx)
			if err != nil {
				break
			}
			var m struct {
				Type string `json:"type"`
				Seq  int    `json:"seq"`
			}
			if json.Unmarshal(msg, &m) == nil && m.Type == "action" {
				f.mu.Lock()
				f.seen[m.Seq] = true
				f.next = max(f.next, m.Seq+1)
				f.mu.Unlock()
			}
		}
		conn.CloseNow()
		if ctx.Err() == nil {
			f.mu.Lock()
			f.reconnects++
			f.mu.Unlock()
		}
	}
}

// TestTwoInstancesBehindNginx: two `tresham serve` processes on one
// PostgreSQL database behind nginx (the deployment of docs/operations.md)
// are loaded by players and WebSocket followers through the proxy; one
// instance is killed with SIGKILL mid-load. Every action acknowledged to a
// player is kept, the players play on through the other instance, and
// every follower reconnects through the proxy and catches up on every
// stored action of its game.
func TestTwoInstancesBehindNginx(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes and nginx")
	}
	dsn := pgtest.FreshDSN(t)
	a := startServer(t, "--db", dsn)
	b := startServer(t, "--db", dsn)
	base := startNginx(t, a.base, b.base)

	const players = 4
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	type acked struct {
		seq int
		typ string
	}
	clients := make([]*loadClient, players)
	follows := make([]*follower, players)
	fctx, stopFollow := context.WithCancel(ctx)
	var fwg sync.WaitGroup
	for i := range clients {
		clients[i] = newPlayer(t, base, fmt.Sprintf("proxy%d", i), uint64(10+i))
		follows[i] = &follower{base: base, game: clients[i].game, seen: map[int]bool{}}
		fwg.Add(1)
		go func() { defer fwg.Done(); follows[i].run(fctx) }()
	}
	acks := make([][]acked, players)
	errs := make([]error, players)
	var failed [players]int // submissions that got no acknowledgement
	killAt := time.Now().Add(1500 * time.Millisecond)
	stopAt := killAt.Add(2500 * time.Millisecond)
	var pwg sync.WaitGroup
	for i, c := range clients {
		pwg.Add(1)
		go func() {
			defer pwg.Done()
			for time.Now().Before(stopAt) && !c.view.Finished {
				act, err := c.choose(ctx)
				if err != nil {
					errs[i] = err
					return
				}
				seq := c.view.Actions
				var next loadView
				if _, err := c.call(ctx, "POST", fmt.Sprintf("/api/games/%d/actions", c.game), map[string]any{"seq": seq, "action": act}, &next); err != nil {
					// not acknowledged (the instance died under it): read
					// the game again, from whichever instance answers
					failed[i]++
					if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d", c.game), nil, &c.view); err != nil {
						errs[i] = fmt.Errorf("after a failed move: %w", err)
						return
					}
					continue
				}
				typ, _ := act["type"].(string)
				acks[i] = append(acks[i], acked{seq, typ})
				c.view = next
			}
		}()
	}
	time.Sleep(time.Until(killAt))
	a.kill(t)
	pwg.Wait()

	for i, c := range clients {
		if errs[i] != nil {
			t.Fatalf("player %d: %v", i, errs[i])
		}
		var ex struct {
			Actions []struct {
				Type string `json:"type"`
			} `json:"actions"`
		}
		if _, err := c.call(ctx, "GET", fmt.Sprintf("/api/games/%d/export", c.game), nil, &ex); err != nil {
			t.Fatal(err)
		}
		for _, ak := range acks[i] {
			if ak.seq >= len(ex.Actions) || ex.Actions[ak.seq].Type != ak.typ {
				t.Fatalf("player %d: acknowledged action %d (%s) is not stored as such", i, ak.seq, ak.typ)
			}
		}
		if len(acks[i]) == 0 {
			t.Fatalf("player %d: no action acknowledged", i)
		}
		// the follower catches up on every stored action
		f := follows[i]
		deadline := time.Now().Add(15 * time.Second)
		for {
			f.mu.Lock()
			missing := -1
			for s := range ex.Actions {
				if !f.seen[s] { // it followed from action 0
					missing = s
					break
				}
			}
			f.mu.Unlock()
			if missing < 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("player %d: the follower never received action %d of %d", i, missing, len(ex.Actions))
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("player %d: %d actions acknowledged, %d submissions unacknowledged, %d stored; follower reconnected %d times",
			i, len(acks[i]), failed[i], len(ex.Actions), f.reconnects)
	}
	stopFollow()
	fwg.Wait()
	reconnected := 0
	for _, f := range follows {
		if f.reconnects > 0 {
			reconnected++
		}
	}
	if reconnected == 0 {
		t.Error("no follower lost its connection: was the killed instance serving none?")
	}
}
