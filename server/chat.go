package server

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"tresham/compat/g18xx"
	"tresham/store"
)

// Chat limits: a message is at most maxChatRunes characters, and a user
// may send at most chatBurst messages in any chatWindow.
const (
	maxChatRunes = 2000
	chatBurst    = 10
	chatWindow   = 30 * time.Second
)

// chatLimiter counts each user's recent messages (a sliding window).
type chatLimiter struct {
	mu   sync.Mutex
	sent map[int64][]time.Time
}

// allow records a message by user at now and reports whether it is within
// the limit; when it is not, it returns how long until the next one is.
func (l *chatLimiter) allow(user int64, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sent == nil {
		l.sent = map[int64][]time.Time{}
	}
	recent := slices.DeleteFunc(l.sent[user], func(t time.Time) bool { return now.Sub(t) >= chatWindow })
	if len(recent) >= chatBurst {
		l.sent[user] = recent
		return false, chatWindow - now.Sub(recent[0])
	}
	l.sent[user] = append(recent, now)
	if len(l.sent) > 10000 { // forget idle users now and then
		for u, ts := range l.sent {
			if len(ts) == 0 || now.Sub(ts[len(ts)-1]) >= chatWindow {
				delete(l.sent, u)
			}
		}
	}
	return true, 0
}

// chatTextError says what is wrong with a chat text of at most limit
// characters ("" when nothing is): empty, too long, or holding control
// characters (newlines and tabs are allowed) or the invisible ones that
// reorder or hide text (bidi overrides, zero-width space, word joiners).
// Joiners that build emoji (U+200D) and variation selectors are fine.
func chatTextError(text string, limit int) string {
	if strings.TrimSpace(text) == "" {
		return "message is empty"
	}
	if !utf8.ValidString(text) {
		return "message is not valid UTF-8"
	}
	if n := utf8.RuneCountInString(text); n > limit {
		return fmt.Sprintf("message has %d characters; the limit is %d", n, limit)
	}
	for _, r := range text {
		if r == '\n' || r == '\t' {
			continue
		}
		if unicode.IsControl(r) || hidesText(r) {
			return fmt.Sprintf("message holds a control or invisible formatting character (%U)", r)
		}
	}
	return ""
}

// hidesText reports the invisible characters that reorder or hide text.
func hidesText(r rune) bool {
	switch {
	case r == 0x061C, r == 0x200B, r == 0x200E, r == 0x200F, r == 0xFEFF:
		return true
	case r >= 0x202A && r <= 0x202E, r >= 0x2060 && r <= 0x2064, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// checkChat admits a chat message: sent as one of the user's own seats,
// text within the limits, no automatic follow-ups, and the user within the
// rate limit.
func (s *Server) checkChat(u store.User, seats []int, a *g18xx.Action) error {
	pid, ok := a.Entity.PlayerID()
	if !ok || !slices.Contains(seats, pid) {
		return errorf(http.StatusForbidden, "message: entity must be your own seat (you play %v)", seats)
	}
	if len(a.AutoActions) > 0 {
		return errorf(http.StatusBadRequest, "message: auto_actions are not allowed on a message")
	}
	if a.EndVote != "" || a.Has("end_vote") {
		return errorf(http.StatusBadRequest, "message: end_vote is set by POST /api/games/{id}/end, not by a message")
	}
	if _, ok := a.Extra[handoverKey]; ok || a.Has(handoverKey) {
		return errorf(http.StatusBadRequest, "message: %s is set by POST /api/games/{id}/handover, not by a message", handoverKey)
	}
	if _, ok := a.Extra[clockKey]; ok || a.Has(clockKey) {
		return errorf(http.StatusBadRequest, "message: %s notes are written by the server, not by a message", clockKey)
	}
	if msg := chatTextError(a.Message, maxChatRunes); msg != "" {
		return errorf(http.StatusBadRequest, "message: %s", msg)
	}
	return s.chatAllowed(u, "message")
}

// chatAllowed spends one of the user's chat lines (a message, or a vote
// the server writes as a chat line: ending the game, handing a seat over);
// a 429 naming what when the user is past the chat limit.
func (s *Server) chatAllowed(u store.User, what string) error {
	if ok, wait := s.chat.allow(u.ID, s.cfg.Now()); !ok {
		return &apiError{code: http.StatusTooManyRequests, msg: fmt.Sprintf("%s: too many messages and votes (%d in %v); try again in %v", what, chatBurst, chatWindow, wait.Round(time.Second)), retryAfter: wait}
	}
	return nil
}
