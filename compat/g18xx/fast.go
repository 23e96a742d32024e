package g18xx

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// This file holds the one-pass decoder of an export: it validates the JSON
// and decodes the actions (almost all of an export's bytes) as it scans,
// without reflection and without scanning any value twice. It decodes only
// the common forms; on anything else (an escaped key, a number where a
// string belongs, a known field it does not handle, malformed JSON) it gives
// up and DecodeBytes falls back to the reflective decoder, which also words
// every error. What it accepts it decodes exactly as that decoder does
// (TestFastDecodeMatches, FuzzDecodeGame).

// fastDecoder scans one export held in data.
type fastDecoder struct {
	data []byte
	i    int
	// strs interns short string values (hexes, trains, symbols, types),
	// which repeat through a game
	strs map[string]string
	// keySets shares one key list among the objects decoded with the same
	// keys in the same order (the lists are never modified after decoding)
	keySets map[string][]string
	kbuf    []byte
	// slabs the decoded lists and integers are carved from (each list
	// capacity-capped, so that appending to one never touches another),
	// and scratch lists they are collected in
	strSlab  []string
	listSlab [][]string
	intSlab  []int
	strBuf   []string
	listBuf  [][]string
}

// slabSize is how many strings, lists or integers a slab holds.
const slabSize = 512

// keepStrings copies ss into the string slab.
func (d *fastDecoder) keepStrings(ss []string) []string {
	if len(d.strSlab)+len(ss) > cap(d.strSlab) {
		d.strSlab = make([]string, 0, max(slabSize, len(ss)))
	}
	n := len(d.strSlab)
	d.strSlab = append(d.strSlab, ss...)
	return d.strSlab[n:len(d.strSlab):len(d.strSlab)]
}

// keepLists copies ls into the list slab.
func (d *fastDecoder) keepLists(ls [][]string) [][]string {
	if len(d.listSlab)+len(ls) > cap(d.listSlab) {
		d.listSlab = make([][]string, 0, max(slabSize, len(ls)))
	}
	n := len(d.listSlab)
	d.listSlab = append(d.listSlab, ls...)
	return d.listSlab[n:len(d.listSlab):len(d.listSlab)]
}

// newInt returns a pointer to a fresh integer n, from the integer slab.
func (d *fastDecoder) newInt(n int) *int {
	if len(d.intSlab) == cap(d.intSlab) {
		d.intSlab = make([]int, 0, slabSize)
	}
	d.intSlab = append(d.intSlab, n)
	return &d.intSlab[len(d.intSlab)-1]
}

// unquote decodes a JSON string with escapes (or invalid UTF-8) as
// encoding/json does.
func unquote(raw []byte) (string, bool) {
	var s string
	err := json.Unmarshal(raw, &s)
	return s, err == nil
}

// maxFastDepth bounds the nesting the fast decoder validates itself; deeper
// documents go to the reflective decoder.
const maxFastDepth = 200

// decodeFast decodes a whole export into g; false means "not decoded here"
// (g is then unspecified), not that data is invalid.
func decodeFast(data []byte, g *Game) bool {
	d := &fastDecoder{data: data, strs: make(map[string]string, 256), keySets: make(map[string][]string, 64)}
	d.ws()
	if d.i >= len(d.data) || d.data[d.i] != '{' {
		return false
	}
	var members []member
	var actions []Action
	seenActions := false
	d.i++
	d.ws()
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
	} else {
		for {
			name, ok := d.key()
			if !ok {
				return false
			}
			start := d.i
			if string(name) == "actions" && !seenActions {
				seenActions = true
				if actions, ok = d.actions(false); !ok {
					return false
				}
			} else if !d.skip(0) {
				return false
			}
			members = append(members, member{name: name, raw: d.data[start:d.i]})
			if more, ok := d.next('}'); !ok {
				return false
			} else if !more {
				break
			}
		}
	}
	d.ws()
	if d.i != len(d.data) {
		return false
	}
	*g = Game{}
	hook := g.decodeHook(func(json.RawMessage) ([]Action, error) { return actions, nil })
	return decodeMembers(members, g, &g.keys, &g.Extra, hook) == nil
}

