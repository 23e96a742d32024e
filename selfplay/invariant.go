// Package selfplay plays whole games of any title between bots and checks
// the engine's invariants after every action: money is conserved,
// certificates add up, certificate limits hold, trains and phases agree
// with the depot, an export of the game replays to the same state, undo
// then redo restores the state, Legal lists only actions Apply accepts, and
// actions it does not list are refused without changing the game. The
// tresham selfplay command and the tests drive it.
package selfplay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/replay"
)

// Game is what self-play needs from a title game: what the replayer and
// the bots drive, plus the title-independent state.
type Game interface {
	replay.Game
	// BestRoutes returns a maximum-revenue run for a corporation.
	BestRoutes(corp string) ([]engine.Route, error)
	// Engine returns the title-independent state (promoted from the
	// embedded *engine.Game).
	Engine() *engine.Game
}

// Checks chooses the expensive invariant checks and how often they run.
// The cheap checks (money, certificates, certificate limit, trains and
// phase, someone may act) run after every action. An Every field of N runs
// its check before or after every Nth action (0 = never); a game that
// ends gets the round-trip check once more at the end when RoundTripEvery
// is set.
type Checks struct {
	// RoundTripEvery: export the game so far to 18xx.games JSON, decode
	// it, replay it and compare the state.
	RoundTripEvery int
	// UndoEvery: undo the action just applied, compare with the state
	// before it, apply it again and compare with the state after it.
	UndoEvery int
	// ProbeEvery: apply up to ProbeMax listed choices of each acting
	// entity (each then undone): every one must be accepted.
	ProbeEvery int
	ProbeMax   int
	// MutateEvery: change the chosen action into unlisted neighbours
	// (another mover, price, hex, certificate, train...); each must be
	// refused with the state unchanged.
	MutateEvery int
	// FormsEvery: for each acting player, name every distinct bundle of
	// their certificates of each corporation (any alike certificates, the
	// director's or not; its sum or a part of it) in a sale: each must be accepted
	// exactly when Legal lists it, a refusal leaving the state unchanged.
	FormsEvery int
}

// DefaultChecks are the sampling rates the selfplay command uses.
func DefaultChecks() Checks {
	return Checks{RoundTripEvery: 250, UndoEvery: 50, ProbeEvery: 97, ProbeMax: 4, MutateEvery: 13, FormsEvery: 17}
}

// AllChecks runs every check after every action (slow: for short games).
func AllChecks() Checks {
	return Checks{RoundTripEvery: 1, UndoEvery: 1, ProbeEvery: 1, ProbeMax: 1 << 20, MutateEvery: 1, FormsEvery: 1}
}

// Violation is a broken invariant.
type Violation struct {
	// Action is the id of the action after (or before) which the invariant
	// failed; Type and Entity describe it.
	Action    int
	Type      string
	Entity    string
	Invariant string
	Detail    string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("action %d (%s by %s): invariant %s: %s", v.Action, v.Type, v.Entity, v.Invariant, v.Detail)
}

// Setup is what an export of the game needs besides its actions.
type Setup struct {
	Title   string
	IDs     []int
	Names   []string
	Options []string
}

// Checker checks one game's invariants as it is played. Create it with
// NewChecker before the first action; call Before, then Apply (through the
// checker), for each action.
type Checker struct {
	g      Game
	setup  Setup
	checks Checks
	rng    *rand.Rand

	actions   []engine.Action
	totalCash int
	// fromDepot are the trains in the depot at the start; others (1825's
	// minors' trains, set aside at setup) are bought without phase changes
	// or rusting.
	fromDepot map[string]bool
	// Refusals counts the refused probe actions by kind of error (RuleError
	// or other), for the summary.
	Refusals map[string]int
	// Counts counts the checks run, by invariant.
	Counts map[string]int
}

// NewChecker starts checking g, which must be freshly set up.
func NewChecker(g Game, setup Setup, checks Checks, seed uint64) *Checker {
	c := &Checker{
		g: g, setup: setup, checks: checks,
		rng:       rand.New(rand.NewPCG(seed, 0x5e1f)),
		totalCash: g.Engine().TotalCash(),
		fromDepot: map[string]bool{},
		Refusals:  map[string]int{},
		Counts:    map[string]int{},
	}
	for _, t := range g.Engine().Depot.Upcoming {
		c.fromDepot[t.ID] = true
	}
	return c
}

// Actions returns the actions applied so far (shared; do not modify).
func (c *Checker) Actions() []engine.Action { return c.actions }

func stateJSON(g replay.Game) string {
	b, err := json.Marshal(g.State())
	if err != nil {
		return "unencodable state: " + err.Error()
	}
	return string(b)
}

