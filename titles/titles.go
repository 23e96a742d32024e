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
	return []title.Descriptor{t1860.Descriptor(), t1825.Descriptor()}
}

// Names lists the titles' names, in All's order.
func Names() []string {
	var out []string
	for _, d := range All() {
		out = append(out, d.Name)
	}
	return out
}

// Lookup returns the title named name ("1860", "1825").
func Lookup(name string) (title.Descriptor, bool) {
	for _, d := range All() {
		if d.Name == name {
			return d, true
		}
	}
	return title.Descriptor{}, false
}
