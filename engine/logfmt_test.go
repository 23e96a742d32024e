package engine

import (
	"fmt"
	"strings"
	"testing"
)

type sym string

type stringer struct{}

func (stringer) String() string { return "str" }

// logLineCases are formats and arguments on logLine's own path and on
// its way to fmt.Sprintf.
var logLineCases = []struct {
	format string
	args   []any
}{
	{"", nil},
	{"plain text", nil},
	{"%s buys a %s train for $%d", []any{"PRR", "3", 180}},
	{"%s pays %v, %v", []any{"B&O", 42, "withholds"}},
	{"%d%% of %s", []any{20, "CPR"}},
	{"negative %d", []any{-7}},
	{"big %d", []any{1 << 40}},
	{"%s", []any{""}},
	{"%s%s%s", []any{"a", "b", "c"}},
	{"trailing %", nil},
	{"trailing %", []any{1}},
	{"missing %s %d", []any{"x"}},
	{"extra %s", []any{"x", 2}},
	{"%d of a string", []any{"x"}},
	{"%s of an int", []any{3}},
	{"%5d width", []any{3}},
	{"%-8s flag", []any{"x"}},
	{"%x hex", []any{255}},
	{"%q quoted", []any{"x"}},
	{"%[1]s index", []any{"x"}},
	{"%s typed string", []any{sym("LNWR")}},
	{"%v stringer", []any{stringer{}}},
	{"%v bool", []any{true}},
	{"%d int64", []any{int64(5)}},
	{"%s nil", []any{nil}},
	{"%v slice", []any{[]string{"a"}}},
	{"unicode é %s ü", []any{"ß"}},
	{strings.Repeat("long line ", 40) + "%s %d", []any{strings.Repeat("x", 300), 12345}},
}

// TestLogLine checks logLine against fmt.Sprintf.
func TestLogLine(t *testing.T) {
	for _, tc := range logLineCases {
		got, m := logLine(tc.format, tc.args)
		if want := fmt.Sprintf(tc.format, tc.args...); got != want {
			t.Errorf("logLine(%q, %v) = %q, want %q", tc.format, tc.args, got, want)
		}
		checkMessage(t, got, m)
	}
}

// FuzzLogLine checks logLine against fmt.Sprintf on any format with a
// string and an int argument.
func FuzzLogLine(f *testing.F) {
	f.Add("%s has %d", "x", 1)
	f.Add("%%%v%", "", -3)
	f.Fuzz(func(t *testing.T, format, s string, n int) {
		for _, args := range [][]any{{s, n}, {n, s}, {s}, {n}, nil} {
			got, m := logLine(format, args)
			if want := fmt.Sprintf(format, args...); got != want {
				t.Fatalf("logLine(%q, %v) = %q, want %q", format, args, got, want)
			}
			checkMessage(t, got, m)
		}
	})
}

// checkMessage checks that a line's message, when it has one, gives the
// line back: its id with each verb replaced by its argument.
func checkMessage(t *testing.T, line string, m draftMsg) {
	t.Helper()
	if m.id == "" {
		return
	}
	msg := m.message(m.id, line)
	if got := msg.English(); got != line {
		t.Errorf("message %q %q renders %q, want %q", msg.ID, msg.Args, got, line)
	}
}
