package board

import (
	"fmt"
	"strconv"
	"strings"
)

// Color is a tile colour. The order of the first five values is the upgrade
// chain white → yellow → green → brown → gray.
type Color int

// Tile colours, in 18xx.games COLORS order.
const (
	White Color = iota
	Yellow
	Green
	Brown
	Gray
	Blue
	Sepia
	Red
)

var colorNames = [...]string{"white", "yellow", "green", "brown", "gray", "blue", "sepia", "red"}

// String returns the 18xx.games colour name.
func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return "color(" + strconv.Itoa(int(c)) + ")"
}

// ParseColor parses an 18xx.games colour name ("yellow", "gray", …).
func ParseColor(s string) (Color, error) {
	for i, n := range colorNames {
		if n == s {
			return Color(i), nil
		}
	}
	if s == "grey" {
		return Gray, nil
	}
	return 0, fmt.Errorf("board: unknown colour %q", s)
}

// NodeKind is the kind of a revenue location (stop) on a tile.
type NodeKind int

// Node kinds. A Halt is a kind of town in 18xx.games (1860 "£" halts).
const (
	City NodeKind = iota
	Town
	Halt
	Offboard
)

var nodeKindNames = [...]string{"city", "town", "halt", "offboard"}

// String returns the DSL keyword of the node kind.
func (k NodeKind) String() string { return nodeKindNames[k] }

// IsTown reports whether the kind counts as a town (towns and halts).
func (k NodeKind) IsTown() bool { return k == Town || k == Halt }

// PhaseRevenue is one entry of a phase-dependent revenue ("yellow_0|green_20").
type PhaseRevenue struct {
	Color Color
	Value int
}

// NodeDef is a city, town, halt or off-board of a tile definition.
type NodeDef struct {
	Kind NodeKind
	// Part is the index of the node among all parts of the tile
	// definition. 18xx.games uses it in city ids ("TILEID-PART") and node
	// signatures ("HEX-PART").
	Part int
	// Revenue is the flat revenue, or for phase revenues the maximum.
	Revenue int
	// Phased holds phase-dependent revenues in definition order (nil when
	// the revenue is flat).
	Phased []PhaseRevenue
	Slots  int    // token slots (cities; 1 by default)
	Loc    string // rendering location (kept for the UI)
	Symbol string // halt symbol
	// ToCity marks a town that may be upgraded to a city (town=…,to_city:1).
	ToCity bool
	// Paths lists the indices of the paths that have this node as an end.
	Paths []int
}

// RevenueFor returns the node revenue given the colours of the current
// phase (the last colour in phaseColors that has a revenue wins, as in
// 18xx.games).
func (n *NodeDef) RevenueFor(phaseColors []Color) int {
	if n.Phased == nil {
		return n.Revenue
	}
	for i := len(phaseColors) - 1; i >= 0; i-- {
		for _, pr := range n.Phased {
			if pr.Color == phaseColors[i] {
				return pr.Value
			}
		}
	}
	return 0
}

// EndKind says what a path end is attached to.
type EndKind int8

// Path end kinds.
const (
	EndEdge EndKind = iota
	EndNode
	EndJunction
)

// End is one end of a track path: a tile edge (N = edge number in the
// unrotated definition), a node (N = index into TileDef.Nodes) or the
// tile's junction.
type End struct {
	Kind EndKind
	N    int
}

// PathDef is a track segment of a tile definition.
type PathDef struct {
	A, B     End
	Terminal bool
	Track    string // "", "broad", "narrow", "dual"
}

// UpgradeDef is an upgrade (terrain) cost printed on a map hex.
type UpgradeDef struct {
	Cost     int
	Terrains []string
}

// BorderDef is a special hex side (impassable, or with a crossing cost).
type BorderDef struct {
	Edge int
	Type string
	Cost int
}

// TileDef is an immutable parsed tile definition.
type TileDef struct {
	Name     string
	Color    Color
	Code     string
	Nodes    []NodeDef
	Paths    []PathDef
	Labels   []string
	Upgrades []UpgradeDef
	Borders  []BorderDef
	Junction bool
	// NumParts is the number of parts in the definition (all DSL parts,
	// cosmetic ones included).
	NumParts int

	edgePaths [6][]int // base edge -> paths with that edge as an end
	junctionP []int    // paths with a junction end
	nCities   int
	nTowns    int
	// cte[rot] is cityTownEdges(rot), computed once by ParseTile.
	cte [6][][]int
}

