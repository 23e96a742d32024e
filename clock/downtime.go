package clock

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"tresham/compat/g18xx"
)

// Downtime is a span when no server instance ran: a Tresham server that
// starts after one notes it in every running clocked game's log as the
// clock note "down:<From in Unix seconds>", stamped To (when service
// resumed). No wait is charged for it.
type Downtime struct {
	From, To time.Time
}

// DownNote is the value of the clock note for a downtime that began at
// from.
func DownNote(from time.Time) string { return "down:" + strconv.FormatInt(from.Unix(), 10) }

// DowntimeOf reads a as a downtime note (false when it is not one, or
// names no span).
func DowntimeOf(a g18xx.Action) (Downtime, bool) {
	raw, ok := a.Extra[NoteKey]
	if !ok || a.Type != g18xx.TypeMessage || a.CreatedAt <= 0 {
		return Downtime{}, false
	}
	var v string
	if json.Unmarshal(raw, &v) != nil {
		return Downtime{}, false
	}
	rest, ok := strings.CutPrefix(v, "down:")
	if !ok {
		return Downtime{}, false
	}
	from, err := strconv.ParseInt(rest, 10, 64)
	if err != nil || from <= 0 || from >= a.CreatedAt {
		return Downtime{}, false
	}
	return Downtime{From: time.Unix(from, 0).UTC(), To: time.Unix(a.CreatedAt, 0).UTC()}, true
}

// Downtimes is a set of downtimes, sorted and disjoint (see Add).
type Downtimes []Downtime

// DowntimesOf reads the downtime notes of a log.
func DowntimesOf(acts []g18xx.Action) Downtimes {
	var out Downtimes
	for _, a := range acts {
		if d, ok := DowntimeOf(a); ok {
			out = out.Add(d)
		}
	}
	return out
}

// Add returns the set with d added (ds is not changed): spans that
// overlap or touch are merged, so a downtime noted twice (two instances
// starting at once) is not subtracted twice.
func (ds Downtimes) Add(d Downtime) Downtimes {
	if !d.To.After(d.From) {
		return ds
	}
	out := make(Downtimes, 0, len(ds)+1)
	out = append(out, ds...)
	out = append(out, d)
	slices.SortFunc(out, func(a, b Downtime) int { return a.From.Compare(b.From) })
	merged := out[:1]
	for _, x := range out[1:] {
		last := &merged[len(merged)-1]
		if x.From.After(last.To) {
			merged = append(merged, x)
			continue
		}
		if x.To.After(last.To) {
			last.To = x.To
		}
	}
	return merged
}

// Within is how much of the span from..to the downtimes cover.
func (ds Downtimes) Within(from, to time.Time) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		lo, hi := laterOf(from, d.From), earlierOf(to, d.To)
		if hi.After(lo) {
			sum += hi.Sub(lo)
		}
	}
	return sum
}

func earlierOf(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
