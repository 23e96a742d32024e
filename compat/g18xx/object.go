package g18xx

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"tresham/internal/jsonerr"
)

// This file holds the small reflective binder used by every export type
// (Game, Settings, Player, Action, Route). It decodes a JSON object into the
// struct's tagged fields, remembers the order of the keys it saw, and keeps
// every unknown key — and every known key whose value was null but whose Go
// field cannot say "null" — as raw JSON. Encoding replays the keys in their
// original order, so an imported file is exported with the same keys, the
// same nulls and the same order.

// structInfo describes the tagged fields of one struct type.
type structInfo struct {
	index map[string]int // JSON name -> field index
	names []string       // JSON names in declaration order
	canon map[string]string
	// plain marks the fields (by index) of a string, integer or boolean
	// kind without a marshaler of their own, which encodeObject writes
	// itself rather than through encoding/json
	plain []bool
}

// keyString returns m's key, sharing the field table's string for a known
// name (no allocation for the usual keys).
func (si *structInfo) keyString(m member) string {
	if m.name == nil {
		return strings.ToValidUTF8(m.key, "\uFFFD")
	}
	if k, ok := si.canon[string(m.name)]; ok {
		return k
	}
	return strings.ToValidUTF8(string(m.name), "\uFFFD")
}

// Field tables of the export types, computed once at package
// initialisation and never modified afterwards.
var (
	actionInfo   = newStructInfo(reflect.TypeFor[Action]())
	routeInfo    = newStructInfo(reflect.TypeFor[Route]())
	gameInfo     = newStructInfo(reflect.TypeFor[Game]())
	playerInfo   = newStructInfo(reflect.TypeFor[Player]())
	settingsInfo = newStructInfo(reflect.TypeFor[Settings]())
)

func newStructInfo(t reflect.Type) *structInfo {
	index, names := jsonFields(t)
	canon := make(map[string]string, len(names))
	for _, n := range names {
		canon[n] = n
	}
	plain := make([]bool, t.NumField())
	for i := range plain {
		plain[i] = plainKind(t.Field(i).Type)
	}
	return &structInfo{index: index, names: names, canon: canon, plain: plain}
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// plainKind reports whether encoding/json encodes values of t as a plain
// string, integer or boolean (t has no marshaler that would take over).
func plainKind(t reflect.Type) bool {
	for _, m := range []reflect.Type{jsonMarshalerType, textMarshalerType} {
		if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
			return false
		}
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}

// appendPlain appends the JSON of f, a plain field (structInfo.plain), as
// encoding/json without HTML escaping writes it; false if f is a string
// that needs escapes, left to encoding/json.
func appendPlain(b []byte, f reflect.Value) ([]byte, bool) {
	switch f.Kind() {
	case reflect.String:
		return appendSimpleString(b, f.String())
	case reflect.Bool:
		return strconv.AppendBool(b, f.Bool()), true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.AppendInt(b, f.Int(), 10), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.AppendUint(b, f.Uint(), 10), true
	}
	return b, false
}

// appendSimpleString appends s quoted when it is printable ASCII without
// a quote or backslash (encoding/json writes such a string as it is);
// else it appends nothing and reports false.
func appendSimpleString(b []byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			return b, false
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"'), true
}

// infoFor returns the field table of t.
func infoFor(t reflect.Type) *structInfo {
	switch t {
	case actionInfoType:
		return actionInfo
	case routeInfoType:
		return routeInfo
	case gameInfoType:
		return gameInfo
	case playerInfoType:
		return playerInfo
	case settingsInfoType:
		return settingsInfo
	}
	return newStructInfo(t)
}

var (
	actionInfoType   = reflect.TypeFor[Action]()
	routeInfoType    = reflect.TypeFor[Route]()
	gameInfoType     = reflect.TypeFor[Game]()
	playerInfoType   = reflect.TypeFor[Player]()
	settingsInfoType = reflect.TypeFor[Settings]()
)

// jsonFields maps JSON names to struct field indexes for the tagged fields of t.
func jsonFields(t reflect.Type) (map[string]int, []string) {
	idx := make(map[string]int, t.NumField())
	names := make([]string, 0, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		idx[name] = i
		names = append(names, name)
	}
	return idx, names
}

// nullable reports whether a JSON null can be stored in a field of type t
// and encoded back as null.
func nullable(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return true
	}
	return t == reflect.TypeFor[Entity]()
}

