// Package api is the in-browser engine's API as plain Go: the calls the
// page makes on the WebAssembly module (wasm/), each taking plain values
// and answering JSON, so that it can be tested natively. Games are held as
// play.Sessions named by handles.
package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/mapview"
	"tresham/play"
	"tresham/titles/title"
)

// API holds the open sessions. The zero value is not usable; use New.
type API struct {
	sessions map[int]*play.Session
	next     int
	maps     mapview.Cache // what every board drawing shares
	// sent is each session's last MapSince answer; serial numbers them
	sent map[int]MapAnswer
	// logs is each session's last ViewSince answer's log; serial numbers
	// those answers too
	logs   map[int]sentLog
	serial int
}

// New returns an API with no session open.
func New() *API {
	return &API{sessions: map[int]*play.Session{}, sent: map[int]MapAnswer{}, logs: map[int]sentLog{}}
}

// Loaded is the answer to Load.
type Loaded struct {
	Session int    `json:"session"`
	Title   string `json:"title"`
	Actions int    `json:"actions"`
	// Rules is the day whose 18xx.games rules the session plays under
	// ("today" or "2023-12-26"), for the page to load a copy under.
	Rules string `json:"rules"`
}

// Load opens a session on an 18xx.games export (a game's header and its
// stored action log: undo, redo and messages included). rules is the day
// whose 18xx.games rules it plays under, as the server's view names it
// (rules_of: "today" or "2023-12-26"); "" finds them as an import does
// (replay.Rules: an old export may be replayed several times).
func (a *API) Load(export, rules string) ([]byte, error) {
	var s *play.Session
	var err error
	if rules == "" {
		s, err = play.Load([]byte(export))
	} else {
		r, perr := title.ParseRules(rules)
		if perr != nil {
			return nil, fmt.Errorf("rules %q: neither \"today\" nor a date (2023-12-26)", rules)
		}
		s, err = play.LoadUnder([]byte(export), r)
	}
	if err != nil {
		return nil, err
	}
	a.next++
	a.sessions[a.next] = s
	return json.Marshal(Loaded{Session: a.next, Title: s.Title(), Actions: s.Len(), Rules: s.Rules().String()})
}

// Close forgets a session.
func (a *API) Close(id int) {
	delete(a.sessions, id)
	delete(a.sent, id)
	delete(a.logs, id)
}

func (a *API) session(id int) (*play.Session, error) {
	s := a.sessions[id]
	if s == nil {
		return nil, fmt.Errorf("no session %d", id)
	}
	return s, nil
}

// Count is the number of stored actions after an append or a proposal.
type Count struct {
	Actions int           `json:"actions"`
	Action  *g18xx.Action `json:"action,omitempty"`
}

// Append adds an action as the server stored it (JSON); seq is its
// sequence number, which must be the session's length (the caller
// reloads on a gap).
func (a *API) Append(id, seq int, action string) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	if seq != s.Len() {
		return nil, fmt.Errorf("action %d does not follow the %d actions held", seq, s.Len())
	}
	var act g18xx.Action
	if err := json.Unmarshal([]byte(action), &act); err != nil {
		return nil, fmt.Errorf("malformed action: %w", err)
	}
	if err := s.Append(act); err != nil {
		return nil, err
	}
	return json.Marshal(Count{Actions: s.Len()})
}

// Propose plays a player's action (JSON) in the session (a hotseat game
// with no server): it is validated, numbered and stored, or refused with
// nothing changed.
func (a *API) Propose(id int, action string) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	act, err := s.Propose([]byte(action))
	if err != nil {
		return nil, err
	}
	return json.Marshal(Count{Actions: s.Len(), Action: &act})
}

// sessionSeats is game id's session and the players in seats, a JSON list
// of player ids ("" or "null": nil, every player).
func (a *API) sessionSeats(id int, seats string) (*play.Session, []int, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, nil, err
	}
	var ids []int
	if seats != "" {
		if err := json.Unmarshal([]byte(seats), &ids); err != nil {
			return nil, nil, fmt.Errorf("seats: %w", err)
		}
	}
	return s, ids, nil
}

