package mapview

import (
	"strings"
	"testing"

	"tresham/board"
)

func TestRulesOf(t *testing.T) {
	g := newGame(t, variants[0])
	r := RulesOf(g.Engine())
	if r.Market == nil || !r.Market.ZigZag || len(r.Market.Rows) != 1 {
		t.Fatalf("1860 market: want one zig-zag row, got %+v", r.Market)
	}
	if len(r.Phases) != len(g.Engine().Phases) || r.Phase != 0 || r.Phases[0].TrainLimit == 0 || len(r.Phases[0].Tiles) == 0 {
		t.Errorf("1860 phases: %+v (index %d)", r.Phases, r.Phase)
	}
	rusts := 0
	for _, tr := range r.Trains {
		if tr.RustsOn != "" {
			rusts++
		}
	}
	if len(r.Trains) == 0 || rusts == 0 {
		t.Errorf("1860 trains: want some that rust, got %+v", r.Trains)
	}
	g2 := newGame(t, variants[2])
	r2 := RulesOf(g2.Engine())
	if r2.Market == nil || r2.Market.ZigZag || len(r2.Market.Rows) == 0 {
		t.Fatalf("1825 market: %+v", r2.Market)
	}
	pars := 0
	for _, row := range r2.Market.Rows {
		for _, c := range row {
			if c != nil && c.Type == "par" {
				pars++
			}
		}
	}
	if pars == 0 {
		t.Error("1825 market has no par cells")
	}
	v, err := RenderGame(g2)
	if err != nil || v.Rules == nil || len(v.Rules.Phases) != len(g2.Engine().Phases) {
		t.Errorf("RenderGame rules: %v %+v", err, v.Rules)
	}
}

func TestTilePreview(t *testing.T) {
	g := newGame(t, variants[0])
	b := g.Map()
	hex := ""
	for _, id := range b.HexIDs() {
		hv, _ := b.Hex(id)
		if hv.Tile.Color == board.White && len(hv.Tile.Nodes) == 0 && hv.Tile.Label() == "" && len(hv.Tile.Paths) == 0 {
			hex = id
			break
		}
	}
	if hex == "" {
		t.Fatal("no plain hex on the 1860 map")
	}
	tile := b.AvailableTiles("8")[0]
	svg, err := TilePreview(g, hex, tile, 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<g class="tile-preview" data-hex="` + hex + `" data-tile="` + tile + `" data-rotation="2">`, tileFill[board.Yellow], `class="track"`, `>` + hex + `</text>`} {
		if !strings.Contains(svg, want) {
			t.Errorf("preview lacks %q:\n%s", want, svg)
		}
	}
	if other, _ := TilePreview(g, hex, tile, 3); other == svg {
		t.Error("rotations 2 and 3 draw the same preview")
	}
	if len(b.Tiles()) != 0 || len(b.AvailableTiles("8")) == 0 || b.AvailableTiles("8")[0] != tile {
		t.Error("the preview changed the game's board")
	}
	if s, err := TilePreview(g, hex, "8", 0); err != nil || !strings.Contains(s, "tile-preview") {
		t.Errorf("a tile name alone: %v", err)
	}
	for _, bad := range [][3]string{{"Z99", tile, "0"}, {hex, "nope-0", "0"}, {hex, tile, "6"}} {
		rot := int(bad[2][0] - '0')
		if _, err := TilePreview(g, bad[0], bad[1], rot); err == nil {
			t.Errorf("TilePreview(%v) succeeded", bad)
		}
	}
}

// TestRenderGameNamesAndRotations checks the map rules name every private
// with an ability sentence and every corporation with its next token
// price, and list the symmetric tiles' rotation classes.
func TestRenderGameNamesAndRotations(t *testing.T) {
	for _, vi := range []int{0, 2} {
		v, err := RenderGame(newGame(t, variants[vi]))
		if err != nil {
			t.Fatal(err)
		}
		r := v.Rules
		if len(r.Companies) == 0 || len(r.Corporations) == 0 {
			t.Fatalf("variant %d: companies %d, corporations %d", vi, len(r.Companies), len(r.Corporations))
		}
		for _, c := range r.Companies {
			if c.Name == "" || c.Name == c.Sym || !strings.Contains(c.Ability, "£") {
				t.Errorf("variant %d: company %+v lacks a name or an ability", vi, c)
			}
		}
		for _, c := range r.Corporations {
			if c.Name == "" || c.NextTokenPrice < 0 {
				t.Errorf("variant %d: corporation %+v", vi, c)
			}
		}
		if got := r.TileRotations["9"]; got != [6]int{0, 1, 2, 0, 1, 2} {
			t.Errorf("variant %d: tile 9 (straight) rotations %v", vi, got)
		}
		if vi == 0 && (r.Auction == nil || len(r.Auction.Items) != 6 || r.Auction.MinBid != 5 || r.Auction.HighBid != 0 || len(r.Auction.Bidders) != 3) {
			t.Errorf("1860 at the start: auction %+v, want 6 items, no bid, minimum £5, 3 bidders", r.Auction)
		}
		if vi == 2 && r.Auction != nil {
			t.Errorf("1825 has no auction: %+v", r.Auction)
		}
		if _, ok := r.TileRotations["8"]; ok {
			t.Errorf("variant %d: tile 8 has no symmetry but is listed", vi)
		}
	}
}
