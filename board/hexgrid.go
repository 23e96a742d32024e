package board

import (
	"fmt"
	"strconv"
)

// Layout is the orientation of the hexes of a map.
type Layout int

const (
	// Flat means flat-topped hexes: letters name columns, numbers name rows
	// (18xx.games `LAYOUT = :flat`, used by 1860).
	Flat Layout = iota
	// Pointy means pointy-topped hexes (18xx.games `LAYOUT = :pointy`).
	Pointy
)

// Edge numbering follows 18xx.games. In "doubled" coordinates x is the
// letter index (A=0) and y is the number minus one.
//
// Flat layout: edge 0 is the bottom side (y+2), then clockwise 1 lower-left,
// 2 upper-left, 3 top, 4 upper-right, 5 lower-right.
// Pointy layout: edge 0 is lower-left, 1 left, 2 upper-left, 3 upper-right,
// 4 right, 5 lower-right.
var edgeDelta = [2][6][2]int{
	Flat:   {{0, 2}, {-1, 1}, {-1, -1}, {0, -2}, {1, -1}, {1, 1}},
	Pointy: {{-1, 1}, {-2, 0}, {-1, -1}, {1, -1}, {2, 0}, {1, 1}},
}

// InvertEdge returns the edge on the neighbouring hex that faces edge e.
func InvertEdge(e int) int { return (e + 3) % 6 }

// RotateEdge returns the hex side on which edge e of a tile lies when the
// tile is laid with rotation r.
func RotateEdge(e, r int) int {
	x := e + r
	switch {
	case uint(x) < 6:
		return x
	case x >= 6 && x < 12:
		return x - 6
	case x < 0 && x >= -6:
		return x + 6
	}
	return (x%6 + 6) % 6
}

// ParseCoord splits an 18xx.games hex id such as "F2" or "AA10" into doubled
// coordinates (x = letter index, y = number-1), with letters as columns. A
// single lower-case letter names a column before A, as on 18xx.games (a is
// -1, b is -2, …: the north of 1825's Unit 4), and the number may be 0 or
// negative ("B0", "AA-1").
func ParseCoord(id string) (x, y int, err error) {
	i := 0
	for i < len(id) && ((id[i] >= 'A' && id[i] <= 'Z') || (id[i] >= 'a' && id[i] <= 'z')) {
		i++
	}
	if i == 0 || i > 2 || i == len(id) {
		return 0, 0, fmt.Errorf("board: bad hex id %q", id)
	}
	letters := id[:i]
	switch {
	case len(letters) == 1 && letters[0] >= 'a':
		x = -1 - int(letters[0]-'a')
	case len(letters) == 1:
		x = int(letters[0] - 'A')
	case letters[0] == 'A' && letters[1] <= 'Z':
		x = 26 + int(letters[1]-'A')
	default:
		return 0, 0, fmt.Errorf("board: bad hex id %q", id)
	}
	n, err := strconv.Atoi(id[i:])
	if err != nil {
		return 0, 0, fmt.Errorf("board: bad hex id %q", id)
	}
	return x, n - 1, nil
}

// HexXY returns the doubled coordinates of hex id on a map with layout l, as
// 18xx.games places it: on flat maps x is the letter index and y the number
// minus one (ParseCoord); on pointy maps the axes are swapped, letters naming
// rows and numbers columns (x = number-1, y = letter index).
func HexXY(l Layout, id string) (x, y int, err error) {
	x, y, err = ParseCoord(id)
	if l == Pointy {
		x, y = y, x
	}
	return x, y, err
}

// NeighborCoord returns the doubled coordinates of the hex across edge e.
func NeighborCoord(l Layout, x, y, e int) (int, int) {
	d := edgeDelta[l][e]
	return x + d[0], y + d[1]
}

// EdgeBetween returns the edge of hex (x1,y1) facing (x2,y2), or -1 if the
// hexes are not adjacent.
func EdgeBetween(l Layout, x1, y1, x2, y2 int) int {
	for e, d := range edgeDelta[l] {
		if x1+d[0] == x2 && y1+d[1] == y2 {
			return e
		}
	}
	return -1
}
