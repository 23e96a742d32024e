package route

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestSegmentsJoinStops(t *testing.T) {
	b := testBoard(t)
	segs, err := Segments(b)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range segs {
		got = append(got, s.A+">"+s.B+" "+strings.Join(s.Connection, ",")+" "+strings.Repeat("p", len(s.Paths)))
		// each segment's connection resolves to its own stops
		r, err := Resolve(b, [][]string{s.Connection}, Options{Untokened: true})
		if err != nil {
			t.Errorf("segment %s-%s: %v", s.A, s.B, err)
			continue
		}
		if v := sigs(b, r.Visited()); !(v == s.A+" "+s.B || v == s.B+" "+s.A) {
			t.Errorf("segment %s-%s resolves to %s", s.A, s.B, v)
		}
	}
	slices.Sort(got)
	want := []string{"G3-0>G7-0 G3,G5,G7 ppp", "G7-0>G9-0 G7,G9 pp", "H12-0>H12-1 H12 0.1 p", "H12-1>H12-2 H12 1.2 p"}
	if !slices.Equal(got, want) {
		t.Errorf("segments\n got %q\nwant %q", got, want)
	}
}

func TestDiagnose(t *testing.T) {
	b := testBoard(t)
	tests := []struct {
		name   string
		routes [][][]string
		reason Reason
		route  int
		hexes  string
	}{
		{"sound", [][][]string{{{"G3", "G5", "G7"}, {"G7", "G9"}}}, "", 0, ""},
		{"no station", [][][]string{{{"G7", "G9"}}}, NoToken, 0, "G7 G9"},
		{"no track", [][][]string{{{"G3", "G5", "G7"}}, {{"G9", "H12"}}}, NoTrack, 1, "G9 H12"},
		{"not joined", [][][]string{{{"G3", "G5", "G7"}, {"H12 0.1"}}}, NotJoined, 0, "G3 G5 G7 H12"},
		{"shared track", [][][]string{{{"G3", "G5", "G7"}}, {{"G7", "G5", "G3"}}}, SharedTrack, 1, "G7"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var rs []RunRoute
			for _, c := range tc.routes {
				rs = append(rs, RunRoute{Connections: c})
			}
			rf := Diagnose(b, "X", rs, false)
			if tc.reason == "" {
				if rf != nil {
					t.Fatalf("refused: %v", rf)
				}
				return
			}
			if rf == nil {
				t.Fatal("not refused")
			}
			if rf.Reason != tc.reason || rf.Route != tc.route || strings.Join(rf.Hexes, " ") != tc.hexes {
				t.Errorf("got %s route %d hexes %v (%v), want %s route %d hexes %s", rf.Reason, rf.Route, rf.Hexes, rf, tc.reason, tc.route, tc.hexes)
			}
		})
	}
}

func TestRefusalKeepsTheEngineWording(t *testing.T) {
	b := testBoard(t)
	_, err := Resolve(b, [][]string{{"G7", "G9"}}, Options{Corp: "X"})
	var rf *Refusal
	if !errors.As(err, &rf) || rf.Reason != NoToken {
		t.Fatalf("got %v", err)
	}
	if want := "route: chain [G7 G9] does not touch a X token"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}
