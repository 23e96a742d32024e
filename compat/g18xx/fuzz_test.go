package g18xx

import (
	"bytes"
	"reflect"
	"testing"

	"tresham/internal/fixtures"
)

// FuzzDecodeGame feeds arbitrary bytes to the export decoder: it must
// never panic, its one-pass decoder must agree with the reflective one on
// whatever the former takes, and whatever it accepts must encode, decode again and
// re-encode to the same bytes.
func FuzzDecodeGame(f *testing.F) {
	// small exports: a header with a few actions of each kind
	seeds := []string{
		`{"id":1,"title":"1860","players":[{"id":1,"name":"A"},{"id":2,"name":"B"}],"settings":{"optional_rules":[]},"actions":[]}`,
		`{"id":"hs_x_1","title":"1825","players":[{"id":7,"name":"P"}],"settings":{"seed":3,"optional_rules":["unit_3"]},"status":"finished","result":{"7":100},"actions":[{"type":"bid","entity":7,"entity_type":"player","id":1,"price":30},{"type":"undo","entity":7,"entity_type":"player","id":2},{"type":"redo","entity":7,"entity_type":"player","id":3},{"type":"message","entity":7,"entity_type":"player","id":4,"message":"hi"}],"created_at":"2020-12-18","game_end_reason":"bank"}`,
		`{"id":2,"title":"1860","players":[{"id":1,"name":"A"}],"actions":[{"type":"par","entity":1,"entity_type":"player","id":1,"corporation":"IOW","share_price":"100,0,6"},{"type":"buy_shares","entity":1,"entity_type":"player","id":2,"shares":["IOW_1"],"percent":10},{"type":"lay_tile","entity":"IOW","entity_type":"corporation","id":3,"hex":"F4","tile":"9-0","rotation":2},{"type":"run_routes","entity":"IOW","entity_type":"corporation","id":5,"routes":[{"train":"2-0","connections":[["F4","G5"]],"hexes":["F4","G5"],"revenue":30,"subsidy":null,"halts":null,"nodes":["F4-0","G5-0"]}],"extra_revenue":0,"auto_actions":[{"type":"pass","entity":"IOW","entity_type":"corporation"}]}]}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	for _, seed := range actionSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		// the one-pass decoder takes only what the reflective one decodes
		// the same way
		var fast, slow Game
		if decodeFast(data, &fast) {
			if err := decodeReflect(data, &slow); err != nil {
				t.Fatalf("fast decoder took what the reflective one refuses: %v", err)
			}
			if !reflect.DeepEqual(fast, slow) {
				t.Fatal("fast and reflective decoders differ")
			}
		}
		g1, err := Decode(bytes.NewReader(data))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("refused with an empty error")
			}
			return
		}
		b1, err := Marshal(g1)
		if err != nil {
			t.Fatalf("decoded game does not encode: %v", err)
		}
		g2, err := Decode(bytes.NewReader(b1))
		if err != nil {
			t.Fatalf("encoded game does not decode: %v\n%s", err, b1)
		}
		b2, err := Marshal(g2)
		if err != nil {
			t.Fatalf("re-decoded game does not encode: %v", err)
		}
		if !bytes.Equal(b1, b2) {
			t.Fatalf("encode(decode(encode(decode(x)))) differs from encode(decode(x)):\n%s\n%s", b1, b2)
		}
		// the effective actions of anything decoded resolve without panic
		_ = Effective(g1.Actions)
	})
}

// actionSeeds are small exports for the fuzzer to start from: for each
// title and action type in the real and synthetic games, the first such
// action alone under its game's header (the whole header only on a game's
// first seed). Small seeds keep every execution
// and every minimisation short: whole games, or even their first dozen
// actions (2-3 KB), made each worker spend the whole -fuzzminimizetime
// minimising each new input found from them (removing one byte at a time
// from a JSON text that any removal breaks), so the fuzzer stalled.
func actionSeeds(tb testing.TB) [][]byte {
	var names []string
	for _, pat := range []string{"*/*.json", "synthetic/*/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			tb.Fatal(err)
		}
		names = append(names, m...)
	}
	seen := map[string]bool{}
	var seeds [][]byte
	for _, name := range names {
		g, err := Decode(bytes.NewReader(fixtures.MustRead(tb, name)))
		if err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		// the first seed of a game keeps the whole header; the others only
		// what names the game and its players
		header := *g
		for _, a := range g.Actions {
			key := g.Title + " " + a.Type
			if seen[key] {
				continue
			}
			seen[key] = true
			seed := header
			seed.Actions = []Action{a}
			header = Game{ID: g.ID, Title: g.Title, Players: g.Players, Settings: g.Settings}
			out, err := Marshal(&seed)
			if err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
			seeds = append(seeds, out)
		}
	}
	return seeds
}

func TestActionSeeds(t *testing.T) {
	seeds := actionSeeds(t)
	total, largest := 0, 0
	for _, s := range seeds {
		total += len(s)
		largest = max(largest, len(s))
	}
	t.Logf("%d seeds, %d bytes, largest %d", len(seeds), total, largest)
	if len(seeds) < 20 {
		t.Errorf("only %d action seeds", len(seeds))
	}
}
