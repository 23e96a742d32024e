// Package sqlite is the default store.Store: one SQLite file, pure Go
// (modernc.org/sqlite, no cgo).
//
// The database runs in WAL mode with synchronous=FULL, busy_timeout and
// foreign keys on. Durability: with synchronous=FULL a commit returns only
// after the WAL has been fsynced, so once a call returns nil the data
// survives the process dying at any moment (a panic, SIGKILL, an OOM kill)
// and an operating-system crash or power loss too: acknowledged means on
// disk. An fsync per commit would halve the action throughput, so appends
// are group-committed: those that arrive while one commit is being made
// share the next transaction and its one fsync (commitPending).
// TestCrashDurability checks the process-crash guarantee.
//
// Writes go through a pool of one connection (so in-process writers queue in
// Go instead of failing with SQLITE_BUSY), and every write transaction is
// BEGIN IMMEDIATE (so a read-then-write such as the append's sequence check
// never has to upgrade its lock). Reads use a separate read-only pool and
// see WAL snapshots without blocking the writer. Another process on the same
// file waits up to the busy timeout for the write lock.
//
// Subscribe is in-process: events are published after commit to the
// subscribers of this Store only.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"runtime"
	"sync"
	"time"

	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"tresham/store"
	"tresham/store/internal/dbutil"
	"tresham/store/internal/hub"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// busyTimeout is how long a writer waits for another process's write lock.
const busyTimeout = 10 * time.Second

// Store is a store.Store on one SQLite file.
type Store struct {
	w, r *sql.DB // writer pool (1 connection) and reader pool
	hub  *hub.Hub
	log  *slog.Logger
	hot  hotStatements

	// group commit of AppendAction: one goroutine (commitLoop, started by
	// the first append) commits what is pending (commitPending)
	appendMu   sync.Mutex
	pending    []*appendReq
	committing bool          // commitLoop runs
	closed     bool          // Close began: no more appends
	wake       chan struct{} // an append is pending (capacity 1)
	quit       chan struct{} // closed by Close: commit what is pending, then stop
	loopDone   chan struct{} // closed when commitLoop has stopped

	closeOnce sync.Once
	closeErr  error
}

var _ store.Store = (*Store)(nil)

// hotStatements are the statements of every request, prepared once (SQLite
// parsing them anew costs more than running them).
type hotStatements struct {
	getGame, sessionUser            *sql.Stmt // reader pool
	actionCount, insertAction, bump *sql.Stmt // writer pool (used inside write transactions)
}

const (
	sqlGetGame     = `SELECT ` + gameCols + ` FROM games WHERE id = ?`
	sqlSessionUser = `SELECT u.id, u.name, u.name_key, u.password_hash, u.webhook_url, u.created_at, u.deleted_at
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ? AND u.deleted_at = 0`
	sqlActionCount = `SELECT actions FROM games WHERE id = ?`
	// sqlInsertAction inserts the action only if the game exists and has
	// seq actions (the sequence check and the insert in one statement)
	sqlInsertAction = `INSERT INTO actions (game_id, seq, user_id, data, created_at)
		SELECT ?1, ?2, ?3, ?4, ?5 FROM games WHERE id = ?1 AND actions = ?2`
	sqlBump = `UPDATE games SET actions = ?, updated_at = ? WHERE id = ?`
)

func (s *Store) prepare(ctx context.Context) error {
	for _, p := range []struct {
		db  *sql.DB
		q   string
		out **sql.Stmt
	}{
		{s.r, sqlGetGame, &s.hot.getGame},
		{s.r, sqlSessionUser, &s.hot.sessionUser},
		{s.w, sqlActionCount, &s.hot.actionCount},
		{s.w, sqlInsertAction, &s.hot.insertAction},
		{s.w, sqlBump, &s.hot.bump},
	} {
		st, err := p.db.PrepareContext(ctx, p.q)
		if err != nil {
			return fmt.Errorf("preparing %q: %w", p.q, err)
		}
		*p.out = st
	}
	return nil
}

func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Set("_txlock", "immediate")
	}
	return path + "?" + q.Encode()
}

