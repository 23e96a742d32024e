package clock

import (
	"encoding/json"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// downNote is a downtime note from..to as a server writes it.
func downNote(pid int, from, to time.Time) g18xx.Action {
	v, _ := json.Marshal(DownNote(from))
	return g18xx.Action{Type: g18xx.TypeMessage, Entity: g18xx.PlayerEntity(pid), EntityType: g18xx.EntityPlayer,
		Message: "The server was down.", CreatedAt: to.Unix(), Extra: map[string]json.RawMessage{NoteKey: v}}
}

// TestDowntimeWithin: the part of a wait that downtimes cover, for waits
// spanning, inside, partly overlapping and missing them; a downtime noted
// twice (or overlapping another) counts once.
func TestDowntimeWithin(t *testing.T) {
	at := func(s int) time.Time { return time.Unix(int64(10_000+s), 0).UTC() }
	down := func(from, to int) Downtime { return Downtime{From: at(from), To: at(to)} }
	tests := []struct {
		name     string
		downs    []Downtime
		from, to int
		want     time.Duration
	}{
		{"none", nil, 0, 100, 0},
		{"wait spans the downtime", []Downtime{down(10, 40)}, 0, 100, 30 * time.Second},
		{"wait inside the downtime", []Downtime{down(0, 100)}, 10, 40, 30 * time.Second},
		{"downtime over the wait's start", []Downtime{down(-50, 20)}, 0, 100, 20 * time.Second},
		{"downtime over the wait's end", []Downtime{down(90, 200)}, 0, 100, 10 * time.Second},
		{"downtime before the wait", []Downtime{down(-50, 0)}, 0, 100, 0},
		{"downtime after the wait", []Downtime{down(100, 150)}, 0, 100, 0},
		{"two downtimes in one wait", []Downtime{down(10, 20), down(50, 60)}, 0, 100, 20 * time.Second},
		{"the same downtime noted twice", []Downtime{down(10, 40), down(10, 40)}, 0, 100, 30 * time.Second},
		{"overlapping notes", []Downtime{down(10, 40), down(30, 50)}, 0, 100, 40 * time.Second},
		{"a note of nothing", []Downtime{down(40, 40)}, 0, 100, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var ds Downtimes
			for _, d := range tc.downs {
				ds = ds.Add(d)
			}
			if got := ds.Within(at(tc.from), at(tc.to)); got != tc.want {
				t.Errorf("Within = %v, want %v (set %v)", got, tc.want, ds)
			}
			for i := 1; i < len(ds); i++ {
				if !ds[i].From.After(ds[i-1].To) {
					t.Errorf("set %v is not sorted and disjoint", ds)
				}
			}
		})
	}
}

// TestDowntimeOf: only a server's well-formed note is a downtime.
func TestDowntimeOf(t *testing.T) {
	from, to := time.Unix(5000, 0).UTC(), time.Unix(9000, 0).UTC()
	good := downNote(1, from, to)
	with := func(edit func(a *g18xx.Action)) g18xx.Action {
		a := good
		a.Extra = map[string]json.RawMessage{NoteKey: good.Extra[NoteKey]}
		edit(&a)
		return a
	}
	tests := []struct {
		name string
		a    g18xx.Action
		ok   bool
	}{
		{"note", good, true},
		{"not a message", with(func(a *g18xx.Action) { a.Type = "pass" }), false},
		{"another note", with(func(a *g18xx.Action) { a.Extra[NoteKey] = json.RawMessage(`"start"`) }), false},
		{"no number", with(func(a *g18xx.Action) { a.Extra[NoteKey] = json.RawMessage(`"down:soon"`) }), false},
		{"from after the note", with(func(a *g18xx.Action) { a.CreatedAt = from.Unix() - 1 }), false},
		{"no time", with(func(a *g18xx.Action) { a.CreatedAt = 0 }), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d, ok := DowntimeOf(tc.a)
			if ok != tc.ok || (ok && (!d.From.Equal(from) || !d.To.Equal(to))) {
				t.Errorf("DowntimeOf = %v, %v; want %v (%v to %v)", d, ok, tc.ok, from, to)
			}
		})
	}
}

