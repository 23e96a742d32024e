package selfplay

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// DefaultMaxActions stops a game that has not ended after this many actions.
const DefaultMaxActions = 8000

// Config describes one self-played game.
type Config struct {
	Title   string   // "1860" or "1825"
	Options []string // 18xx.games optional rule names (and Tresham's own)
	Players int
	// Bots names the bot kind of each seat (bot.Kinds); a single kind is
	// used for every seat.
	Bots []string
	// Seed makes the game reproducible: the bots and the choice among
	// simultaneously acting entities derive from it.
	Seed uint64
	// MaxActions stops a game that has not ended (0: DefaultMaxActions).
	MaxActions int
	Checks     Checks
}

// Name is a short name of the configuration and seed, usable as a file name.
func (c Config) Name() string {
	opts := "base"
	if len(c.Options) > 0 {
		opts = strings.Join(c.Options, "+")
	}
	return fmt.Sprintf("%s-%s-%dp-%s-%d", c.Title, opts, c.Players, strings.Join(c.Bots, "+"), c.Seed)
}

// Record is the outcome of one self-played game.
type Record struct {
	Config    Config
	Actions   int
	Finished  bool
	EndReason string
	Result    map[string]int
	// Winners are the seats (0-based) with the highest result.
	Winners  []int
	Duration time.Duration
	// Export is the game as an 18xx.games export, ready to encode.
	Export *g18xx.Game
	// Violation is the broken invariant that stopped the game, if any.
	Violation *Violation
	Counts    map[string]int
}

// seatsOf returns player ids 1..n and names "Player i".
func seatsOf(n int) ([]int, []string) {
	var ids []int
	var names []string
	for i := 1; i <= n; i++ {
		ids = append(ids, i)
		names = append(names, fmt.Sprintf("Player %d", i))
	}
	return ids, names
}

// NewGame sets up a title game for cfg through the replayer's constructor
// (the same one that loads exports).
func NewGame(cfg Config) (Game, Setup, error) {
	ids, names := seatsOf(cfg.Players)
	src := &g18xx.Game{Title: cfg.Title, Settings: g18xx.Settings{OptionalRules: cfg.Options}}
	for i, id := range ids {
		src.Players = append(src.Players, g18xx.Player{ID: id, Name: names[i]})
	}
	rg, err := replay.New(src)
	if err != nil {
		return nil, Setup{}, fmt.Errorf("selfplay: set up %s: %w", cfg.Name(), err)
	}
	g, ok := rg.(Game)
	if !ok {
		return nil, Setup{}, fmt.Errorf("selfplay: %s games (%T) cannot be self-played", cfg.Title, rg)
	}
	return g, Setup{Title: cfg.Title, IDs: ids, Names: names, Options: cfg.Options}, nil
}

// seatOf returns the seat that decides for entity: the player, the
// president of a corporation, the owner of a company (or of the
// corporation that owns it); seat 0 when nobody does (receivership).
func seatOf(g *engine.Game, entity string) int {
	if i := slices.Index(g.Seating, g.Controller(entity)); i >= 0 {
		return i
	}
	return 0
}

