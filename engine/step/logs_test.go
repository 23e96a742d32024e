package step

import (
	"reflect"
	"testing"

	"tresham/board"
	"tresham/engine"
)

// TestLogTrainRun: a train's line names its revenue, any subsidy and its
// stops, a hex visited at several nodes in a row once with their number.
func TestLogTrainRun(t *testing.T) {
	refs := func(hexes ...string) []board.NodeRef {
		out := make([]board.NodeRef, len(hexes))
		for i, h := range hexes {
			out[i] = board.NodeRef{Hex: h, Node: i}
		}
		return out
	}
	c := &engine.Corporation{Sym: "C&N"}
	for _, tc := range []struct {
		subsidy int
		visits  []board.NodeRef
		want    string
	}{
		{0, refs("F2", "G5"), "C&N runs a 2+1 train for £50: F2 – G5"},
		{10, refs("F2", "F2"), "C&N runs a 2+1 train for £50 and £10 subsidy: F2 ×2"},
		{0, refs("F2", "F2", "F4", "G5", "G5", "G5"), "C&N runs a 2+1 train for £50: F2 ×2 – F4 – G5 ×3"},
		{0, refs("F2", "G5", "F2"), "C&N runs a 2+1 train for £50: F2 – G5 – F2"},
		{0, nil, "C&N runs a 2+1 train for £50"},
	} {
		g := &engine.Game{}
		LogTrainRun(g, nil, c, "2+1", 50, tc.subsidy, tc.visits)
		if len(g.Log) != 1 || g.Log[0] != tc.want {
			t.Errorf("visits %v: log %q, want %q", tc.visits, g.Log, tc.want)
		}
	}
}

func TestPerShare(t *testing.T) {
	for _, tc := range []struct {
		paid, unit int
		want       string
	}{
		{70, 10, "£7"}, {75, 10, "£7.50"}, {140, 20, "£28"}, {150, 20, "£30"}, {0, 10, "£0"},
	} {
		l := engine.NewLogBuilder("%s")
		writePerShare(&l, tc.paid, tc.unit)
		if got := l.String(); got != tc.want {
			t.Errorf("perShare(%d, %d) = %s, want %s", tc.paid, tc.unit, got, tc.want)
		}
	}
}

// TestLogPayout: the payout line names the amount per share and what each
// player receives, as PayShareholders pays it (most first).
func TestLogPayout(t *testing.T) {
	g := &engine.Game{Players: []*engine.Player{{ID: 1, Name: "Ann"}, {ID: 2, Name: "Bob"}, {ID: 3, Name: "Cy"}}}
	c := &engine.Corporation{Sym: "IOW", Shares: []*engine.Share{
		{Percent: 20, President: true, Holder: 2}, {Percent: 10, Holder: 2}, {Percent: 10, Holder: 1},
		{Percent: 10, Holder: engine.HolderMarket}, {Percent: 10, Holder: engine.HolderIPO},
	}}
	LogPayout(g, c, NewPayout("payout", 75, 0, 100, 100, 10))
	LogPayout(g, c, NewPayout("withhold", 75, 0, 100, 100, 10)) // writes nothing
	LogPayout(g, c, NewPayout("payout", 20, 0, 100, 100, 10))
	want := []string{"IOW pays out £75: £7.50 per 10% share; Bob receives £23, Ann receives £8",
		"IOW pays out £20: £2 per 10% share; Bob receives £6, Ann receives £2"}
	if !reflect.DeepEqual(g.Log, want) {
		t.Errorf("log %q, want %q", g.Log, want)
	}
}
