package t1860

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"tresham/engine"
)

// The rulebooks' optional rules that 18xx.games does not offer. "2nd ed."
// is the second-edition rulebook (the default game), "1st ed." the first.
const (
	// optDestinations: "Variant: Destinations" (both editions), with the
	// bonuses of the "Major Companies" table (destinations.go).
	optDestinations = "destinations"
	// optAcceleratedTrack: "Variant: Accelerated Track Development" (1st ed.), LayStep.
	optAcceleratedTrack = "accelerated_track"
	// optIgnoreHistoricalOrder: "Variant: Ignoring historical order of companies" (both editions).
	optIgnoreHistoricalOrder = "ignore_historical_order"
	// optVariablePrivateRevenue: "Variant: Variable revenue for private companies" (1st ed.), privates_variant.go.
	optVariablePrivateRevenue = "variable_private_revenue"
	// optBeginnerTrains: train table note ** (both editions): "players new to
	// the game may choose to play with two '7+4' trains instead of one".
	optBeginnerTrains = "beginner_7_4_trains"
	// optNoTrainLimit: train table note * (both editions): "it is possible to
	// play the game with no limit on the number of trains per company".
	optNoTrainLimit = "no_train_limit"
)

// variants holds the switches and state of those optional rules.
type variants struct {
	optDestinations     bool
	optAccelerated      bool
	optIgnoreLayers     bool
	optVariablePrivates bool
	optNoTrainLimit     bool

	// destReached records the destinations already paid, as "SYM:Place".
	destReached map[string]bool
	// turnedOver maps a private turned over by its owner to that player's id.
	turnedOver map[string]int
}

func (g *Game) setVariants(opts map[string]bool) {
	g.variants = variants{
		optDestinations:     opts[optDestinations],
		optAccelerated:      opts[optAcceleratedTrack],
		optIgnoreLayers:     opts[optIgnoreHistoricalOrder],
		optVariablePrivates: opts[optVariablePrivateRevenue],
		optNoTrainLimit:     opts[optNoTrainLimit],
		destReached:         map[string]bool{},
		turnedOver:          map[string]int{},
	}
}

// incompatibleOptions lists option pairs that cannot be played together.
// Only the insolvency rules clash: Simplified Insolvency Revenue replaces the
// insolvency revenue of the newer rules, Original Insolvency Revenue (also part
// of the original game) is a different calculation. None of the other
// optional rules names or contradicts another: the first edition offers
// accelerated track, variable private revenue, destinations, ignoring the
// historical order and the two 7+4 trains alongside its original map and
// rules, so they combine with original_game too.
var incompatibleOptions = [][2]string{
	{"simplified_insolvency", "original_insolvency"},
	{"simplified_insolvency", "original_game"},
}

// checkOptions refuses incompatible option combinations, naming them.
// Under printed_rules original_game does not bring original insolvency
// (originalInsolvency), so simplified_insolvency may go with it.
func checkOptions(opts map[string]bool) error {
	var clashes []string
	for _, p := range incompatibleOptions {
		if p[1] == "original_game" && !originalInsolvency(opts) {
			continue
		}
		if opts[p[0]] && opts[p[1]] {
			clashes = append(clashes, p[0]+" with "+p[1])
		}
	}
	if len(clashes) > 0 {
		return fmt.Errorf("1860: incompatible options: %s cannot be combined", strings.Join(clashes, ", "))
	}
	return nil
}

// trainTable is the train table for the options: with beginner_7_4_trains
// there are two 7+4 trains instead of one (train table note **).
func trainTable(opts map[string]bool) []engine.TrainType {
	out := append([]engine.TrainType(nil), trainTypes...)
	if opts[optBeginnerTrains] {
		for i := range out {
			if out[i].Name == "7+4" {
				out[i].Count = 2
			}
		}
	}
	return out
}

// noTrainLimit stands for "no limit" under no_train_limit.
const noTrainLimit = 1 << 30

// trainLimit is the number of trains a corporation may own now (phase table;
// none with no_train_limit, train table note *).
func (g *Game) trainLimit() int {
	if g.optNoTrainLimit {
		return noTrainLimit
	}
	return g.Phase().TrainLimit
}

// forSaleInIPO reports whether c has a certificate players may buy from the IPO.
func forSaleInIPO(c *engine.Corporation) bool {
	for _, s := range c.Shares {
		if s.Holder == engine.HolderIPO && s.Buyable {
			return true
		}
	}
	return false
}

// trainLimitText is a phase's train limit as logged.
func (g *Game) trainLimitText(ph engine.Phase) string {
	if g.optNoTrainLimit {
		return "none"
	}
	return strconv.Itoa(ph.TrainLimit)
}

// variantState adds the optional rules' state to State, only when they are
// played (the golden-trace shape is unchanged otherwise): the destinations
// reached as "SYM:Place" and the privates turned over.
func (g *Game) variantState(out map[string]any) {
	if g.optDestinations {
		reached := []string{}
		for k := range g.destReached {
			reached = append(reached, k)
		}
		sort.Strings(reached)
		out["destinations_reached"] = reached
	}
	if g.optVariablePrivates {
		turned := map[string]int{}
		for sym, id := range g.turnedOver {
			turned[sym] = id
		}
		out["privates_turned_over"] = turned
	}
}

// ipoRefusal says why the director's certificate of c may not be bought from
// the IPO now, or "" if it may.
//
// Standard rule (Major Companies): a layer opens once a company of the layer
// above has sold out or operated (currentLayer).
//
// ignore_historical_order ("Variant: Ignoring historical order of
// companies"): any company may be started, but not while two or more other
// started companies have neither operated nor sold out of the IPO. The rule
// reads "unless all but one of the other companies which have been started
// have operated at least once, or unless no shares in companies which have
// been started are available for purchase from the IPO", summed up as "only
// two companies may be started each SR unless at least one of them is sold
// out": so a started company holds up new starts only while it has not
// operated and still has shares for sale in the IPO (a certificate reserved
// for a private's exchange is not for sale), and one such company is allowed.
func (g *Game) ipoRefusal(c *engine.Corporation) string {
	if !g.optIgnoreLayers {
		if c.Layer > g.currentLayer() {
			return fmt.Sprintf("%s is in layer %d; layer %d is not yet available", c.Sym, c.Layer, c.Layer)
		}
		return ""
	}
	var waiting []string
	for _, o := range g.Corps {
		if o != c && o.IPOed && !o.Closed && !o.Operated && forSaleInIPO(o) {
			waiting = append(waiting, o.Sym)
		}
	}
	if len(waiting) > 1 {
		sort.Strings(waiting)
		return fmt.Sprintf("ignore_historical_order: %s have started but neither operated nor sold out", strings.Join(waiting, " and "))
	}
	return ""
}
