package t1825

import (
	"strings"
	"testing"

	"tresham/board"
	"tresham/engine"
)

func mustRule(t *testing.T, name string) trainRule {
	t.Helper()
	r, err := ruleOf(name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// stops builds visits from a compact description: C city, T town, H halt,
// with a value, '*' for a base of the company, '#' for tile #200; each
// stop on its own hexag unless it names one ("C20@A1").
func stops(desc string) []stop {
	var out []stop
	for i, f := range strings.Fields(desc) {
		s := stop{ref: board.NodeRef{Hex: "X" + string(rune('A'+i))}}
		if at := strings.Index(f, "@"); at >= 0 {
			s.ref.Hex = f[at+1:]
			f = f[:at]
		}
		switch f[0] {
		case 'C':
			s.city = true
		case 'H':
			s.halt = true
		}
		f = f[1:]
		for len(f) > 0 && (f[len(f)-1] == '*' || f[len(f)-1] == '#') {
			if f[len(f)-1] == '*' {
				s.token = true
			} else {
				s.t200 = true
			}
			f = f[:len(f)-1]
		}
		for _, ch := range f {
			s.value = s.value*10 + int(ch-'0')
		}
		out = append(out, s)
	}
	return out
}

// TestTrainRules checks stop counting and revenue for each kind of train
// (rules 4.5.4–4.5.6, the kits' trains, tile #200).
func TestTrainRules(t *testing.T) {
	tests := []struct {
		train, route string
		late         bool
		revenue      int
		err          string // part of the error, "" for none
	}{
		{"2", "C20* C30", false, 50, ""},
		{"2", "C20* T10 C30", false, 0, "too many"},
		{"3", "C20* T10 C30", false, 60, ""},
		{"2", "C20* T10", false, 0, "begin and end"},
		{"3", "T10 C20* C30", false, 0, "begin and end"},
		// halts are free to pass and pay only the tender trains
		{"2", "C20* H10 C30", false, 50, ""},
		{"3T", "C20* H10 C30", false, 60, ""},
		{"3T", "T10 C20* T10", false, 40, ""},
		{"4T", "C20* T10@XZ T10@XZ C30", false, 70, ""},
		{"4", "C20* T10@XZ T10@XZ C30", false, 0, "two stations"},
		{"3", "C20*@XZ C30@XZ C10", false, 0, "two stations"},
		// U3: three cities and any number of towns, all paying
		{"U3", "T10 C20* T10 C30 T10 C40", false, 120, ""},
		{"U3", "C20* C30 C40 C50", false, 0, "too many"},
		// 4+4E: any number of stations; the four best cities, with a base, pay double
		{"4+4E", "C20* T10 C30 C40 C50 C60", false, 2 * (20 + 40 + 50 + 60), ""},
		{"4+4E", "C10* C30 C40 C50 C60", false, 2 * (10 + 40 + 50 + 60), ""},
		{"2+2", "C20* T10", false, 60, ""},
		// tile #200 holding a base may be passed from Phase Three: the best stops pay
		{"2", "C20* C10*# C30", true, 50, ""},
		{"2", "C20* C10*# C30", false, 0, "too many"},
		{"2", "C20* C10# C30", true, 0, "too many"},
		{"3", "C20* C10*# C30 C40", true, 90, ""},
		{"U3", "C20* C10*# C30 C40 T10", true, 100, ""},
	}
	for _, tc := range tests {
		r := mustRule(t, tc.train)
		rev, _, err := r.evaluate(stops(tc.route), tc.late, false, nil)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s on %s: error %v, want %q", tc.train, tc.route, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s on %s: %v", tc.train, tc.route, err)
		case tc.err == "" && rev != tc.revenue:
			t.Errorf("%s on %s: revenue %d, want %d", tc.train, tc.route, rev, tc.revenue)
		}
	}
}

// TestDoubleHeading checks rule 4.5.5: two '2' trains run together as a
// '3', sharing a station; the second pays only its other station.
func TestDoubleHeading(t *testing.T) {
	two := mustRule(t, "2")
	never := func(board.NodeRef) bool { return false }
	mk := func(a, b string) runRoute {
		v := stops(a + " " + b)
		return runRoute{train: &engine.Train{ID: "2-0", Name: "2"}, rule: two, visits: v}
	}
	shared := stops("C30@M1")[0]
	untok := stops("C50@M2")[0]
	a := runRoute{rule: two, visits: []stop{stops("C20*@M0")[0], shared}}
	b := runRoute{rule: two, visits: []stop{shared, untok}}
	if p := doubleHeaded([]runRoute{a, b}, never); p[0] != 1 || p[1] != 0 {
		t.Fatalf("pair not recognised: %v", p)
	}
	if p := doubleHeaded([]runRoute{a, b}, func(board.NodeRef) bool { return true }); p[0] != -1 {
		t.Errorf("pair sharing a city tokened out recognised: %v", p)
	}
	both := runRoute{rule: two, visits: []stop{shared, stops("C50*@M2")[0]}}
	if p := doubleHeaded([]runRoute{a, both}, never); p[0] != -1 {
		t.Errorf("two routes that each reach a base are not double-headed: %v", p)
	}
	// two routes between the same two stations are not one '3' (rule 1.8)
	twice := runRoute{rule: two, visits: []stop{shared, stops("C20*@M0")[0]}}
	if p := doubleHeaded([]runRoute{a, twice}, never); p[0] != -1 {
		t.Errorf("two routes between the same stations paired: %v", p)
	}
	town := stops("T10@M3")[0]
	tt := runRoute{rule: two, visits: []stop{town, shared}}
	if p := doubleHeaded([]runRoute{mk("C20*", "T10"), tt}, never); p[0] != -1 {
		t.Errorf("pair without a common station recognised: %v", p)
	}
	ra, sa, err := two.evaluate(a.visits, false, true, nil)
	if err != nil || ra != 50 {
		t.Fatalf("first train: %d %v", ra, err)
	}
	var paid []board.NodeRef
	for _, i := range sa {
		paid = append(paid, a.visits[i].ref)
	}
	rb, _, err := two.evaluate(b.visits, false, true, paid)
	if err != nil || rb != 50 {
		t.Fatalf("second train: %d %v", rb, err)
	}
	// a double-headed '2' may end at a town
	if _, _, err := two.evaluate([]stop{town, shared}, false, true, nil); err != nil {
		t.Errorf("double-headed train ending at a town: %v", err)
	}
}

// TestScoreAllocatesNothing checks that the solver's scoring of a route
// (accepted, refused, or choosing stops) allocates nothing once its
// buffers have grown.
func TestScoreAllocatesNothing(t *testing.T) {
	tests := []struct {
		train, route string
		late         bool
	}{
		{"3", "C20* T10 C30", false},
		{"2", "C20* T10 C30", false},                // refused: too many
		{"4", "C20* T10@XZ T10@XZ C30", false},      // refused: two stations
		{"4+4E", "C20* T10 C30 C40 C50 C60", false}, // chooses stops
		{"U3", "C20* C10*# C30 C40 T10", true},
	}
	for _, tc := range tests {
		r, v := mustRule(t, tc.train), stops(tc.route)
		var sc scorer
		sc.score(r, v, tc.late, false, nil)
		if n := testing.AllocsPerRun(100, func() { sc.score(r, v, tc.late, false, nil) }); n != 0 {
			t.Errorf("%s on %s: %v allocations per score, want 0", tc.train, tc.route, n)
		}
	}
}
