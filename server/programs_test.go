package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"tresham/compat/g18xx"
	fx "tresham/internal/fixtures"
	"tresham/replay"
)

// autoBrief is what the comparison with 18xx.games reads of an automatic
// move: type, entity, certificates, corporation (the wording of a
// program_disable's reason may differ).
func autoBrief(auto []g18xx.Action) []string {
	var out []string
	for _, a := range auto {
		s := a.Type + " by " + a.Entity.String()
		if len(a.Shares) > 0 {
			s += " " + strings.Join(a.Shares, ",")
		}
		if a.Corporation != "" {
			s += " " + a.Corporation
		}
		out = append(out, s)
	}
	return out
}

// TestProgramsRealGamesLive: for every move of the real games that set a
// program or carried automatic moves, the game imported up to just before
// it accepts the move sent live (without its automatic moves) and stores
// the automatic moves 18xx.games recorded.
func TestProgramsRealGamesLive(t *testing.T) {
	env := newEnv(t, nil)
	alice := env.signup("alice")
	for _, name := range []string{"1860/1860_game_end_bank.json", "1825/141331.json", "1825/1825_game_end_bank.json"} {
		src, err := g18xx.DecodeBytes(fx.MustRead(t, name))
		if err != nil {
			t.Fatal(err)
		}
		eff := g18xx.Effective(src.Actions)
		matched, total := 0, 0
		for k := range eff {
			a := eff[k]
			if len(a.AutoActions) == 0 && !strings.HasPrefix(a.Type, "program_") {
				continue
			}
			total++
			if testing.Short() && total%10 != 1 {
				continue
			}
			head := *src
			head.Actions = eff[:k]
			head.Status, head.Result = "active", nil
			body, err := g18xx.Marshal(&head)
			if err != nil {
				t.Fatal(err)
			}
			var imp struct {
				ID int64 `json:"id"`
			}
			alice.mustDo("POST", "/api/games/import", body, http.StatusCreated, &imp)
			var seq struct {
				Actions int `json:"actions"`
			}
			alice.mustDo("GET", fmt.Sprintf("/api/games/%d", imp.ID), nil, http.StatusOK, &seq)
			live := a
			live.AutoActions, live.ID, live.CreatedAt, live.User = nil, 0, 0, nil
			raw, _ := json.Marshal(live)
			code, resp := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", imp.ID), map[string]any{"seq": seq.Actions, "action": json.RawMessage(raw)})
			if code != http.StatusOK {
				t.Errorf("%s action %d (%s): status %d: %s", name, a.ID, a.Type, code, resp)
				continue
			}
			exp := exportOf(t, alice, imp.ID)
			last := exp.Actions[len(exp.Actions)-1]
			got, want := autoBrief(last.AutoActions), autoBrief(a.AutoActions)
			if !slices.Equal(got, want) {
				t.Errorf("%s action %d (%s by %s): stored %q, 18xx.games %q", name, a.ID, a.Type, a.Entity, got, want)
				continue
			}
			matched++
		}
		if total == 0 {
			t.Errorf("%s: no move with programs", name)
		}
		t.Logf("%s: %d of %d moves with programs reproduced live", name, matched, total)
	}
}

func exportOf(t *testing.T, u *user, id int64) *g18xx.Game {
	t.Helper()
	code, b := u.do("GET", fmt.Sprintf("/api/games/%d/export", id), nil)
	if code != http.StatusOK {
		t.Fatalf("export %d: %d %s", id, code, b)
	}
	g, err := g18xx.DecodeBytes(b)
	if err != nil {
		t.Fatalf("export %d: %v", id, err)
	}
	return g
}

