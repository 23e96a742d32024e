package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"tresham/mailer"
	"tresham/store"
)

// Email (issue 41; docs/api.md "Email"): with Config.Mailer set, a player
// may add an address, confirmed by a link; confirmed addresses that opted
// in are told when it becomes their turn (the decision of notifyTurns, the
// same as the webhooks'); a forgotten password is reset by a link. Mails
// are queued and sent in the background: a move never waits for one.
const (
	// maxAddress bounds an email address in bytes (RFC 5321's path limit).
	maxAddress = 254
	// maxMailToken bounds a token sent back from a link.
	maxMailToken = 100
	// confirmTTL and resetTTL are how long an emailed link works.
	confirmTTL = 24 * time.Hour
	resetTTL   = time.Hour
	// mailQueued bounds the mails waiting to be sent; more are dropped.
	mailQueued = 1000
	// mailWorkers send the queued mails.
	mailWorkers = 2
	// mailTimeout bounds one delivery.
	mailTimeout = 30 * time.Second

	// every mail to one account (confirmation, reset, turn): 20, then one
	// every three minutes (20 an hour)
	mailAccountBurst = 20
	mailAccountEvery = 3 * time.Minute
	// confirmation and reset mails to one address (mails anyone may ask
	// to be sent to an address): 5, then one every 12 minutes (5 an hour)
	mailAddressBurst = 5
	mailAddressEvery = 12 * time.Minute
	// password reset requests from one client address
	forgotBurst = 10
	forgotEvery = 6 * time.Minute

	// unsubscribeSecret names the stored key of the unsubscribe links
	unsubscribeSecret = "mail-unsubscribe"
)

// mail kinds
const (
	mailConfirm = "confirm"
	mailReset   = "reset"
	mailTurn    = "turn"
)

// mailJob is one mail to send.
type mailJob struct {
	kind  string
	user  int64
	to    string      // confirm and reset: the address; turn: the user's confirmed address, read when sent
	token string      // confirm and reset: the raw token of the link
	name  string      // a reset asked for: the account name or address given (the worker looks it up)
	turn  webhookBody // turn: the game and seat
	table string      // turn: the table's name ("" for none)
}

// logAttrs are the attributes a log line about j carries.
func (j mailJob) logAttrs() []any {
	if j.kind == mailTurn {
		return []any{"kind", j.kind, "user", j.user, "game", j.turn.Game}
	}
	return []any{"kind", j.kind, "user", j.user}
}

// mailQueue holds the mails waiting to be sent.
type mailQueue struct {
	jobs    chan mailJob
	pending atomic.Int64 // queued and not yet handled (tests wait for none)

	secretMu sync.Mutex
	secret   []byte // the unsubscribe links' key, read from the store once
}

// mailOn reports whether the server sends email.
func (s *Server) mailOn() bool { return s.cfg.Mailer != nil }

// startMail starts the mail workers (New, when a mailer is configured).
func (s *Server) startMail() {
	s.mail.jobs = make(chan mailJob, mailQueued)
	for range mailWorkers {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			for {
				select {
				case <-s.done.Done():
					return
				case j := <-s.mail.jobs:
					s.sendMail(j)
					s.mail.pending.Add(-1)
				}
			}
		}()
	}
}

// queueMail queues j without waiting; when the queue is full it is dropped
// and logged.
func (s *Server) queueMail(j mailJob) {
	if !s.mailOn() || s.done.Err() != nil {
		return
	}
	s.mail.pending.Add(1)
	select {
	case s.mail.jobs <- j:
	default:
		s.mail.pending.Add(-1)
		s.log.Warn("mail dropped: too many waiting", "kind", j.kind, "user", j.user, "waiting", mailQueued)
	}
}

