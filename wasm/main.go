//go:build js && wasm

// Command wasm is Tresham's engine in the browser: built with GOOS=js
// GOARCH=wasm (go generate ./ui writes it beside the UI), it sets
// globalThis.tresham to an object whose functions are the calls of package
// play/api, each answering a JSON string ({"error": "..."} on failure),
// then calls globalThis.treshamReady if the page defined it. This file is
// the only one that imports syscall/js.
package main

import (
	"fmt"
	"syscall/js"

	"tresham/play/api"
)

func main() {
	js.Global().Set("tresham", register(api.New()))
	if ready := js.Global().Get("treshamReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // the functions stay callable
}

// register returns a JS object whose functions call a.
func register(a *api.API) js.Value {
	obj := js.Global().Get("Object").New()
	def := func(name string, nargs int, f func(args []js.Value) ([]byte, error)) {
		obj.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) (out any) {
			defer func() {
				if r := recover(); r != nil {
					out = string(api.ErrorJSON(fmt.Errorf("%s: internal error: %v", name, r)))
				}
			}()
			if len(args) < nargs {
				return string(api.ErrorJSON(fmt.Errorf("%s takes %d arguments, got %d", name, nargs, len(args))))
			}
			b, err := f(args)
			if err != nil {
				return string(api.ErrorJSON(err))
			}
			return string(b)
		}))
	}
	// load(export[, rules]): rules is the view's rules_of ("today" or a day)
	def("load", 1, func(v []js.Value) ([]byte, error) {
		rules := ""
		if len(v) > 1 {
			rules = str(v[1])
		}
		return a.Load(v[0].String(), rules)
	})
	def("close", 1, func(v []js.Value) ([]byte, error) { a.Close(v[0].Int()); return []byte("{}"), nil })
	def("append", 3, func(v []js.Value) ([]byte, error) { return a.Append(v[0].Int(), v[1].Int(), v[2].String()) })
	def("propose", 2, func(v []js.Value) ([]byte, error) { return a.Propose(v[0].Int(), v[1].String()) })
	// view(session, at, seats[, since]): with since, the log as a change (api.ViewSince)
	def("view", 3, func(v []js.Value) ([]byte, error) {
		if len(v) > 3 && v[3].Type() == js.TypeNumber {
			return a.ViewSince(v[0].Int(), v[1].Int(), str(v[2]), v[3].Int())
		}
		return a.View(v[0].Int(), v[1].Int(), str(v[2]))
	})
	def("legal", 2, func(v []js.Value) ([]byte, error) { return a.Legal(v[0].Int(), v[1].String()) })
	// map(session, at[, since]): with since, a change from the answer since (api.MapSince)
	def("map", 2, func(v []js.Value) ([]byte, error) {
		since := -1
		if len(v) > 2 && v[2].Type() == js.TypeNumber {
			since = v[2].Int()
		}
		return a.MapSince(v[0].Int(), v[1].Int(), since)
	})
	def("tile", 4, func(v []js.Value) ([]byte, error) {
		return a.Tile(v[0].Int(), v[1].String(), v[2].String(), v[3].Int())
	})
	def("tiles", 2, func(v []js.Value) ([]byte, error) { return a.Tiles(v[0].Int(), v[1].Int()) })
	def("routes", 2, func(v []js.Value) ([]byte, error) { return a.Routes(v[0].Int(), v[1].String()) })
	def("lastrun", 3, func(v []js.Value) ([]byte, error) { return a.LastRun(v[0].Int(), v[1].Int(), v[2].String()) })
	def("check", 3, func(v []js.Value) ([]byte, error) { return a.Check(v[0].Int(), v[1].String(), v[2].String()) })
	def("hash", 2, func(v []js.Value) ([]byte, error) { return a.Hash(v[0].Int(), v[1].Int()) })
	def("status", 1, func(v []js.Value) ([]byte, error) { return a.Status(v[0].Int()) })
	def("undo", 1, func(v []js.Value) ([]byte, error) { return a.Undo(v[0].Int()) })
	def("redo", 1, func(v []js.Value) ([]byte, error) { return a.Redo(v[0].Int()) })
	def("prepare", 2, func(v []js.Value) ([]byte, error) { return a.Prepare(v[0].Int(), v[1].Int()) })
	def("export", 1, func(v []js.Value) ([]byte, error) { return a.Export(v[0].Int()) })
	return obj
}

// str is a string argument; null or undefined is "".
func str(v js.Value) string {
	if v.Type() != js.TypeString {
		return ""
	}
	return v.String()
}
