package t1825

import (
	"fmt"
	"reflect"
	"sort"
	"testing"

	"tresham/board"
	"tresham/compat/g18xx"
)

// phaseColors are the tile colours of a phase, for board.LayOptions.Colors.
func phaseColors(o Options, phase string) ([]board.Color, []string) {
	for _, p := range Phases(o) {
		if p.Name != phase {
			continue
		}
		var cs []board.Color
		for _, n := range p.Tiles {
			c, err := board.ParseColor(n)
			if err != nil {
				panic(err)
			}
			cs = append(cs, c)
		}
		return cs, p.Tiles
	}
	return nil, nil
}

// mapReplay lays a fixture's tiles and tokens on a fresh map.
type mapReplay struct {
	t     *testing.T
	f     fixture
	b     *board.Board
	corps map[string]CorpDef
	// traced: home tokens and closures come from the golden trace, and lays
	// are checked against the phase's colours. Otherwise a corporation's
	// home tokens are placed before its first action, and its stations are
	// taken off after its last one (a corporation that never acts again
	// has closed, or the game is over).
	traced bool
	line   *traceLine     // trace line before the action being applied
	last   map[string]int // untraced: index of each corporation's last action

	lays, listed, tokens, stops, tileStates, tokenStates, homes, connected int
}

func newMapReplay(t *testing.T, f fixture) *mapReplay {
	b, err := NewBoard(f.opts)
	if err != nil {
		t.Fatal(err)
	}
	r := &mapReplay{t: t, f: f, b: b, corps: map[string]CorpDef{}, traced: f.trace != nil, last: map[string]int{}}
	for _, c := range Corporations(f.opts) {
		r.corps[c.Sym] = c
	}
	return r
}

func (r *mapReplay) errorf(a *g18xx.Action, format string, args ...any) {
	r.t.Helper()
	r.t.Errorf("%s action %d (%s %v): %s", r.f.name, a.ID, a.Type, a.Entity, fmt.Sprintf(format, args...))
}

// placeHomes places the home tokens of corp that can be placed: a major's at
// once, a minor's once its home hex has a city with track (18xx.games
// can_place_home_token?). It returns the hexes where it placed one.
func (r *mapReplay) placeHomes(corp string) []string {
	c, ok := r.corps[corp]
	if !ok || len(r.b.TokenNodes(corp)) > 0 {
		return nil
	}
	var placed []string
	for _, h := range c.Homes {
		v, _ := r.b.Hex(h)
		if c.Minor && (len(v.Tile.Paths) == 0 || v.Tile.NumCities() == 0) {
			continue
		}
		ref, ok := r.b.HomeCity(corp, h)
		if !ok {
			r.t.Errorf("%s: no home city for %s on %s", r.f.name, corp, h)
			continue
		}
		if _, err := r.b.PlaceToken(ref, corp, board.TokenOptions{}); err != nil {
			r.t.Errorf("%s: home token of %s on %s: %v", r.f.name, corp, h, err)
			continue
		}
		placed = append(placed, h)
		r.homes++
	}
	return placed
}

// retire takes off the stations of the corporations whose last action was
// action k (untraced games).
func (r *mapReplay) retire(k int) {
	for sym, last := range r.last {
		if last == k {
			for _, n := range r.b.TokenNodes(sym) {
				_ = r.b.RemoveToken(n, sym)
			}
		}
	}
}

func (r *mapReplay) apply(a *g18xx.Action) {
	corp, _ := a.Entity.Symbol()
	if !r.traced && a.EntityType == "corporation" {
		r.placeHomes(corp)
	}
	switch a.Type {
	case g18xx.TypeLayTile:
		r.layTile(a, corp)
	case g18xx.TypePlaceToken:
		r.tokens++
		ref, err := r.b.ResolveCity(a.City)
		if err != nil {
			r.errorf(a, "city %s does not resolve: %v", a.City, err)
			return
		}
		// A home token whose city the player chooses (a minor on a hex of
		// several cities) is a place_token without the connection rule.
		home := len(r.b.TokenNodes(corp)) == 0 && contains(r.corps[corp].Homes, ref.Hex)
		if _, err := r.b.PlaceToken(ref, corp, board.TokenOptions{CheckConnected: !home}); err != nil {
			r.errorf(a, "token in %s refused: %v", a.City, err)
		}
	case g18xx.TypeRunRoutes:
		for _, rt := range a.Routes {
			for _, n := range rt.Nodes {
				r.stops++
				if _, err := r.b.ParseSignature(n); err != nil {
					r.errorf(a, "route node %s: %v", n, err)
				}
			}
		}
	}
	for i := range a.AutoActions {
		r.apply(&a.AutoActions[i])
	}
}