// TestProgramsLive: a player sets a program from a seat not to act; others
// may not set it for them; malformed ones are refused and change nothing;
// the next move by another player makes the programmed pass, stored as
// its auto_actions; the export replays to the same state.
func TestProgramsLive(t *testing.T) {
	env := newEnv(t, nil)
	alice, bob, id := twoPlayerGame(t, env)
	post := func(u *user, action map[string]any, want int) gameView {
		t.Helper()
		var v gameView
		n := u.view(id).Actions
		code, b := u.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": n, "action": action})
		if code != want {
			t.Fatalf("%v: status %d, want %d: %s", action, code, want, b)
		}
		if want == http.StatusOK {
			_ = json.Unmarshal(b, &v)
		} else if after := u.view(id).Actions; after != n {
			t.Fatalf("%v refused but actions went from %d to %d", action, n, after)
		}
		return v
	}
	toStockRound(t, alice, bob, id, func(u *user, act map[string]any) { post(u, act, http.StatusOK) })
	v := alice.view(id)
	if st, _ := v.State["round"].(string); !strings.HasPrefix(st, "Stock") {
		t.Fatalf("not in a stock round: %v", v.State["round"])
	}
	players := v.State["players"].([]any)
	pid := func(i int) int { return int(players[i].(map[string]any)["id"].(float64)) }
	ap, bp := pid(0), pid(1)
	if !slices.Contains(v.You, ap) {
		ap, bp = bp, ap
	}
	// who is to act; the program belongs to the other
	actor, waiter, actorID, waiterID := alice, bob, ap, bp
	if v.Acting[0] != fmt.Sprint(ap) {
		actor, waiter, actorID, waiterID = bob, alice, bp, ap
	}
	sp := map[string]any{"type": "program_share_pass", "entity": waiterID, "entity_type": "player", "unconditional": false, "indefinite": false}
	// another seat: 403; malformed: 400
	post(actor, sp, http.StatusForbidden)
	post(waiter, map[string]any{"type": "program_buy_shares", "entity": waiterID, "entity_type": "player", "until_condition": "float"}, http.StatusBadRequest)
	post(waiter, map[string]any{"type": "program_buy_shares", "entity": waiterID, "entity_type": "player", "corporation": "NOPE", "until_condition": "float"}, http.StatusBadRequest)
	post(waiter, map[string]any{"type": "program_buy_shares", "entity": waiterID, "entity_type": "player", "corporation": "IWR", "until_condition": "half"}, http.StatusBadRequest)
	post(waiter, map[string]any{"type": "program_enable", "entity": waiterID, "entity_type": "player"}, http.StatusBadRequest)
	post(waiter, map[string]any{"type": "program_disable", "entity": waiterID, "entity_type": "player", "reason": "x"}, http.StatusUnprocessableEntity)
	post(waiter, map[string]any{"type": "program_disable", "entity": waiterID, "entity_type": "player", "reason": strings.Repeat("x", 201)}, http.StatusBadRequest)
	// set out of turn: accepted, nothing moves yet
	sv := post(waiter, sp, http.StatusOK)
	if len(sv.Acting) == 0 || sv.Acting[0] != fmt.Sprint(actorID) {
		t.Fatalf("after setting the program: acting %v", sv.Acting)
	}
	wv := programsIn(t, waiter, id)
	if len(wv) == 0 || wv[0].Active == nil || wv[0].Active.Type != "program_share_pass" {
		t.Fatalf("programs in the view: %+v", wv)
	}
	if av := programsIn(t, actor, id); slices.ContainsFunc(av, func(p programViewJSON) bool { return p.Player == waiterID }) {
		t.Errorf("the other player sees the program: %+v", av)
	}
	// the actor passes: the waiter's program passes at once
	post(actor, map[string]any{"type": "pass", "entity": actorID, "entity_type": "player"}, http.StatusOK)
	exp := exportOf(t, alice, id)
	last := exp.Actions[len(exp.Actions)-1]
	if got := autoBrief(last.AutoActions); len(got) == 0 || got[0] != fmt.Sprintf("pass by %d", waiterID) {
		vv := alice.view(id)
		t.Fatalf("auto_actions after the pass: %q; last %+v; acting %v round %v log %q", got, last, vv.Acting, vv.State["round"], vv.Log[max(0, len(vv.Log)-8):])
	}
	// the export replays to the same state (the golden-trace replayer)
	g, _, err := replay.Run(exp, nil)
	if err != nil {
		t.Fatalf("replay of the export: %v", err)
	}
	a, _ := json.Marshal(g.State())
	b, _ := json.Marshal(alice.view(id).State)
	if !bytes.Equal(a, b) {
		t.Error("the export replays to a different state")
	}
	// re-imported: the same state
	raw, _ := g18xx.Marshal(exp)
	var imp struct {
		ID int64 `json:"id"`
	}
	alice.mustDo("POST", "/api/games/import", raw, http.StatusCreated, &imp)
	c, _ := json.Marshal(alice.view(imp.ID).State)
	if !bytes.Equal(b, c) {
		t.Error("the re-imported export has a different state")
	}
}

