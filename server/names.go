package server

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/secure/precis"
)

// Name rules. Account names (signup) follow the PRECIS username profiles of
// RFC 8265 with the "spaces allowed" variant of its section 3.5: the name is
// split at single U+0020 spaces and each part must be a valid username. The
// display keeps the case (UsernameCasePreserved); the key that makes names
// unique is UsernameCaseMapped of the name after a confusable skeleton
// (skeleton below), so "Alice", "ALICE", full-width "ａｌｉｃｅ" and Cyrillic
// "аlice" share the key "alice".
//
// Imported seat names (18xx.games exports) are kept as written, since the
// site accepts almost any text: ImportedName refuses only what hurts other
// users (control, bidirectional and invisible characters, blank or oversize
// names).
const (
	// MaxNameLength is the longest account name, in characters.
	MaxNameLength = 40
	// MaxImportedNameLength is the longest imported seat name, in characters.
	MaxImportedNameLength = 64
)

// ErrName is matched (errors.Is) by every name refusal.
var ErrName = errors.New("name refused")

// nameError is a name refusal; its message names the problem.
type nameError struct{ msg string }

func (e *nameError) Error() string        { return e.msg }
func (e *nameError) Is(target error) bool { return target == ErrName }

// NormalizeName checks an account name and returns its display form and its
// uniqueness key. Two names with the same key are the same account name.
// The error names the first problem found and wraps ErrName.
func NormalizeName(name string) (display, key string, err error) {
	if err := checkChars(name, MaxNameLength); err != nil {
		return "", "", err
	}
	if strings.TrimSpace(name) != name {
		return "", "", nameErr(name, "must not start or end with spaces")
	}
	if strings.Contains(name, "  ") {
		return "", "", nameErr(name, "must not contain two spaces in a row")
	}
	parts := strings.Split(name, " ")
	disp := make([]string, len(parts))
	keys := make([]string, len(parts))
	for i, p := range parts {
		d, err := precis.UsernameCasePreserved.String(p)
		if err != nil {
			return "", "", nameErr(name, "%s", precisReason(p))
		}
		k, err := precis.UsernameCaseMapped.String(skeleton(d))
		if err != nil {
			return "", "", nameErr(name, "%s", precisReason(p))
		}
		disp[i], keys[i] = d, k
	}
	display, key = strings.Join(disp, " "), strings.Join(keys, " ")
	if n := utf8.RuneCountInString(display); n > MaxNameLength {
		return "", "", nameErr(name, "is longer than %d characters", MaxNameLength)
	}
	if reservedName().MatchString(key) {
		return "", "", nameErr(name, "is reserved (placeholder and staff names such as \"Player 1\", \"Bot 2\" or \"admin\" cannot be taken)")
	}
	return display, key, nil
}

// ImportedName checks the name of a seat in an imported game. It is kept as
// written (display == name, so exports reproduce it), with a comparison key
// computed as for account names where possible (case-folded, confusables
// mapped). Refused, with an error wrapping ErrName: invalid UTF-8, blank
// names, names over MaxImportedNameLength characters, control characters,
// bidirectional formatting characters, invisible (default-ignorable)
// characters, and variation selectors that follow anything but a symbol.
// Placeholder names such as "Player 1" are accepted: 18xx.games writes them
// for hotseat games.
func ImportedName(name string) (display, key string, err error) {
	if err := checkChars(name, MaxImportedNameLength); err != nil {
		return "", "", err
	}
	return name, looseKey(name), nil
}

// loginKey is the key of a name typed at login: its NormalizeName key when
// it is a valid account name, else the name itself (accounts made before the
// name rules keep their exact name as key).
func loginKey(name string) string {
	if _, key, err := NormalizeName(name); err == nil {
		return key
	}
	return name
}

