package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// logLine is fmt.Sprintf(format, args...) for a log line, built without
// fmt when the format has only the verbs %s, %d, %v and %% (no flags,
// widths or indexes) and each argument is a string (for %s or %v) or an
// int (for %d or %v), as nearly every log line is. Anything else is handed
// to fmt.Sprintf whole, so the result is always byte-identical to it.
func logLine(format string, args []any) string {
	var buf [256]byte
	b := buf[:0]
	next := 0
	for rest := format; rest != ""; {
		i := strings.IndexByte(rest, '%')
		if i < 0 {
			b = append(b, rest...)
			break
		}
		b = append(b, rest[:i]...)
		if i+1 == len(rest) {
			return fmt.Sprintf(format, args...)
		}
		verb := rest[i+1]
		rest = rest[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if next == len(args) {
			return fmt.Sprintf(format, args...)
		}
		switch v := args[next].(type) {
		case string:
			if verb != 's' && verb != 'v' {
				return fmt.Sprintf(format, args...)
			}
			b = append(b, v...)
		case int:
			if verb != 'd' && verb != 'v' {
				return fmt.Sprintf(format, args...)
			}
			b = strconv.AppendInt(b, int64(v), 10)
		default:
			return fmt.Sprintf(format, args...)
		}
		next++
	}
	if next != len(args) {
		return fmt.Sprintf(format, args...)
	}
	return string(b)
}
