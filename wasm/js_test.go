//go:build js && wasm

package main

import (
	"encoding/json"
	"strings"
	"syscall/js"
	"testing"

	"tresham/internal/fixtures"
	"tresham/play/api"
)

// call invokes a function of the JS object as the page does and decodes
// its JSON answer.
func call(t *testing.T, obj js.Value, name string, args ...any) map[string]any {
	t.Helper()
	out := obj.Call(name, args...)
	if out.Type() != js.TypeString {
		t.Fatalf("%s answered a %s, not a JSON string", name, out.Type())
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out.String()), &m); err != nil {
		t.Fatalf("%s: %v in %.200s", name, err, out.String())
	}
	return m
}

// TestJSAPI loads a real game through the JavaScript functions, steps
// through its history and checks the answers, bad calls included.
func TestJSAPI(t *testing.T) {
	b := fixtures.MustRead(t, "1860/1860_game_end_bank.json")
	obj := register(api.New())
	ld := call(t, obj, "load", string(b))
	id := int(ld["session"].(float64))
	n := int(ld["actions"].(float64))
	end := call(t, obj, "view", id, -1, nil)
	if end["finished"] != true {
		t.Fatalf("view at the end: not finished")
	}
	hashes := map[string]bool{}
	for at := n; at >= 0; at -= 50 {
		v := call(t, obj, "view", id, at, "null")
		h := call(t, obj, "hash", id, at)
		if v["hash"] != h["hash"] {
			t.Errorf("at %d: view hash %v, hash %v", at, v["hash"], h["hash"])
		}
		hashes[h["hash"].(string)] = true
	}
	if len(hashes) < n/50 {
		t.Errorf("only %d distinct hashes over %d positions", len(hashes), n/50+1)
	}
	m := call(t, obj, "map", id, 100)
	if svg, _ := m["svg"].(string); !strings.Contains(svg, "<svg") {
		t.Error("map at 100: no svg")
	}
	if tl := call(t, obj, "tiles", id, 100); len(tl["tiles"].([]any)) == 0 || tl["lays"] == nil {
		t.Errorf("tiles at 100: %.200v", tl)
	}
	// load's second argument: the rules of the day the server names
	old := string(fixtures.MustRead(t, "dated/1825/69820.json"))
	if r := call(t, obj, "load", old, "2023-12-26"); r["rules"] != "2023-12-26" || r["actions"] != float64(578) {
		t.Errorf("load under 2023-12-26: %v", r)
	}
	for _, bad := range [][]any{{"view", 99, 0, nil}, {"view", id, n + 1, nil}, {"load", "{"}, {"append", id}, {"routes", id, "NOPE"},
		{"load", old, "today"}, {"load", old, "Tuesday"}} {
		if e := call(t, obj, bad[0].(string), bad[1:]...); e["error"] == nil {
			t.Errorf("%v: no error in %v", bad, e)
		}
	}
}