// sendMail composes and sends one mail, logging why it was not sent.
func (s *Server) sendMail(j mailJob) {
	ctx, cancel := context.WithTimeout(s.done, mailTimeout)
	defer cancel()
	if j.kind == mailReset && j.token == "" {
		var err error
		if j, err = s.resetJob(ctx, j.name); err != nil || j.token == "" {
			if err != nil {
				s.log.Warn("password reset not sent", "err", err)
			}
			return
		}
	}
	msg, err := s.composeMail(ctx, j)
	if err == nil && msg.To == "" {
		return // nothing to send (no confirmed address, or turn mails off)
	}
	if err == nil && j.kind == mailTurn {
		// confirmations and resets spent the budgets when asked for
		if d := s.budgets.mailAccount.take(strconv.FormatInt(j.user, 10), s.cfg.Now()); d > 0 {
			err = fmt.Errorf("over the budget of %s", s.budgets.mailAccount.what)
		}
	}
	if err == nil {
		err = s.cfg.Mailer.Send(ctx, msg)
	}
	if err != nil {
		s.met.mails.WithLabelValues(j.kind, "failed").Inc()
		s.log.Warn("mail not sent", append(j.logAttrs(), "err", err)...)
		return
	}
	s.met.mails.WithLabelValues(j.kind, "sent").Inc()
	s.log.Info("mail sent", j.logAttrs()...)
}

// composeMail writes the message of j (To "" when there is nothing to send).
func (s *Server) composeMail(ctx context.Context, j mailJob) (mailer.Message, error) {
	u, err := s.st.UserByID(ctx, j.user)
	if err != nil {
		return mailer.Message{}, fmt.Errorf("load user: %w", err)
	}
	if !u.DeletedAt.IsZero() {
		return mailer.Message{}, nil
	}
	switch j.kind {
	case mailConfirm:
		return mailer.Message{To: j.to, Subject: "Confirm your email address for Tresham",
			Text: fmt.Sprintf("Hello %s,\n\nTo receive Tresham's emails at this address, open this link within %d hours:\n\n%s\n\n"+
				"If you did not ask for this, ignore this email: nothing will be sent to this address.\n",
				u.Name, int(confirmTTL/time.Hour), s.link("confirm-email", j.token))}, nil
	case mailReset:
		return mailer.Message{To: j.to, Subject: "Reset your Tresham password",
			Text: fmt.Sprintf("Hello %s,\n\nTo choose a new password, open this link within %d minutes:\n\n%s\n\n"+
				"The new password signs you out everywhere else. If you did not ask for this, ignore this email: your password stays as it is.\n",
				u.Name, int(resetTTL/time.Minute), s.link("reset", j.token))}, nil
	case mailTurn:
		m, err := s.st.Mail(ctx, j.user)
		if err != nil {
			return mailer.Message{}, fmt.Errorf("load mail settings: %w", err)
		}
		if m.Address == "" || !m.Turns {
			return mailer.Message{}, nil
		}
		sig, err := s.unsubscribeSig(ctx, j.user)
		if err != nil {
			return mailer.Message{}, err
		}
		b := j.turn
		game := fmt.Sprintf("%s game %d", b.Title, b.Game)
		if j.table != "" {
			game += fmt.Sprintf(" (%q)", j.table)
		}
		text := fmt.Sprintf("Hello %s,\n\nIt is your turn in %s", u.Name, game)
		if len(b.Acting) > 0 {
			text += ", acting for " + strings.Join(b.Acting, ", ")
		}
		text += ".\n"
		if b.TimeLeftS != nil {
			text += "You have " + clockWords(*b.TimeLeftS) + " on your clock.\n"
		}
		stop := s.link("unsubscribe", strconv.FormatInt(j.user, 10)) + "&sig=" + sig
		text += fmt.Sprintf("\nOpen the game: %s\n\n-- \nYou get this email because you asked Tresham to email you when it is your turn.\n"+
			"Stop these emails with one click: %s\nor on your page: %s\n",
			s.link("game", strconv.FormatInt(b.Game, 10)), stop, s.link("player", u.Name))
		oneClick := s.publicURL() + "/api/email/unsubscribe?user=" + strconv.FormatInt(j.user, 10) + "&sig=" + sig
		return mailer.Message{To: m.Address, Subject: "Your turn in " + game, Text: text,
			Headers: map[string]string{"List-Unsubscribe": "<" + oneClick + ">", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}}, nil
	}
	return mailer.Message{}, fmt.Errorf("unknown mail kind %q", j.kind)
}

// spendMail spends one mail of the account's budget and of the address's
// (a confirmation or a reset), or neither.
func (s *Server) spendMail(user int64, address string, now time.Time) error {
	return spendAll(now, budgetKey{s.budgets.mailAccount, strconv.FormatInt(user, 10)},
		budgetKey{s.budgets.mailAddress, strings.ToLower(address)})
}