// Label returns the tile's (last) label, or "".
func (t *TileDef) Label() string {
	if len(t.Labels) == 0 {
		return ""
	}
	return t.Labels[len(t.Labels)-1]
}

// NumCities returns the number of city nodes.
func (t *TileDef) NumCities() int { return t.nCities }

// NumTowns returns the number of towns, halts included.
func (t *TileDef) NumTowns() int { return t.nTowns }

// CityIndexes returns the node indices of the cities, in definition order.
func (t *TileDef) CityIndexes() []int {
	var r []int
	for i, n := range t.Nodes {
		if n.Kind == City {
			r = append(r, i)
		}
	}
	return r
}

// NodeByPart returns the node index whose part number is part, or -1.
func (t *TileDef) NodeByPart(part int) int {
	for i, n := range t.Nodes {
		if n.Part == part {
			return i
		}
	}
	return -1
}

// Cost returns the total upgrade (terrain) cost printed on the tile.
func (t *TileDef) Cost() int {
	c := 0
	for _, u := range t.Upgrades {
		c += u.Cost
	}
	return c
}

// Exits returns the bitmask of hex sides used by track when the tile is laid
// with rotation rot.
func (t *TileDef) Exits(rot int) uint8 {
	var m uint8
	for _, p := range t.Paths {
		for _, e := range [2]End{p.A, p.B} {
			if e.Kind == EndEdge {
				m |= 1 << RotateEdge(e.N, rot)
			}
		}
	}
	return m
}

// rotateSides turns a mask of hex sides by rot (RotateEdge of each side).
func rotateSides(m uint8, rot int) uint8 {
	return (m<<rot | m>>(6-rot)) & 63
}

// PathExits returns the bitmask of the hex sides path p reaches at rotation rot.
func (t *TileDef) PathExits(p, rot int) uint8 {
	var m uint8
	for _, e := range [2]End{t.Paths[p].A, t.Paths[p].B} {
		if e.Kind == EndEdge {
			m |= 1 << RotateEdge(e.N, rot)
		}
	}
	return m
}

// NodeExits returns the bitmask of hex sides directly joined to node n
// by its paths, at rotation rot.
func (t *TileDef) NodeExits(n, rot int) uint8 {
	var m uint8
	for _, p := range t.Nodes[n].Paths {
		m |= t.PathExits(p, rot)
	}
	return m
}

// PathsAtEdge returns the paths that end at absolute hex side e when the
// tile has rotation rot.
func (t *TileDef) PathsAtEdge(e, rot int) []int {
	return t.edgePaths[RotateEdge(e, -rot)]
}

