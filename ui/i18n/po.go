package i18n

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Entry is one message of a PO file.
type Entry struct {
	// Context is the msgctxt ("" for none); the context "arg" marks a
	// word or phrase that stands as an argument inside another message.
	Context string
	// ID is the msgid, the English text (a Go format for a message with
	// arguments); Plural is the msgid_plural, if any.
	ID, Plural string
	// Str are the translations: msgstr, or msgstr[0], msgstr[1]… for a
	// message with plural forms. An empty string is untranslated.
	Str []string
	// Flags are the "#," comment's flags (such as c-format, fuzzy).
	Flags []string
}

// Fuzzy reports whether the entry is marked fuzzy (not to be used).
func (e *Entry) Fuzzy() bool { return e.has("fuzzy") }

// Format reports whether the entry is a format (flag c-format, or
// go-format for one whose translation reorders its arguments with Go's
// %[n]s, which gettext's c-format check refuses): its msgid and msgstr
// hold arguments. Any other entry is plain text, a percent sign in it
// included.
func (e *Entry) Format() bool { return e.has("c-format") || e.has("go-format") }

func (e *Entry) has(flag string) bool {
	for _, f := range e.Flags {
		if f == flag {
			return true
		}
	}
	return false
}

// ParsePO reads a gettext PO file: its entries in order, the header (the
// entry with an empty msgid) first when there is one.
func ParsePO(r io.Reader) ([]*Entry, error) {
	var out []*Entry
	cur := &Entry{}
	started := false
	var field *string // the string a continuation line extends
	flush := func() {
		if started {
			out = append(out, cur)
		}
		cur, started, field = &Entry{}, false, nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		switch {
		case s == "":
			flush()
			continue
		case strings.HasPrefix(s, "#,"):
			if started && (cur.ID != "" || len(cur.Str) > 0) {
				flush()
			}
			for _, f := range strings.Split(s[2:], ",") {
				cur.Flags = append(cur.Flags, strings.TrimSpace(f))
			}
			continue
		case strings.HasPrefix(s, "#"):
			continue
		case strings.HasPrefix(s, `"`):
			if field == nil {
				return nil, fmt.Errorf("line %d: a string continues nothing", line)
			}
			v, err := strconv.Unquote(s)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", line, err)
			}
			*field += v
			continue
		}
		key, rest, _ := strings.Cut(s, " ")
		v, err := strconv.Unquote(strings.TrimSpace(rest))
		if err != nil {
			return nil, fmt.Errorf("line %d: %s: %w", line, key, err)
		}
		switch {
		case key == "msgctxt":
			if started {
				flush()
			}
			started = true
			cur.Context = v
			field = &cur.Context
		case key == "msgid":
			if started && (cur.ID != "" || len(cur.Str) > 0) {
				flush()
			}
			started = true
			cur.ID = v
			field = &cur.ID
		case key == "msgid_plural":
			cur.Plural = v
			field = &cur.Plural
		case key == "msgstr":
			cur.Str = append(cur.Str, v)
			field = &cur.Str[len(cur.Str)-1]
		case strings.HasPrefix(key, "msgstr["):
			i, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(key, "msgstr["), "]"))
			if err != nil || i != len(cur.Str) {
				return nil, fmt.Errorf("line %d: %s out of order", line, key)
			}
			cur.Str = append(cur.Str, v)
			field = &cur.Str[i]
		default:
			return nil, fmt.Errorf("line %d: unknown keyword %q", line, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	flush()
	return out, nil
}