// ws skips white space.
func (d *fastDecoder) ws() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// next is called after a member or element: it skips a comma (true: another
// follows) or the closing byte (false).
func (d *fastDecoder) next(closing byte) (more, ok bool) {
	d.ws()
	if d.i >= len(d.data) {
		return false, false
	}
	switch d.data[d.i] {
	case ',':
		d.i++
		d.ws()
		return true, true
	case closing:
		d.i++
		return false, true
	}
	return false, false
}

// key reads an object key without escapes and in valid UTF-8, and the colon
// after it, leaving d at the value.
func (d *fastDecoder) key() ([]byte, bool) {
	content, simple, ok := d.str()
	if !ok || !simple {
		return nil, false
	}
	d.ws()
	if d.i >= len(d.data) || d.data[d.i] != ':' {
		return nil, false
	}
	d.i++
	d.ws()
	return content, true
}

// str reads a JSON string at d.i, validating it; simple reports that it has
// no escapes and is valid UTF-8 (its content is then the value).
func (d *fastDecoder) str() (content []byte, simple, ok bool) {
	if d.i >= len(d.data) || d.data[d.i] != '"' {
		return nil, false, false
	}
	start := d.i + 1
	simple = true
	ascii := true
	for j := start; j < len(d.data); j++ {
		c := d.data[j]
		switch {
		case c == '"':
			d.i = j + 1
			content = d.data[start:j]
			if !ascii && !utf8.Valid(content) {
				simple = false
			}
			return content, simple, true
		case c == '\\':
			simple = false
			j++
			if j >= len(d.data) {
				return nil, false, false
			}
			switch d.data[j] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if j+4 >= len(d.data) {
					return nil, false, false
				}
				for _, h := range d.data[j+1 : j+5] {
					if !isHex(h) {
						return nil, false, false
					}
				}
				j += 4
			default:
				return nil, false, false
			}
		case c < 0x20:
			return nil, false, false
		case c >= 0x80:
			ascii = false
		}
	}
	return nil, false, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// number reads a JSON number; integer reports that it has no fraction or
// exponent.
func (d *fastDecoder) number() (raw []byte, integer, ok bool) {
	start, j := d.i, d.i
	if j < len(d.data) && d.data[j] == '-' {
		j++
	}
	switch {
	case j < len(d.data) && d.data[j] == '0':
		j++
	case j < len(d.data) && '1' <= d.data[j] && d.data[j] <= '9':
		for j < len(d.data) && '0' <= d.data[j] && d.data[j] <= '9' {
			j++
		}
	default:
		return nil, false, false
	}
	integer = true
	if j < len(d.data) && d.data[j] == '.' {
		integer = false
		j++
		k := j
		for j < len(d.data) && '0' <= d.data[j] && d.data[j] <= '9' {
			j++
		}
		if j == k {
			return nil, false, false
		}
	}
	if j < len(d.data) && (d.data[j] == 'e' || d.data[j] == 'E') {
		integer = false
		j++
		if j < len(d.data) && (d.data[j] == '+' || d.data[j] == '-') {
			j++
		}
		k := j
		for j < len(d.data) && '0' <= d.data[j] && d.data[j] <= '9' {
			j++
		}
		if j == k {
			return nil, false, false
		}
	}
	d.i = j
	return d.data[start:j], integer, true
}

// literal reads true, false or null.
func (d *fastDecoder) literal(word string) bool {
	if !bytes.HasPrefix(d.data[d.i:], []byte(word)) {
		return false
	}
	d.i += len(word)
	return true
}

