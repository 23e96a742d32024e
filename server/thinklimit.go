package server

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"tresham/bot"
	"tresham/clock"
	"tresham/store"
)

// maxLongThinkingGames is how many unfinished games (started or not) one
// account may have created with a bot that thinks longer a move than the
// hard level: the expert level (2 s a move), or a search on a longer or
// node-only budget. Such a bot holds one of the server's shared thinking
// slots while it thinks, and a game's bots think one at a time, so the
// limit bounds the slots one account's games keep busy (the fair gate of
// thinkfair.go bounds how long another account's bot waits).
const maxLongThinkingGames = 3

// thinksLong reports whether a bot of kind may think longer a move than
// the hard level (bot.DefaultBudget): a search whose time budget is longer,
// or that has none (a node budget alone does not bound its time).
func thinksLong(kind string) bool {
	p, err := bot.New(kind, 0)
	if err != nil {
		return false
	}
	sp, ok := p.(*bot.Search)
	return ok && (sp.Budget.Time == 0 || sp.Budget.Time > bot.DefaultBudget.Time)
}

// longThinking reports whether game h has a bot that thinks long: in a
// seat, or the bot its clock puts in a seat whose time ran out.
func longThinking(h store.Game) bool {
	for _, st := range h.Seats {
		if st.Bot != "" && thinksLong(st.Bot) {
			return true
		}
	}
	if h.Clock != "" {
		var cs clock.Settings
		if json.Unmarshal([]byte(h.Clock), &cs) == nil && cs.OnTimeout == clock.OnTimeoutBot && thinksLong(cs.Bot) {
			return true
		}
	}
	return false
}

// checkLongThinking refuses new game h to a user who already has
// maxLongThinkingGames unfinished games with a bot that thinks long, when
// h has one too.
func (s *Server) checkLongThinking(ctx context.Context, u store.User, h store.Game) error {
	if !longThinking(h) {
		return nil
	}
	n, err := s.countOwnUnfinished(ctx, u, maxLongThinkingGames, longThinking)
	if err != nil {
		return fmt.Errorf("count games with expert bots: %w", err)
	}
	if n >= maxLongThinkingGames {
		return errorf(http.StatusTooManyRequests, "you have %d unfinished games with expert bots (bots that think longer than %s a move; the limit is %d): finish some first (or end them by agreement), or choose a lower level", n, bot.DefaultBudget.Time, maxLongThinkingGames)
	}
	return nil
}
