package engine

import (
	"fmt"
	"slices"
	"testing"
)

func TestArchiveLog(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines int
		steps []int // successive ArchiveLog arguments
	}{
		{"nothing", 5, []int{0}},
		{"all", 5, []int{5}},
		{"twice", 40, []int{10, 25}},
		{"past the end", 3, []int{7}},
		{"empty lines", 4, []int{2, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{}
			for i := range tc.lines {
				if tc.name == "empty lines" && i%2 == 0 {
					g.Logf("")
					continue
				}
				g.Logf("line %d: Player %d buys a 10%% share of IWR for %d", i, i%3, 100+i)
			}
			g.Log = append(g.Log, "a line appended without a message")
			want := slices.Clone(g.LogLines())
			wantMsgs := g.LogMessages()
			for _, n := range tc.steps {
				g.ArchiveLog(n)
				g.Logf("after archiving %d", n)
				want = append(want, fmt.Sprintf("after archiving %d", n))
				wantMsgs = append(wantMsgs, Message{ID: "after archiving %d", Args: []string{fmt.Sprint(n)}})
				if got := g.LogLines(); !slices.Equal(got, want) {
					t.Fatalf("after ArchiveLog(%d): %q, want %q", n, got, want)
				}
				got := g.LogMessages()
				if len(got) != len(wantMsgs) {
					t.Fatalf("after ArchiveLog(%d): %d messages, want %d", n, len(got), len(wantMsgs))
				}
				for i := range got {
					if got[i].ID != wantMsgs[i].ID || !slices.Equal(got[i].Args, wantMsgs[i].Args) {
						t.Fatalf("after ArchiveLog(%d): message %d is %q, want %q", n, i, got[i], wantMsgs[i])
					}
				}
			}
			if m := g.LogMessages(); m[tc.lines].ID != "" {
				t.Errorf("a line appended without a message has the message %q", m[tc.lines])
			}
		})
	}
}

// BenchmarkArchiveLog archives a game-sized log (700 lines) at once.
func BenchmarkArchiveLog(b *testing.B) {
	lines := make([]string, 700)
	for i := range lines {
		lines[i] = fmt.Sprintf("Player %d buys a 10%% share of C%d from the IPO for %d", i%4, i%9, 60+i%50)
	}
	for range b.N {
		g := &Game{Log: slices.Clone(lines)}
		g.ArchiveLog(len(lines))
	}
}
