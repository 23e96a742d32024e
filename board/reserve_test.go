package board

import (
	"reflect"
	"testing"
)

func reserveBoard(t *testing.T) *Board {
	t.Helper()
	b, err := New(Spec{
		Layout: Flat,
		Hexes: []HexSpec{
			{ID: "B2", Color: Yellow, Code: "city=revenue:0;city=revenue:0;label=OO"},
			{ID: "C3", Code: "city=revenue:0"},
			{ID: "B4"}, {ID: "A3"}, {ID: "A1"}, {ID: "C1"}, {ID: "B0"},
		},
		Tiles: []TileSpec{
			{Name: "52", Color: Green, Code: "city=revenue:40,loc:5;city=revenue:40,loc:3;path=a:0,b:_0;path=a:2,b:_1;label=OO", Count: 1},
			{Name: "5", Color: Yellow, Code: "city=revenue:20;path=a:0,b:_0;path=a:1,b:_0", Count: 1},
			{Name: "15", Color: Green, Code: "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0", Count: 1},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReservations(t *testing.T) {
	b := reserveBoard(t)
	if err := b.Reserve("C3", -1, "HOME"); err != nil { // the only city
		t.Fatal(err)
	}
	if err := b.Reserve("B2", 1, "SECOND"); err != nil {
		t.Fatal(err)
	}
	if err := b.Reserve("B2", 2, "X"); err == nil {
		t.Error("reservation of a missing city accepted")
	}
	want := []Reservation{{"C3", 0, "HOME"}, {"B2", 1, "SECOND"}}
	if got := b.Reservations(); !reflect.DeepEqual(got, want) {
		t.Fatalf("reservations %v", got)
	}
	c := b.Clone()
	if _, err := b.PlaceToken(NodeRef{"C3", 0}, "OTHER", TokenOptions{}); err == nil {
		t.Error("token in a reserved single-slot city accepted")
	}
	if _, err := b.PlaceToken(NodeRef{"B2", 1}, "OTHER", TokenOptions{}); err == nil {
		t.Error("token in the reserved city of B2 accepted")
	}
	if _, err := b.PlaceToken(NodeRef{"B2", 0}, "OTHER", TokenOptions{}); err != nil {
		t.Errorf("token in the free city of B2: %v", err)
	}
	// Upgrades carry the reservation to the new city, and a 2-slot city
	// then has room for one other token.
	if err := b.ForceLay("C3", "5-0", 0); err != nil {
		t.Fatal(err)
	}
	if err := b.ForceLay("C3", "15-0", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := b.PlaceToken(NodeRef{"C3", 0}, "OTHER", TokenOptions{}); err != nil {
		t.Errorf("token beside a reservation in a 2-slot city: %v", err)
	}
	if _, err := b.PlaceToken(NodeRef{"C3", 0}, "THIRD", TokenOptions{}); err == nil {
		t.Error("token in the reserved slot accepted")
	}
	if _, err := b.PlaceToken(NodeRef{"C3", 0}, "HOME", TokenOptions{}); err != nil {
		t.Errorf("home token: %v", err)
	}
	if got := b.Reservations(); !reflect.DeepEqual(got, []Reservation{{"B2", 1, "SECOND"}}) {
		t.Errorf("after the home token: %v", got)
	}
	if err := b.ForceLay("B2", "52-0", 3); err != nil {
		t.Fatal(err)
	}
	if got := b.Reservations(); !reflect.DeepEqual(got, []Reservation{{"B2", 1, "SECOND"}}) {
		t.Errorf("after upgrading B2: %v", got)
	}
	if got := b.TokenLocations("OTHER"); !reflect.DeepEqual(got, []string{"B2-0", "C3-0"}) {
		t.Errorf("OTHER tokens %v", got)
	}
	// The clone kept its own reservations.
	if len(c.Reservations()) != 2 {
		t.Error("clone lost its reservations")
	}
	// A hex-level reservation holds one slot among the cities of the hex.
	d := reserveBoard(t)
	if err := d.Reserve("B2", -1, "ANY"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.PlaceToken(NodeRef{"B2", 0}, "OTHER", TokenOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.PlaceToken(NodeRef{"B2", 1}, "THIRD", TokenOptions{}); err == nil {
		t.Error("token in the last slot held by a hex reservation accepted")
	}
	if _, err := d.PlaceToken(NodeRef{"B2", 1}, "ANY", TokenOptions{}); err != nil {
		t.Errorf("token of the reserving corporation: %v", err)
	}
	d.Unreserve("B2", "ANY")
	if len(d.Reservations()) != 0 {
		t.Error("Unreserve left a reservation")
	}
}

// TestSettleHexReservation: a hex-wide reservation becomes one of a city
// exactly when one city of the hex could take the corporation's token.
func TestSettleHexReservation(t *testing.T) {
	for _, tc := range []struct {
		name     string
		setup    func(b *Board)
		settled  bool
		wantNode int
	}{
		{"both cities free", func(b *Board) {}, false, -1},
		{"the first city taken", func(b *Board) { mustToken(t, b, "B2", 0, "OTHER") }, true, 1},
		{"the second city taken", func(b *Board) { mustToken(t, b, "B2", 1, "OTHER") }, true, 0},
		{"a second hex-wide reservation", func(b *Board) {
			mustToken(t, b, "B2", 0, "OTHER")
			if err := b.Reserve("B2", -1, "MORE"); err != nil {
				t.Fatal(err)
			}
		}, false, -1},
		{"no hex-wide reservation left", func(b *Board) { b.Unreserve("B2", "ANY") }, false, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := reserveBoard(t)
			if err := b.Reserve("B2", -1, "ANY"); err != nil {
				t.Fatal(err)
			}
			tc.setup(b)
			c := b.Clone()
			corp, ok := b.SettleHexReservation("B2")
			if ok != tc.settled || (ok && corp != "ANY") {
				t.Fatalf("settled %v (%q), want %v", ok, corp, tc.settled)
			}
			if tc.settled && b.HexReservedFor("B2", "ANY") {
				t.Error("the reservation is still hex-wide after settling")
			}
			if tc.settled {
				if h, ok := b.HomeCity("ANY", "B2"); !ok || h.Node != tc.wantNode {
					t.Errorf("home city %v %v, want node %d", h, ok, tc.wantNode)
				}
				if !c.HexReservedFor("B2", "ANY") {
					t.Error("the clone made before settling lost its hex-wide reservation")
				}
			}
		})
	}
}

func mustToken(t *testing.T, b *Board, hex string, node int, corp string) {
	t.Helper()
	if _, err := b.PlaceToken(NodeRef{hex, node}, corp, TokenOptions{}); err != nil {
		t.Fatal(err)
	}
}
