package t1860

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"tresham/board"
	"tresham/internal/fixtures"
)

// fxAction is the subset of an 18xx.games action used by the map replay.
type fxAction struct {
	Type        string          `json:"type"`
	ID          int             `json:"id"`
	Entity      json.RawMessage `json:"entity"`
	EntityType  string          `json:"entity_type"`
	ActionID    *int            `json:"action_id"`
	Hex         string          `json:"hex"`
	Tile        string          `json:"tile"`
	Rotation    int             `json:"rotation"`
	City        string          `json:"city"`
	Slot        int             `json:"slot"`
	AutoActions []fxAction      `json:"auto_actions"`
}

func (a fxAction) entity() string {
	var s string
	if json.Unmarshal(a.Entity, &s) == nil {
		return s
	}
	return string(a.Entity)
}

type fxGame struct {
	Settings struct {
		OptionalRules []string `json:"optional_rules"`
	} `json:"settings"`
	Actions []fxAction `json:"actions"`
}

// effectiveActions applies the undo/redo rules of the fixtures README §2
// and returns the kept non-message actions in order.
func effectiveActions(all []fxAction) []fxAction {
	type kept struct {
		a   fxAction
		pos int
	}
	var list []kept
	var redo [][]kept
	for pos, a := range all {
		switch a.Type {
		case "message":
			list = append(list, kept{a, pos})
		case "undo":
			var removed []kept
			var rest []kept
			if a.ActionID == nil {
				for i := len(list) - 1; i >= 0; i-- {
					if list[i].a.Type != "message" {
						removed = []kept{list[i]}
						rest = append(append(rest, list[:i]...), list[i+1:]...)
						break
					}
				}
				if removed == nil {
					rest = list
				}
			} else {
				after := *a.ActionID == 0
				for _, k := range list {
					if after && k.a.Type != "message" {
						removed = append(removed, k)
						continue
					}
					rest = append(rest, k)
					if k.a.ID == *a.ActionID {
						after = true
					}
				}
			}
			list = rest
			redo = append(redo, removed)
		case "redo":
			if len(redo) == 0 {
				continue
			}
			g := redo[len(redo)-1]
			redo = redo[:len(redo)-1]
			list = append(list, g...)
			sort.SliceStable(list, func(i, j int) bool { return list[i].pos < list[j].pos })
		default:
			list = append(list, kept{a, pos})
			redo = nil
		}
	}
	var out []fxAction
	for _, k := range list {
		if k.a.Type != "message" {
			out = append(out, k.a)
		}
	}
	return out
}

type fxCorp struct {
	Sym           string   `json:"sym"`
	Trains        []string `json:"trains"`
	TokensPlaced  []string `json:"tokens_placed"`
	TokensFlipped []string `json:"tokens_flipped"`
}

type fxLine struct {
	ID           int               `json:"id"`
	Type         string            `json:"type"`
	Phase        string            `json:"phase"`
	Tiles        map[string]string `json:"tiles"`
	Corporations []fxCorp          `json:"corporations"`
}

