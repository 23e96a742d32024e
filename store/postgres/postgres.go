// Package postgres is the store.Store for several server instances sharing
// one PostgreSQL database (pgx, pgxpool).
//
// AppendAction locks the game row (SELECT … FOR UPDATE), checks that the
// game's action count is the new action's sequence number, inserts the
// action (primary key (game_id, seq) as a second guard), updates the header
// and sends pg_notify('tresham_games', GameEvent JSON) in one transaction:
// of two appends racing for the same sequence number, from any instances,
// exactly one commits and the other gets store.ErrConflict.
//
// Subscribe listens on the tresham_games channel on a dedicated connection
// (started on first Subscribe), so it delivers events committed by every
// instance using the database, this one included. When that connection
// breaks it reconnects with backoff and then re-announces every game changed
// since shortly before the last moment it knew it was connected, so a
// subscriber misses no change (it may see a game twice).
package postgres

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"tresham/store"
	"tresham/store/internal/dbutil"
	"tresham/store/internal/hub"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Channel is the LISTEN/NOTIFY channel game events travel on.
const Channel = "tresham_games"

// migrationLock is the pg_advisory_xact_lock key that serialises schema
// migrations across instances starting at once.
const migrationLock int64 = 0x7472_6573_6861_6d31 // "treshamm1"

const (
	// pingEvery is how often the listener checks its connection (and
	// learns the database clock) while waiting for notifications.
	pingEvery = 30 * time.Second
	// resyncMargin is how far before its last good ping the listener
	// looks for changed games after reconnecting; it covers transactions
	// that began before the break (updated_at is the transaction start).
	resyncMargin = 2 * time.Minute
	// listenerApp is the application_name of the LISTEN connection.
	listenerApp = "tresham-listener"
)

// Store is a store.Store on PostgreSQL.
type Store struct {
	pool *pgxpool.Pool
	hub  *hub.Hub
	log  *slog.Logger

	listenOnce sync.Once
	listening  chan struct{} // closed once the first LISTEN is in place
	stop       context.CancelFunc
	listener   sync.WaitGroup // the listener goroutine, once started
	baseCtx    context.Context

	closeOnce sync.Once
}

var _ store.Store = (*Store)(nil)

// Open connects to the database at dsn (a postgres:// URL or key=value
// string) and brings its schema up to date.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("parsing postgres DSN: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("connecting to postgres: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connecting to postgres %s:%d: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, err)
	}
	base, stop := context.WithCancel(context.Background())
	s := &Store{
		pool:      pool,
		hub:       hub.New(),
		log:       slog.Default().With("store", "postgres", "database", cfg.ConnConfig.Database),
		listening: make(chan struct{}),
		stop:      stop,
		baseCtx:   base,
	}
	if err := s.migrate(ctx); err != nil {
		stop()
		pool.Close()
		return nil, err
	}
	return s, nil
}

// migrate applies the embedded migrations not yet in schema_migrations,
// in one transaction holding an advisory lock, so instances starting
// together apply each exactly once.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := dbutil.LoadMigrations(migrationFS, "migrations")
	if err != nil {
		return err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return fmt.Errorf("taking the migration lock: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return fmt.Errorf("creating schema_migrations: %w", err)
		}
		rows, err := tx.Query(ctx, `SELECT version FROM schema_migrations`)
		if err != nil {
			return fmt.Errorf("reading schema_migrations: %w", err)
		}
		applied, err := pgx.CollectRows(rows, pgx.RowTo[int])
		if err != nil {
			return fmt.Errorf("reading schema_migrations: %w", err)
		}
		done := map[int]bool{}
		for _, v := range applied {
			done[v] = true
		}
		for _, m := range ms {
			if done[m.Version] {
				continue
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return fmt.Errorf("migration %s: %w", m.Name, err)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, m.Version, m.Name); err != nil {
				return fmt.Errorf("recording migration %s: %w", m.Name, err)
			}
			s.log.Info("applied migration", "migration", m.Name)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("migrating postgres schema: %w", err)
	}
	return nil
}

func pgCode(err error) string {
	var e *pgconn.PgError
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
)

