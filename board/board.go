package board

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// HexSpec describes one map hex and its printed tile.
type HexSpec struct {
	ID    string // 18xx.games coordinate, e.g. "F2"
	Color Color  // colour of the printed tile
	Code  string // tile DSL of the printed tile ("" = blank)
	// Index is the copy number of the printed tile: 18xx.games numbers the
	// hexes that share one HEXES entry 0,1,2,… and names the printed tile
	// "HEX-Index" (most tokenable printed tiles are alone, hence "G5-0").
	Index    int
	Location string // location name (for the UI and logs)
}

// TileSpec is one entry of a title's tile manifest.
type TileSpec struct {
	Name  string
	Color Color
	Code  string
	Count int
}

// Spec is the static description of a map: layout, hexes and tile supply.
type Spec struct {
	Layout Layout
	Hexes  []HexSpec
	Tiles  []TileSpec
	// Impassable lists the printed-tile colours that track may only enter
	// where the printed track points back (18xx.games
	// IMPASSABLE_HEX_COLORS); nil means blue, gray and red.
	Impassable []Color
	// DirectedWalk makes Graph follow track as a train runs along it:
	// a path entered at one end is left only by its other end (see
	// directedGraph).
	DirectedWalk bool
}

var defaultImpassable = []Color{Blue, Gray, Red}

func containsColor(cs []Color, c Color) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// static is the immutable part of a board, shared between clones.
type static struct {
	layout    Layout
	ids       []string
	index     map[string]int
	xy        [][2]int
	printed   []*TileDef
	printedID []string
	location  []string
	// neighbors[h][e] is the hex across side e that track may cross to,
	// or -1 (no hex, impassable border, or a blue/gray/red hex not
	// pointing at h).
	neighbors [][6]int32
	// sides[h] has bit e set when neighbors[h][e] is a hex.
	sides []uint8
	// all[h][e] is the adjacent hex regardless of borders, or -1.
	all      [][6]int32
	tiles    []*TileDef
	tileIdx  map[string]int
	counts   []int
	copyIDs  [][]string          // copyIDs[t][c] is "NAME-c" for tile def t
	tileByID map[string]*TileDef // printed tiles by id, for city ids
	// byCode[l*stride+n] is 1 + the index of the hex whose id has the
	// idParts l and n, or 0 (lookup's fast path; index stays the
	// authority).
	byCode   []int32
	stride   int
	directed bool          // Spec.DirectedWalk
	vmemo    versionMemos  // MemoByVersion values
	vers     atomic.Uint64 // the last version given to this board or a clone
	// pairs memoises the tile-pair tests of a lay (upgradeRefusal,
	// keepRefusal)
	pairs pairMemo
	// allTrackGraph holds every path of every hex (allTrack)
	allTrackOnce  sync.Once
	allTrackGraph *Graph
	// upTable memoises upgradeRefusalAt: entry old*len(tiles)+t is 1 +
	// the refusal, 0 unknown
	upTableOnce sync.Once
	upTable     []atomic.Uint32
}

// pairMemo holds the answers of the tests of a lay that depend on two tile
// definitions alone (immutable, so the answers never change), for every
// board of the map; safe for concurrent use.
type pairMemo struct {
	mu       sync.RWMutex
	upgrades map[upgradeKey]upgradeRefusal
	keeps    map[keepKey]rotationRefusal
}

// hexState is the mutable state of one hex.
// Its numbers are narrow (40 bytes in all, not 56): a checked lay copies
// every hex's state (scratchClone).
type hexState struct {
	tile *TileDef
	// tokens[node] are the slots of city node `node` ("" = empty); nil for
	// hexes without tokens. The lists may be shared with clones, so they
	// are copied before any change (writableTokens).
	tokens [][]string
	tdef   int32 // index into static.tiles, -1 for the printed tile
	// copy is the copy number of a supply tile (under 64: Board.used), or
	// -1 for the printed tile.
	copy int8
	rot  int8
}

