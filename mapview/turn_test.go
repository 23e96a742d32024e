package mapview

import (
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/title"
)

// TestOperatingTurn follows real games of both titles action by action:
// in every operating round the view's turn (Rules.Turn) has the state's
// order, the company the state says acts (when a company acts), and as
// done exactly the companies the log says operated this round before it
// (an oracle apart from the round's index); outside operating rounds
// there is none.
func TestOperatingTurn(t *testing.T) {
	operates := regexp.MustCompile(`^(?:.* operates (\S+)|(\S+) operates (?:in receivership|with no director).*)$`)
	for _, fixture := range []string{"1860/19354.json", "1825/141331.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, fixture))
		if err != nil {
			t.Fatal(err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		var seen []string // companies the log says began their turn this round
		checked, withDone := 0, 0
		for _, i := range g18xx.EffectiveIndices(src.Actions) {
			a := &src.Actions[i]
			if a.Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(a)
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s action %d: %v", fixture, a.ID, err)
			}
			st := g.State()
			for _, l := range st["log"].([]string) {
				if strings.HasPrefix(l, "-- Operating Round") || strings.HasPrefix(l, "-- Stock Round") {
					seen = nil
				}
				if m := operates.FindStringSubmatch(l); m != nil {
					seen = append(seen, m[1]+m[2])
				}
			}
			tv := g.(title.Turner).OperatingTurn()
			if st["round"] != "Operating" || st["finished"] == true {
				if tv != nil {
					t.Fatalf("%s after %d (%v): a turn %+v outside an operating round", fixture, a.ID, st["round"], tv)
				}
				continue
			}
			if tv == nil {
				t.Fatalf("%s after %d: no turn in an operating round", fixture, a.ID)
			}
			var order []string
			for _, o := range st["order"].([]any) {
				order = append(order, o.(string))
			}
			if !slices.Equal(tv.Order, order) {
				t.Fatalf("%s after %d: order %v, the state's %v", fixture, a.ID, tv.Order, order)
			}
			if act := st["active"].([]any); len(act) == 1 {
				if s, ok := act[0].(string); ok && slices.Contains(order, s) && s != tv.Current {
					t.Fatalf("%s after %d: current %q, the state's active %q", fixture, a.ID, tv.Current, s)
				}
			}
			// the log names the current company's turn last, after those done
			want := seen
			if tv.Current != "" {
				if len(seen) == 0 || seen[len(seen)-1] != tv.Current {
					t.Fatalf("%s after %d: current %q, the log's last to operate %v", fixture, a.ID, tv.Current, seen)
				}
				want = seen[:len(seen)-1]
			}
			if !slices.Equal(tv.Done, want) && !(len(tv.Done) == 0 && len(want) == 0) {
				t.Fatalf("%s after %d: done %v, the log says %v", fixture, a.ID, tv.Done, want)
			}
			checked++
			if len(tv.Done) > 0 {
				withDone++
				if withDone == 1 { // the map's view carries it
					v, err := new(Cache).RenderGameParts(g)
					if err != nil || v.Rules == nil || !reflect.DeepEqual(v.Rules.Turn, tv) {
						t.Fatalf("%s after %d: the view's turn %+v (%v), want %+v", fixture, a.ID, v.Rules, err, tv)
					}
				}
			}
		}
		if checked < 100 || withDone < 50 {
			t.Errorf("%s: %d positions in operating rounds checked, %d with companies done", fixture, checked, withDone)
		}
	}
}
