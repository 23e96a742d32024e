package board

import (
	"slices"
	"sync"
)

// ParseColors parses the tile colours a phase names (ParseColor each).
// The result is shared: callers must not modify it.
func ParseColors(names []string) ([]Color, error) {
	if len(names) == 0 {
		return nil, nil
	}
	// Phases name few colours: the parsed list is memoised under a key
	// packing them (one byte each), so evaluating a route allocates none.
	var buf [8]Color
	out := buf[:0]
	var key uint64
	packs := len(names) <= len(buf)
	for i, n := range names {
		c, err := ParseColor(n)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
		if c < 0 || c >= 255 {
			packs = false
		}
		if packs {
			key |= uint64(c+1) << (8 * i)
		}
	}
	if !packs {
		return slices.Clone(out), nil
	}
	if v, ok := parsedColors.Load(key); ok {
		return v.([]Color), nil
	}
	v, _ := parsedColors.LoadOrStore(key, slices.Clone(out))
	return v.([]Color), nil
}

// parsedColors memoises ParseColors (filled as colours are parsed, never
// changed): packed colours -> []Color.
var parsedColors sync.Map
