package g18xx

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Action types that occur in 18xx.games exports of 1860 and 1825.
const (
	TypeBid              = "bid"
	TypePar              = "par"
	TypeBuyShares        = "buy_shares"
	TypeSellShares       = "sell_shares"
	TypeBuyCompany       = "buy_company"
	TypeSellCompany      = "sell_company"
	TypeLayTile          = "lay_tile"
	TypePlaceToken       = "place_token"
	TypeBuyTrain         = "buy_train"
	TypeDiscardTrain     = "discard_train"
	TypeRunRoutes        = "run_routes"
	TypeDividend         = "dividend"
	TypeSpecialBuy       = "special_buy"
	TypePass             = "pass"
	TypeProgramBuyShares = "program_buy_shares"
	TypeProgramSharePass = "program_share_pass"
	TypeProgramDisable   = "program_disable"
	TypeEndGame          = "end_game"
	TypeMessage          = "message"
	TypeUndo             = "undo"
	TypeRedo             = "redo"
)

// Entity types (the entity_type field).
const (
	EntityPlayer      = "player"
	EntityCorporation = "corporation"
	EntityCompany     = "company"
	EntityMinor       = "minor"
)

// Action is one entry of an export's action log, or one of its auto_actions.
//
// Fields are those of every action type that occurs in these titles; a field
// that an action type does not use is left at its zero value. Pointer fields
// are those where absence (or null) differs from zero. Keys the type does
// not know are kept in Extra, and the key order of a decoded action is
// remembered, so encoding a decoded action reproduces it.
type Action struct {
	Type       string `json:"type"`
	Entity     Entity `json:"entity"`
	EntityType string `json:"entity_type"`
	// ID is the action id; 0 for auto_actions, which have none.
	ID int `json:"id"`
	// User is the player who submitted the action, when recorded.
	User *int `json:"user"`
	// CreatedAt is a Unix timestamp in seconds (0 when absent).
	CreatedAt int64 `json:"created_at"`
	// AutoActions are applied right after this action, in order.
	AutoActions []Action `json:"auto_actions"`
	// Skip is the legacy marker of undone actions (only in old exports).
	Skip bool `json:"skip"`

	Price       int         `json:"price"`
	Company     string      `json:"company"`
	Corporation string      `json:"corporation"`
	SharePrice  *SharePrice `json:"share_price"`
	Shares      []string    `json:"shares"`
	Percent     int         `json:"percent"`

	Hex      string `json:"hex"`
	Tile     string `json:"tile"`
	Rotation int    `json:"rotation"`

	City    string `json:"city"`
	Slot    int    `json:"slot"`
	Tokener string `json:"tokener"`

	Train   string `json:"train"`
	Variant string `json:"variant"`

	Routes       []Route `json:"routes"`
	ExtraRevenue int     `json:"extra_revenue"`
	// Subsidy is run_routes' total halt subsidy; it has no effect on the game.
	Subsidy *int `json:"subsidy"`

	// Kind is the dividend kind: "payout" or "withhold".
	Kind string `json:"kind"`

	// Description and Cost describe a special_buy (1825 receivership train lease).
	Description string `json:"description"`
	Cost        int    `json:"cost"`

	Message string `json:"message"`
	// EndVote marks a Tresham chat message as a player's vote on ending
	// the game early ("agree" or "withdraw"); 18xx.games shows it as chat.
	EndVote string `json:"end_vote"`

	// ActionID is the undo target; nil means "the last action".
	ActionID *int `json:"action_id"`

	// Programmed-action settings (program_buy_shares, program_share_pass, program_disable).
	UntilCondition *IntOrString `json:"until_condition"`
	FromMarket     bool         `json:"from_market"`
	AutoPassAfter  bool         `json:"auto_pass_after"`
	Unconditional  bool         `json:"unconditional"`
	Indefinite     bool         `json:"indefinite"`
	Reason         string       `json:"reason"`
	OriginalType   string       `json:"original_type"`

	// Extra holds keys this package does not model, as raw JSON.
	Extra map[string]json.RawMessage `json:"-"`

	keys []string
}