// View is the game after the first at stored actions (at < 0: all), with
// the legal choices of the players in seats (JSON list of player ids;
// "" or "null": every player).
func (a *API) View(id, at int, seats string) ([]byte, error) {
	s, ids, err := a.sessionSeats(id, seats)
	if err != nil {
		return nil, err
	}
	return s.ViewJSON(at0(s, at), ids)
}

// ViewSince is View for a page that holds the session's earlier answer
// numbered since (0: none): when since is the last ViewSince answer, the
// log lines that answer had are not sent again (log_from says how many
// of them still begin the log, play.Session.ViewJSONSince). Each answer
// is numbered (log_serial) and becomes the session's last; a move adds a
// line or a few to a log of a thousand, so the answer is a third of a
// whole view.
func (a *API) ViewSince(id, at int, seats string, since int) ([]byte, error) {
	s, ids, err := a.sessionSeats(id, seats)
	if err != nil {
		return nil, err
	}
	var held []string
	if prev, ok := a.logs[id]; ok && since > 0 && prev.serial == since {
		held = prev.log
	}
	a.serial++
	b, log, err := s.ViewJSONSince(at0(s, at), ids, held, a.serial)
	if err != nil {
		return nil, err
	}
	a.logs[id] = sentLog{serial: a.serial, log: log}
	return b, nil
}

// sentLog is the log of a session's last ViewSince answer.
type sentLog struct {
	serial int
	log    []string
}

func at0(s *play.Session, at int) int {
	if at < 0 {
		return s.Len()
	}
	return at
}

// Legal lists what entity may do now.
func (a *API) Legal(id int, entity string) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	return json.Marshal(play.Legal(s.Live(), entity))
}

// Map is the board view (mapview.View) after the first at stored actions
// (at < 0: all), as GET /api/games/{id}/map answers it (with a serial
// number 0: MapSince).
func (a *API) Map(id, at int) ([]byte, error) { return a.MapSince(id, at, -1) }

// MapAnswer is a MapSince answer: Map's answer numbered (Serial), or,
// when Since is set, a change from the earlier answer Since: then SVG is
// empty and Changed holds the drawings of the hexes that changed (by hex
// id; every other hex is drawn as in Since), and the fields named in Same
// (of hexes, nodes, places and market) are as in Since, not sent again.
type MapAnswer struct {
	Serial  int               `json:"serial"`
	Since   int               `json:"since,omitempty"`
	Changed map[string]string `json:"changed,omitempty"`
	Same    []string          `json:"same,omitempty"`
	mapview.View
}

// MapSince is Map for a page that holds this session's earlier answer
// numbered since (0: none): when since is the session's last MapSince
// answer and the board is the same, it answers a change from it (a move
// redraws a few hexes of a board of a hundred or more: the answer is a
// tenth of the whole or less), else the whole board. Each answer is
// numbered and becomes the session's last. A since below 0 is Map: the
// whole board, not numbered (Serial 0) nor kept.
func (a *API) MapSince(id, at, since int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	n := at0(s, at)
	g, err := s.At(n)
	if err != nil {
		return nil, err
	}
	v, err := a.maps.RenderGameParts(g)
	if err != nil {
		return nil, err
	}
	if r := s.LastRun(n); r != nil {
		v.Run = r
	}
	if m := s.LastMove(n); m != nil {
		v.Moved = m
	}
	ans := MapAnswer{View: v}
	if since < 0 { // Map: neither numbered nor kept
		ans.JoinSVG()
		return marshalSVG(ans)
	}
	a.serial++
	ans.Serial = a.serial
	prev, ok := a.sent[id]
	a.sent[id] = ans // kept as its hexes (SVG not joined)
	if ok && since != 0 && prev.Serial == since {
		mapChange(&ans, prev.View, since)
	}
	if ans.Since == 0 { // the whole board
		ans.JoinSVG()
	}
	return marshalSVG(ans)
}

