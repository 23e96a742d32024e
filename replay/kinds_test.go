package replay

import (
	"errors"
	"strconv"
	"testing"

	"tresham/engine"
)

// TestRefusalKinds: live play's refusals say why, so the server can answer
// with the right status: a move for an entity not acting now, a move not
// listed, a move breaking a rule (the title's own refusal, through plain
// Apply), and any move after the end.
func TestRefusalKinds(t *testing.T) {
	const file = "1860/19354.json"
	g, all := position(t, file, 0)
	everyone := func(int) bool { return true }
	next := all[0]
	var idle string
	for _, p := range engineOf(g).Players {
		if next.Entity != strconv.Itoa(p.ID) {
			idle = strconv.Itoa(p.ID)
			break
		}
	}
	notActing := engine.Action{ID: next.ID, Type: "pass", Entity: idle, EntityType: "player"}
	notListed := next
	notListed.Type = "end_game"
	broken := next
	broken.Price = -5
	cases := []struct {
		name  string
		apply func() error
		want  engine.RefusalKind
	}{
		{"not acting", func() error { return ApplyListed(g, &notActing, everyone) }, engine.NotYourTurn},
		{"not listed", func() error { return ApplyListed(g, &notListed, everyone) }, engine.NotListed},
		{"rule broken", func() error { return g.Apply(&broken) }, engine.RuleBroken},
	}
	for _, tc := range cases {
		before := stateJSON(g)
		err := tc.apply()
		var re *engine.RuleError
		if !errors.As(err, &re) {
			t.Fatalf("%s: error %v is not a RuleError", tc.name, err)
		}
		if re.Kind != tc.want {
			t.Errorf("%s: kind %v (%q), want %v", tc.name, re.Kind, re.Rule, tc.want)
		}
		if k, ok := engine.KindOf(err); !ok || k != tc.want {
			t.Errorf("%s: KindOf = %v, %v", tc.name, k, ok)
		}
		if stateJSON(g) != before {
			t.Errorf("%s: the refusal changed the game", tc.name)
		}
	}

	end, _ := position(t, file, len(all))
	if !end.IsFinished() {
		t.Skipf("%s does not end", file)
	}
	last := all[len(all)-1]
	last.ID++
	last.Type = "pass"
	err := end.Apply(&last)
	if k, ok := engine.KindOf(err); !ok || k != engine.GameOver {
		t.Errorf("a move after the end: %v (kind %v), want game over", err, k)
	}
}