// skip validates and skips one JSON value.
func (d *fastDecoder) skip(depth int) bool {
	if d.i >= len(d.data) || depth > maxFastDepth {
		return false
	}
	switch c := d.data[d.i]; c {
	case '"':
		_, _, ok := d.str()
		return ok
	case 't':
		return d.literal("true")
	case 'f':
		return d.literal("false")
	case 'n':
		return d.literal("null")
	case '{':
		d.i++
		d.ws()
		if d.i < len(d.data) && d.data[d.i] == '}' {
			d.i++
			return true
		}
		for {
			if _, _, ok := d.str(); !ok {
				return false
			}
			d.ws()
			if d.i >= len(d.data) || d.data[d.i] != ':' {
				return false
			}
			d.i++
			d.ws()
			if !d.skip(depth + 1) {
				return false
			}
			more, ok := d.next('}')
			if !ok {
				return false
			}
			if !more {
				return true
			}
		}
	case '[':
		d.i++
		d.ws()
		if d.i < len(d.data) && d.data[d.i] == ']' {
			d.i++
			return true
		}
		for {
			if !d.skip(depth + 1) {
				return false
			}
			more, ok := d.next(']')
			if !ok {
				return false
			}
			if !more {
				return true
			}
		}
	default:
		_, _, ok := d.number()
		return ok
	}
}

// intern returns b as a string, shared with earlier equal short values.
func (d *fastDecoder) intern(b []byte) string {
	if len(b) > 24 {
		return string(b)
	}
	if s, ok := d.strs[string(b)]; ok {
		return s
	}
	s := string(b)
	d.strs[s] = s
	return s
}

// keyList returns keys as a list shared with earlier objects of the same
// keys (the caller's slice is scratch).
func (d *fastDecoder) keyList(keys []string) []string {
	d.kbuf = d.kbuf[:0]
	for _, k := range keys {
		d.kbuf = append(d.kbuf, k...)
		d.kbuf = append(d.kbuf, 0)
	}
	if ks, ok := d.keySets[string(d.kbuf)]; ok {
		return ks
	}
	ks := make([]string, len(keys))
	copy(ks, keys)
	ks = ks[:len(ks):len(ks)]
	d.keySets[string(d.kbuf)] = ks
	return ks
}

// null reports (and skips) a JSON null at d.i.
func (d *fastDecoder) null() bool {
	if d.i < len(d.data) && d.data[d.i] == 'n' {
		return d.literal("null")
	}
	return false
}

// nullExtra records a null of a field that cannot hold one in extra, as
// the reflective decoder does.
func nullExtra(extra *map[string]json.RawMessage, key string) {
	if *extra == nil {
		*extra = make(map[string]json.RawMessage)
	}
	(*extra)[key] = json.RawMessage("null")
}

// stringValue reads a string value into dst; a null is kept in extra.
func (d *fastDecoder) stringValue(dst *string, key string, extra *map[string]json.RawMessage) bool {
	if d.null() {
		nullExtra(extra, key)
		return true
	}
	start := d.i
	content, simple, ok := d.str()
	if !ok {
		return false
	}
	if simple {
		*dst = d.intern(content)
		return true
	}
	return json.Unmarshal(d.data[start:d.i], dst) == nil
}

// intValue reads an integer; ok false for anything else.
func (d *fastDecoder) intValue() (int64, bool) {
	raw, integer, ok := d.number()
	if !ok || !integer {
		return 0, false
	}
	n, err := strconv.ParseInt(string(raw), 10, 64)
	return n, err == nil
}

// intField reads an integer field; a null is kept in extra.
func (d *fastDecoder) intField(dst *int, key string, extra *map[string]json.RawMessage) bool {
	if d.null() {
		nullExtra(extra, key)
		return true
	}
	n, ok := d.intValue()
	*dst = int(n)
	return ok
}

// intPtr reads an integer or null into a pointer field.
func (d *fastDecoder) intPtr(dst **int) bool {
	if d.null() {
		*dst = nil
		return true
	}
	n, ok := d.intValue()
	if !ok {
		return false
	}
	*dst = d.newInt(int(n))
	return true
}