// publicURL is the site's base URL for links, without a trailing slash.
func (s *Server) publicURL() string { return strings.TrimRight(s.cfg.PublicURL, "/") }

// link is the page link PUBLIC/?key=value.
func (s *Server) link(key, value string) string {
	return s.publicURL() + "/?" + key + "=" + url.QueryEscape(value)
}

// unsubscribeSig signs a user id for the unsubscribe link (HMAC-SHA256
// with a key kept in the store, so links outlive restarts and work on
// every instance).
func (s *Server) unsubscribeSig(ctx context.Context, user int64) (string, error) {
	q := &s.mail
	q.secretMu.Lock()
	defer q.secretMu.Unlock()
	if q.secret == nil {
		fresh := make([]byte, 32)
		if _, err := rand.Read(fresh); err != nil {
			return "", fmt.Errorf("unsubscribe key: %w", err)
		}
		k, err := s.st.ServerSecret(ctx, unsubscribeSecret, fresh)
		if err != nil {
			return "", fmt.Errorf("unsubscribe key: %w", err)
		}
		q.secret = k
	}
	h := hmac.New(sha256.New, q.secret)
	fmt.Fprintf(h, "unsubscribe turns %d", user)
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18]), nil
}

// checkAddress checks an email address typed by a player: one bare
// address (no name, no angle brackets), within maxAddress bytes.
func checkAddress(raw string) (string, error) {
	a := strings.TrimSpace(raw)
	switch {
	case a == "":
		return "", errorf(http.StatusBadRequest, "address is missing")
	case len(a) > maxAddress:
		return "", errorf(http.StatusBadRequest, "address of %d bytes is longer than %d bytes", len(a), maxAddress)
	case strings.IndexFunc(a, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) }) >= 0:
		return "", errorf(http.StatusBadRequest, "address %q has spaces or control characters", truncate(a, 60))
	}
	p, err := mail.ParseAddress(a)
	if err != nil || p.Address != a || p.Name != "" {
		return "", errorf(http.StatusBadRequest, "address %q is not an email address (like name@example.org)", truncate(a, 60))
	}
	_, domain, _ := strings.Cut(a, "@")
	if !strings.Contains(domain, ".") || strings.HasPrefix(domain, "[") {
		return "", errorf(http.StatusBadRequest, "address %q: the part after @ must be a domain name (like example.org)", truncate(a, 60))
	}
	return a, nil
}

// newMailToken makes a random token and its stored hash.
func newMailToken() (raw, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", fmt.Errorf("mail token: %w", err)
	}
	raw = base64.RawURLEncoding.EncodeToString(b)
	return raw, tokenHash(raw), nil
}

// errNoMail answers the email endpoints of a server without a mailer.
func errNoMail() error {
	return errorf(http.StatusNotFound, "this server sends no email (it was started without an SMTP server: tresham serve --smtp)")
}

// addEmail answers POST /api/me/email {"address"}: a confirmation link is
// sent to the address; it takes effect when the link is followed.
func (s *Server) addEmail(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !s.mailOn() {
		s.fail(w, r, errNoMail())
		return
	}
	var req struct {
		Address string `json:"address"`
	}
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	addr, err := checkAddress(req.Address)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.st.Mail(r.Context(), u.ID)
	if err != nil {
		s.fail(w, r, fmt.Errorf("add email: %w", err))
		return
	}
	if strings.EqualFold(m.Address, addr) {
		writeJSON(w, http.StatusOK, map[string]any{"address": m.Address, "confirmed": true})
		return
	}
	now := s.cfg.Now()
	if err := s.spendMail(u.ID, addr, now); err != nil {
		s.fail(w, r, err)
		return
	}
	raw, hash, err := newMailToken()
	if err == nil {
		err = s.st.CreateMailToken(r.Context(), store.MailToken{Hash: hash, UserID: u.ID, Purpose: store.TokenConfirm, Address: addr, ExpiresAt: now.Add(confirmTTL)})
	}
	if err != nil {
		s.fail(w, r, fmt.Errorf("add email: %w", err))
		return
	}
	s.queueMail(mailJob{kind: mailConfirm, user: u.ID, to: addr, token: raw})
	writeJSON(w, http.StatusAccepted, map[string]any{"address": addr, "confirmed": false})
}

