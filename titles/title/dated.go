package title

import (
	"fmt"
	"time"
)

// Change is a change 18xx.games made to a title's rules on a date: games
// of that site are pinned to the code of their day, so an export made
// before the change replays only under the rule it was played by. A
// title lists its changes in one table (Descriptor.Changes) and asks
// Rules.Follows which side of each a game is on.
type Change struct {
	// Name identifies the change ("1825/train-price-tens").
	Name string
	// Since is the day (UTC) the change went live on 18xx.games: the day
	// its pull request was merged into the site's code.
	Since string
	// Source cites the change in tobymao/18xx (pull request and commit).
	Source string
	// Before and After say what the rule was and is, for a player.
	Before, After string
}

// Date is Since as a time (midnight UTC); a malformed date is a
// programming error in the title's table.
func (c Change) Date() time.Time {
	t, err := time.Parse(time.DateOnly, c.Since)
	if err != nil {
		panic(fmt.Sprintf("title: change %s: since %q: %v", c.Name, c.Since, err))
	}
	return t
}

// Rules is the day whose 18xx.games rules a game follows. The zero value
// follows today's rules (every change made): new games, self-play and
// the server's own games.
type Rules struct{ asOf time.Time }

// RulesOf is the rules of the day t (the zero time: today's rules).
func RulesOf(t time.Time) Rules { return Rules{asOf: t.UTC()} }

// AsOf is the day the rules are of (zero: today).
func (r Rules) AsOf() time.Time { return r.asOf }

// Follows reports whether a game under r plays by the rule change c made:
// a game created on or after the day c went live does, and so does a game
// of today's rules; a game created before it plays by the earlier rule.
func (r Rules) Follows(c Change) bool {
	return r.asOf.IsZero() || !r.asOf.Before(c.Date())
}

// Pending lists the changes of cs a game under r does not follow, in
// table order: the rules in which it differs from today's.
func (r Rules) Pending(cs []Change) []Change {
	var out []Change
	for _, c := range cs {
		if !r.Follows(c) {
			out = append(out, c)
		}
	}
	return out
}

// String names the rules: "today", or the day they are of
// ("2021-09-08").
func (r Rules) String() string {
	if r.asOf.IsZero() {
		return "today"
	}
	return r.asOf.Format(time.DateOnly)
}

// ParseRules reads what String wrote, or an RFC 3339 time.
func ParseRules(s string) (Rules, error) {
	if s == "today" || s == "" {
		return Rules{}, nil
	}
	for _, layout := range []string{time.RFC3339, time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return RulesOf(t), nil
		}
	}
	return Rules{}, fmt.Errorf("title: rules %q: neither \"today\" nor a date", s)
}