// boolField reads true or false; a null is kept in extra.
func (d *fastDecoder) boolField(dst *bool, key string, extra *map[string]json.RawMessage) bool {
	switch {
	case d.null():
		nullExtra(extra, key)
		return true
	case d.literal("true"):
		*dst = true
		return true
	case d.literal("false"):
		*dst = false
		return true
	}
	return false
}

// strings reads an array of strings or null.
func (d *fastDecoder) strings(dst *[]string) bool {
	if d.null() {
		*dst = nil
		return true
	}
	if d.i >= len(d.data) || d.data[d.i] != '[' {
		return false
	}
	d.i++
	d.ws()
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		*dst = []string{}
		return true
	}
	out := d.strBuf[:0]
	for {
		var s string
		start := d.i
		content, simple, ok := d.str()
		if !ok {
			return false
		}
		if simple {
			s = d.intern(content)
		} else if s, ok = unquote(d.data[start:d.i]); !ok {
			return false
		}
		out = append(out, s)
		more, ok := d.next(']')
		if !ok {
			return false
		}
		if !more {
			*dst = d.keepStrings(out)
			d.strBuf = out[:0]
			return true
		}
	}
}

// raw skips one value and returns its bytes.
func (d *fastDecoder) raw() ([]byte, bool) {
	start := d.i
	if !d.skip(1) {
		return nil, false
	}
	return d.data[start:d.i], true
}

// actions reads an array of actions or null (auto: of auto actions).
func (d *fastDecoder) actions(auto bool) ([]Action, bool) {
	if d.null() {
		return nil, true
	}
	if d.i >= len(d.data) || d.data[d.i] != '[' {
		return nil, false
	}
	d.i++
	d.ws()
	out := []Action{}
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		return out, true
	}
	if !auto {
		// Action is large: size the list once (a quick count of the
		// elements, which the decoding below validates)
		out = make([]Action, 0, countElements(d.data[d.i-1:]))
	}
	for {
		out = append(out, Action{})
		if !d.action(&out[len(out)-1], auto) {
			return nil, false
		}
		more, ok := d.next(']')
		if !ok {
			return nil, false
		}
		if !more {
			return out[:len(out):len(out)], true
		}
	}
}

// object runs member for every member of the object at d.i, collecting
// its keys (duplicates after the first are validated and skipped, as the
// reflective decoder ignores them); member reports whether it decoded the
// value.
func (d *fastDecoder) object(keys *[]string, member func(name []byte) (string, bool)) bool {
	if d.i >= len(d.data) || d.data[d.i] != '{' {
		return false
	}
	var kb [24]string
	ks := kb[:0]
	d.i++
	d.ws()
	if d.i < len(d.data) && d.data[d.i] == '}' {
		d.i++
		*keys = []string{}
		return true
	}
	for {
		name, ok := d.key()
		if !ok {
			return false
		}
		dup := false
		for _, k := range ks {
			if k == string(name) {
				dup = true
				break
			}
		}
		if dup {
			if !d.skip(1) {
				return false
			}
		} else {
			key, ok := member(name)
			if !ok {
				return false
			}
			ks = append(ks, key)
		}
		more, ok := d.next('}')
		if !ok {
			return false
		}
		if !more {
			*keys = d.keyList(ks)
			return true
		}
	}
}

// extraValue keeps an unknown key's value as raw JSON.
func (d *fastDecoder) extraValue(extra *map[string]json.RawMessage, key string) bool {
	raw, ok := d.raw()
	if !ok {
		return false
	}
	if *extra == nil {
		*extra = make(map[string]json.RawMessage)
	}
	(*extra)[key] = bytes.Clone(raw)
	return true
}

