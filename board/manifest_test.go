package board

import (
	"fmt"
	"testing"
)

func TestAddTiles(t *testing.T) {
	type line TileCount // a title's own type of TileCount's shape
	own := &TileShape{Color: Green, Code: "path=a:0,b:1"}
	tests := []struct {
		name  string
		lines []line
		want  string // name:count in supply order, or the error
	}{
		{"generic and own", []line{{"8", 2, nil}, {"625", 1, own}}, "[8:2 625:1]"},
		{"counts add up", []line{{"8", 2, nil}, {"8", 1, nil}}, "[8:3]"},
		{"copies taken out", []line{{"8", 2, nil}, {"625", 2, own}, {"625", -1, nil}}, "[8:2 625:1]"},
		{"the last copy taken out", []line{{"8", 2, nil}, {"8", -2, nil}, {"9", 1, nil}}, "[9:1]"},
		{"more taken out than there are", []line{{"625", 1, own}, {"625", -2, nil}}, "fewer than 2 copies of tile 625 to take out"},
		{"conflicting definitions", []line{{"8", 1, nil}, {"8", 1, own}}, "conflicting definitions of tile 8"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var m TileSupply
			got := ""
			if err := AddTiles(&m, tc.lines); err != nil {
				got = err.Error()
			} else {
				specs, err := m.Specs()
				if err != nil {
					t.Fatal(err)
				}
				var s []string
				for _, sp := range specs {
					s = append(s, fmt.Sprintf("%s:%d", sp.Name, sp.Count))
				}
				got = fmt.Sprint(s)
			}
			if got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