// Open opens (creating if needed) the SQLite database at path and brings
// its schema up to date. path is a file name (":memory:" gives a private
// in-memory database, for tests).
func Open(ctx context.Context, path string) (*Store, error) {
	w, err := sql.Open("sqlite", dsn(path, false))
	if err != nil {
		return nil, fmt.Errorf("opening sqlite %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	s := &Store{w: w, r: w, hub: hub.New(), log: slog.Default().With("store", "sqlite", "path", path),
		wake: make(chan struct{}, 1), quit: make(chan struct{}), loopDone: make(chan struct{})}
	if err := s.migrate(ctx); err != nil {
		w.Close()
		return nil, err
	}
	if path != ":memory:" {
		r, err := sql.Open("sqlite", dsn(path, true))
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("opening sqlite %s for reading: %w", path, err)
		}
		n := max(4, runtime.GOMAXPROCS(0))
		r.SetMaxOpenConns(n)
		r.SetMaxIdleConns(n)
		s.r = r
	}
	if err := s.prepare(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// migrate applies the embedded migrations not yet recorded in
// schema_migrations, each in its own IMMEDIATE transaction (so two
// processes opening the file at once apply each step exactly once).
func (s *Store) migrate(ctx context.Context) error {
	ms, err := dbutil.LoadMigrations(migrationFS, "migrations")
	if err != nil {
		return err
	}
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("creating schema_migrations: %w", err)
	}
	for _, m := range ms {
		err := s.write(ctx, func(tx *sql.Tx) error {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`,
				m.Version, m.Name, micros(time.Now()))
			if err == nil {
				s.log.Info("applied migration", "migration", m.Name)
			}
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// write runs fn in a write transaction, committing if it returns nil.
func (s *Store) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

func micros(t time.Time) int64 { return t.UnixMicro() }

func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }

// isConstraint reports whether err is a UNIQUE or PRIMARY KEY violation.
func isUnique(err error) bool {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || e.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

func isForeignKey(err error) bool {
	var e *sqlite.Error
	return errors.As(err, &e) && e.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
}

func notFound(err error, format string, args ...any) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf(format+": %w", append(args, store.ErrNotFound)...)
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}

// CreateUser stores u and returns it with its ID and CreatedAt.
func (s *Store) CreateUser(ctx context.Context, u store.User) (store.User, error) {
	if u.Name == "" {
		return store.User{}, errors.New("creating user: empty name")
	}
	if u.NameKey == "" {
		u.NameKey = u.Name
	}
	u.CreatedAt = fromMicros(micros(time.Now()))
	res, err := s.w.ExecContext(ctx, `INSERT INTO users (name, name_key, password_hash, webhook_url, created_at) VALUES (?, ?, ?, ?, ?)`,
		u.Name, u.NameKey, u.PasswordHash, u.WebhookURL, micros(u.CreatedAt))
	if isUnique(err) {
		return store.User{}, fmt.Errorf("user name %q is taken: %w", u.Name, store.ErrConflict)
	}
	if err != nil {
		return store.User{}, fmt.Errorf("creating user %q: %w", u.Name, err)
	}
	if u.ID, err = res.LastInsertId(); err != nil {
		return store.User{}, fmt.Errorf("creating user %q: %w", u.Name, err)
	}
	return u, nil
}

const userCols = `id, name, name_key, password_hash, webhook_url, created_at, deleted_at`

func scanUser(row interface{ Scan(...any) error }) (store.User, error) {
	var u store.User
	var created, deleted int64
	err := row.Scan(&u.ID, &u.Name, &u.NameKey, &u.PasswordHash, &u.WebhookURL, &created, &deleted)
	u.CreatedAt = fromMicros(created)
	if deleted != 0 {
		u.DeletedAt = fromMicros(deleted)
	}
	return u, err
}

// UserByName finds a user by exact name.
func (s *Store) UserByName(ctx context.Context, name string) (store.User, error) {
	u, err := scanUser(s.r.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE name = ?`, name))
	if err != nil {
		return store.User{}, notFound(err, "user %q", name)
	}
	return u, nil
}

// UserByNameKey finds a user by name key.
func (s *Store) UserByNameKey(ctx context.Context, key string) (store.User, error) {
	u, err := scanUser(s.r.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE name_key = ?`, key))
	if err != nil {
		return store.User{}, notFound(err, "user with name key %q", key)
	}
	return u, nil
}

// UserByID finds a user by id.
func (s *Store) UserByID(ctx context.Context, id int64) (store.User, error) {
	u, err := scanUser(s.r.QueryRowContext(ctx, `SELECT `+userCols+` FROM users WHERE id = ?`, id))
	if err != nil {
		return store.User{}, notFound(err, "user %d", id)
	}
	return u, nil
}

// SetWebhook sets a user's webhook URL ("" clears it).
func (s *Store) SetWebhook(ctx context.Context, userID int64, webhook string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE users SET webhook_url = ? WHERE id = ?`, webhook, userID)
	if err != nil {
		return fmt.Errorf("setting webhook of user %d: %w", userID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("setting webhook of user %d: %w", userID, err)
	} else if n == 0 {
		return fmt.Errorf("setting webhook of user %d: %w", userID, store.ErrNotFound)
	}
	return nil
}

// CreateSession stores a session. It also drops the user's expired
// sessions, so the table does not grow without bound.
func (s *Store) CreateSession(ctx context.Context, sess store.Session) error {
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?`,
			sess.UserID, micros(time.Now())); err != nil {
			return err
		}
		// only while the user still has the checked credentials (the
		// write transactions are serialised: a password change or a
		// deletion is wholly before or after this)
		res, err := tx.ExecContext(ctx, `INSERT INTO sessions (token_hash, user_id, expires_at)
			SELECT ?, id, ? FROM users WHERE id = ? AND deleted_at = 0 AND password_hash = ?`,
			sess.TokenHash, micros(sess.ExpiresAt), sess.UserID, sess.PasswordHash)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return errStaleCredentials
		}
		return nil
	})
	switch {
	case isUnique(err):
		return fmt.Errorf("creating session: token already in use: %w", store.ErrConflict)
	case isForeignKey(err), errors.Is(err, errStaleCredentials):
		return fmt.Errorf("creating session for user %d: %w", sess.UserID, store.ErrNotFound)
	case err != nil:
		return fmt.Errorf("creating session for user %d: %w", sess.UserID, err)
	}
	return nil
}

// errStaleCredentials: the user of a new session was deleted or changed
// password since the sign-in checked it.
var errStaleCredentials = errors.New("the account was deleted or its password changed since the sign-in")

// SessionUser returns the user of a session that has not expired at now.
func (s *Store) SessionUser(ctx context.Context, tokenHash string, now time.Time) (store.User, error) {
	u, err := scanUser(s.hot.sessionUser.QueryRowContext(ctx, tokenHash, micros(now)))
	if err != nil {
		return store.User{}, notFound(err, "session")
	}
	return u, nil
}

// DeleteSession removes a session; deleting an unknown one is not an error.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := s.w.ExecContext(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("deleting session: %w", err)
	}
	return nil
}

// setGameUsers rewrites the seat-holder index of a game.
func setGameUsers(ctx context.Context, tx *sql.Tx, g store.Game) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM game_users WHERE game_id = ?`, g.ID); err != nil {
		return fmt.Errorf("game %d: clearing seat index: %w", g.ID, err)
	}
	for _, uid := range dbutil.SeatUsers(g) {
		if _, err := tx.ExecContext(ctx, `INSERT INTO game_users (game_id, user_id) VALUES (?, ?)`, g.ID, uid); err != nil {
			return fmt.Errorf("game %d: indexing seat of user %d: %w", g.ID, uid, err)
		}
	}
	return nil
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
	now := fromMicros(micros(time.Now()))
	g.CreatedAt, g.UpdatedAt, g.Actions = now, now, len(actions)
	err = s.write(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO games
			(title, options, seed, owner_id, hotseat, status, seats, result, meta, actions, created_at, updated_at,
			 name, description, min_players, live, invite_hash, silence_limit, auto_start, clock, hints)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			g.Title, h.Options, g.Seed, dbutil.NullID(g.OwnerID), g.Hotseat, g.Status, h.Seats, h.Result, h.Meta,
			g.Actions, micros(now), micros(now),
			g.Name, g.Description, g.MinPlayers, g.Live, g.InviteHash, int64(g.SilenceLimit/time.Second), g.AutoStart, g.Clock, g.Hints)
		if err != nil {
			return err
		}
		if g.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		if err := setGameUsers(ctx, tx, g); err != nil {
			return err
		}
		if len(actions) == 0 {
			return nil
		}
		st, err := tx.PrepareContext(ctx, `INSERT INTO actions (game_id, seq, user_id, data, created_at) VALUES (?, ?, NULL, ?, ?)`)
		if err != nil {
			return err
		}
		defer st.Close()
		for i, a := range actions {
			if _, err := st.ExecContext(ctx, g.ID, i, string(a), micros(now)); err != nil {
				return fmt.Errorf("initial action %d: %w", i, err)
			}
		}
		return nil
	})
	if isForeignKey(err) {
		return store.Game{}, fmt.Errorf("creating game: owner %d: %w", g.OwnerID, store.ErrNotFound)
	}
	if err != nil {
		return store.Game{}, fmt.Errorf("creating game: %w", err)
	}
	if err := dbutil.DecodeHeader(h, &g); err != nil { // normalise as a read would
		return store.Game{}, err
	}
	s.hub.Publish(store.GameEvent{GameID: g.ID, Actions: g.Actions})
	return g, nil
}

