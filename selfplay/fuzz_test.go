package selfplay

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// fuzzPosition is a game stopped part-way through a corpus game.
type fuzzPosition struct {
	g     Game
	state string
}

// fuzzPositions replays the opening actions of a few corpus games (small
// ones, so that restoring after a refusal is quick) and returns those
// positions with the actions that followed them there.
func fuzzPositions(f *testing.F) ([]fuzzPosition, []engine.Action) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json.gz"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no corpus games in %s (%v)", corpusDir, err)
	}
	var pos []fuzzPosition
	var next []engine.Action
	for _, pick := range []string{"1860-base-2p", "1860-base-4p", "1825-unit_3-2p", "1825-unit_1+r1-3p", "1825-unit_2+k5-3p"} {
		i := slices.IndexFunc(files, func(s string) bool { return strings.HasPrefix(filepath.Base(s), pick+"-") })
		if i < 0 {
			f.Fatalf("no corpus game %s", pick)
		}
		src, err := readCorpusGame(files[i])
		if err != nil {
			f.Fatal(err)
		}
		for _, n := range []int{0, 5, 60, 150, 320} {
			if n >= len(src.Actions) {
				continue
			}
			rg, err := replay.New(src)
			if err != nil {
				f.Fatal(err)
			}
			g := rg.(Game)
			for k := range n {
				a := replay.Convert(&src.Actions[k])
				if err := g.Apply(&a); err != nil {
					f.Fatalf("%s action %d: %v", files[i], a.ID, err)
				}
			}
			pos = append(pos, fuzzPosition{g: g, state: stateJSON(g)})
			next = append(next, replay.Convert(&src.Actions[n]))
		}
	}
	return pos, next
}

// FuzzApplyAction decodes an 18xx.games action from the fuzzer's bytes and
// applies it at one of a few positions of corpus games: it must not panic;
// a refused action leaves the game exactly as it was, with a non-empty
// error; an accepted one is an action Legal lists (for the kinds Legal
// lists) and is undone exactly.
func FuzzApplyAction(f *testing.F) {
	pos, next := fuzzPositions(f)
	for i, a := range next {
		b, err := json.Marshal(replay.Export(a))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
		// and a listed choice of another kind, where there is one
		g := pos[i].g
		for _, ent := range g.Acting() {
			for _, ch := range g.Legal(ent) {
				if ch.Action.Type != a.Type && ch.Open == "" {
					b, _ := json.Marshal(replay.Export(ch.Action))
					f.Add(uint8(i), b)
					break
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, at uint8, data []byte) {
		var ga g18xx.Action
		if json.Unmarshal(data, &ga) != nil {
			return
		}
		p := pos[int(at)%len(pos)]
		a := replay.Convert(&ga)
		listed := a.Type != "message" && a.Type != "end_game" && !strings.HasPrefix(a.Type, "program_") && a.Type != "run_routes" && len(a.Auto) == 0
		// whether Legal lists it, asked before it is applied
		covered := listed && engine.CoveredBy(p.g.Engine(), p.g.Legal(a.Entity), a)
		err := p.g.Apply(&a)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("refused with an empty error")
			}
			if got := stateJSON(p.g); got != p.state {
				t.Fatalf("refused %s (%v) changed the game: %s", a.Type, err, diffJSON(p.state, got))
			}
			return
		}
		if uerr := p.g.Undo(); uerr != nil {
			t.Fatalf("undo of accepted %s: %v", a.Type, uerr)
		}
		if got := stateJSON(p.g); got != p.state {
			t.Fatalf("accepted %s, undone, changed the game: %s", a.Type, diffJSON(p.state, got))
		}
		if listed && !covered {
			t.Fatalf("accepted %s by %s %s, which Legal does not list", a.Type, a.Entity, a.Brief())
		}
	})
}