func readTrace(t *testing.T, name string) []fxLine {
	f, err := fixtures.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []fxLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		var l fxLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// homeHexes are the 1860 home locations (test-only copy; the corporation
// data lives elsewhere).
var homeHexes = map[string]string{
	"C&N": "F2", "IOW": "I3", "IWNJ": "G7", "FYN": "B4",
	"NGStL": "G9", "BHI&R": "L6", "S&C": "F12", "VYSC": "E9",
}

func phaseColors(phase string) []board.Color {
	switch phase {
	case "":
		return nil
	case "2":
		return []board.Color{board.Yellow}
	case "3", "4":
		return []board.Color{board.Yellow, board.Green}
	default:
		return []board.Color{board.Yellow, board.Green, board.Brown}
	}
}

// trainReach derives the biggest train from a trace line.
func trainReach(line *fxLine, noSkipTowns bool) TrainReach {
	return func(corp string) (int, int) {
		bc, bt := 0, 0
		for _, c := range line.Corporations {
			if c.Sym != corp {
				continue
			}
			for _, tr := range c.Trains {
				name := tr[:strings.LastIndexByte(tr, '-')]
				cs, ts, _ := strings.Cut(name, "+")
				ci, _ := strconv.Atoi(cs)
				ti, _ := strconv.Atoi(ts)
				if ci > bc {
					bc, bt = ci, ti
				}
			}
		}
		if bc == 0 {
			return 0, 0
		}
		if !noSkipTowns {
			bt = UnlimitedTowns
		}
		return bc, bt
	}
}

// syncTokens makes the board's tokens match a trace line (home tokens,
// removals) and marks flipped corporations as non-blocking.
func syncTokens(t *testing.T, b *board.Board, line *fxLine) {
	for _, c := range line.Corporations {
		b.SetNonBlocking(c.Sym, len(c.TokensFlipped) > 0)
		have := b.TokenLocations(c.Sym)
		want := append([]string(nil), c.TokensPlaced...)
		sort.Strings(want)
		if reflect.DeepEqual(have, want) || (len(have) == 0 && len(want) == 0) {
			continue
		}
		wantSet := map[string]int{}
		for _, w := range want {
			wantSet[w]++
		}
		for _, h := range have {
			if wantSet[h] > 0 {
				wantSet[h]--
				continue
			}
			r, err := b.ParseSignature(h)
			if err == nil {
				_ = b.RemoveToken(r, c.Sym)
			}
		}
		for w, n := range wantSet {
			for ; n > 0; n-- {
				r, err := b.ParseSignature(w)
				if err != nil {
					t.Errorf("line %d: token %s of %s: %v", line.ID, w, c.Sym, err)
					continue
				}
				if _, err := b.PlaceToken(r, c.Sym, board.TokenOptions{}); err != nil {
					t.Errorf("line %d: home token %s of %s: %v", line.ID, w, c.Sym, err)
				}
			}
		}
	}
}

func ensureHomeToken(b *board.Board, corp string) {
	home, ok := homeHexes[corp]
	if !ok || len(b.TokenNodes(corp)) > 0 || !b.HasHex(home) {
		return
	}
	h, _ := b.Hex(home)
	for n, nd := range h.Tile.Nodes {
		if nd.Kind == board.City {
			_, _ = b.PlaceToken(board.NodeRef{Hex: home, Node: n}, corp, board.TokenOptions{})
			return
		}
	}
}

func hasRule(rules []string, names ...string) bool {
	for _, r := range rules {
		for _, n := range names {
			if r == n {
				return true
			}
		}
	}
	return false
}

type replayStats struct {
	lays, laysOK, listed, tokens, tokensOK, tileChecks, tileOK int
}

func replayFixture(t *testing.T, path string) replayStats {
	var st replayStats
	data := fixtures.MustRead(t, path)
	var g fxGame
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	trace := readTrace(t, strings.TrimSuffix(path, ".json")+".trace.jsonl")
	b, err := Map(MapOptionsFromRules(g.Settings.OptionalRules))
	if err != nil {
		t.Fatal(err)
	}
	noSkip := hasRule(g.Settings.OptionalRules, "no_skip_towns", "original_game")
	acts := effectiveActions(g.Actions)
	if trace != nil && len(trace) != len(acts)+1 {
		t.Fatalf("%s: %d effective actions but %d trace lines", path, len(acts), len(trace))
	}
	var step LayStep
	prevLay := ""
	for k, a := range acts {
		var before, after *fxLine
		if trace != nil {
			before, after = &trace[k], &trace[k+1]
		}
		ent := a.entity()
		if a.Type != "lay_tile" || prevLay != ent {
			step = LayStep{}
		}
		if trace == nil && a.EntityType == "corporation" {
			ensureHomeToken(b, ent)
		}
		switch a.Type {
		case "lay_tile":
			st.lays++
			opt := board.LayOptions{Corp: ent}
			var reach TrainReach
			if before != nil {
				opt.Colors = phaseColors(before.Phase)
				reach = trainReach(before, noSkip)
			}
			opt.Rules = LayRules(reach)
			name, _, _ := board.ParseTileID(a.Tile)
			td, _ := b.TileDef(name)
			if td != nil {
				if err := step.Check(td); err != nil {
					t.Errorf("%s action %d: lay step: %v", filepath.Base(path), a.ID, err)
				}
				step = step.Next(td)
			}
			found := false
			for _, ll := range b.LegalLays(a.Hex, opt) {
				if ll.Tile == name && ll.Rotation == a.Rotation {
					found = true
				}
			}
			if found {
				st.listed++
			}
			if _, err := b.LayTile(a.Hex, a.Tile, a.Rotation, opt); err != nil {
				t.Errorf("%s action %d (%s): lay %s@%d on %s refused: %v", filepath.Base(path), a.ID, ent, a.Tile, a.Rotation, a.Hex, err)
				if err := b.ForceLay(a.Hex, a.Tile, a.Rotation); err != nil {
					t.Fatalf("%s action %d: force lay: %v", filepath.Base(path), a.ID, err)
				}
			} else {
				st.laysOK++
			}
			prevLay = ent
		case "place_token":
			st.tokens++
			r, err := b.ResolveCity(a.City)
			if err == nil {
				_, err = b.PlaceToken(r, ent, board.TokenOptions{CheckConnected: true})
			}
			if err != nil {
				t.Errorf("%s action %d (%s): token %s refused: %v", filepath.Base(path), a.ID, ent, a.City, err)
			} else {
				st.tokensOK++
			}
		}
		if a.Type != "lay_tile" {
			prevLay = ""
		}
		if after != nil {
			if a.Type == "lay_tile" {
				st.tileChecks++
				if got := b.Tiles(); !reflect.DeepEqual(got, after.Tiles) {
					t.Errorf("%s action %d: tiles differ:\n got %v\nwant %v", filepath.Base(path), a.ID, got, after.Tiles)
				} else {
					st.tileOK++
				}
			}
			syncTokens(t, b, after)
		}
	}
	return st
}

func TestReplayFixtureLays(t *testing.T) {
	var files []string
	for _, pat := range []string{"1860/*.json", "synthetic/1860/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no 1860 fixtures")
	}
	var tot replayStats
	for _, f := range files {
		f := f
		t.Run(filepath.Base(f), func(t *testing.T) {
			st := replayFixture(t, f)
			t.Logf("listed %d, lays %d/%d, tokens %d/%d, tile states %d/%d", st.listed, st.laysOK, st.lays, st.tokensOK, st.tokens, st.tileOK, st.tileChecks)
			tot.listed += st.listed
			tot.lays += st.lays
			tot.laysOK += st.laysOK
			tot.tokens += st.tokens
			tot.tokensOK += st.tokensOK
			tot.tileChecks += st.tileChecks
			tot.tileOK += st.tileOK
		})
	}
	if tot.listed != tot.lays {
		t.Errorf("only %d of %d golden lays were listed by LegalLays", tot.listed, tot.lays)
	}
	t.Logf("TOTAL listed by LegalLays %d, lays accepted %d/%d, tokens accepted %d/%d, tile states matching %d/%d", tot.listed, tot.laysOK, tot.lays, tot.tokensOK, tot.tokens, tot.tileOK, tot.tileChecks)
}