func isNull(raw []byte) bool { return bytes.Equal(bytes.TrimSpace(raw), []byte("null")) }

// decodeObject decodes the JSON object data into the struct pointed to by
// dst. keys receives the key order; extra receives unknown keys and nulls of
// non-nullable fields. hook, when set, may take over decoding of a key
// (it reports whether it did).
func decodeObject(data []byte, dst any, keys *[]string, extra *map[string]json.RawMessage, hook func(key string, raw json.RawMessage) (bool, error)) error {
	var scratch [32]member
	members, err := splitObjectInto(scratch[:0], data)
	if err != nil {
		return err
	}
	return decodeMembers(members, dst, keys, extra, hook)
}

// decodeMembers is decodeObject of an object already split into members.
func decodeMembers(members []member, dst any, keys *[]string, extra *map[string]json.RawMessage, hook func(key string, raw json.RawMessage) (bool, error)) error {
	v := reflect.ValueOf(dst).Elem()
	info := infoFor(v.Type())
	fields := info.index
	*keys = make([]string, 0, len(members)) // non-nil: marks the object as decoded
	*extra = nil
	for _, m := range members {
		// a key with invalid UTF-8 is kept as its replacement characters,
		// as encoding would write it, so decode and encode agree
		key, raw := info.keyString(m), m.raw
		if has(*keys, key) {
			continue // duplicate key: the first one wins
		}
		*keys = append(*keys, key)
		if hook != nil {
			handled, err := hook(key, raw)
			if err != nil {
				return fmt.Errorf("field %q: %w", key, err)
			}
			if handled {
				continue
			}
		}
		i, known := fields[key]
		if !known || (isNull(raw) && !nullable(v.Field(i).Type())) {
			if *extra == nil {
				*extra = make(map[string]json.RawMessage)
			}
			(*extra)[key] = bytes.Clone(raw)
			continue
		}
		if err := decodeValue(raw, v.Field(i)); err != nil {
			return fmt.Errorf("field %q: %s", key, jsonerr.Describe(err))
		}
	}
	return nil
}

// decodeValue decodes raw into the addressable field f, with fast paths for
// plain strings, integers and booleans.
func decodeValue(raw []byte, f reflect.Value) error {
	switch f.Kind() {
	case reflect.String:
		// fast path for plain text; invalid UTF-8 goes through json, which
		// keeps it as replacement characters, as encoding would write it
		if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' && bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
			f.SetString(string(raw[1 : len(raw)-1]))
			return nil
		}
	case reflect.Int, reflect.Int64:
		if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
			f.SetInt(n)
			return nil
		}
	case reflect.Bool:
		switch string(raw) {
		case "true":
			f.SetBool(true)
			return nil
		case "false":
			f.SetBool(false)
			return nil
		}
	case reflect.Slice:
		// element by element, each with these fast paths; what does not
		// split cleanly is left to json for its error, and a slice type
		// with its own decoding (json.RawMessage) or of bytes (base64)
		// goes to json as well
		if _, own := f.Addr().Interface().(json.Unmarshaler); own || f.Type().Elem().Kind() == reflect.Uint8 {
			break
		}
		if isNull(raw) {
			f.SetZero()
			return nil
		}
		if items, err := splitArray(raw); err == nil {
			s := reflect.MakeSlice(f.Type(), len(items), len(items))
			for i, item := range items {
				if err := decodeValue(item, s.Index(i)); err != nil {
					return err
				}
			}
			f.Set(s)
			return nil
		}
	case reflect.Pointer:
		if isNull(raw) {
			f.SetZero()
			return nil
		}
		p := reflect.New(f.Type().Elem())
		if err := decodeValue(raw, p.Elem()); err != nil {
			return err
		}
		f.Set(p)
		return nil
	}
	if u, ok := f.Addr().Interface().(json.Unmarshaler); ok {
		return u.UnmarshalJSON(raw)
	}
	return json.Unmarshal(raw, f.Addr().Interface())
}

