package trace

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// FieldSet selects which parts of a line a comparison looks at. A field is
// named by a path pattern: object keys separated by dots, with "[]" for
// "every element of this list" and "*" for "any key", e.g. "bank_cash",
// "players[].cash", "corporations[].shares_by_owner", "flags.*". A pattern
// selects everything below it. Exclusions win over inclusions.
//
// The zero FieldSet selects nothing. FieldSets are values; With and Without
// return modified copies.
type FieldSet struct {
	include [][]string
	exclude [][]string
}

// MinimalFieldPatterns returns the patterns of MinimalFields.
func MinimalFieldPatterns() []string {
	return []string{
		"id", "type", "round", "phase", "bank_cash",
		"players[].id", "players[].cash",
		"corporations[].sym", "corporations[].cash", "corporations[].share_price",
		"corporations[].trains", "corporations[].president", "corporations[].shares_by_owner",
		"tiles",
	}
}

// Fields returns the FieldSet selecting the given patterns.
func Fields(patterns ...string) FieldSet { return FieldSet{}.With(patterns...) }

// MinimalFields returns the required minimum: id, type, round, phase,
// bank_cash, players[id, cash], corporations[sym, cash, share_price, trains,
// president, shares_by_owner] and tiles.
func MinimalFields() FieldSet { return Fields(MinimalFieldPatterns()...) }

// FullFields returns every field except log and bank_raw.
func FullFields() FieldSet { return AllFields().Without("log", "bank_raw") }

// AllFields returns every field, log and bank_raw included.
func AllFields() FieldSet { return Fields("*") }

// With returns a copy of f that also selects the given patterns.
func (f FieldSet) With(patterns ...string) FieldSet {
	out := FieldSet{include: slices.Clone(f.include), exclude: slices.Clone(f.exclude)}
	for _, p := range patterns {
		out.include = append(out.include, parsePattern(p))
	}
	return out
}

// Without returns a copy of f that ignores the given patterns.
func (f FieldSet) Without(patterns ...string) FieldSet {
	out := FieldSet{include: slices.Clone(f.include), exclude: slices.Clone(f.exclude)}
	for _, p := range patterns {
		out.exclude = append(out.exclude, parsePattern(p))
	}
	return out
}

// String lists the patterns, exclusions prefixed with "-".
func (f FieldSet) String() string {
	var parts []string
	for _, p := range f.include {
		parts = append(parts, formatPattern(p))
	}
	for _, p := range f.exclude {
		parts = append(parts, "-"+formatPattern(p))
	}
	return strings.Join(parts, ",")
}

// parsePattern splits "corporations[].shares_by_owner" into
// ["corporations", "[]", "shares_by_owner"].
func parsePattern(p string) []string {
	var segs []string
	for _, part := range strings.Split(p, ".") {
		n := 0
		for part != "[]" && strings.HasSuffix(part, "[]") {
			part = strings.TrimSuffix(part, "[]")
			n++
		}
		if part != "" {
			segs = append(segs, part)
		}
		for range n {
			segs = append(segs, "[]")
		}
	}
	return segs
}

