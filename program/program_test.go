package program_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
	"tresham/program"
	"tresham/replay"
)

// liveGame is what the test drives: a title game that applies a move
// followed by its programmed moves, and takes the last one back.
type liveGame interface {
	program.Game
	Apply(*engine.Action) error
	Undo() error
	ApplyFollowed(*engine.Action, func(*engine.Action) error, func() []engine.Action) error
}

// brief is what the comparison with 18xx.games reads of an automatic
// move: its type, entity, certificates and corporation (the wording of a
// program_disable's reason may differ).
func brief(typ, entity string, shares []string, corp string) string {
	s := typ + " by " + entity
	if len(shares) > 0 {
		s += " " + strings.Join(shares, ",")
	}
	if corp != "" {
		s += " " + corp
	}
	return s
}

func briefs(auto []engine.Action) []string {
	var out []string
	for _, a := range auto {
		out = append(out, brief(a.Type, a.Entity, a.Shares, a.Corporation))
	}
	return out
}

// reproduce plays game name as live play would: every move as the
// player sent it, without the automatic moves 18xx.games stored with
// it, the programs making theirs. It reports per move with automatic
// moves (or setting a program) whether the same were made, and every
// move where programs made moves 18xx.games did not.
func reproduce(t *testing.T, name string) (matched, total int, extra []string, mismatches []string) {
	t.Helper()
	src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
	if err != nil {
		t.Fatal(err)
	}
	full, err := replay.New(src)
	if err != nil {
		t.Fatal(err)
	}
	g, ok := full.(liveGame)
	if !ok {
		t.Fatalf("%T does not play programs", full)
	}
	follow := func() []engine.Action { return program.Moves(g) }
	for _, i := range g18xx.EffectiveIndices(src.Actions) {
		a := &src.Actions[i]
		if a.Type == g18xx.TypeMessage {
			continue
		}
		want := replay.Convert(a)
		live := replay.Convert(a)
		live.Auto = nil
		counted := len(want.Auto) > 0 || engine.IsProgramType(a.Type)
		if counted {
			total++
		}
		err := g.ApplyFollowed(&live, nil, follow)
		got, exp := briefs(live.Auto), briefs(want.Auto)
		if err == nil && slices.Equal(got, exp) {
			if counted {
				matched++
			}
			continue
		}
		msg := fmt.Sprintf("action %d (%s by %s): got %q (err %v), 18xx.games %q", a.ID, a.Type, want.Entity, got, err, exp)
		if counted {
			mismatches = append(mismatches, msg)
		} else {
			extra = append(extra, msg)
		}
		if err == nil {
			if err := g.Undo(); err != nil {
				t.Fatalf("undo %d: %v", a.ID, err)
			}
		}
		if err := g.Apply(&want); err != nil {
			t.Fatalf("%s: recorded action %d: %v", name, a.ID, err)
		}
	}
	return matched, total, extra, mismatches
}

// TestRealGamesReproduced: in every real game that uses programs, each
// move that set a program or carried automatic moves, played live
// without them, makes the same automatic moves 18xx.games recorded, and
// no other move makes any.
func TestRealGamesReproduced(t *testing.T) {
	for _, name := range []string{"1860/1860_game_end_bank.json", "1825/141331.json", "1825/1825_game_end_bank.json"} {
		t.Run(name, func(t *testing.T) {
			matched, total, extra, bad := reproduce(t, name)
			t.Logf("%s: %d of %d moves with programs reproduced; %d other moves made automatic moves", name, matched, total, len(extra))
			for _, m := range bad {
				t.Errorf("mismatch: %s", m)
			}
			for _, m := range extra {
				t.Errorf("extra: %s", m)
			}
		})
	}
}
