package g18xx

import (
	"bytes"
	"math"
	"reflect"
	"testing"
)

// TestPlainFieldsEncodeAsJSON checks encodeObject's own encoding of plain
// fields against encoding/json's (without HTML escaping), which it
// replaces.
func TestPlainFieldsEncodeAsJSON(t *testing.T) {
	values := []any{
		"", "pass", "C&N", "<b>", "a\"b", `back\slash`, "tab\there", "new\nline", "\x00", "\x7f",
		"é", "日本", "\u2028", "\u2029", "bad \xff utf8", "~!@#$%^*()_+{}|:?",
		0, 1, -1, math.MaxInt64, math.MinInt64, int8(-5), uint16(7), uint64(math.MaxUint64),
		true, false,
	}
	for _, v := range values {
		want, err := marshalNoEscape(v)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := appendPlain(nil, reflect.ValueOf(v))
		if !ok {
			if _, isString := v.(string); !isString {
				t.Errorf("%#v: not encoded", v)
			}
			continue // left to encoding/json
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%#v: encoded %s, encoding/json %s", v, got, want)
		}
	}
}

// TestActionEncodesEscapedStrings checks whole actions whose strings need
// escapes: the same bytes as encoding/json writes, decoded back unchanged.
func TestActionEncodesEscapedStrings(t *testing.T) {
	for _, msg := range []string{"plain", "say \"hi\"", "a\\b", "line\nbreak", "<&>", "\u2028", "é"} {
		a := Action{Type: TypeMessage, Entity: PlayerEntity(1), EntityType: EntityPlayer, ID: 3, Message: msg, Company: "C&N"}
		b, err := a.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		m, _ := marshalNoEscape(msg)
		if !bytes.Contains(b, append([]byte(`"message":`), m...)) {
			t.Errorf("message %q: %s lacks %s", msg, b, m)
		}
		var back Action
		if err := back.UnmarshalJSON(b); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if back.Message != msg || back.Company != "C&N" || back.ID != 3 {
			t.Errorf("%s decoded to %+v", b, back)
		}
	}
}
