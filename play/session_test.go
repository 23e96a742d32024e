package play

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// tracedGames lists the fixture games with a golden trace.
func tracedGames(t *testing.T) []string {
	t.Helper()
	var traces []string
	for _, pat := range []string{"*/*.trace.jsonl", "synthetic/*/*.trace.jsonl"} {
		m, err := fixtures.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		traces = append(traces, m...)
	}
	var games []string
	for _, f := range traces {
		games = append(games, f[:len(f)-len(".trace.jsonl")]+".json")
	}
	if len(games) == 0 {
		t.Fatal("no golden traces among the fixtures")
	}
	return games
}

func readTrace(t *testing.T, name string) []map[string]any {
	t.Helper()
	f, err := fixtures.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]any
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// notState are trace keys that are not game state (see replay's trace test).
var notState = map[string]bool{"id": true, "type": true, "entity": true, "auto": true, "revenue": true, "log": true}

// stateDiffs names the golden fields the state disagrees on.
func stateDiffs(want, got map[string]any) []string {
	b, _ := json.Marshal(got)
	var g map[string]any
	_ = json.Unmarshal(b, &g)
	var diffs []string
	for k, w := range want {
		if !notState[k] && !reflect.DeepEqual(w, g[k]) {
			diffs = append(diffs, k)
		}
	}
	sort.Strings(diffs)
	return diffs
}

func loadSrc(t *testing.T, path string) *g18xx.Game {
	t.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, path))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return src
}

// TestGoldenTracesBySession feeds every stored action of each fixture to a
// Session one at a time, as the page does with the actions the server
// pushes (undo and redo included), and compares the state with the golden
// trace whenever the game so far is a prefix of the final game.
func TestGoldenTracesBySession(t *testing.T) {
	for _, path := range tracedGames(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src := loadSrc(t, path)
			golden := readTrace(t, path[:len(path)-len(".json")]+".trace.jsonl")
			final := Moves(src.Actions)
			if len(golden) != len(final)+1 {
				t.Fatalf("trace has %d lines for %d effective actions", len(golden), len(final))
			}
			head := *src
			head.Actions = nil
			s, err := New(&head)
			if err != nil {
				t.Fatal(err)
			}
			if d := stateDiffs(golden[0], s.Live().State()); len(d) > 0 {
				t.Fatalf("setup: state differs in %v", d)
			}
			compared, branch := 0, 0
			for i := 0; i < len(src.Actions); i++ {
				a := src.Actions[i]
				if err := s.Append(a); err != nil {
					if slices.Contains(final, i) {
						t.Fatalf("stored action %d: %v", i, err)
					}
					// Refused on a branch later undone: go on from the
					// next action after which the game is a prefix of
					// the final one again, as a fresh load would.
					t.Logf("stored action %d (id %d, later undone) refused: %v", i, a.ID, err)
					j := i + 1
					for ; j < len(src.Actions); j++ {
						now := Moves(src.Actions[:j+1])
						if len(now) <= len(final) && slices.Equal(now, final[:len(now)]) {
							break
						}
					}
					if s, err = New(&g18xx.Game{Title: src.Title, Players: src.Players, Settings: src.Settings, Actions: src.Actions[:j+1]}); err != nil {
						t.Fatalf("reload at stored action %d: %v", j, err)
					}
					branch += j - i + 1
					i = j
				}
				now := Moves(s.src.Actions)
				if len(now) > len(final) || !slices.Equal(now, final[:len(now)]) {
					continue
				}
				if d := stateDiffs(golden[len(now)], s.Live().State()); len(d) > 0 {
					t.Fatalf("after stored action %d (id %d, %s): state differs from golden line %d in %v", i, a.ID, a.Type, len(now), d)
				}
				compared++
			}
			if compared < len(final) {
				t.Fatalf("compared %d states, want at least %d", compared, len(final))
			}
			if branch > 0 {
				t.Logf("%d stored actions of undone branches skipped", branch)
			}
			if !s.Live().IsFinished() {
				t.Fatal("game not finished")
			}
		})
	}
}

// TestHistory checks the game at earlier actions, reached forwards,
// backwards and by jumps, against a fresh replay of the same prefix.
func TestHistory(t *testing.T) {
	path := tracedGames(t)[0]
	src := loadSrc(t, path)
	s, err := New(src)
	if err != nil {
		t.Fatal(err)
	}
	n := s.Len()
	for _, at := range []int{0, 1, 2, n / 2, n/2 + 1, n/2 - 1, 5, n - 1, n, 3, n - 2} {
		v, err := s.View(at, nil)
		if err != nil {
			t.Fatalf("view at %d: %v", at, err)
		}
		want, err := s.build(src.Actions[:at])
		if err != nil {
			t.Fatal(err)
		}
		wh, _ := HashState(want.State())
		if v.Hash != wh {
			t.Errorf("at %d: hash %s, a fresh replay has %s", at, v.Hash, wh)
		}
		if v.Actions != at {
			t.Errorf("at %d: view says %d", at, v.Actions)
		}
	}
	for _, bad := range []int{-1, n + 1} {
		if _, err := s.View(bad, nil); err == nil {
			t.Errorf("view at %d: no error", bad)
		}
	}
}

