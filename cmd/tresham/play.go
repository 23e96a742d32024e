package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"

	"tresham/bot"
	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
	"tresham/titles"
)

// playGame is what `tresham play` needs of a title game.
type playGame interface {
	replay.Game
	bot.Game
	LogLines() []string
}

// cmdPlay lets one person play a whole game against bots in the terminal:
// each of their moves is picked from the engine's numbered legal moves.
func cmdPlay(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	title := fs.String("title", "1860", "title: "+strings.Join(titles.Names(), " or "))
	options := fs.String("options", "", "comma-separated options (18xx.games names)")
	players := fs.Int("players", 3, "number of players (you and bots)")
	seat := fs.Int("seat", 1, "your seat (1 = first in turn order)")
	kind := fs.String("bot", "heuristic", "the other seats: a level (easy, medium, hard, expert) or a bot kind (random, heuristic, search, search:250ms, search:5000n)")
	seed := fs.Uint64("seed", 1, "bots' seed")
	save := fs.String("save", "", "write the game as an 18xx.games JSON export here when it ends or you quit")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	defer botGC()()
	if fs.NArg() != 0 || *players < 1 || *seat < 1 || *seat > *players {
		fmt.Fprint(stderr, "usage: tresham play [--title 1860|1825] [--options a,b] [--players N] [--seat K] [--bot KIND] [--seed S] [--save FILE.json]\n")
		return 2
	}
	var opts []string
	if *options != "" {
		opts = strings.Split(*options, ",")
	}
	var ids []int
	var names []string
	for i := 1; i <= *players; i++ {
		ids = append(ids, i)
		if i == *seat {
			names = append(names, "You")
		} else {
			names = append(names, fmt.Sprintf("%s bot %d", *kind, i))
		}
	}
	src := &g18xx.Game{Title: *title, Settings: g18xx.Settings{OptionalRules: opts}}
	for i, id := range ids {
		src.Players = append(src.Players, g18xx.Player{ID: id, Name: names[i]})
	}
	rg, err := replay.New(src)
	if err != nil {
		fmt.Fprintf(stderr, "tresham play: %v\n", err)
		return 1
	}
	g, ok := rg.(playGame)
	if !ok {
		fmt.Fprintf(stderr, "tresham play: title %s cannot be played here\n", *title)
		return 1
	}
	bots := map[int]bot.Player{}
	for _, id := range ids {
		if id == *seat {
			continue
		}
		b, err := bot.New(*kind, *seed*1000+uint64(id))
		if err != nil {
			fmt.Fprintf(stderr, "tresham play: %v\n", err)
			return 2
		}
		bots[id] = b
	}
	helper, _ := bot.New("heuristic", *seed)
	s := &session{g: g, in: bufio.NewScanner(stdin), out: stdout, you: *seat, bots: bots, helper: helper}
	var log []engine.Action
	code := 0
	for !g.IsFinished() && ctx.Err() == nil {
		a, quit, err := s.next()
		if err != nil {
			fmt.Fprintf(stderr, "tresham play: %v\n", err)
			code = 1
			break
		}
		if quit {
			break
		}
		a.ID = len(log) + 1
		if err := g.Apply(&a); err != nil {
			// a bot or the helper chose a move the engine refused: a bug
			fmt.Fprintf(stderr, "tresham play: move %s of %s refused: %v\n", a.Type, a.Entity, err)
			code = 1
			break
		}
		log = append(log, a)
		s.showLog()
	}
	if g.IsFinished() {
		fmt.Fprintln(stdout, "\nGame over. Final values:")
		res := g.Result()
		ranked := slices.Clone(ids)
		sort.SliceStable(ranked, func(i, j int) bool { return res[strconv.Itoa(ranked[i])] > res[strconv.Itoa(ranked[j])] })
		for _, id := range ranked {
			fmt.Fprintf(stdout, "  %-20s %d\n", names[id-1], res[strconv.Itoa(id)])
		}
	}
	if *save != "" {
		out := replay.ExportGame(*title, ids, names, opts, log, g)
		b, err := json.MarshalIndent(out, "", " ")
		if err == nil {
			err = os.WriteFile(*save, b, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "tresham play: save: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "saved to %s\n", *save)
	}
	return code
}

// session is one terminal game.
type session struct {
	g       playGame
	in      *bufio.Scanner
	out     io.Writer
	you     int
	bots    map[int]bot.Player
	helper  bot.Player // suggests ("a") moves for you
	logSeen int
}

func (s *session) showLog() {
	lines := s.g.LogLines()
	for _, l := range lines[min(s.logSeen, len(lines)):] {
		fmt.Fprintln(s.out, "  "+l)
	}
	s.logSeen = len(lines)
}

// next returns the next move: a bot's, or yours from the prompt.
func (s *session) next() (engine.Action, bool, error) {
	acting := s.g.Acting()
	if len(acting) == 0 {
		return engine.Action{}, false, fmt.Errorf("nobody may act, but the game is not over")
	}
	for _, ent := range acting {
		if replay.Controller(s.g, ent) == s.you {
			return s.prompt(ent)
		}
	}
	ent := acting[0]
	b := s.bots[replay.Controller(s.g, ent)]
	if b == nil {
		return engine.Action{}, false, fmt.Errorf("no bot decides for %s", ent)
	}
	// a train bought from another director's company needs their
	// agreement: yours at the prompt, a bot's from the bot
	var view bot.Game = s.g
	for range 50 {
		a, err := b.Choose(view, ent)
		if err != nil {
			return a, false, err
		}
		ok, quit := s.agreed(a)
		if quit {
			return a, true, nil
		}
		if ok {
			return a, false, nil
		}
		view = bot.Hide(view, a)
	}
	return engine.Action{}, false, fmt.Errorf("no agreed move for %s", ent)
}

// agreed asks the selling director to agree to a train sale that needs it.
func (s *session) agreed(a engine.Action) (ok, quit bool) {
	seller, director, needs := bot.NeedsConsent(s.g, a)
	if !needs {
		return true, false
	}
	if director == s.you {
		for {
			fmt.Fprintf(s.out, "%s offers £%d for %s's train %s. Accept? [y/n]: ", a.Entity, a.Price, seller, a.Train)
			if !s.in.Scan() {
				return false, true
			}
			switch strings.TrimSpace(s.in.Text()) {
			case "y", "yes":
				return true, false
			case "n", "no":
				return false, false
			}
		}
	}
	c, isConsenter := s.bots[director].(bot.Consenter)
	return isConsenter && c.Agree(s.g, seller, a), false
}

// hint prints the coach's top three moves for entity with every player's
// estimated final worth after each.
func (s *session) hint(entity string) {
	coach := bot.NewCoach(bot.Budget{}, 1)
	h, err := coach.Hint(s.g, entity)
	if err != nil {
		fmt.Fprintf(s.out, "  no hint: %v\n", err)
		return
	}
	fmt.Fprintf(s.out, "  the coach (%d moves looked ahead) would play:\n", h.Nodes)
	for i, m := range h.Moves {
		var est []string
		for _, p := range bot.Engine(s.g).Players {
			est = append(est, fmt.Sprintf("%s £%.0f", p.Name, m.Worth[strconv.Itoa(p.ID)]))
		}
		why := ""
		if w, mg, ok := h.Lead(i); ok {
			why = fmt.Sprintf("; ahead of the next by £%.0f in your estimated final worth and £%.0f in margin over the best other player", w, mg)
		}
		fmt.Fprintf(s.out, "  %d. %s: estimated final worth %s%s\n", i+1, describe(engine.Choice{Action: m.Action}), strings.Join(est, ", "), why)
	}
}

// prompt lists your legal moves for entity and reads your choice.
func (s *session) prompt(entity string) (engine.Action, bool, error) {
	choices := s.g.Legal(entity)
	if len(choices) == 0 {
		return engine.Action{}, false, fmt.Errorf("%s may act but has no legal move", entity)
	}
	s.status(entity)
	for i, c := range choices {
		fmt.Fprintf(s.out, "  %2d) %s\n", i+1, describe(c))
	}
	for {
		fmt.Fprintf(s.out, "%s> move number [price], a = let the bot suggest, h = hint, s = status, q = quit: ", entity)
		if !s.in.Scan() {
			return engine.Action{}, true, s.in.Err()
		}
		f := strings.Fields(s.in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "q":
			return engine.Action{}, true, nil
		case "s":
			s.status(entity)
			continue
		case "a":
			a, err := s.helper.Choose(s.g, entity)
			return a, false, err
		case "h":
			s.hint(entity)
			continue
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 1 || n > len(choices) {
			fmt.Fprintf(s.out, "  no move %q: pick 1 to %d\n", f[0], len(choices))
			continue
		}
		c := choices[n-1]
		a := c.Action
		if len(f) > 1 {
			p, err := strconv.Atoi(f[1])
			if err != nil || p < a.Price || p > max(c.MaxPrice, a.Price) || (c.PriceStep > 0 && (p-a.Price)%c.PriceStep != 0) {
				fmt.Fprintf(s.out, "  price %q is not allowed for this move\n", f[1])
				continue
			}
			a.Price = p
		}
		if ok, _ := s.agreed(a); !ok {
			fmt.Fprintln(s.out, "  the selling company's director does not agree to that price")
			continue
		}
		if c.Open == "routes" {
			routes, err := s.g.BestRoutes(entity)
			if err != nil {
				return engine.Action{}, false, fmt.Errorf("routes of %s: %w", entity, err)
			}
			a.Routes = routes
			total := 0
			for _, r := range routes {
				if r.Revenue != nil {
					total += *r.Revenue
				}
			}
			fmt.Fprintf(s.out, "  best run: %d\n", total)
		}
		return a, false, nil
	}
}

// status prints the players' cash and the acting entity's situation.
func (s *session) status(entity string) {
	eg := replay.Engine(s.g)
	if eg == nil {
		return
	}
	who := entity
	if id, err := strconv.Atoi(entity); err == nil && eg.Player(id) != nil {
		who = eg.Player(id).Name
	}
	fmt.Fprintf(s.out, "\n--- your turn: %s ---\n", who)
	for _, p := range eg.Players {
		fmt.Fprintf(s.out, "  %-20s £%d\n", p.Name, p.Cash)
	}
	if c := eg.Corp(entity); c != nil {
		var trains []string
		for _, t := range c.Trains {
			trains = append(trains, t.Name)
		}
		fmt.Fprintf(s.out, "  %s treasury £%d, trains [%s]\n", c.Name, c.Cash, strings.Join(trains, " "))
	}
}

// describe is a one-line description of a legal move.
func describe(c engine.Choice) string {
	a := c.Action
	parts := []string{a.Type}
	add := func(k, v string) {
		if v != "" {
			parts = append(parts, k+"="+v)
		}
	}
	add("company", a.Company)
	add("corporation", a.Corporation)
	add("hex", a.Hex)
	add("tile", a.Tile)
	add("city", a.City)
	add("train", a.Train)
	add("variant", a.Variant)
	add("kind", a.Kind)
	add("share_price", a.SharePrice)
	add("ends", c.Ends)
	if len(a.Shares) > 0 {
		add("shares", strings.Join(a.Shares, ","))
	}
	if a.Type == "lay_tile" {
		add("rotation", strconv.Itoa(a.Rotation))
	}
	if a.Price != 0 || c.MaxPrice != 0 {
		if c.MaxPrice > a.Price {
			add("price", fmt.Sprintf("%d..%d", a.Price, c.MaxPrice))
		} else {
			add("price", strconv.Itoa(a.Price))
		}
	}
	if c.Open == "routes" {
		parts = append(parts, "(best routes)")
	}
	return strings.Join(parts, " ")
}
