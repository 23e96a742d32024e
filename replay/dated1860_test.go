package replay

import (
	"errors"
	"strings"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/titles/title"
)

// floatOrderExport builds, on the real map, an 1860 export created on
// created: C&N is started at £100 before IOW at £100, IOW floats first,
// and the first operating round begins with C&N's turn (its first move a
// pass of its track step), as 18xx.games played it before 2021-09-09.
func floatOrderExport(t *testing.T, created string) *g18xx.Game {
	t.Helper()
	p := func(typ, entity string) engine.Action {
		return engine.Action{Type: typ, Entity: entity, EntityType: "player"}
	}
	bid := func(entity string, price int, company string) engine.Action {
		a := p("bid", entity)
		a.Price, a.Company = price, company
		return a
	}
	par := func(entity, corp string) engine.Action {
		a := p("par", entity)
		a.Corporation, a.SharePrice = corp, "100,0,26"
		return a
	}
	buy := func(entity, share string) engine.Action {
		a := p("buy_shares", entity)
		a.Shares, a.Percent = []string{share}, 10
		return a
	}
	script := []engine.Action{
		bid("1", 5, ""), p("pass", "2"), par("1", "C&N"),
		bid("2", 5, ""), p("pass", "1"), par("2", "IOW"),
		bid("1", 5, ""), p("pass", "2"), bid("1", 30, "BHC"),
		bid("2", 5, ""), p("pass", "1"), bid("2", 50, "YHC"),
		bid("1", 5, ""), p("pass", "2"), bid("1", 90, "CMH"),
		bid("2", 5, ""), p("pass", "1"), bid("2", 130, "RPSC"),
		buy("1", "IOW_1"), buy("2", "IOW_2"), buy("1", "IOW_3"), // IOW floats first
		buy("2", "C&N_1"), buy("1", "C&N_2"), buy("2", "C&N_3"),
	}
	src := &g18xx.Game{Title: "1860", Players: []g18xx.Player{{ID: 1, Name: "A"}, {ID: 2, Name: "B"}}}
	g, err := NewOf(src, title.RulesOf(mustDay(t, "2021-01-01")))
	if err != nil {
		t.Fatal(err)
	}
	var played []engine.Action
	apply := func(a engine.Action) {
		t.Helper()
		a.ID = len(played) + 1
		if err := g.Apply(&a); err != nil {
			t.Fatalf("constructing: %v", err)
		}
		played = append(played, a)
	}
	for _, a := range script {
		apply(a)
	}
	apply(g.Legal("C&N")[0].Action) // C&N's home track, laid in the stock round
	apply(p("pass", "1"))
	apply(p("pass", "2"))
	apply(engine.Action{Type: "pass", Entity: "C&N", EntityType: "corporation"}) // C&N operates first
	out := ExportGame("1860", []int{1, 2}, []string{"A", "B"}, nil, played, g)
	c := g18xx.Str(created)
	out.CreatedAt = &c
	return out
}

func mustDay(t *testing.T, d string) time.Time {
	t.Helper()
	r, err := title.ParseRules(d)
	if err != nil {
		t.Fatal(err)
	}
	return r.AsOf()
}

// TestFloatOrderExportByDate: the constructed 2021 export replays under
// the rules of the eve of 2021-09-09 (today's refuse C&N's turn: IOW
// operates first there), which Rules finds and the replay uses; the same
// export dated after the change is refused at that action, naming the
// change and its day.
func TestFloatOrderExportByDate(t *testing.T) {
	src := floatOrderExport(t, "2021-01-01")
	last := len(src.Actions)
	if Accepts(src, title.Rules{}) {
		t.Fatal("today's rules accept C&N operating first")
	}
	if r := Rules(src); r.String() != "2021-09-08" {
		t.Errorf("replayed under %s, want the rules of 2021-09-08 (the eve of 1860/float-marker-to-back)", r)
	}
	if _, n, err := Run(src, nil); err != nil || n != last {
		t.Errorf("replay: %d of %d actions, %v", n, last, err)
	}

	late := floatOrderExport(t, "2021-10-01")
	_, _, err := Run(late, nil)
	var re *engine.RuleError
	if !errors.As(err, &re) || re.ActionID != last {
		t.Fatalf("dated 2021-10-01: want a refusal at action %d, got %v", last, err)
	}
	msg := Explain(late, err).Error()
	for _, want := range []string{"1860/float-marker-to-back", "2021-09-09", "PR #6320"} {
		if !strings.Contains(msg, want) {
			t.Errorf("refusal %q lacks %q", msg, want)
		}
	}
}