// programsIn is the programs part of u's view of game id.
func programsIn(t *testing.T, u *user, id int64) []programViewJSON {
	t.Helper()
	var v struct {
		Programs []programViewJSON `json:"programs"`
	}
	u.mustDo("GET", fmt.Sprintf("/api/games/%d", id), nil, http.StatusOK, &v)
	return v.Programs
}

type programViewJSON struct {
	Player int `json:"player"`
	Active *struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"active"`
	Stopped *struct {
		Program string `json:"program"`
		Reason  string `json:"reason"`
	} `json:"stopped"`
}

// toStockRound plays game id (alice and bob, 1860) to its first stock
// round: each player passes where a pass is listed, else makes the first
// listed move (post sends a move).
func toStockRound(t *testing.T, alice, bob *user, id int64, post func(*user, map[string]any)) {
	t.Helper()
	// play the opening auction to the first stock round: each player
	// makes the first move listed
	for range 300 {
		v := alice.view(id)
		if st, _ := v.State["round"].(string); strings.HasPrefix(st, "Stock") || len(v.Acting) == 0 {
			break
		}
		ent := v.Acting[0]
		u := alice
		if len(v.Legal[ent]) == 0 {
			u, v = bob, bob.view(id)
		}
		var act map[string]any
		for _, ch := range v.Legal[ent] { // a pass where there is one: keep the cash
			var c map[string]any
			if err := json.Unmarshal(ch.Action, &c); err != nil {
				t.Fatal(err)
			}
			if act == nil || c["type"] == "pass" {
				act = c
			}
		}
		post(u, act)
	}
}

// TestProgramsNotify: a turn a program takes sends no "your turn"; the
// same move without a program does (the control).
func TestProgramsNotify(t *testing.T) {
	for _, program := range []bool{false, true} {
		t.Run(fmt.Sprintf("program=%v", program), func(t *testing.T) {
			env := newEnvWith(t, nil, func(c *Config) { c.AllowPrivateWebhooks = true })
			got := make(chan webhookBody, 16)
			hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var b webhookBody
				_ = json.NewDecoder(r.Body).Decode(&b)
				got <- b
			}))
			defer hook.Close()
			alice, bob, id := twoPlayerGame(t, env)
			post := func(u *user, act map[string]any) {
				t.Helper()
				n := u.view(id).Actions
				u.mustDo("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": n, "action": act}, http.StatusOK, nil)
			}
			toStockRound(t, alice, bob, id, post)
			v := alice.view(id)
			actor, waiter := alice, bob
			if len(v.Legal[v.Acting[0]]) == 0 {
				actor, waiter = bob, alice
			}
			waiterID := waiter.view(id).You[0]
			waiter.mustDo("PUT", "/api/me/webhook", map[string]string{"url": hook.URL}, http.StatusNoContent, nil)
			if program {
				post(waiter, map[string]any{"type": "program_share_pass", "entity": waiterID, "entity_type": "player", "unconditional": true, "indefinite": false})
			}
			// the actor buys a share: the turn goes to the waiter (or, with
			// the program, past the waiter and back to the actor)
			av := actor.view(id)
			var buy map[string]any
			for _, ch := range av.Legal[av.Acting[0]] {
				var c map[string]any
				_ = json.Unmarshal(ch.Action, &c)
				if c["type"] == "buy_shares" && buy == nil {
					buy = c
				}
			}
			if buy == nil {
				t.Fatal("no share to buy")
			}
			post(actor, buy)
			select {
			case b := <-got:
				if program {
					t.Errorf("a turn the program took was notified: %+v", b)
				} else if b.Player != waiterID {
					t.Errorf("webhook %+v, want player %d", b, waiterID)
				}
			case <-time.After(2 * time.Second):
				if !program {
					t.Error("no turn webhook without a program")
				}
			}
			if program {
				exp := exportOf(t, actor, id)
				last := exp.Actions[len(exp.Actions)-1]
				if got := autoBrief(last.AutoActions); len(got) == 0 || got[0] != fmt.Sprintf("pass by %d", waiterID) {
					t.Errorf("auto_actions %q", got)
				}
			}
		})
	}
}