func every(n, i int) bool { return n > 0 && i%n == 0 }

// Apply applies a (the bot's choice for its mover), checking the sampled
// invariants before and the invariants after it. It returns the first
// violation found; a is applied when nothing is violated.
func (c *Checker) Apply(a engine.Action) error {
	i := len(c.actions)
	viol := func(inv, format string, args ...any) *Violation {
		return &Violation{Action: a.ID, Type: a.Type, Entity: a.Entity, Invariant: inv, Detail: fmt.Sprintf(format, args...)}
	}
	if every(c.checks.ProbeEvery, i) {
		if err := c.probe(); err != nil {
			return viol("legal-accepted", "%v", err)
		}
	}
	if every(c.checks.MutateEvery, i) {
		if err := c.mutate(a); err != nil {
			return viol("unlisted-refused", "%v", err)
		}
	}
	if every(c.checks.FormsEvery, i) {
		if err := c.sellForms(); err != nil {
			return viol("unlisted-refused", "%v", err)
		}
	}
	var before string
	undo := every(c.checks.UndoEvery, i)
	if undo {
		before = stateJSON(c.g)
	}
	var certsBefore map[string]int
	acquiring := a.EntityType == g18xx.EntityPlayer && acquisitions[a.Type]
	if acquiring {
		certsBefore = c.playerCerts()
	}
	if err := c.g.Apply(&a); err != nil {
		return viol("legal-accepted", "the bot's listed action %s was refused: %v", a.Brief(), err)
	}
	c.actions = append(c.actions, a)
	if undo {
		c.Counts["undo-redo"]++
		after := stateJSON(c.g)
		if err := c.g.Undo(); err != nil {
			return viol("undo-redo", "undo failed: %v", err)
		}
		if got := stateJSON(c.g); got != before {
			return viol("undo-redo", "undo did not restore the state before the action: %s", diffJSON(before, got))
		}
		redo := a
		if err := c.g.Apply(&redo); err != nil {
			return viol("undo-redo", "re-applying after undo was refused: %v", err)
		}
		if got := stateJSON(c.g); got != after {
			return viol("undo-redo", "redo did not restore the state after the action: %s", diffJSON(after, got))
		}
	}
	for _, ck := range []struct {
		name string
		fn   func() error
	}{
		{"cash", c.cash},
		{"certificates", c.certificates},
		{"cert-limit", func() error {
			if !acquiring {
				return nil
			}
			return c.certLimit(a, certsBefore)
		}},
		{"trains-phase", c.trains},
		{"acting", func() error { return c.acting(every(c.checks.ProbeEvery, i)) }},
	} {
		c.Counts[ck.name]++
		if err := ck.fn(); err != nil {
			return viol(ck.name, "%v", err)
		}
	}
	if every(c.checks.RoundTripEvery, i+1) || (c.checks.RoundTripEvery > 0 && c.g.IsFinished()) {
		if err := c.RoundTrip(); err != nil {
			return viol("round-trip", "%v", err)
		}
	}
	return nil
}

// cash: bank + players + treasuries never change (every payment in the
// engine moves money between two accounts, the bank's included; the bank's
// balance may go negative when it breaks, and 1860's nationalisation pays
// from it as an unlimited bank, so neither makes or destroys money).
func (c *Checker) cash() error {
	if got := c.g.Engine().TotalCash(); got != c.totalCash {
		return fmt.Errorf("total cash %d, want %d", got, c.totalCash)
	}
	return nil
}

// certificates: every corporation's certificates add up to 100%, each is
// held by the IPO, the market or a player of the game, one director's
// certificate is index 0, and a president holds it.
func (c *Checker) certificates() error {
	g := c.g.Engine()
	players := map[engine.Holder]bool{}
	for _, p := range g.Players {
		players[engine.Holder(p.ID)] = true
	}
	for _, co := range g.Corps {
		sum := 0
		for i, s := range co.Shares {
			sum += s.Percent
			if s.Index != i {
				return fmt.Errorf("%s certificate %d has index %d", co.Sym, i, s.Index)
			}
			if s.President != (i == 0) {
				return fmt.Errorf("%s certificate %d: director's flag %v", co.Sym, i, s.President)
			}
			if s.Holder != engine.HolderIPO && s.Holder != engine.HolderMarket && !players[s.Holder] && !(co.Closed && s.Holder == engine.NoHolder) {
				return fmt.Errorf("%s_%d is held by unknown holder %d", co.Sym, i, s.Holder)
			}
		}
		if sum != 100 {
			return fmt.Errorf("%s certificates add up to %d%%", co.Sym, sum)
		}
		if co.President > 0 && !co.Closed && co.Shares[0].Holder != engine.Holder(co.President) {
			return fmt.Errorf("%s: president %d does not hold the director's certificate (held by %d)", co.Sym, co.President, co.Shares[0].Holder)
		}
	}
	return nil
}

