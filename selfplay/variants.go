package selfplay

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Variant is a title, a set of options and a player count.
type Variant struct {
	Title   string
	Options []string
	Players int
}

func (v Variant) String() string {
	opts := "base"
	if len(v.Options) > 0 {
		opts = strings.Join(v.Options, "+")
	}
	return fmt.Sprintf("%s-%s-%dp", v.Title, opts, v.Players)
}

// Variants lists the configurations self-play covers: for 1860 the base
// game with 2–4 players, every option alone and combined, and the printed
// rules with original and simplified insolvency; for 1825 each
// unit and unit combination, and the regional, extension and development
// kits and variants within the combinations the rules allow, and the
// printed rulebook (printed_rules) with Units 1 and 2.
func Variants() []Variant {
	v := func(title string, players int, opts ...string) Variant {
		return Variant{Title: title, Options: opts, Players: players}
	}
	return []Variant{
		v("1860", 2), v("1860", 3), v("1860", 4),
		v("1860", 2, "two_player_map"),
		v("1860", 3, "two_player_map", "re_enter_hexes"),
		v("1860", 3, "re_enter_hexes"),
		v("1860", 3, "original_game"),
		v("1860", 4, "original_insolvency"),
		v("1860", 3, "simplified_insolvency"),
		v("1860", 2, "no_skip_towns"),
		v("1860", 4, "non_operated_full_value"),
		v("1860", 3, "destinations"),
		v("1860", 2, "accelerated_track"),
		v("1860", 4, "ignore_historical_order"),
		v("1860", 3, "variable_private_revenue"),
		v("1860", 2, "beginner_7_4_trains"),
		v("1860", 4, "no_train_limit"),
		v("1860", 3, "original_game", "destinations", "accelerated_track", "ignore_historical_order",
			"variable_private_revenue", "beginner_7_4_trains", "no_train_limit", "re_enter_hexes", "non_operated_full_value"),
		v("1860", 4, "simplified_insolvency", "no_skip_towns", "two_player_map", "destinations"),
		// the printed rulebook where 18xx.games differs (printed_rules)
		v("1860", 4, "original_insolvency", "printed_rules"),
		v("1860", 3, "original_game", "simplified_insolvency", "printed_rules"),

		v("1825", 2, "unit_1"), v("1825", 3, "unit_1"), v("1825", 5, "unit_1"),
		v("1825", 2, "unit_2"), v("1825", 4, "unit_2"),
		v("1825", 2, "unit_3"),
		v("1825", 3, "unit_12"), v("1825", 6, "unit_12"),
		v("1825", 3, "unit_23"), v("1825", 5, "unit_23"),
		v("1825", 4, "unit_123"),
		v("1825", 4), // no option: the units follow the player count (Unit 1)
		v("1825", 3, "unit_1", "r1"),
		v("1825", 4, "unit_1", "r2", "r3"),
		v("1825", 3, "unit_1", "k1", "k7"),
		v("1825", 3, "unit_1", "k2", "k3"),
		v("1825", 3, "unit_2", "k3"),
		v("1825", 3, "unit_2", "k5"),
		v("1825", 3, "unit_12", "k6", "db2"),
		v("1825", 4, "unit_12", "d1", "big_bank"),
		v("1825", 2, "unit_3", "u3p", "db3"),
		v("1825", 2, "unit_3", "db1", "strict_bank"),
		v("1825", 3, "unit_1", "surveyors"),
		v("1825", 4, "unit_23", "k2", "k3", "k5", "u3p"),
		v("1825", 5, "unit_123", "r1", "r2", "r3", "k1", "k3", "k5", "k6", "k7", "u3p", "db1", "db2", "db3"),
		v("1825", 4, "unit_1", "printed_rules"), v("1825", 3, "unit_2", "printed_rules"),
	}
}

// Options1860Reference are 1860's optional rules that 18xx.games knows;
// Options1860Tresham are Tresham's own (from the first edition's rules),
// which 18xx.games ignores.
var (
	Options1860Reference = []string{"two_player_map", "original_insolvency", "simplified_insolvency",
		"no_skip_towns", "original_game", "re_enter_hexes", "non_operated_full_value"}
	Options1860Tresham = []string{"destinations", "accelerated_track", "ignore_historical_order",
		"variable_private_revenue", "beginner_7_4_trains", "no_train_limit"}
)

