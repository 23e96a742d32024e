package server

import (
	"errors"
	"net/http"
	"sync"
	"time"

	"tresham/bot"
	"tresham/review"
	"tresham/store"
)

// The game review (package review) of a finished game runs in the
// background, one decision at a time in a bot-thinking slot, on one
// budget for the whole game (Config.ReviewBudget). Its result is kept
// per game and action count, so asking again costs nothing; starting a
// review spends the caller's review budget.
const (
	// reviewEvery and reviewBurst budget the reviews one caller starts.
	reviewEvery = 10 * time.Minute
	reviewBurst = 3
	// reviewsKept bounds the reviews kept (the oldest dropped first).
	reviewsKept = 64
)

// reviewJob is one game's review, running or done.
type reviewJob struct {
	actions int // the stored actions reviewed: the cache key with the game

	mu          sync.Mutex
	done, total int
	rep         *review.Report
	err         string
}

// reviewStatus is the answer of GET and POST /api/games/{id}/review.
type reviewStatus struct {
	// State is "none" (not asked for), "running", "done" or "failed".
	State   string         `json:"state"`
	Actions int            `json:"actions"`
	Done    int            `json:"done"`
	Total   int            `json:"total"`
	Report  *review.Report `json:"report,omitempty"`
	Error   string         `json:"error,omitempty"`
}

func (j *reviewJob) status() reviewStatus {
	j.mu.Lock()
	defer j.mu.Unlock()
	st := reviewStatus{State: "running", Actions: j.actions, Done: j.done, Total: j.total, Report: j.rep, Error: j.err}
	switch {
	case j.err != "":
		st.State = "failed"
	case j.rep != nil:
		st.State = "done"
	}
	return st
}

// reviews keeps the games' reviews.
type reviews struct {
	mu    sync.Mutex
	jobs  map[int64]*reviewJob
	order []int64 // games in the order their reviews started
}

// get is game id's review of its first actions stored actions (nil: none).
func (rs *reviews) get(id int64, actions int) *reviewJob {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if j := rs.jobs[id]; j != nil && j.actions == actions {
		return j
	}
	return nil
}

// put keeps j as game id's review, dropping the oldest beyond
// reviewsKept.
func (rs *reviews) put(id int64, j *reviewJob) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if rs.jobs == nil {
		rs.jobs = map[int64]*reviewJob{}
	}
	if _, ok := rs.jobs[id]; !ok {
		rs.order = append(rs.order, id)
	}
	rs.jobs[id] = j
	for len(rs.order) > reviewsKept {
		delete(rs.jobs, rs.order[0])
		rs.order = rs.order[1:]
	}
}

// reviewGame answers GET /api/games/{id}/review: the review of the game
// as it stands (state "none" when nobody asked for it), with its
// progress while it runs.
func (s *Server) reviewGame(w http.ResponseWriter, r *http.Request) {
	id, e, err := s.lockedGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	n := len(e.log)
	e.mu.Unlock()
	if j := s.reviews.get(id, n); j != nil {
		writeJSON(w, http.StatusOK, j.status())
		return
	}
	writeJSON(w, http.StatusOK, reviewStatus{State: "none", Actions: n})
}

// startReview answers POST /api/games/{id}/review: it starts the review
// of a finished game in the background (202), or answers the one already
// running or done (200). Starting one spends the caller's review budget.
func (s *Server) startReview(w http.ResponseWriter, r *http.Request) {
	id, e, err := s.lockedGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	finished := e.h.Status == store.StatusFinished
	n := len(e.log)
	if !finished {
		e.mu.Unlock()
		s.fail(w, r, errorf(http.StatusConflict, "game %d is not finished: a game is reviewed once it has ended", id))
		return
	}
	if j := s.reviews.get(id, n); j != nil && j.status().State != "failed" {
		e.mu.Unlock()
		writeJSON(w, http.StatusOK, j.status())
		return
	}
	if d := s.reviewBudget.take(s.callerKey(r), s.cfg.Now()); d > 0 {
		e.mu.Unlock()
		s.fail(w, r, overBudget(d, "reviews", reviewBurst, "one every 10 minutes"))
		return
	}
	src, err := s.exportOf(r.Context(), e)
	e.mu.Unlock()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	j := &reviewJob{actions: n}
	s.reviews.put(id, j)
	b := s.cfg.ReviewBudget
	if b == (bot.Budget{}) {
		b = review.DefaultBudget
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		rep, err := review.Game(src, review.Options{Budget: b, Runs: true, Seed: uint64(src.Settings.Seed), Stop: s.done.Done(),
			Progress: func(done, total int) {
				j.mu.Lock()
				j.done, j.total = done, total
				j.mu.Unlock()
			},
			// each decision's search is a bot's thinking: it waits for a
			// thinking slot as the searching bots do
			Think: func(search func()) error {
				select {
				case s.thinkSlots <- struct{}{}:
				case <-s.done.Done():
					return s.done.Err()
				}
				defer func() { <-s.thinkSlots }()
				search()
				return nil
			}})
		j.mu.Lock()
		defer j.mu.Unlock()
		if err != nil {
			if !errors.Is(err, review.ErrStopped) && s.done.Err() == nil {
				s.log.Warn("game review failed", "game", id, "err", err)
			}
			j.err = err.Error()
			return
		}
		j.rep = rep
		j.done = j.total
		s.log.Info("game reviewed", "game", id, "actions", n, "decisions", len(rep.Decisions), "seconds", rep.Seconds)
	}()
	writeJSON(w, http.StatusAccepted, j.status())
}
