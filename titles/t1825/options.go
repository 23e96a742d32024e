// Package t1825 holds the data of 1825 (Francis Tresham; Units 1, 2 and 3,
// their combinations, and the Regional and Extension kits as played on
// 18xx.games): the map of every unit combination with its tiles, the stock
// markets, trains, phases, companies, corporations, starting money,
// certificate limits and bank size, the map rules that decide which tile
// may replace which, and the rounds: share dealing, operating (track,
// bases, routes evaluated from the track, dividends, trains, phases,
// receivership) and the optional Surveyors (rule 6.6).
//
// Facts follow the 18xx.games implementation (g_1825), which the fixture
// games were played on; where the printed 1825 rulebook differs (Unit 3
// starting money, several certificate limits and train counts), the site's
// figures are used so that imported games replay, and the comment says so.
package t1825

import (
	"fmt"
	"slices"
	"strings"
)

// Options are the variant switches of a game: the units on the table and the
// kits and variants added (18xx.games optional rules).
type Options struct {
	// Units[u] is true when Unit u (1, 2 or 3) is used.
	Units [4]bool
	// Regionals[r] is true for Regional Kit r: 1 Wales, 2 South West
	// England, 3 North Norfolk.
	Regionals [4]bool
	// Kits[k] is true for Extension Kit k: 1 supplementary tiles, 2
	// advanced trains, 3 Phase Four, 5 minors for Unit 2, 6 advanced tiles,
	// 7 London, Tilbury & Southend.
	Kits [8]bool
	// D1 adds Development Kit 1's tiles.
	D1 bool
	// U3P adds two 3T and two U3 trains with Unit 3.
	U3P bool
	// Surveyors is the optional railway construction with Surveyors (rule
	// 6.6; option "surveyors", not an 18xx.games option).
	Surveyors bool
	// BigBank adds the banks of combined units; StrictBank keeps the bank
	// from growing with minors and kits.
	BigBank, StrictBank bool
	// DB1, DB2 and DB3 are Dave Berry's variants: double-dits upgrade to
	// 887/888; SECR changes for Unit 1; a revised Unit 3 map.
	DB1, DB2, DB3 bool
	// Unit4 adds the unpublished Unit 4 map of the north of Scotland north
	// of Unit 3 (Inverness moves to A5, the HR's new home).
	Unit4 bool
	// PrintedRules plays by the Units 1-3 rulebook where 18xx.games
	// differs (option "printed_rules"; docs/rules.md lists each
	// difference). The kits and 18xx.games' variants are not in that
	// rulebook and are refused with it.
	PrintedRules bool
	// era is the side of each of 18xx.games's dated rule changes the game
	// is on (dated.go; zero: today's rules). NewOf sets it.
	era era
}

// unitRules maps the unit option names to their units.
var unitRules = map[string][]int{
	"unit_1": {1}, "unit_2": {2}, "unit_3": {3},
	"unit_12": {1, 2}, "unit_23": {2, 3}, "unit_123": {1, 2, 3},
}

// ParseOptions reads 18xx.games optional rule names for a game of nPlayers
// players (0 = not checked). With no rule at all the units follow the player
// count as on 18xx.games: 2 players Unit 3, 3 Unit 2, 4–5 Unit 1, 6–7 Units
// 1+2, 8 Units 1+2+3, 9 Units 1+2+3 with the three Regional Kits. Selecting
// unit_1 and unit_2 (and unit_3) is the same as unit_12 (unit_123). Illegal
// combinations and player counts outside the chosen units' range are errors.
func ParseOptions(rules []string, nPlayers int) (Options, error) {
	var o Options
	if i := slices.Index(rules, "surveyors"); i >= 0 {
		o.Surveyors = true
		rules = slices.Delete(slices.Clone(rules), i, i+1)
	}
	if i := slices.Index(rules, "printed_rules"); i >= 0 {
		o.PrintedRules = true
		rules = slices.Delete(slices.Clone(rules), i, i+1)
		for _, r := range rules {
			if _, unit := unitRules[r]; !unit {
				return o, fmt.Errorf("t1825: option %q cannot be combined with printed_rules: the Units 1-3 rulebook has no such rule", r)
			}
		}
	}
	if len(rules) == 0 {
		switch {
		case nPlayers == 2:
			rules = []string{"unit_3"}
		case nPlayers == 3:
			rules = []string{"unit_2"}
		case nPlayers == 4 || nPlayers == 5:
			rules = []string{"unit_1"}
		case nPlayers == 6 || nPlayers == 7:
			rules = []string{"unit_12"}
		case nPlayers == 8:
			rules = []string{"unit_123"}
		default:
			rules = []string{"unit_123", "r1", "r2", "r3"}
		}
	}
	flags := o.flags()
	for _, r := range rules {
		if us, ok := unitRules[r]; ok {
			for _, u := range us {
				o.Units[u] = true
			}
			continue
		}
		i := slices.IndexFunc(flags, func(f flag) bool { return f.name == r })
		if i < 0 {
			return o, fmt.Errorf("t1825: unknown option %q", r)
		}
		*flags[i].on = true
	}
	if err := o.check(nPlayers); err != nil {
		return o, err
	}
	return o, nil
}