const gameCols = `id, title, options, seed, owner_id, hotseat, status, seats, result, meta, actions, created_at, updated_at,
	name, description, min_players, live, invite_hash, silence_limit, auto_start, clock, hints`

func scanGame(row interface{ Scan(...any) error }) (store.Game, error) {
	var g store.Game
	var h dbutil.Header
	var owner sql.NullInt64
	var created, updated, silence int64
	if err := row.Scan(&g.ID, &g.Title, &h.Options, &g.Seed, &owner, &g.Hotseat, &g.Status, &h.Seats,
		&h.Result, &h.Meta, &g.Actions, &created, &updated,
		&g.Name, &g.Description, &g.MinPlayers, &g.Live, &g.InviteHash, &silence, &g.AutoStart, &g.Clock, &g.Hints); err != nil {
		return g, err
	}
	g.OwnerID = owner.Int64
	g.SilenceLimit = time.Duration(silence) * time.Second
	g.CreatedAt, g.UpdatedAt = fromMicros(created), fromMicros(updated)
	return g, dbutil.DecodeHeader(h, &g)
}

// GetGame returns a game's header.
func (s *Store) GetGame(ctx context.Context, id int64) (store.Game, error) {
	g, err := scanGame(s.hot.getGame.QueryRowContext(ctx, id))
	if err != nil {
		return store.Game{}, notFound(err, "game %d", id)
	}
	return g, nil
}

