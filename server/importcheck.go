package server

import (
	"net/http"

	"tresham/compat/g18xx"
	"tresham/titles"
)

// Import limits. An import holds what 18xx.games accepted, so its moves
// are replayed as they are; what it would put in front of every other user
// of this server (names, chat) is held to limits first.
const (
	maxImportChatRunes = 10000  // one imported chat message
	maxImportActions   = 100000 // actions in one import
)

// checkImport refuses an export whose header or chat breaks the limits,
// naming the player or action.
func checkImport(src *g18xx.Game) error {
	if len(src.Actions) > maxImportActions {
		return errorf(http.StatusRequestEntityTooLarge, "the export has %d actions; the limit is %d", len(src.Actions), maxImportActions)
	}
	if t, ok := titles.Lookup(src.Title); ok && (len(src.Players) < t.MinPlayers || len(src.Players) > t.MaxPlayers) {
		return errorf(http.StatusBadRequest, "players: %s is for %d to %d players, the export has %d", t.Name, t.MinPlayers, t.MaxPlayers, len(src.Players))
	}
	seen := map[string]bool{}
	for i, p := range src.Players {
		_, key, err := ImportedName(p.Name)
		if err != nil {
			return errorf(http.StatusBadRequest, "players[%d] (id %d): %v", i, p.ID, err)
		}
		if seen[key] {
			return errorf(http.StatusBadRequest, "players[%d] (id %d): name %q is used twice", i, p.ID, p.Name)
		}
		seen[key] = true
	}
	for _, a := range src.Actions {
		if a.Type != g18xx.TypeMessage {
			continue
		}
		if len(a.AutoActions) > 0 {
			return errorf(http.StatusBadRequest, "action id %d (message): auto_actions are not allowed on a message", a.ID)
		}
		if a.Message == "" {
			continue
		}
		if msg := chatTextError(a.Message, maxImportChatRunes); msg != "" {
			return errorf(http.StatusBadRequest, "action id %d: %s", a.ID, msg)
		}
	}
	return nil
}