// action decodes one action object into a (auto: an auto action, which may
// not carry auto actions of its own).
func (d *fastDecoder) action(a *Action, auto bool) bool {
	x := &a.Extra
	return d.object(&a.keys, func(name []byte) (string, bool) {
		var ok bool
		switch string(name) {
		case "type":
			return "type", d.stringValue(&a.Type, "type", x)
		case "entity":
			return "entity", d.entity(&a.Entity)
		case "entity_type":
			return "entity_type", d.stringValue(&a.EntityType, "entity_type", x)
		case "id":
			return "id", d.intField(&a.ID, "id", x)
		case "user":
			return "user", d.intPtr(&a.User)
		case "created_at":
			if d.null() {
				nullExtra(x, "created_at")
				return "created_at", true
			}
			a.CreatedAt, ok = d.intValue()
			return "created_at", ok
		case "auto_actions":
			if auto {
				// only null or an empty list, as the reflective decoder allows
				return "auto_actions", d.null() || d.literal("[]")
			}
			a.AutoActions, ok = d.actions(true)
			return "auto_actions", ok
		case "skip":
			return "skip", d.boolField(&a.Skip, "skip", x)
		case "price":
			return "price", d.intField(&a.Price, "price", x)
		case "company":
			return "company", d.stringValue(&a.Company, "company", x)
		case "corporation":
			return "corporation", d.stringValue(&a.Corporation, "corporation", x)
		case "share_price":
			if d.null() {
				a.SharePrice = nil
				return "share_price", true
			}
			raw, ok := d.raw()
			if !ok {
				return "", false
			}
			var p SharePrice
			if p.UnmarshalJSON(raw) != nil {
				return "", false
			}
			a.SharePrice = &p
			return "share_price", true
		case "shares":
			return "shares", d.strings(&a.Shares)
		case "percent":
			return "percent", d.intField(&a.Percent, "percent", x)
		case "hex":
			return "hex", d.stringValue(&a.Hex, "hex", x)
		case "tile":
			return "tile", d.stringValue(&a.Tile, "tile", x)
		case "rotation":
			return "rotation", d.intField(&a.Rotation, "rotation", x)
		case "city":
			return "city", d.stringValue(&a.City, "city", x)
		case "slot":
			return "slot", d.intField(&a.Slot, "slot", x)
		case "tokener":
			return "tokener", d.stringValue(&a.Tokener, "tokener", x)
		case "train":
			return "train", d.stringValue(&a.Train, "train", x)
		case "variant":
			return "variant", d.stringValue(&a.Variant, "variant", x)
		case "routes":
			return "routes", d.routes(&a.Routes)
		case "extra_revenue":
			return "extra_revenue", d.intField(&a.ExtraRevenue, "extra_revenue", x)
		case "subsidy":
			return "subsidy", d.intPtr(&a.Subsidy)
		case "kind":
			return "kind", d.stringValue(&a.Kind, "kind", x)
		case "description":
			return "description", d.stringValue(&a.Description, "description", x)
		case "cost":
			return "cost", d.intField(&a.Cost, "cost", x)
		case "message":
			return "message", d.stringValue(&a.Message, "message", x)
		case "end_vote":
			return "end_vote", d.stringValue(&a.EndVote, "end_vote", x)
		case "action_id":
			return "action_id", d.intPtr(&a.ActionID)
		case "until_condition":
			if d.null() {
				a.UntilCondition = nil
				return "until_condition", true
			}
			raw, ok := d.raw()
			if !ok {
				return "", false
			}
			var v IntOrString
			if v.UnmarshalJSON(raw) != nil {
				return "", false
			}
			a.UntilCondition = &v
			return "until_condition", true
		case "from_market":
			return "from_market", d.boolField(&a.FromMarket, "from_market", x)
		case "auto_pass_after":
			return "auto_pass_after", d.boolField(&a.AutoPassAfter, "auto_pass_after", x)
		case "unconditional":
			return "unconditional", d.boolField(&a.Unconditional, "unconditional", x)
		case "indefinite":
			return "indefinite", d.boolField(&a.Indefinite, "indefinite", x)
		case "reason":
			return "reason", d.stringValue(&a.Reason, "reason", x)
		case "original_type":
			return "original_type", d.stringValue(&a.OriginalType, "original_type", x)
		}
		if _, known := actionInfo.index[string(name)]; known {
			return "", false // a field this decoder does not handle
		}
		key := string(name)
		return key, d.extraValue(x, key)
	})
}

