package selfplay

import (
	"fmt"
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
// game with 2–4 players and every option alone and combined; for 1825 each
// unit and unit combination, and the regional, extension and development
// kits and variants within the combinations the rules allow.
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
	}
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
