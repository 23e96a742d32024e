package board

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// Lower-case letters name the columns before A (18xx.games
// NEGATIVE_LETTERS): a is -1, b -2; numbers may be 0 or negative.
func TestParseCoordNegative(t *testing.T) {
	tests := []struct {
		id   string
		x, y int
		bad  bool
	}{
		{"a2", -1, 1, false},
		{"c8", -3, 7, false},
		{"B0", 1, -1, false},
		{"AA-1", 26, -2, false},
		{"AZ3", 51, 2, false},
		{"aA3", 0, 0, true},
		{"ab3", 0, 0, true},
		{"a", 0, 0, true},
	}
	for _, tc := range tests {
		x, y, err := ParseCoord(tc.id)
		if (err != nil) != tc.bad || (!tc.bad && (x != tc.x || y != tc.y)) {
			t.Errorf("ParseCoord(%q) = %d, %d, %v", tc.id, x, y, err)
		}
	}
	// On 1825's pointy map, Wick (c8) lies to the upper right of b7.
	x, y, _ := HexXY(Pointy, "b7")
	nx, ny := NeighborCoord(Pointy, x, y, 3)
	if wx, wy, _ := HexXY(Pointy, "c8"); nx != wx || ny != wy {
		t.Errorf("b7 side 3 is (%d,%d), want c8 (%d,%d)", nx, ny, wx, wy)
	}
}

