// Package store keeps Tresham's durable data: accounts, sessions, games and
// each game's append-only action log. A game's state is never stored; it is
// rebuilt by replaying the log. Implementations: store/sqlite (the default,
// pure Go) and store/postgres (pgx, for several server instances).
package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Errors callers test with errors.Is.
var (
	// ErrNotFound: no such user, session or game.
	ErrNotFound = errors.New("not found")
	// ErrConflict: an append named a sequence number that is no longer the
	// next one (another action got there first: "game moved on"), or a
	// unique name/seat is taken.
	ErrConflict = errors.New("conflict")
)

// User is an account.
type User struct {
	ID           int64
	Name         string
	NameKey      string // names are unique by this key (the server's normalised name; "" means Name itself)
	PasswordHash string // encoded argon2id hash; never the password
	WebhookURL   string // notified when it is the user's turn ("" for none)
	CreatedAt    time.Time
	// DeletedAt is when the account was deleted (zero: it is not). A
	// deleted account cannot sign in; its name stays reserved until
	// ReleaseName frees it.
	DeletedAt time.Time
}

// Session is a signed-in browser. Only a hash of the cookie token is kept.
type Session struct {
	TokenHash string
	UserID    int64
	ExpiresAt time.Time
	// PasswordHash is the account's password hash the sign-in checked:
	// CreateSession stores the session only while the account still has
	// it and is not deleted, in the same step (a sign-in racing a password
	// change or a deletion never outlives it).
	PasswordHash string
}

// Game status values.
const (
	StatusNew      = "new"      // seats being filled
	StatusActive   = "active"   // being played
	StatusFinished = "finished" // over; Result is set
)

// Seat is one player place in a game.
type Seat struct {
	PlayerID int    `json:"player_id"` // the engine's player id (18xx.games "players[].id")
	Name     string `json:"name"`
	UserID   int64  `json:"user_id,omitempty"` // 0: open seat (or a hotseat seat played by the owner)
	Bot      string `json:"bot,omitempty"`     // "" for a human; else the bot kind ("random", "heuristic")
	// Substitute is the SHA-256 (hex) of the token of the link by which a
	// substitute takes over this seat of a running game ("" for none).
	Substitute string `json:"substitute,omitempty"`
}

// Game is a game's header: everything but its actions.
type Game struct {
	ID        int64
	Title     string          // "1860", "1825"
	Options   []string        // 18xx.games optional_rules names
	Seed      int64           // reserved for titles with randomness
	OwnerID   int64           // the user who created or imported it
	Hotseat   bool            // the owner plays every human seat
	Status    string          // StatusNew, StatusActive, StatusFinished
	Seats     []Seat          // in seating order
	Result    map[string]int  // player id → final value, when finished
	Meta      json.RawMessage // extra 18xx.games header fields kept for export (may be nil)
	Actions   int             // number of stored actions (= next sequence number)
	CreatedAt time.Time
	UpdatedAt time.Time

	// Table settings, fixed at creation.
	Name        string // the table's name ("" for none), searchable
	Description string // free text shown in the lobby, searchable
	MinPlayers  int    // the host may start with this many seats filled (0: every seat)
	Live        bool   // played in one sitting (false: asynchronous)
	// InviteHash is the SHA-256 (hex) of the invite token of an
	// invite-only game ("" for a public game). Invite-only games are
	// listed only to those taking part (Filter.Viewer).
	InviteHash string
	// SilenceLimit is how long a player of an asynchronous game may stay
	// silent before the others may hand the seat on (0: no limit).
	SilenceLimit time.Duration
	// AutoStart: the game starts by itself once every seat is taken.
	AutoStart bool
	// Clock is the game's time control as JSON (clock.Settings; "" for
	// none), fixed at creation.
	Clock string
	// Hints: the coach's hints are offered to the players of this online
	// game (hotseat, solo and finished games always offer them).
	Hints bool
}

