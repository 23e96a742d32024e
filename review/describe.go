package review

import (
	"fmt"
	"strconv"
	"strings"

	"tresham/engine"
)

// Describe says in words what move a does at eg's position (before it is
// applied), naming players by names.
func Describe(eg *engine.Game, a engine.Action, names map[int]string) string {
	switch a.Type {
	case "pass":
		return "pass"
	case "buy_shares", "sell_shares":
		verb := "buy"
		if a.Type == "sell_shares" {
			verb = "sell"
		}
		return verb + " " + shares(eg, a)
	case "par":
		return fmt.Sprintf("start %s at £%s", a.Corporation, strings.SplitN(a.SharePrice, ",", 2)[0])
	case "bid":
		if a.Company == "" {
			return fmt.Sprintf("bid £%d", a.Price)
		}
		return fmt.Sprintf("bid £%d on %s", a.Price, a.Company)
	case "buy_company":
		return fmt.Sprintf("buy %s for £%d", a.Company, a.Price)
	case "dividend":
		switch a.Kind {
		case "payout":
			return "pay the revenue out"
		case "withhold":
			return "withhold the revenue"
		case "half":
			return "pay half the revenue out"
		}
		return "dividend: " + a.Kind
	case "buy_train":
		name := a.Train
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			name = name[:i]
		}
		return fmt.Sprintf("buy a %s train for £%d", name, a.Price)
	case "discard_train":
		return "discard a " + a.Train + " train"
	}
	return strings.ReplaceAll(a.Type, "_", " ")
}

// shares names the certificates of a share move: "2 shares of IOW (20%)",
// "IOW's director's certificate (20%)".
func shares(eg *engine.Game, a engine.Action) string {
	if len(a.Shares) == 0 {
		return "shares"
	}
	sym, pct, pres := "", 0, false
	for _, id := range a.Shares {
		if eg == nil {
			break
		}
		c, sh, err := eg.ShareByID(id)
		if err != nil {
			continue
		}
		sym = c.Sym
		pct += sh.Percent
		pres = pres || sh.President
	}
	if sym == "" {
		return strings.Join(a.Shares, ", ")
	}
	if a.Percent > 0 && a.Percent < pct {
		pct = a.Percent
	}
	switch {
	case pres && len(a.Shares) == 1:
		return fmt.Sprintf("%s's director's certificate (%d%%)", sym, pct)
	case len(a.Shares) == 1:
		return fmt.Sprintf("a share of %s (%d%%)", sym, pct)
	}
	return strconv.Itoa(len(a.Shares)) + " shares of " + sym + " (" + strconv.Itoa(pct) + "%)"
}
