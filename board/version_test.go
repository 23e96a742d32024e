package board

import "testing"

// TestVersion checks that every change of tiles, tokens or blocking gives
// a new version, unique among a board and its clones, and that only tile
// changes give a new tile version.
func TestVersion(t *testing.T) {
	b := newTestBoard(t)
	seen := map[uint64]bool{}
	type vers struct{ all, tiles uint64 }
	now := func(b *Board) vers { return vers{b.Version(), b.TileVersion()} }
	steps := []struct {
		name     string
		board    func() *Board // the board the step changes
		change   func(b *Board) error
		newTiles bool
	}{
		{"lay", func() *Board { return b }, func(b *Board) error { return b.ForceLay("C5", "9-0", 0) }, true},
		{"token", func() *Board { return b }, func(b *Board) error {
			_, err := b.PlaceToken(NodeRef{"B2", 0}, "BB", TokenOptions{})
			return err
		}, false},
		{"non-blocking", func() *Board { return b }, func(b *Board) error { b.SetNonBlocking("BB", true); return nil }, false},
		{"remove token", func() *Board { return b }, func(b *Board) error { return b.RemoveToken(NodeRef{"B2", 0}, "BB") }, false},
		{"lay on a clone", func() *Board { return b.Clone() }, func(b *Board) error { return b.ForceLay("C3", "57-0", 0) }, true},
		{"same lay on another clone", func() *Board { return b.Clone() }, func(b *Board) error { return b.ForceLay("C3", "57-0", 0) }, true},
	}
	seen[b.Version()] = true
	for _, s := range steps {
		x := s.board()
		before := now(x)
		if x != b && before != now(b) {
			t.Fatalf("%s: a clone's versions %v differ from the board's %v", s.name, before, now(b))
		}
		if err := s.change(x); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		after := now(x)
		if seen[after.all] {
			t.Errorf("%s: version %d given twice", s.name, after.all)
		}
		seen[after.all] = true
		if got := after.tiles != before.tiles; got != s.newTiles {
			t.Errorf("%s: tile version changed %v, want %v", s.name, got, s.newTiles)
		}
	}
}

// TestMemoByVersion checks that a memoised value is reused while the
// version it was computed for holds, by the board and its clones, and
// recomputed after a change.
func TestMemoByVersion(t *testing.T) {
	b := newTestBoard(t)
	calls := 0
	get := func(b *Board, tiles bool) any {
		v, err := b.MemoByVersion("k", tiles, func() (any, error) {
			calls++
			return calls, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	if v := get(b, true); v != 1 {
		t.Fatalf("first value %v", v)
	}
	c := b.Clone()
	if v := get(c, true); v != 1 || calls != 1 {
		t.Fatalf("clone did not reuse the value: %v after %d calls", v, calls)
	}
	if _, err := c.PlaceToken(NodeRef{"B2", 0}, "BB", TokenOptions{}); err != nil {
		t.Fatal(err)
	}
	if v := get(c, true); v != 1 {
		t.Fatalf("token change dropped a tiles-keyed value: %v", v)
	}
	if err := c.ForceLay("C5", "9-0", 0); err != nil {
		t.Fatal(err)
	}
	if v := get(c, true); v != 2 {
		t.Fatalf("stale value after a lay: %v", v)
	}
	// Both versions stay memoised: the board and the clone alternate.
	if v, w := get(b, true), get(c, true); v != 1 || w != 2 || calls != 2 {
		t.Fatalf("alternating boards: %v, %v after %d calls", v, w, calls)
	}
	if v := c.MemoLatest("k"); v != 2 {
		t.Fatalf("latest value %v, want 2", v)
	}
	if v := b.MemoLatest("none"); v != nil {
		t.Fatalf("latest value of an unused key: %v", v)
	}
}