func notFound(err error, format string, args ...any) error {
	if errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf(format+": %w", append(args, store.ErrNotFound)...)
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}

func utc(t time.Time) time.Time { return t.UTC() }

// CreateUser stores u and returns it with its ID and CreatedAt.
func (s *Store) CreateUser(ctx context.Context, u store.User) (store.User, error) {
	if u.Name == "" {
		return store.User{}, errors.New("creating user: empty name")
	}
	if u.NameKey == "" {
		u.NameKey = u.Name
	}
	err := s.pool.QueryRow(ctx, `INSERT INTO users (name, name_key, password_hash, webhook_url) VALUES ($1, $2, $3, $4)
		RETURNING id, created_at`, u.Name, u.NameKey, u.PasswordHash, u.WebhookURL).Scan(&u.ID, &u.CreatedAt)
	if pgCode(err) == uniqueViolation {
		return store.User{}, fmt.Errorf("user name %q is taken: %w", u.Name, store.ErrConflict)
	}
	if err != nil {
		return store.User{}, fmt.Errorf("creating user %q: %w", u.Name, err)
	}
	u.CreatedAt = utc(u.CreatedAt)
	return u, nil
}

const userCols = `u.id, u.name, u.name_key, u.password_hash, u.webhook_url, u.created_at, u.deleted_at`

func scanUser(row pgx.Row) (store.User, error) {
	var u store.User
	var deleted *time.Time
	err := row.Scan(&u.ID, &u.Name, &u.NameKey, &u.PasswordHash, &u.WebhookURL, &u.CreatedAt, &deleted)
	u.CreatedAt = utc(u.CreatedAt)
	if deleted != nil {
		u.DeletedAt = utc(*deleted)
	}
	return u, err
}

// UserByName finds a user by exact name.
func (s *Store) UserByName(ctx context.Context, name string) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userCols+` FROM users u WHERE u.name = $1`, name))
	if err != nil {
		return store.User{}, notFound(err, "user %q", name)
	}
	return u, nil
}

// UserByNameKey finds a user by name key.
func (s *Store) UserByNameKey(ctx context.Context, key string) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userCols+` FROM users u WHERE u.name_key = $1`, key))
	if err != nil {
		return store.User{}, notFound(err, "user with name key %q", key)
	}
	return u, nil
}

// UserByID finds a user by id.
func (s *Store) UserByID(ctx context.Context, id int64) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userCols+` FROM users u WHERE u.id = $1`, id))
	if err != nil {
		return store.User{}, notFound(err, "user %d", id)
	}
	return u, nil
}

// SetWebhook sets a user's webhook URL ("" clears it).
func (s *Store) SetWebhook(ctx context.Context, userID int64, webhook string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE users SET webhook_url = $1 WHERE id = $2`, webhook, userID)
	if err != nil {
		return fmt.Errorf("setting webhook of user %d: %w", userID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("setting webhook of user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}

// CreateSession stores a session. It also drops the user's expired
// sessions, so the table does not grow without bound.
func (s *Store) CreateSession(ctx context.Context, sess store.Session) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()`, sess.UserID); err != nil {
			return err
		}
		// only while the user still has the checked credentials: the
		// share lock waits for a password change or deletion under way
		// (whose row is then read again), or makes it wait for this
		// session, which its DELETE then ends
		tag, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, expires_at)
			SELECT $1, id, $3 FROM users WHERE id = $2 AND deleted_at IS NULL AND password_hash = $4 FOR SHARE`,
			sess.TokenHash, sess.UserID, sess.ExpiresAt, sess.PasswordHash)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errStaleCredentials
		}
		return nil
	})
	if errors.Is(err, errStaleCredentials) {
		return fmt.Errorf("creating session for user %d: %w: %w", sess.UserID, err, store.ErrNotFound)
	}
	switch pgCode(err) {
	case uniqueViolation:
		return fmt.Errorf("creating session: token already in use: %w", store.ErrConflict)
	case foreignKeyViolation:
		return fmt.Errorf("creating session for user %d: %w", sess.UserID, store.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("creating session for user %d: %w", sess.UserID, err)
	}
	return nil
}

// errStaleCredentials: the user of a new session was deleted or changed
// password since the sign-in checked it.
var errStaleCredentials = errors.New("the account was deleted or its password changed since the sign-in")

// SessionUser returns the user of a session that has not expired at now.
func (s *Store) SessionUser(ctx context.Context, tokenHash string, now time.Time) (store.User, error) {
	u, err := scanUser(s.pool.QueryRow(ctx, `SELECT `+userCols+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.deleted_at IS NULL`, tokenHash, now))
	if err != nil {
		return store.User{}, notFound(err, "session")
	}
	return u, nil
}

