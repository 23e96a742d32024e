package engine

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Game is the mutable state of one game. Titles drive it through their rounds;
// callers use the title's Apply/Legal which keep it consistent.
type Game struct {
	Title     string
	Options   map[string]bool
	Players   []*Player // current player order
	Seating   []int     // player ids in seating order
	Corps     []*Corporation
	Companies []*Company
	Market    *Market
	Depot     *Depot
	Phases    []Phase
	PhaseIdx  int

	// Bank is the bank's internal account (bank_raw).
	Bank int

	Turn      int
	RoundNum  int
	RoundKind string // Auction, Stock, Operating

	CertLimit int
	Log       []string
	// msgs holds the message of each line of Log (logmsg.go), in step
	// with it up to its length.
	msgs []lineMsg
	// msgIDs are the message ids of the log, msgIndex their indexes
	// (from 1) in it: a line keeps an index.
	msgIDs   []string
	msgIndex map[string]uint16

	Finished      bool
	EndReason     string
	EndTrigger    []string
	BankBroken    bool
	PriorityDeal  int // player id
	AllowPresSale bool

	// Programs are the players' standing programmed moves, by player id;
	// ProgramStops says why each player's last one stopped (program.go).
	Programs     map[int]*Program
	ProgramStops map[int]ProgramStop
	// ActionID is the id of the action being applied (automatic
	// follow-ups share their action's id).
	ActionID int

	seq     int
	cellSeq int

	// archive holds the first archived log lines, compressed (ArchiveLog).
	archive  []byte
	archived int
}

// RoundLimit is the turn from which 18xx.games ends, as "dnf" (did not
// finish), every game still going when a round ends: a limit of that
// site, not of any rulebook, kept so that who acts matches it.
const RoundLimit = 100

// PastRoundLimit reports whether a round ending now ends the game (dnf).
func (g *Game) PastRoundLimit() bool { return g.Turn >= RoundLimit }

// LogLines returns the game log so far (shared unless part of it is
// archived; do not modify).
func (g *Game) LogLines() []string {
	if g.archived == 0 {
		return g.Log
	}
	return append(g.archivedLines(), g.Log...)
}

// Logf appends a line to the game log, with its message (format is its id; see Message).
func (g *Game) Logf(format string, args ...any) { g.addLine(logLine(format, args)) }

// IsFinished reports whether the game is over.
func (g *Game) IsFinished() bool { return g.Finished }

// Phase returns the current phase.
func (g *Game) Phase() Phase { return g.Phases[g.PhaseIdx] }

// PhaseAtLeast reports whether the phase named n has been reached.
func (g *Game) PhaseAtLeast(n string) bool {
	for i := 0; i <= g.PhaseIdx; i++ {
		if g.Phases[i].Name == n {
			return true
		}
	}
	return false
}

