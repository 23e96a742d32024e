// Package rubyoracle runs 18xx.games's own engine (tobymao/18xx, Ruby) on
// an 18xx.games export and compares the state it reaches with Tresham's.
// It needs Ruby and a checkout of that repository on the machine; tests
// that use it are opt-in (TRESHAM_18XX_REPO names the checkout; see
// docs/testing.md). The driver, replay.rb, is Tresham's own script: it
// loads only the engine (lib/engine) of the checkout.
package rubyoracle

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
)

//go:embed replay.rb
var driver []byte

// EnvRepo is the environment variable naming the tobymao/18xx checkout.
const EnvRepo = "TRESHAM_18XX_REPO"

// Mode is how the driver gives the export's actions to the engine.
type Mode string

const (
	// Live sends the actions one at a time as the site takes live moves,
	// the engine making the automatic (programmed) moves itself; moves
	// that differ from the recorded auto_actions are an error.
	Live Mode = "live"
	// Load builds the game from all its actions at once, as the site
	// opens a stored game (recorded auto_actions replayed as they are).
	Load Mode = "load"
)

// State is the compact state both engines are compared on.
type State struct {
	Finished      bool                `json:"finished"`
	Result        map[string]int      `json:"result"`
	GameEndReason string              `json:"game_end_reason"`
	Round         string              `json:"round"`
	Turn          int                 `json:"turn"`
	RoundNum      int                 `json:"round_num"`
	Phase         string              `json:"phase"`
	BankCash      int                 `json:"bank_cash"`
	Acting        []int               `json:"acting"`
	Players       []Player            `json:"players"`
	Corporations  []Corporation       `json:"corporations"`
	Programs      map[string][]string `json:"programs,omitempty"`
}

// Player is a player's cash, holdings (percent by corporation) and
// private companies.
type Player struct {
	ID        int            `json:"id"`
	Cash      int            `json:"cash"`
	Shares    map[string]int `json:"shares"`
	Companies []string       `json:"companies"`
}

// Corporation is a corporation's treasury, price, trains and director.
type Corporation struct {
	Sym           string   `json:"sym"`
	Cash          int      `json:"cash"`
	SharePrice    *int     `json:"share_price"`
	Floated       bool     `json:"floated"`
	President     *int     `json:"president"`
	Trains        []string `json:"trains"`
	MarketPercent int      `json:"market_percent"`
}

// Report is what the driver prints: the state reached, how many actions
// were processed and the first refusal or difference in automatic moves.
type Report struct {
	State
	Mode      Mode   `json:"mode"`
	Processed int    `json:"processed"`
	Error     *Error `json:"error"`
}

// Error is the engine's refusal of an action, or a difference between the
// automatic moves it made and those the export recorded.
type Error struct {
	Action     int      `json:"action"`
	Type       string   `json:"type"`
	Message    string   `json:"message"`
	EngineAuto []string `json:"engine_auto"`
	ExportAuto []string `json:"export_auto"`
}

func (e *Error) String() string {
	s := fmt.Sprintf("action %d (%s): %s", e.Action, e.Type, e.Message)
	if e.EngineAuto != nil || e.ExportAuto != nil {
		s += fmt.Sprintf(": engine %q, export %q", e.EngineAuto, e.ExportAuto)
	}
	return s
}

// Run replays export (an 18xx.games export's JSON) in the engine of the
// tobymao/18xx checkout repo, with Ruby from PATH.
func Run(ctx context.Context, repo string, mode Mode, export []byte) (*Report, error) {
	if _, err := os.Stat(filepath.Join(repo, "lib", "engine", "game", "base.rb")); err != nil {
		return nil, fmt.Errorf("rubyoracle: %s is not a tobymao/18xx checkout: %w", repo, err)
	}
	dir, err := os.MkdirTemp("", "rubyoracle")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	script, game := filepath.Join(dir, "replay.rb"), filepath.Join(dir, "game.json")
	if err := os.WriteFile(script, driver, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(game, export, 0o644); err != nil {
		return nil, err
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "ruby", script, "--mode", string(mode), repo, game)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("rubyoracle: ruby: %w: %s", err, tail(stderr.Bytes()))
	}
	var r Report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		return nil, fmt.Errorf("rubyoracle: the driver's output: %w: %s", err, tail(stdout.Bytes()))
	}
	r.normalise()
	return &r, nil
}

func tail(b []byte) string {
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return string(b)
}

// normalise sorts what either engine may list in another order.
func (s *State) normalise() {
	sort.Slice(s.Players, func(i, j int) bool { return s.Players[i].ID < s.Players[j].ID })
	sort.Slice(s.Corporations, func(i, j int) bool { return s.Corporations[i].Sym < s.Corporations[j].Sym })
	for i := range s.Players {
		p := &s.Players[i]
		if p.Shares == nil {
			p.Shares = map[string]int{}
		}
		if p.Companies == nil {
			p.Companies = []string{}
		}
		sort.Strings(p.Companies)
	}
	for i := range s.Corporations {
		c := &s.Corporations[i]
		if c.Trains == nil {
			c.Trains = []string{}
		}
		sort.Strings(c.Trains)
	}
	if s.Acting == nil {
		s.Acting = []int{}
	}
	slices.Sort(s.Acting)
}

