package g18xx

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// member is one key/value pair of a JSON object, in document order.
type member struct {
	key  string // set by splitObject, and by splitObjectInto for escaped keys
	name []byte // the key's bytes between the quotes, when it has no escapes
	raw  json.RawMessage
}

// splitObject splits a JSON object into its members without decoding the
// values. Values are returned as sub-slices of data; callers that keep them
// must copy. Malformed values are left for json.Unmarshal to report.
func splitObject(data []byte) ([]member, error) {
	out, err := splitObjectInto(nil, data)
	for i := range out {
		if out[i].name != nil {
			out[i].key = string(out[i].name)
		}
	}
	return out, err
}

// splitObjectInto is splitObject appending to out (a caller's scratch
// buffer, so that decoding an object allocates no member list); a key
// without escapes is left as its bytes (name), not converted.
func splitObjectInto(out []member, data []byte) ([]member, error) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, fmt.Errorf("want a JSON object, got %s", abbreviate(bytes.TrimSpace(data)))
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return out, nil
	}
	for {
		if i >= len(data) || data[i] != '"' {
			return nil, fmt.Errorf("malformed object: want a key at offset %d", i)
		}
		end, err := skipString(data, i)
		if err != nil {
			return nil, err
		}
		keyRaw := data[i:end]
		var key string
		var name []byte
		if bytes.IndexByte(keyRaw, '\\') < 0 {
			name = keyRaw[1 : len(keyRaw)-1]
		} else if err := json.Unmarshal(keyRaw, &key); err != nil {
			return nil, fmt.Errorf("malformed key %s: %w", keyRaw, err)
		}
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, fmt.Errorf("malformed object: want ':' after key %s", keyRaw)
		}
		i = skipSpace(data, i+1)
		start := i
		i, err = skipValue(data, i)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", keyRaw, err)
		}
		out = append(out, member{key: key, name: name, raw: data[start:i]})
		i = skipSpace(data, i)
		if i >= len(data) {
			return nil, fmt.Errorf("malformed object: unexpected end")
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case '}':
			if j := skipSpace(data, i+1); j != len(data) {
				return nil, fmt.Errorf("malformed object: trailing data at offset %d", j)
			}
			return out, nil
		default:
			return nil, fmt.Errorf("malformed object: unexpected %q at offset %d", data[i], i)
		}
	}
}

func skipSpace(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// skipString returns the offset just past the string starting at data[i] == '"'.
func skipString(data []byte, i int) (int, error) {
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '\\':
			j++
		case '"':
			return j + 1, nil
		}
	}
	return 0, fmt.Errorf("unterminated string at offset %d", i)
}

// skipValue returns the offset just past the JSON value starting at data[i].
func skipValue(data []byte, i int) (int, error) {
	if i >= len(data) {
		return 0, fmt.Errorf("missing value")
	}
	switch data[i] {
	case '"':
		return skipString(data, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(data); j++ {
			switch data[j] {
			case '"':
				end, err := skipString(data, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, fmt.Errorf("unterminated value at offset %d", i)
	default:
		j := i
		for j < len(data) {
			c := data[j]
			if c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\n' || c == '\r' {
				break
			}
			j++
		}
		if j == i {
			return 0, fmt.Errorf("missing value at offset %d", i)
		}
		return j, nil
	}
}

// splitArray splits a JSON array into its elements (sub-slices of data).
func splitArray(data []byte) ([]json.RawMessage, error) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '[' {
		return nil, fmt.Errorf("want a JSON array, got %s", abbreviate(bytes.TrimSpace(data)))
	}
	i = skipSpace(data, i+1)
	var out []json.RawMessage
	if i < len(data) && data[i] == ']' {
		return out, nil
	}
	for {
		start := i
		end, err := skipValue(data, i)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", len(out), err)
		}
		out = append(out, data[start:end])
		i = skipSpace(data, end)
		if i >= len(data) {
			return nil, fmt.Errorf("malformed array: unexpected end")
		}
		switch data[i] {
		case ',':
			i = skipSpace(data, i+1)
		case ']':
			return out, nil
		default:
			return nil, fmt.Errorf("malformed array: unexpected %q at offset %d", data[i], i)
		}
	}
}