// DeleteSession removes a session; deleting an unknown one is not an error.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, tokenHash); err != nil {
		return fmt.Errorf("deleting session: %w", err)
	}
	return nil
}

// queueGameUsers queues the rewrite of a game's seat-holder index.
func queueGameUsers(b *pgx.Batch, g store.Game) {
	b.Queue(`DELETE FROM game_users WHERE game_id = $1`, g.ID)
	if ids := dbutil.SeatUsers(g); len(ids) > 0 {
		b.Queue(`INSERT INTO game_users (game_id, user_id) SELECT $1, unnest($2::bigint[])`, g.ID, ids)
	}
}

func notify(b *pgx.Batch, ev store.GameEvent) {
	payload, _ := json.Marshal(ev) // two ints: cannot fail
	b.Queue(`SELECT pg_notify($1, $2)`, Channel, string(payload))
}

// CreateGame stores a new game with its initial actions in one
// transaction.
func (s *Store) CreateGame(ctx context.Context, g store.Game, actions []json.RawMessage) (store.Game, error) {
	if g.Status == "" {
		g.Status = store.StatusNew
	}
	for i, a := range actions {
		if !json.Valid(a) {
			return store.Game{}, fmt.Errorf("creating game: initial action %d is not valid JSON", i)
		}
	}
	h, err := dbutil.EncodeHeader(g)
	if err != nil {
		return store.Game{}, fmt.Errorf("creating game: %w", err)
	}
	g.Actions = len(actions)
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO games
			(title, options, seed, owner_id, hotseat, status, seats, result, meta, actions,
			 name, description, min_players, live, invite_hash, silence_limit, auto_start, clock, hints)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING id, created_at, updated_at`,
			g.Title, h.Options, g.Seed, dbutil.NullID(g.OwnerID), g.Hotseat, g.Status, h.Seats, h.Result, h.Meta, g.Actions,
			g.Name, g.Description, g.MinPlayers, g.Live, g.InviteHash, int64(g.SilenceLimit/time.Second), g.AutoStart, g.Clock, g.Hints,
		).Scan(&g.ID, &g.CreatedAt, &g.UpdatedAt); err != nil {
			return err
		}
		if len(actions) > 0 {
			rows := make([][]any, len(actions))
			for i, a := range actions {
				rows[i] = []any{g.ID, int32(i), string(a), g.CreatedAt}
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"actions"}, []string{"game_id", "seq", "data", "created_at"},
				pgx.CopyFromRows(rows)); err != nil {
				return fmt.Errorf("initial actions: %w", err)
			}
		}
		b := &pgx.Batch{}
		queueGameUsers(b, g)
		notify(b, store.GameEvent{GameID: g.ID, Actions: g.Actions})
		return tx.SendBatch(ctx, b).Close()
	})
	if pgCode(err) == foreignKeyViolation {
		return store.Game{}, fmt.Errorf("creating game: owner %d: %w", g.OwnerID, store.ErrNotFound)
	}
	if err != nil {
		return store.Game{}, fmt.Errorf("creating game: %w", err)
	}
	g.CreatedAt, g.UpdatedAt = utc(g.CreatedAt), utc(g.UpdatedAt)
	if err := dbutil.DecodeHeader(h, &g); err != nil { // normalise as a read would
		return store.Game{}, err
	}
	return g, nil
}

const gameCols = `id, title, options, seed, owner_id, hotseat, status, seats, result, meta, actions, created_at, updated_at,
	name, description, min_players, live, invite_hash, silence_limit, auto_start, clock, hints`

func scanGame(row pgx.Row) (store.Game, error) {
	var g store.Game
	var h dbutil.Header
	var owner *int64
	var silence int64
	if err := row.Scan(&g.ID, &g.Title, &h.Options, &g.Seed, &owner, &g.Hotseat, &g.Status, &h.Seats,
		&h.Result, &h.Meta, &g.Actions, &g.CreatedAt, &g.UpdatedAt,
		&g.Name, &g.Description, &g.MinPlayers, &g.Live, &g.InviteHash, &silence, &g.AutoStart, &g.Clock, &g.Hints); err != nil {
		return g, err
	}
	g.SilenceLimit = time.Duration(silence) * time.Second
	if owner != nil {
		g.OwnerID = *owner
	}
	g.CreatedAt, g.UpdatedAt = utc(g.CreatedAt), utc(g.UpdatedAt)
	return g, dbutil.DecodeHeader(h, &g)
}

// GetGame returns a game's header.
func (s *Store) GetGame(ctx context.Context, id int64) (store.Game, error) {
	g, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameCols+` FROM games WHERE id = $1`, id))
	if err != nil {
		return store.Game{}, notFound(err, "game %d", id)
	}
	return g, nil
}

// ListGames returns the games matching f, newest first.
func (s *Store) ListGames(ctx context.Context, f store.Filter) ([]store.Game, error) {
	q, args := dbutil.ListQuery(f, gameCols, listDialect)
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("listing games: %w", err)
	}
	games := []store.Game{}
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("listing games: %w", err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing games: %w", err)
	}
	return games, nil
}

// queueHeader queues the update of g's Status, Seats and Result.
func queueHeader(b *pgx.Batch, g store.Game) error {
	h, err := dbutil.EncodeHeader(g)
	if err != nil {
		return err
	}
	b.Queue(`UPDATE games SET status = $1, seats = $2, result = $3, updated_at = now() WHERE id = $4`,
		g.Status, h.Seats, h.Result, g.ID)
	queueGameUsers(b, g)
	return nil
}

// UpdateGame writes g's Status, Seats and Result if the stored ones are
// still prev's.
func (s *Store) UpdateGame(ctx context.Context, g, prev store.Game) error {
	if g.Status == "" {
		return fmt.Errorf("updating game %d: empty status", g.ID)
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var actions int
		var status, seats string
		err := tx.QueryRow(ctx, `SELECT actions, status, seats FROM games WHERE id = $1 FOR UPDATE`, g.ID).Scan(&actions, &status, &seats)
		if errors.Is(err, pgx.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if same, err := dbutil.SameHeader(status, seats, prev); err != nil {
			return err
		} else if !same {
			return dbutil.HeaderChanged(g.ID)
		}
		b := &pgx.Batch{}
		if err := queueHeader(b, g); err != nil {
			return err
		}
		notify(b, store.GameEvent{GameID: g.ID, Actions: actions})
		return tx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return fmt.Errorf("updating game %d: %w", g.ID, err)
	}
	return nil
}

// AppendAction stores a at a.Seq if that is the game's action count, else
// fails with store.ErrConflict and writes nothing.
func (s *Store) AppendAction(ctx context.Context, a store.Action, g *store.Game) error {
	if err := dbutil.CheckAction(a, g); err != nil {
		return err
	}
	if g != nil && g.Status == "" {
		return fmt.Errorf("appending to game %d: header with empty status", a.GameID)
	}
	if g == nil {
		// the usual append: one statement, one round trip
		done, err := s.appendAction(ctx, a)
		switch {
		case pgCode(err) == uniqueViolation: // another instance's append at a.Seq won
			return dbutil.ConflictError(a.GameID, a.Seq, a.Seq+1)
		case err != nil:
			return fmt.Errorf("appending action %d to game %d: %w", a.Seq, a.GameID, err)
		case done:
			return nil
		}
		// nothing written: the transaction below says why
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var have int
		err := tx.QueryRow(ctx, `SELECT actions FROM games WHERE id = $1 FOR UPDATE`, a.GameID).Scan(&have)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("game %d: %w", a.GameID, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		if have != a.Seq {
			return dbutil.ConflictError(a.GameID, a.Seq, have)
		}
		b := &pgx.Batch{}
		if a.CreatedAt.IsZero() {
			b.Queue(`INSERT INTO actions (game_id, seq, user_id, data) VALUES ($1, $2, $3, $4)`,
				a.GameID, a.Seq, dbutil.NullID(a.UserID), string(a.Data))
		} else {
			b.Queue(`INSERT INTO actions (game_id, seq, user_id, data, created_at) VALUES ($1, $2, $3, $4, $5)`,
				a.GameID, a.Seq, dbutil.NullID(a.UserID), string(a.Data), a.CreatedAt)
		}
		if g != nil {
			if err := queueHeader(b, *g); err != nil {
				return err
			}
		}
		b.Queue(`UPDATE games SET actions = $1, updated_at = now() WHERE id = $2`, a.Seq+1, a.GameID)
		notify(b, store.GameEvent{GameID: a.GameID, Actions: a.Seq + 1})
		if err := tx.SendBatch(ctx, b).Close(); err != nil {
			if pgCode(err) == uniqueViolation { // unreachable under the row lock; the key still guards
				return dbutil.ConflictError(a.GameID, a.Seq, have+1)
			}
			return err
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) {
			return err
		}
		return fmt.Errorf("appending action %d to game %d: %w", a.Seq, a.GameID, err)
	}
	return nil
}

// sqlAppend inserts action $2 of game $1 if the game has $2 actions,
// counts it and notifies the followers, in one statement (atomic); it
// returns 1 if it did, else 0 and changes nothing.
const sqlAppend = `WITH ins AS (
		INSERT INTO actions (game_id, seq, user_id, data, created_at)
		SELECT $1, $2, $3, $4, COALESCE($5::timestamptz, now()) FROM games WHERE id = $1 AND actions = $2
		RETURNING game_id
	), upd AS (
		UPDATE games SET actions = $2 + 1, updated_at = now() WHERE id IN (SELECT game_id FROM ins)
		RETURNING id
	)
	SELECT count(*) FROM (SELECT pg_notify($6, $7) FROM upd) n`

// appendAction makes the append a (without a header change) in one
// statement; false if it wrote nothing because the game does not exist or
// does not have a.Seq actions.
func (s *Store) appendAction(ctx context.Context, a store.Action) (bool, error) {
	var created any
	if !a.CreatedAt.IsZero() {
		created = a.CreatedAt
	}
	payload, _ := json.Marshal(store.GameEvent{GameID: a.GameID, Actions: a.Seq + 1}) // two ints: cannot fail
	var n int
	err := s.pool.QueryRow(ctx, sqlAppend, a.GameID, a.Seq, dbutil.NullID(a.UserID), string(a.Data), created, Channel, string(payload)).Scan(&n)
	return n == 1, err
}

// Actions returns a game's actions with Seq >= from, in order. ErrNotFound
// if there is no such game.
func (s *Store) Actions(ctx context.Context, gameID int64, from int) ([]store.Action, error) {
	var out []store.Action
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly, IsoLevel: pgx.RepeatableRead}, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT actions FROM games WHERE id = $1`, gameID).Scan(&n); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT seq, user_id, data, created_at FROM actions
			WHERE game_id = $1 AND seq >= $2 ORDER BY seq`, gameID, max(from, 0))
		if err != nil {
			return err
		}
		out = make([]store.Action, 0, max(n-from, 0))
		for rows.Next() {
			a := store.Action{GameID: gameID}
			var user *int64
			var data string
			if err := rows.Scan(&a.Seq, &user, &data, &a.CreatedAt); err != nil {
				rows.Close()
				return err
			}
			if user != nil {
				a.UserID = *user
			}
			a.Data, a.CreatedAt = json.RawMessage(data), utc(a.CreatedAt)
			out = append(out, a)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, notFound(err, "reading actions of game %d", gameID)
	}
	return out, nil
}

// Subscribe delivers events committed by any instance sharing the database
// until ctx ends or the store is closed. The first call starts the LISTEN
// connection and returns once it is listening.
func (s *Store) Subscribe(ctx context.Context) (<-chan store.GameEvent, error) {
	s.listenOnce.Do(func() { s.listener.Go(s.listen) })
	select {
	case <-s.listening:
	case <-ctx.Done():
		return nil, fmt.Errorf("subscribing: waiting for LISTEN: %w", ctx.Err())
	case <-s.hub.Done():
		return nil, fmt.Errorf("subscribing: %w", hub.ErrClosed)
	}
	ch, err := s.hub.Subscribe(ctx)
	if err != nil {
		return nil, fmt.Errorf("subscribing: %w", err)
	}
	return ch, nil
}

// listen keeps a LISTEN connection open until the store is closed,
// publishing each notification to the hub.
func (s *Store) listen() {
	ctx := s.baseCtx
	cfg := s.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["application_name"] = listenerApp
	var lastGood time.Time // database clock when the connection was last known good
	backoff := 100 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		err := s.listenOnce1(ctx, cfg, &lastGood, func() {
			backoff = 100 * time.Millisecond
			if first {
				first = false
				close(s.listening)
			}
		})
		if ctx.Err() != nil {
			return
		}
		s.log.Warn("LISTEN connection lost; reconnecting", "err", err, "retry_in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 10*time.Second)
	}
}

// listenOnce1 runs one LISTEN connection until it fails. connected is
// called once LISTEN is in place (and, after a reconnection, the games
// changed meanwhile have been re-announced).
func (s *Store) listenOnce1(ctx context.Context, cfg *pgx.ConnConfig, lastGood *time.Time, connected func()) error {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return fmt.Errorf("connecting: %w", err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return fmt.Errorf("LISTEN: %w", err)
	}
	var now time.Time
	if err := conn.QueryRow(ctx, `SELECT now()`).Scan(&now); err != nil {
		return fmt.Errorf("reading the clock: %w", err)
	}
	if !lastGood.IsZero() {
		if err := s.resync(ctx, conn, lastGood.Add(-resyncMargin)); err != nil {
			return err
		}
	}
	*lastGood = now
	lastPing := time.Now()
	connected()
	for {
		wctx, cancel := context.WithDeadline(ctx, lastPing.Add(pingEvery))
		n, err := conn.WaitForNotification(wctx)
		cancel()
		switch {
		case err == nil:
			var ev store.GameEvent
			if err := json.Unmarshal([]byte(n.Payload), &ev); err != nil {
				s.log.Error("bad notification payload", "payload", n.Payload, "err", err)
			} else {
				s.hub.Publish(ev)
			}
		case ctx.Err() != nil:
			return ctx.Err()
		case !errors.Is(err, context.DeadlineExceeded) && !pgconn.Timeout(err):
			return fmt.Errorf("waiting for notifications: %w", err)
		}
		if time.Since(lastPing) >= pingEvery {
			if err := conn.QueryRow(ctx, `SELECT now()`).Scan(&now); err != nil {
				return fmt.Errorf("ping: %w", err)
			}
			*lastGood, lastPing = now, time.Now()
		}
	}
}

// resync publishes every game changed since since, for subscribers that
// may have missed notifications while the listener was away.
func (s *Store) resync(ctx context.Context, conn *pgx.Conn, since time.Time) error {
	rows, err := conn.Query(ctx, `SELECT id, actions FROM games WHERE updated_at >= $1 ORDER BY updated_at`, since)
	if err != nil {
		return fmt.Errorf("resync: %w", err)
	}
	var evs []store.GameEvent
	for rows.Next() {
		var ev store.GameEvent
		if err := rows.Scan(&ev.GameID, &ev.Actions); err != nil {
			rows.Close()
			return fmt.Errorf("resync: %w", err)
		}
		evs = append(evs, ev)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("resync: %w", err)
	}
	for _, ev := range evs {
		s.hub.Publish(ev)
	}
	s.log.Info("LISTEN reconnected; re-announced changed games", "games", len(evs), "since", since)
	return nil
}

// Close ends subscriptions, stops the listener and closes the pool. It is
// safe to call more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.hub.Close()
		s.stop()
		s.listenOnce.Do(func() {}) // no listener can start after this
		s.listener.Wait()
		s.pool.Close()
	})
	return nil
}
