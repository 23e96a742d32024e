// Package g18xx reads and writes games in the 18xx.games JSON export format
// and resolves their undo/redo history into the effective action sequence.
//
// Decoding keeps everything: fields the package does not model are kept as
// raw JSON (the Extra maps), and the key order of every decoded object is
// remembered, so Encode(Decode(x)) reproduces x up to whitespace and the
// order of keys in the result map.
package g18xx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// Game is an exported 18xx.games game.
type Game struct {
	// ID is the site's game id: a number, or a string for hotseat games.
	ID           IntOrString     `json:"id"`
	Description  string          `json:"description"`
	User         *Player         `json:"user"`
	Players      []Player        `json:"players"`
	MinPlayers   int             `json:"min_players"`
	MaxPlayers   int             `json:"max_players"`
	Title        string          `json:"title"`
	Settings     Settings        `json:"settings"`
	UserSettings json.RawMessage `json:"user_settings"`
	Status       string          `json:"status"`
	Turn         int             `json:"turn"`
	Round        string          `json:"round"`
	Acting       []int           `json:"acting"`
	// Result is the final score, keyed by player id as a string.
	Result  map[string]int `json:"result"`
	Actions []Action       `json:"actions"`
	Loaded  bool           `json:"loaded"`
	// CreatedAt, UpdatedAt and FinishedAt are Unix seconds or date strings.
	CreatedAt     *IntOrString    `json:"created_at"`
	UpdatedAt     *IntOrString    `json:"updated_at"`
	FinishedAt    *IntOrString    `json:"finished_at"`
	GameEndReason string          `json:"game_end_reason"`
	ManuallyEnded bool            `json:"manually_ended"`
	Mode          string          `json:"mode"`
	FixtureFormat json.RawMessage `json:"fixture_format"`

	// Extra holds keys this package does not model, as raw JSON.
	Extra map[string]json.RawMessage `json:"-"`

	keys        []string
	resultOrder []string // key order of the decoded result (rank order on the site)
}

// Player is a seat ({id, name}); also used for the exporting user.
type Player struct {
	ID   int    `json:"id"`
	Name string `json:"name"`

	// Extra holds keys this package does not model, as raw JSON.
	Extra map[string]json.RawMessage `json:"-"`

	keys []string
}

// Settings are the game's settings. Only Seed and OptionalRules affect play.
type Settings struct {
	Seed          int64    `json:"seed"`
	OptionalRules []string `json:"optional_rules"`

	// Extra holds the other settings (is_async, unlisted, auto_routing,
	// player_order, ...) as raw JSON.
	Extra map[string]json.RawMessage `json:"-"`

	keys []string
}

// Pin is the 18xx.games code version the game was pinned to
// (settings.pin: the site pins a game under way to the code of its day
// when a change would break it), or "" for none. It names a build of the
// site's code, not a date.
func (s *Settings) Pin() string {
	raw, ok := s.Extra["pin"]
	if !ok {
		return ""
	}
	var pin string
	if json.Unmarshal(raw, &pin) != nil {
		return strings.Trim(string(raw), `"`) // a number or another form: its text
	}
	return pin
}

// HasOption reports whether the optional rule name is selected.
func (s *Settings) HasOption(name string) bool {
	for _, r := range s.OptionalRules {
		if r == name {
			return true
		}
	}
	return false
}

// Has reports whether key was present in the decoded game.
func (g *Game) Has(key string) bool { return has(g.keys, key) }

// MarshalJSON encodes the game; a decoded game keeps its key order and extras.
func (g Game) MarshalJSON() ([]byte, error) {
	if raw, ok := orderedResult(g.Result, g.resultOrder); ok {
		// Keep the site's order of the result keys: emit the pre-rendered
		// object through Extra (encodeObject prefers Extra for zero fields).
		extra := make(map[string]json.RawMessage, len(g.Extra)+1)
		for k, v := range g.Extra {
			extra[k] = v
		}
		extra["result"] = raw
		g.Extra, g.Result = extra, nil
	}
	return encodeObject(g, g.keys, g.Extra, func(k string) bool {
		switch k {
		case "id", "title", "players", "settings", "actions":
			return true
		}
		return false
	})
}

// UnmarshalJSON decodes a game. It does not validate actions; Decode does.
func (g *Game) UnmarshalJSON(data []byte) error {
	*g = Game{}
	hook := g.decodeHook(func(raw json.RawMessage) ([]Action, error) { return decodeActions(raw, false) })
	return decodeObject(data, g, &g.keys, &g.Extra, hook)
}

// decodeHook returns the decoding of the game's members that are not plain
// fields: the actions (through actions) and the result, whose key order it
// keeps.
func (g *Game) decodeHook(actions func(json.RawMessage) ([]Action, error)) func(string, json.RawMessage) (bool, error) {
	return func(key string, raw json.RawMessage) (bool, error) {
		switch key {
		case "actions":
			acts, err := actions(raw)
			if err != nil {
				return true, fmt.Errorf("action%w", err)
			}
			g.Actions = acts
			return true, nil
		case "result":
			if err := json.Unmarshal(raw, &g.Result); err != nil {
				return true, err
			}
			if g.Result != nil {
				members, err := splitObject(raw)
				if err != nil {
					return true, err
				}
				for _, m := range members {
					g.resultOrder = append(g.resultOrder, m.key)
				}
			}
			return true, nil
		}
		return false, nil
	}
}

// MarshalJSON encodes the player.
func (p Player) MarshalJSON() ([]byte, error) {
	return encodeObject(p, p.keys, p.Extra, func(k string) bool { return k == "id" || k == "name" })
}

// UnmarshalJSON decodes a player.
func (p *Player) UnmarshalJSON(data []byte) error {
	*p = Player{}
	return decodeObject(data, p, &p.keys, &p.Extra, nil)
}