// Board is the mutable map state: tiles on hexes, tokens and tile supply.
// The zero value is not usable; build one with New. Use Clone for a cheap
// independent copy. A Board is not safe for concurrent use, not even for
// concurrent reads: Graph and Distances memoise their results in it.
type Board struct {
	s     *static
	memo  *tileMemo // MemoByTiles values, shared with clones
	hexes []hexState
	// used[t] has bit i set when copy i of tile def t is on the map.
	used []uint64
	// nonBlocking lists corporations whose tokens never block others
	// (1860 flipped tokens of bankrupt corporations, neutral tokens).
	nonBlocking []string
	// cache memoises Graph and Distances for the current state (nil when
	// empty); see invalidate.
	cache *netCache
	// reserved are the home-token reservations (reserve.go); the list is
	// replaced, never changed in place, so clones share it.
	reserved []reservation
	// ver and tileVer are Version and TileVersion.
	ver, tileVer uint64
	// spareHexes and spareUsed are storage of an earlier state, reused by
	// the next checked lay's scratch copy (never shared with anything).
	spareHexes []hexState
	spareUsed  []uint64
}

// New builds a board from a spec. Boards built from equal specs share
// their static part (statics), which is most of a fresh board's memory.
func New(spec Spec) (*Board, error) {
	key := specHash(spec)
	if v, ok := statics.Load(key); ok && specEqual(v.(*specEntry).spec, spec) {
		return fromStatic(v.(*specEntry).s), nil
	}
	b, err := build(spec)
	if err != nil {
		return nil, err
	}
	// a spec whose hash another spec holds is built every time (no chain)
	statics.LoadOrStore(key, &specEntry{spec: cloneSpec(spec), s: b.s})
	return b, nil
}

// idParts splits a hex id of one upper-case letter, or "A" and one,
// then a number 1-999 without leading zeros, into the letters' index
// (0-51) and the number; other ids are false.
func idParts(id string) (l, n int, ok bool) {
	i := 0
	switch {
	case len(id) >= 2 && id[0] >= 'A' && id[0] <= 'Z' && id[1] >= '1' && id[1] <= '9':
		l, i = int(id[0]-'A'), 1
	case len(id) >= 3 && id[0] == 'A' && id[1] >= 'A' && id[1] <= 'Z' && id[2] >= '1' && id[2] <= '9':
		l, i = 26+int(id[1]-'A'), 2
	default:
		return 0, 0, false
	}
	if len(id)-i > 3 {
		return 0, 0, false
	}
	for ; i < len(id); i++ {
		if id[i] < '0' || id[i] > '9' {
			return 0, 0, false
		}
		n = n*10 + int(id[i]-'0')
	}
	return l, n, true
}

// lookup returns the index of hex id (as index does, usually without
// hashing the id). idParts is one-to-one (one or two capitals, then a
// number without leading zeros: the string is the only one with its l
// and n), so the hex found by code has this very id.
func (s *static) lookup(id string) (int, bool) {
	if l, n, ok := idParts(id); ok && n < s.stride {
		if c := l*s.stride + n; c < len(s.byCode) {
			if k := s.byCode[c]; k != 0 {
				return int(k - 1), true
			}
		}
	}
	i, ok := s.index[id]
	return i, ok
}

// fromStatic returns a fresh board (printed tiles, no tokens) of a
// memoised static part.
func fromStatic(s *static) *Board {
	b := &Board{s: s, memo: &tileMemo{}, hexes: make([]hexState, len(s.printed)), used: make([]uint64, len(s.tiles))}
	for i, t := range s.printed {
		b.hexes[i] = hexState{tile: t, copy: -1, tdef: -1}
	}
	return b
}

// NewKeyed is New for a title whose map spec is a pure function of key (a
// comparable value, say a type of the title's own holding its map
// options): the board of a key seen before is made from the memoised
// static part without building the spec again (spec is called only the
// first time). Keys of different types never match.
func NewKeyed(key any, spec func() (Spec, error)) (*Board, error) {
	if v, ok := keyedStatics.Load(key); ok {
		return fromStatic(v.(*static)), nil
	}
	sp, err := spec()
	if err != nil {
		return nil, err
	}
	b, err := New(sp)
	if err != nil {
		return nil, err
	}
	keyedStatics.LoadOrStore(key, b.s)
	return b, nil
}