// Play plays one game to its end (or MaxActions), checking the invariants
// after every action. A broken invariant ends the game early and is
// reported in the record, not as an error; errors are for games that
// cannot be set up or played at all (a bot with no move).
func Play(ctx context.Context, cfg Config) (*Record, error) {
	if len(cfg.Bots) == 1 {
		cfg.Bots = slices.Repeat(cfg.Bots, cfg.Players)
	}
	if len(cfg.Bots) != cfg.Players {
		return nil, fmt.Errorf("selfplay: %d bots for %d players", len(cfg.Bots), cfg.Players)
	}
	limit := cfg.MaxActions
	if limit <= 0 {
		limit = DefaultMaxActions
	}
	start := time.Now()
	g, setup, err := NewGame(cfg)
	if err != nil {
		return nil, err
	}
	var bots []bot.Player
	for seat, kind := range cfg.Bots {
		b, err := bot.New(kind, cfg.Seed*1000003+uint64(seat))
		if err != nil {
			return nil, fmt.Errorf("selfplay: seat %d: %w", seat+1, err)
		}
		bots = append(bots, b)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0xac7))
	ck := NewChecker(g, setup, cfg.Checks, cfg.Seed)
	rec := &Record{Config: cfg, Counts: ck.Counts}
	for n := 0; n < limit && !g.IsFinished(); n++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("selfplay: %s: %w", cfg.Name(), err)
		}
		acting := g.Acting()
		if len(acting) == 0 {
			rec.Violation = &Violation{Action: n + 1, Invariant: "acting", Detail: "nobody may act in an unfinished game"}
			break
		}
		entity := acting[rng.IntN(len(acting))]
		a, err := choose(g, entity, bots)
		if err != nil {
			return nil, fmt.Errorf("selfplay: %s: action %d: %w", cfg.Name(), n+1, err)
		}
		a.ID = n + 1
		if err := ck.Apply(a); err != nil {
			var v *Violation
			if !errors.As(err, &v) {
				return nil, err
			}
			rec.Violation = v
			break
		}
	}
	rec.Duration = time.Since(start)
	rec.Actions = len(ck.Actions())
	rec.Finished = g.IsFinished()
	if rec.Finished {
		rec.EndReason = g.Engine().EndReason
		rec.Result = g.Result()
		best := 0
		for seat, id := range setup.IDs {
			v := rec.Result[strconv.Itoa(id)]
			switch {
			case v > best || len(rec.Winners) == 0:
				best, rec.Winners = v, []int{seat}
			case v == best:
				rec.Winners = append(rec.Winners, seat)
			}
		}
	}
	rec.Export = FinishExport(ck.Export(), rec, start)
	return rec, nil
}

// choose asks the bot deciding for entity for a move. A train bought from
// a company another player directs needs that director's agreement (the
// rules' "price agreed by both directors"): a refused offer is hidden and
// the bot asked again.
func choose(g bot.Game, entity string, bots []bot.Player) (engine.Action, error) {
	eg := bot.Engine(g)
	view := g
	for range 50 {
		a, err := bots[seatOf(eg, entity)].Choose(view, entity)
		if err != nil {
			return a, err
		}
		if _, _, needs := bot.NeedsConsent(g, a); !needs || bot.Agreed(g, a, func(player int) bot.Player {
			return bots[seatOf(eg, strconv.Itoa(player))]
		}) {
			return a, nil
		}
		view = bot.Hide(view, a)
	}
	return engine.Action{}, fmt.Errorf("no agreed move for %s after 50 offers", entity)
}

// FinishExport fills in the header 18xx.games keeps with a game (id,
// description, seat counts, status, timestamps, end reason, the mode and
// settings) and gives each action a timestamp, so that the site loads the
// file as a finished hotseat game.
func FinishExport(x *g18xx.Game, rec *Record, start time.Time) *g18xx.Game {
	created := start.Unix()
	x.ID = g18xx.Str("tresham_selfplay_" + rec.Config.Name())
	x.Description = fmt.Sprintf("Tresham self-play: %s bots, seed %d", strings.Join(rec.Config.Bots, ","), rec.Config.Seed)
	x.User = &g18xx.Player{ID: 0, Name: "You"}
	x.MinPlayers, x.MaxPlayers = rec.Config.Players, rec.Config.Players
	x.Settings.Seed = int64(rec.Config.Seed % (1 << 31))
	if x.Settings.OptionalRules == nil {
		x.Settings.OptionalRules = []string{}
	}
	x.Mode = "hotseat"
	x.Loaded = true
	c := g18xx.Int(created)
	x.CreatedAt = &c
	u := g18xx.Int(created + int64(rec.Duration/time.Second))
	x.UpdatedAt = &u
	x.Status = "active"
	if rec.Finished {
		x.Status = "finished"
		x.FinishedAt = &u
		x.GameEndReason = rec.EndReason
		x.ManuallyEnded = rec.EndReason == "manually_ended"
	}
	for i := range x.Actions {
		x.Actions[i].CreatedAt = created
	}
	return x
}
