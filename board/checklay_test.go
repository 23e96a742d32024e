package board

import (
	"errors"
	"reflect"
	"testing"
)

// CheckLay decides every lay as LayTile does, with the same cost, and
// leaves the board as it was (tiles, tokens, version), a title's CheckLay
// hook included.
func TestCheckLayAgreesWithLayTile(t *testing.T) {
	lays := []struct {
		hex, tile string
		rot       int
	}{
		{"C5", "8-0", 0}, {"C3", "57-0", 0}, {"C5", "9-0", 1}, {"C5", "9-0", 0}, {"D2", "8-0", 0},
		{"C1", "9-0", 0}, {"C7", "57-1", 0}, {"C3", "14-0", 1}, {"C3", "14-0", 0},
	}
	noC5 := &Rules{CheckLay: func(before, after *Board, l Lay) error {
		if l.Hex == "C5" {
			return errors.New("hook: not on C5")
		}
		return nil
	}}
	for _, rules := range []*Rules{nil, noC5} {
		b := newTestBoard(t)
		opt := LayOptions{Corp: "AA", Rules: rules}
		for i, l := range lays {
			ver, tiles, toks := b.Version(), b.Tiles(), b.TokenLocations("AA")
			checked, cerr := b.CheckLay(l.hex, l.tile, l.rot, opt)
			if b.Version() != ver || !reflect.DeepEqual(b.Tiles(), tiles) || !reflect.DeepEqual(b.TokenLocations("AA"), toks) {
				t.Fatalf("hook %v, lay %d: CheckLay changed the board", rules != nil, i)
			}
			laid, lerr := b.LayTile(l.hex, l.tile, l.rot, opt)
			if (cerr == nil) != (lerr == nil) || (cerr != nil && cerr.Error() != lerr.Error()) {
				t.Fatalf("hook %v, lay %d: CheckLay says %v, LayTile %v", rules != nil, i, cerr, lerr)
			}
			if cerr == nil && !reflect.DeepEqual(checked, laid) {
				t.Fatalf("hook %v, lay %d: CheckLay result %+v, LayTile %+v", rules != nil, i, checked, laid)
			}
		}
	}
}