// mapChange makes ans a change from the board was when it is the same
// board (size and hexes) drawn through the cache.
func mapChange(ans *MapAnswer, was mapview.View, since int) {
	v := &ans.View
	if was.Width != v.Width || was.Height != v.Height || was.Head != v.Head || len(was.HexSVG) != len(v.HexSVG) {
		return
	}
	changed := map[string]string{}
	for i, h := range v.HexSVG {
		o := was.HexSVG[i]
		if o.ID != h.ID || h.Key == "" {
			return
		}
		if o.Key != h.Key {
			changed[h.ID] = h.SVG
		}
	}
	ans.Since, ans.Changed, v.SVG = since, changed, ""
	// a hex drawn under the same key has the same centre, drawing, stops
	// and place: only when one changed are they sent again
	if len(changed) == 0 {
		ans.Same = append(ans.Same, "hexes", "nodes", "places")
		v.Hexes, v.Nodes, v.Places = nil, nil, nil
	}
	if was.Market == v.Market {
		ans.Same = append(ans.Same, "market")
		v.Market = ""
	}
}

// marshalSVG is json.Marshal without HTML escaping: an answer carrying SVG
// text keeps its "<", ">" and "&" as they are (escaped, each took six
// bytes, and the board's answer a third more to encode, pass and parse).
func marshalSVG(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// LastRun is corporation sym's last run after the first at stored actions
// (at < 0: all), drawn on the board there, or null (as GET
// /api/games/{id}/lastrun answers it).
func (a *API) LastRun(id, at int, sym string) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	return json.Marshal(s.LastRunOf(at0(s, at), sym))
}

// Tile is the SVG of a hex with a candidate tile laid, now (as GET
// /api/games/{id}/tile answers it).
func (a *API) Tile(id int, hex, tile string, rotation int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	svg, err := mapview.TilePreview(s.Live(), hex, tile, rotation)
	if err != nil {
		return nil, fmt.Errorf("tile preview: %w", err)
	}
	return marshalSVG(map[string]any{"hex": hex, "tile": tile, "rotation": rotation, "svg": svg})
}

// Manifest is the tile manifest after the first at stored actions (at <
// 0: all), as GET /api/games/{id}/tiles answers it: every supply tile
// (mapview.Manifest) and the hexes each acting entity may lay each on
// (play.TileLays).
type Manifest struct {
	Tiles []mapview.ManifestTile         `json:"tiles"`
	Lays  map[string]map[string][]string `json:"lays"`
}

// Tiles is the tile manifest after the first at stored actions (at < 0:
// all).
func (a *API) Tiles(id, at int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	g, err := s.At(at0(s, at))
	if err != nil {
		return nil, err
	}
	list, err := mapview.Manifest(g)
	if err != nil {
		return nil, fmt.Errorf("tile manifest: %w", err)
	}
	return marshalSVG(Manifest{Tiles: list, Lays: play.TileLays(g)})
}

// Routes is corporation entity's best run now (as GET
// /api/games/{id}/routes answers it).
func (a *API) Routes(id int, entity string) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	run, err := play.BestRun(s.Live(), entity)
	if err != nil {
		return nil, err
	}
	return json.Marshal(run)
}

// Check prices a candidate run (JSON list of 18xx.games routes) of
// corporation entity now, or names the rule it breaks.
func (a *API) Check(id int, entity, routes string) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	var rs []g18xx.Route
	if err := json.Unmarshal([]byte(routes), &rs); err != nil {
		return nil, fmt.Errorf("malformed routes: %w", err)
	}
	ck, err := play.CheckRun(s.Live(), entity, rs)
	if err != nil {
		return nil, err
	}
	return json.Marshal(ck)
}

// Hash is the state hash after the first at stored actions (at < 0: all).
func (a *API) Hash(id, at int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	h, err := s.Hash(at0(s, at))
	if err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{"actions": at0(s, at), "hash": h})
}

// Export is the session's game as an 18xx.games export.
func (a *API) Export(id int) ([]byte, error) {
	s, err := a.session(id)
	if err != nil {
		return nil, err
	}
	return g18xx.Marshal(s.Export())
}

// ErrorJSON is the JSON answer for a failed call: {"error": "..."}, with
// "refusal", the reason's message id and arguments, when the engine
// refused an action (engine.Message).
func ErrorJSON(err error) []byte {
	if err == nil {
		err = errors.New("unknown error")
	}
	out := struct {
		Error   string          `json:"error"`
		Refusal *engine.Message `json:"refusal,omitempty"`
	}{Error: err.Error()}
	var re *engine.RuleError
	if errors.As(err, &re) {
		if m := re.Message(); m.ID != "" {
			out.Refusal = &m
		}
	}
	b, _ := json.Marshal(out)
	return b
}
