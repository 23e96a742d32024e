package engine

import (
	"errors"
	"fmt"
	"slices"
	"testing"
)

func TestRefusalKinds(t *testing.T) {
	a := &Action{ID: 7, Type: "pass"}
	tests := []struct {
		err  error
		want RefusalKind
		name string
	}{
		{Refuse(a, "no"), RuleBroken, "rule broken"},
		{RefuseAs(NotYourTurn, a, "no"), NotYourTurn, "not your turn"},
		{RefuseAs(NotListed, a, "no"), NotListed, "not listed"},
		{fmt.Errorf("wrapped: %w", RefuseAs(GameOver, a, "no")), GameOver, "game over"},
	}
	for _, tc := range tests {
		k, ok := KindOf(tc.err)
		if !ok || k != tc.want || k.String() != tc.name {
			t.Errorf("%v: KindOf = %v (%q), %v; want %v", tc.err, k, k.String(), ok, tc.want)
		}
	}
	if _, ok := KindOf(errors.New("plain")); ok {
		t.Error("KindOf found a kind in a plain error")
	}
}

// TestRefusalMessage checks a refusal's message id and arguments: the
// format it was written with and each argument as its verb writes it
// (a %q quoted); none for a format the catalogues do not take.
func TestRefusalMessage(t *testing.T) {
	a := &Action{ID: 3, Type: "pass"}
	for _, tc := range []struct {
		err  error
		want Message
	}{
		{Refuse(a, "%s cannot pass: %v", "LSWR", errors.New("LSWR must run a route")), Message{ID: "%s cannot pass: %v", Args: []string{"LSWR", "LSWR must run a route"}}},
		{Refuse(a, "no train %q for sale at £%d (%d%%)", "3+2-1", 180, 50), Message{ID: "no train %q for sale at £%d (%d%%)", Args: []string{`"3+2-1"`, "180", "50"}}},
		{RefuseAs(GameOver, a, "the game is over"), Message{ID: "the game is over"}},
		{Refuse(a, "%5d wide", 3), Message{}},
	} {
		var re *RuleError
		if !errors.As(tc.err, &re) {
			t.Fatalf("%v is no RuleError", tc.err)
		}
		got := re.Message()
		if got.ID != tc.want.ID || !slices.Equal(got.Args, tc.want.Args) {
			t.Errorf("%q: message %q, want %q", re.Rule, got, tc.want)
		}
		if got.ID != "" && got.English() != re.Rule {
			t.Errorf("%q: message %q reads %q", re.Rule, got, got.English())
		}
	}
}
