package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// logLine is fmt.Sprintf(format, args...) for a log line, with the line's
// message (format as its id, where each argument stands in the line). It
// is built without fmt when the format has only the verbs %s, %d, %v and
// %% (no flags, widths or indexes) and each argument is a string (for %s
// or %v) or an int (for %d or %v), as nearly every log line is; another
// argument under such a verb is written by fmt alone. Any other format is
// handed to fmt.Sprintf whole and has no message, so the line is always
// byte-identical to fmt.Sprintf's.
func logLine(format string, args []any) (string, draftMsg) {
	var buf [256]byte
	b := buf[:0]
	m := draftMsg{id: format}
	next := 0
	whole := func() (string, draftMsg) { return fmt.Sprintf(format, args...), draftMsg{} }
	for rest := format; rest != ""; {
		i := strings.IndexByte(rest, '%')
		if i < 0 {
			b = append(b, rest...)
			break
		}
		b = append(b, rest[:i]...)
		if i+1 == len(rest) {
			return whole()
		}
		verb := rest[i+1]
		rest = rest[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if next == len(args) || !simpleVerb(verb) {
			return whole()
		}
		start := len(b)
		switch v := args[next].(type) {
		case string:
			if verb == 'd' {
				return whole()
			}
			b = append(b, v...)
		case int:
			if verb == 's' {
				return whole()
			}
			b = strconv.AppendInt(b, int64(v), 10)
		default:
			b = sprintArg(b, verb, v)
		}
		m.arg(start, len(b))
		next++
	}
	if next != len(args) {
		return whole()
	}
	return string(b), m
}
