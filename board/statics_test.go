package board

import "testing"

// TestStaticsSharedOnlyByEqualSpecs checks the memo of boards' static
// parts: equal specs share one, specs that differ in any compared field
// (a nil Impassable against an empty one included) do not, and a caller
// changing its spec after New changes nothing memoised.
func TestStaticsSharedOnlyByEqualSpecs(t *testing.T) {
	base := testSpec()
	first, err := New(base)
	if err != nil {
		t.Fatal(err)
	}
	base.Hexes[0].Code = "" // the caller reuses its spec
	for _, tc := range []struct {
		name  string
		edit  func(*Spec)
		share bool
	}{
		{"equal", func(*Spec) {}, true},
		{"impassable empty", func(s *Spec) { s.Impassable = []Color{} }, false},
		{"impassable listed", func(s *Spec) { s.Impassable = []Color{Blue, Gray, Red} }, false},
		{"directed", func(s *Spec) { s.DirectedWalk = true }, false},
		{"hex code", func(s *Spec) { s.Hexes[2].Code = "city=revenue:10" }, false},
		{"hex location", func(s *Spec) { s.Hexes[2].Location = "Somewhere" }, false},
		{"hex index", func(s *Spec) { s.Hexes[2].Index = 1 }, false},
		{"tile count", func(s *Spec) { s.Tiles[1].Count = 3 }, false},
		{"tile dropped", func(s *Spec) { s.Tiles = s.Tiles[:3] }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := testSpec()
			tc.edit(&spec)
			b, err := New(spec)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.s == first.s; got != tc.share {
				t.Errorf("shares the first board's static part: %v, want %v", got, tc.share)
			}
		})
	}
}

// TestNewKeyed checks that a keyed board is the board of its spec, that
// the spec is built once per key, and that keys of different types or
// values do not share.
func TestNewKeyed(t *testing.T) {
	type keyA struct{ n int }
	type keyB struct{ n int }
	built := 0
	spec := func() (Spec, error) { built++; return testSpec(), nil }
	want, err := New(testSpec())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		key   any
		built int
	}{
		{"first", keyA{1}, 1},
		{"again", keyA{1}, 1},
		{"other value", keyA{2}, 2},
		{"other type", keyB{1}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := NewKeyed(tc.key, spec)
			if err != nil {
				t.Fatal(err)
			}
			if built != tc.built {
				t.Errorf("spec built %d times, want %d", built, tc.built)
			}
			if b.s != want.s {
				t.Error("a keyed board does not share its spec's static part")
			}
			for _, id := range b.s.ids {
				gt, gr, _ := b.TileOn(id)
				wt, wr, _ := want.TileOn(id)
				if gt != wt || gr != wr {
					t.Errorf("hex %s: tile %v/%d, want %v/%d", id, gt, gr, wt, wr)
				}
			}
		})
	}
}

// TestLookupMatchesIndex checks the id lookup's fast path against the
// map of hex ids, on a map whose ids include forms the fast path does
// not take.
func TestLookupMatchesIndex(t *testing.T) {
	spec := testSpec()
	for _, id := range []string{"A1", "AA10", "Z999", "C03", "a1", "AZ1", "E1000"} {
		spec.Hexes = append(spec.Hexes, HexSpec{ID: id, Color: White})
	}
	b, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	probe := append([]string{"", "C", "C0", "C3x", "C30", "B1", "AA1", "AB10", "Z99", "AA010", "E100", "e1", "ZZ1"}, b.s.ids...)
	for _, id := range probe {
		gi, gok := b.s.lookup(id)
		wi, wok := b.s.index[id]
		if gi != wi || gok != wok {
			t.Errorf("lookup(%q) = %d, %v; index has %d, %v", id, gi, gok, wi, wok)
		}
	}
}

// TestMemoByTilesManyHexes checks a memoised value depending on more hexes
// than an entry holds inline: reused while their tiles stay, recomputed
// when the last of them changes.
func TestMemoByTilesManyHexes(t *testing.T) {
	b := newTestBoard(t)
	hexes := []string{"C3", "C5", "C1", "B4", "D4", "B2", "C7", "D2"}
	calls := 0
	get := func() any {
		v, err := b.MemoByTiles("many", func() (any, []string, error) { calls++; return calls, hexes, nil })
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := get(); v != 1 {
		t.Fatalf("first value %v", v)
	}
	if v := get(); v != 1 || calls != 1 {
		t.Fatalf("memoised value not reused: %v after %d calls", v, calls)
	}
	if err := b.ForceLay("D2", "9-1", 0); err != nil {
		t.Fatal(err)
	}
	if v := get(); v != 2 {
		t.Fatalf("stale value reused after a lay on the last hex: %v", v)
	}
}
