package api

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// hexGroups splits a board's SVG as the page does (mapview.js hexChunks):
// the text before the first hex group, then each group's text by hex id,
// in order.
func hexGroups(t *testing.T, svg string) (head string, ids []string, groups map[string]string) {
	t.Helper()
	next := func(from int) int {
		for i := from; ; i++ {
			j := strings.Index(svg[i:], `<g class="hex`)
			if j < 0 {
				return -1
			}
			if c := svg[i+j+13]; c == '"' || c == ' ' {
				return i + j
			}
			i += j
		}
	}
	i := next(0)
	if i < 0 {
		t.Fatal("no hex group in the board's SVG")
	}
	head, groups = svg[:i], map[string]string{}
	end := strings.LastIndex(svg, "</svg>")
	for i >= 0 {
		j := next(i + 1)
		g := svg[i:end]
		if j >= 0 {
			g = svg[i:j]
		}
		id := g[strings.Index(g, `data-hex="`)+10:]
		id = id[:strings.IndexByte(id, '"')]
		ids = append(ids, id)
		groups[id] = g
		i = j
	}
	return head, ids, groups
}

// heldMap is a board as the page holds it after MapSince answers.
type heldMap struct {
	serial int
	head   string
	ids    []string
	groups map[string]string
	fields map[string]json.RawMessage // every field but svg and the numbering
}

// take applies a MapSince answer to the board held.
func (h *heldMap) take(t *testing.T, b []byte, err error) (whole bool) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	var n struct{ Serial, Since int }
	json.Unmarshal(b, &n)
	var changed map[string]string
	var same []string
	json.Unmarshal(f["changed"], &changed)
	json.Unmarshal(f["same"], &same)
	if n.Since == 0 {
		var svg string
		json.Unmarshal(f["svg"], &svg)
		h.head, h.ids, h.groups = hexGroups(t, svg)
	} else {
		if n.Since != h.serial {
			t.Fatalf("a change since %d; the page holds %d", n.Since, h.serial)
		}
		for id, g := range changed {
			if _, ok := h.groups[id]; !ok {
				t.Fatalf("change of hex %s, not on the board", id)
			}
			h.groups[id] = g
		}
		for _, k := range same {
			f[k] = h.fields[k]
		}
	}
	for _, k := range []string{"serial", "since", "changed", "same", "svg"} {
		delete(f, k)
	}
	h.serial, h.fields = n.Serial, f
	return n.Since == 0
}

func (h *heldMap) svg() string {
	var sb strings.Builder
	sb.WriteString(h.head)
	for _, id := range h.ids {
		sb.WriteString(h.groups[id])
	}
	sb.WriteString("</svg>")
	return sb.String()
}

// TestMapSince follows real games back and forth through MapSince answers
// as the page does and checks the board held after each against Map's
// whole answer there; an answer held no longer is answered whole.
func TestMapSince(t *testing.T) {
	for _, name := range []string{"1825/141331.json", "1860/19354.json"} {
		t.Run(name, func(t *testing.T) {
			a := New()
			ld := decode[Loaded](a.Load(fixture(t, name), "")).get(t)
			var h heldMap
			changes, hexes, steps, stepBytes, last := 0, 0, 0, 0, -2
			positions := []int{}
			for n := 0; n <= ld.Actions; n += 7 {
				positions = append(positions, n, n+1)
			}
			positions = append(positions, ld.Actions, 40, -1)
			for _, n := range positions {
				if n > ld.Actions {
					continue
				}
				b, err := a.MapSince(ld.Session, n, h.serial)
				if !h.take(t, b, err) {
					changes++
					var c MapAnswer
					json.Unmarshal(b, &c)
					hexes += len(c.Changed)
					if n == last+1 {
						// one action on: a tile, a token, a run, or nothing on the board
						steps++
						stepBytes += len(b)
						if len(c.Changed) > 3 {
							t.Errorf("at %d: a step changes %d hexes", n, len(c.Changed))
						}
					}
				}
				last = n
				var want map[string]json.RawMessage
				if err := json.Unmarshal(mustBytes(a.Map(ld.Session, n)), &want); err != nil {
					t.Fatal(err)
				}
				var svg string
				json.Unmarshal(want["svg"], &svg)
				if got := h.svg(); got != svg {
					t.Fatalf("at %d: the board held differs from Map's (%d / %d bytes)", n, len(got), len(svg))
				}
				delete(want, "svg")
				delete(want, "serial")
				if !reflect.DeepEqual(h.fields, want) {
					for k := range want {
						if string(want[k]) != string(h.fields[k]) {
							t.Errorf("at %d: field %s differs", n, k)
						}
					}
					for k := range h.fields {
						if _, ok := want[k]; !ok {
							t.Errorf("at %d: field %s not in Map's answer", n, k)
						}
					}
					t.FailNow()
				}
			}
			if changes < len(positions)/2 {
				t.Errorf("%d changes in %d answers", changes, len(positions))
			}
			if steps == 0 {
				t.Fatal("no step forward answered as a change")
			}
			t.Logf("%d answers, %d as changes, %.1f hexes a change; a step's answer %d bytes on average", len(positions), changes, float64(hexes)/float64(changes), stepBytes/steps)
			// an answer the page no longer holds, or none: whole
			if !h.take(t, mustBytes(a.MapSince(ld.Session, 10, h.serial-1)), nil) {
				t.Error("a change from an answer replaced since")
			}
			if !h.take(t, mustBytes(a.MapSince(ld.Session, 10, 0)), nil) {
				t.Error("a change for a page that holds none")
			}
			a.Close(ld.Session)
			if _, err := a.MapSince(ld.Session, 10, h.serial); err == nil {
				t.Error("a closed session: no error")
			}
		})
	}
}

func mustBytes(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
