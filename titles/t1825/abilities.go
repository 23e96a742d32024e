package t1825

import "fmt"

// CompanyAbility is what private railway sym does, in a sentence for the
// player; "" for an unknown symbol. 1825's private railways have no special
// powers: they pay a fixed revenue to their owner (rules 1.3, 4.1.1) and
// may be sold to the pool for £30 less than face value (5.2.9).
func CompanyAbility(sym string) string {
	for _, list := range [][]CompanyDef{unit1Companies, unit2Companies, unit3Companies} {
		for _, d := range list {
			if d.Sym == sym {
				return fmt.Sprintf("No special power: pays its owner £%d at the start of each operating round. It may be sold to the pool for £%d (face value less £%d) and bought back from the pool at face value.", d.Revenue, d.Value-CompanySaleFee, CompanySaleFee)
			}
		}
	}
	return ""
}