// TestWaitsDowntime: a downtime noted in a real game's log is taken off
// the wait it fell in, and only that one; the players' totals drop by it.
func TestWaitsDowntime(t *testing.T) {
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, "1860/1860_game_end_bank.json"))
	if err != nil {
		t.Fatalf("%s: %v", "1860/1860_game_end_bank.json", err)
	}
	plain, err := Waits(src)
	if err != nil {
		t.Fatal(err)
	}
	k := 0 // the longest wait
	for i, w := range plain {
		if w.Length() > plain[k].Length() {
			k = i
		}
	}
	w := plain[k]
	if w.Length() < 4*time.Second {
		t.Skipf("the longest wait is %v", w.Length())
	}
	// down for the middle half of the wait, noted when service resumed
	// (in the log after the move that began the wait)
	q := w.Length() / 4
	from, to := w.From.Add(q).Truncate(time.Second), w.To.Add(-q).Truncate(time.Second)
	noted := *src
	noted.Actions = append(append(append([]g18xx.Action(nil), src.Actions[:w.After]...), downNote(src.Players[0].ID, from, to)), src.Actions[w.After:]...)
	got, err := Waits(&noted)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(plain) {
		t.Fatalf("%d waits, want %d", len(got), len(plain))
	}
	for i := range plain {
		want := plain[i].Length()
		if i == k {
			want -= to.Sub(from)
		}
		if got[i].Length() != want || !got[i].From.Equal(plain[i].From) || !got[i].To.Equal(plain[i].To) || !SameTurn(got[i], plain[i]) {
			t.Fatalf("wait %d: %+v (length %v), want length %v", i, got[i], got[i].Length(), want)
		}
	}
	var ids []int
	for _, p := range src.Players {
		ids = append(ids, p.ID)
	}
	before, after := TimeSpent(plain, ids), TimeSpent(got, ids)
	for i := range before {
		want := before[i].Total
		for _, p := range w.Players {
			if p == before[i].Player {
				want -= to.Sub(from)
			}
		}
		if after[i].Total != want {
			t.Errorf("player %d: %v spent, want %v", after[i].Player, after[i].Total, want)
		}
	}
}

// TestDeadlineDowntime: the downtime of the wait in progress moves its
// deadline on by as much.
func TestDeadlineDowntime(t *testing.T) {
	t0 := time.Unix(50_000, 0).UTC()
	s := Settings{Bank: Duration(10 * time.Minute), Grace: Duration(time.Minute), OnTimeout: OnTimeoutBot}
	tests := []struct {
		name string
		open Wait
		left time.Duration
		want time.Time
	}{
		// 3 minutes waited, 2 of them down: within the grace still
		{"in the grace", Wait{From: t0, To: t0.Add(3 * time.Minute), Down: Duration(2 * time.Minute)}, 10 * time.Minute, t0.Add(13 * time.Minute)},
		// 5 minutes waited, 2 down: 2 charged, the clock runs from now
		{"past the grace", Wait{From: t0, To: t0.Add(5 * time.Minute), Down: Duration(2 * time.Minute)}, 8 * time.Minute, t0.Add(13 * time.Minute)},
		{"no downtime", Wait{From: t0, To: t0.Add(30 * time.Second)}, 10 * time.Minute, t0.Add(11 * time.Minute)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.Deadline(tc.left, tc.open, time.Time{}); !got.Equal(tc.want) {
				t.Errorf("Deadline = %v, want %v", got, tc.want)
			}
			// the time left Remaining gives agrees with it
			open := tc.open
			open.Players = []int{1}
			if left := s.Remaining(nil, &open, []int{1})[1]; left != tc.left {
				t.Errorf("Remaining = %v, want %v", left, tc.left)
			}
		})
	}
}