// Route is one train's route in a run_routes action.
type Route struct {
	Train string `json:"train"`
	// Connections is the route as chains of hex ids between consecutive nodes.
	Connections [][]string `json:"connections"`
	// Hexes are the node hexes in route order (used for log text only).
	Hexes []string `json:"hexes"`
	// Revenue, RevenueStr and Subsidy are the values computed when the action
	// was submitted; nil when the export does not store them.
	Revenue    *int   `json:"revenue"`
	RevenueStr string `json:"revenue_str"`
	Subsidy    *int   `json:"subsidy"`
	// Halts is how many halts (1860) the player asked to count as stops; nil
	// (missing or null) means as many as the train's allowance permits.
	// Use HaltsNull to tell an explicit null from a missing key.
	Halts *int `json:"halts"`
	// Nodes are the node signatures "HEX-PART" on the route.
	Nodes []string `json:"nodes"`

	// Extra holds keys this package does not model, as raw JSON.
	Extra map[string]json.RawMessage `json:"-"`

	keys []string
}

// Has reports whether key was present in the decoded action (always false
// for an action built in code).
func (a *Action) Has(key string) bool { return has(a.keys, key) }

// Has reports whether key was present in the decoded route.
func (r *Route) Has(key string) bool { return has(r.keys, key) }

// HaltsNull reports whether the decoded route had an explicit "halts": null.
func (r *Route) HaltsNull() bool { return r.Halts == nil && r.Has("halts") }

// IsMessage reports whether a is a chat message.
func (a *Action) IsMessage() bool { return a.Type == TypeMessage }

// String returns a short description such as "#37 buy_shares by 5518".
func (a *Action) String() string {
	if a.ID == 0 {
		return fmt.Sprintf("%s by %s", a.Type, a.Entity)
	}
	return fmt.Sprintf("#%d %s by %s", a.ID, a.Type, a.Entity)
}

// requiredKeys lists, per action type, fields that are emitted for an
// action built in code even when they hold the zero value (the reference
// engine writes them whenever they are non-nil).
func requiredKeys(typ string) []string {
	switch typ {
	case TypeBid, TypeBuyCompany, TypeSellCompany, TypeBuyTrain:
		return []string{"price"}
	case TypeBuyShares, TypeSellShares:
		return []string{"shares", "percent"}
	case TypeLayTile:
		return []string{"rotation"}
	case TypePlaceToken:
		return []string{"slot"}
	case TypeRunRoutes:
		return []string{"routes", "extra_revenue"}
	case TypeSpecialBuy:
		return []string{"cost"}
	case TypeProgramSharePass:
		return []string{"unconditional", "indefinite"}
	case TypeProgramBuyShares:
		return []string{"corporation", "until_condition", "from_market", "auto_pass_after"}
	case TypeProgramDisable:
		return []string{"reason"}
	}
	return nil
}

func (a Action) required(key string) bool {
	switch key {
	case "type", "entity", "entity_type":
		return true
	}
	for _, k := range requiredKeys(a.Type) {
		if k == key {
			return true
		}
	}
	return false
}

// MarshalJSON encodes the action; a decoded action keeps its key order,
// nulls and unknown keys.
func (a Action) MarshalJSON() ([]byte, error) {
	b, err := encodeObject(a, a.keys, a.Extra, a.required)
	if err != nil {
		return nil, fmt.Errorf("action %s: %w", a.String(), err)
	}
	return b, nil
}

// UnmarshalJSON decodes one action. auto_actions errors name the index.
// 18xx.games never nests auto_actions inside an auto action: such nesting
// is refused, which keeps decoding linear in the input's size.
func (a *Action) UnmarshalJSON(data []byte) error { return a.decode(data, false) }

func (a *Action) decode(data []byte, auto bool) error {
	*a = Action{}
	hook := func(key string, raw json.RawMessage) (bool, error) {
		if key != "auto_actions" {
			return false, nil
		}
		if auto {
			if isNull(raw) || bytes.Equal(bytes.TrimSpace(raw), []byte("[]")) {
				return true, nil
			}
			return true, fmt.Errorf("field %q: auto_actions nested inside an auto action are not allowed", "auto_actions")
		}
		var err error
		a.AutoActions, err = decodeActions(raw, true)
		return true, err
	}
	return decodeObject(data, a, &a.keys, &a.Extra, hook)
}

