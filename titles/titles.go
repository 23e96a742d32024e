// Package titles is the title registry: the one place that knows the
// concrete titles. Every other package finds a title by name here and
// drives its games through the title.Full interface.
//
// The registry is a fixed table: All builds it afresh from each title's
// Descriptor on every call, so no caller can change what another sees.
package titles

import (
	"tresham/titles/t1825"
	"tresham/titles/t1860"
	"tresham/titles/title"
)

// All lists the titles Tresham plays, in the order the lobby shows them.
func All() []title.Descriptor {
	r := registry()
	out := make([]title.Descriptor, len(r))
	for i, e := range r {
		out[i] = e.descriptor()
	}
	return out
}

// Names lists the titles' names, in All's order.
func Names() []string {
	var out []string
	for _, d := range All() {
		out = append(out, d.Name)
	}
	return out
}

// Lookup returns the title named name ("1860", "1825"). It builds only
// that title's descriptor (a replay looks its title up once per game).
func Lookup(name string) (title.Descriptor, bool) {
	for _, e := range registry() {
		if e.name == name {
			return e.descriptor(), true
		}
	}
	return title.Descriptor{}, false
}

// entry is a title's name and its Descriptor function.
type entry struct {
	name       string
	descriptor func() title.Descriptor
}

// registry lists the titles in All's order, by name (TestLookup
// checks each name against its descriptor).
func registry() [2]entry {
	return [2]entry{{"1860", t1860.Descriptor}, {"1825", t1825.Descriptor}}
}
