// Package i18n holds Tresham's message catalogues and renders messages in
// a reader's language. A catalogue is a gettext PO file (ui/static/i18n/
// LANG.po, served to the page as it is): each msgid is the English text,
// and a msgid with arguments is the Go format the engine or the page
// writes it with (%s, %d, %v, %%, and %[n]s to reorder), so a message's id
// is its English template and its arguments are the values put in it.
//
// The engine writes its log lines and refusals in English (the golden
// traces and exports depend on them byte for byte); Decode recovers the
// message id and arguments from such a line by matching the catalogue's
// templates, and Render writes them in the catalogue's language. The
// page does the same with the same file (ui/static/i18n.js). English is
// the fallback: a message with no translation is shown as it was written.
//
// Arguments: a %d argument is a number and a %q one a quoted string (both
// put in as they are; the first %d picks the plural form of a message with
// msgid_plural); a %s argument is a name or a word, looked up
// under the context "arg" (so "the IPO" or "Yellow" can be translated while
// company, place and player names stay as they are); a %v argument is a
// whole message of its own (a wrapped error), translated in turn.
package i18n

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ArgContext is the msgctxt of words and phrases that stand as %s
// arguments inside other messages.
const ArgContext = "arg"

// Message is a message id (its English template) and its arguments, as
// they stand in the text.
type Message struct {
	ID   string   `json:"id"`
	Args []string `json:"args,omitempty"`
}

// Catalog is one language's translations.
type Catalog struct {
	// Lang is the language (the header's Language, e.g. "fr").
	Lang      string
	plural    pluralFunc
	entries   map[string]*Entry
	templates []*template
}

// template is a msgid (or msgid_plural) with arguments, compiled for
// Decode.
type template struct {
	id    string // the msgid the message is known by
	re    *regexp.Regexp
	verbs []byte // the verb of each argument, in the order they appear
	lit   int    // characters (runes) of literal text: more is more specific
}

func key(ctx, id string) string { return ctx + "\x04" + id }

// Load reads a catalogue from a PO file.
func Load(r io.Reader) (*Catalog, error) {
	entries, err := ParsePO(r)
	if err != nil {
		return nil, err
	}
	c := &Catalog{entries: map[string]*Entry{}, plural: func(n int) int { return b2i(n != 1) }}
	for _, e := range entries {
		if e.ID == "" && e.Context == "" {
			if err := c.header(e); err != nil {
				return nil, err
			}
			continue
		}
		if e.Fuzzy() {
			continue
		}
		k := key(e.Context, e.ID)
		if _, dup := c.entries[k]; dup {
			return nil, fmt.Errorf("msgid %q (context %q) given twice", e.ID, e.Context)
		}
		c.entries[k] = e
		if e.Context != "" || !e.Format() {
			continue
		}
		for _, id := range []string{e.ID, e.Plural} {
			if id == "" || !strings.Contains(id, "%") {
				continue
			}
			t, err := compile(id)
			if err != nil {
				return nil, err
			}
			if len(t.verbs) == 0 && !strings.Contains(id, "%%") {
				continue
			}
			t.id = e.ID
			c.templates = append(c.templates, t)
		}
	}
	sort.SliceStable(c.templates, func(i, j int) bool { return c.templates[i].lit > c.templates[j].lit })
	return c, nil
}

func (c *Catalog) header(e *Entry) error {
	if len(e.Str) == 0 {
		return nil
	}
	for _, line := range strings.Split(e.Str[0], "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "Language":
			c.Lang = v
		case "Plural-Forms":
			_, expr, ok := strings.Cut(v, "plural=")
			if !ok {
				return fmt.Errorf("Plural-Forms %q: no plural=", v)
			}
			f, err := parsePlural(strings.TrimSuffix(strings.TrimSpace(expr), ";"))
			if err != nil {
				return err
			}
			c.plural = f
		}
	}
	return nil
}

// Entries returns the catalogue's messages (the header and fuzzy ones
// left out), in no particular order.
func (c *Catalog) Entries() []*Entry {
	out := make([]*Entry, 0, len(c.entries))
	for _, e := range c.entries {
		out = append(out, e)
	}
	return out
}

// Entry returns the message with the given context and id.
func (c *Catalog) Entry(ctx, id string) (*Entry, bool) {
	e, ok := c.entries[key(ctx, id)]
	return e, ok
}

// piece is a part of a format: literal text, or an argument (verb set,
// index the argument's position, from 0).
type piece struct {
	text  string
	verb  byte
	index int
}

// parseFormat splits a Go format into literal text and arguments.
func parseFormat(f string) ([]piece, error) {
	var out []piece
	var lit strings.Builder
	next := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			lit.WriteByte(f[i])
			continue
		}
		i++
		if i < len(f) && f[i] == '%' {
			lit.WriteByte('%')
			continue
		}
		idx := next
		if i < len(f) && f[i] == '[' {
			end := strings.IndexByte(f[i:], ']')
			if end < 0 {
				return nil, fmt.Errorf("format %q: unclosed [", f)
			}
			n, err := strconv.Atoi(f[i+1 : i+end])
			if err != nil || n < 1 {
				return nil, fmt.Errorf("format %q: bad argument index", f)
			}
			idx = n - 1
			i += end + 1
		}
		if i >= len(f) || !strings.ContainsRune("sdvwq", rune(f[i])) {
			return nil, fmt.Errorf("format %q: only %%s, %%d, %%q, %%v and %%w are allowed", f)
		}
		if lit.Len() > 0 {
			out = append(out, piece{text: lit.String()})
			lit.Reset()
		}
		v := f[i]
		if v == 'w' {
			v = 'v'
		}
		out = append(out, piece{verb: v, index: idx})
		next = idx + 1
	}
	if lit.Len() > 0 {
		out = append(out, piece{text: lit.String()})
	}
	return out, nil
}