// Action is one stored action: the 18xx.games JSON of the action (undo and
// redo included, as on that site) at its sequence number (0, 1, 2, …).
type Action struct {
	GameID    int64
	Seq       int
	UserID    int64 // who submitted it (0 for imports and bots)
	Data      json.RawMessage
	CreatedAt time.Time
}

// Filter selects games for listings. Every field is passed to the
// database as a bound parameter, never as SQL text.
type Filter struct {
	UserID int64  // if set, only games where this user owns or holds a seat
	Status string // if set, only games in this status
	// OpenSeat: only online (not hotseat) games with a seat nobody holds.
	OpenSeat bool
	Limit    int // 0: DefaultListLimit

	// Before pages: only games strictly older than this position in the
	// listing order (newest first: CreatedAt, then ID, descending). Games
	// created after the first page never shift later pages.
	Before *Cursor
	Title  string // if set, only games of this title
	// Player, if set, keeps only games where this user holds a seat.
	Player int64
	// Search, if set, keeps games where each of its words (SearchWords)
	// begins a word of the Name or Description, ignoring case. Both SQL
	// stores answer it from a full-text index.
	Search string
	// Listed hides invite-only games, except those Viewer owns or holds
	// a seat in (Viewer 0: hides every invite-only game).
	Listed bool
	Viewer int64
}

// Cursor is a position in the newest-first listing order.
type Cursor struct {
	CreatedAt time.Time
	ID        int64
}

// CursorOf is the cursor just after g in the listing order.
func CursorOf(g Game) Cursor { return Cursor{CreatedAt: g.CreatedAt, ID: g.ID} }

// DefaultListLimit is the page size ListGames uses when Filter.Limit is 0.
const DefaultListLimit = 100

