// Package clock accounts for time in a game from its stored, timestamped
// action log: the wait between two stored actions is charged to the
// players who were to act after the first of them (the engine says who; a
// company's wait is its director's, a bot's is the bot's seat). Undo
// refunds nothing: an undo is a stored action like any other, and the wait
// before it was spent; but a turn that undo and redo bring back does not
// earn its time again (Wait.NewTurn), so the clock counts time as if the
// undone and redone moves were one history. Time while no server ran, which a server notes in
// the log when it starts again (Downtime), is charged to no one. The
// accounting is a pure function of the log, so it survives restarts and is
// the same on every server instance.
package clock

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"tresham/compat/g18xx"
	"tresham/play"
	"tresham/replay"
)

// Wait is the time between two stored actions.
type Wait struct {
	// After is how many stored actions came before the wait (the history
	// position where it began); Action is the id of the action ending it.
	After  int       `json:"after"`
	Action int       `json:"action"`
	From   time.Time `json:"from"`
	To     time.Time `json:"to"`
	// Players are those who were to act, charged with the wait.
	Players []int `json:"players"`
	// Round is the kind of round ("Auction", "Stock", "Operating").
	Round string `json:"round"`
	// Company is the company that was to act, when one was.
	Company string `json:"company,omitempty"`
	// Phase is the game's phase index during the wait.
	Phase int `json:"phase"`
	// Pos is the history position where the wait began: the number of
	// moves in effect then (undone moves not counted).
	Pos int `json:"pos"`
	// NewTurn is true when the wait begins a turn that earns the turn's
	// time: who was to act (the players, or the operating company) changed
	// since the previous wait, and no earlier wait was for the same turn at
	// the same position (Replayed). Undo and redo replay history; a turn
	// they bring back earns nothing again.
	NewTurn bool `json:"new_turn"`
	// Down is the part of the wait when no server ran (the log's downtime
	// notes, DowntimesOf): it is not charged.
	Down Duration `json:"down,omitempty"`
}

// Length is the wait's charged duration: from From to To, less Down.
func (w Wait) Length() time.Duration { return w.To.Sub(w.From) - time.Duration(w.Down) }

// Waits lists the waits of a game export: one per pair of consecutive
// stored actions that both carry a time (created_at), charged to whoever
// was to act after the first, and when the log notes the clock's start
// (StartOf) one from it to the first move. Chat does not end a wait: a
// message is skipped, and the wait runs on to the next move. The time of
// the log's downtime notes (DowntimesOf) is taken off each wait it falls
// in (Wait.Down).
func Waits(src *g18xx.Game) ([]Wait, error) { return WaitsFrom(src, StartOf(src)) }

// NoteKey is the extra key of a Tresham server's clock notes, chat lines
// in a clocked game's log; the note "start" says when its clock started.
const NoteKey = "clock"

// StartOf is when the clock of src started: the time of its first "start"
// note (zero when there is none: the clock starts at the first move).
func StartOf(src *g18xx.Game) time.Time {
	for _, a := range src.Actions {
		raw, ok := a.Extra[NoteKey]
		if !ok || a.Type != g18xx.TypeMessage || a.CreatedAt <= 0 {
			continue
		}
		var v string
		if json.Unmarshal(raw, &v) == nil && v == "start" {
			return time.Unix(a.CreatedAt, 0).UTC()
		}
	}
	return time.Time{}
}

// WaitsFrom is Waits for a game whose clock started at start: the first
// wait runs from start to the first move and is charged to whoever was to
// act when the game began. A zero start (or one after the first move)
// starts the clock at the first move, as Waits does.
func WaitsFrom(src *g18xx.Game, start time.Time) ([]Wait, error) {
	full, err := play.New(src)
	if err != nil {
		return nil, err
	}
	downs := DowntimesOf(src.Actions)
	var out []Wait
	seen := map[string]bool{} // turnKey of every wait so far
	pos := 0                  // the moves in effect after the first `after` actions
	var last who
	var from time.Time // when the wait in progress began (zero: not known)
	after := 0         // the stored actions before it
	begun := false     // a wait is in progress
	if !start.IsZero() {
		from, begun = start.UTC(), true
	}
	for i, a := range src.Actions {
		if a.Type == g18xx.TypeMessage {
			continue
		}
		var at time.Time
		if a.CreatedAt > 0 {
			at = time.Unix(a.CreatedAt, 0).UTC()
		}
		if begun && !from.IsZero() && !at.IsZero() && !at.Before(from) {
			w := Wait{After: after, Action: a.ID, From: from, To: at, Down: Duration(downs.Within(from, at))}
			if g, err := full.At(after); err == nil {
				last = waiting(g)
			}
			// else: a stored action that was later undone and that this
			// engine refuses (18xx.games took it then): the wait is charged
			// to whoever was to act before it
			w.Players, w.Round, w.Company, w.Phase, w.Pos = last.players, last.round, last.company, last.phase, pos
			if len(w.Players) > 0 {
				k := turnKey(w)
				w.NewTurn = (len(out) == 0 || !SameTurn(out[len(out)-1], w)) && !seen[k]
				seen[k] = true
				out = append(out, w)
			}
		}
		from, after, begun = at, i+1, true
		pos = PosAfter(src.Actions[:after], pos)
	}
	return out, nil
}

