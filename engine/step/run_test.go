package step

import (
	"strings"
	"testing"

	"tresham/engine"
)

func TestRunTrains(t *testing.T) {
	own := &engine.Train{ID: "2-0", Name: "2", Owner: "X"}
	lease := &engine.Train{ID: "3-1", Name: "3"}
	c := &engine.Corporation{Sym: "X", Trains: []*engine.Train{own}}
	tests := []struct {
		name   string
		trains []string
		leased *engine.Train
		want   string // the refusal, or "" for accepted
	}{
		{"own train", []string{"2-0"}, nil, ""},
		{"own and leased", []string{"2-0", "3-1"}, lease, ""},
		{"not leased", []string{"3-1"}, nil, `route 1: X does not own train "3-1"`},
		{"twice", []string{"2-0", "2-0"}, nil, "route 2: train 2-0 runs twice"},
	}
	for _, tt := range tests {
		var routes []engine.Route
		for _, id := range tt.trains {
			routes = append(routes, engine.Route{Train: id})
		}
		got, err := RunTrains(c, routes, tt.leased)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tt.name, err)
		case tt.want == "" && len(got) != len(routes):
			t.Errorf("%s: %d trains for %d routes", tt.name, len(got), len(routes))
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}