// AllVariants lists every configuration the self-play sweep and the short
// variant test cover, Variants first: 1860 with 2-4 players without options,
// with every option alone and in combinations; 1825 without units (they
// follow the player count) for 2-7 players, every unit combination at every
// player count it allows up to 7, every kit and variant with a unit that
// accepts it, and combinations. Configurations a title refuses (an option
// for other player counts) are left out, so each one is playable.
func AllVariants() []Variant {
	v := func(title string, players int, opts ...string) Variant {
		return Variant{Title: title, Options: opts, Players: players}
	}
	out := Variants()
	for n := 2; n <= 4; n++ {
		for _, o := range append(slices.Clone(Options1860Reference), Options1860Tresham...) {
			out = append(out, v("1860", n, o))
		}
	}
	out = append(out,
		v("1860", 2, "two_player_map", "re_enter_hexes"),
		v("1860", 3, "original_game", "original_insolvency"),
		v("1860", 4, "original_game", "re_enter_hexes", "no_skip_towns"),
		v("1860", 3, "simplified_insolvency", "no_skip_towns", "non_operated_full_value"),
		v("1860", 2, "two_player_map", "original_insolvency", "non_operated_full_value"),
		v("1860", 3, "two_player_map", "original_insolvency", "no_skip_towns", "original_game", "re_enter_hexes", "non_operated_full_value"),
		v("1860", 4, "original_insolvency", "no_skip_towns", "re_enter_hexes", "non_operated_full_value"),
		v("1860", 4, "destinations", "accelerated_track"),
		v("1860", 2, "variable_private_revenue", "beginner_7_4_trains", "no_train_limit"),
	)
	for n := 2; n <= 7; n++ {
		out = append(out, v("1825", n))
	}
	for _, u := range []string{"unit_1", "unit_2", "unit_3", "unit_12", "unit_23", "unit_123"} {
		for n := 2; n <= 7; n++ {
			out = append(out, v("1825", n, u))
		}
	}
	out = append(out,
		v("1825", 3, "unit_1", "r1"), v("1825", 4, "unit_1", "r2"), v("1825", 5, "unit_1", "r3"),
		v("1825", 3, "unit_1", "k1"), v("1825", 3, "unit_2", "k2", "k3"), v("1825", 4, "unit_1", "k3"),
		v("1825", 2, "unit_2", "k5"), v("1825", 4, "unit_12", "k6"), v("1825", 2, "unit_1", "k7"),
		v("1825", 3, "unit_1", "d1"), v("1825", 2, "unit_3", "u3p"), v("1825", 3, "unit_2", "big_bank"),
		v("1825", 4, "unit_1", "strict_bank"), v("1825", 3, "unit_1", "db1"), v("1825", 2, "unit_1", "db2"),
		v("1825", 2, "unit_3", "db3"), v("1825", 2, "unit_3", "unit_4"), v("1825", 4, "unit_1", "surveyors"),
		v("1825", 5, "unit_1", "r1", "r2", "r3"),
		v("1825", 6, "unit_12", "k1", "k3", "k7"),
		v("1825", 4, "unit_23", "k2", "k3", "k5", "u3p", "db3"),
		v("1825", 6, "unit_123", "r1", "r2", "r3", "k1", "k2", "k3", "k5", "k6", "k7", "u3p", "db1", "db2", "db3"),
		v("1825", 7, "unit_123", "r1", "r2", "r3", "big_bank"),
		v("1825", 4, "unit_12", "d1", "strict_bank", "db1", "db2"),
		v("1825", 3, "unit_23", "db1", "db3", "unit_4"),
		v("1825", 2, "unit_3", "u3p", "db3", "unit_4"),
		// the printed rulebook's tables (printed_rules), every unit combination
		v("1825", 4, "unit_1", "printed_rules"), v("1825", 3, "unit_2", "printed_rules"),
		v("1825", 2, "unit_3", "printed_rules"), v("1825", 5, "unit_12", "printed_rules"),
		v("1825", 4, "unit_23", "printed_rules"), v("1825", 9, "unit_123", "printed_rules"),
		v("1825", 4, "unit_1", "surveyors", "printed_rules"),
		v("1860", 2, "printed_rules"), v("1860", 4, "printed_rules"),
		v("1860", 3, "original_game", "printed_rules"), v("1860", 4, "original_game", "original_insolvency", "printed_rules"),
		v("1860", 3, "printed_rules"), v("1860", 3, "simplified_insolvency", "printed_rules"),
		v("1860", 3, "original_game", "destinations", "accelerated_track", "ignore_historical_order",
			"variable_private_revenue", "beginner_7_4_trains", "no_train_limit", "non_operated_full_value", "printed_rules"),
	)
	var valid []Variant
	seen := map[string]bool{}
	for _, x := range out {
		if seen[x.String()] {
			continue
		}
		seen[x.String()] = true
		if _, _, err := NewGame(Config{Title: x.Title, Options: x.Options, Players: x.Players}); err == nil {
			valid = append(valid, x)
		}
	}
	return valid
}

// ReferenceKnows reports whether 18xx.games knows every option of v (so
// that it can replay a game of v): not Tresham's own 1860 options, nor
// 1825's surveyors, nor either title's printed_rules.
func ReferenceKnows(v Variant) bool {
	for _, o := range v.Options {
		if slices.Contains(Options1860Tresham, o) || o == "surveyors" || o == "printed_rules" {
			return false
		}
	}
	return true
}

// ParseOptions splits a comma-separated option list ("" is none).
func ParseOptions(s string) []string {
	var out []string
	for _, o := range strings.Split(s, ",") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// ParseSeats reads a per-seat bot list ("random,heuristic") for n players:
// one kind for all seats, or exactly n kinds.
func ParseSeats(s string, n int) ([]string, error) {
	kinds := ParseOptions(s)
	switch len(kinds) {
	case 1:
		out := make([]string, n)
		for i := range out {
			out[i] = kinds[0]
		}
		return out, nil
	case n:
		return kinds, nil
	}
	return nil, fmt.Errorf("selfplay: %d bot kinds for %d players (want 1 or %s)", len(kinds), n, strconv.Itoa(n))
}
