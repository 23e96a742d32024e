package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/crypto/argon2"

	"tresham/store"
)

// Argon2Params are the argon2id parameters of new password hashes. Hashes
// carry their parameters, so changing them does not break old passwords.
type Argon2Params struct {
	Time    uint32 // passes
	Memory  uint32 // KiB
	Threads uint8
}

// withDefaults fills zero parameters with OWASP's argon2id baseline
// (19 MiB, 2 passes, 1 thread).
func (p Argon2Params) withDefaults() Argon2Params {
	if p.Time == 0 {
		p.Time = 2
	}
	if p.Memory == 0 {
		p.Memory = 19 * 1024
	}
	if p.Threads == 0 {
		p.Threads = 1
	}
	return p
}

const (
	cookieName = "tresham_session"
	sessionTTL = 30 * 24 * time.Hour
)

// Login throttling (per account name key and per client address): a few
// free failures, then a backoff doubling from one second up to 15 minutes;
// failures are forgotten after an hour without any.
const (
	accountFreeFailures = 5
	clientFreeFailures  = 20
	throttleBase        = time.Second
	throttleMax         = 15 * time.Minute
	throttleForget      = time.Hour
	throttleKeys        = 100_000
	// hashWait bounds the wait for a password hashing slot.
	hashWait = 10 * time.Second
)

// hashPassword returns the encoded argon2id hash of password:
// $argon2id$v=19$m=M,t=T,p=P$SALT$HASH (unpadded base64).
func hashPassword(password string, p Argon2Params) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, 32)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// checkPassword reports whether password matches the encoded hash.
func checkPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("password hash: not an encoded argon2id hash")
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, fmt.Errorf("password hash: unsupported version %q", parts[2])
	}
	var p Argon2Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, fmt.Errorf("password hash: parameters %q: %w", parts[3], err)
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, fmt.Errorf("password hash: salt: %w", err)
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil {
		return false, fmt.Errorf("password hash: key: %w", err)
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// tokenHash is the stored form of a session token.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// credentials is the body of signup and login.
type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

type userJSON struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	WebhookURL string `json:"webhook_url,omitempty"`
}

// hash runs an argon2id computation (f) in one of the bounded hashing
// slots; 503 with Retry-After when none frees up in time.
func (s *Server) hash(w http.ResponseWriter, r *http.Request, f func()) bool {
	if !s.hashSlots.acquire(r.Context(), s.hashWait) {
		w.Header().Set("Retry-After", "5")
		writeError(w, http.StatusServiceUnavailable, "server busy checking passwords: try again in a few seconds")
		return false
	}
	defer s.hashSlots.release()
	f()
	return true
}

func (s *Server) signup(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := decodeBody(r, &c); err != nil {
		s.fail(w, r, err)
		return
	}
	display, key, err := NormalizeName(c.Name)
	if err != nil {
		writeError(w, http.StatusBadRequest, "%v", err)
		return
	}
	if err := checkNewPassword(c.Password, key); err != nil {
		s.fail(w, r, err)
		return
	}
	// a deleted account's name is free again after the grace period
	if _, err := s.st.ReleaseName(r.Context(), key, s.cfg.Now().Add(-nameGrace)); err != nil {
		s.fail(w, r, fmt.Errorf("signup: %w", err))
		return
	}
	if _, err := s.st.UserByNameKey(r.Context(), key); err == nil {
		writeError(w, http.StatusConflict, "name %q is taken (names are compared ignoring case, width and look-alike letters)", display)
		return
	}
	// a signup that would create an account spends the address's budget
	if err := s.budgets.signup.spend(clientKey(r.RemoteAddr), s.cfg.Now()); err != nil {
		s.fail(w, r, err)
		return
	}
	var hash string
	if !s.hash(w, r, func() { hash, err = hashPassword(c.Password, s.cfg.Argon2) }) {
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.st.CreateUser(r.Context(), store.User{Name: display, NameKey: key, PasswordHash: hash, CreatedAt: s.cfg.Now()})
	if errors.Is(err, store.ErrConflict) {
		writeError(w, http.StatusConflict, "name %q is taken (names are compared ignoring case, width and look-alike letters)", display)
		return
	}
	if err != nil {
		s.fail(w, r, fmt.Errorf("create user: %w", err))
		return
	}
	if err := s.newSession(r.Context(), w, u); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, userJSON{ID: u.ID, Name: u.Name})
}

