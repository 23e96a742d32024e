package step

import "tresham/engine"

// MaxRun refuses the run a of corporation corp earning revenue when the
// best run the title's solver finds now earns best, more than that. Rules
// that leave a company no choice of run ("runs its trains for the maximum
// revenue it can", 1860 Companies in Receivership; "The earnings must be
// the maximum possible", 1825 6.4.1) call it from their run step's Check;
// rule names the rule for the refusal. Halt subsidies (1860) are not
// revenue and not counted.
func MaxRun(a *engine.Action, corp string, revenue, best int, rule string) error {
	if revenue >= best {
		return nil
	}
	return engine.Refuse(a, "%s must run for the maximum revenue it can, £%d, not £%d (%v)", corp, best, revenue, rule)
}