// TestProposeUndoRedo plays a game from the start with Propose (the
// hotseat path): the first legal choice each time, an undo and a redo.
func TestProposeUndoRedo(t *testing.T) {
	s, err := New(&g18xx.Game{Title: "1860", Players: []g18xx.Player{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}})
	if err != nil {
		t.Fatal(err)
	}
	for range 5 {
		v, err := s.View(s.Len(), nil)
		if err != nil {
			t.Fatal(err)
		}
		ent := v.Acting[0]
		raw, err := json.Marshal(v.Legal[ent][0].Action)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Propose(raw); err != nil {
			t.Fatalf("propose %v: %v", v.Legal[ent][0].Action, err)
		}
	}
	before, _ := s.Hash(s.Len())
	prev, _ := s.Hash(s.Len() - 1)
	if _, err := s.Propose([]byte(`{"type":"undo","entity":1,"entity_type":"player"}`)); err != nil {
		t.Fatal(err)
	}
	if h, _ := s.Hash(s.Len()); h != prev {
		t.Errorf("after undo: hash %s, want the state before the last move %s", h, prev)
	}
	if _, err := s.Propose([]byte(`{"type":"redo","entity":1,"entity_type":"player"}`)); err != nil {
		t.Fatal(err)
	}
	if h, _ := s.Hash(s.Len()); h != before {
		t.Errorf("after redo: hash %s, want %s", h, before)
	}
	// refused: nothing changes
	n := s.Len()
	if _, err := s.Propose([]byte(`{"type":"redo","entity":1,"entity_type":"player"}`)); err == nil {
		t.Error("a redo with nothing to redo was accepted")
	}
	if _, err := s.Propose([]byte(`{"type":"bid","entity":9,"entity_type":"player","company":"nope","price":1}`)); err == nil {
		t.Error("a bid by no player was accepted")
	}
	if s.Len() != n {
		t.Errorf("refused actions were stored: %d, want %d", s.Len(), n)
	}
	// export and reload give the same game
	b, err := g18xx.Marshal(s.Export())
	if err != nil {
		t.Fatal(err)
	}
	s2, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	if h, _ := s2.Hash(s2.Len()); h != before {
		t.Errorf("export reloaded: hash %s, want %s", h, before)
	}
}

// TestProposeEndGame ends a hotseat game early, as the server's end option
// does: any player of the game may, whoever is to act; anything else is
// refused with nothing changed.
func TestProposeEndGame(t *testing.T) {
	tests := []struct {
		name   string
		action string
		ok     bool
	}{
		{"a player who is not acting", `{"type":"end_game","entity":3,"entity_type":"player"}`, true},
		{"no such player", `{"type":"end_game","entity":9,"entity_type":"player"}`, false},
		{"a corporation", `{"type":"end_game","entity":"IOW","entity_type":"corporation"}`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(&g18xx.Game{Title: "1860", Players: []g18xx.Player{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}, {ID: 3, Name: "C"}}})
			if err != nil {
				t.Fatal(err)
			}
			before, _ := s.Hash(s.Len())
			n := s.Len()
			_, err = s.Propose([]byte(tc.action))
			if !tc.ok {
				if err == nil {
					t.Fatal("accepted")
				}
				if h, _ := s.Hash(s.Len()); s.Len() != n || h != before {
					t.Error("a refused end_game changed the game")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			v, err := s.View(s.Len(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if !v.Finished || len(v.Result) != 3 || v.State["game_end_reason"] != "manually_ended" {
				t.Errorf("after end_game: finished %v, result %v, reason %v", v.Finished, v.Result, v.State["game_end_reason"])
			}
			if _, err := s.Propose([]byte(tc.action)); err == nil {
				t.Error("a second end_game was accepted")
			}
			// undo takes it back
			if _, err := s.Propose([]byte(`{"type":"undo","entity":1,"entity_type":"player"}`)); err != nil {
				t.Fatal(err)
			}
			if h, _ := s.Hash(s.Len()); h != before {
				t.Error("after undo the game is not as it was before end_game")
			}
		})
	}
}

// TestViewJSONIsView checks that ViewJSON (the state encoded once) answers
// View's JSON: the same fields, the same state and the same hash, at
// positions of a real game of each title.
func TestViewJSONIsView(t *testing.T) {
	for _, path := range []string{"1860/19354.json", "1825/141331.json"} {
		src := loadSrc(t, path)
		s, err := New(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, s.Len() / 3, s.Len() / 2, s.Len()} {
			for _, seats := range [][]int{nil, {src.Players[0].ID}} {
				v, err := s.View(n, seats)
				if err != nil {
					t.Fatal(err)
				}
				want, err := json.Marshal(v)
				if err != nil {
					t.Fatal(err)
				}
				got, err := s.ViewJSON(n, seats)
				if err != nil {
					t.Fatal(err)
				}
				var w, g map[string]any
				if err := json.Unmarshal(want, &w); err != nil {
					t.Fatal(err)
				}
				if err := json.Unmarshal(got, &g); err != nil {
					t.Fatalf("%s at %d: %v", path, n, err)
				}
				if !reflect.DeepEqual(w, g) {
					t.Errorf("%s at %d, seats %v: ViewJSON differs from View's JSON", path, n, seats)
				}
				if g["hash"] != v.Hash || v.Hash == "" {
					t.Errorf("%s at %d: hash %v, View's %q", path, n, g["hash"], v.Hash)
				}
			}
		}
	}
}
