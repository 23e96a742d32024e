package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"tresham/review"
)

// TestAnalyseReview reviews a whole real game on a small budget: the JSON
// report lists decisions of both players, the chart ends on the final
// result, and progress is reported; a bad --mark is refused.
func TestAnalyseReview(t *testing.T) {
	game := fixture(t, "19354.json")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"analyse", "--review", "--json", "--runs=false", "--budget", "3000n", game}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep review.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Finished || len(rep.Decisions) < 50 || len(rep.Players) != 2 || rep.Players[0].Decisions == 0 || rep.Players[1].Decisions == 0 {
		t.Fatalf("finished %v, %d decisions, players %+v", rep.Finished, len(rep.Decisions), rep.Players)
	}
	last := rep.Chart[len(rep.Chart)-1]
	if last.Position != rep.Actions || len(last.Worth) != 2 {
		t.Errorf("the chart ends at %+v, want the result after %d actions", last, rep.Actions)
	}
	if !strings.Contains(errb.String(), "reviewed ") {
		t.Errorf("no progress on stderr: %q", errb.String())
	}
	if code := run(context.Background(), []string{"analyse", "--review", "--mark", "5", game}, &out, &errb); code != 2 {
		t.Errorf("--mark 5: exit %d, want 2", code)
	}
}