// decodeActions decodes a JSON array of actions (auto: of auto actions),
// naming the failing index.
func decodeActions(raw json.RawMessage, auto bool) ([]Action, error) {
	if isNull(raw) {
		return nil, nil
	}
	items, err := splitArray(raw)
	if err != nil {
		return nil, err
	}
	out := make([]Action, len(items))
	for i, item := range items {
		if err := out[i].decode(item, auto); err != nil {
			return nil, fmt.Errorf("[%d]%s: %w", i, rawIDHint(item), err)
		}
	}
	return out, nil
}

// rawIDHint extracts " (id N, TYPE)" from an undecodable action, best effort.
func rawIDHint(item json.RawMessage) string {
	var hint struct {
		ID   json.RawMessage `json:"id"`
		Type json.RawMessage `json:"type"`
	}
	if json.Unmarshal(item, &hint) != nil {
		return ""
	}
	switch {
	case hint.ID != nil && hint.Type != nil:
		return fmt.Sprintf(" (id %s, type %s)", hint.ID, hint.Type)
	case hint.ID != nil:
		return fmt.Sprintf(" (id %s)", hint.ID)
	case hint.Type != nil:
		return fmt.Sprintf(" (type %s)", hint.Type)
	}
	return ""
}

// MarshalJSON encodes the route; a decoded route keeps its key order.
func (r Route) MarshalJSON() ([]byte, error) {
	b, err := encodeObject(r, r.keys, r.Extra, func(k string) bool { return k == "train" || k == "connections" })
	if err != nil {
		return nil, fmt.Errorf("route of train %q: %w", r.Train, err)
	}
	return b, nil
}

// UnmarshalJSON decodes one route.
func (r *Route) UnmarshalJSON(data []byte) error {
	*r = Route{}
	return decodeObject(data, r, &r.keys, &r.Extra, nil)
}

// typeFields lists, per action type, the fields a decoded action must have.
func typeFields(typ string) []string {
	switch typ {
	case TypeBid:
		return []string{"price"}
	case TypePar:
		return []string{"corporation", "share_price"}
	case TypeBuyShares, TypeSellShares:
		return []string{"shares"}
	case TypeBuyCompany, TypeSellCompany:
		return []string{"company", "price"}
	case TypeLayTile:
		return []string{"hex", "tile", "rotation"}
	case TypePlaceToken:
		return []string{"city"}
	case TypeBuyTrain:
		return []string{"train", "price"}
	case TypeDiscardTrain:
		return []string{"train"}
	case TypeRunRoutes:
		return []string{"routes"}
	case TypeDividend:
		return []string{"kind"}
	case TypeSpecialBuy:
		return []string{"description", "cost"}
	}
	return nil
}

// validate checks the fields every action needs and those its type needs.
// top is true for entries of the game's action list (which carry ids).
func (a *Action) validate(top bool) error {
	if a.Type == "" {
		return fmt.Errorf("field %q: %w", "type", errMissing)
	}
	if !a.Has("entity") || a.Entity.IsZero() {
		return fmt.Errorf("field %q: %w", "entity", errMissing)
	}
	switch a.EntityType {
	case EntityPlayer:
		if !a.Entity.IsPlayer() {
			return fmt.Errorf("field %q: entity_type is player but entity is symbol %q", "entity", a.Entity.String())
		}
	case EntityCorporation, EntityCompany, EntityMinor:
		if !a.Entity.IsSymbol() {
			return fmt.Errorf("field %q: entity_type is %s but entity is player id %s", "entity", a.EntityType, a.Entity.String())
		}
	case "":
		return fmt.Errorf("field %q: %w", "entity_type", errMissing)
	default:
		return fmt.Errorf("field %q: unknown entity type %q", "entity_type", a.EntityType)
	}
	if top && a.ID <= 0 {
		return fmt.Errorf("field %q: want a positive id, got %d", "id", a.ID)
	}
	for _, k := range typeFields(a.Type) {
		if !a.Has(k) {
			return fmt.Errorf("field %q: %w for %s", k, errMissing, a.Type)
		}
	}
	if a.Type == TypeRunRoutes {
		for i := range a.Routes {
			if a.Routes[i].Train == "" {
				return fmt.Errorf("field \"routes\"[%d].train: %w", i, errMissing)
			}
		}
	}
	for i := range a.AutoActions {
		if err := a.AutoActions[i].validate(false); err != nil {
			return fmt.Errorf("auto_actions[%d] (%s): %w", i, a.AutoActions[i].Type, err)
		}
	}
	return nil
}
