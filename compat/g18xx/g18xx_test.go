package g18xx

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"path"
	"reflect"
	"strings"
	"testing"

	"tresham/internal/fixtures"
)

// fixtureGames lists the real and synthetic games among the fixtures
// (names for package fixtures).
func fixtureGames(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*/*.json", "synthetic/*/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no fixture games found")
	}
	return files
}

func jsonTree(t *testing.T, b []byte) any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("parse JSON: %v", err)
	}
	return v
}

func TestRoundTripFixtures(t *testing.T) {
	identical := 0
	files := fixtureGames(t)
	for _, name := range files {
		t.Run(path.Base(name), func(t *testing.T) {
			orig := fixtures.MustRead(t, name)
			g1, err := Decode(bytes.NewReader(orig))
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			if err := Encode(&buf, g1); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(jsonTree(t, orig), jsonTree(t, buf.Bytes())) {
				t.Errorf("encoded JSON differs from the original")
			}
			if bytes.Equal(bytes.TrimSpace(orig), bytes.TrimSpace(buf.Bytes())) {
				identical++
			} else {
				t.Errorf("re-encoded file is not byte-identical to the original")
			}
			g2, err := Decode(&buf)
			if err != nil {
				t.Fatalf("decode re-encoded game: %v", err)
			}
			if !reflect.DeepEqual(g1, g2) {
				t.Errorf("decode(encode(decode(x))) != decode(x)")
			}
		})
	}
	t.Logf("%d of %d files re-encode byte-identically", identical, len(files))
}

// traceIDs reads only id, type and entity of each golden trace line.
func traceIDs(t *testing.T, name string) []struct {
	ID     int    `json:"id"`
	Type   string `json:"type"`
	Entity Entity `json:"entity"`
} {
	t.Helper()
	f, err := fixtures.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []struct {
		ID     int    `json:"id"`
		Type   string `json:"type"`
		Entity Entity `json:"entity"`
	}
	r := bufio.NewReaderSize(f, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var l struct {
				ID     int    `json:"id"`
				Type   string `json:"type"`
				Entity Entity `json:"entity"`
			}
			if err := json.Unmarshal(line, &l); err != nil {
				t.Fatalf("%s line %d: %v", name, len(out)+1, err)
			}
			out = append(out, l)
		}
		if err != nil {
			break
		}
	}
	return out
}

func TestEffectiveMatchesTraces(t *testing.T) {
	checked := 0
	for _, name := range fixtureGames(t) {
		traceName := strings.TrimSuffix(name, ".json") + ".trace.jsonl"
		if !hasFixture(traceName) {
			continue
		}
		checked++
		t.Run(path.Base(name), func(t *testing.T) {
			g, err := DecodeBytes(fixtures.MustRead(t, name))
			if err != nil {
				t.Fatal(err)
			}
			eff, err := Resolve(g.Actions)
			if err != nil {
				t.Fatalf("Resolve: %v", err)
			}
			acts := WithoutMessages(eff)
			lines := traceIDs(t, traceName)
			if len(acts) != len(lines)-1 {
				t.Fatalf("%d effective non-message actions, trace has %d lines (want lines-1)", len(acts), len(lines))
			}
			if lines[0].ID != 0 || lines[0].Type != "init" {
				t.Errorf("first trace line is %d/%s, want 0/init", lines[0].ID, lines[0].Type)
			}
			for i, a := range acts {
				l := lines[i+1]
				if a.ID != l.ID || a.Type != l.Type || a.Entity != l.Entity {
					t.Fatalf("effective action %d is %d %s %s, trace line has %d %s %s",
						i, a.ID, a.Type, a.Entity, l.ID, l.Type, l.Entity)
				}
			}
		})
	}
	if checked == 0 {
		t.Fatal("no traces")
	}
}

// hasFixture reports whether the fixtures hold the named file.
func hasFixture(name string) bool {
	m, err := fixtures.Glob(name)
	return err == nil && len(m) == 1
}

