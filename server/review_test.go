package server

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"tresham/bot"
	"tresham/internal/fixtures"
)

// TestGameReview reviews an imported finished game on a real server: the
// review starts in the background (202), a second request joins it (200,
// no budget spent), progress counts up to the decisions, and the report
// rates both players' decisions, marks costly ones with the better move,
// charts expected worth up to the result and lists the runs that left
// revenue on the table. An unfinished game is refused (409); past the
// caller's budget of reviews, starting another is refused (429).
func TestGameReview(t *testing.T) {
	env := newEnvWith(t, nil, func(c *Config) { c.ReviewBudget = bot.Budget{Nodes: 4000} })
	alice := env.signup("alice")
	data := fixtures.MustRead(t, "1860/19354.json")
	imp := func() int64 {
		var out struct {
			ID int64 `json:"id"`
		}
		alice.mustDo("POST", "/api/games/import", data, http.StatusCreated, &out)
		return out.ID
	}
	id := imp()
	path := fmt.Sprintf("/api/games/%d/review", id)
	var st reviewStatus
	alice.mustDo("GET", path, nil, http.StatusOK, &st)
	if st.State != "none" {
		t.Fatalf("before any review: %+v", st)
	}
	alice.mustDo("POST", path, nil, http.StatusAccepted, &st)
	if st.State != "running" && st.State != "done" {
		t.Fatalf("started: %+v", st)
	}
	alice.mustDo("POST", path, nil, http.StatusOK, &st) // joins the running review
	deadline := time.Now().Add(3 * time.Minute)
	lastDone := 0
	for st.State == "running" {
		if time.Now().After(deadline) {
			t.Fatalf("the review did not end: %+v", st)
		}
		time.Sleep(200 * time.Millisecond)
		alice.mustDo("GET", path, nil, http.StatusOK, &st)
		if st.Done < lastDone || (st.Total > 0 && st.Done > st.Total) {
			t.Fatalf("progress %d of %d after %d", st.Done, st.Total, lastDone)
		}
		lastDone = st.Done
	}
	if st.State != "done" || st.Report == nil {
		t.Fatalf("review: %+v", st)
	}
	rep := st.Report
	if st.Done != st.Total || st.Total < 50 || rep.Actions != st.Actions || !rep.Finished {
		t.Errorf("done %d of %d, report of %d actions (the game has %d), finished %v", st.Done, st.Total, rep.Actions, st.Actions, rep.Finished)
	}
	for _, p := range rep.Players {
		if p.Decisions == 0 || p.Accuracy < 0 || p.Accuracy > 100 {
			t.Errorf("player %+v", p)
		}
	}
	for _, d := range rep.Decisions {
		if d.Marked && (d.BestText == "" || d.BestText == d.PlayedText || d.Loss <= 0) {
			t.Errorf("marked decision %+v", d)
		}
	}
	last := rep.Chart[len(rep.Chart)-1]
	if last.Position != rep.Actions {
		t.Errorf("the chart ends at %d, not at the result (%d)", last.Position, rep.Actions)
	}
	if len(rep.Runs) == 0 {
		t.Error("no run left revenue on the table")
	}
	for _, r := range rep.Runs {
		if r.Best <= r.Revenue {
			t.Errorf("run %+v", r)
		}
	}
	// done: asking again answers the kept review
	alice.mustDo("POST", path, nil, http.StatusOK, &st)
	if st.State != "done" {
		t.Errorf("again: %+v", st)
	}

	// an unfinished game is not reviewed
	live := alice.create(map[string]any{"title": "1825", "players": 3, "hotseat": true})
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/start", live), nil, http.StatusOK, nil)
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/review", live), nil, http.StatusConflict, nil)
	alice.mustDo("POST", "/api/games/999999/review", nil, http.StatusNotFound, nil)

	// the caller's budget: reviewBurst reviews started, then 429
	for i := 1; i < reviewBurst; i++ {
		alice.mustDo("POST", fmt.Sprintf("/api/games/%d/review", imp()), nil, http.StatusAccepted, nil)
	}
	over := imp()
	alice.mustDo("POST", fmt.Sprintf("/api/games/%d/review", over), nil, http.StatusTooManyRequests, nil)
	alice.mustDo("GET", fmt.Sprintf("/api/games/%d/review", over), nil, http.StatusOK, &st)
	if st.State != "none" {
		t.Errorf("a refused review left %+v", st)
	}
}
