package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"tresham/store/memstore"
)

// benchClient plays hotseat games through the server's handler, without
// a network in between.
type benchClient struct {
	tb     testing.TB
	h      http.Handler
	cookie string
	game   int64
	view   gameView
	rng    *rand.Rand
}

func (c *benchClient) call(method, path string, body any, want int, out any) {
	var rd *bytes.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.tb.Fatal(err)
		}
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req := httptest.NewRequest(method, path, rd)
	req.Header.Set("Content-Type", "application/json")
	if c.cookie != "" {
		req.Header.Set("Cookie", c.cookie)
	}
	rec := httptest.NewRecorder()
	c.h.ServeHTTP(rec, req)
	if rec.Code != want {
		c.tb.Fatalf("%s %s: status %d, want %d: %s", method, path, rec.Code, want, rec.Body.Bytes())
	}
	if sc := rec.Result().Cookies(); len(sc) > 0 && c.cookie == "" {
		c.cookie = sc[0].Name + "=" + sc[0].Value
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			c.tb.Fatal(err)
		}
	}
}

func (c *benchClient) newGame() {
	var created struct {
		ID int64 `json:"id"`
	}
	c.call("POST", "/api/games", map[string]any{"title": "1860", "players": 3, "hotseat": true}, http.StatusCreated, &created)
	c.call("POST", fmt.Sprintf("/api/games/%d/start", created.ID), nil, http.StatusOK, nil)
	c.game = created.ID
	c.call("GET", fmt.Sprintf("/api/games/%d", c.game), nil, http.StatusOK, &c.view)
}

// move submits one random legal action (progress favoured as the load
// test's clients do) and keeps the lean view answered.
func (c *benchClient) move() {
	if c.view.Finished {
		c.newGame()
	}
	var ents []string
	for _, e := range c.view.Acting {
		if len(c.view.Legal[e]) > 0 {
			ents = append(ents, e)
		}
	}
	if len(ents) == 0 {
		c.tb.Fatalf("game %d: nothing listed at action %d", c.game, c.view.Actions)
	}
	list := c.view.Legal[ents[c.rng.IntN(len(ents))]]
	ch := list[c.rng.IntN(len(list))]
	var a map[string]any
	for range 4 {
		if err := json.Unmarshal(ch.Action, &a); err != nil {
			c.tb.Fatal(err)
		}
		if t := a["type"]; t != "sell_shares" && t != "pass" {
			break
		}
		ch = list[c.rng.IntN(len(list))]
	}
	if a["type"] == "dividend" {
		ch = list[0]
		a = nil
		if err := json.Unmarshal(ch.Action, &a); err != nil {
			c.tb.Fatal(err)
		}
	}
	if ch.Open == "routes" {
		var run struct {
			Routes []any `json:"routes"`
		}
		c.call("GET", fmt.Sprintf("/api/games/%d/routes?entity=%s", c.game, url.QueryEscape(fmt.Sprint(a["entity"]))), nil, http.StatusOK, &run)
		a["routes"] = run.Routes
	}
	var next gameView
	c.call("POST", fmt.Sprintf("/api/games/%d/actions?view=lean", c.game), map[string]any{"seq": c.view.Actions, "action": a}, http.StatusOK, &next)
	c.view = next
}

// BenchmarkSubmitAction is the server's work per move of live play (the
// load test's, without its network, SQLite and WebSocket listeners): the
// session, the check against Legal, the append (memory store), the lean
// view. One op is one accepted move; game creation is included as play
// reaches the ends of games.
func BenchmarkSubmitAction(b *testing.B) {
	srv := New(Config{Argon2: Argon2Params{Time: 1, Memory: 64, Threads: 1}}, memstore.New(), slog.New(slog.DiscardHandler))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := srv.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	c := &benchClient{tb: b, h: srv.Handler(), rng: rand.New(rand.NewPCG(1, 2))}
	c.call("POST", "/api/signup", map[string]string{"name": "bench", "password": "load-test-password"}, http.StatusCreated, nil)
	c.newGame()
	b.ReportAllocs()
	for b.Loop() {
		c.move()
	}
}