// playerCerts reads each player's counted certificates and the limit from
// the state (the titles count them their own way: 1825 leaves out shares
// in the yellow zone).
func (c *Checker) playerCerts() map[string]int {
	st := c.g.State()
	out := map[string]int{}
	ps, _ := st["players"].([]any)
	for _, p := range ps {
		m, _ := p.(map[string]any)
		id, _ := m["id"].(int)
		n, _ := m["num_certs"].(int)
		out[strconv.Itoa(id)] = n
	}
	out["limit"], _ = st["cert_limit"].(int)
	return out
}

// acquisitions are the moves by which a player takes a certificate on
// purpose; a player may end above the limit only by other means (a price
// leaving the yellow zone, a director's swap, an exchange, a limit that
// falls with players or phases).
var acquisitions = map[string]bool{"buy_shares": true, "par": true, "buy_company": true}

// certLimit: a player's own purchase never takes them above the limit.
func (c *Checker) certLimit(a engine.Action, before map[string]int) error {
	after := c.playerCerts()
	if n := after[a.Entity]; n > after["limit"] && n > before[a.Entity] {
		return fmt.Errorf("player %s bought to %d certificates, limit %d", a.Entity, n, after["limit"])
	}
	return nil
}

// trains: no train is in two places, trains of a limited type never
// outnumber the table, owners agree with holders, no corporation or pool
// keeps a train whose rusting train has been bought, and the phase is the
// one the trains bought so far have reached.
func (c *Checker) trains() error {
	g := c.g.Engine()
	d := g.Depot
	where := map[*engine.Train]string{}
	place := func(t *engine.Train, w string) error {
		if o, ok := where[t]; ok {
			return fmt.Errorf("train %s is both %s and %s", t.ID, o, w)
		}
		where[t] = w
		return nil
	}
	// bought are the train names of which one has left the depot; held
	// those of which one is held, rusted or in the pool, 1825's minors'
	// trains included (set aside at setup, they change no phase when a
	// minor forms with one, but do when another company buys one, as in
	// the reference)
	bought, held := map[string]bool{}, map[string]bool{}
	buy := func(t *engine.Train) {
		held[t.Name] = true
		if c.fromDepot[t.ID] {
			bought[t.Name] = true
		}
	}
	for _, co := range g.Corps {
		for _, t := range co.Trains {
			if err := place(t, "with "+co.Sym); err != nil {
				return err
			}
			if t.Owner != co.Sym || t.Rusted || t.InPool {
				return fmt.Errorf("train %s with %s: owner %q rusted %v in pool %v", t.ID, co.Sym, t.Owner, t.Rusted, t.InPool)
			}
			buy(t)
		}
	}
	for _, t := range d.Upcoming {
		if err := place(t, "in the depot"); err != nil {
			return err
		}
	}
	for _, t := range d.Pool {
		if err := place(t, "in the pool"); err != nil {
			return err
		}
		buy(t)
	}
	for _, t := range d.Rusted {
		if err := place(t, "rusted"); err != nil {
			return err
		}
		if !t.Rusted {
			return fmt.Errorf("train %s is among the rusted but not marked so", t.ID)
		}
		buy(t)
	}
	count := map[string]int{}
	ids := map[string]bool{}
	for t := range where {
		count[t.Name]++
		if ids[t.ID] {
			return fmt.Errorf("two trains have id %s", t.ID)
		}
		ids[t.ID] = true
	}
	for _, tt := range d.Types {
		if tt.Count > 0 && count[tt.Name] > tt.Count {
			return fmt.Errorf("%d %s trains, the table has %d", count[tt.Name], tt.Name, tt.Count)
		}
	}
	for t, w := range where {
		if !t.Rusted && t.RustsOn != "" && bought[t.RustsOn] && w != "in the depot" {
			return fmt.Errorf("train %s %s should have rusted (a %s has been bought)", t.ID, w, t.RustsOn)
		}
	}
	for i, ph := range g.Phases {
		if ph.On == "" || i == 0 {
			continue
		}
		if i <= g.PhaseIdx && !held[ph.On] {
			return fmt.Errorf("phase %s reached but no %s train bought", g.Phase().Name, ph.On)
		}
		if i > g.PhaseIdx && bought[ph.On] && !c.onTrainReachesEarlierPhase(i) {
			return fmt.Errorf("a %s train was bought but the phase is still %s, not %s", ph.On, g.Phase().Name, ph.Name)
		}
	}
	return nil
}

