package server

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"tresham/store"
	"tresham/titles"
	"tresham/titles/title"
)

// maxOwnHotseat is how many hotseat games created on this server (not
// imported) a user may have unfinished, started or not: each is listed in
// the lobby's active games like any table.
const maxOwnHotseat = 50

// maxSummaryOptions bounds the options a game summary carries (a title
// has fewer; rows stored before options were checked may have more).
const maxSummaryOptions = 32

// gameOptions returns opts without repeats, each checked against the
// title's option list before any game is set up: 400 naming the first
// option the title does not have. An unknown title is left to the
// caller's own check.
func gameOptions(name string, opts []string) ([]string, error) {
	out := []string{}
	d, ok := titles.Lookup(name)
	for _, o := range opts {
		if slices.Contains(out, o) {
			continue
		}
		if ok && !slices.ContainsFunc(d.Options, func(x title.Option) bool { return x.Name == o }) {
			// the option quoted and cut at 80 characters (%.80q), given as a
			// string: a verb the catalogue reads (docs/i18n.md)
			return nil, errorf(http.StatusBadRequest, "options: unknown option %s (the options of %s: %s)", fmt.Sprintf("%.80q", o), name, fmt.Sprint(title.OptionNames(d.Options)))
		}
		out = append(out, o)
		if len(out) > maxSummaryOptions {
			return nil, errorf(http.StatusBadRequest, "options: more than %d different options", maxSummaryOptions)
		}
	}
	return out, nil
}

// summaryOptions is the options of a stored game as a summary shows them:
// without repeats, at most maxSummaryOptions.
func summaryOptions(opts []string) []string {
	out := make([]string, 0, min(len(opts), maxSummaryOptions))
	for _, o := range opts {
		if len(out) == maxSummaryOptions {
			break
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// checkOwnHotseat refuses a new hotseat game to a user who already has
// maxOwnHotseat unfinished hotseat games created here.
func (s *Server) checkOwnHotseat(ctx context.Context, u store.User) error {
	n, err := s.countOwnUnfinished(ctx, u, maxOwnHotseat, func(g store.Game) bool { return g.Hotseat && len(g.Meta) == 0 })
	if err != nil {
		return fmt.Errorf("count hotseat games: %w", err)
	}
	if n >= maxOwnHotseat {
		return errorf(http.StatusTooManyRequests, "you have %d unfinished hotseat games (the limit is %d): finish some first (or end them by agreement)", n, maxOwnHotseat)
	}
	return nil
}

// countOwnUnfinished counts the unfinished games (new or active) that u
// created and that keep, up to stop (it stops listing there).
func (s *Server) countOwnUnfinished(ctx context.Context, u store.User, stop int, keep func(store.Game) bool) (int, error) {
	n := 0
	for _, status := range []string{store.StatusNew, store.StatusActive} {
		f := store.Filter{UserID: u.ID, Status: status, Limit: 200}
		for {
			games, err := s.st.ListGames(ctx, f)
			if err != nil {
				return 0, err
			}
			for _, g := range games {
				if g.OwnerID == u.ID && keep(g) {
					n++
				}
			}
			if n >= stop || len(games) < f.Limit {
				break
			}
			c := store.CursorOf(games[len(games)-1])
			f.Before = &c
		}
		if n >= stop {
			break
		}
	}
	return n, nil
}