// FromTresham is the compact state of a Tresham state view (a title's
// State(): the golden-trace shape).
func FromTresham(view map[string]any) (*State, error) {
	raw, err := json.Marshal(view)
	if err != nil {
		return nil, err
	}
	var v struct {
		Finished      bool           `json:"finished"`
		Result        map[string]int `json:"result"`
		GameEndReason *string        `json:"game_end_reason"`
		Round         string         `json:"round"`
		Turn          int            `json:"turn"`
		RoundNum      int            `json:"round_num"`
		Phase         string         `json:"phase"`
		BankRaw       int            `json:"bank_raw"`
		Acting        []int          `json:"acting"`
		Players       []struct {
			ID   int `json:"id"`
			Cash int `json:"cash"`
		} `json:"players"`
		Companies []struct {
			Sym    string `json:"sym"`
			Owner  any    `json:"owner"`
			Closed bool   `json:"closed"`
		} `json:"companies"`
		Corporations []struct {
			Sym           string         `json:"sym"`
			Cash          int            `json:"cash"`
			SharePrice    *int           `json:"share_price"`
			Floated       bool           `json:"floated"`
			President     *int           `json:"president"`
			Trains        []string       `json:"trains"`
			SharesByOwner map[string]int `json:"shares_by_owner"`
		} `json:"corporations"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("rubyoracle: Tresham's state: %w", err)
	}
	s := &State{Finished: v.Finished, Result: v.Result, Round: v.Round, Turn: v.Turn, RoundNum: v.RoundNum,
		Phase: v.Phase, BankCash: v.BankRaw, Acting: v.Acting}
	if v.GameEndReason != nil {
		s.GameEndReason = *v.GameEndReason
	}
	byID := map[string]*Player{}
	for _, p := range v.Players {
		s.Players = append(s.Players, Player{ID: p.ID, Cash: p.Cash, Shares: map[string]int{}, Companies: []string{}})
	}
	for i := range s.Players {
		byID[strconv.Itoa(s.Players[i].ID)] = &s.Players[i]
	}
	for _, co := range v.Companies {
		if f, ok := co.Owner.(float64); ok && !co.Closed {
			if p := byID[strconv.Itoa(int(f))]; p != nil {
				p.Companies = append(p.Companies, co.Sym)
			}
		}
	}
	for _, c := range v.Corporations {
		s.Corporations = append(s.Corporations, Corporation{Sym: c.Sym, Cash: c.Cash, SharePrice: c.SharePrice,
			Floated: c.Floated, President: c.President, Trains: c.Trains, MarketPercent: c.SharesByOwner["market"]})
		for owner, pct := range c.SharesByOwner {
			if p := byID[owner]; p != nil && pct > 0 {
				p.Shares[c.Sym] = pct
			}
		}
	}
	s.normalise()
	return s, nil
}

// Diff lists where b differs from a (field by field, at most limit
// lines), empty when they agree. Programs are compared when both list
// them (non-nil).
func Diff(a, b *State, limit int) []string {
	var out []string
	add := func(format string, args ...any) {
		if len(out) < limit {
			out = append(out, fmt.Sprintf(format, args...))
		}
	}
	eq := func(name string, x, y any) {
		xb, _ := json.Marshal(x)
		yb, _ := json.Marshal(y)
		if !bytes.Equal(xb, yb) {
			add("%s: %s vs %s", name, xb, yb)
		}
	}
	eq("finished", a.Finished, b.Finished)
	eq("result", a.Result, b.Result)
	eq("game_end_reason", a.GameEndReason, b.GameEndReason)
	eq("round", a.Round, b.Round)
	eq("turn", a.Turn, b.Turn)
	eq("round_num", a.RoundNum, b.RoundNum)
	eq("phase", a.Phase, b.Phase)
	eq("bank cash", a.BankCash, b.BankCash)
	if !a.Finished && !b.Finished {
		eq("acting", a.Acting, b.Acting)
	}
	if len(a.Players) != len(b.Players) {
		add("players: %d vs %d", len(a.Players), len(b.Players))
	} else {
		for i := range a.Players {
			eq(fmt.Sprintf("player %d", a.Players[i].ID), a.Players[i], b.Players[i])
		}
	}
	cb := map[string]Corporation{}
	for _, c := range b.Corporations {
		cb[c.Sym] = c
	}
	for _, c := range a.Corporations {
		o, ok := cb[c.Sym]
		if !ok {
			add("corporation %s: missing", c.Sym)
			continue
		}
		eq("corporation "+c.Sym, c, o)
	}
	if len(a.Corporations) != len(b.Corporations) {
		add("corporations: %d vs %d", len(a.Corporations), len(b.Corporations))
	}
	if a.Programs != nil && b.Programs != nil {
		eq("programs", a.Programs, b.Programs)
	}
	return out
}
