package clock

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
)

// Consequences of running out of time. The game's rules never change
// because of the clock, so an exported game still replays in 18xx.games.
const (
	OnTimeoutNone    = "none"    // shown only
	OnTimeoutPenalty = "penalty" // points off the shown ranking per started minute over
	OnTimeoutBot     = "bot"     // a bot plays the seat's turns until its player returns
)

// Settings is a game's time control: a bank of time per player for the
// whole game, plus time added when a stock-round turn or a company's
// operating turn begins (the latter by phase: later phases may add more).
// In async play the first Grace of every wait is free, so a game played
// over weeks measures slowness, not sleep.
type Settings struct {
	Bank         Duration   `json:"bank"`
	PerStockTurn Duration   `json:"per_stock_turn"`
	PerOperation []Duration `json:"per_operation"` // by phase index; the last one holds for later phases
	Grace        Duration   `json:"grace,omitempty"`
	OnTimeout    string     `json:"on_timeout"`
	// PenaltyPerMinute is taken off the shown score per started minute
	// over, when OnTimeout is penalty.
	PenaltyPerMinute int `json:"penalty_per_minute,omitempty"`
	// Bot is the kind of bot that plays a seat whose time ran out, until
	// its player comes back, when OnTimeout is bot (the server fills in
	// its default and checks the kind).
	Bot string `json:"bot,omitempty"`
}

// Duration is a time.Duration written as Go duration text ("1h30m").
type Duration time.Duration

// MarshalJSON writes the duration as text.
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(time.Duration(d).String()) }

// UnmarshalJSON reads duration text ("90s", "2h") or whole seconds.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		var n int64
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("want a duration such as \"90s\" or \"2h\", got %s", b)
		}
		*d = Duration(time.Duration(n) * time.Second)
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("want a duration such as \"90s\" or \"2h\", got %q", s)
	}
	*d = Duration(v)
	return nil
}

// Presets are the named time controls offered at game creation.
var Presets = map[string]Settings{
	"blitz":  {Bank: minutes(20), PerStockTurn: sec(15), PerOperation: []Duration{sec(20), sec(30), sec(45)}, OnTimeout: OnTimeoutNone},
	"fast":   {Bank: minutes(45), PerStockTurn: sec(30), PerOperation: []Duration{sec(45), sec(60), sec(90)}, OnTimeout: OnTimeoutNone},
	"normal": {Bank: minutes(90), PerStockTurn: sec(45), PerOperation: []Duration{sec(60), sec(90), sec(120)}, OnTimeout: OnTimeoutNone},
	"slow":   {Bank: minutes(180), PerStockTurn: sec(90), PerOperation: []Duration{sec(120), sec(180), sec(240)}, OnTimeout: OnTimeoutNone},
	// async: a day in hand, an hour more per turn, the first 8 hours of
	// every wait free
	"async days": {Bank: minutes(24 * 60), PerStockTurn: minutes(60), PerOperation: []Duration{minutes(60)}, Grace: minutes(8 * 60), OnTimeout: OnTimeoutNone},
}

func minutes(n int) Duration { return Duration(time.Duration(n) * time.Minute) }
func sec(n int) Duration     { return Duration(time.Duration(n) * time.Second) }

// PresetNames lists the presets, fastest first.
func PresetNames() []string {
	names := make([]string, 0, len(Presets))
	for n := range Presets {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return Presets[names[i]].Bank < Presets[names[j]].Bank })
	return names
}