// Verbs returns the verbs of a format's arguments by argument position
// ("sd" for "%s pays £%d"); two formats take the same arguments when their
// Verbs are equal.
func Verbs(format string) (string, error) {
	ps, err := parseFormat(format)
	if err != nil {
		return "", err
	}
	var vs []byte
	for _, p := range ps {
		if p.verb == 0 {
			continue
		}
		for len(vs) <= p.index {
			vs = append(vs, '?')
		}
		vs[p.index] = p.verb
	}
	return string(vs), nil
}

func compile(id string) (*template, error) {
	ps, err := parseFormat(id)
	if err != nil {
		return nil, err
	}
	t := &template{}
	var re strings.Builder
	re.WriteString(`^`)
	for _, p := range ps {
		switch p.verb {
		case 0:
			re.WriteString(regexp.QuoteMeta(p.text))
			t.lit += utf8.RuneCountInString(p.text)
		case 'd':
			re.WriteString(`(-?[0-9]+)`)
			t.verbs = append(t.verbs, 'd')
		case 'q':
			re.WriteString(`("(?:[^"\\]|\\.)*")`)
			t.verbs = append(t.verbs, 'q')
		default:
			re.WriteString(`(.+?)`)
			t.verbs = append(t.verbs, p.verb)
		}
	}
	re.WriteString(`$`)
	t.re, err = regexp.Compile(re.String())
	return t, err
}

// Decode finds the message text was written from: the most specific
// template that matches it whole. ok is false for text no template of the
// catalogue matches (names, numbers, messages not in the catalogue).
//
// When several templates match, the one whose names (%s arguments) are
// shortest wins, then the one with most literal text: names are short, and
// a longer "name" is a message read wrongly ("X cannot pass: X must run a
// route" is "%s cannot pass: %v", not "%s must run a route" with the name
// "X cannot pass: X").
func (c *Catalog) Decode(text string) (m Message, ok bool) {
	if _, exact := c.entries[key("", text)]; exact {
		return Message{ID: text}, true
	}
	best := -1
	for _, t := range c.templates {
		sub := t.re.FindStringSubmatch(text)
		if sub == nil {
			continue
		}
		names := 0
		for i, v := range t.verbs {
			if v == 's' {
				names += utf8.RuneCountInString(sub[i+1])
			}
		}
		if best < 0 || names < best {
			best, m, ok = names, Message{ID: t.id, Args: sub[1:]}, true
		}
	}
	return m, ok
}

// Render writes m in the catalogue's language, English where it has no
// translation. Arguments are put in as the package comment says.
func (c *Catalog) Render(m Message) string { return c.render(m, 0) }

func (c *Catalog) render(m Message, depth int) string {
	format := m.ID
	if e, ok := c.entries[key("", m.ID)]; ok {
		if !e.Format() {
			return c.pick(e, nil) // plain text
		}
		format = c.pick(e, m.Args)
	}
	ps, err := parseFormat(format)
	if err != nil {
		return m.ID
	}
	// the verbs of the arguments as the English template has them (a
	// translation may reorder them)
	verbs, _ := Verbs(m.ID)
	var b strings.Builder
	for _, p := range ps {
		if p.verb == 0 {
			b.WriteString(p.text)
			continue
		}
		if p.index >= len(m.Args) {
			return m.ID
		}
		arg := m.Args[p.index]
		v := p.verb
		if p.index < len(verbs) {
			v = verbs[p.index]
		}
		b.WriteString(c.arg(arg, v, depth))
	}
	return b.String()
}

// pick chooses the form of e for args: its translation (the plural form
// its first number asks for) or, untranslated, the English.
func (c *Catalog) pick(e *Entry, args []string) string {
	if e.Plural == "" {
		if len(e.Str) > 0 && e.Str[0] != "" {
			return e.Str[0]
		}
		return e.ID
	}
	n := 1
	verbs, _ := Verbs(e.ID)
	for i, v := range []byte(verbs) {
		if v == 'd' && i < len(args) {
			n, _ = strconv.Atoi(args[i])
			break
		}
	}
	if i := c.plural(n); i >= 0 && i < len(e.Str) && e.Str[i] != "" {
		return e.Str[i]
	}
	if n == 1 {
		return e.ID
	}
	return e.Plural
}

func (c *Catalog) arg(s string, verb byte, depth int) string {
	switch verb {
	case 'd', 'q':
		return s
	case 'v':
		if depth < 64 {
			return c.translate(s, depth+1)
		}
		return s
	}
	if e, ok := c.entries[key(ArgContext, s)]; ok && len(e.Str) > 0 && e.Str[0] != "" {
		return e.Str[0]
	}
	return s
}

// Translate writes text in the catalogue's language: the message it was
// written from (Decode) rendered, its leading and trailing spaces kept;
// text no message matches is returned as it is.
func (c *Catalog) Translate(text string) string { return c.translate(text, 0) }

func (c *Catalog) translate(text string, depth int) string {
	core := strings.TrimSpace(text)
	if core == "" {
		return text
	}
	m, ok := c.Decode(core)
	if !ok {
		return text
	}
	start := strings.Index(text, core)
	return text[:start] + c.render(m, depth) + text[start+len(core):]
}

// Sprintf is fmt.Sprintf with format translated: the form of the
// catalogue's language (by the plural rule, the first %d argument being the
// count), the English format when there is none.
func (c *Catalog) Sprintf(format string, args ...any) string {
	strs := make([]string, len(args))
	for i, a := range args {
		strs[i] = fmt.Sprint(a)
	}
	return c.Render(Message{ID: format, Args: strs})
}
