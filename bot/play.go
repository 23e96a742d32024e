package bot

import (
	"fmt"
	"time"

	"tresham/engine"
)

// Mover is a bot that picks which of its acting entities moves (a private
// company's exchange, say, before its player's turn). Play calls Move on a
// view whose Acting lists only the entities the bot's player controls.
type Mover interface {
	Move(g Game) (engine.Action, error)
}

// PlayOptions tunes Play.
type PlayOptions struct {
	// MaxActions stops the game unfinished after this many actions
	// (0: 20000).
	MaxActions int
	// FirstID is the id given to the first action applied (0: 1); later
	// actions count up from it.
	FirstID int
	// MaxTries bounds the moves asked of a seat for one decision when
	// purchases are refused or Apply rejects a listed move (0: 50).
	MaxTries int
	// IgnoreConsent applies train purchases between different directors'
	// companies without asking the seller, as the titles themselves allow.
	// It is for measuring that loophole only: bots then take each other's
	// trains for £10.
	IgnoreConsent bool
	// Observe, when set, is called after each applied action.
	Observe func(a engine.Action)
}

// PlayStats describes a game Play drove.
type PlayStats struct {
	Actions  int                   // actions applied
	Refusals int                   // train purchases the seller's director refused
	Rejected int                   // moves a seat chose that Apply refused
	Moves    map[int]int           // actions applied per deciding player
	Time     map[int]time.Duration // time spent choosing, per player
	Total    time.Duration
}

// Play drives g to its end (or opts.MaxActions) with the bots in seats,
// keyed by player id. Each decision goes to the Controller of the first
// acting entity: a Mover's Move sees only the acting entities its player
// controls, any other Player is asked to Choose for that first entity. A
// train purchase from a company another player directs is applied only
// when its director's seat agrees (Agreed); on refusal, or when Apply
// rejects a move, the seat is asked again with that move hidden (Hide) for
// as long as the same entity keeps acting.
func Play(g Game, seats map[int]Player, opts PlayOptions) (st PlayStats, err error) {
	maxActions := opts.MaxActions
	if maxActions <= 0 {
		maxActions = 20000
	}
	maxTries := opts.MaxTries
	if maxTries <= 0 {
		maxTries = 50
	}
	firstID := opts.FirstID
	if firstID <= 0 {
		firstID = 1
	}
	st = PlayStats{Moves: map[int]int{}, Time: map[int]time.Duration{}}
	start := time.Now()
	defer func() { st.Total = time.Since(start) }()
	seat := func(id int) Player { return seats[id] }
	var hidden []engine.Action
	last := ""
	for ; st.Actions < maxActions && !g.IsFinished(); st.Actions++ {
		acting := g.Acting()
		if len(acting) == 0 {
			return st, fmt.Errorf("bot: action %d: nobody may act", st.Actions+1)
		}
		who := Controller(g, acting[0])
		p := seats[who]
		if p == nil {
			return st, fmt.Errorf("bot: action %d: no seat for player %d (acting %s)", st.Actions+1, who, acting[0])
		}
		var mine []string
		for _, e := range acting {
			if Controller(g, e) == who {
				mine = append(mine, e)
			}
		}
		if acting[0] != last {
			hidden = hidden[:0]
		}
		var a engine.Action
		applied := false
		for try := 0; try < maxTries && !applied; try++ {
			v := &view{Game: g, hidden: hidden, acting: mine}
			t0 := time.Now()
			if m, ok := p.(Mover); ok {
				a, err = m.Move(v)
			} else {
				a, err = p.Choose(v, acting[0])
			}
			st.Time[who] += time.Since(t0)
			if err != nil {
				return st, fmt.Errorf("bot: action %d: player %d: %w", st.Actions+1, who, err)
			}
			if !opts.IgnoreConsent && !Agreed(g, a, seat) {
				st.Refusals++
				hidden = append(hidden, a)
				continue
			}
			a.ID = firstID + st.Actions
			if err = g.Apply(&a); err != nil {
				st.Rejected++
				hidden = append(hidden, a)
				continue
			}
			applied = true
		}
		if !applied {
			return st, fmt.Errorf("bot: action %d: player %d found no acceptable move for %s in %d tries (last: %s: %v)",
				st.Actions+1, who, acting[0], maxTries, a.Type, err)
		}
		last = acting[0]
		st.Moves[who]++
		if opts.Observe != nil {
			opts.Observe(a)
		}
	}
	return st, nil
}
