package step

import (
	"errors"
	"strings"
	"testing"

	"tresham/engine"
)

// counter is a toy game: "bid" adds Price to n while n < 10; "pass" ends.
type counter struct {
	n      int
	passed bool
}

func addStep() *Funcs[*counter] {
	return &Funcs[*counter]{
		Kinds:    []string{"bid"},
		IsActive: func(c *counter) bool { return !c.passed },
		List: func(c *counter, entity string) []engine.Choice {
			if c.n >= 10 {
				return nil
			}
			return []engine.Choice{{Action: engine.Action{Type: "bid", Entity: entity, Price: 1}, MaxPrice: 10 - c.n, PriceStep: 1}}
		},
		CheckFn: func(c *counter, a *engine.Action) error {
			if a.Price < 1 || c.n+a.Price > 10 {
				return engine.Refuse(a, "adds %d to %d: the sum may not pass 10", a.Price, c.n)
			}
			return nil
		},
		ProcessFn: func(c *counter, a *engine.Action) { c.n += a.Price },
	}
}

func passStep() *Funcs[*counter] {
	return &Funcs[*counter]{
		Kinds: []string{"pass", "bid"},
		List: func(c *counter, e string) []engine.Choice {
			return []engine.Choice{{Action: engine.Action{Type: "pass", Entity: e}}}
		},
		CheckFn:   func(*counter, *engine.Action) error { return nil },
		ProcessFn: func(c *counter, _ *engine.Action) { c.passed = true },
	}
}

func TestRound(t *testing.T) {
	add := addStep()
	add.IsBlocking = func(*counter) bool { return false }
	r := Round[*counter]{Steps: []Step[*counter]{add, passStep()}}
	tests := []struct {
		name    string
		start   counter
		act     engine.Action
		wantErr bool
		want    counter
	}{
		{"bid goes to the first step", counter{}, engine.Action{Type: "bid", Price: 4}, false, counter{n: 4}},
		{"refused bid changes nothing", counter{n: 8}, engine.Action{Type: "bid", Price: 4}, true, counter{n: 8}},
		{"pass goes to the second step", counter{n: 3}, engine.Action{Type: "pass"}, false, counter{n: 3, passed: true}},
		{"inactive first step: bid falls to the next that takes it", counter{passed: true}, engine.Action{Type: "bid", Price: 4}, false, counter{passed: true}},
		{"no step takes the type", counter{}, engine.Action{Type: "lay_tile"}, true, counter{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tc.start
			err := r.Process(&g, &tc.act)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			var re *engine.RuleError
			if err != nil && !errors.As(err, &re) {
				t.Fatalf("refusal %v is not a RuleError", err)
			}
			if g != tc.want {
				t.Fatalf("game = %+v, want %+v", g, tc.want)
			}
		})
	}
}

func TestBlockingStepHidesLaterSteps(t *testing.T) {
	r := Round[*counter]{Steps: []Step[*counter]{addStep(), passStep()}}
	g := &counter{}
	if got := r.Choices(g, "A"); len(got) != 1 || got[0].Action.Type != "bid" {
		t.Fatalf("choices = %+v, want only bid", got)
	}
	if err := r.Process(g, &engine.Action{Type: "pass"}); err == nil {
		t.Fatal("pass accepted behind a blocking step")
	}
	r.NotNow = func(_ *counter, a *engine.Action) error { return engine.Refuse(a, "bid first") }
	err := r.Process(g, &engine.Action{Type: "pass"})
	var re *engine.RuleError
	if err == nil || !strings.HasSuffix(err.Error(), "bid first") || !errors.As(err, &re) || !re.Untouched {
		t.Fatalf("refusal %v, want NotNow's wording, marked untouched", err)
	}
}

func TestExact(t *testing.T) {
	g := &counter{n: 7}
	if err := Exact(&engine.Game{}, g, Step[*counter](addStep()), "A", engine.Action{Type: "bid", Entity: "A", Price: 3}); err != nil {
		t.Fatal(err)
	}
	loose := addStep()
	loose.List = func(c *counter, e string) []engine.Choice {
		return []engine.Choice{{Action: engine.Action{Type: "bid", Entity: e, Price: 1}}}
	}
	if err := Exact(&engine.Game{}, g, Step[*counter](loose), "A", engine.Action{Type: "bid", Entity: "A", Price: 2}); err == nil {
		t.Fatal("a step that accepts more than it lists passed Exact")
	}
}
