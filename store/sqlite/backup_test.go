package sqlite

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tresham/store"
)

// TestBackupWhileWriting backs up a database while appends go on, then
// restores the copy (opens it as the database) and checks it: every
// action acknowledged before the backup began is in it, each game's log
// in it is a prefix of the live one (a consistent snapshot), and the
// restored store takes new appends.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src := filepath.Join(dir, "live.db")
	s, err := Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	u, err := s.CreateUser(ctx, store.User{Name: "owner", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	const games = 4
	var ids []int64
	for range games {
		g, err := s.CreateGame(ctx, store.Game{Title: "1860", OwnerID: u.ID, Hotseat: true, Status: store.StatusActive,
			Seats: []store.Seat{{PlayerID: 1, Name: "a"}, {PlayerID: 2, Name: "b"}}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	// writers append to every game until stopped; acked[i] counts the
	// appends acknowledged for game i
	var mu sync.Mutex
	acked := make([]int, games)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 0; ; seq++ {
				select {
				case <-stop:
					return
				default:
				}
				data := json.RawMessage(fmt.Sprintf(`{"type":"pass","entity":"1","id":%d}`, seq+1))
				if err := s.AppendAction(ctx, store.Action{GameID: id, Seq: seq, Data: data, CreatedAt: time.Now()}, nil); err != nil {
					t.Errorf("append: %v", err)
					return
				}
				mu.Lock()
				acked[i] = seq + 1
				mu.Unlock()
			}
		}()
	}
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	before := append([]int(nil), acked...)
	mu.Unlock()
	dst := filepath.Join(dir, "backup.db")
	info, err := Backup(ctx, src, dst)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if info.Games != games || info.Bytes == 0 {
		t.Errorf("backup info %+v, want %d games", info, games)
	}
	if _, err := Backup(ctx, src, dst); err == nil {
		t.Error("a backup over an existing file was made")
	}

	// restore: the copy is a database file of its own
	r, err := Open(ctx, dst)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var total int64
	for i, id := range ids {
		got, err := r.Actions(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		live, err := s.Actions(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) < before[i] {
			t.Errorf("game %d: backup has %d actions, %d were acknowledged before it began", id, len(got), before[i])
		}
		for k := range got {
			if string(got[k].Data) != string(live[k].Data) || got[k].Seq != k {
				t.Fatalf("game %d: backup action %d differs from the live one", id, k)
			}
		}
		h, err := r.GetGame(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if h.Actions != len(got) {
			t.Errorf("game %d: restored header counts %d actions, log has %d", id, h.Actions, len(got))
		}
		total += int64(len(got))
		if err := r.AppendAction(ctx, store.Action{GameID: id, Seq: len(got), Data: json.RawMessage(`{"type":"pass","id":99999}`), CreatedAt: time.Now()}, nil); err != nil {
			t.Errorf("game %d: append to the restored store: %v", id, err)
		}
	}
	if total != info.Actions {
		t.Errorf("backup counted %d actions, restored store has %d", info.Actions, total)
	}
}

// TestBackupRefusals: bad paths are named and leave nothing behind.
func TestBackupRefusals(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if _, err := Backup(ctx, filepath.Join(dir, "missing.db"), filepath.Join(dir, "out.db")); err == nil {
		t.Error("backup of a missing database succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "out.db")); err == nil {
		t.Error("a failed backup left its output")
	}
	notDB := filepath.Join(dir, "junk.db")
	if err := os.WriteFile(notDB, []byte("this is not a database, just text long enough to look like one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Backup(ctx, notDB, filepath.Join(dir, "out2.db")); err == nil {
		t.Error("backup of a file that is not a database succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, "out2.db")); err == nil {
		t.Error("a failed backup left its output")
	}
}
