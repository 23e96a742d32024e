package sqlite

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"tresham/store"
)

// TestGroupAppend commits groups of appends directly (commitPending's
// groups are whatever arrives during a commit) and checks each append's
// outcome and what is stored: a refused append writes nothing and the
// others go on.
func TestGroupAppend(t *testing.T) {
	ctx := context.Background()
	type app struct {
		game int // index into the games created; -1: a game that does not exist
		seq  int
		user int64 // 0: none; -1: a user that does not exist
		want error // nil, store.ErrConflict, store.ErrNotFound or errFK
	}
	tests := []struct {
		name string
		apps []app
		want []int // each game's stored count afterwards
	}{
		{"one each", []app{{0, 0, 0, nil}, {1, 0, 0, nil}, {2, 0, 0, nil}}, []int{1, 1, 1}},
		{"two to one game in order", []app{{0, 0, 0, nil}, {0, 1, 0, nil}, {1, 0, 0, nil}}, []int{2, 1, 0}},
		{"the same seq twice", []app{{0, 0, 0, nil}, {0, 0, 0, store.ErrConflict}, {1, 0, 0, nil}}, []int{1, 1, 0}},
		{"stale and ahead", []app{{0, 1, 0, store.ErrConflict}, {1, 0, 0, nil}}, []int{0, 1, 0}},
		{"unknown game", []app{{-1, 0, 0, store.ErrNotFound}, {2, 0, 0, nil}}, []int{0, 0, 1}},
		{"unknown user", []app{{0, 0, 0, nil}, {1, 0, -1, errFK}, {2, 0, 0, nil}, {1, 0, 0, nil}}, []int{1, 1, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := openTemp(t)
			var ids []int64
			for range 3 {
				g, err := s.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive}, nil)
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, g.ID)
			}
			var batch []*appendReq
			for _, a := range tc.apps {
				id := int64(1 << 40)
				if a.game >= 0 {
					id = ids[a.game]
				}
				user := a.user
				if user < 0 {
					user = 1 << 40
				}
				batch = append(batch, &appendReq{ctx: ctx, now: time.Now(), done: make(chan struct{}),
					a: store.Action{GameID: id, Seq: a.seq, UserID: user, Data: json.RawMessage(`{"type":"pass"}`), CreatedAt: time.Now()}})
			}
			s.appendMu.Lock()
			s.pending = batch
			s.appendMu.Unlock()
			s.commitPending()
			for i, r := range batch {
				<-r.done
				switch want := tc.apps[i].want; {
				case want == nil && r.err != nil:
					t.Errorf("append %d: %v", i, r.err)
				case want == errFK && r.err == nil:
					t.Errorf("append %d by an unknown user was made", i)
				case want != nil && want != errFK && !errors.Is(r.err, want):
					t.Errorf("append %d: %v, want %v", i, r.err, want)
				}
			}
			for i, id := range ids {
				g, err := s.GetGame(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				acts, err := s.Actions(ctx, id, 0)
				if err != nil {
					t.Fatal(err)
				}
				if g.Actions != tc.want[i] || len(acts) != tc.want[i] {
					t.Errorf("game %d: count %d, %d actions stored, want %d", i, g.Actions, len(acts), tc.want[i])
				}
			}
		})
	}
}

// errFK marks the append expected to be refused for its unknown user.
var errFK = errors.New("foreign key")