func (r *mapReplay) layTile(a *g18xx.Action, corp string) {
	r.lays++
	opt := board.LayOptions{Corp: corp, Rules: LayRules()}
	c := r.corps[corp]
	if c.Minor && len(r.b.TokenNodes(corp)) == 0 && len(c.Homes) > 0 && c.Homes[0] == a.Hex {
		opt.NoConnectivity = true // a minor lays its home track before its token
	}
	name, _, err := board.ParseTileID(a.Tile)
	if err != nil {
		r.errorf(a, "%v", err)
		return
	}
	if r.line != nil {
		var names []string
		opt.Colors, names = phaseColors(r.f.opts, r.line.Phase)
		if td, ok := r.b.TileDef(name); ok && !TileAvailable(td, names) {
			r.errorf(a, "tile %s not available in phase %s", name, r.line.Phase)
		}
	}
	if !opt.NoConnectivity {
		r.connected++
	}
	listed := false
	for _, l := range r.b.LegalLays(a.Hex, opt) {
		listed = listed || (l.Tile == name && l.Rotation == a.Rotation)
	}
	if listed {
		r.listed++
	} else {
		r.errorf(a, "lay %s@%d on %s not listed by LegalLays", a.Tile, a.Rotation, a.Hex)
	}
	if _, err := r.b.LayTile(a.Hex, a.Tile, a.Rotation, opt); err != nil {
		r.errorf(a, "lay %s@%d on %s refused: %v", a.Tile, a.Rotation, a.Hex, err)
		if err := r.b.ForceLay(a.Hex, a.Tile, a.Rotation); err != nil {
			r.t.Fatalf("%s action %d: cannot even force the lay: %v", r.f.name, a.ID, err)
		}
	}
	if !r.traced && c.Minor {
		r.placeHomes(corp)
	}
}

// check compares the board with the golden line after action a: the tiles,
// and every corporation's station markers. A marker the board lacks must be
// a home token, placed in the company's home city; a marker of a closed
// company is removed.
func (r *mapReplay) check(a *g18xx.Action, after *traceLine) {
	if got := r.b.Tiles(); !reflect.DeepEqual(got, after.Tiles) && (len(got) > 0 || len(after.Tiles) > 0) {
		r.errorf(a, "tiles differ:\n got %v\nwant %v", got, after.Tiles)
	} else {
		r.tileStates++
	}
	for _, tc := range after.Corporations {
		want := append([]string(nil), tc.TokensPlaced...)
		sort.Strings(want)
		have := r.b.TokenLocations(tc.Sym)
		if !reflect.DeepEqual(have, want) && len(want) > len(have) {
			r.placeHomes(tc.Sym)
			have = r.b.TokenLocations(tc.Sym)
		}
		if !reflect.DeepEqual(have, want) && len(want) < len(have) {
			for _, node := range r.b.TokenNodes(tc.Sym) {
				_ = r.b.RemoveToken(node, tc.Sym)
			}
			have = r.b.TokenLocations(tc.Sym)
		}
		if !reflect.DeepEqual(have, want) && (len(have) > 0 || len(want) > 0) {
			r.errorf(a, "%s tokens %v, want %v", tc.Sym, have, want)
			continue
		}
		r.tokenStates++
	}
}

// TestFixtureMaps replays the track and stations of every 1825 fixture on
// the map of its units: every lay must be accepted, and listed by
// LegalLays, with the 1825 replacement rules and the connectivity rule
// (and, where a golden trace gives the phase, with the phase's colours);
// every place_token city id must resolve and take a connected token (a
// home token chosen by place_token excepted); every route stop ("HEX-PART") must name a node of the tile then
// on the hex, and after every action of a traced game the tiles and every
// corporation's stations must equal the golden trace.
func TestFixtureMaps(t *testing.T) {
	var lays, listed, tokens, stops, tileStates, tokenStates, homes, connected, games, traced int
	for _, path := range fixtureGames(t) {
		f := loadFixture(t, path)
		t.Run(f.name, func(t *testing.T) {
			r := newMapReplay(t, f)
			acts := g18xx.WithoutMessages(g18xx.Effective(f.game.Actions))
			if f.trace != nil && len(f.trace) != len(acts)+1 {
				t.Fatalf("%d effective actions but %d trace lines", len(acts), len(f.trace))
			}
			for k := range acts {
				if sym, ok := acts[k].Entity.Symbol(); ok && acts[k].EntityType == "corporation" {
					r.last[sym] = k
				}
			}
			for k := range acts {
				a := &acts[k]
				if f.trace != nil {
					r.line = &f.trace[k]
				}
				r.apply(a)
				if f.trace != nil {
					r.check(a, &f.trace[k+1])
				} else {
					r.retire(k)
				}
			}
			t.Logf("%d lays (%d with connectivity, %d listed by LegalLays), %d tokens, %d home tokens, %d route stops; %d tile states and %d station states match the trace",
				r.lays, r.connected, r.listed, r.tokens, r.homes, r.stops, r.tileStates, r.tokenStates)
			games++
			if f.trace != nil {
				traced++
			}
			lays += r.lays
			listed += r.listed
			tokens += r.tokens
			stops += r.stops
			tileStates += r.tileStates
			tokenStates += r.tokenStates
			homes += r.homes
			connected += r.connected
		})
	}
	t.Logf("%d games (%d traced): %d lays (%d checked for connectivity, %d listed by LegalLays), %d token placements, %d home tokens, %d route stops resolved; %d tile states and %d station states equal to the golden traces",
		games, traced, lays, connected, listed, tokens, homes, stops, tileStates, tokenStates)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
