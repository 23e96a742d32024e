package g18xx

import (
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"tresham/internal/fixtures"
)

// exportFiles returns every export among the fixtures (real,
// synthetic, reported) and the self-play corpus, decompressed.
func exportFiles(t *testing.T) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, pat := range []string{"*/*.json", "*/*/*.json"} {
		names, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			out[name] = fixtures.MustRead(t, name)
		}
	}
	corpus, _ := filepath.Glob("../../selfplay/testdata/games/*.json.gz")
	for _, path := range corpus {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[path] = b
	}
	return out
}

// TestFastDecodeMatches checks that the one-pass decoder takes every
// export of the fixtures and the corpus and decodes each exactly as the
// reflective decoder does (key order, extras and nulls included).
func TestFastDecodeMatches(t *testing.T) {
	files := exportFiles(t)
	if len(files) < 50 {
		t.Fatalf("only %d exports found", len(files))
	}
	for path, data := range files {
		var fast, slow Game
		if !decodeFast(data, &fast) {
			t.Errorf("%s: the fast decoder gave up", path)
			continue
		}
		if err := decodeReflect(data, &slow); err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Errorf("%s: the fast decoder's game differs from the reflective decoder's", path)
		}
	}
}

// TestFastDecodeForms covers the forms the fast decoder must decode like
// the reflective one, or hand over to it: nulls of fields that cannot hold
// one, escapes, unknown and duplicate keys, empty lists, and malformed or
// unusual JSON.
func TestFastDecodeForms(t *testing.T) {
	head := `{"id":1,"title":"1860","players":[{"id":1,"name":"A"}],"actions":[`
	cases := []struct {
		name    string
		actions string
		fast    bool // the fast decoder takes it
	}{
		{"plain", `{"type":"pass","entity":1,"entity_type":"player","id":1}`, true},
		{"null of an int", `{"type":"bid","entity":1,"entity_type":"player","id":1,"price":null}`, true},
		{"null of a string and a bool", `{"type":"pass","entity":1,"entity_type":"player","id":1,"hex":null,"skip":null}`, true},
		{"null pointers", `{"type":"pass","entity":1,"entity_type":"player","id":1,"user":null,"share_price":null,"action_id":null}`, true},
		{"escaped message", `{"type":"message","entity":1,"entity_type":"player","id":1,"message":"a \"quote\" \u00e9\n"}`, true},
		{"escaped symbol", `{"type":"pass","entity":"C\u0026N","entity_type":"corporation","id":1}`, true},
		{"unknown keys", `{"type":"pass","entity":1,"entity_type":"player","id":1,"x":{"a":[1,2.5e3,true,null]},"y":"\u00e9"}`, true},
		{"duplicate key", `{"type":"pass","entity":1,"entity_type":"player","id":1,"id":7}`, true},
		{"empty lists", `{"type":"buy_shares","entity":1,"entity_type":"player","id":1,"shares":[],"auto_actions":[],"routes":[]}`, true},
		{"auto actions", `{"type":"pass","entity":1,"entity_type":"player","id":1,"auto_actions":[{"type":"pass","entity":1,"entity_type":"player","auto_actions":null}]}`, true},
		{"routes", `{"type":"run_routes","entity":"IOW","entity_type":"corporation","id":1,"routes":[{"train":"2-0","connections":[["F4","G5"],null],"hexes":["F4"],"revenue":30,"halts":null,"z":1}],"extra_revenue":0}`, true},
		{"cell price", `{"type":"par","entity":1,"entity_type":"player","id":1,"corporation":"IOW","share_price":"100,0,6"}`, true},
		{"white space", " { \"type\" : \"pass\" ,\n\"entity\":1 , \"entity_type\":\"player\",\"id\":1 } ", true},
		{"escaped key", `{"typ\u0065":"pass","entity":1,"entity_type":"player","id":1}`, false},
		{"float id", `{"type":"pass","entity":1,"entity_type":"player","id":1.0}`, false},
		{"string price", `{"type":"bid","entity":1,"entity_type":"player","id":1,"price":"5"}`, false},
		{"nested auto actions", `{"type":"pass","entity":1,"entity_type":"player","id":1,"auto_actions":[{"type":"pass","entity":1,"entity_type":"player","auto_actions":[{}]}]}`, false},
		{"leading zero", `{"type":"pass","entity":1,"entity_type":"player","id":01}`, false},
		{"bad escape", `{"type":"pass","entity":1,"entity_type":"player","id":1,"x":"\q"}`, false},
		{"control byte", "{\"type\":\"pass\",\"entity\":1,\"entity_type\":\"player\",\"id\":1,\"x\":\"\x01\"}", false},
		{"trailing comma", `{"type":"pass","entity":1,"entity_type":"player","id":1,}`, false},
		{"invalid UTF-8 in a value", "{\"type\":\"message\",\"entity\":1,\"entity_type\":\"player\",\"id\":1,\"message\":\"\xff\"}", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := []byte(head + c.actions + `]}`)
			var fast, slow Game
			ok := decodeFast(data, &fast)
			if ok != c.fast {
				t.Fatalf("fast decoder took it: %v, want %v", ok, c.fast)
			}
			slowErr := decodeReflect(data, &slow)
			if ok {
				if slowErr != nil {
					t.Fatalf("fast decoder took what the reflective one refuses (%v)", slowErr)
				}
				if !reflect.DeepEqual(fast, slow) {
					t.Fatalf("decoded differently:\nfast %+v\nslow %+v", fast.Actions, slow.Actions)
				}
			}
			// through the public entry point, either way, the result is the
			// reflective decoder's
			g, err := DecodeBytes(data)
			if (err == nil) != (slowErr == nil && slow.Validate() == nil) {
				t.Fatalf("DecodeBytes err = %v, reflective err = %v", err, slowErr)
			}
			if err == nil && !reflect.DeepEqual(*g, slow) {
				t.Fatal("DecodeBytes differs from the reflective decoder")
			}
		})
	}
	// malformed documents are left to the reflective decoder
	for _, doc := range []string{``, `null`, `[]`, `{"id":1`, `{"id":1}x`, `{"actions":[{"type":"pass"}`, `{"a":tru}`, `{"a":-}`, `{"a":1.}`, `{"a":1e}`} {
		var g Game
		if decodeFast([]byte(doc), &g) {
			t.Errorf("fast decoder took %q", doc)
		}
	}
}

// BenchmarkDecodeReal decodes the real fixtures with the public decoder
// and, for comparison, the reflective one.
func BenchmarkDecodeReal(b *testing.B) {
	for _, name := range []string{"1860/19354.json", "1860/1860_game_end_bank.json", "1825/141331.json", "1825/1825_game_end_bank.json"} {
		data := fixtures.MustRead(b, name)
		b.Run(filepath.Base(name), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DecodeBytes(data); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("reflective-"+filepath.Base(name), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				var g Game
				if err := decodeReflect(data, &g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
