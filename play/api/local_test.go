package api

import (
	"encoding/json"
	"testing"

	"tresham/play"
)

// TestLocalCalls: a hotseat game with no server through the module's
// calls: status, a proposed move, undo, redo, prepare, and the refusals
// (nothing to redo, no such session) that change nothing.
func TestLocalCalls(t *testing.T) {
	a := New()
	header := `{"id":"local-1","title":"1860","players":[{"id":1,"name":"A"},{"id":2,"name":"B"},{"id":3,"name":"C"}],"settings":{"optional_rules":[]},"status":"active","actions":[]}`
	ld := decode[Loaded](a.Load(header, "")).get(t)
	st := decode[Status](a.Status(ld.Session)).get(t)
	if st.CanUndo || st.CanRedo || st.Actions != 0 {
		t.Fatalf("new game: %+v", st)
	}
	v := decode[play.View](a.View(ld.Session, -1, "")).get(t)
	move, _ := json.Marshal(v.Legal[v.Acting[0]][0].Action)
	decode[Count](a.Propose(ld.Session, string(move))).get(t)
	h1 := decode[map[string]any](a.Hash(ld.Session, -1)).get(t)["hash"]
	h0 := decode[map[string]any](a.Hash(ld.Session, 0)).get(t)["hash"]
	steps := []struct {
		name     string
		call     func(int) ([]byte, error)
		typ      string
		hash     any
		undo, re bool
	}{
		{"undo", a.Undo, "undo", h0, false, true},
		{"redo", a.Redo, "redo", h1, true, false},
	}
	for _, s := range steps {
		c := decode[Count](s.call(ld.Session)).get(t)
		if c.Action == nil || c.Action.Type != s.typ {
			t.Errorf("%s: stored %+v", s.name, c.Action)
		}
		if h := decode[map[string]any](a.Hash(ld.Session, -1)).get(t)["hash"]; h != s.hash {
			t.Errorf("%s: hash %v, want %v", s.name, h, s.hash)
		}
		st := decode[Status](a.Status(ld.Session)).get(t)
		if st.CanUndo != s.undo || st.CanRedo != s.re {
			t.Errorf("%s: %+v, want undo %v redo %v", s.name, st, s.undo, s.re)
		}
	}
	if _, err := a.Redo(ld.Session); err == nil {
		t.Error("a redo with nothing to put back was accepted")
	}
	if n := decode[Status](a.Status(ld.Session)).get(t).Actions; n != 3 {
		t.Errorf("%d actions stored, want 3", n)
	}
	decode[map[string]any](a.Prepare(ld.Session, 2)).get(t)
	if h := decode[map[string]any](a.Hash(ld.Session, 1)).get(t)["hash"]; h != h1 {
		t.Errorf("after prepare, position 1: hash %v, want %v", h, h1)
	}
	for name, call := range map[string]func(int) ([]byte, error){"status": a.Status, "undo": a.Undo, "redo": a.Redo} {
		if _, err := call(99); err == nil {
			t.Errorf("%s of no session: no error", name)
		}
	}
	if _, err := a.Prepare(99, 1); err == nil {
		t.Error("prepare of no session: no error")
	}
}