// reservedName returns the pattern of the keys of names that cannot be account names: the
// placeholders the server writes for empty, bot and hotseat seats, and
// names that pretend to speak for the server.
var reservedName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:(?:player|bot|seat|guest|user)[ _.-]?[0-9]+|player|bot|seat|guest|admin|administrator|moderator|root|system|server|tresham|anonymous|nobody|you)$`)
})

func nameErr(name, format string, args ...any) error {
	shown := name
	if utf8.RuneCountInString(shown) > 48 {
		shown = string([]rune(shown)[:48]) + "…"
	}
	return &nameError{fmt.Sprintf("name %+q %s", shown, fmt.Sprintf(format, args...))}
}

// checkChars refuses invalid UTF-8, blank or oversize names and the
// characters no name may hold.
func checkChars(name string, maxLen int) error {
	if len(name) > 4*maxLen {
		return &nameError{fmt.Sprintf("name of %d bytes is longer than %d characters", len(name), maxLen)}
	}
	if !utf8.ValidString(name) {
		return &nameError{"name is not valid UTF-8"}
	}
	if strings.TrimSpace(name) == "" {
		return &nameError{"name is blank"}
	}
	if n := utf8.RuneCountInString(name); n > maxLen {
		return nameErr(name, "is longer than %d characters", maxLen)
	}
	prev := rune(-1)
	for i, r := range []rune(name) {
		if what := forbiddenRune(r, prev); what != "" {
			return nameErr(name, "contains %s U+%s at character %d", what, hexCode(r), i+1)
		}
		prev = r
	}
	return nil
}

// forbiddenRune says what kind of forbidden character r (after prev) is,
// or "" when it is allowed.
func forbiddenRune(r, prev rune) string {
	switch {
	case unicode.IsControl(r):
		return "the control character"
	case unicode.Is(unicode.Bidi_Control, r):
		return "the bidirectional formatting character"
	case unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r):
		return "the line break"
	case unicode.Is(unicode.Variation_Selector, r):
		if prev >= 0 && unicode.Is(unicode.So, prev) {
			return "" // emoji presentation of a symbol
		}
		return "the invisible variation selector"
	case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r):
		return "the invisible character"
	case unicode.Is(unicode.Zs, r) && r != ' ' && r != 0x3000 && r != 0xA0:
		return "the unusual space"
	}
	return ""
}

// hexCode is r's code point in hexadecimal, at least four digits ("00A0"
// of "U+00A0"): an argument of its own, so that a message's format has
// only the verbs the catalogue reads (docs/i18n.md).
func hexCode(r rune) string { return fmt.Sprintf("%04X", r) }

// precisReason explains why a name part fails the username profile.
func precisReason(part string) string {
	for _, r := range part {
		if _, err := precis.UsernameCasePreserved.String(string(r)); err != nil {
			if unicode.IsSpace(r) {
				return fmt.Sprintf("contains the space U+%s: use plain single spaces", hexCode(r))
			}
			return fmt.Sprintf("contains %q (U+%s): names are letters, digits and ASCII punctuation, with single spaces (RFC 8265 username profile)", r, hexCode(r))
		}
	}
	return fmt.Sprintf("part %q mixes right-to-left and left-to-right text or breaks a Unicode contextual rule (RFC 8265 username profile)", part)
}

// looseKey is the comparison key of a name that need not be a valid
// account name: its skeleton, lower-cased.
func looseKey(name string) string {
	return strings.ToLower(skeleton(name))
}

// skeleton maps the Cyrillic and Greek letters that look like Latin letters
// to those Latin letters, case for case. It is a small, deliberate subset of
// Unicode TR39's confusables: it catches "аlice" (Cyrillic а) posing as
// "alice", but not look-alikes within Latin (l/1/I, O/0, rn/m), nor other
// scripts, nor combining-mark tricks beyond NFC.
func skeleton(s string) string {
	return strings.Map(func(r rune) rune {
		if l, ok := confusables[r]; ok {
			return l
		}
		return r
	}, s)
}

var confusables = map[rune]rune{
	// Cyrillic capitals
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P',
	'С': 'C', 'Т': 'T', 'Х': 'X', 'У': 'Y', 'Ү': 'Y', 'Ѕ': 'S', 'І': 'I', 'Ј': 'J',
	'Ԛ': 'Q', 'Ԝ': 'W', 'Ӏ': 'I', 'Ԁ': 'D', 'Һ': 'H',
	// Cyrillic small letters
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'ѕ': 's',
	'і': 'i', 'ј': 'j', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'ү': 'y', 'ӏ': 'l',
	'ё': 'ë', 'ї': 'ï', 'ѵ': 'v',
	// Greek capitals
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M',
	'Ν': 'N', 'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
	// Greek small letters
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ι': 'i', 'κ': 'k', 'ν': 'v', 'υ': 'u', 'χ': 'x',
	'γ': 'y', 'ϲ': 'c', 'ϳ': 'j',
	// Latin look-alikes of other Latin letters
	'ı': 'i', 'ɑ': 'a', 'ȷ': 'j', 'ɡ': 'g',
}
