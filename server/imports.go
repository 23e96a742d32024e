package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"tresham/compat/g18xx"
	"tresham/store"
)

// Import storage limits (docs/api.md, "Limits"). An archive of a few
// hundred real games is honest use: a real export is 100-200 KB with
// actions under 2 KiB each.
const (
	maxImports      = 500     // imported games an account keeps
	maxImportAction = 8 << 10 // bytes of one imported action (compacted)
	// importBurst and importEvery budget one account's imports.
	importBurst = 300
	importEvery = 5 * time.Second
	// importBytesBurst and importBytesEvery budget the bytes one account
	// imports: 256 MiB at once, refilled over a day.
	importBytesBurst = 256 << 20
	importBytesEvery = 24 * time.Hour / (importBytesBurst >> 10) // a KiB (the budget counts KiB)
	// header fields kept from an import, clipped
	maxImportSettingKeys  = 32
	maxImportSettingBytes = 256
	maxImportStamp        = 40 // characters of a date or a short code
)

// checkImportQuota refuses an import to an account that keeps maxImports
// imported games, or whose import budget is spent.
func (s *Server) checkImportQuota(ctx context.Context, u store.User, size int) error {
	key := "u" + fmt.Sprint(u.ID)
	now := time.Now()
	if err := s.importBudget.spend(key, now); err != nil {
		return err
	}
	if d := s.importBytes.takeN(key, now, (size+1023)>>10); d > 0 {
		return &apiError{code: http.StatusTooManyRequests, retryAfter: d,
			msg: fmt.Sprintf("too many bytes imported (%d MiB, then %d MiB a day): try again in %d s", importBytesBurst>>20, importBytesBurst>>20, int(d.Seconds())+1)}
	}
	n := 0
	f := store.Filter{UserID: u.ID, Limit: 200}
	for {
		games, err := s.st.ListGames(ctx, f)
		if err != nil {
			return fmt.Errorf("count imports: %w", err)
		}
		for _, g := range games {
			if g.OwnerID == u.ID && len(g.Meta) > 0 {
				n++
			}
		}
		if n >= maxImports {
			return errorf(http.StatusTooManyRequests, "you have %d imported games (the limit is %d)", n, maxImports)
		}
		if len(games) < f.Limit {
			return nil
		}
		c := store.CursorOf(games[len(games)-1])
		f.Before = &c
	}
}

// compactActions removes the white space of the raw actions and refuses
// one over maxImportAction bytes, naming it.
func compactActions(raw []json.RawMessage, src *g18xx.Game) error {
	var buf bytes.Buffer
	for i, a := range raw {
		buf.Reset()
		if err := json.Compact(&buf, a); err != nil {
			return errorf(http.StatusBadRequest, "actions[%d]: %v", i, err)
		}
		if buf.Len() > maxImportAction {
			return errorf(http.StatusRequestEntityTooLarge, "action id %d: %d bytes; an action has at most %d", src.Actions[i].ID, buf.Len(), maxImportAction)
		}
		raw[i] = bytes.Clone(buf.Bytes())
	}
	return nil
}

// importHeader is the header an import keeps, for its export: the fields
// 18xx.games reads, each clipped, without the unknown keys, the exporting
// user's page settings or large settings. Status, result, turn and acting
// players are computed on export. opts are the checked options.
func importHeader(src *g18xx.Game, opts []string) *g18xx.Game {
	h := &g18xx.Game{ID: src.ID, Title: src.Title, MinPlayers: src.MinPlayers, MaxPlayers: src.MaxPlayers,
		Description: clipRunes(src.Description, maxDescription), Loaded: src.Loaded, ManuallyEnded: src.ManuallyEnded,
		Mode: clipRunes(src.Mode, maxImportStamp), GameEndReason: clipRunes(src.GameEndReason, maxImportStamp)}
	if src.ID.IsString() && len(src.ID.String()) > maxImportStamp {
		h.ID = g18xx.Str(clipRunes(src.ID.String(), maxImportStamp))
	}
	if src.User != nil {
		h.User = &g18xx.Player{ID: src.User.ID, Name: clipRunes(src.User.Name, MaxImportedNameLength)}
	}
	for _, p := range src.Players {
		h.Players = append(h.Players, g18xx.Player{ID: p.ID, Name: p.Name})
	}
	h.Settings = g18xx.Settings{Seed: src.Settings.Seed, OptionalRules: opts}
	for k, v := range src.Settings.Extra {
		if len(h.Settings.Extra) == maxImportSettingKeys {
			break
		}
		if len(k) <= maxImportStamp && len(v) <= maxImportSettingBytes {
			if h.Settings.Extra == nil {
				h.Settings.Extra = map[string]json.RawMessage{}
			}
			h.Settings.Extra[k] = v
		}
	}
	h.CreatedAt, h.UpdatedAt, h.FinishedAt = clipStamp(src.CreatedAt), clipStamp(src.UpdatedAt), clipStamp(src.FinishedAt)
	if len(src.FixtureFormat) <= maxImportSettingBytes {
		h.FixtureFormat = src.FixtureFormat
	}
	return h
}

// clipStamp keeps a time stamp unless it is a long string.
func clipStamp(v *g18xx.IntOrString) *g18xx.IntOrString {
	if v == nil {
		return nil
	}
	if v.IsString() && len(v.String()) > maxImportStamp {
		return nil
	}
	return v
}

// clipRunes cuts s to at most n runes (and valid UTF-8).
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n && utf8.ValidString(s) {
		return s
	}
	out := make([]rune, 0, n)
	for _, r := range s {
		if len(out) == n {
			break
		}
		out = append(out, r)
	}
	return string(out)
}

// maxFreeUndoRedo is how many undo and redo actions an import may hold
// beyond one for each of its other actions. Real games take back a few
// percent of their moves (the real games in internal/fixtures: at most 49
// in 705 actions); a log padded with undo and redo costs every replay of
// the game, every view and historic map, for nothing.
const maxFreeUndoRedo = 500

// checkUndoRedo refuses an export whose undo and redo actions outnumber
// its other actions by more than maxFreeUndoRedo.
func checkUndoRedo(src *g18xx.Game) error {
	n := 0
	for _, a := range src.Actions {
		if a.Type == g18xx.TypeUndo || a.Type == g18xx.TypeRedo {
			n++
		}
	}
	if other := len(src.Actions) - n; n > other+maxFreeUndoRedo {
		return errorf(http.StatusRequestEntityTooLarge, "the export has %d undo and redo actions for %d other actions; the limit is %d more than the others (%d)", n, other, maxFreeUndoRedo, other+maxFreeUndoRedo)
	}
	return nil
}
