package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tresham/bot"
)

// TestFitEval fits the evaluation on a few games and checks the report
// and the weights written (a file the bot package reads).
func TestFitEval(t *testing.T) {
	out := filepath.Join(t.TempDir(), "w.json")
	var stdout, stderr bytes.Buffer
	args := []string{"fit-eval", "--title", "1825", "--games", "3", "--test", "1", "--seed", "5", "--by-phase", "--ridge", "0.01", "--out", out}
	if rc := run(context.Background(), args, &stdout, &stderr); rc != 0 {
		t.Fatalf("fit-eval exit %d: %s", rc, stderr.String())
	}
	for _, want := range []string{"fitted on 3 games", "worth + 2 rounds of dividends", "fitted by phase", "table_payout"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	m, err := bot.ParseEvalModel(b)
	if err != nil {
		t.Fatal(err)
	}
	if m.Title != "1825" || !strings.Contains(string(m.Fit), "fit-eval --title 1825") {
		t.Errorf("written model: title %q, %d phase rows, fit %s", m.Title, len(m.PhaseWeights), m.Fit)
	}
	for _, bad := range [][]string{{"fit-eval", "--games", "0"}, {"fit-eval", "--ridge", "-1"}, {"fit-eval", "extra"}} {
		if rc := run(context.Background(), bad, &stdout, &stderr); rc != 2 {
			t.Errorf("%v: exit %d, want 2", bad, rc)
		}
	}
}
