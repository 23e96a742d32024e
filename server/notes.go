package server

import (
	"fmt"
	"net/http"
	"unicode/utf8"
)

// maxNoteRunes is the longest private note a player may keep on a game.
const maxNoteRunes = 10000

// noteJSON is a player's notepad on a game, as GET and PUT
// /api/games/{id}/note answer and PUT takes.
type noteJSON struct {
	Text  string `json:"text"`
	Limit int    `json:"limit,omitempty"` // characters allowed (answers only)
}

// noteRequest reads the signed-in user and the game of a note request,
// and holds it to a player of the game: a note is its owner's only.
func (s *Server) noteRequest(r *http.Request, body any) (int64, int64, error) {
	u, id, e, err := s.gameRequest(r, body, body == nil)
	if err != nil {
		return 0, 0, err
	}
	seated := len(seatsOf(e.h, u.ID)) > 0
	e.mu.Unlock()
	if !seated {
		return 0, 0, errorf(http.StatusForbidden, "you hold no seat in game %d: a notepad is a player's", id)
	}
	return u.ID, id, nil
}

// getNote answers GET /api/games/{id}/note: the caller's private note on
// the game ("" when none).
func (s *Server) getNote(w http.ResponseWriter, r *http.Request) {
	user, id, err := s.noteRequest(r, nil)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	text, err := s.st.Note(r.Context(), user, id)
	if err != nil {
		s.fail(w, r, fmt.Errorf("note: %w", err))
		return
	}
	writeJSON(w, http.StatusOK, noteJSON{Text: text, Limit: maxNoteRunes})
}

// putNote answers PUT /api/games/{id}/note {"text": …}: the caller's note
// replaced (an empty text deletes it), up to maxNoteRunes characters of
// valid UTF-8 (400 beyond, nothing changed).
func (s *Server) putNote(w http.ResponseWriter, r *http.Request) {
	var body noteJSON
	user, id, err := s.noteRequest(r, &body)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !utf8.ValidString(body.Text) {
		s.fail(w, r, errorf(http.StatusBadRequest, "note: text is not valid UTF-8"))
		return
	}
	if n := utf8.RuneCountInString(body.Text); n > maxNoteRunes {
		s.fail(w, r, errorf(http.StatusBadRequest, "note: text has %d characters; the limit is %d", n, maxNoteRunes))
		return
	}
	if err := s.st.SetNote(r.Context(), user, id, body.Text, s.cfg.Now()); err != nil {
		s.fail(w, r, fmt.Errorf("note: %w", err))
		return
	}
	writeJSON(w, http.StatusOK, noteJSON{Text: body.Text, Limit: maxNoteRunes})
}
