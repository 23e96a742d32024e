package play

import (
	"encoding/json"
	"testing"

	"tresham/compat/g18xx"
)

// playFirst plays n moves with Propose, the first legal choice each time.
func playFirst(t *testing.T, s *Session, n int) {
	t.Helper()
	for range n {
		v, err := s.View(s.Len(), nil)
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(v.Legal[v.Acting[0]][0].Action)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Propose(raw); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHotseatUndoRedo: Undo and Redo take back and put back moves, store
// 18xx.games undo and redo actions, and refuse (changing nothing) when
// there is nothing to take back or put back.
func TestHotseatUndoRedo(t *testing.T) {
	for _, title := range []string{"1860", "1825"} {
		t.Run(title, func(t *testing.T) {
			s, err := New(&g18xx.Game{Title: title, Players: []g18xx.Player{{ID: 7, Name: "A"}, {ID: 8, Name: "B"}, {ID: 9, Name: "C"}}})
			if err != nil {
				t.Fatal(err)
			}
			if s.CanUndo() || s.CanRedo() {
				t.Fatalf("a new game offers undo %v, redo %v", s.CanUndo(), s.CanRedo())
			}
			if _, err := s.Undo(); err == nil || s.Len() != 0 {
				t.Fatalf("undo of nothing: err %v, %d actions stored", err, s.Len())
			}
			hashes := []string{}
			for range 3 {
				h, _ := s.Hash(s.Len())
				hashes = append(hashes, h)
				playFirst(t, s, 1)
			}
			last, _ := s.Hash(s.Len())
			steps := []struct {
				do       func() (g18xx.Action, error)
				typ      string
				want     string
				undo, re bool
			}{
				{s.Undo, g18xx.TypeUndo, hashes[2], true, true},
				{s.Undo, g18xx.TypeUndo, hashes[1], true, true},
				{s.Redo, g18xx.TypeRedo, hashes[2], true, true},
				{s.Redo, g18xx.TypeRedo, last, true, false},
			}
			for i, st := range steps {
				a, err := st.do()
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if a.Type != st.typ || !a.Entity.IsPlayer() || a.ID != s.src.Actions[s.Len()-1].ID {
					t.Errorf("step %d: stored %+v", i, a)
				}
				if h, _ := s.Hash(s.Len()); h != st.want {
					t.Errorf("step %d (%s): hash %s, want %s", i, st.typ, h, st.want)
				}
				if s.CanUndo() != st.undo || s.CanRedo() != st.re {
					t.Errorf("step %d: can undo %v redo %v, want %v %v", i, s.CanUndo(), s.CanRedo(), st.undo, st.re)
				}
			}
			n := s.Len()
			if _, err := s.Redo(); err == nil || s.Len() != n {
				t.Errorf("redo of nothing: err %v, %d actions (want %d)", err, s.Len(), n)
			}
			// a move after an undo clears what could be put back
			if _, err := s.Undo(); err != nil {
				t.Fatal(err)
			}
			playFirst(t, s, 1)
			if s.CanRedo() {
				t.Error("redo offered after a new move")
			}
		})
	}
}

// TestHistoryBackWithSpare steps back through a whole real game (undo and
// redo included in its log) with Prepare between steps, as the page does,
// and checks every position against a fresh replay; and that a prepared
// spare is what the step back used.
func TestHistoryBackWithSpare(t *testing.T) {
	for _, path := range tracedGames(t) {
		src := loadSrc(t, path)
		s, err := New(src)
		if err != nil {
			t.Fatal(err)
		}
		n := s.Len()
		step := max(1, n/40) // every position of a short game, a sample of a long one
		for at := n - 1; at >= 0; at -= step {
			if err := s.Prepare(at + 1); err != nil {
				t.Fatalf("%s: prepare %d: %v", path, at+1, err)
			}
			spare := s.spare
			g, err := s.At(at)
			if err != nil {
				t.Fatalf("%s: at %d: %v", path, at, err)
			}
			if step == 1 && spare != nil && g != spare {
				t.Errorf("%s: at %d: the prepared spare was not used", path, at)
			}
			got, _ := HashState(g.State())
			want, err := s.build(src.Actions[:at])
			if err != nil {
				t.Fatal(err)
			}
			wh, _ := HashState(want.State())
			if got != wh {
				t.Fatalf("%s: at %d: hash %s, a fresh replay has %s", path, at, got, wh)
			}
		}
	}
}