func formatPattern(segs []string) string {
	var b strings.Builder
	for i, s := range segs {
		if s == "[]" {
			b.WriteString("[]")
			continue
		}
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// prefixMatch reports whether pattern matches the first len(pattern)
// segments of path (so everything below path is covered).
func prefixMatch(pattern, path []string) bool {
	if len(pattern) > len(path) {
		return false
	}
	for i, s := range pattern {
		if s != path[i] && !(s == "*" && path[i] != "[]") {
			return false
		}
	}
	return true
}

// selected reports whether the node at path is compared as a whole.
func (f FieldSet) selected(path []string) bool {
	for _, e := range f.exclude {
		if prefixMatch(e, path) {
			return false
		}
	}
	for _, p := range f.include {
		if prefixMatch(p, path) {
			return true
		}
	}
	return false
}

// relevant reports whether anything at or below path is selected.
func (f FieldSet) relevant(path []string) bool {
	for _, e := range f.exclude {
		if prefixMatch(e, path) {
			return false
		}
	}
	for _, p := range f.include {
		if prefixMatch(p, path) || prefixMatch(path, p) {
			return true
		}
	}
	return false
}

// excludesBelow reports whether some exclusion applies strictly below path.
func (f FieldSet) excludesBelow(path []string) bool {
	for _, e := range f.exclude {
		if len(e) > len(path) && prefixMatch(path, e) {
			return true
		}
	}
	return false
}

// Diff is one difference between two lines.
type Diff struct {
	// Path locates the value, e.g. `corporations[C&N].shares_by_owner["5518"]`.
	// Elements of players are named by id, of corporations and companies by sym.
	Path string
	// Want and Got are the values as compact JSON, or "<missing>".
	Want, Got string
	// Note qualifies the difference, e.g. "order" for a list whose elements
	// are the same but in a different order.
	Note string
}

// String formats the diff as "path: want X, got Y".
func (d Diff) String() string {
	path := d.Path
	if path == "" {
		path = "line"
	}
	if d.Note != "" {
		return fmt.Sprintf("%s: %s: want %s, got %s", path, d.Note, d.Want, d.Got)
	}
	return fmt.Sprintf("%s: want %s, got %s", path, d.Want, d.Got)
}

const missing = "<missing>"

// Compare returns the differences between want and got in the selected
// fields, in a stable order. It compares the lines' JSON forms, so fields
// added to Line later need no code here.
func Compare(want, got Line, fields FieldSet) []Diff {
	wb, werr := json.Marshal(want)
	gb, gerr := json.Marshal(got)
	if werr != nil || gerr != nil {
		return []Diff{{Note: "encode error", Want: errString(werr), Got: errString(gerr)}}
	}
	return CompareJSON(wb, gb, fields)
}

// CompareJSON is Compare for two lines given as JSON documents (for
// example, raw lines of two trace files).
func CompareJSON(want, got []byte, fields FieldSet) []Diff {
	if bytes.Equal(want, got) {
		return nil
	}
	wt, werr := parseTree(want)
	gt, gerr := parseTree(got)
	if werr != nil || gerr != nil {
		return []Diff{{Note: "invalid JSON", Want: errString(werr), Got: errString(gerr)}}
	}
	c := comparer{fields: fields}
	c.walk(wt, gt, nil, "")
	return c.diffs
}

func errString(err error) string {
	if err == nil {
		return "ok"
	}
	return err.Error()
}

func parseTree(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

type comparer struct {
	fields FieldSet
	diffs  []Diff
}

func (c *comparer) add(path string, want, got any, note string) {
	c.diffs = append(c.diffs, Diff{Path: path, Want: show(want), Got: show(got), Note: note})
}

// show renders a value as compact JSON; nil interface (absent) is "<missing>".
func show(v any) string {
	if _, ok := v.(absent); ok {
		return missing
	}
	var buf bytes.Buffer
	writeValue(&buf, v)
	return buf.String()
}

// absent marks a value missing on one side.
type absent struct{}

func (c *comparer) walk(want, got any, path []string, disp string) {
	if !c.fields.relevant(path) {
		return
	}
	whole := c.fields.selected(path) && !c.fields.excludesBelow(path)
	if whole && equalTree(want, got) {
		return
	}
	wm, wIsMap := want.(map[string]any)
	gm, gIsMap := got.(map[string]any)
	if wIsMap && gIsMap {
		keys := make([]string, 0, len(wm)+len(gm))
		for k := range wm {
			keys = append(keys, k)
		}
		for k := range gm {
			if _, ok := wm[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			child := append(slices.Clip(path), k)
			cdisp := joinKey(disp, k, len(path) > 0 && isMapLike(path[len(path)-1]))
			wv, wok := wm[k]
			gv, gok := gm[k]
			switch {
			case wok && gok:
				c.walk(wv, gv, child, cdisp)
			case c.fields.selected(child):
				if !wok {
					c.add(cdisp, absent{}, gv, "")
				} else {
					c.add(cdisp, wv, absent{}, "")
				}
			}
		}
		return
	}
	wa, wIsArr := want.([]any)
	ga, gIsArr := got.([]any)
	if wIsArr && gIsArr {
		child := append(slices.Clip(path), "[]")
		if key := listKey(wa, ga); key != "" {
			c.walkKeyed(wa, ga, key, child, disp)
			return
		}
		if len(wa) == len(ga) && hasObjects(wa) {
			for i := range wa {
				c.walk(wa[i], ga[i], child, fmt.Sprintf("%s[%d]", disp, i))
			}
			return
		}
		if c.fields.selected(path) || c.fields.selected(child) {
			c.add(disp, want, got, "")
		}
		return
	}
	if c.fields.selected(path) && !equalTree(want, got) {
		c.add(disp, want, got, "")
	}
}

// walkKeyed compares lists of objects identified by key ("id" or "sym"):
// elements are matched by key, and a different order is reported once.
func (c *comparer) walkKeyed(wa, ga []any, key string, child []string, disp string) {
	wIdx := make(map[string]any, len(wa))
	var wKeys, gKeys []string
	for _, e := range wa {
		k := show(e.(map[string]any)[key])
		wKeys = append(wKeys, k)
		wIdx[k] = e
	}
	gIdx := make(map[string]any, len(ga))
	for _, e := range ga {
		k := show(e.(map[string]any)[key])
		gKeys = append(gKeys, k)
		gIdx[k] = e
	}
	if c.fields.relevant(append(slices.Clip(child), key)) && !slices.Equal(wKeys, gKeys) {
		sw, sg := slices.Sorted(slices.Values(wKeys)), slices.Sorted(slices.Values(gKeys))
		if slices.Equal(sw, sg) {
			c.diffs = append(c.diffs, Diff{Path: disp, Note: "order",
				Want: "[" + strings.Join(wKeys, ",") + "]", Got: "[" + strings.Join(gKeys, ",") + "]"})
		}
	}
	for _, k := range wKeys {
		edisp := disp + "[" + strings.Trim(k, `"`) + "]"
		ge, ok := gIdx[k]
		if !ok {
			if c.fields.relevant(child) {
				c.add(edisp, wIdx[k], absent{}, "")
			}
			continue
		}
		c.walk(wIdx[k], ge, child, edisp)
	}
	for _, k := range gKeys {
		if _, ok := wIdx[k]; !ok && c.fields.relevant(child) {
			c.add(disp+"["+strings.Trim(k, `"`)+"]", absent{}, gIdx[k], "")
		}
	}
}

// listKey returns "sym" or "id" when every element of both lists is an
// object carrying that key with distinct values, else "".
func listKey(a, b []any) string {
	if len(a) == 0 && len(b) == 0 {
		return ""
	}
	for _, key := range []string{"sym", "id"} {
		ok := true
		seen := [2]map[string]bool{{}, {}}
		for side, list := range [][]any{a, b} {
			for _, e := range list {
				m, isMap := e.(map[string]any)
				if !isMap {
					return ""
				}
				v, has := m[key]
				if !has {
					ok = false
					break
				}
				k := show(v)
				if seen[side][k] {
					ok = false
					break
				}
				seen[side][k] = true
			}
		}
		if ok {
			return key
		}
	}
	return ""
}

func hasObjects(a []any) bool {
	for _, e := range a {
		switch e.(type) {
		case map[string]any, []any:
			return true
		}
	}
	return false
}

// isMapLike reports whether the object under key is a data map whose keys
// are shown as ["key"] rather than .key.
func isMapLike(key string) bool {
	switch key {
	case "shares_by_owner", "tiles", "result":
		return true
	}
	return false
}

func joinKey(disp, k string, mapLike bool) string {
	if mapLike || !isIdent(k) {
		return disp + `["` + k + `"]`
	}
	if disp == "" {
		return k
	}
	return disp + "." + k
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// equalTree compares two decoded JSON trees.
func equalTree(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok || !equalTree(v, w) {
				return false
			}
		}
		return true
	case []any:
		ba, ok := b.([]any)
		if !ok || len(a) != len(ba) {
			return false
		}
		for i := range a {
			if !equalTree(a[i], ba[i]) {
				return false
			}
		}
		return true
	default:
		return a == b
	}
}

// Mismatch is the first line at which two traces differ.
type Mismatch struct {
	// Index is the line's index in the trace (0 is the init line).
	Index int
	// ID, Type and Entity describe the action of the expected line.
	ID     int
	Type   string
	Entity string
	Diffs  []Diff
}

// Header names the line, e.g. "action 37 (buy_shares, entity 5518)".
func (m *Mismatch) Header() string {
	if m.Index == 0 && m.Type == "init" {
		return "init (line 0)"
	}
	if m.Entity == "" {
		return fmt.Sprintf("action %d (%s, line %d)", m.ID, m.Type, m.Index)
	}
	return fmt.Sprintf("action %d (%s, entity %s)", m.ID, m.Type, m.Entity)
}

// String formats every diff on its own line, prefixed by the header.
func (m *Mismatch) String() string {
	var b strings.Builder
	for i, d := range m.Diffs {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(m.Header())
		b.WriteString(": ")
		b.WriteString(d.String())
	}
	return b.String()
}

// Error makes a Mismatch usable as an error.
func (m *Mismatch) Error() string { return m.String() }

// CompareTraces compares two traces line by line and returns the first line
// whose selected fields differ, or nil when they agree. A trace that ends
// early or runs on is reported at the first missing or surplus line.
func CompareTraces(want, got []Line, fields FieldSet) *Mismatch {
	for i := range want {
		w := &want[i]
		m := &Mismatch{Index: i, ID: w.ID, Type: w.Type, Entity: w.Entity.String()}
		if i >= len(got) {
			m.Diffs = []Diff{{Note: "line missing", Want: fmt.Sprintf("%d lines", len(want)), Got: fmt.Sprintf("%d lines", len(got))}}
			return m
		}
		if diffs := Compare(*w, got[i], fields); len(diffs) > 0 {
			m.Diffs = diffs
			return m
		}
	}
	if len(got) > len(want) {
		g := &got[len(want)]
		return &Mismatch{Index: len(want), ID: g.ID, Type: g.Type, Entity: g.Entity.String(),
			Diffs: []Diff{{Note: "extra line", Want: fmt.Sprintf("%d lines", len(want)), Got: fmt.Sprintf("%d lines", len(got))}}}
	}
	return nil
}