// ParseTile parses an 18xx.games tile DSL string (e.g.
// "city=revenue:20;path=a:0,b:_0;label=B") into a TileDef.
func ParseTile(name string, color Color, code string) (*TileDef, error) {
	t := &TileDef{Name: name, Color: color, Code: code}
	type ref struct {
		node     int
		junction bool
	}
	var cache []ref
	if code == "" {
		return t, nil
	}
	var params tileParams // reused by every part
	for more := code; more != ""; {
		var pc string
		pc, more, _ = strings.Cut(more, ";")
		if pc == "" {
			continue
		}
		typ, rest, _ := strings.Cut(pc, "=")
		params = params.parse(rest)
		errf := func(format string, a ...any) error {
			return fmt.Errorf("board: tile %s: %q: %s", name, pc, fmt.Sprintf(format, a...))
		}
		switch typ {
		case "path":
			var ends [2]End
			for i, k := range [2]string{"a", "b"} {
				v, ok := params.get(k)
				if !ok {
					return nil, errf("missing %s", k)
				}
				if strings.HasPrefix(v, "_") {
					ci, err := strconv.Atoi(v[1:])
					if err != nil || ci < 0 || ci >= len(cache) {
						return nil, errf("bad reference %s", v)
					}
					if cache[ci].junction {
						ends[i] = End{Kind: EndJunction}
					} else {
						ends[i] = End{Kind: EndNode, N: cache[ci].node}
					}
				} else {
					e, err := strconv.Atoi(v)
					if err != nil || e < 0 || e > 5 {
						return nil, errf("bad edge %s", v)
					}
					ends[i] = End{Kind: EndEdge, N: e}
				}
			}
			lanes := 1
			if l, ok := params.get("lanes"); ok {
				n, err := strconv.Atoi(l)
				if err != nil || n < 1 {
					return nil, errf("bad lanes")
				}
				lanes = n
			}
			for i := 0; i < lanes; i++ {
				t.Paths = append(t.Paths, PathDef{A: ends[0], B: ends[1], Terminal: params.value("terminal") != "", Track: params.value("track")})
				t.NumParts++
			}
			continue
		case "city", "town", "halt", "offboard", "pass":
			n := NodeDef{Part: t.NumParts, Slots: 1, Loc: params.value("loc"), Symbol: params.value("symbol"), ToCity: params.value("to_city") != ""}
			switch typ {
			case "city", "pass":
				n.Kind = City
				t.nCities++
			case "town":
				n.Kind = Town
				t.nTowns++
			case "halt":
				n.Kind = Halt
				t.nTowns++
			case "offboard":
				n.Kind = Offboard
			}
			if s, ok := params.get("slots"); ok {
				v, err := strconv.Atoi(s)
				if err != nil {
					return nil, errf("bad slots")
				}
				n.Slots = v
			}
			if r, ok := params.get("revenue"); ok && r != "" {
				if strings.Contains(r, "_") {
					for _, pr := range strings.Split(r, "|") {
						cs, vs, _ := strings.Cut(pr, "_")
						c, err := ParseColor(cs)
						if err != nil {
							// Non-colour keys (e.g. "diesel") are kept out of phases.
							continue
						}
						v, err := strconv.Atoi(vs)
						if err != nil {
							return nil, errf("bad revenue")
						}
						n.Phased = append(n.Phased, PhaseRevenue{c, v})
						if v > n.Revenue {
							n.Revenue = v
						}
					}
				} else {
					v, err := strconv.Atoi(r)
					if err != nil {
						return nil, errf("bad revenue")
					}
					n.Revenue = v
				}
			}
			cache = append(cache, ref{node: len(t.Nodes)})
			t.Nodes = append(t.Nodes, n)
		case "junction":
			t.Junction = true
			cache = append(cache, ref{junction: true})
		case "label":
			// "label=B" has no ':' so params is empty.
			t.Labels = append(t.Labels, rest)
		case "upgrade":
			u := UpgradeDef{}
			if c, ok := params.get("cost"); ok {
				v, err := strconv.Atoi(c)
				if err != nil {
					return nil, errf("bad cost")
				}
				u.Cost = v
			}
			if tr := params.value("terrain"); tr != "" {
				u.Terrains = strings.Split(tr, "|")
			}
			t.Upgrades = append(t.Upgrades, u)
		case "border":
			e, err := strconv.Atoi(params.value("edge"))
			if err != nil || e < 0 || e > 5 {
				return nil, errf("bad edge")
			}
			b := BorderDef{Edge: e, Type: params.value("type")}
			if c, ok := params.get("cost"); ok {
				b.Cost, _ = strconv.Atoi(c)
			}
			t.Borders = append(t.Borders, b)
		case "icon", "stub", "partition", "frame", "stripes", "future_label":
			// Cosmetic (or unsupported) parts still occupy a part index.
		default:
			return nil, errf("unknown part type %q", typ)
		}
		t.NumParts++
	}
	for i, p := range t.Paths {
		for _, e := range [2]End{p.A, p.B} {
			switch e.Kind {
			case EndEdge:
				t.edgePaths[e.N] = appendUnique(t.edgePaths[e.N], i)
			case EndNode:
				t.Nodes[e.N].Paths = appendUnique(t.Nodes[e.N].Paths, i)
			case EndJunction:
				t.junctionP = appendUnique(t.junctionP, i)
			}
		}
	}
	for rot := range t.cte {
		t.cte[rot] = t.computeCityTownEdges(rot)
	}
	return t, nil
}

// tileParams are a DSL part's "key:value" parameters, in order.
type tileParams []tileParam

type tileParam struct{ key, value string }

// parse reads the parameters of rest ("k:v,k:v") into ps's storage; rest
// without a ':' (a label's text) has none.
func (ps tileParams) parse(rest string) tileParams {
	ps = ps[:0]
	if !strings.Contains(rest, ":") {
		return ps
	}
	for more := rest; ; {
		var kv string
		kv, more, _ = strings.Cut(more, ",")
		k, v, _ := strings.Cut(kv, ":")
		ps = append(ps, tileParam{k, v})
		if more == "" {
			return ps
		}
	}
}

// get returns the value of key k; a repeated key's last value counts.
func (ps tileParams) get(k string) (string, bool) {
	for i := len(ps) - 1; i >= 0; i-- {
		if ps[i].key == k {
			return ps[i].value, true
		}
	}
	return "", false
}

// value is get's value alone ("" when k is absent).
func (ps tileParams) value(k string) string {
	v, _ := ps.get(k)
	return v
}

