package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"tresham/internal/fixtures"
	"tresham/trace"
)

// fixture writes the 1860 fixture game name to a temporary file for the
// CLI and returns its path.
func fixture(t *testing.T, name string) string {
	t.Helper()
	return fixtureFile(t, "1860/"+name)
}

// fixtureFile writes the named fixture to a temporary file and returns its
// path.
func fixtureFile(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), path.Base(name))
	if err := os.WriteFile(p, fixtures.MustRead(t, name), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReplayContract(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"replay", fixture(t, "19354.json")}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Title    string         `json:"title"`
		Finished bool           `json:"finished"`
		Result   map[string]int `json:"result"`
		Actions  int            `json:"actions"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Title != "1860" || !got.Finished || len(got.Result) == 0 || got.Actions == 0 {
		t.Fatalf("unexpected output %s", out.String())
	}
}

func TestLegalCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"legal", "-n", "0", fixture(t, "19354.json")}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Acting []string                     `json:"acting"`
		Legal  map[string][]json.RawMessage `json:"legal"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	// the game opens with the auction for the turn: the first player bids or passes
	if len(got.Acting) != 1 || len(got.Legal[got.Acting[0]]) != 2 || !strings.Contains(out.String(), `"type": "bid"`) {
		t.Fatalf("unexpected opening choices: %s", out.String())
	}
}

// TestReplayTraceMatchesGolden runs the CLI with --trace and compares its
// output with the golden trace on every field but the log (whose wording is
// the reference's own) and the fixture maker's route recomputation.
func TestReplayTraceMatchesGolden(t *testing.T) {
	for _, name := range []string{"19354", "1860_game_end_bank"} {
		game := fixture(t, name+".json")
		out := filepath.Join(t.TempDir(), "trace.jsonl")
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), []string{"replay", "--trace", out, game}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr.String())
		}
		want, err := trace.Read(bytes.NewReader(fixtures.MustRead(t, "1860/"+name+".trace.jsonl")))
		if err != nil {
			t.Fatal(err)
		}
		got, err := trace.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if m := trace.CompareTraces(want, got, trace.FullFields().Without("revenue")); m != nil {
			t.Fatalf("%s: %v", name, m)
		}
	}
}

// TestSelfplayCommand plays two short games through the CLI and checks the
// exports it writes and the summary it prints; bad flags exit 2.
func TestSelfplayCommand(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	args := []string{"selfplay", "--title", "1825", "--options", "unit_3", "--players", "2", "--games", "2", "--bot", "random", "--seed", "7", "--checks", "light", "--out", dir}
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	for _, want := range []string{"2 games of 1825 unit_3", "end reasons:", "seat 1 (random)", "all invariants held"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out.String())
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) != 2 {
		t.Fatalf("exports %v (%v), want 2", files, err)
	}
	for _, f := range files {
		var code int
		var rout, rerr bytes.Buffer
		if code = run(context.Background(), []string{"replay", f}, &rout, &rerr); code != 0 {
			t.Fatalf("replay %s: exit %d: %s", f, code, rerr.String())
		}
		if !strings.Contains(rout.String(), `"finished":true`) {
			t.Errorf("replayed %s is not finished: %s", f, rout.String())
		}
	}
	for _, bad := range [][]string{
		{"selfplay", "--bot", "nosuch"},
		{"selfplay", "--players", "3", "--bots", "random,random"},
		{"selfplay", "--checks", "some"},
	} {
		if code := run(context.Background(), bad, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

func TestAnalyseCSV(t *testing.T) {
	game := fixture(t, "19354.json")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"analyse", "--csv", game}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"# players by round\nround,action,player,cash,certificates,value,change\n", "# operations\n", "# revenue left on the table\n", "\nOR 4.1,"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("CSV lacks %q", want)
		}
	}
	// every section parses as CSV with rows as wide as its header
	for _, sec := range strings.Split(out.String(), "\n\n") {
		recs, err := csv.NewReader(strings.NewReader(sec[strings.IndexByte(sec, '\n')+1:])).ReadAll()
		if err != nil || len(recs) < 2 {
			t.Fatalf("section %.40q: %d records, %v", sec, len(recs), err)
		}
	}
}
