package selfplay

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// fuzzPosition is a game stopped part-way through a corpus game.
type fuzzPosition struct {
	g     Game
	state string
}

// fuzzPositions replays the opening actions of a few corpus games (small
// ones, so that restoring after a refusal is quick) and returns those
// positions with the actions that followed them there.
func fuzzPositions(f *testing.F) ([]fuzzPosition, []engine.Action) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json.gz"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no corpus games in %s (%v)", corpusDir, err)
	}
	var pos []fuzzPosition
	var next []engine.Action
	for _, pick := range []string{"1860-base-2p", "1860-base-4p", "1825-unit_3-2p", "1825-unit_1+r1-3p", "1825-unit_2+k5-3p"} {
		i := slices.IndexFunc(files, func(s string) bool { return strings.HasPrefix(filepath.Base(s), pick+"-") })
		if i < 0 {
			f.Fatalf("no corpus game %s", pick)
		}
		src, err := readCorpusGame(files[i])
		if err != nil {
			f.Fatal(err)
		}
		for _, n := range []int{0, 5, 60, 150, 320} {
			if n >= len(src.Actions) {
				continue
			}
			rg, err := replay.New(src)
			if err != nil {
				f.Fatal(err)
			}
			g := rg.(Game)
			for k := range n {
				a := replay.Convert(&src.Actions[k])
				if err := g.Apply(&a); err != nil {
					f.Fatalf("%s action %d: %v", files[i], a.ID, err)
				}
			}
			pos = append(pos, fuzzPosition{g: g, state: stateJSON(g)})
			next = append(next, replay.Convert(&src.Actions[n]))
		}
	}
	return pos, next
}

// FuzzApplyAction decodes an 18xx.games action from the fuzzer's bytes and
// applies it at one of a few positions of corpus games: it must not panic;
// a refused action leaves the game exactly as it was, with a non-empty
// error; an accepted one is an action Legal lists (for the kinds Legal
// lists) and is undone exactly.
func FuzzApplyAction(f *testing.F) {
	pos, next := fuzzPositions(f)
	for i, a := range next {
		b, err := json.Marshal(replay.Export(a))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), b)
		// and a listed choice of another kind, where there is one
		g := pos[i].g
		for _, ent := range g.Acting() {
			for _, ch := range g.Legal(ent) {
				if ch.Action.Type != a.Type && ch.Open == "" {
					b, _ := json.Marshal(replay.Export(ch.Action))
					f.Add(uint8(i), b)
					break
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, at uint8, data []byte) {
		var ga g18xx.Action
		if json.Unmarshal(data, &ga) != nil {
			return
		}
		p := pos[int(at)%len(pos)]
		a := replay.Convert(&ga)
		listed := a.Type != "message" && a.Type != "end_game" && !strings.HasPrefix(a.Type, "program_") && a.Type != "run_routes" && len(a.Auto) == 0
		// whether Legal lists it, asked before it is applied
		covered := listed && engine.CoveredBy(p.g.Engine(), p.g.Legal(a.Entity), a)
		err := p.g.Apply(&a)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("refused with an empty error")
			}
			if got := stateJSON(p.g); got != p.state {
				t.Fatalf("refused %s (%v) changed the game: %s", a.Type, err, diffJSON(p.state, got))
			}
			return
		}
		if uerr := p.g.Undo(); uerr != nil {
			t.Fatalf("undo of accepted %s: %v", a.Type, uerr)
		}
		if got := stateJSON(p.g); got != p.state {
			t.Fatalf("accepted %s, undone, changed the game: %s", a.Type, diffJSON(p.state, got))
		}
		if listed && !covered {
			t.Fatalf("accepted %s by %s %s, which Legal does not list", a.Type, a.Entity, a.Brief())
		}
	})
}

// mutationPool is what a field of a mutated action may be set to at a
// position: every entity, corporation, company, certificate, train, par
// cell, hex, tile and city the game holds or lists.
type mutationPool struct {
	entities, corps, companies, shares, trains, pars, hexes, tiles, cities, kinds []string
}

func poolAt(g Game) mutationPool {
	eg := g.Engine()
	var p mutationPool
	for _, pl := range eg.Players {
		p.entities = append(p.entities, fmt.Sprint(pl.ID))
	}
	for _, c := range eg.Corps {
		p.entities = append(p.entities, c.Sym)
		p.corps = append(p.corps, c.Sym)
		for _, s := range c.Shares {
			p.shares = append(p.shares, c.ShareID(s.Index))
		}
		for _, t := range c.Trains {
			p.trains = append(p.trains, t.ID)
		}
	}
	for _, co := range eg.Companies {
		p.entities = append(p.entities, co.Sym)
		p.companies = append(p.companies, co.Sym)
	}
	for _, t := range eg.Depot.Upcoming {
		p.trains = append(p.trains, t.ID)
	}
	for _, t := range eg.Depot.Pool {
		p.trains = append(p.trains, t.ID)
	}
	for _, cell := range eg.Market.ParCells() {
		p.pars = append(p.pars, cell.ID())
	}
	for _, ent := range g.Acting() {
		for _, ch := range g.Legal(ent) {
			a := ch.Action
			if a.Hex != "" {
				p.hexes = append(p.hexes, a.Hex)
			}
			if a.Tile != "" {
				p.tiles = append(p.tiles, a.Tile)
			}
			if a.City != "" {
				p.cities = append(p.cities, a.City)
			}
		}
	}
	p.kinds = []string{"payout", "withhold", "half"}
	return p
}

