package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tresham/internal/fixtures"
	"tresham/mapview"
)

// importBeforeType imports the 1860 fixture cut just before its n-th action
// of type typ (0-based) and returns the game id and that action.
func importBeforeType(t *testing.T, u *user, typ string, n int) (int64, map[string]any) {
	t.Helper()
	data := fixtures.MustRead(t, "1860/19354.json")
	var src map[string]any
	if err := json.Unmarshal(data, &src); err != nil {
		t.Fatal(err)
	}
	var acts []map[string]any
	b, _ := json.Marshal(src["actions"])
	if err := json.Unmarshal(b, &acts); err != nil {
		t.Fatal(err)
	}
	cut := -1
	for i, a := range acts {
		if a["type"] == typ {
			if n == 0 {
				cut = i
				break
			}
			n--
		}
	}
	if cut < 0 {
		t.Fatalf("the fixture has too few %s actions", typ)
	}
	src["actions"] = acts[:cut]
	delete(src, "result")
	src["status"] = "active"
	body, _ := json.Marshal(src)
	var out struct {
		ID int64 `json:"id"`
	}
	u.mustDo("POST", "/api/games/import", body, http.StatusCreated, &out)
	return out.ID, acts[cut]
}

type manifestJSON struct {
	Tiles []mapview.ManifestTile         `json:"tiles"`
	Lays  map[string]map[string][]string `json:"lays"`
}

// TestTileManifest: the manifest of a real game cut before a tile lay
// lists that lay among the engine's legal ones, counts laid copies from
// the map, and is the setup manifest at ?action=0.
func TestTileManifest(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.TileManifest = mapview.ManifestOf })
	alice := env.signup("alice")
	id, lay := importBeforeType(t, alice, "lay_tile", 5)
	var m manifestJSON
	env.anon().mustDo("GET", fmt.Sprintf("/api/games/%d/tiles", id), nil, http.StatusOK, &m)
	ent := lay["entity"].(string)
	tile := lay["tile"].(string)
	name := tile[:strings.LastIndexByte(tile, '-')]
	if hexes := m.Lays[ent][name]; !slices.Contains(hexes, lay["hex"].(string)) {
		t.Errorf("the fixture lays %s on %s for %s; the manifest's lays for it: %v", name, lay["hex"], ent, m.Lays[ent])
	}
	laid := 0
	for _, mt := range m.Tiles {
		laid += len(mt.Laid)
		if mt.Left+len(mt.Laid) != mt.Count {
			t.Errorf("tile %s: %d left, %d laid of %d", mt.Name, mt.Left, len(mt.Laid), mt.Count)
		}
	}
	if laid == 0 {
		t.Error("no tile laid after five lays")
	}
	var start manifestJSON
	env.anon().mustDo("GET", fmt.Sprintf("/api/games/%d/tiles?action=0", id), nil, http.StatusOK, &start)
	for _, mt := range start.Tiles {
		if len(mt.Laid) != 0 {
			t.Errorf("at action 0 tile %s is laid on %v", mt.Name, mt.Laid)
		}
	}
	if len(start.Lays) != 0 {
		t.Errorf("at action 0 (the auction) lays %v", start.Lays)
	}
	for _, c := range []struct {
		q      string
		status int
	}{
		{fmt.Sprintf("/api/games/%d/tiles?action=x", id), 400},
		{fmt.Sprintf("/api/games/%d/tiles?action=99999", id), 400},
		{"/api/games/999/tiles", 404},
	} {
		if code, b := alice.do("GET", c.q, nil); code != c.status {
			t.Errorf("%s: %d %s, want %d", c.q, code, b, c.status)
		}
	}
	plain := newEnv(t, nil)
	bob := plain.signup("bob")
	id2, _ := importBeforeType(t, bob, "lay_tile", 0)
	bob.mustDo("GET", fmt.Sprintf("/api/games/%d/tiles", id2), nil, http.StatusNotFound, nil)
}
