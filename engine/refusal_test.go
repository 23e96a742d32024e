package engine

import (
	"errors"
	"fmt"
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