// Store is the persistence a server needs. All methods are safe for
// concurrent use.
type Store interface {
	CreateUser(ctx context.Context, u User) (User, error) // ErrConflict if the name or its key is taken
	UserByName(ctx context.Context, name string) (User, error)
	UserByNameKey(ctx context.Context, key string) (User, error)
	UserByID(ctx context.Context, id int64) (User, error)
	SetWebhook(ctx context.Context, userID int64, url string) error
	// SetPassword stores a new password hash and ends every session of
	// the user but keepSession (a token hash; "" ends them all).
	SetPassword(ctx context.Context, userID int64, hash, keepSession string) error
	// DeleteUser marks the account deleted at at: its password,
	// webhook and email settings are cleared and its sessions and emailed
	// tokens ended. Its name stays taken.
	DeleteUser(ctx context.Context, userID int64, at time.Time) error
	// ReleaseName frees the name key of an account deleted before
	// deletedBefore (it is renamed to a name no one can choose); false if
	// no such account holds the key.
	ReleaseName(ctx context.Context, key string, deletedBefore time.Time) (bool, error)

	// CreateSession stores a session; ErrNotFound when the user is
	// unknown, deleted or no longer has s.PasswordHash.
	CreateSession(ctx context.Context, s Session) error
	// SessionUser returns the user of a session; ErrNotFound if the
	// session is unknown or expired or its user deleted.
	SessionUser(ctx context.Context, tokenHash string, now time.Time) (User, error)
	DeleteSession(ctx context.Context, tokenHash string) error // nil if there is no such session

	// CreateGame stores a new game header (its ID is assigned) together
	// with initial actions (for imports), atomically.
	CreateGame(ctx context.Context, g Game, actions []json.RawMessage) (Game, error)
	GetGame(ctx context.Context, id int64) (Game, error)
	ListGames(ctx context.Context, f Filter) ([]Game, error)
	// UpdateGame writes Status, Seats and Result of a game if its stored
	// Status and Seats are still those of prev (the header the caller
	// read); otherwise ErrConflict and nothing is written. Two players
	// taking the same seat through two servers: one wins.
	UpdateGame(ctx context.Context, g, prev Game) error

	// AppendAction stores a at sequence number seq, which must be the
	// game's current action count; otherwise ErrConflict and nothing is
	// written. The game's header (status, result) may be updated in the
	// same transaction when g is non-nil.
	AppendAction(ctx context.Context, a Action, g *Game) error
	// Actions returns a game's actions with Seq >= from, in order
	// (ErrNotFound if there is no such game).
	Actions(ctx context.Context, gameID int64, from int) ([]Action, error)

	// AppendAction, CreateGame and UpdateGame publish a GameEvent to
	// subscribers once committed.
	//
	// Subscribe delivers the ids of games that got new actions from any
	// server instance sharing this store, until ctx ends (or Close), then
	// closes the channel. (SQLite: this process only; PostgreSQL:
	// LISTEN/NOTIFY across instances.) A slow reader never blocks writers:
	// events for a game it has not read yet are merged into one carrying
	// the latest count, so treat an event as "game changed, now has N
	// actions" and read what is new with Actions. An event may repeat.
	Subscribe(ctx context.Context) (<-chan GameEvent, error)

	// Heartbeat records that server instance was alive at at (replacing
	// its previous record), and forgets the records of instances silent
	// for HeartbeatForget before at.
	Heartbeat(ctx context.Context, instance string, at time.Time) error
	// LastHeartbeat is the latest heartbeat of any instance (the zero time
	// when none is recorded): a server starting after it knows that no
	// instance ran since, give or take one heartbeat interval.
	LastHeartbeat(ctx context.Context) (time.Time, error)

	// Note is a user's private note on a game ("" when there is none).
	Note(ctx context.Context, userID, gameID int64) (string, error)
	// SetNote replaces a user's note on a game, written at at; an empty
	// text deletes it.
	SetNote(ctx context.Context, userID, gameID int64, text string, at time.Time) error

	// Mail is a user's email settings (the zero value when none).
	Mail(ctx context.Context, userID int64) (Mail, error)
	// SetMail replaces a user's email settings. ErrConflict when another
	// account has the same Address (compared ignoring case).
	SetMail(ctx context.Context, userID int64, m Mail) error
	// UserByMail finds the account whose confirmed address is address
	// (ignoring case); ErrNotFound when none.
	UserByMail(ctx context.Context, address string) (User, error)
	// CreateMailToken stores a single-use emailed token, ending the
	// user's earlier tokens of the same purpose (and any expired ones).
	CreateMailToken(ctx context.Context, t MailToken) error
	// UseMailToken takes the token of hash and purpose, unexpired at now,
	// out of the store and returns it; ErrNotFound when there is none (never
	// stored, already used, replaced or expired). Two uses at once: one wins.
	UseMailToken(ctx context.Context, hash, purpose string, now time.Time) (MailToken, error)
	// ServerSecret is the secret stored under name; the first call stores
	// fresh, every later one (from any instance) returns what is stored.
	ServerSecret(ctx context.Context, name string, fresh []byte) ([]byte, error)

	Close() error
}

// Mail is an account's email settings.
type Mail struct {
	// Address is the confirmed address ("" for none). An address is only
	// ever stored here once its owner followed the confirmation link.
	Address string
	// Turns: "it is your turn" emails are wanted.
	Turns bool
}

// Emailed token purposes.
const (
	TokenConfirm = "confirm" // confirms MailToken.Address for the user
	TokenReset   = "reset"   // sets a new password
)

// MailToken is a single-use token sent by email. Only a hash of it is kept.
type MailToken struct {
	Hash      string
	UserID    int64
	Purpose   string // TokenConfirm or TokenReset
	Address   string // the address it was sent to
	ExpiresAt time.Time
}

// HeartbeatForget is how long the heartbeat of a silent server instance
// is kept once another instance beats.
const HeartbeatForget = 7 * 24 * time.Hour

// GameEvent says a game changed: it now has Actions actions.
type GameEvent struct {
	GameID  int64 `json:"game_id"`
	Actions int   `json:"actions"`
}