// keyedStatics memoises static parts by NewKeyed's keys.
var keyedStatics sync.Map // key -> *static

// statics memoises the static part of boards by their spec's hash
// (specHash), with the spec to compare: it is immutable, so boards of
// every game with the same map share it.
var statics sync.Map // uint64 -> *specEntry

// specSeed seeds specHash (set once, never changed).
var specSeed = maphash.MakeSeed()

// specEntry is a memoised static part with (a copy of) its spec.
type specEntry struct {
	spec Spec
	s    *static
}

// specHash hashes everything specEqual compares.
func specHash(spec Spec) uint64 {
	var h maphash.Hash
	h.SetSeed(specSeed)
	var buf [8]byte
	num := func(n int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(n))
		h.Write(buf[:])
	}
	str := func(s string) {
		num(len(s))
		h.WriteString(s)
	}
	num(int(spec.Layout))
	if spec.DirectedWalk {
		num(1)
	}
	if spec.Impassable == nil {
		num(-1) // the default colours
	}
	num(len(spec.Impassable))
	for _, c := range spec.Impassable {
		num(int(c))
	}
	num(len(spec.Hexes))
	num(len(spec.Tiles))
	for _, x := range spec.Hexes {
		str(x.ID)
		num(int(x.Color))
		str(x.Code)
		num(x.Index)
		str(x.Location)
	}
	for _, t := range spec.Tiles {
		str(t.Name)
		num(int(t.Color))
		str(t.Code)
		num(t.Count)
	}
	return h.Sum64()
}

// specEqual reports whether two specs describe the same board (a nil
// Impassable, the default, differs from an empty one).
func specEqual(a, b Spec) bool {
	return a.Layout == b.Layout && a.DirectedWalk == b.DirectedWalk &&
		(a.Impassable == nil) == (b.Impassable == nil) && slices.Equal(a.Impassable, b.Impassable) &&
		slices.Equal(a.Hexes, b.Hexes) && slices.Equal(a.Tiles, b.Tiles)
}

// cloneSpec copies a spec's lists (the caller may reuse its own).
func cloneSpec(spec Spec) Spec {
	spec.Hexes = slices.Clone(spec.Hexes)
	spec.Tiles = slices.Clone(spec.Tiles)
	spec.Impassable = slices.Clone(spec.Impassable) // nil stays nil
	return spec
}

