package route

import (
	"errors"
	"slices"

	"tresham/board"
)

// Reason names, in a word a page can translate into a sentence, why the
// track of a route is refused.
type Reason string

// The reasons a route's track is refused.
const (
	// NoTrack: a step of the route follows no track on the map.
	NoTrack Reason = "no_track"
	// NoToken: a route of one step touches no station of the corporation.
	NoToken Reason = "no_token"
	// NotJoined: two consecutive steps do not meet at one stop.
	NotJoined Reason = "not_joined"
	// VisitsTwice: the route calls at one stop twice.
	VisitsTwice Reason = "visits_twice"
	// ReentersHex: the route leaves a hex and enters it again.
	ReentersHex Reason = "reenters_hex"
	// SharedTrack: two routes of the run (or one route twice) use the
	// same track.
	SharedTrack Reason = "shared_track"
)

// Refusal is a refused route as data: the reason, the route (its index in
// the run, -1 when not known), and the hexes where it fails. Its Error is
// the engine's sentence, unchanged.
type Refusal struct {
	Reason Reason
	Route  int
	// Other is the second route of a SharedTrack refusal (-1 otherwise).
	Other int
	Hexes []string
	msg   string
}

func (r *Refusal) Error() string { return r.msg }

// refusal builds a Refusal of an unknown route.
func refusal(reason Reason, msg string, hexes ...string) *Refusal {
	return &Refusal{Reason: reason, Route: -1, Other: -1, Hexes: hexes, msg: msg}
}

// RunRoute is one route of a run as submitted: its 18xx.games connections
// and node signatures.
type RunRoute struct {
	Connections [][]string
	Nodes       []string
}

// ResolveRun resolves the routes of a run of corp in order, each avoiding
// the track of the routes before it when it can (as the titles resolve a
// run). The first route whose track cannot be resolved is an error
// holding a *Refusal with its index.
func ResolveRun(b *board.Board, corp string, routes []RunRoute) ([]*Route, error) {
	out := make([]*Route, len(routes))
	var used []PathRef
	for i, r := range routes {
		res, err := Resolve(b, r.Connections, Options{Corp: corp, Nodes: r.Nodes})
		if err == nil && len(used) > 0 && overlaps(res.AppendPaths(used[len(used):]), used) {
			if alt, err2 := Resolve(b, r.Connections, Options{Corp: corp, Nodes: r.Nodes, Other: used}); err2 == nil && slices.Equal(alt.Visited(), res.Visited()) {
				res = alt
			}
		}
		if err != nil {
			var rf *Refusal
			if errors.As(err, &rf) {
				c := *rf
				c.Route = i
				return nil, &c
			}
			return nil, err
		}
		out[i] = res
		used = res.AppendPaths(used)
	}
	return out, nil
}

// Diagnose explains, as a *Refusal, what is wrong with the track of a run
// of corp: a route whose track cannot be resolved, that calls at a stop
// twice or re-enters a hex (unless reEnter), or two routes sharing track.
// It answers nil when the track is sound (the run may still break a
// title's rule: too many stops, say).
func Diagnose(b *board.Board, corp string, routes []RunRoute, reEnter bool) *Refusal {
	res, err := ResolveRun(b, corp, routes)
	var rf *Refusal
	if err != nil {
		if errors.As(err, &rf) {
			return rf
		}
		return nil
	}
	for i, r := range res {
		checks := []func() error{func() error { return r.CheckNodes(b) }}
		if !reEnter {
			checks = append(checks, r.CheckHexReentry)
		}
		for _, ck := range checks {
			if err := ck(); errors.As(err, &rf) {
				c := *rf
				c.Route = i
				return &c
			}
		}
	}
	if i, j, hex, found := Overlap(b, res); found {
		msg := "the route uses the same track twice in " + hex
		if i != j {
			msg = "two routes use the same track in " + hex
		}
		return &Refusal{Reason: SharedTrack, Route: j, Other: i, Hexes: []string{hex}, msg: msg}
	}
	return nil
}
