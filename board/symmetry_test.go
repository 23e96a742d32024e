package board

import "testing"

func TestRotationClasses(t *testing.T) {
	tests := []struct {
		name, code string
		want       [6]int
	}{
		{"gentle curve", "path=a:0,b:2", [6]int{0, 1, 2, 3, 4, 5}},
		{"straight", "path=a:0,b:3", [6]int{0, 1, 2, 0, 1, 2}},
		{"city straight", "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3", [6]int{0, 1, 2, 0, 1, 2}},
		{"dead end city", "city=revenue:20;path=a:0,b:_0", [6]int{0, 1, 2, 3, 4, 5}},
		{"three-way Y", "path=a:0,b:2;path=a:2,b:4;path=a:4,b:0", [6]int{0, 1, 0, 1, 0, 1}},
		{"city Y", "city=revenue:30;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0", [6]int{0, 1, 0, 1, 0, 1}},
		{"all six edges", "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;path=a:4,b:_0;path=a:5,b:_0", [6]int{0, 0, 0, 0, 0, 0}},
		{"two halts facing", "halt=symbol:£,loc:0;halt=symbol:£,loc:3;path=a:0,b:_0;path=a:3,b:_1;path=a:_0,b:_1", [6]int{0, 1, 2, 0, 1, 2}},
		{"two cities, different revenue", "city=revenue:50;city=revenue:30;path=a:0,b:_0;path=a:3,b:_1", [6]int{0, 1, 2, 3, 4, 5}},
		{"two cities, same revenue", "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:3,b:_1", [6]int{0, 1, 2, 0, 1, 2}},
		{"crossing", "path=a:0,b:3;path=a:1,b:4;path=a:2,b:5", [6]int{0, 0, 0, 0, 0, 0}},
		{"two curves", "path=a:0,b:2;path=a:3,b:5", [6]int{0, 1, 2, 0, 1, 2}},
		{"narrow and broad curves", "path=a:0,b:2,track:narrow;path=a:3,b:5", [6]int{0, 1, 2, 3, 4, 5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			td, err := ParseTile("x", Yellow, tc.code)
			if err != nil {
				t.Fatal(err)
			}
			if got := td.RotationClasses(); got != tc.want {
				t.Errorf("RotationClasses(%s) = %v, want %v", tc.code, got, tc.want)
			}
		})
	}
}