// build builds a board and its static part from a spec.
func build(spec Spec) (*Board, error) {
	s := &static{layout: spec.Layout, index: map[string]int{}, tileIdx: map[string]int{}, tileByID: map[string]*TileDef{}, directed: spec.DirectedWalk}
	b := &Board{s: s, memo: &tileMemo{}}
	coord := map[[2]int]int{}
	for _, h := range spec.Hexes {
		if _, dup := s.index[h.ID]; dup {
			return nil, fmt.Errorf("board: duplicate hex %s", h.ID)
		}
		x, y, err := HexXY(spec.Layout, h.ID)
		if err != nil {
			return nil, err
		}
		t, err := parseTileShared(h.ID, h.Color, h.Code)
		if err != nil {
			return nil, err
		}
		i := len(s.ids)
		s.index[h.ID] = i
		s.ids = append(s.ids, h.ID)
		s.xy = append(s.xy, [2]int{x, y})
		s.printed = append(s.printed, t)
		id := h.ID + "-" + strconv.Itoa(h.Index)
		s.printedID = append(s.printedID, id)
		s.tileByID[id] = t
		s.location = append(s.location, h.Location)
		coord[[2]int{x, y}] = i
		b.hexes = append(b.hexes, hexState{tile: t, copy: -1, tdef: -1})
	}
	impassable := spec.Impassable
	if impassable == nil {
		impassable = defaultImpassable
	}
	s.neighbors = make([][6]int32, len(s.ids))
	s.all = make([][6]int32, len(s.ids))
	for i := range s.ids {
		for e := 0; e < 6; e++ {
			s.neighbors[i][e], s.all[i][e] = -1, -1
			nx, ny := NeighborCoord(s.layout, s.xy[i][0], s.xy[i][1], e)
			j, ok := coord[[2]int{nx, ny}]
			if !ok {
				continue
			}
			s.all[i][e] = int32(j)
			nt := s.printed[j]
			if containsColor(impassable, nt.Color) {
				if nt.Exits(0)&(1<<InvertEdge(e)) == 0 {
					continue
				}
			}
			blocked := false
			for _, bd := range s.printed[i].Borders {
				if bd.Edge == e && bd.Type == "impassable" {
					blocked = true
				}
			}
			if !blocked {
				s.neighbors[i][e] = int32(j)
			}
		}
	}
	s.sides = make([]uint8, len(s.ids))
	for i := range s.ids {
		for e := 0; e < 6; e++ {
			if s.neighbors[i][e] >= 0 {
				s.sides[i] |= 1 << e
			}
		}
	}
	for _, ts := range spec.Tiles {
		if _, dup := s.tileIdx[ts.Name]; dup {
			return nil, fmt.Errorf("board: duplicate tile %s", ts.Name)
		}
		if ts.Count > 64 {
			return nil, fmt.Errorf("board: tile %s: at most 64 copies supported", ts.Name)
		}
		t, err := parseTileShared(ts.Name, ts.Color, ts.Code)
		if err != nil {
			return nil, err
		}
		s.tileIdx[ts.Name] = len(s.tiles)
		s.tiles = append(s.tiles, t)
		s.counts = append(s.counts, ts.Count)
		ids := make([]string, ts.Count)
		for c := range ids {
			ids[c] = ts.Name + "-" + strconv.Itoa(c)
		}
		s.copyIDs = append(s.copyIDs, ids)
	}
	b.used = make([]uint64, len(s.tiles))
	b.bump(true)
	// lookup's table: ids of idParts form at l*stride+n
	maxL, maxN := -1, -1
	for _, id := range s.ids {
		if l, n, ok := idParts(id); ok {
			maxL, maxN = max(maxL, l), max(maxN, n)
		}
	}
	s.stride = maxN + 1
	s.byCode = make([]int32, (maxL+1)*s.stride)
	for i, id := range s.ids {
		if l, n, ok := idParts(id); ok {
			s.byCode[l*s.stride+n] = int32(i + 1)
		}
	}
	return b, nil
}

// tileKey identifies a tile definition's source.
type tileKey struct {
	name  string
	color Color
	code  string
}

// parsedTiles memoises parseTileShared across boards (tile definitions are
// immutable, so boards may share them).
var parsedTiles sync.Map // tileKey -> *TileDef

// parseTileShared is ParseTile, memoised.
func parseTileShared(name string, color Color, code string) (*TileDef, error) {
	k := tileKey{name, color, code}
	if t, ok := parsedTiles.Load(k); ok {
		return t.(*TileDef), nil
	}
	t, err := ParseTile(name, color, code)
	if err != nil {
		return nil, err
	}
	v, _ := parsedTiles.LoadOrStore(k, t)
	return v.(*TileDef), nil
}

// Clone returns an independent deep copy of the board. Static data is shared.
func (b *Board) Clone() *Board {
	c := &Board{s: b.s, memo: b.memo}
	// Token slot lists are shared: they are never written in place (token
	// changes replace a hex's lists, see writableTokens).
	c.hexes = append([]hexState(nil), b.hexes...)
	c.used = append([]uint64(nil), b.used...)
	c.nonBlocking = append([]string(nil), b.nonBlocking...)
	c.cache = b.cache.clone()
	c.reserved = b.reserved
	c.ver, c.tileVer = b.ver, b.tileVer
	return c
}