// PosAfter is the history position after acts (the moves in effect),
// given prev, the position before its last action: a move adds one; after
// an undo or redo the log is resolved again.
func PosAfter(acts []g18xx.Action, prev int) int {
	if len(acts) == 0 {
		return 0
	}
	switch acts[len(acts)-1].Type {
	case g18xx.TypeMessage:
		return prev
	case g18xx.TypeUndo, g18xx.TypeRedo:
		return len(play.Moves(acts))
	}
	return prev + 1
}

// Replayed reports whether one of waits was for the turn of w at the same
// history position: w, after an undo and redo, brings back a turn that
// already earned its time.
func Replayed(waits []Wait, w Wait) bool {
	for i := len(waits) - 1; i >= 0; i-- {
		if waits[i].Pos == w.Pos && SameTurn(waits[i], w) {
			return true
		}
	}
	return false
}

// turnKey identifies a wait's turn at its history position.
func turnKey(w Wait) string {
	return fmt.Sprint(w.Pos, w.Round, w.Company, w.Players)
}

// who is whom a wait is charged to.
type who struct {
	players []int
	round   string
	company string
	phase   int
}

// SameTurn reports whether two waits are for the same turn: the same
// players, round and company to act.
func SameTurn(a, b Wait) bool {
	if a.Round != b.Round || a.Company != b.Company || len(a.Players) != len(b.Players) {
		return false
	}
	for i := range a.Players {
		if a.Players[i] != b.Players[i] {
			return false
		}
	}
	return true
}

// Waiting says who is to act in g (a title game): a Wait with Players,
// Round, Company and Phase set, for the wait in progress.
func Waiting(g play.Game) Wait {
	w := waiting(g)
	return Wait{Players: w.players, Round: w.round, Company: w.company, Phase: w.phase}
}

// waiting says who is to act in g.
func waiting(g play.Game) who {
	var w who
	eg := replay.Engine(g)
	if eg != nil {
		w.round, w.phase = eg.RoundKind, eg.PhaseIdx
	}
	for _, ent := range g.Acting() {
		if eg != nil && eg.Corp(ent) != nil {
			w.company = ent
		}
		if pid := replay.Controller(g, ent); pid != 0 && !contains(w.players, pid) {
			w.players = append(w.players, pid)
		}
	}
	return w
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Spent is the time one player spent to act.
type Spent struct {
	Player int           `json:"player"`
	Total  time.Duration `json:"-"`
	// TotalSeconds is Total in whole seconds (the JSON form).
	TotalSeconds int64 `json:"time_spent_s"`
	// ByRound and ByCompany split Total by the kind of round and by the
	// company the player was operating, in seconds.
	ByRound   map[string]int64 `json:"by_round_s"`
	ByCompany map[string]int64 `json:"by_company_s,omitempty"`
	// Longest is the player's longest wait.
	Longest Wait `json:"longest"`
}

// TimeSpent sums the waits per player, in the order of players (ids).
func TimeSpent(waits []Wait, players []int) []Spent {
	by := map[int]*Spent{}
	out := make([]Spent, len(players))
	for i, p := range players {
		out[i] = Spent{Player: p, ByRound: map[string]int64{}, ByCompany: map[string]int64{}}
		by[p] = &out[i]
	}
	for _, w := range waits {
		for _, p := range w.Players {
			s := by[p]
			if s == nil {
				continue
			}
			d := w.Length()
			s.Total += d
			s.ByRound[w.Round] += int64(d / time.Second)
			if w.Company != "" {
				s.ByCompany[w.Company] += int64(d / time.Second)
			}
			if d > s.Longest.Length() {
				s.Longest = w
			}
		}
	}
	for i := range out {
		out[i].TotalSeconds = int64(out[i].Total / time.Second)
	}
	return out
}

// Longest returns the n longest waits, longest first.
func Longest(waits []Wait, n int) []Wait {
	out := append([]Wait(nil), waits...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Length() > out[j].Length() })
	if len(out) > n {
		out = out[:n]
	}
	return out
}
