package board_test

import (
	"testing"

	"tresham/board"
)

// BenchmarkParseTile parses the tile definitions a board is built from (a
// printed hex of each kind and the usual upgrades), the start-up work of the
// first board of a map in a process (board.New memoises them afterwards).
func BenchmarkParseTile(b *testing.B) {
	defs := []struct {
		color board.Color
		code  string
	}{
		{board.White, ""},
		{board.White, "upgrade=cost:100,terrain:mountain"},
		{board.White, "town=revenue:0"},
		{board.White, "city=revenue:0;city=revenue:0;label=OO"},
		{board.Yellow, "path=a:0,b:3"},
		{board.Yellow, "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3;label=OO"},
		{board.Green, "city=revenue:30,loc:0;city=revenue:30,loc:3;path=a:5,b:_0;path=a:2,b:_1;label=OO"},
		{board.Green, "town=revenue:10,visit_cost:0;path=a:0,b:2;path=a:2,b:_0;path=a:_0,b:4;path=a:0,b:4;label=HALT"},
		{board.Brown, "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:_0,b:2;path=a:1,b:_1;path=a:_1,b:3;label=OO"},
		{board.Gray, "city=revenue:70,slots:3;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=OO"},
		{board.Gray, "offboard=revenue:yellow_20|green_30|brown_40;path=a:1,b:_0;path=a:2,b:_0"},
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, d := range defs {
			if _, err := board.ParseTile("T", d.color, d.code); err != nil {
				b.Fatal(err)
			}
		}
	}
}
