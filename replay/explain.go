package replay

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles"
	"tresham/titles/title"
)

// DatedRefusal is an export that does not replay, with what the rules of
// the day say about it: the day whose rules it was replayed by, the
// changes it was replayed before, and a dated change whose earlier rule
// accepts the refused action (when one does).
type DatedRefusal struct {
	// Err is the refusal (an *engine.RuleError names the action and rule).
	Err error
	// Rules are the rules the export was replayed by (Rules).
	Rules title.Rules
	// Before lists the title's changes the export was replayed before.
	Before []title.Change
	// Explained is a change the export was replayed after whose earlier
	// rule accepts the refused action (nil: none does).
	Explained *title.Change
	// Pin is the 18xx.games code version the game was pinned to
	// (settings.pin), "" for none.
	Pin string
	// Tried are the other rules the export was tried under first and
	// refused by (Candidates), latest first.
	Tried []title.Rules
}

func (e *DatedRefusal) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	day := "today"
	if t := e.Rules.AsOf(); !t.IsZero() {
		day = t.Format(time.DateOnly)
	}
	fmt.Fprintf(&b, " (replayed by the 18xx.games rules of %s", day)
	if len(e.Before) > 0 {
		names := make([]string, len(e.Before))
		for i, c := range e.Before {
			names[i] = c.Name + " (" + c.Since + ")" // no word to translate
		}
		fmt.Fprintf(&b, ", before %s", strings.Join(names, ", "))
	}
	if len(e.Tried) > 0 {
		names := make([]string, len(e.Tried))
		for i, r := range e.Tried {
			names[i] = r.String()
		}
		fmt.Fprintf(&b, "; it does not replay under the rules of %s either", strings.Join(names, ", "))
	}
	b.WriteString(")")
	if e.Pin != "" {
		fmt.Fprintf(&b, "; 18xx.games pinned this game to its code version %q, which Tresham cannot date: it replays by the rules of the day the game was created", e.Pin)
	}
	if c := e.Explained; c != nil {
		fmt.Fprintf(&b, "; 18xx.games accepted this move before %s, under its earlier rule: %s (%s: %s); the game may have been pinned to that code",
			c.Since, c.Before, c.Name, c.Source)
	}
	return b.String()
}

func (e *DatedRefusal) Unwrap() error { return e.Err }

// Explain words an export's refusal with the rules of the day: which
// rules it was replayed by and, when the refused action replays under
// the rule before one of the title's dated changes (tried from the latest
// change back), that change and its date. A refusal that is not a
// rule's (an unknown title, a malformed action) is returned as it is.
// It replays the export again for each change tried, so it is for the
// refusal path only.
func Explain(src *g18xx.Game, err error) error {
	var re *engine.RuleError
	if err == nil || !errors.As(err, &re) {
		return err
	}
	d, ok := titles.Lookup(src.Title)
	if !ok {
		return err
	}
	rules := Rules(src)
	out := &DatedRefusal{Err: err, Rules: rules, Before: rules.Pending(d.Changes), Pin: src.Settings.Pin()}
	for _, r := range Candidates(src) {
		if r != rules {
			out.Tried = append(out.Tried, r)
		}
	}
	for _, c := range slices.Backward(d.Changes) {
		if !rules.Follows(c) {
			continue
		}
		// the day before c went live: c's earlier rule (and any later change's)
		if passes(src, title.RulesOf(c.Date().Add(-time.Second)), re.ActionID) {
			out.Explained = &c
			break
		}
	}
	return out
}

// passes reports whether the export replays past action id under rules.
func passes(src *g18xx.Game, rules title.Rules, id int) bool {
	_, ok := replayUpTo(src, rules, id)
	return ok
}
