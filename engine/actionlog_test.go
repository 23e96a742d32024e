package engine

import (
	"reflect"
	"strconv"
	"testing"
)

// TestActionLogRoundTrip checks that the packed log gives back every field
// of an action, numbers beyond 32 bits included (it fails when Action
// gains a field the log drops).
func TestActionLogRoundTrip(t *testing.T) {
	var want []Action
	var l ActionLog
	for i := 0; i < 1500; i++ {
		var a Action
		v := reflect.ValueOf(&a).Elem()
		for k := 0; k < v.NumField(); k++ {
			if (i+k)%3 == 0 {
				continue // leave some fields empty
			}
			f := v.Field(k)
			switch f.Kind() {
			case reflect.String:
				f.SetString(v.Type().Field(k).Name + strconv.Itoa(i))
			case reflect.Int:
				n := int64(i*31 + k)
				switch i % 11 {
				case 4:
					n = -n
				case 5:
					n += 1 << 40 // beyond 32 bits
				case 6:
					n = -n - 1<<33
				}
				f.SetInt(n)
			case reflect.Slice:
				f.Set(reflect.MakeSlice(f.Type(), 1+i%2, 1+i%2))
			case reflect.Pointer: // kept with the lists
				f.Set(reflect.New(f.Type().Elem()))
			default:
				t.Fatalf("field %s of kind %v: teach ActionLog about it", v.Type().Field(k).Name, f.Kind())
			}
		}
		want = append(want, a)
		l.Push(&a)
		if i%7 == 6 { // undo one now and then
			l.Pop()
			want = want[:len(want)-1]
		}
	}
	if l.Len() != len(want) {
		t.Fatalf("len %d, want %d", l.Len(), len(want))
	}
	for i := range want {
		if got := l.At(i); !reflect.DeepEqual(got, want[i]) {
			t.Fatalf("action %d: got %+v, want %+v", i, got, want[i])
		}
	}
}
