package step

import (
	"errors"
	"testing"

	"tresham/engine"
)

// tokenStep is a toy token step: A may place a token for £40 in one of
// the cities named, with the cash to pay.
func tokenStep(cities ...string) *Act[*opGame] {
	return Token(ActHooks[*opGame]{
		Operating: (&opGame{}).ops(),
		Candidates: func(_ *opGame, c *engine.Corporation) []engine.Choice {
			var out []engine.Choice
			for _, city := range append(cities, "X-0-0") {
				a := engine.CorpAction(c, "place_token")
				a.City = city
				out = append(out, engine.Choice{Action: a})
			}
			return out
		},
		Plan: func(g *opGame, c *engine.Corporation, a *engine.Action) (func(), error) {
			if a.City == "X-0-0" {
				return nil, engine.Refuse(a, "no city %s", a.City)
			}
			if c.Cash < 40 {
				return nil, engine.Refuse(a, "%s cannot pay £40", c.Sym)
			}
			return func() { c.Cash -= 40 }, nil
		},
	})
}

// An Act step lists exactly the candidates its plan accepts, takes only
// the acting corporation's actions, refuses without change and applies
// the plan once.
func TestActStep(t *testing.T) {
	tests := []struct {
		cash   int
		cities []string
		listed int
	}{
		{0, []string{"A-0-0"}, 0},
		{39, []string{"A-0-0", "B-0-0"}, 0},
		{40, []string{"A-0-0", "B-0-0"}, 2},
		{100, nil, 0},
	}
	for _, tc := range tests {
		g := newOpGame(tc.cash)
		s := tokenStep(tc.cities...)
		probes := []engine.Action{
			{Type: "place_token", Entity: "A", City: "X-0-0"},
			{Type: "place_token", Entity: "B", City: "A-0-0"},
		}
		if err := Exact(g.base, g, s, "A", probes...); err != nil {
			t.Errorf("cash %d: %v", tc.cash, err)
		}
		if n := len(s.Choices(g, "A")); n != tc.listed {
			t.Errorf("cash %d: %d listed, want %d", tc.cash, n, tc.listed)
		}
		if len(s.Choices(g, "B")) != 0 {
			t.Errorf("cash %d: B, not acting, has choices", tc.cash)
		}
		err := Apply[*opGame](s, g, &engine.Action{Type: "place_token", Entity: "B", City: "A-0-0"})
		var re *engine.RuleError
		if !errors.As(err, &re) || !re.Untouched {
			t.Errorf("cash %d: B's token: %v, want an untouched refusal", tc.cash, err)
		}
	}
	g := newOpGame(100)
	if err := Apply[*opGame](tokenStep("A-0-0"), g, &engine.Action{Type: "place_token", Entity: "A", City: "A-0-0"}); err != nil {
		t.Fatal(err)
	}
	if c := g.base.Corps[0].Cash; c != 60 {
		t.Fatalf("after the token A holds £%d, want £60", c)
	}
	run := Run(ActHooks[*opGame]{Operating: g.ops(), Plan: func(*opGame, *engine.Corporation, *engine.Action) (func(), error) {
		return nil, errors.New("no routes")
	}})
	if ch := run.Choices(g, "A"); len(ch) != 1 || ch[0].Open != "routes" {
		t.Fatalf("the run step lists %+v, want one run_routes with its routes open", ch)
	}
}