func TestSkipFlagMatchesUndo19354(t *testing.T) {
	g, err := DecodeBytes(fixtures.MustRead(t, "1860/19354.json"))
	if err != nil {
		t.Fatal(err)
	}
	eff := Effective(g.Actions)
	keptIDs := make(map[int]bool, len(eff))
	for _, a := range eff {
		keptIDs[a.ID] = true
	}
	skips := 0
	for _, a := range g.Actions {
		removed := !keptIDs[a.ID] // undone, or an undo/redo entry
		if a.Skip != removed {
			t.Errorf("action %s: skip=%v, but removed=%v", a.String(), a.Skip, removed)
		}
		if a.Skip {
			skips++
		}
	}
	if skips == 0 {
		t.Error("no skip flags found in 19354.json")
	}
}

func ip(n int) *int { return &n }

// acts builds a list of actions from compact specs "id:type" or "id:undo@N".
func acts(specs ...string) []Action {
	var out []Action
	for _, s := range specs {
		idStr, typ, _ := strings.Cut(s, ":")
		a := Action{Type: typ, Entity: PlayerEntity(1), EntityType: EntityPlayer}
		if t, target, ok := strings.Cut(typ, "@"); ok {
			a.Type = t
			n := 0
			for _, c := range target {
				n = n*10 + int(c-'0')
			}
			a.ActionID = ip(n)
		}
		for _, c := range idStr {
			a.ID = a.ID*10 + int(c-'0')
		}
		out = append(out, a)
	}
	return out
}

func ids(actions []Action) []int {
	out := []int{}
	for _, a := range actions {
		out = append(out, a.ID)
	}
	return out
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name    string
		actions []Action
		want    []int
		wantErr string
	}{
		{"plain", acts("1:pass", "2:bid", "3:pass"), []int{1, 2, 3}, ""},
		{"undo last", acts("1:pass", "2:bid", "3:undo"), []int{1}, ""},
		{"undo skips message", acts("1:pass", "2:bid", "3:message", "4:undo"), []int{1, 3}, ""},
		{"two undos", acts("1:pass", "2:bid", "3:undo", "4:undo"), []int{}, ""},
		{"undo then redo", acts("1:pass", "2:bid", "3:undo", "4:redo"), []int{1, 2}, ""},
		{"undo undo redo", acts("1:pass", "2:bid", "3:undo", "4:undo", "5:redo"), []int{1}, ""},
		{"redo after normal action is invalid", acts("1:pass", "2:bid", "3:undo", "4:pass", "5:redo"), []int{1, 4}, "nothing to redo"},
		{"message does not clear redo", acts("1:pass", "2:bid", "3:undo", "4:message", "5:redo"), []int{1, 2, 4}, ""},
		{"message never undone", acts("1:pass", "2:message", "3:bid", "4:undo@1"), []int{1, 2}, ""},
		{"undo to id", acts("1:pass", "2:bid", "3:pass", "4:undo@1", "5:pass"), []int{1, 5}, ""},
		{"undo to id 0", acts("1:pass", "2:message", "3:bid", "4:undo@0"), []int{2}, ""},
		{"redo group restores in place", acts("1:pass", "2:bid", "3:pass", "4:undo@1", "5:message", "6:redo", "7:pass"), []int{1, 2, 3, 5, 7}, ""},
		{"undo to undone action", acts("1:pass", "2:bid", "3:undo", "4:pass", "5:undo@2"), []int{1}, ""},
		{"nested undo groups", acts("1:pass", "2:bid", "3:pass", "4:undo", "5:undo", "6:redo", "7:redo"), []int{1, 2, 3}, ""},
		{"undo target missing", acts("1:pass", "2:undo@9"), []int{1}, "not found"},
		{"undo with nothing kept", acts("1:undo", "2:pass"), []int{2}, ""},
		{"undo to id, ids out of order", acts("5:pass", "2:bid", "3:pass", "4:undo@5"), []int{5}, ""},
		{"undo to id, ids out of order, middle", acts("1:pass", "7:bid", "3:pass", "8:pass", "9:undo@3"), []int{1, 7, 3}, ""},
		{"undo to a repeated id takes its last", acts("1:pass", "1:bid", "2:pass", "3:undo@1"), []int{1, 1}, ""},
		{"undo to id past an action without one", acts("1:pass", "0:bid", "3:pass", "4:undo@1"), []int{1}, ""},
		{"undo target missing between ids", acts("1:pass", "3:pass", "4:undo@2"), []int{1, 3}, "not found"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Resolve(tc.actions)
			if gotIDs := ids(got); !reflect.DeepEqual(gotIDs, tc.want) {
				t.Errorf("Resolve ids = %v, want %v", gotIDs, tc.want)
			}
			if tc.wantErr == "" && err != nil {
				t.Errorf("unexpected error %v", err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Errorf("error = %v, want it to contain %q", err, tc.wantErr)
			}
			if eff := ids(Effective(tc.actions)); !reflect.DeepEqual(eff, tc.want) {
				t.Errorf("Effective ids = %v, want %v", eff, tc.want)
			}
		})
	}
}

