// Package jsonerr turns encoding/json errors into text for the people who
// sent the JSON: which field, what was wanted, what came; never Go types.
package jsonerr

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
)

// Describe returns err's text with encoding/json's type errors rewritten in
// plain words ("field "players": want a whole number, got text"); other
// errors are returned as they are.
func Describe(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		got := te.Value
		switch got {
		case "string":
			got = "text"
		case "array":
			got = "a list"
		case "object":
			got = "an object"
		case "bool":
			got = "true/false"
		}
		where := ""
		if te.Field != "" {
			where = fmt.Sprintf("field %q: ", te.Field)
		}
		return fmt.Sprintf("%swant %s, got %s", where, kindName(te.Type), got)
	case errors.As(err, &se):
		return fmt.Sprintf("malformed JSON at byte %d: %v", se.Offset, se)
	}
	return err.Error()
}

// kindName names what a JSON value must be to decode into t.
func kindName(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "text"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Pointer:
		return kindName(t.Elem())
	}
	return "another kind of value"
}
