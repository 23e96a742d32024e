package bot

import (
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
)

// TestStrongKinds checks the strong policy's kinds: its own, with single
// fields changed, and as the search's base policy; bad options are
// refused naming the option.
func TestStrongKinds(t *testing.T) {
	for _, kind := range []string{"strong", "strong:min_yield=0.1", "strong:no_help_float=false:par_low=true", "search:100ms:base=strong", "search:500n:base=medium"} {
		if err := CheckKind(kind); err != nil {
			t.Errorf("%s: %v", kind, err)
		}
	}
	for _, tc := range []struct{ kind, want string }{
		{"strong:nosuch=1", "nosuch"},
		{"strong:min_yield=lots", "min_yield"},
		{"strong:par_low=maybe", "par_low"},
		{"strong:min_yield", "key=value"},
		{"search:100ms:base=clever", "base=clever"},
	} {
		err := CheckKind(tc.kind)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want an error naming %q", tc.kind, err, tc.want)
		}
	}
	h, err := NewStrong(1, "own_target=50", "par_low=true")
	if err != nil {
		t.Fatal(err)
	}
	strong := StrongTunings()
	for _, title := range []string{"1860", "1825"} {
		got, want := h.Tune[title], strong[title]
		if want == nil {
			t.Fatalf("strong_tuning.json has no tuning for %s", title)
		}
		if got.OwnTarget != 50 || !got.ParLow || got.CertRoom != want.CertRoom || got.MinYield != want.MinYield {
			t.Errorf("%s: options not applied over the strong tuning: %+v", title, *got)
		}
		if p := (&position{title: title}); NewHeuristic(1).tun(p) != &MediumTuning {
			t.Errorf("%s: a heuristic without a tuning does not play the medium bot's", title)
		}
	}
	s := NewSearch(DefaultBudget, 1)
	if *s.h.Tune["1825"] != *strong["1825"] {
		t.Errorf("the search's base policy is not the strong policy: %+v", s.h.Tune)
	}
	if err := s.searchOptions([]string{"base=medium"}); err != nil || s.h.Tune != nil {
		t.Errorf("base=medium: %v, tuning %+v", err, s.h.Tune)
	}
}

// TestStrongBankCash checks that the strong policy's true_bank and
// late_rounds rules read the bank's cash as the rules count it in both
// titles (the engine's internal account is not it in 1825): late in a
// real game that the bank ended, a few rounds are left.
func TestStrongBankCash(t *testing.T) {
	for _, game := range []string{"1860/1860_game_end_bank.json", "1825/1825_game_end_bank.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, game))
		if err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		idx := g18xx.EffectiveIndices(src.Actions)
		for _, i := range idx[:len(idx)*9/10] {
			if src.Actions[i].Type == g18xx.TypeMessage {
				continue
			}
			ea := replay.Convert(&src.Actions[i])
			if err := g.Apply(&ea); err != nil {
				t.Fatalf("%s: action %d: %v", game, src.Actions[i].ID, err)
			}
		}
		bg, ok := g.(Game)
		if !ok {
			t.Fatalf("%T is not a bot game", g)
		}
		x, ok := unwrap(bg).(interface{ BankCash() int })
		if !ok {
			t.Fatalf("%s: the title game has no BankCash", game)
		}
		p, err := positionOf(bg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s at 90%%: bank cash %d, engine account %d, rounds left %d (engine account: %d)", game, x.BankCash(), p.eg.Bank, p.roundsLeft(true), p.roundsLeft(false))
		if n := p.roundsLeft(true); x.BankCash() <= 0 || n >= 20 {
			t.Errorf("%s: bank cash %d, %d rounds left at 90%% of a game the bank ended", game, x.BankCash(), n)
		}
	}
}
