package board

import "fmt"

// TileCount is one line of a tile manifest, as 18xx.games lists a title's
// TILES: Count copies of a generic 18xx tile (GenericTile) when Own is nil,
// else of the title's own tile. A negative count takes copies out of the
// supply (a variant's smaller manifest).
type TileCount struct {
	Name  string
	Count int
	Own   *TileShape
}

// AddTiles merges a manifest into the supply, line by line: Add for a
// positive count, copies taken out for a negative one. A title keeps its
// manifests in its own type of TileCount's shape.
func AddTiles[T ~struct {
	Name  string
	Count int
	Own   *TileShape
}](m *TileSupply, tiles []T) error {
	for _, t := range tiles {
		l := TileCount(t)
		if l.Count >= 0 {
			if err := m.Add(l.Name, l.Count, l.Own); err != nil {
				return err
			}
			continue
		}
		n, ok := m.count[l.Name]
		switch {
		case !ok || n < -l.Count:
			return fmt.Errorf("fewer than %d copies of tile %s to take out", -l.Count, l.Name)
		case n == -l.Count:
			m.Remove(l.Name)
		default:
			m.count[l.Name] = n + l.Count
		}
	}
	return nil
}