func TestParseCoordAndNeighbors(t *testing.T) {
	tests := []struct {
		layout Layout
		hex    string
		edge   int
		want   string
	}{
		{Flat, "G5", 0, "G7"},
		{Flat, "G5", 1, "F6"},
		{Flat, "G5", 2, "F4"},
		{Flat, "G5", 3, "G3"},
		{Flat, "G5", 4, "H4"},
		{Flat, "G5", 5, "H6"},
		{Pointy, "E5", 0, "D6"},
		{Pointy, "E5", 1, "C5"},
		{Pointy, "E5", 4, "G5"},
	}
	for _, tc := range tests {
		x, y, err := ParseCoord(tc.hex)
		if err != nil {
			t.Fatal(err)
		}
		nx, ny := NeighborCoord(tc.layout, x, y, tc.edge)
		got := string(rune('A'+nx)) + itoa(ny+1)
		if got != tc.want {
			t.Errorf("%v %s edge %d: got %s want %s", tc.layout, tc.hex, tc.edge, got, tc.want)
		}
		if e := EdgeBetween(tc.layout, nx, ny, x, y); e != InvertEdge(tc.edge) {
			t.Errorf("EdgeBetween back = %d", e)
		}
	}
	for _, bad := range []string{"", "5", "aB1", "ABC1", "A"} {
		if _, _, err := ParseCoord(bad); err == nil {
			t.Errorf("ParseCoord(%q) accepted", bad)
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

func TestParseTileParts(t *testing.T) {
	tests := []struct {
		code      string
		nodeParts []int
		kinds     []NodeKind
		paths     int
		label     string
	}{
		{"city=revenue:0,loc:3;town=revenue:0,loc:1;town=revenue:0,loc:0;label=C;border=edge:4,type:impassable", []int{0, 1, 2}, []NodeKind{City, Town, Town}, 0, "C"},
		{"city=revenue:20,loc:3;town=revenue:10,loc:center;halt=symbol:£,loc:0;path=a:0,b:_2;path=a:_2,b:_1;path=a:_0,b:_1;label=C", []int{0, 1, 2}, []NodeKind{City, Town, Halt}, 3, "C"},
		{"path=a:0,b:3;city=revenue:20;path=a:1,b:_0", []int{1}, []NodeKind{City}, 2, ""},
		{"offboard=revenue:yellow_0|green_20|brown_40;path=a:1,b:_0", []int{0}, []NodeKind{Offboard}, 1, ""},
		{"junction;path=a:0,b:_0;path=a:3,b:_0", nil, nil, 2, ""},
		{"", nil, nil, 0, ""},
	}
	for _, tc := range tests {
		td, err := ParseTile("x", Yellow, tc.code)
		if err != nil {
			t.Fatalf("%q: %v", tc.code, err)
		}
		var parts []int
		var kinds []NodeKind
		for _, n := range td.Nodes {
			parts = append(parts, n.Part)
			kinds = append(kinds, n.Kind)
		}
		if !reflect.DeepEqual(parts, tc.nodeParts) || !reflect.DeepEqual(kinds, tc.kinds) || len(td.Paths) != tc.paths || td.Label() != tc.label {
			t.Errorf("%q: parts %v kinds %v paths %d label %q", tc.code, parts, kinds, len(td.Paths), td.Label())
		}
	}
	off := MustParseTile("o", Blue, "offboard=revenue:yellow_0|green_20|brown_40;path=a:1,b:_0")
	if got := off.Nodes[0].RevenueFor([]Color{Yellow, Green}); got != 20 {
		t.Errorf("offboard revenue in green = %d", got)
	}
	if off.Nodes[0].Revenue != 40 {
		t.Errorf("max revenue = %d", off.Nodes[0].Revenue)
	}
	if _, err := ParseTile("bad", Yellow, "frobnicate=1"); err == nil {
		t.Error("unknown part accepted")
	}
	if _, err := ParseTile("bad", Yellow, "path=a:0,b:_3"); err == nil {
		t.Error("dangling reference accepted")
	}
}

// testSpec is a small flat map: a token city at C3 between C1 and C5 (a
// mountain), a barrier between C5 and B4, and a labelled city at C7.
func testSpec() Spec {
	return Spec{
		Layout: Flat,
		Hexes: []HexSpec{
			{ID: "C3", Color: White, Code: "city=revenue:0"},
			{ID: "C5", Color: White, Code: "upgrade=cost:60,terrain:mountain;border=edge:2,type:impassable"},
			{ID: "C1", Color: White, Code: ""},
			{ID: "B4", Color: White, Code: "border=edge:5,type:impassable"},
			{ID: "D4", Color: White, Code: ""},
			{ID: "D2", Color: White, Code: ""},
			{ID: "B2", Color: White, Code: "city=revenue:0"},
			{ID: "C7", Color: White, Code: "city=revenue:0;label=B"},
		},
		Tiles: []TileSpec{
			{"57", Yellow, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", 2},
			{"9", Yellow, "path=a:0,b:3", 2},
			{"8", Yellow, "path=a:0,b:2", 1},
			{"14", Green, "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0", 1},
		},
	}
}

func newTestBoard(t *testing.T) *Board {
	t.Helper()
	b, err := New(testSpec())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.PlaceToken(NodeRef{"C3", 0}, "AA", TokenOptions{}); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLayTileRules(t *testing.T) {
	steps := []struct {
		hex, tile string
		rot       int
		wantErr   string
		wantCost  int
	}{
		{"C5", "8-0", 0, "barrier", 0},
		{"C3", "57-0", 0, "", 0},
		{"C5", "9-0", 1, "off the map", 0},
		{"C5", "9-0", 0, "", 60},
		{"D2", "8-0", 0, "not connected", 0},
		{"C1", "9-0", 0, "not available", 0},
		{"C7", "57-1", 0, "label", 0},
		{"C3", "14-0", 1, "does not keep", 0},
		{"C3", "14-0", 0, "", 0},
	}
	b := newTestBoard(t)
	for i, s := range steps {
		snapshot := b.Clone()
		res, err := b.LayTile(s.hex, s.tile, s.rot, LayOptions{Corp: "AA"})
		if s.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), s.wantErr) {
				t.Fatalf("step %d: want error %q, got %v", i, s.wantErr, err)
			}
			if !reflect.DeepEqual(b.Tiles(), snapshot.Tiles()) {
				t.Fatalf("step %d: failed lay changed the board", i)
			}
			continue
		}
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if res.Cost != s.wantCost {
			t.Errorf("step %d: cost %d want %d", i, res.Cost, s.wantCost)
		}
	}
	want := map[string]string{"C3": "14@0", "C5": "9@0"}
	if got := b.Tiles(); !reflect.DeepEqual(got, want) {
		t.Errorf("tiles %v want %v", got, want)
	}
	// The token moved onto the green tile, and 57-0 is back in the supply.
	if got := b.TokenLocations("AA"); !reflect.DeepEqual(got, []string{"C3-0"}) {
		t.Errorf("tokens %v", got)
	}
	if got := b.AvailableTiles("57"); !reflect.DeepEqual(got, []string{"57-0", "57-1"}) {
		t.Errorf("57 supply %v", got)
	}
	if id := b.CityID(NodeRef{"C3", 0}); id != "14-0-0" {
		t.Errorf("city id %s", id)
	}
	if _, err := b.PlaceToken(NodeRef{"C3", 0}, "AA", TokenOptions{}); err == nil {
		t.Error("second token of AA on C3 accepted")
	}
}

func TestGraphBlocking(t *testing.T) {
	b := newTestBoard(t)
	for _, l := range []struct {
		hex, tile string
		rot       int
	}{{"C3", "57-0", 2}, {"B2", "57-1", 2}} {
		if err := b.ForceLay(l.hex, l.tile, l.rot); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := b.PlaceToken(NodeRef{"B2", 0}, "BB", TokenOptions{CheckConnected: true}); err == nil {
		t.Error("unconnected token accepted")
	}
	if _, err := b.PlaceToken(NodeRef{"B2", 0}, "BB", TokenOptions{}); err != nil {
		t.Fatal(err)
	}
	g := b.Graph("BB")
	if !g.NodeConnected(NodeRef{"C3", 0}) {
		t.Error("BB should reach the C3 city")
	}
	if _, ok := g.ConnectedEdges("D4"); ok {
		t.Error("BB traced through AA's full city")
	}
	if !b.Blocks(NodeRef{"C3", 0}, "BB") || b.Blocks(NodeRef{"C3", 0}, "AA") {
		t.Error("blocking wrong")
	}
	b.SetNonBlocking("AA", true)
	if e, ok := b.Graph("BB").ConnectedEdges("D4"); !ok || e != 1<<2 {
		t.Errorf("with a non-blocking token BB should reach D4 side 2, got %06b", e)
	}
	if len(b.Graph("CC").Nodes()) != 0 {
		t.Error("corporation without tokens reaches nodes")
	}
}

func TestCloneIndependent(t *testing.T) {
	b := newTestBoard(t)
	c := b.Clone()
	if err := c.ForceLay("C3", "57-0", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := c.PlaceToken(NodeRef{"B2", 0}, "BB", TokenOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(b.Tiles()) != 0 || len(b.TokenLocations("BB")) != 0 || len(b.AvailableTiles("57")) != 2 {
		t.Error("clone shares state with original")
	}
	if len(c.TokenLocations("AA")) != 1 {
		t.Error("token lost in clone")
	}
}

// TestCloneTokensCopyOnWrite checks that a clone and its original never see
// each other's token changes (clones share token lists until written).
func TestCloneTokensCopyOnWrite(t *testing.T) {
	b := newTestBoard(t)
	if err := b.ForceLay("C3", "14-0", 0); err != nil {
		t.Fatal(err)
	}
	c := b.Clone()
	if _, err := c.PlaceToken(NodeRef{"C3", 0}, "BB", TokenOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := b.TokenLocations("BB"); len(got) != 0 {
		t.Fatalf("token placed on a clone shows on the original: %v", got)
	}
	if err := b.RemoveToken(NodeRef{"C3", 0}, "AA"); err != nil {
		t.Fatal(err)
	}
	if got := c.TokenLocations("AA"); !reflect.DeepEqual(got, []string{"C3-0"}) {
		t.Fatalf("token removed from the original vanished from the clone: %v", got)
	}
	if h, _ := c.Hex("C3"); !reflect.DeepEqual(h.Tokens[0], []string{"AA", "BB"}) {
		t.Fatalf("clone C3 slots %v", h.Tokens[0])
	}
	if h, _ := b.Hex("C3"); !reflect.DeepEqual(h.Tokens[0], []string{"", ""}) {
		t.Fatalf("original C3 slots %v", h.Tokens[0])
	}
}

func TestMemoByTiles(t *testing.T) {
	b := newTestBoard(t)
	calls := 0
	get := func(b *Board, key string, hexes ...string) any {
		v, err := b.MemoByTiles(key, func() (any, []string, error) {
			calls++
			return calls, hexes, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := get(b, "k", "C3"); v != 1 {
		t.Fatalf("first value %v", v)
	}
	if v := get(b, "k", "C3"); v != 1 || calls != 1 {
		t.Fatalf("memoised value not reused: %v after %d calls", v, calls)
	}
	// Token changes and tiles elsewhere leave the value valid; clones share it.
	if err := b.ForceLay("C5", "9-0", 0); err != nil {
		t.Fatal(err)
	}
	if err := b.RemoveToken(NodeRef{"C3", 0}, "AA"); err != nil {
		t.Fatal(err)
	}
	c := b.Clone()
	if v := get(c, "k", "C3"); v != 1 {
		t.Fatalf("clone did not share the value: %v", v)
	}
	// A new tile on C3 makes it stale, for the clone only.
	if err := c.ForceLay("C3", "57-0", 0); err != nil {
		t.Fatal(err)
	}
	if v := get(c, "k", "C3"); v != 2 {
		t.Fatalf("stale value reused: %v", v)
	}
	if v := get(b, "k", "C3"); v != 3 {
		t.Fatalf("original got the clone's value: %v", v)
	}
	// Errors and unknown hexes are not memoised.
	for range 2 {
		if _, err := b.MemoByTiles("e", func() (any, []string, error) { calls++; return nil, nil, errors.New("no") }); err == nil {
			t.Fatal("error lost")
		}
		get(b, "u", "ZZ99")
	}
	if calls != 7 {
		t.Fatalf("%d computations, want 7", calls)
	}
}