// Player returns the player with the given id.
func (g *Game) Player(id int) *Player {
	for _, p := range g.Players {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// PlayerIndex returns the index of the player in the current order, or -1.
func (g *Game) PlayerIndex(id int) int {
	for i, p := range g.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// Results is each player's final value (value) keyed by player id.
func (g *Game) Results(value func(*Player) int) map[string]int {
	out := make(map[string]int, len(g.Players))
	for _, p := range g.Players {
		out[strconv.Itoa(p.ID)] = value(p)
	}
	return out
}

// BankLeft is a bank of size as the rules count it: its size less the
// players' cash.
func (g *Game) BankLeft(size int) int {
	for _, p := range g.Players {
		size -= p.Cash
	}
	return size
}

// GivePriority gives the priority deal to player id: the players' order
// turns to begin with id (the seating order kept), and the log says so.
func (g *Game) GivePriority(id int) {
	if i := g.PlayerIndex(id); i > 0 {
		g.Players = append(g.Players[i:], g.Players[:i]...)
	}
	g.PriorityDeal = g.Players[0].ID
	g.Logf("%s has priority deal", g.Players[0].Name)
}

// Corp returns the corporation with the given symbol.
func (g *Game) Corp(sym string) *Corporation {
	for _, c := range g.Corps {
		if c.Sym == sym {
			return c
		}
	}
	return nil
}

// Company returns the private company with the given symbol.
func (g *Game) Company(sym string) *Company {
	for _, c := range g.Companies {
		if c.Sym == sym {
			return c
		}
	}
	return nil
}

// PlayerBundle resolves the certificates a player names to sell: all of
// one corporation, all held by the player, none named twice. It returns
// the corporation, the certificates and their total percentage.
func (g *Game) PlayerBundle(p *Player, ids []string) (*Corporation, []*Share, int, error) {
	if len(ids) == 0 {
		return nil, nil, 0, fmt.Errorf("no shares named")
	}
	var c *Corporation
	var bundle []*Share
	total := 0
	for _, id := range ids {
		sc, s, err := g.ShareByID(id)
		if err != nil {
			return nil, nil, 0, err
		}
		if c != nil && sc != c {
			return nil, nil, 0, fmt.Errorf("shares of more than one corporation")
		}
		c = sc
		if s.Holder != Holder(p.ID) {
			return nil, nil, 0, fmt.Errorf("share %s is not %s's", id, p.Name)
		}
		if slices.Contains(bundle, s) {
			return nil, nil, 0, fmt.Errorf("share %s is named twice", id)
		}
		bundle = append(bundle, s)
		total += s.Percent
	}
	return c, bundle, total, nil
}

// SalePercent checks the percentage a sale writes (0: the whole bundle)
// against the certificates it names, whose sum is total, and returns it.
// It is a positive multiple of unit (the corporation's ordinary share)
// and at most total. Less than total is a director's certificate sold in
// part: the seller keeps the difference as ordinary shares from the pool
// (18xx.games' partial bundle), so the bundle must hold the director's
// certificate and the seller must keep less than that certificate.
func SalePercent(percent int, bundle []*Share, total, unit int) (int, error) {
	if percent == 0 {
		percent = total
	}
	if percent <= 0 || percent > total || percent%unit != 0 {
		return 0, fmt.Errorf("percent %d does not match the shares named (%d%%, in steps of %d%%)", percent, total, unit)
	}
	if percent < total {
		i := slices.IndexFunc(bundle, func(s *Share) bool { return s.President })
		if i < 0 {
			return 0, fmt.Errorf("percent %d is less than the shares named (%d%%): only a director's certificate may be sold in part", percent, total)
		}
		if total-percent >= bundle[i].Percent {
			return 0, fmt.Errorf("percent %d keeps back %d%%, a whole director's certificate or more: name fewer shares", percent, total-percent)
		}
	}
	return percent, nil
}

// ShareByID finds a certificate from its "SYM_i" id.
func (g *Game) ShareByID(id string) (*Corporation, *Share, error) {
	for i := len(id) - 1; i > 0; i-- {
		if id[i] == '_' {
			c := g.Corp(id[:i])
			if c == nil {
				break
			}
			n, ok := smallUint(id[i+1:])
			if !ok {
				if n, ok = ScanInt(id[i+1:]); !ok {
					n = -1
				}
			}
			if n < 0 || n >= len(c.Shares) {
				return nil, nil, fmt.Errorf("share %q: no such certificate", id)
			}
			return c, c.Shares[n], nil
		}
	}
	return nil, nil, fmt.Errorf("share %q: unknown corporation", id)
}

// smallUint parses s when it is 1 to 9 ASCII digits (what Sscanf's %d
// reads from such a string).
func smallUint(s string) (int, bool) {
	if len(s) == 0 || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		d := s[i] - '0'
		if d > 9 {
			return 0, false
		}
		n = n*10 + int(d)
	}
	return n, true
}

// nextSeq returns a fresh acquisition sequence number.
func (g *Game) nextSeq() int { g.seq++; return g.seq }

// PayPlayer moves money between the bank and a player (negative amount: player pays).
func (g *Game) PayPlayer(p *Player, amount int) { p.Cash += amount; g.Bank -= amount }

// PayCorp moves money between the bank and a corporation.
func (g *Game) PayCorp(c *Corporation, amount int) { c.Cash += amount; g.Bank -= amount }

// SetCell moves a corporation's marker to cell (to the back of the cell's stack).
func (g *Game) SetCell(c *Corporation, cell *Cell) {
	if c.Cell == cell {
		return
	}
	c.Cell = cell
	g.cellSeq++
	c.cellSeq = g.cellSeq
}

// ClearCell removes a corporation's marker from the market.
func (g *Game) ClearCell(c *Corporation) { c.Cell = nil; c.cellSeq = 0 }

// CellOrder is the corporation's position among the markers on its cell (0 = first).
func (g *Game) CellOrder(c *Corporation) int {
	n := 0
	for _, o := range g.Corps {
		if o != c && o.Cell == c.Cell && o.Cell != nil && o.cellSeq < c.cellSeq {
			n++
		}
	}
	return n
}

// CellSeq exposes the arrival sequence for ordering ties.
func (c *Corporation) CellSeq() int { return c.cellSeq }

// MoveShare gives one certificate to a new holder.
func (g *Game) MoveShare(s *Share, to Holder) {
	s.Holder = to
	s.seq = g.nextSeq()
}

// ResetIPOOrder orders the IPO holdings by certificate index.
func (g *Game) ResetIPOOrder(c *Corporation) {
	for _, s := range c.Shares {
		if s.Holder == HolderIPO {
			s.seq = -1000 + s.Index
		}
	}
}

// PlayerHolders returns the player holders of a corporation with their percentages.
func (g *Game) PlayerHolders(c *Corporation) map[int]int {
	out := map[int]int{}
	for _, s := range c.Shares {
		if s.Holder > 0 {
			out[int(s.Holder)] += s.Percent
		}
	}
	return out
}

// Transfer moves a bundle of certificates (all of one corporation) to a new holder,
// then applies the director-change rules. The money side is the caller's.
func (g *Game) Transfer(c *Corporation, bundle []*Share, to Holder) {
	if len(bundle) == 0 {
		return
	}
	from := bundle[0].Holder
	prev := c.President
	prevHolder := Holder(prev)
	if c.Receivership {
		prevHolder = HolderMarket
	}
	hasPres := false
	for _, s := range bundle {
		if s.President {
			hasPres = true
		}
		g.MoveShare(s, to)
	}
	presPct := c.Shares[0].Percent
	holders := g.PlayerHolders(c)
	maxPct := 0
	for _, p := range holders {
		if p > maxPct {
			maxPct = p
		}
	}
	if g.AllowPresSale && maxPct < presPct && hasPres && to == HolderMarket {
		c.President = 0
		c.Receivership = true
		g.Logf("President's share sold to pool. %s enters receivership", c.Name)
		return
	}
	if g.AllowPresSale && from == HolderMarket && hasPres && to > 0 {
		c.President = int(to)
		c.Receivership = false
		g.Logf("%s becomes the president of %s", g.Player(int(to)).Name, c.Name)
		g.Logf("%s exits receivership", c.Name)
		return
	}
	if g.AllowPresSale && maxPct < presPct {
		return
	}
	var majority []int
	for id, p := range holders {
		if p == maxPct {
			majority = append(majority, id)
		}
	}
	for _, id := range majority {
		if Holder(id) == prevHolder {
			return
		}
	}
	president := 0
	if prevHolder == NoHolder {
		for _, id := range majority {
			if c.Shares[0].Holder == Holder(id) {
				president = id
			}
		}
	}
	if president == 0 {
		best := -1
		for _, p := range g.presidentOrder() {
			if holders[p] != maxPct || holders[p] < presPct {
				continue
			}
			d := g.playerDistance(prevHolder, p)
			if best < 0 || d < best {
				best, president = d, p
			}
		}
	}
	if president == 0 {
		return
	}
	c.President = president
	c.Receivership = false
	g.Logf("%s becomes the president of %s", g.Player(president).Name, c.Name)
	if to == Holder(president) && prevHolder == from && hasPres {
		return
	}
	if from == Holder(president) || prevHolder == NoHolder {
		return
	}
	pres := c.Shares[0]
	swapTo := HolderMarket
	if prevHolder > 0 && c.PercentOf(prevHolder) >= pres.Percent {
		swapTo = prevHolder
	}
	// the director's certificate is worth as many ordinary shares as its
	// percent holds (two 10% shares, or two 20% shares of a 40% minor's)
	unit := 10
	for _, s := range c.Shares {
		if !s.President && s.Percent > 0 {
			unit = s.Percent
			break
		}
	}
	n := pres.Percent / unit
	for _, s := range c.SharesOf(Holder(president)) {
		if n == 0 {
			break
		}
		if s.President {
			continue
		}
		g.MoveShare(s, swapTo)
		n--
	}
	g.MoveShare(pres, Holder(president))
}

func (g *Game) presidentOrder() []int {
	var ids []int
	for _, p := range g.Players {
		if !p.Bankrupt {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

func (g *Game) playerDistance(from Holder, to int) int {
	if from <= 0 {
		return 0
	}
	order := g.presidentOrder()
	a, b := -1, -1
	for i, id := range order {
		if Holder(id) == from {
			a = i
		}
		if id == to {
			b = i
		}
	}
	if a < 0 || b < 0 {
		return 0
	}
	if a < b {
		return b - a
	}
	return b - (a - len(order))
}

// NumCerts counts a player's certificates that count towards the limit (privates included).
func (g *Game) NumCerts(p *Player) int {
	n := len(p.Companies)
	for _, c := range g.Corps {
		for _, s := range c.Shares {
			if s.Holder == Holder(p.ID) {
				n++
			}
		}
	}
	return n
}

// CertIDs lists a player's share ids and company symbols, sorted.
func (g *Game) CertIDs(p *Player) []string {
	var out []string
	for _, c := range g.Corps {
		for _, s := range c.Shares {
			if s.Holder == Holder(p.ID) {
				out = append(out, c.ShareID(s.Index))
			}
		}
	}
	out = append(out, p.Companies...)
	sort.Strings(out)
	return out
}

// TotalCash sums every account (bank, players, corporations) for conservation checks.
func (g *Game) TotalCash() int {
	t := g.Bank
	for _, p := range g.Players {
		t += p.Cash
	}
	for _, c := range g.Corps {
		t += c.Cash
	}
	return t
}

// Controller returns the id of the player who decides for entity now: a
// player itself; a corporation's president (for one without a president,
// such as an 1825 company in receivership, the first player in order who
// directs no open corporation, else the first player: 1825 rule 6.4); a
// private company's owner, or its owning corporation's controller. 0 when
// entity is unknown.
func (g *Game) Controller(entity string) int {
	if id, err := strconv.Atoi(entity); err == nil && g.Player(id) != nil {
		return id
	}
	if c := g.Corp(entity); c != nil {
		if c.President != 0 {
			return c.President
		}
		for _, p := range g.Players {
			director := slices.ContainsFunc(g.Corps, func(o *Corporation) bool { return !o.Closed && o.President == p.ID })
			if !director {
				return p.ID
			}
		}
		if len(g.Players) > 0 {
			return g.Players[0].ID
		}
		return 0
	}
	if co := g.Company(entity); co != nil {
		if sym, ok := strings.CutPrefix(co.Owner, "corp:"); ok {
			return g.Controller(sym)
		}
		if id, err := strconv.Atoi(co.Owner); err == nil {
			return id
		}
	}
	return 0
}
