// Package dbutil holds what the SQL backends share: loading numbered
// migration files and encoding a game header's JSON columns.
package dbutil

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strconv"

	"tresham/store"
)

// Migration is one numbered schema step.
type Migration struct {
	Version int
	Name    string // the file name
	SQL     string
}

var migrationName = regexp.MustCompile(`^(\d+)_[a-z0-9_]+\.sql$`)

// LoadMigrations reads dir's NNN_name.sql files in version order. Versions
// must run 1, 2, 3, … without gaps or repeats.
func LoadMigrations(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("reading migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries {
		m := migrationName.FindStringSubmatch(e.Name())
		if e.IsDir() || m == nil {
			return nil, fmt.Errorf("migration %q: name must be NNN_name.sql", e.Name())
		}
		v, err := strconv.Atoi(m[1])
		if err != nil {
			return nil, fmt.Errorf("migration %q: %w", e.Name(), err)
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("reading migration %q: %w", e.Name(), err)
		}
		ms = append(ms, Migration{Version: v, Name: e.Name(), SQL: string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	for i, m := range ms {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migration %q: version %d, want %d (versions run 1, 2, 3, … without gaps)", m.Name, m.Version, i+1)
		}
	}
	return ms, nil
}

// Header is a game's JSON columns as text. Result and Meta are nil for SQL
// NULL.
type Header struct {
	Options string
	Seats   string
	Result  *string
	Meta    *string
}

// EncodeHeader turns g's slice, map and raw fields into column text.
// SameHeader reports whether a stored status and encoded seats are those of
// prev (UpdateGame's precondition).
func SameHeader(status, seats string, prev store.Game) (bool, error) {
	h, err := EncodeHeader(prev)
	if err != nil {
		return false, err
	}
	return status == prev.Status && seats == h.Seats, nil
}

// HeaderChanged is UpdateGame's conflict error.
func HeaderChanged(id int64) error {
	return fmt.Errorf("game %d changed meanwhile (a seat was taken or the game started): %w", id, store.ErrConflict)
}

func EncodeHeader(g store.Game) (Header, error) {
	var h Header
	opts := g.Options
	if opts == nil {
		opts = []string{}
	}
	seats := g.Seats
	if seats == nil {
		seats = []store.Seat{}
	}
	b, err := json.Marshal(opts)
	if err != nil {
		return h, fmt.Errorf("encoding options: %w", err)
	}
	h.Options = string(b)
	if b, err = json.Marshal(seats); err != nil {
		return h, fmt.Errorf("encoding seats: %w", err)
	}
	h.Seats = string(b)
	if g.Result != nil {
		if b, err = json.Marshal(g.Result); err != nil {
			return h, fmt.Errorf("encoding result: %w", err)
		}
		s := string(b)
		h.Result = &s
	}
	if len(g.Meta) > 0 {
		if !json.Valid(g.Meta) {
			return h, fmt.Errorf("game meta is not valid JSON")
		}
		s := string(g.Meta)
		h.Meta = &s
	}
	return h, nil
}

// DecodeHeader fills g's slice, map and raw fields from column text.
// Options and Seats come back non-nil (empty when there are none).
func DecodeHeader(h Header, g *store.Game) error {
	g.Options = []string{}
	if err := json.Unmarshal([]byte(h.Options), &g.Options); err != nil {
		return fmt.Errorf("game %d: decoding options: %w", g.ID, err)
	}
	g.Seats = []store.Seat{}
	if err := json.Unmarshal([]byte(h.Seats), &g.Seats); err != nil {
		return fmt.Errorf("game %d: decoding seats: %w", g.ID, err)
	}
	g.Result = nil
	if h.Result != nil {
		if err := json.Unmarshal([]byte(*h.Result), &g.Result); err != nil {
			return fmt.Errorf("game %d: decoding result: %w", g.ID, err)
		}
	}
	g.Meta = nil
	if h.Meta != nil {
		g.Meta = json.RawMessage(*h.Meta)
	}
	return nil
}

// SeatUsers returns the distinct non-zero user ids holding g's seats, for
// the per-user game index.
func SeatUsers(g store.Game) []int64 {
	seen := map[int64]bool{}
	var ids []int64
	for _, s := range g.Seats {
		if s.UserID != 0 && !seen[s.UserID] {
			seen[s.UserID] = true
			ids = append(ids, s.UserID)
		}
	}
	return ids
}

// CheckAction validates an action before it is written.
func CheckAction(a store.Action, g *store.Game) error {
	if a.Seq < 0 {
		return fmt.Errorf("game %d: negative action sequence number %d", a.GameID, a.Seq)
	}
	if !json.Valid(a.Data) {
		return fmt.Errorf("game %d action %d: data is not valid JSON", a.GameID, a.Seq)
	}
	if g != nil && g.ID != a.GameID {
		return fmt.Errorf("append to game %d with the header of game %d", a.GameID, g.ID)
	}
	return nil
}

// ConflictError is the error for an append at a stale sequence number.
func ConflictError(gameID int64, seq, have int) error {
	return fmt.Errorf("game moved on: expected action %d, game has %d (game %d): %w", seq, have, gameID, store.ErrConflict)
}

// Limit returns the page size for f.
func Limit(f store.Filter) int {
	if f.Limit <= 0 {
		return store.DefaultListLimit
	}
	return f.Limit
}

// NullID maps 0 (no user) to SQL NULL.
func NullID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}