// scratchClone is Clone for a checked lay: the copy reuses b's spare
// storage (taking it from b).
func (b *Board) scratchClone() *Board {
	c := &Board{s: b.s, memo: b.memo}
	c.hexes = append(b.spareHexes[:0], b.hexes...)
	c.used = append(b.spareUsed[:0], b.used...)
	b.spareHexes, b.spareUsed = nil, nil
	c.nonBlocking = append([]string(nil), b.nonBlocking...)
	c.cache = b.cache.clone()
	c.reserved = b.reserved
	c.ver, c.tileVer = b.ver, b.tileVer
	return c
}

// cloneTokens deep-copies token slots (empty slot lists become nil), all
// slot lists sharing one capacity-capped backing array.
func cloneTokens(t [][]string) [][]string {
	n := 0
	for _, s := range t {
		n += len(s)
	}
	out := make([][]string, len(t))
	buf := make([]string, n)
	for i, s := range t {
		if len(s) > 0 {
			k := copy(buf, s)
			out[i], buf = buf[:k:k], buf[k:]
		}
	}
	return out
}

// Layout returns the hex orientation of the map.
func (b *Board) Layout() Layout { return b.s.layout }

// HexIDs returns all hex ids in spec order.
func (b *Board) HexIDs() []string { return append([]string(nil), b.s.ids...) }

// HasHex reports whether the map has a hex with this id.
func (b *Board) HasHex(id string) bool { _, ok := b.s.lookup(id); return ok }

func (b *Board) hexIndex(id string) (int, error) {
	i, ok := b.s.lookup(id)
	if !ok {
		return -1, fmt.Errorf("board: no hex %s", id)
	}
	return i, nil
}

// Neighbor returns the hex across side e of hex id that track may cross
// to (impassable borders and blue/gray/red hexes that do not point back
// excluded), or "".
func (b *Board) Neighbor(id string, e int) string {
	i, ok := b.s.lookup(id)
	if !ok || e < 0 || e > 5 || b.s.neighbors[i][e] < 0 {
		return ""
	}
	return b.s.ids[b.s.neighbors[i][e]]
}

// Adjacent returns the hex across side e of hex id ignoring borders, or "".
func (b *Board) Adjacent(id string, e int) string {
	i, ok := b.s.lookup(id)
	if !ok || e < 0 || e > 5 || b.s.all[i][e] < 0 {
		return ""
	}
	return b.s.ids[b.s.all[i][e]]
}

// Location returns the location name of a hex.
func (b *Board) Location(id string) string {
	if i, ok := b.s.lookup(id); ok {
		return b.s.location[i]
	}
	return ""
}

// HexView is a read-only snapshot of one hex.
type HexView struct {
	ID       string
	Tile     *TileDef // tile now on the hex (the printed tile if none laid)
	TileID   string   // "NAME-COPY", or "HEX-INDEX" for the printed tile
	Rotation int
	Printed  *TileDef
	// Tokens[node] holds the slots of city node `node` ("" = empty); nil
	// entries for non-city nodes.
	Tokens [][]string
}

// Hex returns a snapshot of hex id.
func (b *Board) Hex(id string) (HexView, bool) {
	i, ok := b.s.lookup(id)
	if !ok {
		return HexView{}, false
	}
	h := &b.hexes[i]
	v := HexView{ID: id, Tile: h.tile, TileID: b.tileID(i), Rotation: int(h.rot), Printed: b.s.printed[i]}
	if h.tokens != nil {
		v.Tokens = cloneTokens(h.tokens)
	} else {
		v.Tokens = emptyTokens(h.tile)
	}
	return v, true
}

// TileOn returns the tile now on hex id (the printed tile if none was
// laid) and its rotation. Tile definitions are immutable and shared.
func (b *Board) TileOn(id string) (t *TileDef, rotation int, ok bool) {
	i, ok := b.s.lookup(id)
	if !ok {
		return nil, 0, false
	}
	return b.hexes[i].tile, int(b.hexes[i].rot), true
}

