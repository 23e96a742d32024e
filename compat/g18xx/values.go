package g18xx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Entity identifies who takes an action or owns something: a player (by
// integer id) or a corporation, minor or private company (by symbol). The
// zero Entity is "none" and encodes as JSON null.
//
// In the export format a player entity is a JSON number and every other
// entity is a JSON string; Entity keeps that distinction, so a corporation
// whose symbol happens to look numeric stays a symbol.
type Entity struct {
	sym    string
	player int
	kind   entityKind
}

type entityKind uint8

const (
	entityNone entityKind = iota
	entityPlayer
	entitySymbol
)

// PlayerEntity returns the Entity for the player with the given id.
func PlayerEntity(id int) Entity { return Entity{player: id, kind: entityPlayer} }

// SymbolEntity returns the Entity for a corporation, minor or company symbol.
func SymbolEntity(sym string) Entity { return Entity{sym: sym, kind: entitySymbol} }

// IsZero reports whether e is the "no entity" value (JSON null or absent).
func (e Entity) IsZero() bool { return e.kind == entityNone }

// IsPlayer reports whether e is a player id.
func (e Entity) IsPlayer() bool { return e.kind == entityPlayer }

// IsSymbol reports whether e is a corporation/minor/company symbol.
func (e Entity) IsSymbol() bool { return e.kind == entitySymbol }

// PlayerID returns the player id and true when e is a player.
func (e Entity) PlayerID() (int, bool) { return e.player, e.kind == entityPlayer }

// Symbol returns the symbol and true when e is a corporation, minor or company.
func (e Entity) Symbol() (string, bool) { return e.sym, e.kind == entitySymbol }

// String returns the player id in decimal, the symbol, or "" for none.
func (e Entity) String() string {
	switch e.kind {
	case entityPlayer:
		return strconv.Itoa(e.player)
	case entitySymbol:
		return e.sym
	}
	return ""
}

// MarshalJSON encodes a player as a number, a symbol as a string and none as null.
func (e Entity) MarshalJSON() ([]byte, error) {
	switch e.kind {
	case entityPlayer:
		return strconv.AppendInt(nil, int64(e.player), 10), nil
	case entitySymbol:
		return marshalNoEscape(e.sym)
	}
	return []byte("null"), nil
}

// UnmarshalJSON accepts an integer (player), a string (symbol) or null.
func (e *Entity) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case bytes.Equal(data, []byte("null")):
		*e = Entity{}
	case len(data) >= 2 && data[0] == '"' && data[len(data)-1] == '"' && bytes.IndexByte(data, '\\') < 0 && utf8.Valid(data):
		*e = SymbolEntity(string(data[1 : len(data)-1]))
	case len(data) > 0 && data[0] == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return fmt.Errorf("entity: %w", err)
		}
		*e = SymbolEntity(s)
	default:
		n, err := strconv.Atoi(string(data))
		if err != nil {
			return fmt.Errorf("entity: want integer player id, symbol string or null, got %s", data)
		}
		*e = PlayerEntity(n)
	}
	return nil
}

// IntOrString is a JSON value that is either an integer or a string, such as
// a game id (a number, or "hs_…" for hotseat games), a timestamp (Unix
// seconds or a date string) or a programmed action's until_condition (a
// share count or "float"). The zero value is the integer 0.
type IntOrString struct {
	str   string
	num   int64
	isStr bool
}

// Int returns an IntOrString holding the integer n.
func Int(n int64) IntOrString { return IntOrString{num: n} }

// Str returns an IntOrString holding the string s.
func Str(s string) IntOrString { return IntOrString{str: s, isStr: true} }

// IsString reports whether v holds a string.
func (v IntOrString) IsString() bool { return v.isStr }

// Int returns the integer and true when v holds an integer.
func (v IntOrString) Int() (int64, bool) { return v.num, !v.isStr }

// String returns the string form: the string itself or the integer in decimal.
func (v IntOrString) String() string {
	if v.isStr {
		return v.str
	}
	return strconv.FormatInt(v.num, 10)
}

// MarshalJSON encodes v as a JSON number or string.
func (v IntOrString) MarshalJSON() ([]byte, error) {
	if v.isStr {
		return marshalNoEscape(v.str)
	}
	return strconv.AppendInt(nil, v.num, 10), nil
}

// UnmarshalJSON accepts a JSON integer or string.
func (v *IntOrString) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*v = Str(s)
		return nil
	}
	n, err := strconv.ParseInt(string(data), 10, 64)
	if err != nil {
		return fmt.Errorf("want integer or string, got %s", data)
	}
	*v = Int(n)
	return nil
}

// SharePrice is the share_price field of an action. In a par action it is a
// stock-market cell id "PRICE,ROW,COL" (e.g. "100,0,26"); in buy_shares and
// sell_shares it is the integer price per share actually paid.
type SharePrice struct {
	// Cell is the cell id when the field was a string; "" for a plain price.
	Cell string
	// Price is the price: the integer itself, or the first component of Cell.
	Price int
	// Row and Col are the cell coordinates (only meaningful when Cell != "").
	Row, Col int
}

// CellPrice returns the SharePrice for the market cell at (row, col) with the given price.
func CellPrice(price, row, col int) SharePrice {
	return SharePrice{Cell: fmt.Sprintf("%d,%d,%d", price, row, col), Price: price, Row: row, Col: col}
}

// PlainPrice returns a SharePrice holding a bare per-share price.
func PlainPrice(price int) SharePrice { return SharePrice{Price: price} }

// IsCell reports whether the share price is a stock-market cell id.
func (p SharePrice) IsCell() bool { return p.Cell != "" }

// MarshalJSON encodes a cell id as a string and a plain price as a number.
func (p SharePrice) MarshalJSON() ([]byte, error) {
	if p.Cell != "" {
		return marshalNoEscape(p.Cell)
	}
	return strconv.AppendInt(nil, int64(p.Price), 10), nil
}

// UnmarshalJSON accepts "PRICE,ROW,COL" or an integer.
func (p *SharePrice) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	if len(data) > 0 && data[0] == '"' {
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		parts := strings.Split(s, ",")
		if len(parts) != 3 {
			return fmt.Errorf("share price cell %q: want PRICE,ROW,COL", s)
		}
		var n [3]int
		for i, part := range parts {
			v, err := strconv.Atoi(part)
			if err != nil {
				return fmt.Errorf("share price cell %q: %w", s, err)
			}
			n[i] = v
		}
		*p = SharePrice{Cell: s, Price: n[0], Row: n[1], Col: n[2]}
		return nil
	}
	n, err := strconv.Atoi(string(data))
	if err != nil {
		return fmt.Errorf("share price: want \"PRICE,ROW,COL\" or integer, got %s", data)
	}
	*p = PlainPrice(n)
	return nil
}

// marshalNoEscape encodes v as compact JSON without HTML escaping, so that
// symbols such as "C&N" stay readable, as in the site's exports.
func marshalNoEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}