func (s *Server) login(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := decodeBody(r, &c); err != nil {
		s.fail(w, r, err)
		return
	}
	if len(c.Name) > 4*MaxNameLength || len(c.Password) > maxPassword {
		writeError(w, http.StatusUnauthorized, "wrong name or password")
		return
	}
	// Every attempt counts as a failure from the start (so concurrent
	// guesses cannot all pass the throttle before the first is counted); a
	// success or an attempt that could not be checked is forgiven.
	acct, client := loginKey(c.Name), clientKey(r.RemoteAddr)
	now := s.cfg.Now()
	if d := s.acctThrottle.try(acct, now); d > 0 {
		tooMany(w, d, "for this name")
		return
	}
	if d := s.clientThrottle.try(client, now); d > 0 {
		s.acctThrottle.forgive(acct)
		tooMany(w, d, "from this address")
		return
	}
	checked := false
	defer func() {
		if !checked {
			s.acctThrottle.forgive(acct)
			s.clientThrottle.forgive(client)
		}
	}()
	u, err := s.findLogin(r.Context(), c.Name)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.fail(w, r, fmt.Errorf("login: %w", err))
		return
	}
	known := err == nil
	ok := false
	var hashErr error
	if !s.hash(w, r, func() {
		if known {
			ok, hashErr = checkPassword(c.Password, u.PasswordHash)
		} else {
			// spend the same time as for a known name
			_, _ = hashPassword(c.Password, s.cfg.Argon2)
		}
	}) {
		return
	}
	if hashErr != nil {
		s.fail(w, r, fmt.Errorf("login of user %d: %w", u.ID, hashErr))
		return
	}
	checked = true
	if !ok {
		writeError(w, http.StatusUnauthorized, "wrong name or password")
		return
	}
	s.acctThrottle.succeed(acct)
	s.clientThrottle.forgive(client)
	if err := s.newSession(r.Context(), w, u); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			// deleted, or the password changed, since it was checked
			writeError(w, http.StatusUnauthorized, "wrong name or password")
			return
		}
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, userJSON{ID: u.ID, Name: u.Name})
}

// tooMany answers 429 with Retry-After for a throttled login.
func tooMany(w http.ResponseWriter, d time.Duration, who string) {
	secs := int((d + time.Second - 1) / time.Second)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	unit := "seconds"
	if secs == 1 {
		unit = "second"
	}
	writeError(w, http.StatusTooManyRequests, "too many failed logins %s: try again in %d %s", who, secs, unit)
}

// findLogin finds the account of a name typed at login: by exact name
// first (accounts made before the name rules), then by name key.
func (s *Server) findLogin(ctx context.Context, name string) (store.User, error) {
	u, err := s.st.UserByName(ctx, name)
	if errors.Is(err, store.ErrNotFound) {
		u, err = s.st.UserByNameKey(ctx, loginKey(name))
	}
	if err == nil && !u.DeletedAt.IsZero() {
		return store.User{}, fmt.Errorf("user %q was deleted: %w", name, store.ErrNotFound)
	}
	return u, err
}

// newSession stores a session for the user u as read before its password
// was checked, and sets its cookie. ErrNotFound when the account was
// deleted or its password changed since it was read.
func (s *Server) newSession(ctx context.Context, w http.ResponseWriter, u store.User) error {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return fmt.Errorf("session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	exp := s.cfg.Now().Add(sessionTTL)
	if err := s.st.CreateSession(ctx, store.Session{TokenHash: tokenHash(token), UserID: u.ID, ExpiresAt: exp, PasswordHash: u.PasswordHash}); err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	http.SetCookie(w, &http.Cookie{
		Name: cookieName, Value: token, Path: "/", Expires: exp, MaxAge: int(sessionTTL / time.Second),
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies,
	})
	return nil
}

// user returns the signed-in user, or ok false.
func (s *Server) user(r *http.Request) (store.User, bool, error) {
	c, err := r.Cookie(cookieName)
	if err != nil || c.Value == "" {
		return store.User{}, false, nil
	}
	th, now := tokenHash(c.Value), s.cfg.Now()
	u, ok, gen := s.sessions.get(th, now)
	if ok {
		return u, true, nil
	}
	u, err = s.st.SessionUser(r.Context(), th, now)
	if errors.Is(err, store.ErrNotFound) {
		return store.User{}, false, nil
	}
	if err != nil {
		return store.User{}, false, fmt.Errorf("session: %w", err)
	}
	s.sessions.put(th, u, now, gen)
	return u, true, nil
}

// mustUser returns the signed-in user or a 401 error.
func (s *Server) mustUser(r *http.Request) (store.User, error) {
	u, ok, err := s.user(r)
	if err != nil {
		return u, err
	}
	if !ok {
		return u, errorf(http.StatusUnauthorized, "not signed in")
	}
	return u, nil
}

func (s *Server) logout(w http.ResponseWriter, r *http.Request) {
	if _, err := s.mustUser(r); err != nil {
		s.fail(w, r, err)
		return
	}
	c, _ := r.Cookie(cookieName)
	err := s.st.DeleteSession(r.Context(), tokenHash(c.Value))
	s.sessions.forget(tokenHash(c.Value)) // after: a look-up under way must not record it again
	if err != nil {
		s.fail(w, r, fmt.Errorf("delete session: %w", err))
		return
	}
	http.SetCookie(w, &http.Cookie{Name: cookieName, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode, Secure: s.cfg.SecureCookies})
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) me(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.st.Mail(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, fmt.Errorf("me: %w", err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": u.ID, "name": u.Name, "webhook_url": u.WebhookURL,
		"email": m.Address, "email_turns": m.Turns, "email_enabled": s.mailOn()})
}

func (s *Server) setWebhook(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var body struct {
		URL string `json:"url"`
	}
	if err := decodeBody(r, &body); err != nil {
		s.fail(w, r, err)
		return
	}
	if body.URL != "" {
		if err := checkWebhookURL(r.Context(), body.URL, s.cfg.AllowPrivateWebhooks); err != nil {
			writeError(w, http.StatusBadRequest, "%v", err)
			return
		}
	}
	err = s.st.SetWebhook(r.Context(), u.ID, body.URL)
	s.sessions.forgetUser(u.ID)
	if err != nil {
		s.fail(w, r, fmt.Errorf("set webhook: %w", err))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
