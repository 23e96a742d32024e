package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"path"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// traceFiles lists the golden traces of the real and synthetic games
// (names for package fixtures).
func traceFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"*/*.trace.jsonl", "synthetic/*/*.trace.jsonl"} {
		m, err := fixtures.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no golden traces found")
	}
	return files
}

// readTrace reads the named golden trace.
func readTrace(tb testing.TB, name string) []Line {
	tb.Helper()
	lines, err := Read(bytes.NewReader(fixtures.MustRead(tb, name)))
	if err != nil {
		tb.Fatalf("%s: %v", name, err)
	}
	return lines
}

func rawLines(t *testing.T, name string) [][]byte {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(fixtures.MustRead(t, name)))
	sc.Buffer(nil, 1<<26)
	var out [][]byte
	for sc.Scan() {
		out = append(out, bytes.Clone(sc.Bytes()))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGoldenRoundTrip reads every golden trace and checks that writing each
// line back reproduces the file byte for byte, and that a trace compared
// with itself has no differences.
func TestGoldenRoundTrip(t *testing.T) {
	for _, name := range traceFiles(t) {
		t.Run(path.Base(name), func(t *testing.T) {
			lines := readTrace(t, name)
			raw := rawLines(t, name)
			if len(lines) != len(raw) {
				t.Fatalf("read %d lines, file has %d", len(lines), len(raw))
			}
			if lines[0].ID != 0 || lines[0].Type != "init" || !lines[0].Entity.IsZero() {
				t.Errorf("first line = %d %s %v", lines[0].ID, lines[0].Type, lines[0].Entity)
			}
			for i := range lines {
				if len(lines[i].Extra) > 0 {
					t.Errorf("line %d has unmodelled keys %v", i, reflect.ValueOf(lines[i].Extra).MapKeys())
				}
				b, err := Marshal(&lines[i])
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(b, raw[i]) {
					t.Fatalf("line %d re-encodes differently:\n got %.300s\nwant %.300s", i, b, raw[i])
				}
			}
			if m := CompareTraces(lines, lines, AllFields()); m != nil {
				t.Errorf("trace differs from itself: %v", m)
			}
			// Comparing against an independently decoded copy exercises the
			// tree walk (no shared backing arrays, no byte-equality shortcut).
			again := readTrace(t, name)
			for i := 0; i < len(lines); i += 25 {
				wt, _ := json.Marshal(lines[i])
				c := comparer{fields: AllFields()}
				tree, _ := parseTree(wt)
				gb, _ := json.Marshal(again[i])
				gtree, _ := parseTree(gb)
				c.walk(tree, gtree, nil, "")
				if len(c.diffs) > 0 {
					t.Fatalf("line %d: %v", i, c.diffs)
				}
			}
		})
	}
}

func TestWriterMatchesFile(t *testing.T) {
	name := traceFiles(t)[0]
	lines := readTrace(t, name)
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for i := range lines {
		if err := w.Write(&lines[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := fixtures.MustRead(t, name); !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("written trace differs from %s", name)
	}
	out := filepath.Join(t.TempDir(), "x.trace.jsonl")
	if err := WriteFile(out, lines[:3]); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(out)
	if err != nil || len(back) != 3 {
		t.Fatalf("WriteFile/ReadFile: %d lines, %v", len(back), err)
	}
}

func ip(n int) *int { return &n }

// sample builds a small 1860-style line.
func sample() Line {
	return Line{
		ID: 37, Type: "buy_shares", Entity: g18xx.PlayerEntity(5518),
		Round: "Stock", Phase: "2", BankCash: 8000, BankRaw: 18000, Turn: 1, RoundNum: 1,
		Log: []string{"Player 2 buys a 10% share of C&N for £100"},
		Players: []Player{
			{ID: 1027, Name: "Player 1", Cash: 400, Certs: []string{"C&N_0"}},
			{ID: 5518, Name: "Player 2", Cash: 500, Certs: []string{"C&N_1"}},
		},
		Corporations: []Corporation{
			{Sym: "BHI&R", SharesByOwner: map[string]int{"ipo": 100}, Corp1860: &Corp1860{}},
			{Sym: "C&N", Cash: 200, SharePrice: ip(100), President: ip(1027), Trains: []string{"2+1-0"},
				SharesByOwner: map[string]int{"ipo": 50, "1027": 20, "5518": 30}, Corp1860: &Corp1860{}},
		},
		Tiles: map[string]string{"G5": "5@1"},
		Flags: Flags{HighestLayer: 1, Flags1860: &Flags1860{}},
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(l *Line)
		fields FieldSet
		want   []string
	}{
		{"identical", func(l *Line) {}, AllFields(), nil},
		{"shares by owner", func(l *Line) { l.Corporations[1].SharesByOwner["5518"] = 20 }, MinimalFields(),
			[]string{`corporations[C&N].shares_by_owner["5518"]: want 30, got 20`}},
		{"pool key", func(l *Line) { l.Corporations[1].SharesByOwner["market"] = 10 }, MinimalFields(),
			[]string{`corporations[C&N].shares_by_owner["market"]: want <missing>, got 10`}},
		{"player cash", func(l *Line) { l.Players[0].Cash = 399 }, MinimalFields(),
			[]string{`players[1027].cash: want 400, got 399`}},
		{"player order", func(l *Line) { l.Players[0], l.Players[1] = l.Players[1], l.Players[0] }, MinimalFields(),
			[]string{`players: order: want [1027,5518], got [5518,1027]`}},
		{"unselected field ignored", func(l *Line) { l.Players[0].NumCerts = 9 }, MinimalFields(), nil},
		{"with adds a field", func(l *Line) { l.Players[0].NumCerts = 9 }, MinimalFields().With("players[].num_certs"),
			[]string{`players[1027].num_certs: want 0, got 9`}},
		{"log ignored by full", func(l *Line) { l.Log = nil }, FullFields(), nil},
		{"log compared by all", func(l *Line) { l.Log = nil }, AllFields(),
			[]string{`log: want ["Player 2 buys a 10% share of C&N for £100"], got []`}},
		{"bank_raw ignored by full", func(l *Line) { l.BankRaw = 1 }, FullFields(), nil},
		{"without", func(l *Line) { l.Phase = "3" }, FullFields().Without("phase"), nil},
		{"trains", func(l *Line) { l.Corporations[1].Trains = nil }, MinimalFields(),
			[]string{`corporations[C&N].trains: want ["2+1-0"], got []`}},
		{"president null", func(l *Line) { l.Corporations[1].President = nil }, MinimalFields(),
			[]string{`corporations[C&N].president: want 1027, got null`}},
		{"missing corporation", func(l *Line) { l.Corporations = l.Corporations[:1] }, MinimalFields(),
			[]string{`corporations[C&N]: want {`}},
		{"tile", func(l *Line) { l.Tiles["G5"] = "5@2"; l.Tiles["H6"] = "8@0" }, MinimalFields(),
			[]string{`tiles["G5"]: want "5@1", got "5@2"`, `tiles["H6"]: want <missing>, got "8@0"`}},
		{"title-specific field", func(l *Line) { l.Corporations[0].Corp1860.Insolvent = true }, FullFields(),
			[]string{`corporations[BHI&R].insolvent: want false, got true`}},
		{"1860 fields absent", func(l *Line) { l.Corporations[0].Corp1860 = nil }, FullFields(),
			[]string{`corporations[BHI&R].bankrupt: want false, got <missing>`, `corporations[BHI&R].insolvent: want false, got <missing>`,
				`corporations[BHI&R].nationalized: want false, got <missing>`, `corporations[BHI&R].tokens_flipped: want [], got <missing>`}},
		{"flags wildcard", func(l *Line) { l.Flags.SouthernFormed = true }, Fields("flags.*"),
			[]string{`flags.southern_formed: want false, got true`}},
		{"revenue routes by index", func(l *Line) {
			l.Revenue.Routes[1].Revenue = 30
		}, FullFields(), []string{`revenue.routes[1].revenue: want 40, got 30`}},
		{"revenue missing", func(l *Line) { l.Revenue = nil }, FullFields(),
			[]string{`revenue: want {"extra_revenue":0,`}},
		{"type mismatch", func(l *Line) { l.Type = "sell_shares" }, MinimalFields(),
			[]string{`type: want "buy_shares", got "sell_shares"`}},
		{"extra key", func(l *Line) { l.Extra = map[string]json.RawMessage{"new_field": json.RawMessage(`1`)} }, FullFields(),
			[]string{`new_field: want <missing>, got 1`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want := sample()
			want.Revenue = &Revenue{Total: 70, Routes: []RouteRevenue{{Train: "2+1-0", Revenue: 30}, {Train: "2+1-1", Revenue: 40, Halts: ip(1)}}}
			got := sample()
			got.Revenue = &Revenue{Total: 70, Routes: []RouteRevenue{{Train: "2+1-0", Revenue: 30}, {Train: "2+1-1", Revenue: 40, Halts: ip(1)}}}
			tc.edit(&got)
			diffs := Compare(want, got, tc.fields)
			if len(diffs) != len(tc.want) {
				t.Fatalf("got %d diffs %v, want %d %v", len(diffs), diffs, len(tc.want), tc.want)
			}
			for i, d := range diffs {
				if !strings.HasPrefix(d.String(), tc.want[i]) {
					t.Errorf("diff %d = %q, want prefix %q", i, d.String(), tc.want[i])
				}
			}
		})
	}
}

func TestCompareTraces(t *testing.T) {
	init := sample()
	init.ID, init.Type, init.Entity = 0, "init", g18xx.Entity{}
	a := sample()
	b := sample()
	b.ID, b.Type = 38, "pass"
	want := []Line{init, a, b}

	got := []Line{init, sample(), b}
	got[1].Corporations[1].SharesByOwner["5518"] = 20
	m := CompareTraces(want, got, MinimalFields())
	if m == nil {
		t.Fatal("no mismatch")
	}
	const msg = `action 37 (buy_shares, entity 5518): corporations[C&N].shares_by_owner["5518"]: want 30, got 20`
	if m.String() != msg || m.Index != 1 {
		t.Errorf("mismatch = %q (index %d), want %q", m, m.Index, msg)
	}

	got = []Line{sample(), a, b}
	got[0].Type = "init"
	got[0].ID = 0
	got[0].BankCash = 1
	if m := CompareTraces(want, got, MinimalFields()); m == nil || !strings.HasPrefix(m.String(), "init (line 0): bank_cash: want 8000, got 1") {
		t.Errorf("init mismatch = %v", m)
	}
	if m := CompareTraces(want, want[:2], MinimalFields()); m == nil || m.Index != 2 || !strings.Contains(m.String(), "line missing") {
		t.Errorf("short trace: %v", m)
	}
	if m := CompareTraces(want[:2], want, MinimalFields()); m == nil || m.Index != 2 || !strings.Contains(m.String(), "extra line") {
		t.Errorf("long trace: %v", m)
	}
	if m := CompareTraces(want, want, AllFields()); m != nil {
		t.Errorf("self comparison: %v", m)
	}
}

func TestFieldSetPatterns(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string
	}{
		{"bank_cash", []string{"bank_cash"}},
		{"players[].cash", []string{"players", "[]", "cash"}},
		{"depot.upcoming[][]", []string{"depot", "upcoming", "[]", "[]"}},
		{"flags.*", []string{"flags", "*"}},
	}
	for _, tc := range tests {
		if got := parsePattern(tc.pattern); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parsePattern(%q) = %q, want %q", tc.pattern, got, tc.want)
		}
		if got := formatPattern(parsePattern(tc.pattern)); got != tc.pattern {
			t.Errorf("formatPattern round trip %q -> %q", tc.pattern, got)
		}
	}
	if s := FullFields().String(); s != "*,-log,-bank_raw" {
		t.Errorf("FullFields = %q", s)
	}
}

func TestMarshalEmptyLine(t *testing.T) {
	b, err := Marshal(&Line{Type: "init"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"acting":[]`, `"players":[]`, `"tiles":{}`, `"end_trigger":null`, `"result":null`, `"entity":null`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
	if strings.Contains(string(b), `"revenue"`) {
		t.Errorf("revenue written on a line without one: %s", b)
	}
}

func TestCanonicalEscaping(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b":1,"a":"£ C\u0026N"}`, `{"a":"£ C&N","b":1}`},
		{`["\u2028","\u0001","\n\t\"\\"]`, "[\"\u2028\",\"\\u0001\",\"\\n\\t\\\"\\\\\"]"},
		{`{"x":[1,2.50,-3e2]}`, `{"x":[1,2.50,-3e2]}`},
	}
	for _, tc := range tests {
		got, err := Canonical([]byte(tc.in))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != tc.want {
			t.Errorf("Canonical(%s) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func BenchmarkReadLargestTrace(b *testing.B) {
	data := fixtures.MustRead(b, "synthetic/1825/1825-unit_123-5p-69.trace.jsonl")
	for b.Loop() {
		if _, err := Read(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}
