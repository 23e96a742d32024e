package t1825

import (
	"sort"
	"strconv"
)

// Deal is what one seat receives in the opening deal and pays for it.
type Deal struct {
	Cert  string // company symbol or share id ("LNWR_0" is the director's)
	Price int
}

// OpeningDeal returns, per seat in seating order, the certificate dealt at
// the start (rules 3.1, as 18xx.games does it without shuffling): the private
// companies in ascending face value, then the LNWR director's certificate,
// then single LNWR shares; each player pays the face value (the LNWR at its
// £100 par).
func OpeningDeal(o Options, nPlayers int) []Deal {
	comps := Companies(o)
	sort.SliceStable(comps, func(i, j int) bool { return comps[i].Value < comps[j].Value })
	par := 0
	for _, c := range Corporations(o) {
		if c.Sym == "LNWR" {
			par = c.Par
		}
	}
	out := make([]Deal, nPlayers)
	for i := range out {
		switch {
		case i < len(comps):
			out[i] = Deal{comps[i].Sym, comps[i].Value}
		case i == len(comps):
			out[i] = Deal{"LNWR_0", 2 * par}
		default:
			out[i] = Deal{"LNWR_" + strconv.Itoa(i-len(comps)), par}
		}
	}
	return out
}
