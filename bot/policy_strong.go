package bot

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
)

// Tuning holds the heuristic's adjustable rules of play. The medium bot
// plays with MediumTuning (a Heuristic whose Tune is nil); the strong
// policy (NewStrong, the search's base policy) with StrongTunings, found by
// self-play against three medium bots (docs/bots.md).
type Tuning struct {
	// ParExtra is how many 10% shares beyond the float a player must be
	// able to buy at the par it picks to start a company alone (0: the
	// highest par that floats it alone).
	ParExtra int `json:"par_extra"`
	// ParLow picks the lowest par price the player can afford for the
	// purpose (float alone, two thirds, the director's certificate)
	// rather than the highest.
	ParLow bool `json:"par_low"`
	// CertRoom is the room under the certificate limit a player keeps to
	// start a company (the director's certificate and CertRoom-1 more).
	CertRoom int `json:"cert_room"`
	// NoHelpFloat stops buying into another player's company before it
	// floats.
	NoHelpFloat bool `json:"no_help_float"`
	// OwnTarget is the holding (percent) a president keeps buying its own
	// operating company's shares towards, ahead of other shares (0: only
	// to float and to keep control).
	OwnTarget int `json:"own_target"`
	// PresBase and OtherBase are the scores of a share of a company the
	// player directs and of another's, plus YieldWeight times the share's
	// yield (a run's dividend over its price); MinYield is the least yield
	// worth buying another's share for.
	PresBase    float64 `json:"pres_base"`
	OtherBase   float64 `json:"other_base"`
	YieldWeight float64 `json:"yield_weight"`
	MinYield    float64 `json:"min_yield"`
	// SaveRuns is how many runs' revenue a company withholds at most
	// towards its next train.
	SaveRuns int `json:"save_runs"`
	// Payback2 and PaybackN: a second train is bought when it pays for
	// itself within Payback2 runs, more when within PaybackN.
	Payback2 int `json:"payback2"`
	PaybackN int `json:"payback_n"`
	// IPOGain scores a new share bought at par below its market price:
	// IPOGain times the discount over the par ((price-par)/par) is added
	// to its yield (the player's worth gains the difference at once; 1825
	// sells new shares at face value, rule 5.2.4).
	IPOGain float64 `json:"ipo_gain"`
	// RustPush buys the next train, when the company can pay for it and
	// has room, if buying it rusts at least RustPush more of the other
	// companies' trains than of its own (0: only the medium bot's rule).
	RustPush int `json:"rust_push"`
	// Late is how many of the title's last phases count as late (0: none);
	// there another's share is bought for a yield above LateMinYield, not
	// MinYield (no company is started then, so the cash has no better use).
	Late         int     `json:"late"`
	LateMinYield float64 `json:"late_min_yield"`
	// LateRounds also counts as late the time when at most LateRounds
	// operating rounds are left (estimated from the bank's cash as the
	// rules count it and the last round's payouts; 0: never).
	LateRounds int `json:"late_rounds"`
	// LatePay pays every run out when late by LateRounds (company cash is
	// worth nothing to the players at the end).
	LatePay bool `json:"late_pay"`
	// SellDoomed sells another's shares in a company whose trains all rust
	// soon and which cannot pay for a new one (its dividends stop and its
	// price falls).
	SellDoomed bool `json:"sell_doomed"`
	// PayTrainless pays a run out even when the company has no train that
	// lasts and cannot yet buy one (the medium bot withholds then).
	PayTrainless bool `json:"pay_trainless"`
	// TrueBank estimates the rounds left from the bank's cash as the rules
	// count it (the title's BankCash) rather than the engine's bank
	// account, which in 1825 is not the bank's cash (docs/bots.md).
	TrueBank bool `json:"true_bank"`
}

// MediumTuning is the medium bot's tuning: the rules as the heuristic
// has always played them.
var MediumTuning = Tuning{
	CertRoom:    3,
	PresBase:    40,
	OtherBase:   25,
	YieldWeight: 100,
	SaveRuns:    saveRuns,
	Payback2:    10,
	PaybackN:    6,
}

//go:embed strong_tuning.json
var strongTuningJSON []byte

// Tunings are tunings by title name (a title without one plays
// MediumTuning).
type Tunings map[string]*Tuning

// StrongTunings is the strong policy's tuning for each title, kept as
// data in strong_tuning.json (found as docs/bots.md describes); fields a
// title leaves out keep MediumTuning's values.
func StrongTunings() Tunings {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(strongTuningJSON, &raw); err != nil {
		panic(fmt.Sprintf("bot: strong_tuning.json: %v", err))
	}
	out := Tunings{}
	for title, r := range raw {
		t := MediumTuning
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&t); err != nil {
			panic(fmt.Sprintf("bot: strong_tuning.json: %s: %v", title, err))
		}
		out[title] = &t
	}
	return out
}

// tun is h's tuning for p's title (MediumTuning when none is set).
func (h *Heuristic) tun(p *position) *Tuning {
	if t := h.Tune[p.title]; t != nil {
		return t
	}
	return &MediumTuning
}

// NewStrong returns the strong policy: the heuristic with StrongTunings
// (kind "strong"; "strong:key=value:..." changes single fields in every
// title's tuning, for tuning), seeded for reproducible play.
func NewStrong(seed uint64, opts ...string) (*Heuristic, error) {
	ts := StrongTunings()
	for _, t := range ts {
		if err := t.set(opts); err != nil {
			return nil, err
		}
	}
	return &Heuristic{Rand: rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)), Tune: ts}, nil
}

// set changes t's fields named by opts ("own_target=60", the JSON names).
func (t *Tuning) set(opts []string) error {
	for _, o := range opts {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			return fmt.Errorf("bot: strong option %q: want key=value", o)
		}
		var raw string
		switch k {
		case "no_help_float", "par_low", "sell_doomed", "pay_trainless", "true_bank", "late_pay":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return fmt.Errorf("bot: strong option %q: want true or false", o)
			}
			raw = strconv.FormatBool(b)
		default:
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				return fmt.Errorf("bot: strong option %q: want a number", o)
			}
			raw = v
		}
		var probe map[string]json.RawMessage
		cur, _ := json.Marshal(t)
		_ = json.Unmarshal(cur, &probe)
		if _, known := probe[k]; !known {
			return fmt.Errorf("bot: strong option %q: no such field (want one of %s)", o, strings.Join(tuningFields(probe), ", "))
		}
		if err := json.Unmarshal([]byte(`{"`+k+`":`+raw+`}`), t); err != nil {
			return fmt.Errorf("bot: strong option %q: %w", o, err)
		}
	}
	return nil
}

// tuningFields lists a tuning's JSON field names.
func tuningFields(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// parBetter reports whether par price a is preferred to the best so far,
// b (0: none yet).
func (h *Heuristic) parBetter(p *position, a, b int) bool {
	if h.tun(p).ParLow {
		return b == 0 || a < b
	}
	return a > b
}
