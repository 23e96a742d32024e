package api

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestViewSince follows both titles' real games forward, a step at a time
// and in jumps, and back (where the log shrinks), as a page holding each
// ViewSince answer would: the log put together from the lines held and
// the answer's must be View's, and every other field View's too.
func TestViewSince(t *testing.T) {
	for _, name := range []string{"1825/141331.json", "1860/19354.json"} {
		t.Run(name, func(t *testing.T) {
			a := New()
			ld := decode[Loaded](a.Load(fixture(t, name), "")).get(t)
			var held struct {
				serial int
				log    []string
				msgs   []json.RawMessage
			}
			positions := []int{}
			for n := 0; n <= ld.Actions; n += 9 {
				positions = append(positions, n, n+1)
			}
			positions = append(positions, ld.Actions, 40, 41, -1, -1)
			changes, sentBytes, wholeBytes := 0, 0, 0
			for _, n := range positions {
				if n > ld.Actions {
					continue
				}
				b, err := a.ViewSince(ld.Session, n, "null", held.serial)
				if err != nil {
					t.Fatal(err)
				}
				var got map[string]json.RawMessage
				if err := json.Unmarshal(b, &got); err != nil {
					t.Fatal(err)
				}
				var log []string
				var msgs []json.RawMessage
				json.Unmarshal(got["log"], &log)
				json.Unmarshal(got["log_messages"], &msgs)
				if f, ok := got["log_from"]; ok {
					var k int
					json.Unmarshal(f, &k)
					if held.serial == 0 || k > len(held.log) {
						t.Fatalf("at %d: log_from %d of %d lines held", n, k, len(held.log))
					}
					log = append(append([]string{}, held.log[:k]...), log...)
					msgs = append(append([]json.RawMessage{}, held.msgs[:k]...), msgs...)
					changes++
				}
				var serial int
				json.Unmarshal(got["log_serial"], &serial)
				if serial <= held.serial {
					t.Fatalf("at %d: serial %d after %d", n, serial, held.serial)
				}
				held.serial, held.log, held.msgs = serial, log, msgs
				sentBytes += len(b)
				whole := mustBytes(a.View(ld.Session, n, "null"))
				wholeBytes += len(whole)
				var want map[string]json.RawMessage
				if err := json.Unmarshal(whole, &want); err != nil {
					t.Fatal(err)
				}
				var wantLog []string
				var wantMsgs []json.RawMessage
				json.Unmarshal(want["log"], &wantLog)
				json.Unmarshal(want["log_messages"], &wantMsgs)
				if !reflect.DeepEqual(log, wantLog) || !reflect.DeepEqual(msgs, wantMsgs) {
					t.Fatalf("at %d: the log put together (%d lines, %d messages) is not View's (%d, %d)", n, len(log), len(msgs), len(wantLog), len(wantMsgs))
				}
				for _, k := range []string{"log", "log_messages", "log_from", "log_serial"} {
					delete(got, k)
					delete(want, k)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("at %d: the answer's other fields differ from View's", n)
				}
			}
			if changes < len(positions)/2 {
				t.Errorf("%d answers of %d were changes", changes, len(positions))
			}
			t.Logf("%d answers, %d as changes: %d bytes against %d whole", len(positions), changes, sentBytes, wholeBytes)
		})
	}
	// an answer numbered by another session, or by none held, is whole
	a := New()
	ld := decode[Loaded](a.Load(fixture(t, "1860/19354.json"), "")).get(t)
	for _, since := range []int{0, 99} {
		var got map[string]json.RawMessage
		json.Unmarshal(mustBytes(a.ViewSince(ld.Session, -1, "", since)), &got)
		if _, ok := got["log_from"]; ok {
			t.Errorf("since %d: a change from an answer never made", since)
		}
	}
}
