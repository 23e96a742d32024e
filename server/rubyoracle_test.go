package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/compat/rubyoracle"
)

// TestRubyOracleLive plays live games of both titles through the server,
// with programmed moves set (a pass, unconditional or not, indefinite or
// not; buying a corporation until it floats or up to a number of shares,
// from the initial offering or the market, with or without a pass after),
// cancelled and made, exports each at checkpoints and replays the export
// in 18xx.games's own engine (package rubyoracle, live mode: the engine
// makes the automatic moves itself and they must be the ones Tresham
// stored), which must reach the state Tresham shows, programs included.
// Opt-in: TRESHAM_18XX_REPO names a tobymao/18xx checkout.
func TestRubyOracleLive(t *testing.T) {
	repo := os.Getenv(rubyoracle.EnvRepo)
	if repo == "" {
		t.Skipf("%s is not set: the 18xx.games engine oracle is opt-in (docs/testing.md)", rubyoracle.EnvRepo)
	}
	games := []struct {
		title   string
		players int
		options []string
		seed    uint64
	}{
		{"1860", 3, nil, 1}, {"1860", 4, nil, 2}, {"1860", 2, nil, 3},
		{"1825", 3, nil, 4}, {"1825", 4, []string{"unit_12"}, 5}, {"1825", 5, []string{"unit_123"}, 6},
	}
	if n, err := strconv.Atoi(os.Getenv("TRESHAM_ORACLE_GAMES")); err == nil && n > 0 {
		for i := range n {
			g := games[i%len(games)]
			g.seed = uint64(100 + i)
			games = append(games, g)
		}
	}
	for _, gm := range games {
		t.Run(fmt.Sprintf("%s-%dp-%s-%d", gm.title, gm.players, strings.Join(gm.options, "+"), gm.seed), func(t *testing.T) {
			// a clock that moves on at every reading: each move has its
			// own time, as moves made by people do (18xx.games orders an
			// automatic program against later moves by these times)
			var clock atomic.Int64
			env := newEnvWith(t, nil, func(c *Config) {
				c.Now = func() time.Time { return time.Unix(1_780_000_000+10*clock.Add(1), 0) }
			})
			alice := env.signup("alice")
			req := map[string]any{"title": gm.title, "players": gm.players, "hotseat": true}
			if gm.options != nil {
				req["options"] = gm.options
			}
			id := alice.create(req)
			alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
			rng := rand.New(rand.NewPCG(gm.seed, 41))
			programmed, made := 0, 0
			check := func(moves int) {
				t.Helper()
				exp := exportOf(t, alice, id)
				made = 0
				for _, a := range exp.Actions {
					made += len(a.AutoActions)
				}
				raw, err := g18xx.Marshal(exp)
				if err != nil {
					t.Fatal(err)
				}
				rep, err := rubyoracle.Run(context.Background(), repo, rubyoracle.Live, raw)
				if err != nil {
					t.Fatal(err)
				}
				if rep.Error != nil {
					os.WriteFile(fmt.Sprintf("/tmp/oracle-%s-%d.json", gm.title, gm.seed), raw, 0o644)
					t.Fatalf("after %d moves, 18xx.games's engine: %s", moves, rep.Error)
				}
				v := alice.view(id)
				want, err := rubyoracle.FromTresham(v.State)
				if err != nil {
					t.Fatal(err)
				}
				want.Programs = programTypes(t, alice, id)
				if d := rubyoracle.Diff(want, &rep.State, 20); len(d) > 0 {
					os.WriteFile(fmt.Sprintf("/tmp/oracle-%s-%d.json", gm.title, gm.seed), raw, 0o644)
					t.Fatalf("after %d moves (%d actions), Tresham vs 18xx.games:\n%s", moves, rep.Processed, strings.Join(d, "\n"))
				}
			}
			moves := 0
			for moves < 700 {
				v := alice.view(id)
				if v.Finished || len(v.Acting) == 0 {
					break
				}
				if st, _ := v.State["turn"].(float64); st >= 8 {
					break
				}
				if rng.IntN(8) == 0 {
					if setProgram(t, alice, id, v, rng) {
						programmed++
					}
					continue
				}
				pick := alice.pick(id, v, rng)
				code, b := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": pick})
				if code != http.StatusOK {
					t.Fatalf("listed move %s refused: %d %s", pick, code, b)
				}
				moves++
				if moves%100 == 0 {
					check(moves)
				}
			}
			check(moves)
			end := alice.view(id)
			t.Logf("stopped at turn %v %v %v (finished %v, %v)", end.State["turn"], end.State["round"], end.State["round_num"], end.Finished, end.State["game_end_reason"])
			t.Logf("%d moves, %d programs set or cancelled, %d automatic moves stored", moves, programmed, made)
		})
	}
}

// programTypes is the standing programs of game id by player id, as
// alice (every seat of a hotseat game) sees them.
func programTypes(t *testing.T, u *user, id int64) map[string][]string {
	out := map[string][]string{}
	for _, p := range programsIn(t, u, id) {
		if p.Active != nil {
			out[strconv.Itoa(p.Player)] = []string{p.Active.Type}
		}
	}
	return out
}

