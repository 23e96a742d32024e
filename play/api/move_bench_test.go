package api

import (
	"encoding/json"
	"testing"
	"time"

	"tresham/internal/fixtures"
	"tresham/play"
)

// liveCut is the export name cut after its first n actions, as a live
// game (e2e/harness.js liveCut: what e2e/bench.js plays its moves from).
func liveCut(tb testing.TB, name string, n int) string {
	tb.Helper()
	b, err := fixtures.Read(name)
	if err != nil {
		tb.Fatal(err)
	}
	var g map[string]json.RawMessage
	if err := json.Unmarshal(b, &g); err != nil {
		tb.Fatal(err)
	}
	var acts []json.RawMessage
	if err := json.Unmarshal(g["actions"], &acts); err != nil {
		tb.Fatal(err)
	}
	g["actions"], _ = json.Marshal(acts[:n])
	g["status"], g["result"] = json.RawMessage(`"active"`), json.RawMessage(`{}`)
	delete(g, "game_end_reason")
	out, _ := json.Marshal(g)
	return string(out)
}

// benchMove is one of e2e/bench.js's moves: the acting entity's pass when
// it may pass, else its first choice (a run: the best run, as the page's
// "Run for" button plays it).
func benchMove(tb testing.TB, a *API, id int, v play.View) string {
	tb.Helper()
	for _, ent := range v.Acting {
		list := v.Legal[ent]
		if len(list) == 0 {
			continue
		}
		pick := list[0]
		for _, c := range list {
			if c.Action.Type == "pass" {
				pick = c
				break
			}
		}
		if pick.Action.Type == "run_routes" {
			rb, err := a.Routes(id, ent)
			if err != nil {
				tb.Fatal(err)
			}
			var run play.Run
			if err := json.Unmarshal(rb, &run); err != nil {
				tb.Fatal(err)
			}
			pick.Action.Routes = run.Routes
		}
		b, err := json.Marshal(pick.Action)
		if err != nil {
			tb.Fatal(err)
		}
		return string(b)
	}
	tb.Fatalf("at %d: nobody to act", v.Actions)
	return ""
}

// moveTimes is the time of each part of the page's engine's work for a move.
type moveTimes struct{ propose, view, mapp time.Duration }

// playMoves plays n of e2e/bench.js's moves from action 300 of 1825
// 141331 as the game page's engine does for each (propose, the live view
// as a change of log, the live board as a change), answering the time of
// each part of each move and the moves played.
func playMoves(tb testing.TB, src string, n int, timed bool) ([]moveTimes, []string) {
	a := New()
	var ld Loaded
	b, err := a.Load(src, "")
	if err != nil {
		tb.Fatal(err)
	}
	_ = json.Unmarshal(b, &ld)
	id := ld.Session
	// the page holds a live view and board before its first move
	var vs struct {
		play.View
		LogSerial int `json:"log_serial"`
	}
	var ms struct{ Serial int }
	vb, err := a.ViewSince(id, -1, "null", 0)
	if err != nil {
		tb.Fatal(err)
	}
	_ = json.Unmarshal(vb, &vs)
	mb, _ := a.MapSince(id, -1, 0)
	_ = json.Unmarshal(mb, &ms)
	var out []moveTimes
	var moves []string
	full, _ := a.View(id, -1, "null")
	var v play.View
	_ = json.Unmarshal(full, &v)
	for range n {
		act := benchMove(tb, a, id, v)
		moves = append(moves, act)
		var t moveTimes
		t0 := time.Now()
		if _, err := a.Propose(id, act); err != nil {
			tb.Fatalf("move %s: %v", act, err)
		}
		t1 := time.Now()
		vb, err := a.ViewSince(id, -1, "null", vs.LogSerial)
		if err != nil {
			tb.Fatal(err)
		}
		t2 := time.Now()
		mb, err := a.MapSince(id, -1, ms.Serial)
		if err != nil {
			tb.Fatal(err)
		}
		t3 := time.Now()
		t = moveTimes{t1.Sub(t0), t2.Sub(t1), t3.Sub(t2)}
		out = append(out, t)
		vs.View = play.View{}
		_ = json.Unmarshal(vb, &vs)
		_ = json.Unmarshal(mb, &ms)
		v = vs.View
		if v.Finished {
			break
		}
	}
	return out, moves
}

// BenchmarkMove is the page's engine's work for e2e/bench.js's moves
// (20 from action 300 of 1825 141331): per move, propose, the live view
// and the live board, each also reported alone (ns/propose, ns/view,
// ns/map).
//
//	go test ./play/api -run XXX -bench Move -benchtime 5x
func BenchmarkMove(b *testing.B) {
	src := liveCut(b, "1825/141331.json", 300)
	var sum moveTimes
	moves := 0
	for b.Loop() {
		ts, _ := playMoves(b, src, 20, true)
		for _, t := range ts {
			sum.propose += t.propose
			sum.view += t.view
			sum.mapp += t.mapp
		}
		moves += len(ts)
	}
	if moves > 0 {
		b.ReportMetric(0, "ns/op")
		b.ReportMetric(float64((sum.propose+sum.view+sum.mapp).Nanoseconds())/float64(moves), "ns/move")
		b.ReportMetric(float64(sum.propose.Nanoseconds())/float64(moves), "ns/propose")
		b.ReportMetric(float64(sum.view.Nanoseconds())/float64(moves), "ns/view")
		b.ReportMetric(float64(sum.mapp.Nanoseconds())/float64(moves), "ns/map")
	}
}

// TestMoveTimes prints each of e2e/bench.js's moves with the time of its
// parts natively (MOVES=1 go test ./play/api -run TestMoveTimes -v).
func TestMoveTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	src := liveCut(t, "1825/141331.json", 300)
	ts, moves := playMoves(t, src, 20, true)
	for i, x := range ts {
		t.Logf("%2d propose %6.2f ms  view %6.2f ms  map %6.2f ms  %s", i, ms(x.propose), ms(x.view), ms(x.mapp), moves[i])
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
