package dbutil

import (
	"fmt"
	"strings"
	"time"

	"tresham/store"
)

// Dialect is what the listing query needs from a SQL backend.
type Dialect struct {
	// Param returns the placeholder of the n-th argument (1-based).
	Param func(n int) string
	// Time converts a time to its column value.
	Time func(t time.Time) any
	// OpenSeat is the condition "an online game with a seat that neither
	// a user nor a bot holds".
	OpenSeat string
	// Search returns the condition "each of words begins a word of the
	// game's name or description", passing its values through arg.
	Search func(words []string, arg func(v any) string) string
	// IDIn returns the condition "games.id is one of the ids sub selects"
	// in the form that makes the planner look those games up by key
	// (their number is one player's games) instead of scanning all games.
	IDIn func(sub string) string
}

// ListQuery builds the SELECT of ListGames for f: the condition and
// ordering, with every value of f passed as an argument (nothing from f
// becomes SQL text). cols is the column list to select.
func ListQuery(f store.Filter, cols string, d Dialect) (string, []any) {
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return d.Param(len(args))
	}
	var where []string
	if f.UserID != 0 {
		u := arg(f.UserID)
		where = append(where, d.IDIn(fmt.Sprintf(`SELECT game_id FROM game_users WHERE user_id = %[1]s UNION SELECT id FROM games WHERE owner_id = %[1]s`, u)))
	}
	if f.Player != 0 {
		where = append(where, d.IDIn(`SELECT game_id FROM game_users WHERE user_id = `+arg(f.Player)))
	}
	if f.Status != "" {
		where = append(where, `status = `+arg(f.Status))
	}
	if f.Title != "" {
		where = append(where, `title = `+arg(f.Title))
	}
	if f.OpenSeat {
		where = append(where, d.OpenSeat)
	}
	if f.Search != "" {
		words := store.SearchWords(f.Search)
		if len(words) == 0 {
			where = append(where, `false`) // nothing to look for: nothing matches
		} else {
			where = append(where, d.Search(words, arg))
		}
	}
	if f.Listed {
		if f.Viewer == 0 {
			where = append(where, `invite_hash = ''`)
		} else {
			v := arg(f.Viewer)
			where = append(where, fmt.Sprintf(`(invite_hash = '' OR owner_id = %[1]s OR id IN (SELECT game_id FROM game_users WHERE user_id = %[1]s))`, v))
		}
	}
	if f.Before != nil {
		where = append(where, `(created_at, id) < (`+arg(d.Time(f.Before.CreatedAt))+`, `+arg(f.Before.ID)+`)`)
	}
	q := `SELECT ` + cols + ` FROM games`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	q += ` ORDER BY created_at DESC, id DESC LIMIT ` + arg(Limit(f))
	return q, args
}

// ReleasedPrefix starts the name (followed by the account id) a deleted
// account takes when its name is released: its control character is one
// no chosen name may contain.
const ReleasedPrefix = "\x01deleted:"