// mutate sets one field of a (chosen by field) to a value drawn from the
// pool (by n) or to s.
func mutate(a engine.Action, p mutationPool, field uint8, n uint16, s string) engine.Action {
	pick := func(xs []string) string {
		if len(xs) == 0 || n%7 == 6 {
			return s
		}
		return xs[int(n)%len(xs)]
	}
	num := int(n%400) - 50
	switch field % 16 {
	case 0:
		a.Entity = pick(p.entities)
	case 1:
		types := []string{"bid", "par", "buy_shares", "sell_shares", "buy_company", "sell_company", "lay_tile", "place_token",
			"buy_train", "discard_train", "dividend", "pass", "end_game", "program_disable", "special_buy", "choose"}
		a.Type = types[int(n)%len(types)]
	case 2:
		a.Price = num * 5
	case 3:
		a.Company = pick(p.companies)
	case 4:
		a.Corporation = pick(p.corps)
	case 5:
		a.SharePrice = pick(p.pars)
	case 6:
		if len(a.Shares) > 0 && n%2 == 0 {
			a.Shares = append(slices.Clone(a.Shares), pick(p.shares))
		} else {
			a.Shares = []string{pick(p.shares)}
		}
	case 7:
		a.Percent = num
	case 8:
		a.Hex = pick(p.hexes)
	case 9:
		a.Tile = pick(p.tiles)
	case 10:
		a.Rotation = num % 8
	case 11:
		a.City = pick(p.cities)
	case 12:
		a.Slot = num % 4
	case 13:
		a.Train = pick(p.trains)
	case 14:
		a.Kind = pick(p.kinds)
	case 15: // a follow-up for some entity: live play must hold it to its seat too
		b := a
		b.Auto = nil
		b.Entity = pick(p.entities)
		a.Auto = append(slices.Clone(a.Auto), b)
	}
	return a
}

// FuzzListedMutation takes a move Legal lists at a corpus position and
// changes one field (any field, to a value the game knows or to the
// fuzzer's text). Applied as live play applies it (replay.ApplyListed,
// every seat allowed), it must be accepted only if Legal lists it; applied
// as a replay applies it, a kind Legal lists must be accepted only if
// listed; a refusal must leave the game exactly as it was.
func FuzzListedMutation(f *testing.F) {
	pos, _ := fuzzPositions(f)
	for i := range pos {
		for field := range 16 {
			f.Add(uint8(i), uint16(i*31+field), uint8(field), uint16(field*13), "x")
		}
	}
	f.Fuzz(func(t *testing.T, at uint8, choice uint16, field uint8, n uint16, s string) {
		p := pos[int(at)%len(pos)]
		var listed []engine.Choice
		for _, ent := range p.g.Acting() {
			for _, ch := range p.g.Legal(ent) {
				if ch.Open == "" {
					listed = append(listed, ch)
				}
			}
		}
		if len(listed) == 0 {
			return
		}
		a := mutate(listed[int(choice)%len(listed)].Action, poolAt(p.g), field, n, s)
		kindListed := a.Type != "end_game" && !strings.HasPrefix(a.Type, "program_") && len(a.Auto) == 0
		covered := engine.CoveredBy(p.g.Engine(), p.g.Legal(a.Entity), a)
		everyone := func(int) bool { return true }
		for _, live := range []bool{true, false} {
			b := a
			var err error
			if live {
				err = replay.ApplyListed(p.g, &b, everyone)
			} else {
				err = p.g.Apply(&b)
			}
			if err != nil {
				if got := stateJSON(p.g); got != p.state {
					t.Fatalf("refused %s %s (%v) changed the game: %s", a.Type, a.Brief(), err, diffJSON(p.state, got))
				}
				continue
			}
			if uerr := p.g.Undo(); uerr != nil {
				t.Fatalf("undo of accepted %s: %v", a.Type, uerr)
			}
			if got := stateJSON(p.g); got != p.state {
				t.Fatalf("accepted %s, undone, changed the game: %s", a.Type, diffJSON(p.state, got))
			}
			if (live || kindListed) && !covered {
				t.Fatalf("accepted (live %v) %s by %s %s auto %d, which Legal does not list", live, a.Type, a.Entity, a.Brief(), len(a.Auto))
			}
		}
	})
}