// HexTile is TileOn with the hex's index on the board (an index into
// HexIDs), for callers that compare hexes by number.
func (b *Board) HexTile(id string) (i int, t *TileDef, rotation int, ok bool) {
	i, ok = b.s.lookup(id)
	if !ok {
		return 0, nil, 0, false
	}
	return i, b.hexes[i].tile, int(b.hexes[i].rot), true
}

func (b *Board) tileID(i int) string {
	h := &b.hexes[i]
	if h.copy < 0 {
		return b.s.printedID[i]
	}
	return b.s.copyIDs[h.tdef][h.copy]
}

func emptyTokens(t *TileDef) [][]string {
	out := make([][]string, len(t.Nodes))
	n := 0
	for _, nd := range t.Nodes {
		if nd.Kind == City {
			n += nd.Slots
		}
	}
	if n == 0 {
		for i, nd := range t.Nodes {
			if nd.Kind == City {
				out[i] = []string{}
			}
		}
		return out
	}
	buf := make([]string, n)
	for i, nd := range t.Nodes {
		if nd.Kind == City {
			out[i], buf = buf[:nd.Slots:nd.Slots], buf[nd.Slots:]
		}
	}
	return out
}

// Tiles returns {hex: "NAME@ROTATION"} for every hex whose tile is no longer
// the printed one (the golden-trace `tiles` format).
func (b *Board) Tiles() map[string]string {
	out := map[string]string{}
	for i, h := range b.hexes {
		if h.copy >= 0 {
			out[b.s.ids[i]] = h.tile.Name + "@" + strconv.Itoa(int(h.rot))
		}
	}
	return out
}

// TileDef returns the definition of a supply tile by name.
func (b *Board) TileDef(name string) (*TileDef, bool) {
	i, ok := b.s.tileIdx[name]
	if !ok {
		return nil, false
	}
	return b.s.tiles[i], true
}

// TileNames returns the names of all supply tiles in manifest order.
func (b *Board) TileNames() []string {
	out := make([]string, len(b.s.tiles))
	for i, t := range b.s.tiles {
		out[i] = t.Name
	}
	return out
}

// TileCount returns the total number of copies of a tile in the game.
func (b *Board) TileCount(name string) int {
	if i, ok := b.s.tileIdx[name]; ok {
		return b.s.counts[i]
	}
	return 0
}

// AvailableTiles returns the ids of the copies of a tile not on the map,
// lowest copy first.
func (b *Board) AvailableTiles(name string) []string {
	i, ok := b.s.tileIdx[name]
	if !ok {
		return nil
	}
	var out []string
	for c := 0; c < b.s.counts[i]; c++ {
		if b.used[i]&(1<<c) == 0 {
			out = append(out, name+"-"+strconv.Itoa(c))
		}
	}
	return out
}

// ParseTileID splits "NAME-COPY" into name and copy number.
func ParseTileID(id string) (name string, copyNum int, err error) {
	k := strings.LastIndexByte(id, '-')
	if k <= 0 {
		return "", 0, fmt.Errorf("board: bad tile id %q", id)
	}
	n, err := strconv.Atoi(id[k+1:])
	if err != nil || n < 0 {
		return "", 0, fmt.Errorf("board: bad tile id %q", id)
	}
	return id[:k], n, nil
}

// SetNonBlocking marks (or unmarks) a corporation whose tokens never
// block other corporations' track tracing (e.g. flipped 1860 tokens).
func (b *Board) SetNonBlocking(corp string, on bool) {
	for i, c := range b.nonBlocking {
		if c == corp {
			if !on {
				b.nonBlocking = append(b.nonBlocking[:i:i], b.nonBlocking[i+1:]...)
				b.invalidate()
			}
			return
		}
	}
	if on {
		b.nonBlocking = append(b.nonBlocking, corp)
		b.invalidate()
	}
}

func (b *Board) isNonBlocking(corp string) bool {
	for _, c := range b.nonBlocking {
		if c == corp {
			return true
		}
	}
	return false
}

