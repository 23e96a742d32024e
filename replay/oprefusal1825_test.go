package replay

import "testing"

// BenchmarkRefusedOperatingAction1825 measures refused operating actions
// of 1825 (a tile that does not exist, a dividend kind that is none, a
// base in a city off the map) in the second half of a real game: each is
// refused by its step's check, with no replay.
func BenchmarkRefusedOperatingAction1825(b *testing.B) {
	const file = "1825/1825_game_end_bank.json"
	t := &testing.T{}
	_, all := position(t, file, 0)
	at := func(typ string) int {
		for i := len(all) / 2; i < len(all); i++ {
			if all[i].Type == typ && len(all[i].Auto) == 0 {
				return i
			}
		}
		b.Fatalf("no %s in the second half of %s", typ, file)
		return 0
	}
	for _, tc := range []struct {
		name, typ string
	}{
		{"lay_tile", "lay_tile"},
		{"dividend", "dividend"},
		{"place_token", "place_token"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			i := at(tc.typ)
			g, _ := position(t, file, i)
			bad := all[i]
			switch tc.typ {
			case "lay_tile":
				bad.Tile = "9-99"
			case "dividend":
				bad.Kind = "half"
			case "place_token":
				bad.City = "X-0-0"
			}
			b.ResetTimer()
			for range b.N {
				if g.Apply(&bad) == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
