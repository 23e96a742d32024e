package review

import (
	"strconv"
	"strings"

	"tresham/engine"
)

// Describe says in words what move a does at eg's position (before it is
// applied), naming players by names.
func Describe(eg *engine.Game, a engine.Action, names map[int]string) string {
	return DescribeMessage(eg, a, names).English()
}

// say is a description's message: its id, the English format, and its
// arguments (docs/i18n.md); the page writes it in the reader's language.
func say(id string, args ...string) engine.Message {
	return engine.Message{ID: id, Args: args}
}

// DescribeMessage is Describe as a message (an id and its arguments), so
// that the page can write it in the reader's language; its English is
// Describe's text.
func DescribeMessage(eg *engine.Game, a engine.Action, names map[int]string) engine.Message {
	itoa := strconv.Itoa
	switch a.Type {
	case "pass":
		return say("pass")
	case "buy_shares", "sell_shares":
		return shares(eg, a, a.Type == "sell_shares")
	case "par":
		return say("start %s at £%s", a.Corporation, strings.SplitN(a.SharePrice, ",", 2)[0])
	case "bid":
		if a.Company == "" {
			return say("bid £%d", itoa(a.Price))
		}
		return say("bid £%d on %s", itoa(a.Price), a.Company)
	case "buy_company":
		return say("buy %s for £%d", a.Company, itoa(a.Price))
	case "dividend":
		switch a.Kind {
		case "payout":
			return say("pay the revenue out")
		case "withhold":
			return say("withhold the revenue")
		case "half":
			return say("pay half the revenue out")
		}
		return say("dividend: %s", a.Kind)
	case "buy_train":
		name := a.Train
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			name = name[:i]
		}
		return say("buy a %s train for £%d", name, itoa(a.Price))
	case "discard_train":
		return say("discard a %s train", a.Train)
	}
	return say(strings.ReplaceAll(strings.ReplaceAll(a.Type, "_", " "), "%", "%%"))
}

// shares names the certificates of a share move: "buy 2 shares of IOW
// (20%)", "sell IOW's director's certificate (20%)".
func shares(eg *engine.Game, a engine.Action, sell bool) engine.Message {
	// either picks the id of the buy or of the sale
	either := func(buy, sale string) string {
		if sell {
			return sale
		}
		return buy
	}
	if len(a.Shares) == 0 {
		return say(either("buy shares", "sell shares"))
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
		return say(either("buy %s", "sell %s"), strings.Join(a.Shares, ", "))
	}
	if a.Percent > 0 && a.Percent < pct {
		pct = a.Percent
	}
	switch {
	case pres && len(a.Shares) == 1:
		return say(either("buy %s's director's certificate (%d%%)", "sell %s's director's certificate (%d%%)"), sym, strconv.Itoa(pct))
	case len(a.Shares) == 1:
		return say(either("buy a share of %s (%d%%)", "sell a share of %s (%d%%)"), sym, strconv.Itoa(pct))
	}
	return say(either("buy %d shares of %s (%d%%)", "sell %d shares of %s (%d%%)"), strconv.Itoa(len(a.Shares)), sym, strconv.Itoa(pct))
}