// onTrainReachesEarlierPhase reports whether phase i's train also starts
// an earlier phase (then buying one need not reach phase i).
func (c *Checker) onTrainReachesEarlierPhase(i int) bool {
	ps := c.g.Engine().Phases
	return slices.ContainsFunc(ps[:i], func(p engine.Phase) bool { return p.On == ps[i].On })
}

// acting: an unfinished game always has someone to act, and (when all is
// set: Legal is not cheap) each acting entity has a legal move.
func (c *Checker) acting(all bool) error {
	if c.g.IsFinished() {
		return nil
	}
	acting := c.g.Acting()
	if len(acting) == 0 {
		return errors.New("nobody may act in an unfinished game")
	}
	if !all {
		return nil
	}
	for _, e := range acting {
		if len(c.g.Legal(e)) == 0 {
			return fmt.Errorf("%s may act but has no legal move", e)
		}
	}
	return nil
}

// Export returns the game so far as an 18xx.games export.
func (c *Checker) Export() *g18xx.Game {
	return replay.ExportGame(c.setup.Title, c.setup.IDs, c.setup.Names, c.setup.Options, c.actions, c.g)
}

// RoundTrip exports the game, encodes and decodes the export, replays it
// and checks that the replayed game's state equals the game's.
func (c *Checker) RoundTrip() error {
	c.Counts["round-trip"]++
	b, err := g18xx.Marshal(c.Export())
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	src, err := g18xx.Decode(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("decode export: %w", err)
	}
	r, n, err := replay.Run(src, nil)
	if err != nil {
		return fmt.Errorf("replay export after %d actions: %w", n, err)
	}
	if want, got := stateJSON(c.g), stateJSON(r); want != got {
		return fmt.Errorf("replayed state differs: %s", diffJSON(want, got))
	}
	return nil
}

// probe applies up to ProbeMax complete listed choices of each acting
// entity, undoing each: all must be accepted and the undo exact.
func (c *Checker) probe() error {
	if c.g.IsFinished() {
		return nil
	}
	before := stateJSON(c.g)
	for _, ent := range c.g.Acting() {
		choices := c.g.Legal(ent)
		idx := c.rng.Perm(len(choices))
		if len(idx) > c.checks.ProbeMax {
			idx = idx[:c.checks.ProbeMax]
		}
		for _, k := range idx {
			ch := choices[k]
			a := ch.Action
			a.ID = len(c.actions) + 1
			if ch.Open == "routes" {
				routes, err := c.g.BestRoutes(ent)
				if err != nil {
					return fmt.Errorf("routes for %s: %w", ent, err)
				}
				a.Routes = routes
			} else if ch.Open != "" {
				continue
			}
			if ch.MaxPrice > a.Price && c.rng.IntN(2) == 0 {
				a.Price = ch.MaxPrice
			}
			c.Counts["legal-accepted"]++
			if err := c.g.Apply(&a); err != nil {
				return fmt.Errorf("listed %s by %s %s refused: %w", a.Type, ent, a.Brief(), err)
			}
			if err := c.g.Undo(); err != nil {
				return fmt.Errorf("undo of listed %s by %s: %w", a.Type, ent, err)
			}
			if got := stateJSON(c.g); got != before {
				return fmt.Errorf("listed %s by %s %s, applied and undone, changed the game: %s", a.Type, ent, a.Brief(), diffJSON(before, got))
			}
		}
	}
	return nil
}

// mutate applies unlisted neighbours of a: each must be refused and leave
// the game exactly as it was.
func (c *Checker) mutate(a engine.Action) error {
	g := c.g.Engine()
	legal := map[string][]engine.Choice{}
	listed := func(m engine.Action) bool {
		if _, ok := legal[m.Entity]; !ok {
			legal[m.Entity] = c.g.Legal(m.Entity)
		}
		return engine.CoveredBy(g, legal[m.Entity], m)
	}
	var before string
	for _, m := range Mutations(g, a, c.rng) {
		// run_routes choices name no route: Covers accepts any, so only the
		// mutations that are wrong in themselves are tried
		if m.Type != "run_routes" && listed(m) {
			continue
		}
		if before == "" {
			before = stateJSON(c.g)
		}
		c.Counts["unlisted-refused"]++
		err := c.g.Apply(&m)
		if err == nil {
			if uerr := c.g.Undo(); uerr != nil {
				return fmt.Errorf("unlisted %s by %s %s accepted (and undo failed: %v)", m.Type, m.Entity, m.Brief(), uerr)
			}
			return fmt.Errorf("unlisted %s by %s %s was accepted", m.Type, m.Entity, m.Brief())
		}
		var re *engine.RuleError
		if errors.As(err, &re) {
			c.Refusals["rule"]++
		} else {
			c.Refusals["other"]++
		}
		if err.Error() == "" {
			return fmt.Errorf("unlisted %s by %s %s refused with an empty error", m.Type, m.Entity, m.Brief())
		}
		if got := stateJSON(c.g); got != before {
			return fmt.Errorf("refused %s by %s %s (%v) changed the game: %s", m.Type, m.Entity, m.Brief(), err, diffJSON(before, got))
		}
	}
	return nil
}

