package server

import (
	"errors"
	"strings"
	"testing"
)

func TestNormalizeName(t *testing.T) {
	ok := []struct{ in, display, key string }{
		{"alice", "alice", "alice"},
		{"Alice", "Alice", "alice"},
		{"ALICE", "ALICE", "alice"},
		{"ａｌｉｃｅ", "alice", "alice"}, // full width
		{"аlice", "аlice", "alice"}, // Cyrillic а
		{"alіce", "alіce", "alice"}, // Cyrillic і
		{"ΑLICE", "ΑLICE", "alice"}, // Greek Alpha
		{"Mary Ann", "Mary Ann", "mary ann"},
		{"Zoë", "Zoë", "zoë"},
		{"Zoe\u0308", "Zoë", "zoë"}, // NFC
		{"Вася", "Вася", "bacя"},
		{"o'brien-2", "o'brien-2", "o'brien-2"},
		{"Player One", "Player One", "player one"},
		{"Botanist", "Botanist", "botanist"},
	}
	for _, c := range ok {
		d, k, err := NormalizeName(c.in)
		if err != nil || d != c.display || k != c.key {
			t.Errorf("NormalizeName(%+q) = %+q, %+q, %v; want %+q, %+q", c.in, d, k, err, c.display, c.key)
		}
	}
	bad := []struct{ in, msg string }{
		{"", "blank"},
		{"   ", "blank"},
		{" alice", "start or end with spaces"},
		{"alice ", "start or end with spaces"},
		{"al  ice", "two spaces"},
		{"alice\u200b", "invisible character U+200B"},
		{"al\u200dice", "invisible character U+200D"},
		{"\u202ealice", "bidirectional formatting character U+202E"},
		{"alice\u2066", "bidirectional formatting character U+2066"},
		{"ali\x07ce", "control character U+0007"},
		{"ali\nce", "control character U+000A"},
		{"alice\ufe0f", "variation selector"},
		{"alice\u00ad", "invisible character U+00AD"},
		{"al\u00a0ice", "space U+00A0"},
		{"a\u2003b", "unusual space U+2003"},
		{"ali☃ce", "U+2603"},
		{strings.Repeat("a", 41), "longer than 40"},
		{strings.Repeat("a", 1000000), "longer than 40"},
		{"\xff\xfe", "UTF-8"},
		{"Player 1", "reserved"},
		{"player2", "reserved"},
		{"PLAYER_12", "reserved"},
		{"Bot 2", "reserved"},
		{"Βot 3", "reserved"},    // Greek Beta
		{"ΡLAYER 1", "reserved"}, // Greek Rho
		{"admin", "reserved"},
		{"Tresham", "reserved"},
		{"שלוםabc", "right-to-left"},
	}
	for _, c := range bad {
		_, _, err := NormalizeName(c.in)
		if err == nil || !errors.Is(err, ErrName) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("NormalizeName(%.60q) error = %v; want one containing %q", c.in, err, c.msg)
		}
		if err != nil && len(err.Error()) > 400 {
			t.Errorf("NormalizeName(%.60q) error is %d bytes long", c.in, len(err.Error()))
		}
	}
}

func TestImportedName(t *testing.T) {
	for _, in := range []string{"Player 1", "Bot 2", "alice", " spaced ", "Zoë 🚂", "❤\ufe0f fan", "名前", "שלום", strings.Repeat("x", 64)} {
		d, _, err := ImportedName(in)
		if err != nil || d != in {
			t.Errorf("ImportedName(%+q) = %+q, %v; want it kept as written", in, d, err)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"", "blank"},
		{"\t", "blank"},
		{strings.Repeat("x", 65), "longer than 64"},
		{strings.Repeat("x", 1000000), "longer than 64"},
		{"evil\u202e", "bidirectional"},
		{"a\u200bb", "invisible"},
		{"a\x1bb", "control"},
		{"a\u2028b", "line break"},
		{"\xc0", "UTF-8"},
	} {
		_, _, err := ImportedName(c.in)
		if err == nil || !errors.Is(err, ErrName) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ImportedName(%.60q) error = %v; want one containing %q", c.in, err, c.msg)
		}
	}
}
