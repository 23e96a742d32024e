package mapview

import (
	"regexp"
	"strconv"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles/title"
)

// TestOperatingRoundsInSet follows real games of both titles action by
// action: in an operating round the number of rounds of the set the view
// gives is the "(of K)" of the log's heading of that round, and the number
// it gave in the stock round (or auction) before is the K of the set that
// followed it; a finished game has none.
func TestOperatingRoundsInSet(t *testing.T) {
	heading := regexp.MustCompile(`^-- Operating Round (\d+)\.(\d+) \(of (\d+)\) --$`)
	for _, fixture := range []string{"1860/19354.json", "1825/141331.json", "1860/1860_game_end_bank.json"} {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, fixture))
		if err != nil {
			t.Fatal(err)
		}
		g, err := replay.New(src)
		if err != nil {
			t.Fatal(err)
		}
		said, sets, inOR := 0, 0, 0 // the count given before the set, sets checked
		setK := 0                   // the K of the set under way, from the log
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
				m := heading.FindStringSubmatch(l)
				if m == nil {
					continue
				}
				k, _ := strconv.Atoi(m[3])
				if m[2] == "1" && said > 0 {
					if k != said {
						t.Fatalf("%s after %d: the set of OR %s has %d rounds; before it the view said %d", fixture, a.ID, m[1], k, said)
					}
					sets++
				}
				said, setK = 0, k
			}
			got := g.(title.RoundSetter).OperatingRoundsInSet()
			switch {
			case st["finished"] == true:
				if got != 0 {
					t.Fatalf("%s after %d: %d rounds in a set of a finished game", fixture, a.ID, got)
				}
			case st["round"] == "Operating":
				if got != setK {
					t.Fatalf("%s after %d: the view says %d rounds in the set, the log's heading %d", fixture, a.ID, got, setK)
				}
				inOR++
			default:
				said = got
			}
		}
		if sets < 3 || inOR < 50 {
			t.Errorf("%s: %d sets foretold, %d positions in operating rounds checked", fixture, sets, inOR)
		}
		t.Logf("%s: %d sets foretold, %d positions in operating rounds", fixture, sets, inOR)
	}
}
