package rubyoracle

import (
	"context"
	"os"
	"strconv"
	"testing"

	"tresham/compat/g18xx"
	fx "tresham/internal/fixtures"
	"tresham/replay"
)

// repo is the tobymao/18xx checkout the oracle tests run, or skips them.
func repo(t *testing.T) string {
	t.Helper()
	r := os.Getenv(EnvRepo)
	if r == "" {
		t.Skipf("%s is not set: the 18xx.games engine oracle is opt-in (docs/testing.md)", EnvRepo)
	}
	return r
}

// Tresham is the compact state Tresham reaches on export src, with its
// standing programs.
func Tresham(t *testing.T, src *g18xx.Game) *State {
	t.Helper()
	g, _, err := replay.Run(src, nil)
	if err != nil {
		t.Fatalf("Tresham's replay: %v", err)
	}
	s, err := FromTresham(g.State())
	if err != nil {
		t.Fatal(err)
	}
	s.Programs = map[string][]string{}
	if eg := replay.Engine(g); eg != nil {
		for id, p := range eg.Programs {
			s.Programs[strconv.Itoa(id)] = []string{p.Type}
		}
	}
	return s
}

// TestRubyOracleFixtures: every real game and a synthetic game of each
// title, sent move by move to 18xx.games's engine (which makes the
// automatic moves itself, compared with the recorded ones), reaches the
// state Tresham's replay reaches, after every 200 actions and at the end.
func TestRubyOracleFixtures(t *testing.T) {
	r := repo(t)
	names := []string{"1860/19354.json", "1860/1860_game_end_bank.json", "1825/141331.json", "1825/1825_game_end_bank.json",
		"synthetic/1860/1860-base-3p-9.json", "synthetic/1825/1825-unit_12-4p-39.json"}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			raw := fx.MustRead(t, name)
			src, err := g18xx.DecodeBytes(raw)
			if err != nil {
				t.Fatal(err)
			}
			// checkpoints: every 200 actions of the export, and its end
			n := len(src.Actions)
			for k := 200; k <= n+199; k += 200 {
				k = min(k, n)
				part := *src
				part.Actions = src.Actions[:k]
				if k < n {
					part.Status, part.Result = "active", nil
				}
				body, err := g18xx.Marshal(&part)
				if err != nil {
					t.Fatal(err)
				}
				want := Tresham(t, &part)
				got, err := Run(context.Background(), r, Live, body)
				if err != nil {
					t.Fatal(err)
				}
				if got.Error != nil {
					t.Fatalf("first %d actions: 18xx.games's engine: %s", k, got.Error)
				}
				for _, d := range Diff(want, &got.State, 20) {
					t.Errorf("first %d actions: Tresham vs 18xx.games: %s", k, d)
				}
				if k == n {
					t.Logf("%d actions, finished %v, result %v", got.Processed, got.Finished, got.Result)
				}
			}
		})
	}
}

// TestDiff: the comparison names each field that differs and nothing else
// (runs without Ruby).
func TestDiff(t *testing.T) {
	price, pres := 100, 1
	a := &State{Round: "Stock", Turn: 2, Phase: "2", BankCash: 5000, Acting: []int{1},
		Players:      []Player{{ID: 1, Cash: 300, Shares: map[string]int{"IOW": 20}, Companies: []string{}}},
		Corporations: []Corporation{{Sym: "IOW", Cash: 400, SharePrice: &price, Floated: true, President: &pres, Trains: []string{}}},
		Programs:     map[string][]string{"1": {"program_share_pass"}}}
	b := *a
	if d := Diff(a, &b, 10); len(d) != 0 {
		t.Fatalf("equal states differ: %q", d)
	}
	b.Players = []Player{{ID: 1, Cash: 290, Shares: map[string]int{"IOW": 20}, Companies: []string{}}}
	b.Programs = map[string][]string{}
	b.Round = "Operating"
	d := Diff(a, &b, 10)
	if len(d) != 3 {
		t.Fatalf("want round, player 1 and programs named: %q", d)
	}
}