// MarshalJSON encodes the settings.
func (s Settings) MarshalJSON() ([]byte, error) {
	return encodeObject(s, s.keys, s.Extra, func(k string) bool { return k == "optional_rules" })
}

// UnmarshalJSON decodes the settings.
func (s *Settings) UnmarshalJSON(data []byte) error {
	*s = Settings{}
	return decodeObject(data, s, &s.keys, &s.Extra, nil)
}

// Decode reads one exported game from r and validates it: the title and
// players must be present, every action must have a type, an entity that
// matches its entity_type, a positive id greater than the previous one, and
// the fields its type requires.
func Decode(r io.Reader) (*Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("g18xx: read game: %w", err)
	}
	return DecodeBytes(data)
}

// DecodeBytes is Decode of a game already in memory (data is not kept).
func DecodeBytes(data []byte) (*Game, error) {
	g, err := decodeBytes(data)
	if err != nil {
		// an early export names its players where later ones number them
		if up, ok := upgradeOldForm(data); ok {
			return decodeBytes(up)
		}
	}
	return g, err
}

// decodeBytes is DecodeBytes of the current form only.
func decodeBytes(data []byte) (*Game, error) {
	var g Game
	if !decodeFast(data, &g) {
		if err := decodeReflect(data, &g); err != nil {
			return nil, err
		}
	}
	if err := g.Validate(); err != nil {
		return nil, fmt.Errorf("g18xx: %w", err)
	}
	return &g, nil
}

// decodeReflect decodes data into g with the reflective decoder, which
// takes every form JSON allows and words every error.
func decodeReflect(data []byte, g *Game) error {
	*g = Game{}
	// One validating pass, then the game's own decoder (json.Unmarshal
	// would validate and skip the whole document once more before calling
	// it); on malformed input json.Unmarshal's error names the offset.
	if !json.Valid(data) {
		err := json.Unmarshal(data, g)
		return fmt.Errorf("g18xx: decode game: %w", err)
	}
	if err := decodeTop(data, g); err != nil {
		return fmt.Errorf("g18xx: decode game: %w", err)
	}
	return nil
}

// Validate checks the structural rules Decode enforces.
func (g *Game) Validate() error {
	if g.Title == "" {
		return fmt.Errorf("field %q: %w", "title", errMissing)
	}
	if len(g.Players) == 0 {
		return fmt.Errorf("field %q: no players", "players")
	}
	seen := make(map[int]bool, len(g.Players))
	for i, p := range g.Players {
		if seen[p.ID] {
			return fmt.Errorf("players[%d]: duplicate player id %d", i, p.ID)
		}
		seen[p.ID] = true
	}
	prev := 0
	for i := range g.Actions {
		a := &g.Actions[i]
		if err := a.validate(true); err != nil {
			return fmt.Errorf("action[%d] (id %d, %s): %w", i, a.ID, a.Type, err)
		}
		if a.ID <= prev {
			return fmt.Errorf("action[%d] (id %d, %s): field \"id\": ids must increase, previous id is %d", i, a.ID, a.Type, prev)
		}
		prev = a.ID
	}
	return nil
}

// Encode writes g as compact JSON (without HTML escaping, like the site)
// followed by a newline.
func Encode(w io.Writer, g *Game) error {
	b, err := Marshal(g)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("g18xx: write game: %w", err)
	}
	return nil
}

// Marshal returns g as compact JSON without HTML escaping.
func Marshal(g *Game) ([]byte, error) {
	b, err := marshalNoEscape(g)
	if err != nil {
		return nil, fmt.Errorf("g18xx: encode game: %w", err)
	}
	return bytes.Clone(b), nil
}

// orderedResult renders result with its keys in order, when order lists
// exactly the result's keys.
func orderedResult(result map[string]int, order []string) (json.RawMessage, bool) {
	if result == nil || len(order) != len(result) {
		return nil, false
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, k := range order {
		v, ok := result[k]
		if !ok {
			return nil, false
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		key, err := marshalNoEscape(k)
		if err != nil {
			return nil, false
		}
		fmt.Fprintf(&buf, "%s:%d", key, v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), true
}

// decodeTop decodes a valid JSON document into g as json.Unmarshal would:
// null leaves g empty, anything else goes to the game's decoder.
func decodeTop(data []byte, g *Game) error {
	if isNull(data) {
		return nil
	}
	return g.UnmarshalJSON(bytes.TrimSpace(data))
}

// PlayedFrom is when the game was created on 18xx.games, which decides
// the rules it was played by (18xx.games pins a game to the code of its
// day): the header's created_at (Unix seconds, or a date string as early
// exports and hotseat games carry: "2022-02-04", RFC 3339, or "2006-01-02
// 15:04:05" with an optional zone), else the first action's time. ok is
// false when the export carries neither (the game then follows today's
// rules).
func (g *Game) PlayedFrom() (t time.Time, ok bool) {
	if g.CreatedAt != nil {
		if t, ok := parseWhen(*g.CreatedAt); ok {
			return t, true
		}
	}
	for i := range g.Actions {
		if at := g.Actions[i].CreatedAt; at > 0 {
			return time.Unix(at, 0).UTC(), true
		}
	}
	return time.Time{}, false
}

// parseWhen reads a timestamp: Unix seconds (zero or less: none) or a
// date string.
func parseWhen(v IntOrString) (time.Time, bool) {
	if n, ok := v.Int(); ok {
		return time.Unix(n, 0).UTC(), n > 0
	}
	s := strings.TrimSpace(v.String())
	for _, layout := range []string{time.DateOnly, time.RFC3339, "2006-01-02 15:04:05 -0700", "2006-01-02 15:04:05 MST", time.DateTime} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}
