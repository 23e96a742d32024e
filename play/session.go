package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/program"
	"tresham/replay"
	"tresham/titles/title"
)

// Session is one game kept as its stored action log (undo, redo and
// messages included, as the server stores it): the live game after every
// action, and the game at any earlier action for history. The server stays
// the authority in online play; a Session only mirrors it (Append) or, in
// a hotseat game with no server, is the game itself (Propose).
type Session struct {
	src  g18xx.Game // header; Actions is the stored log
	live Game
	// rules are the 18xx.games rules the export replays under
	// (replay.Rules), found once when the session starts: the moves
	// played on follow them.
	rules title.Rules

	// hist is a game at an earlier action, reused for history steps;
	// histApplied lists the indices (into src.Actions) applied to it.
	hist        Game
	histApplied []int

	// spare is a game prepared (Prepare) a little behind the history
	// position, for the next step back; spareApplied as histApplied.
	spare        Game
	spareApplied []int
}

// Load starts a session from an 18xx.games export (its header and every
// action it stores).
func Load(data []byte) (*Session, error) {
	src, err := g18xx.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not an 18xx.games export: %w", err)
	}
	return New(src)
}

// LoadUnder is Load under the rules of a given day (NewUnder).
func LoadUnder(data []byte, rules title.Rules) (*Session, error) {
	src, err := g18xx.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("not an 18xx.games export: %w", err)
	}
	return NewUnder(src, rules)
}

// New starts a session from a decoded export; src is not kept. It plays
// under the rules replay.Rules finds for src, which may replay it several
// times (an old import); NewUnder takes rules already known.
func New(src *g18xx.Game) (*Session, error) { return NewUnder(src, replay.Rules(src)) }

// NewUnder starts a session from a decoded export under the 18xx.games
// rules of a given day (a zero Rules: today's): the rules the server found
// when it imported the game (the view's rules_of), so that the session
// replays it once, and the moves appended to a header follow the same
// rules as the server's game.
func NewUnder(src *g18xx.Game, rules title.Rules) (*Session, error) {
	s := &Session{src: *src, rules: rules}
	s.src.Actions = slices.Clone(src.Actions)
	g, err := s.build(s.src.Actions)
	if err != nil {
		return nil, err
	}
	s.live = g
	return s, nil
}

// newGame sets up the session's title game with no action applied.
func (s *Session) newGame() (Game, error) {
	g, err := replay.NewOf(&s.src, s.rules)
	if err != nil {
		return nil, fmt.Errorf("set up the game: %w", err)
	}
	tg, ok := g.(Game)
	if !ok {
		return nil, fmt.Errorf("title %q has no game log", s.src.Title)
	}
	return tg, nil
}

