package g18xx

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
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
	// the opening of each fixture and self-played game (whole games are too
	// large for the fuzzer to mutate usefully)
	var files []string
	for _, pat := range []string{"../../../shared/fixtures/*/*.json", "../../../shared/fixtures/synthetic/*/*.json"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	for i, path := range files {
		if i%4 != 0 {
			continue
		}
		b, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		g, err := Decode(bytes.NewReader(b))
		if err != nil {
			f.Fatalf("%s: %v", path, err)
		}
		g.Actions = g.Actions[:min(len(g.Actions), 12)]
		out, err := Marshal(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(out)
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