// ListGames returns the games matching f, newest first.
func (s *Store) ListGames(ctx context.Context, f store.Filter) ([]store.Game, error) {
	q, args := dbutil.ListQuery(f, gameCols, listDialect)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("listing games: %w", err)
	}
	defer rows.Close()
	games := []store.Game{}
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("listing games: %w", err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("listing games: %w", err)
	}
	return games, nil
}

// updateHeader writes g's Status, Seats and Result in tx and returns the
// game's action count. ErrNotFound if there is no such game.
func updateHeader(ctx context.Context, tx *sql.Tx, g store.Game, now time.Time) error {
	h, err := dbutil.EncodeHeader(g)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE games SET status = ?, seats = ?, result = ?, updated_at = ? WHERE id = ?`,
		g.Status, h.Seats, h.Result, micros(now), g.ID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return store.ErrNotFound
	}
	return setGameUsers(ctx, tx, g)
}

// UpdateGame writes g's Status, Seats and Result if the stored ones are
// still prev's.
func (s *Store) UpdateGame(ctx context.Context, g, prev store.Game) error {
	if g.Status == "" {
		return fmt.Errorf("updating game %d: empty status", g.ID)
	}
	var actions int
	err := s.write(ctx, func(tx *sql.Tx) error {
		var status, seats string
		err := tx.QueryRowContext(ctx, `SELECT actions, status, seats FROM games WHERE id = ?`, g.ID).Scan(&actions, &status, &seats)
		if errors.Is(err, sql.ErrNoRows) {
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
		return updateHeader(ctx, tx, g, time.Now())
	})
	if err != nil {
		return fmt.Errorf("updating game %d: %w", g.ID, err)
	}
	s.hub.Publish(store.GameEvent{GameID: g.ID, Actions: actions})
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
	now := time.Now()
	if a.CreatedAt.IsZero() {
		a.CreatedAt = now
	}
	r := &appendReq{ctx: ctx, a: a, g: g, now: now, done: make(chan struct{})}
	s.appendMu.Lock()
	if s.closed {
		s.appendMu.Unlock()
		return fmt.Errorf("appending action %d to game %d: the store is closed", a.Seq, a.GameID)
	}
	s.pending = append(s.pending, r)
	if !s.committing {
		s.committing = true
		go s.commitLoop()
	}
	s.appendMu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // a wake-up is pending already
	}
	<-r.done
	err := r.err
	if err != nil {
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrNotFound) || errors.Is(err, ctx.Err()) {
			return err
		}
		return fmt.Errorf("appending action %d to game %d: %w", a.Seq, a.GameID, err)
	}
	return nil
}

// appendReq is one AppendAction waiting for its group commit.
type appendReq struct {
	ctx  context.Context
	a    store.Action
	g    *store.Game
	now  time.Time
	err  error
	done chan struct{} // closed once err is final
}

// commitLoop is the one writer of appends: it commits the pending appends,
// group after group, until none is left, then waits for more. Running in
// its own goroutine, the next group starts as soon as one is committed
// (a goroutine started per group waited its turn behind every runnable
// one). It stops once Close asks and nothing is pending.
func (s *Store) commitLoop() {
	defer close(s.loopDone)
	for {
		quit := false
		select {
		case <-s.wake:
		case <-s.quit:
			quit = true
		}
		for {
			s.appendMu.Lock()
			n := len(s.pending)
			s.appendMu.Unlock()
			if n == 0 {
				break
			}
			s.commitPending()
		}
		if quit {
			return
		}
	}
}

// commitPending commits the appends waiting now in one transaction (group
// commit): with synchronous=FULL every commit costs an fsync, so appends
// that arrive while one commit is being made share the next. An append
// refused (a stale sequence number, an unknown game) has written nothing
// (appendIn) and the others go on; an error after an append has begun
// writing rolls back the whole group, which then fails. Only commitLoop
// calls it.
func (s *Store) commitPending() {
	s.appendMu.Lock()
	batch := s.pending
	s.pending = nil
	s.appendMu.Unlock()

	var ok []*appendReq
	tx, err := s.w.BeginTx(context.Background(), nil)
	if err == nil {
		st := appendStmts{count: tx.Stmt(s.hot.actionCount), insert: tx.Stmt(s.hot.insertAction), bump: tx.Stmt(s.hot.bump)}
		for _, r := range batch {
			if r.err = r.ctx.Err(); r.err != nil {
				continue
			}
			var fatal error
			if r.err, fatal = appendIn(tx, st, r); fatal != nil {
				err = fatal
				break
			}
			if r.err == nil {
				ok = append(ok, r)
			}
		}
		if err == nil {
			err = tx.Commit()
		} else {
			tx.Rollback() // the error to report is err
		}
	}
	for _, r := range batch {
		if err != nil && r.err == nil {
			r.err = fmt.Errorf("commit: %w", err)
		}
	}
	if err == nil {
		for _, r := range ok {
			s.hub.Publish(store.GameEvent{GameID: r.a.GameID, Actions: r.a.Seq + 1})
		}
	}
	for _, r := range batch {
		close(r.done)
	}
}

// appendStmts are the hot statements of the appends, bound to one group's
// transaction.
type appendStmts struct{ count, insert, bump *sql.Stmt }

// appendIn makes one append inside the group's transaction. refused is
// the append's own failure (the game moved on or does not exist): it has
// written nothing, because the sequence check is part of the insert. fatal
// is an error after which the transaction may hold part of this append: the
// whole group must be rolled back.
func appendIn(tx *sql.Tx, st appendStmts, r *appendReq) (refused, fatal error) {
	ctx := context.Background() // one caller giving up must not fail the group
	a := r.a
	res, err := st.insert.ExecContext(ctx, a.GameID, a.Seq, dbutil.NullID(a.UserID), string(a.Data), micros(a.CreatedAt))
	if err != nil {
		if isUnique(err) || isForeignKey(err) { // the failed statement wrote nothing
			return refusedAppend(ctx, st, a, err)
		}
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n == 0 {
		return refusedAppend(ctx, st, a, nil)
	}
	if r.g != nil {
		if err := updateHeader(ctx, tx, *r.g, r.now); err != nil {
			return nil, err
		}
	}
	if _, err := st.bump.ExecContext(ctx, a.Seq+1, micros(r.now), a.GameID); err != nil {
		return nil, err
	}
	return nil, nil
}

// refusedAppend names why an append inserted nothing: the game is unknown
// or moved on (its action count is not a.Seq), or else cause.
func refusedAppend(ctx context.Context, st appendStmts, a store.Action, cause error) (refused, fatal error) {
	var have int
	err := st.count.QueryRowContext(ctx, a.GameID).Scan(&have)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("game %d: %w", a.GameID, store.ErrNotFound), nil
	case err != nil:
		return nil, err
	case have != a.Seq || isUnique(cause):
		return dbutil.ConflictError(a.GameID, a.Seq, have), nil
	case cause != nil:
		return cause, nil
	}
	return nil, fmt.Errorf("game %d has %d actions but action %d was not inserted", a.GameID, have, a.Seq)
}

// Actions returns a game's actions with Seq >= from, in order. ErrNotFound
// if there is no such game.
func (s *Store) Actions(ctx context.Context, gameID int64, from int) ([]store.Action, error) {
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("reading actions of game %d: %w", gameID, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT actions FROM games WHERE id = ?`, gameID).Scan(&n); err != nil {
		return nil, notFound(err, "game %d", gameID)
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, user_id, data, created_at FROM actions
		WHERE game_id = ? AND seq >= ? ORDER BY seq`, gameID, max(from, 0))
	if err != nil {
		return nil, fmt.Errorf("reading actions of game %d: %w", gameID, err)
	}
	defer rows.Close()
	out := make([]store.Action, 0, max(n-from, 0))
	for rows.Next() {
		a := store.Action{GameID: gameID}
		var user sql.NullInt64
		var data string
		var created int64
		if err := rows.Scan(&a.Seq, &user, &data, &created); err != nil {
			return nil, fmt.Errorf("reading actions of game %d: %w", gameID, err)
		}
		a.UserID, a.Data, a.CreatedAt = user.Int64, json.RawMessage(data), fromMicros(created)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading actions of game %d: %w", gameID, err)
	}
	return out, nil
}

// Subscribe delivers events of this process's commits until ctx ends or
// the store is closed.
func (s *Store) Subscribe(ctx context.Context) (<-chan store.GameEvent, error) {
	ch, err := s.hub.Subscribe(ctx)
	if err != nil {
		return nil, fmt.Errorf("subscribing: %w", err)
	}
	return ch, nil
}

// Close ends subscriptions and closes the database. It is safe to call
// more than once.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.appendMu.Lock()
		s.closed = true
		started := s.committing
		s.appendMu.Unlock()
		close(s.quit)
		if started {
			<-s.loopDone // the appends pending are committed first
		}
		s.hub.Close()
		var errs []error
		if s.r != s.w {
			errs = append(errs, s.r.Close())
		}
		errs = append(errs, s.w.Close())
		if err := errors.Join(errs...); err != nil {
			s.closeErr = fmt.Errorf("closing sqlite store: %w", err)
		}
	})
	return s.closeErr
}