// confirmEmail answers POST /api/email/confirm {"token"}: the address the
// link was sent to becomes the account's. No sign-in needed: the token is
// the proof.
func (s *Server) confirmEmail(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn() {
		s.fail(w, r, errNoMail())
		return
	}
	var req struct {
		Token string `json:"token"`
	}
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	t, err := s.useToken(r.Context(), req.Token, store.TokenConfirm)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.st.Mail(r.Context(), t.UserID)
	if err == nil {
		if m.Address == "" {
			m.Turns = true // a first address: turn emails on, as the page says
		}
		m.Address = t.Address
		err = s.st.SetMail(r.Context(), t.UserID, m)
	}
	if errors.Is(err, store.ErrConflict) {
		s.fail(w, r, errorf(http.StatusConflict, "address %q is already confirmed for another account", truncate(t.Address, 60)))
		return
	}
	if err != nil {
		s.fail(w, r, fmt.Errorf("confirm email: %w", err))
		return
	}
	s.log.Info("email address confirmed", "user", t.UserID)
	writeJSON(w, http.StatusOK, map[string]any{"address": m.Address, "confirmed": true, "turns": m.Turns})
}

// useToken takes an emailed token out of the store: 400 naming the token
// when it is malformed, unknown, used or expired.
func (s *Server) useToken(ctx context.Context, raw, purpose string) (store.MailToken, error) {
	if raw == "" {
		return store.MailToken{}, errorf(http.StatusBadRequest, "token is missing")
	}
	if len(raw) > maxMailToken {
		return store.MailToken{}, errorf(http.StatusBadRequest, "token of %d bytes is longer than %d bytes", len(raw), maxMailToken)
	}
	t, err := s.st.UseMailToken(ctx, tokenHash(raw), purpose, s.cfg.Now())
	if errors.Is(err, store.ErrNotFound) {
		return t, errorf(http.StatusBadRequest, "token is unknown, already used or expired: ask for a new link")
	}
	if err != nil {
		return t, fmt.Errorf("use %s token: %w", purpose, err)
	}
	return t, nil
}

