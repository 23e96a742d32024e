package title

import (
	"fmt"
	"slices"
)

// OptionNames lists the names of opts in order.
func OptionNames(opts []Option) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.Name
	}
	return out
}

// OptionSet is the set of options a game of the title named starts with;
// each must be one of known (the title's own), else it is an error.
func OptionSet(name string, known, given []string) (map[string]bool, error) {
	set := map[string]bool{}
	for _, o := range given {
		if !slices.Contains(known, o) {
			return nil, fmt.Errorf("%s: unknown option %q", name, o)
		}
		set[o] = true
	}
	return set, nil
}