// build replays the effective actions of acts into a new game.
func (s *Session) build(acts []g18xx.Action) (Game, error) {
	g, err := s.newGame()
	if err != nil {
		return nil, err
	}
	for _, i := range Moves(acts) {
		if err := apply(g, &acts[i]); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// apply applies one stored action, naming it on failure.
func apply(g Game, a *g18xx.Action) error {
	ea := replay.Convert(a)
	if err := g.Apply(&ea); err != nil {
		var re *engine.RuleError
		if errors.As(err, &re) {
			return err // it names the action and the rule
		}
		return fmt.Errorf("action id %d (%s) refused: %w", a.ID, a.Type, err)
	}
	return nil
}

// Rules is the day whose 18xx.games rules the session plays under.
func (s *Session) Rules() title.Rules { return s.rules }

// Title is the game's title ("1860", "1825").
func (s *Session) Title() string { return s.src.Title }

// Len is the number of stored actions (undo, redo and messages included).
func (s *Session) Len() int { return len(s.src.Actions) }

// LastRun is the run kept on the map after the first n stored actions
// (the package's LastRun), nil for none or a bad n.
func (s *Session) LastRun(n int) *ShownRun {
	g, err := s.At(n)
	if err != nil {
		return nil
	}
	return LastRun(g, s.src.Actions[:n])
}

// LastRunOf is corporation sym's last run in the first n stored actions,
// drawn on the board there (the package's LastRunOf); nil for none, a bad
// n or a run that no longer follows the track.
func (s *Session) LastRunOf(n int, sym string) *ShownRun {
	g, err := s.At(n)
	if err != nil {
		return nil
	}
	acts := s.src.Actions[:n]
	run, _ := LastRunOf(g, Moves(acts), func(i int) *g18xx.Action { return &acts[i] }, sym, true)
	return run
}

// Live is the game after every stored action. It must not be changed.
func (s *Session) Live() Game { return s.live }

// Append adds a stored action (as the server stored it: undo, redo and
// messages included) and plays it. A refused action changes nothing.
func (s *Session) Append(a g18xx.Action) error {
	switch a.Type {
	case g18xx.TypeMessage:
	case g18xx.TypeUndo, g18xx.TypeRedo:
		acts := append(slices.Clone(s.src.Actions), a)
		if _, err := g18xx.Resolve(acts); err != nil {
			return fmt.Errorf("%s: %w", a.Type, err)
		}
		g, err := s.build(acts)
		if err != nil {
			return fmt.Errorf("%s: %w", a.Type, err)
		}
		s.live = g
	default:
		if err := apply(s.live, &a); err != nil {
			return err
		}
	}
	s.src.Actions = append(s.src.Actions, a)
	return nil
}

// NextID is the id the next stored action gets (ids increase; imported
// games keep theirs).
func (s *Session) NextID() int {
	if n := len(s.src.Actions); n > 0 {
		return s.src.Actions[n-1].ID + 1
	}
	return 1
}

// Propose decodes a player's action (18xx.games JSON), validates it like
// the server does, gives it the next id and appends it (a hotseat game with
// no server, or a planning sandbox). It returns the action as stored.
func (s *Session) Propose(raw []byte) (g18xx.Action, error) {
	var a g18xx.Action
	if err := json.Unmarshal(raw, &a); err != nil {
		return a, fmt.Errorf("malformed action: %w", err)
	}
	a.ID = s.NextID()
	check := g18xx.Game{Title: s.src.Title, Players: []g18xx.Player{{ID: 1}}, Actions: []g18xx.Action{a}}
	if err := check.Validate(); err != nil {
		return a, fmt.Errorf("malformed action: %w", err)
	}
	switch a.Type {
	case g18xx.TypeMessage, g18xx.TypeUndo, g18xx.TypeRedo:
	case g18xx.TypeEndGame:
		// ending the game early is any player's, at any time, as on the
		// server (where in a hotseat game the owner's word alone ends it)
		pid, ok := a.Entity.PlayerID()
		if !ok || !slices.ContainsFunc(s.src.Players, func(p g18xx.Player) bool { return p.ID == pid }) {
			return a, fmt.Errorf("end_game: %s is not a player of this game", a.Entity)
		}
		if s.live.IsFinished() {
			return a, fmt.Errorf("end_game: the game is over")
		}
	default:
		ea := replay.Convert(&a)
		if engine.IsProgramType(a.Type) {
			// a player's programmed move, set at any time (as on the server)
			pid, ok := a.Entity.PlayerID()
			if !ok || !slices.ContainsFunc(s.src.Players, func(p g18xx.Player) bool { return p.ID == pid }) {
				return a, fmt.Errorf("%s: %s is not a player of this game", a.Type, a.Entity)
			}
		} else if !slices.Contains(s.live.Acting(), ea.Entity) {
			return a, fmt.Errorf("%s may not act now (acting: %v)", ea.Entity, s.live.Acting())
		}
		// the move, then the programs' moves it lets make (package
		// program), stored as its auto_actions as the server stores them
		f, ok := s.live.(interface {
			ApplyFollowed(*engine.Action, func(*engine.Action) error, func() []engine.Action) error
		})
		pg, ok2 := s.live.(program.Game)
		if !ok || !ok2 {
			break
		}
		given := len(ea.Auto)
		if err := f.ApplyFollowed(&ea, nil, func() []engine.Action { return program.Moves(pg) }); err != nil {
			return a, err
		}
		for _, x := range ea.Auto[given:] {
			ax := replay.Export(x)
			ax.CreatedAt = a.CreatedAt
			a.AutoActions = append(a.AutoActions, ax)
		}
		s.src.Actions = append(s.src.Actions, a)
		return a, nil
	}
	if err := s.Append(a); err != nil {
		return a, err
	}
	return a, nil
}

// At returns the game after the first n stored actions (n from 0 to Len).
// The game must not be changed; it stays valid until the next call of At.
func (s *Session) At(n int) (Game, error) {
	if n < 0 || n > len(s.src.Actions) {
		return nil, &InputError{Msg: fmt.Sprintf("action %d is not from 0 to %d", n, len(s.src.Actions))}
	}
	if n == len(s.src.Actions) {
		return s.live, nil
	}
	want := Moves(s.src.Actions[:n])
	k := 0
	for k < len(want) && k < len(s.histApplied) && want[k] == s.histApplied[k] {
		k++
	}
	if (s.hist == nil || k < len(s.histApplied)) && s.takeSpare(want) {
		k = len(s.histApplied) // a prepared spare: replay only what follows it
	} else if s.hist == nil || k < len(s.histApplied) {
		// Undo replays from the start, so going back is a rebuild.
		g, err := s.newGame()
		if err != nil {
			return nil, err
		}
		s.hist, s.histApplied, k = g, nil, 0
	}
	for _, i := range want[k:] {
		if err := apply(s.hist, &s.src.Actions[i]); err != nil {
			s.hist, s.histApplied = nil, nil
			return nil, fmt.Errorf("history at %d: %w", n, err)
		}
		s.histApplied = append(s.histApplied, i)
	}
	return s.hist, nil
}

// View is the game at an action as the page shows it.
type View struct {
	// Actions is the number of stored actions the view is after.
	Actions  int                 `json:"actions"`
	Acting   []string            `json:"acting"`
	Legal    map[string][]Choice `json:"legal"`
	Finished bool                `json:"finished"`
	Result   map[string]int      `json:"result"`
	State    map[string]any      `json:"state"`
	Log      []string            `json:"log"`
	// LogMessages is each log line's message id and arguments, in the
	// order of Log (engine.Message, docs/i18n.md).
	LogMessages []engine.Message `json:"log_messages"`
	Hash        string           `json:"hash"`
	// Programs are the programmed moves of the players in seats (all
	// players when seats is nil).
	Programs []program.View `json:"programs,omitempty"`
}

// View is the game after the first n stored actions, with the legal
// choices of the acting entities decided by the players in seats (nil:
// every player).
func (s *Session) View(n int, seats []int) (*View, error) {
	v, err := s.viewOf(n, seats)
	if err != nil {
		return nil, err
	}
	if v.Hash, err = HashState(v.State); err != nil {
		return nil, err
	}
	return v, nil
}

// ViewJSON is View as JSON, the state encoded once (for its hash and for
// the answer: the state is most of a view's encoding).
func (s *Session) ViewJSON(n int, seats []int) ([]byte, error) {
	b, _, err := s.ViewJSONSince(n, seats, nil, 0)
	return b, err
}

// ViewJSONSince is ViewJSON for a page that holds the log lines held
// (from an earlier answer, with their messages): the answer's log and
// log_messages are only the lines after the first log_from, which are
// those of held (the page puts the log together). Without held, or when
// the lines have no messages, the answer has the whole log and no
// log_from. A serial above 0 is given as log_serial (the caller's number
// for this answer). It also answers the whole log, for the caller to keep
// (nil when the lines have no messages: the next answer is whole too).
func (s *Session) ViewJSONSince(n int, seats []int, held []string, serial int) ([]byte, []string, error) {
	g, err := s.At(n)
	if err != nil {
		return nil, nil, err
	}
	// the lines of held that still begin the log: only the messages of
	// the lines after them are computed and sent
	log := g.LogLines()
	k := 0
	if held != nil {
		for k < len(held) && k < len(log) && held[k] == log[k] {
			k++
		}
	}
	v, err := s.viewFrom(g, n, seats, k)
	if err != nil {
		return nil, nil, err
	}
	state, err := appendStateJSON(make([]byte, 0, 16<<10), v.State)
	if err != nil {
		return nil, nil, fmt.Errorf("hash state: %w", err)
	}
	v.Hash = hashJSON(state)
	var from *int
	if held != nil && v.LogMessages != nil {
		from = &k
		v.Log = v.Log[k:]
	}
	if v.Log == nil {
		v.Log = []string{}
	}
	// the state is written as encoded (for its hash) after the rest: the
	// outer State, nil, hides the View's, and json.Marshal does not go
	// over the state's 10-20 KB again
	v.State = nil
	b, err := json.Marshal(struct {
		*View
		State     json.RawMessage `json:"state,omitempty"`
		LogFrom   *int            `json:"log_from,omitempty"`
		LogSerial int             `json:"log_serial,omitempty"`
	}{View: v, LogFrom: from, LogSerial: serial})
	if err != nil {
		return nil, nil, err
	}
	b = append(append(append(b[:len(b)-1], `,"state":`...), state...), '}')
	if v.LogMessages == nil {
		return b, nil, nil
	}
	// kept by the caller: a copy (the game's own may be cut and written
	// again by an undo)
	return b, slices.Clone(log), nil
}

// viewOf is View without its hash.
func (s *Session) viewOf(n int, seats []int) (*View, error) {
	g, err := s.At(n)
	if err != nil {
		return nil, err
	}
	return s.viewFrom(g, n, seats, 0)
}

// viewFrom is viewOf of the game g after n stored actions, with the
// log's messages from line from on (LogMessages of the whole log only
// when from is 0); Log is the whole log, not copied when from is above 0
// (the caller cuts it).
func (s *Session) viewFrom(g Game, n int, seats []int, from int) (*View, error) {
	v := &View{Actions: n, Acting: g.Acting(), Legal: LegalFor(g, seats), Finished: g.IsFinished(),
		State: g.State()}
	lines := g.LogLines()
	if from == 0 {
		v.Log = slices.Clone(lines)
	} else {
		v.Log = lines
	}
	if v.Acting == nil {
		v.Acting = []string{}
	}
	if v.Log == nil {
		v.Log = []string{}
	}
	if v.LogMessages = logMessagesFrom(g, from); len(v.LogMessages) != len(lines)-from {
		v.LogMessages = nil // the page reads the text
	}
	if v.Finished {
		v.Result = g.Result()
	}
	if pg, ok := g.(program.Game); ok {
		ids := seats
		if ids == nil {
			for _, p := range pg.Engine().Players {
				ids = append(ids, p.ID)
			}
		}
		v.Programs = program.Views(pg.Engine(), ids)
	}
	return v, nil
}

// Hash is the state hash after the first n stored actions.
func (s *Session) Hash(n int) (string, error) {
	g, err := s.At(n)
	if err != nil {
		return "", err
	}
	return HashState(g.State())
}

// Export is the game as an 18xx.games export: the header it was loaded
// with and every stored action, with status, result and acting players
// brought up to date.
func (s *Session) Export() *g18xx.Game {
	out := s.src
	out.Actions = slices.Clone(s.src.Actions)
	out.Status, out.Result = "active", nil
	if s.live.IsFinished() {
		out.Status, out.Result = "finished", s.live.Result()
		if reason, ok := s.live.State()["game_end_reason"].(string); ok {
			out.GameEndReason = reason
		}
	}
	out.Acting = []int{}
	for _, ent := range s.live.Acting() {
		if p := replay.Controller(s.live, ent); p != 0 && !slices.Contains(out.Acting, p) {
			out.Acting = append(out.Acting, p)
		}
	}
	return &out
}
