package clock

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestRemaining(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	w := func(from, to time.Duration, p int, round, company string, phase int, newTurn bool) Wait {
		return Wait{From: at(from), To: at(to), Players: []int{p}, Round: round, Company: company, Phase: phase, NewTurn: newTurn}
	}
	base := Settings{Bank: Duration(10 * time.Minute), PerStockTurn: Duration(30 * time.Second),
		PerOperation: []Duration{Duration(time.Minute), Duration(2 * time.Minute)}, OnTimeout: OnTimeoutNone}
	graced := base
	graced.Grace = Duration(time.Hour)
	cases := []struct {
		name  string
		s     Settings
		waits []Wait
		open  *Wait
		want  map[int]time.Duration
	}{
		{"no waits: the bank", base, nil, nil, map[int]time.Duration{1: 10 * time.Minute, 2: 10 * time.Minute}},
		{"a stock turn adds its time once, then the waits are charged", base, []Wait{
			w(0, 40*time.Second, 1, "Stock", "", 0, true),
			w(40*time.Second, 60*time.Second, 1, "Stock", "", 0, false), // same turn (e.g. after an undo): nothing added, still charged
			w(60*time.Second, 90*time.Second, 2, "Stock", "", 0, true),
		}, nil, map[int]time.Duration{1: 10*time.Minute + 30*time.Second - 60*time.Second, 2: 10*time.Minute + 30*time.Second - 30*time.Second}},
		{"an operating turn adds by phase; later phases use the last entry", base, []Wait{
			w(0, 10*time.Second, 1, "Operating", "IOW", 0, true),
			w(10*time.Second, 20*time.Second, 1, "Operating", "FYN", 5, true),
		}, nil, map[int]time.Duration{1: 10*time.Minute + time.Minute + 2*time.Minute - 20*time.Second, 2: 10 * time.Minute}},
		{"the wait in progress counts", base, nil, &Wait{From: at(0), To: at(11 * time.Minute), Players: []int{2}, Round: "Stock", NewTurn: true},
			map[int]time.Duration{1: 10 * time.Minute, 2: 10*time.Minute + 30*time.Second - 11*time.Minute}},
		{"async grace: the first hour of each wait is free (a restart gap included)", graced, []Wait{
			w(0, 30*time.Minute, 1, "Stock", "", 0, true),                             // all within grace
			w(30*time.Minute, 30*time.Minute+90*time.Minute, 2, "Stock", "", 0, true), // 30 min charged
		}, nil, map[int]time.Duration{1: 10*time.Minute + 30*time.Second, 2: 10*time.Minute + 30*time.Second - 30*time.Minute}},
		{"a bot's seat is charged like any", base, []Wait{w(0, 5*time.Second, 2, "Operating", "C&N", 0, true)}, nil,
			map[int]time.Duration{1: 10 * time.Minute, 2: 10*time.Minute + time.Minute - 5*time.Second}},
	}
	for _, c := range cases {
		got := c.s.Remaining(c.waits, c.open, []int{1, 2})
		for p, want := range c.want {
			if got[p] != want {
				t.Errorf("%s: player %d has %v, want %v", c.name, p, got[p], want)
			}
		}
	}
}

func TestPenalty(t *testing.T) {
	s := Settings{OnTimeout: OnTimeoutPenalty, PenaltyPerMinute: 10}
	for _, c := range []struct {
		left time.Duration
		want int
	}{{time.Minute, 0}, {0, 0}, {-time.Second, 10}, {-time.Minute, 10}, {-time.Minute - time.Second, 20}} {
		if got := s.Penalty(c.left); got != c.want {
			t.Errorf("Penalty(%v) = %d, want %d", c.left, got, c.want)
		}
	}
	if (Settings{OnTimeout: OnTimeoutNone}).Penalty(-time.Hour) != 0 {
		t.Error("a penalty without the penalty consequence")
	}
}