// NodeRef names a node on the map: hex id and node index into the current
// tile's Nodes.
type NodeRef struct {
	Hex  string
	Node int
}

// Signature returns the 18xx.games node signature "HEX-PART".
func (b *Board) Signature(r NodeRef) string {
	i, ok := b.s.lookup(r.Hex)
	if !ok || r.Node < 0 || r.Node >= len(b.hexes[i].tile.Nodes) {
		return ""
	}
	return r.Hex + "-" + strconv.Itoa(b.hexes[i].tile.Nodes[r.Node].Part)
}

// ParseSignature resolves a node signature "HEX-PART" against the tiles now
// on the map.
func (b *Board) ParseSignature(sig string) (NodeRef, error) {
	k := strings.LastIndexByte(sig, '-')
	if k <= 0 {
		return NodeRef{}, fmt.Errorf("board: bad node %q", sig)
	}
	i, err := b.hexIndex(sig[:k])
	if err != nil {
		return NodeRef{}, err
	}
	p, err := strconv.Atoi(sig[k+1:])
	if err != nil {
		return NodeRef{}, fmt.Errorf("board: bad node %q", sig)
	}
	n := b.hexes[i].tile.NodeByPart(p)
	if n < 0 {
		return NodeRef{}, fmt.Errorf("board: no node %q", sig)
	}
	return NodeRef{Hex: sig[:k], Node: n}, nil
}

// ResolveCity resolves a city id "TILEID-PART" (e.g. "G5-0-0", "5-1-0")
// to the node on the map where that tile lies.
func (b *Board) ResolveCity(cityID string) (NodeRef, error) {
	k := strings.LastIndexByte(cityID, '-')
	if k <= 0 {
		return NodeRef{}, fmt.Errorf("board: bad city id %q", cityID)
	}
	tileID := cityID[:k]
	p, err := strconv.Atoi(cityID[k+1:])
	if err != nil {
		return NodeRef{}, fmt.Errorf("board: bad city id %q", cityID)
	}
	for i := range b.hexes {
		if b.tileID(i) == tileID {
			n := b.hexes[i].tile.NodeByPart(p)
			if n < 0 {
				return NodeRef{}, fmt.Errorf("board: tile %s has no part %d", tileID, p)
			}
			return NodeRef{Hex: b.s.ids[i], Node: n}, nil
		}
	}
	return NodeRef{}, fmt.Errorf("board: tile %s is not on the map", tileID)
}

// CityID returns the 18xx.games city id "TILEID-PART" of a node.
func (b *Board) CityID(r NodeRef) string {
	i, ok := b.s.lookup(r.Hex)
	if !ok || r.Node < 0 || r.Node >= len(b.hexes[i].tile.Nodes) {
		return ""
	}
	return b.tileID(i) + "-" + strconv.Itoa(b.hexes[i].tile.Nodes[r.Node].Part)
}

// TokenLocations returns the node signatures ("HEX-PART") of all tokens of
// corp, sorted.
func (b *Board) TokenLocations(corp string) []string {
	var out []string
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp {
					out = append(out, b.s.ids[i]+"-"+strconv.Itoa(b.hexes[i].tile.Nodes[n].Part))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// TokenNodes returns the nodes holding a token of corp, in map order.
func (b *Board) TokenNodes(corp string) []NodeRef {
	// one scan into a small buffer, the list then allocated at its size;
	// a second scan only for a corporation with more tokens than it holds
	var buf [8]NodeRef
	k := 0
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp {
					if k < len(buf) {
						buf[k] = NodeRef{Hex: b.s.ids[i], Node: n}
					}
					k++
				}
			}
		}
	}
	if k == 0 {
		return nil
	}
	if k <= len(buf) {
		return slices.Clone(buf[:k])
	}
	out := make([]NodeRef, 0, k)
	for i := range b.hexes {
		for n, slots := range b.hexes[i].tokens {
			for _, c := range slots {
				if c == corp {
					out = append(out, NodeRef{Hex: b.s.ids[i], Node: n})
				}
			}
		}
	}
	return out
}