// setProgram sets or cancels a random program for a random seat; it
// reports whether the server accepted it.
func setProgram(t *testing.T, u *user, id int64, v gameView, rng *rand.Rand) bool {
	t.Helper()
	players := v.You
	pid := players[rng.IntN(len(players))]
	act := map[string]any{"entity": pid, "entity_type": "player"}
	var corps []string
	started := map[string]bool{}
	for _, c := range v.State["corporations"].([]any) {
		m := c.(map[string]any)
		sym := m["sym"].(string)
		corps = append(corps, sym)
		started[sym], _ = m["ipoed"].(bool)
	}
	sort.Strings(corps)
	want := http.StatusOK
	switch r := rng.IntN(10); {
	case r < 4:
		act["type"] = "program_share_pass"
		act["unconditional"] = rng.IntN(2) == 0
		act["indefinite"] = rng.IntN(4) == 0
	case r < 8:
		act["type"] = "program_buy_shares"
		corp := corps[rng.IntN(len(corps))]
		act["corporation"] = corp
		if !started[corp] {
			want = http.StatusUnprocessableEntity // 18xx.games offers it for started ones only
		}
		if rng.IntN(2) == 0 {
			act["until_condition"] = "float"
		} else {
			act["until_condition"] = 1 + rng.IntN(4)
		}
		act["from_market"] = rng.IntN(5) == 0
		act["auto_pass_after"] = rng.IntN(2) == 0
	default:
		if !slices.ContainsFunc(programsIn(t, u, id), func(p programViewJSON) bool { return p.Player == pid && p.Active != nil }) {
			return false
		}
		act["type"] = "program_disable"
		act["reason"] = "changed my mind"
	}
	code, b := u.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": act})
	if code != want {
		t.Fatalf("%v: status %d, want %d: %s", act, code, want, b)
	}
	return code == http.StatusOK
}

// TestRubyOracleRoundChange: a move that ends a stock round, runs an
// operating round in which nobody operates and opens the next stock round
// drops the programs that end with their stock round (all but an
// indefinite pass), as 18xx.games drops them at every change of round; the
// indefinite pass goes on passing in the new round. The export replays in
// 18xx.games's engine to the same state and programs.
func TestRubyOracleRoundChange(t *testing.T) {
	repo := os.Getenv(rubyoracle.EnvRepo)
	var clock atomic.Int64
	env := newEnvWith(t, nil, func(c *Config) {
		c.Now = func() time.Time { return time.Unix(1_780_000_000+10*clock.Add(1), 0) }
	})
	alice := env.signup("alice")
	id := alice.create(map[string]any{"title": "1860", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", id), nil, http.StatusOK, nil)
	post := func(act map[string]any) {
		t.Helper()
		v := alice.view(id)
		code, b := alice.do("POST", fmt.Sprintf("/api/games/%d/actions", id), map[string]any{"seq": v.Actions, "action": act})
		if code != http.StatusOK {
			t.Fatalf("%v: %d %s", act, code, b)
		}
	}
	toStockRound(t, alice, alice, id, func(_ *user, act map[string]any) { post(act) })
	v := alice.view(id)
	if st, _ := v.State["round"].(string); st != "Stock" {
		t.Fatalf("not in a stock round: %v", v.State["round"])
	}
	for _, c := range v.State["corporations"].([]any) {
		if c.(map[string]any)["floated"] == true {
			t.Fatalf("a corporation floated in the opening: %v", c)
		}
	}
	turn := v.State["turn"]
	actor, _ := strconv.Atoi(v.Acting[0])
	var others []int
	for _, p := range v.You {
		if p != actor {
			others = append(others, p)
		}
	}
	// one waiting player passes this round only, the other in every round
	post(map[string]any{"type": "program_share_pass", "entity": others[0], "entity_type": "player", "unconditional": false, "indefinite": false})
	post(map[string]any{"type": "program_share_pass", "entity": others[1], "entity_type": "player", "unconditional": true, "indefinite": true})
	post(map[string]any{"type": "pass", "entity": actor, "entity_type": "player"})
	v = alice.view(id)
	if st, _ := v.State["round"].(string); st != "Stock" || v.State["turn"] == turn {
		t.Fatalf("after the pass: turn %v round %v, want the next stock round (from turn %v)", v.State["turn"], v.State["round"], turn)
	}
	progs := programTypes(t, alice, id)
	if _, ok := progs[strconv.Itoa(others[0])]; ok {
		t.Errorf("player %d's pass for one stock round survived into the next: %v", others[0], progs)
	}
	if _, ok := progs[strconv.Itoa(others[1])]; !ok {
		t.Errorf("player %d's indefinite pass was dropped: %v", others[1], progs)
	}
	if repo == "" {
		t.Skipf("%s is not set: the comparison with 18xx.games's engine is opt-in (docs/testing.md)", rubyoracle.EnvRepo)
	}
	raw, err := g18xx.Marshal(exportOf(t, alice, id))
	if err != nil {
		t.Fatal(err)
	}
	rep, err := rubyoracle.Run(context.Background(), repo, rubyoracle.Live, raw)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Error != nil {
		t.Fatalf("18xx.games's engine: %s", rep.Error)
	}
	want, err := rubyoracle.FromTresham(alice.view(id).State)
	if err != nil {
		t.Fatal(err)
	}
	want.Programs = progs
	if d := rubyoracle.Diff(want, &rep.State, 20); len(d) > 0 {
		t.Fatalf("Tresham vs 18xx.games:\n%s", strings.Join(d, "\n"))
	}
}