func TestValueTypesJSON(t *testing.T) {
	tests := []struct {
		name string
		in   string
		new  func() any
		want any
	}{
		{"player entity", `5518`, func() any { return new(Entity) }, PlayerEntity(5518)},
		{"symbol entity", `"C&N"`, func() any { return new(Entity) }, SymbolEntity("C&N")},
		{"numeric-looking symbol", `"123"`, func() any { return new(Entity) }, SymbolEntity("123")},
		{"null entity", `null`, func() any { return new(Entity) }, Entity{}},
		{"cell price", `"100,0,26"`, func() any { return new(SharePrice) }, CellPrice(100, 0, 26)},
		{"plain price", `34`, func() any { return new(SharePrice) }, PlainPrice(34)},
		{"int id", `19354`, func() any { return new(IntOrString) }, Int(19354)},
		{"string id", `"hs_x_1"`, func() any { return new(IntOrString) }, Str("hs_x_1")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.new()
			if err := json.Unmarshal([]byte(tc.in), v); err != nil {
				t.Fatal(err)
			}
			got := reflect.ValueOf(v).Elem().Interface()
			if !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("decoded %#v, want %#v", got, tc.want)
			}
			out, err := marshalNoEscape(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.in {
				t.Errorf("re-encoded %s, want %s", out, tc.in)
			}
		})
	}
	for _, bad := range []string{`1.5`, `true`, `[1]`} {
		var e Entity
		if err := json.Unmarshal([]byte(bad), &e); err == nil {
			t.Errorf("Entity accepted %s", bad)
		}
	}
	var p SharePrice
	if err := json.Unmarshal([]byte(`"100,0"`), &p); err == nil {
		t.Error("SharePrice accepted a two-part cell id")
	}
}

func TestRouteHaltsPresence(t *testing.T) {
	tests := []struct {
		in        string
		halts     *int
		haltsNull bool
	}{
		{`{"train":"2+1-0","connections":[["G5"]]}`, nil, false},
		{`{"train":"2+1-0","connections":[["G5"]],"halts":null}`, nil, true},
		{`{"train":"2+1-0","connections":[["G5"]],"halts":0}`, ip(0), false},
		{`{"train":"2+1-0","connections":[["G5"]],"halts":2,"revenue":40,"abilities":["x"]}`, ip(2), false},
	}
	for _, tc := range tests {
		var r Route
		if err := json.Unmarshal([]byte(tc.in), &r); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if !reflect.DeepEqual(r.Halts, tc.halts) || r.HaltsNull() != tc.haltsNull {
			t.Errorf("%s: halts %v null %v", tc.in, r.Halts, r.HaltsNull())
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != tc.in {
			t.Errorf("round trip %s -> %s", tc.in, out)
		}
	}
}

func TestNullOfNonNullableFieldRoundTrips(t *testing.T) {
	in := `{"type":"pass","entity":1,"entity_type":"player","id":3,"price":null,"weird":{"a":1}}`
	var a Action
	if err := json.Unmarshal([]byte(in), &a); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("got %s, want %s", out, in)
	}
	if string(a.Extra["weird"]) != `{"a":1}` {
		t.Errorf("extra weird = %s", a.Extra["weird"])
	}
}

