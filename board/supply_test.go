package board

import (
	"reflect"
	"testing"
)

func TestTileSupply(t *testing.T) {
	own := &TileShape{Color: Green, Code: "city=revenue:30;path=a:0,b:_0"}
	type add struct {
		name  string
		count int
		own   *TileShape
	}
	g8, _ := GenericTile("8")
	g9, _ := GenericTile("9")
	for _, tc := range []struct {
		desc    string
		adds    []add
		remove  string
		want    []TileSpec
		wantErr bool
	}{
		{desc: "generic and own tiles in first-added order, counts adding up",
			adds: []add{{"9", 2, nil}, {"X1", 1, own}, {"8", 1, nil}, {"9", 3, nil}},
			want: []TileSpec{{Name: "9", Color: Yellow, Code: g9.Code, Count: 5}, {Name: "X1", Color: Green, Code: own.Code, Count: 1}, {Name: "8", Color: Yellow, Code: g8.Code, Count: 1}}},
		{desc: "a count falling to 0 leaves the supply",
			adds: []add{{"8", 1, nil}, {"9", 1, nil}, {"8", -1, nil}},
			want: []TileSpec{{Name: "9", Color: Yellow, Code: g9.Code, Count: 1}}},
		{desc: "removed", adds: []add{{"8", 1, nil}, {"9", 1, nil}}, remove: "8",
			want: []TileSpec{{Name: "9", Color: Yellow, Code: g9.Code, Count: 1}}},
		{desc: "negative count", adds: []add{{"8", -1, nil}}, wantErr: true},
		{desc: "generic and own under one name", adds: []add{{"8", 1, nil}, {"8", 1, own}}, wantErr: true},
		{desc: "unknown generic tile", adds: []add{{"no such tile", 1, nil}}, wantErr: true},
	} {
		var s TileSupply
		var err error
		for _, a := range tc.adds {
			if err = s.Add(a.name, a.count, a.own); err != nil {
				break
			}
		}
		if tc.remove != "" {
			s.Remove(tc.remove)
		}
		var got []TileSpec
		if err == nil {
			got, err = s.Specs()
		}
		if (err != nil) != tc.wantErr || !tc.wantErr && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, %v; want %v (error %v)", tc.desc, got, err, tc.want, tc.wantErr)
		}
	}
}

func TestGenericTilesParse(t *testing.T) {
	for name, sh := range genericTiles {
		if _, err := ParseTile(name, sh.Color, sh.Code); err != nil {
			t.Errorf("generic tile %s: %v", name, err)
		}
	}
}

func TestHexSpecs(t *testing.T) {
	type group HexGroup // a title's own type of the same shape
	groups := []group{{Color: White, Coords: []string{"A1", "B2"}, Code: "city=revenue:0"}, {Color: Gray, Coords: []string{"C3"}}}
	got := HexSpecs(nil, groups, func(hex string) string { return "at " + hex })
	want := []HexSpec{
		{ID: "A1", Color: White, Code: "city=revenue:0", Index: 0, Location: "at A1"},
		{ID: "B2", Color: White, Code: "city=revenue:0", Index: 1, Location: "at B2"},
		{ID: "C3", Color: Gray, Index: 0, Location: "at C3"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("HexSpecs: %+v", got)
	}
}

func TestParseColors(t *testing.T) {
	for _, tc := range []struct {
		names   []string
		want    []Color
		wantErr bool
	}{
		{nil, nil, false},
		{[]string{"yellow", "green"}, []Color{Yellow, Green}, false},
		{[]string{"yellow", "green"}, []Color{Yellow, Green}, false}, // memoised
		{[]string{"yellow", "no colour"}, nil, true},
	} {
		got, err := ParseColors(tc.names)
		if (err != nil) != tc.wantErr || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseColors(%q) = %v, %v", tc.names, got, err)
		}
	}
}