// diffJSON names the first top-level key where two state encodings differ.
func diffJSON(want, got string) string {
	var w, g map[string]json.RawMessage
	if json.Unmarshal([]byte(want), &w) != nil || json.Unmarshal([]byte(got), &g) != nil {
		return "states differ"
	}
	keys := make([]string, 0, len(w))
	for k := range w {
		keys = append(keys, k)
	}
	for k := range g {
		if _, ok := w[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !bytes.Equal(w[k], g[k]) {
			return fmt.Sprintf("%q: want %s, got %s", k, abbreviate(w[k]), abbreviate(g[k]))
		}
	}
	return "states differ"
}

func abbreviate(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}

// sellForms names, for each acting player, every distinct sale of their
// certificates: per corporation each choice of how many alike certificates
// of each kind (size, director's or not) to name, with their sum and the
// two next smaller percentages. Each must be accepted exactly when Legal lists it,
// and a refused one must leave the game as it was.
func (c *Checker) sellForms() error {
	if c.g.IsFinished() {
		return nil
	}
	g := c.g.Engine()
	var before string
	for _, ent := range c.g.Acting() {
		id, err := strconv.Atoi(ent)
		if err != nil || g.Player(id) == nil {
			continue
		}
		var legal []engine.Choice
		for _, co := range g.Corps {
			held := co.SharesOf(engine.Holder(id))
			if len(held) == 0 {
				continue
			}
			if legal == nil {
				legal = c.g.Legal(ent)
			}
			if before == "" {
				before = stateJSON(c.g)
			}
			for _, ids := range bundleForms(co, held) {
				total := 0
				for _, sid := range ids {
					_, s, _ := g.ShareByID(sid)
					total += s.Percent
				}
				// the whole, and the two next smaller percentages: every
				// part of a director's certificate (20% or 40% with 20%
				// shares) and the first that no certificate allows
				for pct := total; pct > 0 && pct >= total-20; pct -= 10 {
					a := engine.Action{Type: "sell_shares", Entity: ent, EntityType: g18xx.EntityPlayer, Shares: ids, Percent: pct, ID: len(c.actions) + 1}
					listed := engine.CoveredBy(g, legal, a)
					c.Counts["sell-forms"]++
					err := c.g.Apply(&a)
					if err == nil {
						if uerr := c.g.Undo(); uerr != nil {
							return fmt.Errorf("sale %s by %s: undo failed: %v", a.Brief(), ent, uerr)
						}
						if !listed {
							return fmt.Errorf("unlisted sell_shares by %s %s was accepted", ent, a.Brief())
						}
					} else if listed {
						return fmt.Errorf("listed sell_shares by %s %s was refused: %v", ent, a.Brief(), err)
					}
				}
			}
		}
	}
	// one comparison for all the forms (each costs about as much as a sale)
	if before != "" {
		if got := stateJSON(c.g); got != before {
			return fmt.Errorf("the sales tried (each refused, or accepted and undone) left the game changed: %s", diffJSON(before, got))
		}
	}
	return nil
}

// bundleForms lists one representative of every distinct non-empty set of
// held certificates, alike ones (same size, director's or not) counted as
// the same.
func bundleForms(co *engine.Corporation, held []*engine.Share) [][]string {
	type kind struct {
		percent   int
		president bool
	}
	var kinds []kind
	byKind := map[kind][]string{}
	for _, s := range held {
		k := kind{s.Percent, s.President}
		if _, ok := byKind[k]; !ok {
			kinds = append(kinds, k)
		}
		byKind[k] = append(byKind[k], co.ShareID(s.Index))
	}
	out := [][]string{nil}
	for _, k := range kinds {
		ids := byKind[k]
		var next [][]string
		for _, prefix := range out {
			for n := 0; n <= len(ids); n++ {
				next = append(next, append(slices.Clone(prefix), ids[:n]...))
			}
		}
		out = next
	}
	return out[1:] // the first is the empty set
}
