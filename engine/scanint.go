package engine

import (
	"strconv"
	"unicode/utf8"
)

// ScanInt reads a decimal integer at the start of s as fmt.Sscanf(s, "%d",
// &n) does, without fmt's scanner (60 kB of the in-browser module for the
// two ids that are read this way): spaces before it are skipped (a newline
// among them is an error), one sign may lead, and the digits end at the
// first other character; what follows is ignored. ok is false where Sscanf
// returns an error (no digits, a newline, a number beyond 64 bits).
func ScanInt(s string) (n int, ok bool) {
	i := 0
	for i < len(s) {
		r, w := utf8.DecodeRuneInString(s[i:])
		if r == '\n' {
			return 0, false
		}
		if !scanSpace(r) {
			break
		}
		i += w
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == digits {
		return 0, false
	}
	v, err := strconv.ParseInt(s[start:i], 10, 64)
	if err != nil || int64(int(v)) != v {
		return 0, false
	}
	return int(v), true
}

// scanSpace is fmt's space for scanning (its isSpace): '\r' counts, and
// the newline is handled by the caller.
func scanSpace(r rune) bool {
	switch {
	case r >= '\t' && r <= '\r', r == ' ', r == 0x85, r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f, r == 0x205f, r == 0x3000:
		return true
	}
	return false
}
