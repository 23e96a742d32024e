package t1860

import "fmt"

// CompanyAbility is what private company sym does, in a sentence for the
// player (rules "Private Companies and the Initial Auction", "Selling
// Private Companies", "Exchanging Private Companies" and the variable
// revenue variant); "" for an unknown symbol. options are the game's
// options.
func CompanyAbility(sym string, options map[string]bool) string {
	var d *companyDef
	for i := range companyDefs {
		if companyDefs[i].sym == sym {
			d = &companyDefs[i]
		}
	}
	if d == nil {
		return ""
	}
	variant := options["variable_private_revenue"]
	pays := fmt.Sprintf("Pays its owner £%d at the start of each operating round.", d.revenue)
	if variant {
		extra := map[string]string{
			"BHC":  " Its revenue doubles to £10 once the BHI&R has floated.",
			"YHC":  " Its revenue rises by £5 once the FYN has run a train from Yarmouth to Newport.",
			"CMH":  " Its revenue halves to £10 when the Fishbourne Ferry Company is bought.",
			"RPSC": " Its revenue halves to £15 when the Fishbourne Ferry Company is bought.",
		}[sym]
		s := pays + extra + " It may not be sold or exchanged, but its owner may close it in a stock-round turn: it then pays nothing, no longer counts against the certificate limit and is worth its face value at the end."
		if d.exchange == "" {
			s = "Can be bought from the bank only after the first 6+3 train is bought. " + s
		}
		return s
	}
	if d.exchange == "" {
		return "Can be bought from the bank only after the first 6+3 train is bought; buying it closes every other private company. " + pays
	}
	return pays + fmt.Sprintf(" In a stock-round turn (without using the turn) its owner may swap it for the reserved 10%% share of the %s once the %s director's share has been bought; the private then closes. It closes when the Fishbourne Ferry Company is bought. From the second stock round on it may be sold to the bank for £%d (face value less £30).", d.exchange, d.exchange, d.value-companySaleFee)
}