// MustParseTile is ParseTile for static tables; it panics on error.
func MustParseTile(name string, color Color, code string) *TileDef {
	t, err := ParseTile(name, color, code)
	if err != nil {
		panic(err)
	}
	return t
}

func appendUnique(s []int, v int) []int {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}

// endKey is a rotated path end used for subset comparisons.
type endKey struct {
	edge bool
	num  int      // absolute edge when edge
	kind NodeKind // node kind otherwise
	city bool     // town with to_city
}

// pathEnds appends to out the comparison ends of path p at rotation rot,
// expanding a junction end into the non-junction ends of the other junction
// paths.
func (t *TileDef) pathEnds(out []endKey, p, rot int) []endKey {
	for _, e := range [2]End{t.Paths[p].A, t.Paths[p].B} {
		if e.Kind != EndJunction {
			out = t.appendEnd(out, e, rot)
			continue
		}
		for _, q := range t.junctionP {
			if q == p {
				continue
			}
			for _, qe := range [2]End{t.Paths[q].A, t.Paths[q].B} {
				if qe.Kind != EndJunction {
					out = t.appendEnd(out, qe, rot)
				}
			}
		}
	}
	return out
}

func (t *TileDef) appendEnd(out []endKey, e End, rot int) []endKey {
	switch e.Kind {
	case EndEdge:
		out = append(out, endKey{edge: true, num: RotateEdge(e.N, rot)})
	case EndNode:
		n := &t.Nodes[e.N]
		out = append(out, endKey{kind: n.Kind, city: n.ToCity})
	}
	return out
}

func endLE(a, b endKey) bool {
	if a.edge || b.edge {
		return a.edge && b.edge && a.num == b.num
	}
	switch a.kind {
	case Halt:
		return b.kind.IsTown()
	case Town:
		return b.kind == Town || (a.city && b.kind == City)
	default:
		return a.kind == b.kind
	}
}

func trackOf(s string) string {
	if s == "" {
		return "broad"
	}
	return s
}