// encodeObject encodes the struct src. Keys listed in keys come first, in
// that order; then non-zero fields that were not decoded, in declaration
// order; then remaining extra keys in sorted order. For an object built in
// code (keys == nil) zero fields for which required reports true are
// emitted too.
func encodeObject(src any, keys []string, extra map[string]json.RawMessage, required func(string) bool) ([]byte, error) {
	v := reflect.ValueOf(src)
	info := infoFor(v.Type())
	fields, names := info.index, info.names
	buf := make([]byte, 1, 128)
	buf[0] = '{'
	// the keys written so far: objects have a dozen keys at most, so a
	// list searched in turn (on the stack) beats a map
	var wbuf [16]string
	written := wbuf[:0]
	isWritten := func(key string) bool {
		for _, k := range written {
			if k == key {
				return true
			}
		}
		return false
	}
	// begin writes the separator and the key, or reports false if key
	// was written already
	begin := func(key string) (bool, error) {
		if isWritten(key) {
			return false, nil
		}
		written = append(written, key)
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		var ok bool
		if buf, ok = appendSimpleString(buf, key); !ok {
			k, err := marshalNoEscape(key)
			if err != nil {
				return false, err
			}
			buf = append(buf, k...)
		}
		buf = append(buf, ':')
		return true, nil
	}
	emit := func(key string, raw []byte) error {
		ok, err := begin(key)
		if ok {
			buf = append(buf, raw...)
		}
		return err
	}
	field := func(key string, i int) error {
		f := v.Field(i)
		if raw, ok := extra[key]; ok && f.IsZero() {
			return emit(key, raw)
		}
		if f.Kind() == reflect.Slice && f.IsNil() && required != nil && required(key) {
			return emit(key, []byte("[]"))
		}
		if info.plain[i] {
			if isWritten(key) {
				return nil
			}
			mark := len(buf)
			if _, err := begin(key); err != nil {
				return err
			}
			var ok bool
			if buf, ok = appendPlain(buf, f); ok {
				return nil
			}
			buf, written = buf[:mark], written[:len(written)-1] // a string with escapes
		}
		b, err := marshalNoEscape(f.Interface())
		if err != nil {
			return fmt.Errorf("field %q: %w", key, err)
		}
		return emit(key, b)
	}
	for _, key := range keys {
		if i, ok := fields[key]; ok {
			if err := field(key, i); err != nil {
				return nil, err
			}
		} else if raw, ok := extra[key]; ok {
			if err := emit(key, raw); err != nil {
				return nil, err
			}
		}
	}
	for _, key := range names {
		if isWritten(key) {
			continue
		}
		i := fields[key]
		if v.Field(i).IsZero() && (keys != nil || required == nil || !required(key)) {
			continue
		}
		if err := field(key, i); err != nil {
			return nil, err
		}
	}
	rest := make([]string, 0, len(extra))
	for key := range extra {
		if !isWritten(key) {
			rest = append(rest, key)
		}
	}
	sort.Strings(rest)
	for _, key := range rest {
		if err := emit(key, extra[key]); err != nil {
			return nil, err
		}
	}
	buf = append(buf, '}')
	return buf, nil
}

// has reports whether key was present when the object was decoded.
func has(keys []string, key string) bool {
	for _, k := range keys {
		if k == key {
			return true
		}
	}
	return false
}

func abbreviate(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}

// errMissing reports a required field that is absent.
var errMissing = errors.New("missing required field")