func TestSettingsValidate(t *testing.T) {
	for _, name := range PresetNames() {
		if err := Presets[name].Validate(); err != nil {
			t.Errorf("preset %s: %v", name, err)
		}
	}
	for _, c := range []struct {
		json, field string
	}{
		{`{"bank":"10s","on_timeout":"none"}`, "bank"},
		{`{"bank":"1h","per_stock_turn":"-5s","on_timeout":"none"}`, "per_stock_turn"},
		{`{"bank":"1h","per_operation":["1m","200000h"],"on_timeout":"none"}`, "per_operation[1]"},
		{`{"bank":"1h","on_timeout":"explode"}`, "on_timeout"},
		{`{"bank":"1h","on_timeout":"penalty"}`, "penalty_per_minute"},
		{`{"bank":"1h","on_timeout":"none","penalty_per_minute":5}`, "penalty_per_minute"},
		{`{"bank":"1h","on_timeout":"penalty","penalty_per_minute":5,"bot":"random"}`, "bot"},
	} {
		var s Settings
		if err := json.Unmarshal([]byte(c.json), &s); err != nil {
			t.Fatalf("%s: %v", c.json, err)
		}
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: %v, want an error naming %s", c.json, err, c.field)
		}
	}
	var s Settings
	if err := json.Unmarshal([]byte(`{"bank":"soon"}`), &s); err == nil || !strings.Contains(err.Error(), "duration") {
		t.Errorf("a bank of \"soon\": %v", err)
	}
}

func TestDeadline(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	at := func(d time.Duration) time.Time { return t0.Add(d) }
	s := Settings{Bank: Duration(10 * time.Minute), PerStockTurn: Duration(30 * time.Second),
		PerOperation: []Duration{Duration(2 * time.Minute)}, OnTimeout: OnTimeoutBot}
	graced := s
	graced.Grace = Duration(time.Hour)
	stock := func(from, now time.Duration) Wait {
		return Wait{From: at(from), To: at(now), Players: []int{1}, Round: "Stock", NewTurn: true}
	}
	op := Wait{From: at(0), To: at(10 * time.Second), Players: []int{1}, Round: "Operating", Company: "IOW", NewTurn: true}
	cases := []struct {
		name string
		s    Settings
		left time.Duration
		open Wait
		back time.Time
		want time.Time
	}{
		{"time left runs out at zero", s, 5 * time.Minute, stock(0, time.Minute), time.Time{}, at(6 * time.Minute)},
		{"already over", s, -time.Second, stock(0, time.Minute), time.Time{}, at(time.Minute - time.Second)},
		{"within the grace nothing is charged yet", graced, 5 * time.Minute, stock(0, time.Minute), time.Time{}, at(time.Hour + 5*time.Minute)},
		{"beyond the grace", graced, 5 * time.Minute, stock(0, 2*time.Hour), time.Time{}, at(2*time.Hour + 5*time.Minute)},
		{"back with time over: at least a minute per move", s, -3 * time.Minute, stock(0, 10*time.Second), at(5 * time.Second), at(5*time.Second + time.Minute)},
		{"back: the clock runs from the last move when it is later", s, -3 * time.Minute, stock(20*time.Second, 30*time.Second), at(5 * time.Second), at(20*time.Second + time.Minute)},
		{"back: an operating turn allows its addition", s, -3 * time.Minute, op, at(0), at(2 * time.Minute)},
		{"back: the grace counts too", graced, -3 * time.Minute, stock(0, 10*time.Second), at(0), at(time.Hour + time.Minute)},
		{"back with time in hand: runs out at zero, not before the allowance", s, 5 * time.Minute, stock(0, 10*time.Second), at(0), at(10*time.Second + 5*time.Minute)},
	}
	for _, c := range cases {
		if got := c.s.Deadline(c.left, c.open, c.back); !got.Equal(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got.Sub(t0), c.want.Sub(t0))
		}
	}
}