// entity reads a player id, a symbol or null.
func (d *fastDecoder) entity(e *Entity) bool {
	if d.i >= len(d.data) {
		return false
	}
	switch d.data[d.i] {
	case 'n':
		*e = Entity{}
		return d.null()
	case '"':
		start := d.i
		content, simple, ok := d.str()
		if !ok {
			return false
		}
		s := ""
		if simple {
			s = d.intern(content)
		} else if s, ok = unquote(d.data[start:d.i]); !ok {
			return false
		}
		*e = SymbolEntity(s)
		return true
	}
	n, ok := d.intValue()
	if !ok || int64(int(n)) != n {
		return false
	}
	*e = PlayerEntity(int(n))
	return true
}

// routes reads a run's routes or null.
func (d *fastDecoder) routes(dst *[]Route) bool {
	if d.null() {
		*dst = nil
		return true
	}
	if d.i >= len(d.data) || d.data[d.i] != '[' {
		return false
	}
	d.i++
	d.ws()
	out := []Route{}
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		*dst = out
		return true
	}
	for {
		out = append(out, Route{})
		if !d.route(&out[len(out)-1]) {
			return false
		}
		more, ok := d.next(']')
		if !ok {
			return false
		}
		if !more {
			*dst = out[:len(out):len(out)]
			return true
		}
	}
}

// route decodes one route object.
func (d *fastDecoder) route(r *Route) bool {
	x := &r.Extra
	return d.object(&r.keys, func(name []byte) (string, bool) {
		switch string(name) {
		case "train":
			return "train", d.stringValue(&r.Train, "train", x)
		case "connections":
			return "connections", d.connections(&r.Connections)
		case "hexes":
			return "hexes", d.strings(&r.Hexes)
		case "revenue":
			return "revenue", d.intPtr(&r.Revenue)
		case "revenue_str":
			return "revenue_str", d.stringValue(&r.RevenueStr, "revenue_str", x)
		case "subsidy":
			return "subsidy", d.intPtr(&r.Subsidy)
		case "halts":
			return "halts", d.intPtr(&r.Halts)
		case "nodes":
			return "nodes", d.strings(&r.Nodes)
		}
		if _, known := routeInfo.index[string(name)]; known {
			return "", false
		}
		key := string(name)
		return key, d.extraValue(x, key)
	})
}

// connections reads a route's chains of hexes or null.
func (d *fastDecoder) connections(dst *[][]string) bool {
	if d.null() {
		*dst = nil
		return true
	}
	if d.i >= len(d.data) || d.data[d.i] != '[' {
		return false
	}
	d.i++
	d.ws()
	if d.i < len(d.data) && d.data[d.i] == ']' {
		d.i++
		*dst = [][]string{}
		return true
	}
	out := d.listBuf[:0]
	for {
		var chain []string
		if !d.strings(&chain) {
			return false
		}
		out = append(out, chain)
		more, ok := d.next(']')
		if !ok {
			return false
		}
		if !more {
			*dst = d.keepLists(out)
			d.listBuf = out[:0]
			return true
		}
	}
}

// countElements counts the elements of the array at the start of data
// without validating them (an estimate for sizing; 0 when it cannot tell).
func countElements(data []byte) int {
	n := 0
	i := skipSpace(data, 1)
	if i < len(data) && data[i] == ']' {
		return 0
	}
	for i < len(data) {
		end, err := skipValue(data, i)
		if err != nil {
			return n
		}
		n++
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ',' {
			return n
		}
		i = skipSpace(data, i+1)
	}
	return n
}
