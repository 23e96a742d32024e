package store

import (
	"strings"
	"unicode"
)

// MaxSearchWords is the most words a lobby search may hold.
const MaxSearchWords = 8

// SearchWords splits a lobby search into its lower-cased words: the runs
// of letters and digits (everything else separates words). A game matches
// when each word begins a word of its name or description.
func SearchWords(q string) []string {
	return strings.FieldsFunc(strings.ToLower(q), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}
