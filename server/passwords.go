package server

import (
	_ "embed"
	"net/http"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

const (
	minPassword = 8
	// maxPassword bounds a password in bytes (argon2 would hash more, but no
	// one types more and a long one is only work for the server).
	maxPassword = 1024
)

//go:embed common_passwords.txt
var commonPasswordList string

// commonPasswords returns the set of common_passwords.txt, lower-cased
// (built on first use: a process that serves no sign-ups never builds it).
var commonPasswords = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(commonPasswordList, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			m[strings.ToLower(line)] = true
		}
	}
	return m
})

// checkNewPassword refuses a password a new account may not have: shorter
// than minPassword characters, over maxPassword bytes, only spaces, one
// character repeated, the account's own name, or one of the most common
// passwords (case-insensitively).
func checkNewPassword(password, nameKey string) error {
	switch {
	case utf8.RuneCountInString(password) < minPassword:
		return errorf(http.StatusBadRequest, "password is too weak: use at least %d characters", minPassword)
	case len(password) > maxPassword:
		return errorf(http.StatusBadRequest, "password is longer than %d bytes", maxPassword)
	case !utf8.ValidString(password):
		return errorf(http.StatusBadRequest, "password is not valid UTF-8")
	case strings.TrimFunc(password, unicode.IsSpace) == "":
		return errorf(http.StatusBadRequest, "password is too weak: it is all spaces")
	case oneRune(password):
		return errorf(http.StatusBadRequest, "password is too weak: it repeats one character")
	case strings.EqualFold(password, nameKey) || looseKey(password) == nameKey:
		return errorf(http.StatusBadRequest, "password is too weak: it is your name")
	case commonPasswords()[strings.ToLower(password)]:
		return errorf(http.StatusBadRequest, "password is too weak: it is one of the most common passwords")
	}
	return nil
}

// oneRune reports whether s is one character repeated.
func oneRune(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return strings.Trim(s, string(r)) == ""
}
