package sqlite

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tresham/store"
)

const crashChildEnv = "TRESHAM_SQLITE_CRASH_CHILD"

// TestCrashChild is the child process of TestCrashDurability: it appends
// actions forever, printing "acked N" once append N has returned nil.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashChildEnv)
	if path == "" {
		t.Skip("only run as TestCrashDurability's child")
	}
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateGame(ctx, store.Game{Title: "1860", Status: store.StatusActive}, nil)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("game %d\n", g.ID)
	for seq := 0; ; seq++ {
		if err := s.AppendAction(ctx, store.Action{GameID: g.ID, Seq: seq, Data: json.RawMessage(`{"type":"pass"}`)}, nil); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("acked %d\n", seq)
	}
}

// TestCrashDurability SIGKILLs a process that is appending and checks that
// every append it acknowledged is in the database afterwards.
func TestCrashDurability(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crash.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var game int64
	acked := -1
	sc := bufio.NewScanner(out)
	deadline := time.Now().Add(30 * time.Second)
	for acked < 300 && sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "game "); ok {
			game, _ = strconv.ParseInt(v, 10, 64)
		}
		if v, ok := strings.CutPrefix(line, "acked "); ok {
			acked, _ = strconv.Atoi(v)
		}
		if time.Now().After(deadline) {
			break
		}
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL mid-append
		t.Fatal(err)
	}
	cmd.Wait()
	if game == 0 || acked < 0 {
		t.Fatalf("child made no progress (game %d, acked %d)", game, acked)
	}

	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.GetGame(context.Background(), game)
	if err != nil {
		t.Fatal(err)
	}
	acts, err := s.Actions(context.Background(), game, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g.Actions < acked+1 || len(acts) != g.Actions {
		t.Fatalf("after SIGKILL: header says %d actions, %d stored, %d were acknowledged", g.Actions, len(acts), acked+1)
	}
	t.Logf("acknowledged %d, found %d after SIGKILL", acked+1, g.Actions)
}