func TestEncodeConstructedActions(t *testing.T) {
	tests := []struct {
		a    Action
		want string
	}{
		{Action{Type: TypeLayTile, Entity: SymbolEntity("C&N"), EntityType: EntityCorporation, ID: 5, Hex: "G5", Tile: "5-0"},
			`{"type":"lay_tile","entity":"C&N","entity_type":"corporation","id":5,"hex":"G5","tile":"5-0","rotation":0}`},
		{Action{Type: TypePass, Entity: PlayerEntity(7), EntityType: EntityPlayer},
			`{"type":"pass","entity":7,"entity_type":"player"}`},
		{Action{Type: TypePar, Entity: PlayerEntity(7), EntityType: EntityPlayer, ID: 9, Corporation: "IOW", SharePrice: &SharePrice{Cell: "100,0,26", Price: 100, Col: 26}},
			`{"type":"par","entity":7,"entity_type":"player","id":9,"corporation":"IOW","share_price":"100,0,26"}`},
		{Action{Type: TypeUndo, Entity: PlayerEntity(7), EntityType: EntityPlayer, ID: 10, ActionID: ip(0)},
			`{"type":"undo","entity":7,"entity_type":"player","id":10,"action_id":0}`},
		{Action{Type: TypeRunRoutes, Entity: SymbolEntity("IOW"), EntityType: EntityCorporation, ID: 11,
			Routes: []Route{{Train: "2-0", Connections: [][]string{{"G5", "H6"}}, Halts: ip(0)}}},
			`{"type":"run_routes","entity":"IOW","entity_type":"corporation","id":11,"routes":[{"train":"2-0","connections":[["G5","H6"]],"halts":0}],"extra_revenue":0}`},
	}
	for _, tc := range tests {
		out, err := json.Marshal(tc.a)
		if err != nil {
			t.Fatal(err)
		}
		// json.Marshal HTML-escapes; compare after undoing that.
		got := strings.ReplaceAll(string(out), `\u0026`, "&")
		if got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	const head = `{"id":1,"title":"1860","players":[{"id":1,"name":"A"},{"id":2,"name":"B"}],"actions":[`
	tests := []struct {
		name    string
		actions string
		want    []string
	}{
		{"entity type mismatch", `{"type":"pass","entity":"IOW","entity_type":"player","id":1}`,
			[]string{"action[0]", "id 1", `"entity"`, "symbol"}},
		{"missing field", `{"type":"pass","entity":1,"entity_type":"player","id":1},{"type":"lay_tile","entity":"IOW","entity_type":"corporation","id":2,"hex":"G5","rotation":1}`,
			[]string{"action[1]", "id 2", "lay_tile", `"tile"`, "missing"}},
		{"ids not increasing", `{"type":"pass","entity":1,"entity_type":"player","id":4},{"type":"pass","entity":2,"entity_type":"player","id":4}`,
			[]string{"action[1]", `"id"`, "previous id is 4"}},
		{"bad field type", `{"type":"pass","entity":1,"entity_type":"player","id":1},{"type":"bid","entity":1,"entity_type":"player","id":2,"price":"x"}`,
			[]string{"action[1]", "id 2", `"price"`}},
		{"bad share price", `{"type":"par","entity":1,"entity_type":"player","id":3,"corporation":"IOW","share_price":"1,2"}`,
			[]string{"action[0]", "id 3", `"share_price"`, "PRICE,ROW,COL"}},
		{"bad auto action", `{"type":"program_share_pass","entity":1,"entity_type":"player","id":3,"auto_actions":[{"type":"pass","entity":"X","entity_type":"player"}]}`,
			[]string{"action[0]", "auto_actions[0]", `"entity"`}},
		{"missing type", `{"entity":1,"entity_type":"player","id":1}`,
			[]string{"action[0]", `"type"`, "missing"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(head + tc.actions + `]}`))
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
	if _, err := Decode(strings.NewReader(`{"id":1,"players":[{"id":1}],"actions":[]}`)); err == nil || !errors.Is(err, errMissing) {
		t.Errorf("missing title: err = %v", err)
	}
}

func BenchmarkDecode(b *testing.B) {
	data := fixtures.MustRead(b, "synthetic/1825/1825-unit_123-4p-63.json")
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Decode(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
