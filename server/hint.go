package server

import (
	"net/http"
	"strconv"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/store"
)

// hintNodes is what the coach spends on one hint: a node budget, so the
// same position always gets the same hint.
const hintNodes = 3000

// hintMove is one of the coach's moves in a hint answer.
type hintMove struct {
	Action   g18xx.Action       `json:"action"`
	Rollouts int                `json:"rollouts"`
	Worth    map[string]float64 `json:"worth"`  // estimated final worth by player id
	Margin   float64            `json:"margin"` // the mover's estimate minus the best other's
	// WorthOverNext and MarginOverNext are why the move ranks above the
	// next one listed: the mover's estimated final worth and margin after
	// it minus after the next (absent for the last move).
	WorthOverNext  *float64 `json:"worth_over_next,omitempty"`
	MarginOverNext *float64 `json:"margin_over_next,omitempty"`
}

// hintAnswer is GET /api/games/{id}/hint.
type hintAnswer struct {
	At     int        `json:"at"` // the history position: after this many stored actions
	Entity string     `json:"entity"`
	Player int        `json:"player"`
	Moves  []hintMove `json:"moves"`
	Nodes  int        `json:"nodes"`
}

// hintsAllowed reports whether a game offers the coach's hints: a finished
// game, a hotseat game, a game with one human seat (solo against bots), or
// an online game whose table enabled them when it was created. Other
// online games with several people in them do not.
func hintsAllowed(h store.Game) bool {
	if h.Status == store.StatusFinished || h.Hotseat || h.Hints {
		return true
	}
	humans := 0
	for _, st := range h.Seats {
		if st.Bot == "" {
			humans++
		}
	}
	return humans <= 1
}

// hintGame answers the coach's top three moves for the acting entity
// (?entity=, default the first acting), at the live position or at the
// history position ?action=N (the first N stored actions, as GET
// /api/games/{id}?action=N shows it), for review. The export is taken under the
// game's lock; the replay and the search run without it.
func (s *Server) hintGame(w http.ResponseWriter, r *http.Request) {
	id, e, err := s.lockedGame(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	allowed := hintsAllowed(e.h)
	var src *g18xx.Game
	if allowed {
		src, err = s.exportOf(r.Context(), e)
	}
	e.mu.Unlock()
	if !allowed {
		s.fail(w, r, errorf(http.StatusForbidden, "game %d: hints are offered in hotseat and solo games, in finished games, and in online games whose table offers them (hints, set when the game is created)", id))
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// the replay and the search are a bot's thinking: they take one of
	// its slots, budgeted per caller, and stop when the request goes
	if d := s.hintBudget.take(s.callerKey(r), s.cfg.Now()); d > 0 {
		s.fail(w, r, overBudget(d, "hints", hintBurst, "one every 6 s"))
		return
	}
	if !workSlots(s.thinkSlots).acquire(r.Context(), heavyWait) {
		if r.Context().Err() == nil {
			s.fail(w, r, busy())
		}
		return
	}
	defer func() { <-s.thinkSlots }()
	at := len(src.Actions)
	if q := r.URL.Query().Get("action"); q != "" {
		n, err := strconv.Atoi(q)
		if err != nil || n < 0 || n > len(src.Actions) {
			s.fail(w, r, errorf(http.StatusBadRequest, "action=%q: want a history position from 0 to %d", q, len(src.Actions)))
			return
		}
		at = n
	}
	// the position after the first at stored actions, as the game page's
	// history shows it (undos among them taken back)
	prefix := src.Actions[:at]
	var moves []int
	for _, i := range g18xx.EffectiveIndices(prefix) {
		if prefix[i].Type != g18xx.TypeMessage {
			moves = append(moves, i)
		}
	}
	rg, err := replay.New(src)
	if err != nil {
		s.fail(w, r, errorf(http.StatusUnprocessableEntity, "game %d: %v", id, err))
		return
	}
	for _, i := range moves {
		ea := replay.Convert(&src.Actions[i])
		if err := rg.Apply(&ea); err != nil {
			s.fail(w, r, errorf(http.StatusUnprocessableEntity, "game %d: action %d does not replay: %v", id, src.Actions[i].ID, err))
			return
		}
	}
	g, ok := rg.(bot.Game)
	if !ok || g.IsFinished() {
		s.fail(w, r, errorf(http.StatusConflict, "game %d: no move to hint at action %d", id, at))
		return
	}
	entity := r.URL.Query().Get("entity")
	if entity != "" && !contains(g.Acting(), entity) {
		s.fail(w, r, errorf(http.StatusBadRequest, "entity %q is not acting (acting: %v)", entity, g.Acting()))
		return
	}
	coach := bot.NewCoach(bot.Budget{Nodes: int(s.hintNodes.Load())}, uint64(src.Settings.Seed)+uint64(at))
	coach.Search.Stop = r.Context().Done()
	h, err := coach.Hint(g, entity)
	if r.Context().Err() != nil {
		return // the client has gone: the search stopped part way
	}
	if err != nil {
		s.fail(w, r, errorf(http.StatusUnprocessableEntity, "game %d: %v", id, err))
		return
	}
	out := hintAnswer{At: at, Entity: h.Entity, Player: h.Player, Nodes: h.Nodes}
	for i, m := range h.Moves {
		hm := hintMove{Action: exportAction(m.Action), Rollouts: m.Rollouts, Worth: m.Worth, Margin: m.Margin}
		if w, mg, ok := h.Lead(i); ok {
			hm.WorthOverNext, hm.MarginOverNext = &w, &mg
		}
		out.Moves = append(out.Moves, hm)
	}
	writeJSON(w, http.StatusOK, out)
}

func exportAction(a engine.Action) g18xx.Action { return replay.Export(a) }

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