func (o Options) check(nPlayers int) error {
	u, k, r := o.Units, o.Kits, o.Regionals
	anyRegional := r[1] || r[2] || r[3]
	for _, c := range []struct {
		bad bool
		msg string
	}{
		{!u[1] && !u[2] && !u[3], "must select at least one unit"},
		{u[1] && !u[2] && u[3], "cannot combine Units 1 and 3 without Unit 2"},
		{anyRegional && !u[1], "cannot add Regional Kits without Unit 1"},
		{k[5] && !u[2], "cannot add K5 without Unit 2"},
		{k[7] && !u[1], "cannot add K7 without Unit 1"},
		{k[2] && !u[1] && !u[2], "K2 is not supported with just Unit 3"},
		{k[2] && !k[3], "K2 is not supported without K3"},
		{o.U3P && !u[3], "cannot use extra Unit 3 trains without Unit 3"},
		{(k[1] || k[6]) && o.D1, "cannot use K1 or K6 with D1"},
		{o.BigBank && o.StrictBank, "cannot use both bank options"},
		{o.DB1 && !u[1] && !u[3], "variant DB1 is not useful in a Unit 2 only game"},
		{o.DB2 && !u[1], "variant DB2 is for Unit 1"},
		{o.DB3 && !u[3], "variant DB3 is for Unit 3"},
		{o.Unit4 && !u[3], "Unit 4 requires Unit 3"},
	} {
		if c.bad {
			return fmt.Errorf("t1825: %s", c.msg)
		}
	}
	if nPlayers > 0 {
		lo, hi := o.PlayerRange()
		if nPlayers < lo || nPlayers > hi {
			return fmt.Errorf("t1825: units %s are for %d to %d players, not %d", o.UnitKey(), lo, hi, nPlayers)
		}
	}
	return nil
}

// UnitKey names the unit combination: "1", "2", "3", "12", "23" or "123".
func (o Options) UnitKey() string {
	var b strings.Builder
	for u := 1; u <= 3; u++ {
		if o.Units[u] {
			b.WriteByte(byte('0' + u))
		}
	}
	return b.String()
}

// PlayerRange returns the allowed player counts of the unit combination.
func (o Options) PlayerRange() (lo, hi int) {
	switch o.UnitKey() {
	case "1":
		return 2, 5
	case "2":
		return 2, 4
	case "3":
		return 2, 2
	case "12":
		return 3, 7
	case "23":
		return 3, 5
	}
	if o.Regionals[1] || o.Regionals[2] || o.Regionals[3] || o.PrintedRules {
		return 4, 9 // the rulebook's TABLES 1 and 3 go to nine players
	}
	return 4, 8
}

// Rules returns the 18xx.games optional rule names of the options (the unit
// combination first, then the rest in the site's order).
func (o Options) Rules() []string {
	out := []string{"unit_" + o.UnitKey()}
	for _, f := range o.flags() {
		if *f.on {
			out = append(out, f.name)
		}
	}
	if o.PrintedRules {
		out = append(out, "printed_rules")
	}
	return out
}

// flag is an option that is one switch, by its 18xx.games name.
type flag struct {
	name string
	on   *bool
}

// flags are o's switches by name, in the site's order (Rules).
func (o *Options) flags() []flag {
	return []flag{
		{"unit_4", &o.Unit4},
		{"r1", &o.Regionals[1]}, {"r2", &o.Regionals[2]}, {"r3", &o.Regionals[3]},
		{"k1", &o.Kits[1]}, {"k2", &o.Kits[2]}, {"k3", &o.Kits[3]}, {"k5", &o.Kits[5]}, {"k6", &o.Kits[6]}, {"k7", &o.Kits[7]},
		{"d1", &o.D1}, {"u3p", &o.U3P}, {"big_bank", &o.BigBank}, {"strict_bank", &o.StrictBank},
		{"db1", &o.DB1}, {"db2", &o.DB2}, {"db3", &o.DB3},
	}
}