// Validate says which field of s is wrong, if any.
func (s Settings) Validate() error {
	const most = 90 * 24 * time.Hour
	check := func(field string, d Duration, least time.Duration) error {
		switch v := time.Duration(d); {
		case v < least:
			return fmt.Errorf("clock: %s is %v; it must be at least %v", field, v, least)
		case v > most:
			return fmt.Errorf("clock: %s is %v; it must be at most 90 days", field, v)
		}
		return nil
	}
	if err := check("bank", s.Bank, time.Minute); err != nil {
		return err
	}
	if err := check("per_stock_turn", s.PerStockTurn, 0); err != nil {
		return err
	}
	if len(s.PerOperation) > 16 {
		return fmt.Errorf("clock: per_operation has %d entries; one per phase, at most 16", len(s.PerOperation))
	}
	for i, d := range s.PerOperation {
		if err := check(fmt.Sprintf("per_operation[%d]", i), d, 0); err != nil {
			return err
		}
	}
	if err := check("grace", s.Grace, 0); err != nil {
		return err
	}
	switch s.OnTimeout {
	case OnTimeoutNone, OnTimeoutBot:
		if s.PenaltyPerMinute != 0 {
			return fmt.Errorf("clock: penalty_per_minute is %d; it is only for on_timeout penalty", s.PenaltyPerMinute)
		}
	case OnTimeoutPenalty:
		if s.PenaltyPerMinute <= 0 || s.PenaltyPerMinute > 1000 {
			return fmt.Errorf("clock: penalty_per_minute is %d; with on_timeout penalty it must be from 1 to 1000", s.PenaltyPerMinute)
		}
	default:
		return fmt.Errorf("clock: on_timeout %q is not one of %s", s.OnTimeout, strings.Join([]string{OnTimeoutNone, OnTimeoutPenalty, OnTimeoutBot}, ", "))
	}
	if s.Bot != "" && s.OnTimeout != OnTimeoutBot {
		return fmt.Errorf("clock: bot is %q; it is only for on_timeout bot", s.Bot)
	}
	return nil
}

// perOperation is the time added when a company's turn begins in phase.
func (s Settings) perOperation(phase int) time.Duration {
	if len(s.PerOperation) == 0 {
		return 0
	}
	return time.Duration(s.PerOperation[max(0, min(phase, len(s.PerOperation)-1))])
}

// Remaining is every player's time left after the waits: the bank, plus
// the time added for each turn they began, less each wait charged to them
// beyond its grace. open, when not nil, is the wait in progress (its To is
// now). A negative value is time over.
func (s Settings) Remaining(waits []Wait, open *Wait, players []int) map[int]time.Duration {
	left := make(map[int]time.Duration, len(players))
	for _, p := range players {
		left[p] = time.Duration(s.Bank)
	}
	all := waits
	if open != nil {
		all = append(append([]Wait(nil), waits...), *open)
	}
	for _, w := range all {
		charged := max(0, w.Length()-time.Duration(s.Grace))
		for _, p := range w.Players {
			if _, ok := left[p]; !ok {
				continue
			}
			if w.NewTurn {
				switch {
				case w.Company != "":
					left[p] += s.perOperation(w.Phase)
				case w.Round == "Stock":
					left[p] += time.Duration(s.PerStockTurn)
				}
			}
			left[p] -= charged
		}
	}
	return left
}

// Penalty is the points taken off a player's shown score for time over:
// PenaltyPerMinute per started minute below zero (0 unless OnTimeout is
// penalty). The book result stays the engine's.
func (s Settings) Penalty(left time.Duration) int {
	if s.OnTimeout != OnTimeoutPenalty || left >= 0 {
		return 0
	}
	minutes := int((-left + time.Minute - 1) / time.Minute)
	return minutes * s.PenaltyPerMinute
}

// TurnTime is the time added when the turn of wait w begins: per
// operation (by phase) when a company is to act, per stock turn in a
// stock round, else nothing.
func (s Settings) TurnTime(w Wait) time.Duration {
	switch {
	case w.Company != "":
		return s.perOperation(w.Phase)
	case w.Round == "Stock":
		return time.Duration(s.PerStockTurn)
	}
	return 0
}

// MinComeback is the least time a player who came back with time over has
// for each move (see Deadline).
const MinComeback = time.Minute

// Deadline is when a player on the clock in the wait in progress (open,
// its To now) runs out of time, given left, their time left now (from
// Remaining, open included). A seat runs out when its time left reaches
// zero. A player who came back after running out (back, the time they
// did; zero if they never ran out) plays on with time over, and runs out
// again when they keep the game waiting, since the later of their return
// and the last move, for longer than the grace plus the time the turn adds
// (at least MinComeback) while their time left is not above zero. The
// open wait's downtime (open.Down, all of it before now) does not count;
// for the comeback, the caller moves back on by the downtime after it.
func (s Settings) Deadline(left time.Duration, open Wait, back time.Time) time.Time {
	// the wait is charged beyond its grace, so time left starts falling at
	// From+Grace+Down (or has been falling since)
	out := laterOf(open.To, open.From.Add(time.Duration(s.Grace)+time.Duration(open.Down))).Add(left)
	if back.IsZero() {
		return out
	}
	allow := time.Duration(s.Grace) + max(s.TurnTime(open), MinComeback)
	return laterOf(out, laterOf(back, open.From).Add(allow))
}

func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
