package step

import "fmt"

// MaximumRun decides a run under a rule that asks for the maximum revenue
// (1825 rule 6.4.1, a company in receivership: "The earnings must be the
// maximum possible"; 1860, an insolvent company "runs its trains for the
// maximum revenue it can"): nil when revenue is at least best's, the
// exact solver's optimum, else an error naming both sums and rule.
func MaximumRun(revenue int, best func() (int, error), rule string) error {
	max, err := best()
	if err != nil {
		return fmt.Errorf("finding the maximum run (%s): %w", rule, err)
	}
	if revenue < max {
		return fmt.Errorf("the run earns %d, but the earnings must be the maximum possible, %d (%s)", revenue, max, rule)
	}
	return nil
}