// pathLE reports whether path p of t (rotation rt) is contained in path q
// of u (rotation ru): every end of p matches an end of q (18xx.games Path#<=).
func pathLE(t *TileDef, p, rt int, u *TileDef, q, ru int) bool {
	pt, qt := trackOf(t.Paths[p].Track), trackOf(u.Paths[q].Track)
	switch pt {
	case "broad":
		if qt != "broad" && qt != "dual" {
			return false
		}
	case "narrow":
		if qt != "narrow" && qt != "dual" {
			return false
		}
	case "dual":
		if qt != "dual" {
			return false
		}
	}
	var qbuf, pbuf [8]endKey
	qe := u.pathEnds(qbuf[:0], q, ru)
	for _, a := range t.pathEnds(pbuf[:0], p, rt) {
		ok := false
		for _, b := range qe {
			if endLE(a, b) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// PathsSubsetOf reports whether the track of t, in some rotation, is
// contained in the track of u laid at rotation ru (18xx.games
// Tile#paths_are_subset_of?).
func (t *TileDef) PathsSubsetOf(u *TileDef, ru int) bool {
	if t.Junction && u.Junction {
		oe := u.Exits(ru)
		te := t.Exits(0)
		for ticks := 0; ticks < 6; ticks++ {
			if te&^rotateMask(oe, ticks) == 0 {
				return true
			}
		}
		return false
	}
	for ticks := 0; ticks < 6; ticks++ {
		all := true
		for p := range t.Paths {
			found := false
			for q := range u.Paths {
				if pathLE(t, p, ticks, u, q, ru) {
					found = true
					break
				}
			}
			if !found {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func rotateMask(m uint8, r int) uint8 {
	var out uint8
	for e := 0; e < 6; e++ {
		if m&(1<<e) != 0 {
			out |= 1 << RotateEdge(e, r)
		}
	}
	return out
}

// cityTownEdges returns, for each city/town that has track to an edge, the
// absolute edges it is connected to, in the order 18xx.games computes them
// (Tile#city_town_edges). The lists are the tile's own: not to be modified.
func (t *TileDef) cityTownEdges(rot int) [][]int {
	return t.cte[RotateEdge(0, rot)]
}

// computeCityTownEdges computes cityTownEdges.
func (t *TileDef) computeCityTownEdges(rot int) [][]int {
	var keys []int
	var vals [][]int
	for _, p := range t.Paths {
		ct := -1
		for _, e := range [2]End{p.A, p.B} {
			if e.Kind == EndNode && t.Nodes[e.N].Kind == City {
				ct = e.N
			}
		}
		if ct < 0 {
			for _, e := range [2]End{p.A, p.B} {
				if e.Kind == EndNode && t.Nodes[e.N].Kind.IsTown() {
					ct = e.N
				}
			}
		}
		if ct < 0 {
			continue
		}
		for _, e := range [2]End{p.A, p.B} {
			if e.Kind != EndEdge {
				continue
			}
			k := -1
			for i, key := range keys {
				if key == ct {
					k = i
				}
			}
			if k < 0 {
				keys = append(keys, ct)
				vals = append(vals, nil)
				k = len(keys) - 1
			}
			vals[k] = append(vals[k], RotateEdge(e.N, rot))
		}
	}
	return vals
}

func intsContain(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// cteSubset implements Tile#city_town_edges_are_subset_of?.
func cteSubset(from, to [][]int) bool {
	for r := 0; r < 6; r++ {
		all := true
		for _, c := range from {
			found := false
			for _, o := range to {
				ok := true
				for _, e := range c {
					if !intsContain(o, RotateEdge(e, r)) {
						ok = false
						break
					}
				}
				if ok {
					found = true
					break
				}
			}
			if !found {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// UpgradesTo returns nil when a tile of def t may be replaced by u in
// general (colour, track, label and city/town rules of 18xx.games
// Game#upgrades_to?); the rotation of u is checked separately.
func (t *TileDef) UpgradesTo(u *TileDef) error {
	return t.upgradeRefusal(u).err(t, u)
}

// upgradeRefusal is why u may not replace t in general (upgradeOK if it
// may). It decides without building a message, for the listings that
// try every tile; err words it.
func (t *TileDef) upgradeRefusal(u *TileDef) upgradeRefusal {
	switch {
	case t.Color > Gray || u.Color != t.Color+1:
		return upgradeColour
	case !t.PathsSubsetOf(u, 0):
		return upgradeTrack
	case t.Label() != u.Label():
		return upgradeLabel
	case t.nTowns != u.nTowns:
		return upgradeTowns
	case t.Label() == "" && t.nCities != u.nCities:
		return upgradeCities
	case t.nCities > 1 && u.nCities > 1 && !cteSubset(t.cityTownEdges(0), u.cityTownEdges(0)):
		return upgradeCitiesKept
	case t.Label() != "" && t.nCities > 0 && u.nCities == 0:
		return upgradeCitiesRemoved
	case t.Color == White && t.Label() == "OO" && t.nCities != u.nCities:
		return upgradeOOCities
	}
	return upgradeOK
}

// upgradeRefusal names a general upgrade rule a replacement breaks.
type upgradeRefusal uint8

const (
	upgradeOK upgradeRefusal = iota
	upgradeColour
	upgradeTrack
	upgradeLabel
	upgradeTowns
	upgradeCities
	upgradeCitiesKept
	upgradeCitiesRemoved
	upgradeOOCities
)

// err words the refusal of u replacing t (nil for upgradeOK).
func (r upgradeRefusal) err(t, u *TileDef) error {
	switch r {
	case upgradeColour:
		return fmt.Errorf("%s tile %s cannot be replaced by %s tile %s", t.Color, t.Name, u.Color, u.Name)
	case upgradeTrack:
		return fmt.Errorf("tile %s does not keep the track of %s", u.Name, t.Name)
	case upgradeLabel:
		return fmt.Errorf("tile %s (label %q) does not match label %q of %s", u.Name, u.Label(), t.Label(), t.Name)
	case upgradeTowns:
		return fmt.Errorf("tile %s has %d towns, %s has %d", u.Name, u.nTowns, t.Name, t.nTowns)
	case upgradeCities:
		return fmt.Errorf("tile %s has %d cities, %s has %d", u.Name, u.nCities, t.Name, t.nCities)
	case upgradeCitiesKept:
		return fmt.Errorf("tile %s does not keep the cities of %s", u.Name, t.Name)
	case upgradeCitiesRemoved:
		return fmt.Errorf("tile %s would remove the cities of %s", u.Name, t.Name)
	case upgradeOOCities:
		return fmt.Errorf("tile %s has the wrong number of cities", u.Name)
	}
	return nil
}

// PathWithin reports whether path p of tile t laid at rotation rt is
// contained in path q of tile u laid at rotation ru (18xx.games Path#<=).
func PathWithin(t *TileDef, p, rt int, u *TileDef, q, ru int) bool {
	return pathLE(t, p, rt, u, q, ru)
}
