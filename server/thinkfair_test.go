package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestBotThinkingIsFair reproduces issue 39 finding 10 (bot CPU) against a
// real server: one account runs many hotseat games full of searching
// bots; another player's bot must not wait for that account's backlog.
// With one thinking slot, it counts the flooding account's searches that
// start while the other player's bot waits for the slot: before, the whole
// queue of the flood's games; now at most one already on its way to the
// slot (the one under way ends, and the slot goes to the waiting bot).
func TestBotThinkingIsFair(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.MaxConcurrentThinking = 1 })
	var mu sync.Mutex
	type think struct {
		owner  int64
		queued bool // began to wait (else: got the slot)
	}
	var events []think
	var starts int
	env.srv.thinkQueued = func(owner int64) { mu.Lock(); events = append(events, think{owner, true}); mu.Unlock() }
	env.srv.thinkStarted = func(owner int64) { mu.Lock(); events = append(events, think{owner, false}); starts++; mu.Unlock() }

	flood, victim := env.signup("flood"), env.signup("victim")
	const games = 8
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	for range games {
		id := flood.create(map[string]any{"title": "1860", "players": 4, "hotseat": true,
			"bots": map[string]string{"1": "search:40ms", "2": "search:40ms", "3": "search:40ms"}})
		flood.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
		wg.Add(1)
		go func() { defer wg.Done(); autoplay(ctx, flood, id) }()
	}
	// the flood is under way when every game has a search queued
	waitFor(t, func() bool { mu.Lock(); defer mu.Unlock(); return starts >= games })

	id := victim.create(map[string]any{"title": "1860", "players": 2, "hotseat": true, "bots": map[string]string{"1": "search:40ms"}})
	victim.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	worst, moves := 0, 0
	var waited []time.Duration
	v := victim.view(id)
	for moves < 4 && !v.Finished {
		if len(v.Legal) == 0 {
			waitFor(t, func() bool { v = victim.view(id); return v.Finished || len(v.Legal) > 0 })
			continue
		}
		act := victim.pick(id, v, rng)
		mu.Lock()
		mark := len(events)
		mu.Unlock()
		began := time.Now()
		var after gameView
		victim.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": act}, http.StatusOK, &after)
		if len(after.Legal) > 0 {
			v = after // still the victim's turn: no bot to wait for
			continue
		}
		waitFor(t, func() bool { v = victim.view(id); return v.Finished || len(v.Legal) > 0 })
		waited = append(waited, time.Since(began).Round(time.Millisecond))
		mu.Lock()
		others, waiting := 0, false
		for _, ev := range events[mark:] {
			switch {
			case ev.owner == victim.id && ev.queued:
				waiting = true
			case ev.owner == victim.id:
				waiting = false
			case waiting && !ev.queued:
				others++
			}
			if ev.owner == victim.id && !ev.queued {
				break
			}
		}
		mu.Unlock()
		worst = max(worst, others)
		moves++
	}
	t.Logf("%d bot replies to the victim: at most %d of the flood's searches began while one waited for the slot (replies after %v)", moves, worst, waited)
	if moves == 0 {
		t.Fatal("the victim's bot never replied")
	}
	// one may be on its way to the free slot as the victim's bot begins
	// to wait; none may join the queue after it
	if worst > 1 {
		t.Errorf("the victim's bot waited for %d searches of the flooding account's %d games to start; want at most 1", worst, games)
	}
}

// autoplay plays the owner's seats of hotseat game id (passing when it
// can) until ctx ends, without failing the test: the flood's moves only
// keep its bots busy.
func autoplay(ctx context.Context, u *user, id int64) {
	for ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ctx, "GET", fmt.Sprintf("%s/api/games/%d", u.env.ts.URL, id), nil)
		resp, err := u.c.Do(req)
		if err != nil {
			return
		}
		var v gameView
		_ = json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		if v.Finished {
			return
		}
		var act json.RawMessage
		for _, choices := range v.Legal {
			for _, ch := range choices {
				if ch.Open == "routes" {
					continue
				}
				if act == nil || strings.Contains(string(ch.Action), `"pass"`) {
					act = ch.Action
				}
			}
		}
		if act == nil {
			select {
			case <-ctx.Done():
			case <-time.After(20 * time.Millisecond):
			}
			continue
		}
		b, _ := json.Marshal(map[string]any{"seq": v.Actions, "action": act})
		req, _ = http.NewRequestWithContext(ctx, "POST", fmt.Sprintf("%s/api/games/%d/actions", u.env.ts.URL, id), bytes.NewReader(b))
		req.Header.Set("Content-Type", "application/json")
		if resp, err = u.c.Do(req); err != nil {
			return
		}
		resp.Body.Close()
	}
}
