package engine

import (
	"fmt"
	"testing"
)

// scanIntCases are inputs around each of fmt's %d rules.
var scanIntCases = []string{
	"", "0", "7", "12", "007", "+5", "-3", "-0", "+", "-", "+-1", "--1", " 4", "\t\v\f\r 4", "\r\n4", "\n4",
	" \n4", "4\n", "4 5", "12abc", "abc", "1_000", "1.5", "0x10", "9223372036854775807",
	"9223372036854775808", "-9223372036854775808", "-9223372036854775809", "99999999999999999999",
	"\u00a04", "\u20004", "\u30004", "\u200b4", "\xff4", "４", "3４", " +7x",
}

// TestScanIntMatchesSscanf compares ScanInt with fmt.Sscanf's %d.
func TestScanIntMatchesSscanf(t *testing.T) {
	for _, s := range scanIntCases {
		checkScanInt(t, s)
	}
}

func checkScanInt(t *testing.T, s string) {
	t.Helper()
	want := -12345
	_, err := fmt.Sscanf(s, "%d", &want)
	got, ok := ScanInt(s)
	if ok != (err == nil) || ok && got != want {
		t.Errorf("ScanInt(%q) = %d, %v; Sscanf %%d: %d, %v", s, got, ok, want, err)
	}
}

// FuzzScanIntMatchesSscanf compares ScanInt with fmt.Sscanf's %d on any
// input.
func FuzzScanIntMatchesSscanf(f *testing.F) {
	for _, s := range scanIntCases {
		f.Add(s)
	}
	f.Fuzz(checkScanInt)
}
