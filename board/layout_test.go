package board

import "testing"

// On pointy maps letters name rows and numbers columns (18xx.games axes
// {x: number, y: letter}), so the hex left of S13 is S11 and the hex below
// and to the left is T12.
func TestPointyNeighbors(t *testing.T) {
	b, err := New(Spec{Layout: Pointy, Hexes: []HexSpec{
		{ID: "S13"}, {ID: "T12"}, {ID: "S11"}, {ID: "R12"}, {ID: "R14"}, {ID: "S15"}, {ID: "T14"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"T12", "S11", "R12", "R14", "S15", "T14"}
	for e, w := range want {
		if got := b.Neighbor("S13", e); got != w {
			t.Errorf("S13 edge %d: got %q want %q", e, got, w)
		}
		if got := b.Neighbor(w, InvertEdge(e)); got != "S13" {
			t.Errorf("%s edge %d: got %q want S13", w, InvertEdge(e), got)
		}
	}
	for _, id := range []string{"AA-1", "Z0"} {
		if _, _, err := HexXY(Pointy, id); err != nil {
			t.Errorf("HexXY(%q): %v", id, err)
		}
	}
}

// Spec.Impassable replaces the default impassable colours: with sepia
// impassable and gray not, track may run into a gray hex without track but
// not into a sepia hex except where its printed track points back.
func TestImpassableColors(t *testing.T) {
	spec := Spec{
		Layout: Pointy,
		Hexes: []HexSpec{
			{ID: "B2"},
			{ID: "B4", Color: Gray},
			{ID: "B0", Color: Sepia, Code: "city=revenue:10;path=a:4,b:_0"},
			{ID: "A1", Color: Sepia, Code: "city=revenue:10;path=a:1,b:_0"},
		},
		Impassable: []Color{Blue, Sepia, Red},
	}
	b, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	if b.Neighbor("B2", 4) != "B4" {
		t.Error("gray hex should be passable")
	}
	if b.Neighbor("B2", 1) != "B0" {
		t.Error("sepia hex pointing back should be passable")
	}
	if b.Neighbor("B2", 2) != "" {
		t.Error("sepia hex not pointing back should be impassable")
	}
	spec.Impassable = nil
	if b, err = New(spec); err != nil {
		t.Fatal(err)
	}
	if b.Neighbor("B2", 4) != "" || b.Neighbor("B2", 2) != "A1" {
		t.Error("default impassable colours are blue, gray and red")
	}
}