// deleteEmail answers DELETE /api/me/email: the address is forgotten.
func (s *Server) deleteEmail(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	m, err := s.st.Mail(r.Context(), u.ID)
	if err == nil {
		m.Address = ""
		err = s.st.SetMail(r.Context(), u.ID, m)
	}
	if err != nil {
		s.fail(w, r, fmt.Errorf("delete email: %w", err))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// setEmailTurns answers PUT /api/me/email/turns {"turns": bool}.
func (s *Server) setEmailTurns(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustUser(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var req struct {
		Turns *bool `json:"turns"`
	}
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if req.Turns == nil {
		s.fail(w, r, errorf(http.StatusBadRequest, "turns is missing (true or false)"))
		return
	}
	if err := s.setTurns(r.Context(), u.ID, *req.Turns); err != nil {
		s.fail(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) setTurns(ctx context.Context, user int64, on bool) error {
	m, err := s.st.Mail(ctx, user)
	if err == nil {
		m.Turns = on
		err = s.st.SetMail(ctx, user, m)
	}
	if err != nil {
		return fmt.Errorf("turn emails of user %d: %w", user, err)
	}
	return nil
}

// unsubscribe answers POST /api/email/unsubscribe?user=ID&sig=SIG (the
// link of every turn email, and its List-Unsubscribe one-click target,
// RFC 8058): that account's turn emails stop. No sign-in needed: the
// signature is the proof.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id, err := strconv.ParseInt(q.Get("user"), 10, 64)
	if err != nil || id <= 0 {
		s.fail(w, r, errorf(http.StatusBadRequest, "user is missing or not an account number"))
		return
	}
	sig := q.Get("sig")
	if sig == "" || len(sig) > maxMailToken {
		s.fail(w, r, errorf(http.StatusBadRequest, "sig is missing or too long"))
		return
	}
	want, err := s.unsubscribeSig(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !hmac.Equal([]byte(sig), []byte(want)) {
		s.fail(w, r, errorf(http.StatusForbidden, "sig does not match: use the link of the email as it came"))
		return
	}
	if err := s.setTurns(r.Context(), id, false); err != nil {
		s.fail(w, r, err)
		return
	}
	s.log.Info("turn emails stopped by the unsubscribe link", "user", id)
	writeJSON(w, http.StatusOK, map[string]any{"turns": false})
}

// forgotPassword answers POST /api/password/forgot {"name"} (an account
// name or a confirmed address): a reset link goes to the account's
// confirmed address. The answer is the same whether or not there is such
// an account, or it has an address.
func (s *Server) forgotPassword(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn() {
		s.fail(w, r, errNoMail())
		return
	}
	var req struct {
		Name string `json:"name"`
	}
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	name := strings.TrimSpace(req.Name)
	switch {
	case name == "":
		s.fail(w, r, errorf(http.StatusBadRequest, "name is missing: give your account name or its email address"))
		return
	case len(name) > maxAddress:
		s.fail(w, r, errorf(http.StatusBadRequest, "name of %d bytes is longer than %d bytes", len(name), maxAddress))
		return
	}
	if err := s.budgets.forgot.spend(clientKey(r.RemoteAddr), s.cfg.Now()); err != nil {
		s.fail(w, r, err)
		return
	}
	// looked up in the background: the answer takes the same time
	// whether or not the account exists
	s.queueMail(mailJob{kind: mailReset, name: name})
	writeJSON(w, http.StatusAccepted, map[string]string{"status": "if this account has a confirmed email address, a link to reset its password is on its way"})
}

// resetJob makes the reset link of the account named (or whose address
// is) name, when it has a confirmed address and its budgets allow (a job
// without a token when not).
func (s *Server) resetJob(ctx context.Context, name string) (mailJob, error) {
	var u store.User
	var err error
	if strings.Contains(name, "@") {
		u, err = s.st.UserByMail(ctx, name)
	} else {
		u, err = s.findLogin(ctx, name)
	}
	if errors.Is(err, store.ErrNotFound) {
		return mailJob{}, nil
	}
	if err != nil {
		return mailJob{}, err
	}
	m, err := s.st.Mail(ctx, u.ID)
	if err != nil || m.Address == "" || !u.DeletedAt.IsZero() {
		return mailJob{}, err
	}
	now := s.cfg.Now()
	if err := s.spendMail(u.ID, m.Address, now); err != nil {
		return mailJob{}, fmt.Errorf("user %d: %w", u.ID, err)
	}
	raw, hash, err := newMailToken()
	if err != nil {
		return mailJob{}, err
	}
	if err := s.st.CreateMailToken(ctx, store.MailToken{Hash: hash, UserID: u.ID, Purpose: store.TokenReset, Address: m.Address,
		ExpiresAt: s.cfg.Now().Add(resetTTL)}); err != nil {
		return mailJob{}, err
	}
	return mailJob{kind: mailReset, user: u.ID, to: m.Address, token: raw}, nil
}

// resetPassword answers POST /api/password/reset {"token", "password"}:
// the account gets the new password, every session of it ends, and this
// browser is signed in.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) {
	if !s.mailOn() {
		s.fail(w, r, errNoMail())
		return
	}
	var req struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if err := decodeBody(r, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := checkNewPassword(req.Password, ""); err != nil {
		s.fail(w, r, err)
		return
	}
	t, err := s.useToken(r.Context(), req.Token, store.TokenReset)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	u, err := s.st.UserByID(r.Context(), t.UserID)
	if err != nil {
		s.fail(w, r, fmt.Errorf("reset password: %w", err))
		return
	}
	if err := checkNewPassword(req.Password, u.NameKey); err != nil {
		// the link stays good for a better password
		if rerr := s.st.CreateMailToken(r.Context(), t); rerr != nil {
			s.log.Warn("reset token not restored", "user", u.ID, "err", rerr)
		}
		s.fail(w, r, err)
		return
	}
	var hash string
	if !s.hash(w, r, func() { hash, err = hashPassword(req.Password, s.cfg.Argon2) }) {
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	err = s.st.SetPassword(r.Context(), u.ID, hash, "")
	s.sessions.forgetUser(u.ID)
	if err != nil {
		s.fail(w, r, fmt.Errorf("reset password: %w", err))
		return
	}
	s.log.Info("password reset by email; every session ended", "user", u.ID)
	u.PasswordHash = hash
	if err := s.newSession(r.Context(), w, u); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, userJSON{ID: u.ID, Name: u.Name})
}
