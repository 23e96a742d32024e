package dbutil

import (
	"encoding/json"
	"testing"
	"testing/fstest"

	"tresham/store"
)

func TestLoadMigrations(t *testing.T) {
	f := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	tests := []struct {
		name    string
		files   fstest.MapFS
		want    []int
		wantErr bool
	}{
		{"numbers, not names, are versions", fstest.MapFS{"m/002_b.sql": f("B"), "m/001_a.sql": f("A"), "m/010_c.sql": f("C")}, nil, true},
		{"ordered", fstest.MapFS{"m/002_b.sql": f("B"), "m/001_a.sql": f("A")}, []int{1, 2}, false},
		{"gap", fstest.MapFS{"m/001_a.sql": f("A"), "m/003_c.sql": f("C")}, nil, true},
		{"repeat", fstest.MapFS{"m/001_a.sql": f("A"), "m/001_b.sql": f("B")}, nil, true},
		{"bad name", fstest.MapFS{"m/001_a.sql": f("A"), "m/notes.txt": f("x")}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ms, err := LoadMigrations(tc.files, "m")
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v", err, tc.wantErr)
			}
			for i, m := range ms {
				if m.Version != tc.want[i] {
					t.Fatalf("migration %d has version %d, want %d", i, m.Version, tc.want[i])
				}
			}
			if !tc.wantErr && ms[0].SQL != "A" {
				t.Fatalf("first migration's SQL %q", ms[0].SQL)
			}
		})
	}
}

func TestHeaderRoundTrip(t *testing.T) {
	tests := []struct {
		name    string
		game    store.Game
		wantErr bool
	}{
		{"empty", store.Game{}, false},
		{"full", store.Game{Options: []string{"x"}, Seats: []store.Seat{{PlayerID: 1, Name: "a", UserID: 3, Bot: "random"}},
			Result: map[string]int{"1": 5}, Meta: json.RawMessage(`{"a":[1,2]}`)}, false},
		{"bad meta", store.Game{Meta: json.RawMessage(`{`)}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := EncodeHeader(tc.game)
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want error %v", err, tc.wantErr)
			}
			if err != nil {
				return
			}
			var g store.Game
			if err := DecodeHeader(h, &g); err != nil {
				t.Fatal(err)
			}
			if g.Options == nil || g.Seats == nil {
				t.Fatal("Options and Seats must decode non-nil")
			}
			want, _ := json.Marshal([]any{tc.game.Options, tc.game.Seats, tc.game.Result, string(tc.game.Meta)})
			got, _ := json.Marshal([]any{g.Options, g.Seats, g.Result, string(g.Meta)})
			if len(tc.game.Options) == 0 {
				want, _ = json.Marshal([]any{[]string{}, []store.Seat{}, tc.game.Result, string(tc.game.Meta)})
			}
			if string(got) != string(want) {
				t.Fatalf("round trip %s, want %s", got, want)
			}
		})
	}
}
