package replay

import (
	"maps"
	"slices"
	"time"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles"
	"tresham/titles/title"
)

// Rules is the day whose 18xx.games rules an export is replayed by, found
// as 18xx.games finds it. The site runs a game under its newest code
// unless a change breaks the game, and then pins the game to the code of
// the day before that change. So an export is tried under today's rules
// first and, where it does not replay under them (an action refused, or a
// finished game whose result differs from the one it records), under the
// rules of the day before each of the title's changes made since it was
// created, latest first, down to the rules of its creation day (DayOf).
// The first rules it replays under are its rules; when none do, its
// creation day's (the refusal then names that day, Explain). A game
// pinned by the site (settings.pin) is by definition broken by today's
// code, so its trials start at the latest change's eve. An export created
// after every change of its title, or with no time at all, is not tried:
// today's rules are its rules. (docs/rules.md, "Rules of the day".)
func Rules(src *g18xx.Game) title.Rules {
	cands := Candidates(src)
	if len(cands) == 1 {
		return cands[0]
	}
	for _, r := range cands {
		if Accepts(src, r) {
			return r
		}
	}
	return cands[len(cands)-1]
}

// DayOf is the rules of the day an export's game was created
// (g18xx.Game.PlayedFrom; today's when it carries no time).
func DayOf(src *g18xx.Game) title.Rules {
	t, _ := src.PlayedFrom()
	return title.RulesOf(t)
}

// Candidates lists the rules Rules tries for src, in order: today's
// (unless the game is pinned), the eve of each change made after its
// creation day from the latest back, and its creation day's. An export
// whose creation day follows every change has today's alone.
func Candidates(src *g18xx.Game) []title.Rules {
	day := DayOf(src)
	d, ok := titles.Lookup(src.Title)
	if !ok {
		return []title.Rules{{}}
	}
	pending := day.Pending(d.Changes)
	if len(pending) == 0 {
		return []title.Rules{{}}
	}
	var out []title.Rules
	add := func(r title.Rules) {
		if len(out) == 0 || out[len(out)-1] != r {
			out = append(out, r)
		}
	}
	if src.Settings.Pin() == "" {
		add(title.Rules{})
	}
	// the eve of each pending change, latest first, down to the earliest
	// change's day, whose eve is the creation day's rules (changes of one
	// day share an eve)
	for _, c := range slices.Backward(pending) {
		if c.Since == pending[0].Since {
			break
		}
		add(title.RulesOf(c.Date().Add(-time.Second)))
	}
	add(day)
	return out
}

// Accepts reports whether src replays under rules: every effective action
// accepted and, for an export that records a result (not ended by hand),
// the game finished with that result (or, for one not marked finished or
// without actions, not finished yet).
func Accepts(src *g18xx.Game, rules title.Rules) bool {
	g, ok := replayUpTo(src, rules, 0)
	if !ok {
		return false
	}
	if len(src.Result) == 0 || src.ManuallyEnded {
		return true // nothing recorded to compare (a game ended by hand stops short)
	}
	if !g.IsFinished() {
		// a finished export that does not finish here differs; a header
		// without its actions (a session that appends them) has nothing
		// to differ on
		return src.Status != "finished" || len(src.Actions) == 0
	}
	return maps.Equal(g.Result(), src.Result)
}

// replayUpTo replays src's effective moves under rules up to and
// including the action numbered last (all of them when last is 0); ok is
// false when the game cannot be set up or one of them is refused.
func replayUpTo(src *g18xx.Game, rules title.Rules, last int) (g title.Full, ok bool) {
	g, err := NewOf(src, rules)
	if err != nil {
		return nil, false
	}
	var ea engine.Action
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		a := &src.Actions[i]
		if a.Type == g18xx.TypeMessage {
			continue
		}
		ea = Convert(a)
		if err := g.Apply(&ea); err != nil {
			return nil, false
		}
		if a.ID == last {
			break
		}
	}
	return g, true
}

// RulesName words rules for a player: "today's rules" or "the rules of
// 2021-09-08".
func RulesName(r title.Rules) string {
	if r.AsOf().IsZero() {
		return "today's rules"
	}
	return "the rules of " + r.String()
}
