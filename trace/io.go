package trace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"unicode/utf8"
)

// ReadFile reads a golden trace (.trace.jsonl) file.
func ReadFile(path string) ([]Line, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("trace: %w", err)
	}
	defer f.Close()
	lines, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("trace %s: %w", path, err)
	}
	return lines, nil
}

// Read reads JSON lines from r, one Line per non-empty line. Lines are
// decoded in parallel.
func Read(r io.Reader) ([]Line, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var raws [][]byte
	var nums []int
	for n := 1; len(data) > 0; n++ {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(bytes.TrimSpace(line)) > 0 {
			raws = append(raws, line)
			nums = append(nums, n)
		}
	}
	out := make([]Line, len(raws))
	errs := make([]error, len(raws))
	workers := min(runtime.GOMAXPROCS(0), len(raws))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(raws); i += workers {
				if err := json.Unmarshal(raws[i], &out[i]); err != nil {
					errs[i] = fmt.Errorf("line %d: %w", nums[i], err)
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Marshal returns l in the golden-trace encoding: compact JSON with keys
// sorted alphabetically at every level and non-ASCII text written as UTF-8
// (e.g. "£", not "\u00a3"), without a trailing newline.
func Marshal(l *Line) ([]byte, error) {
	b, err := json.Marshal(l)
	if err != nil {
		return nil, fmt.Errorf("trace: encode line %d (%s): %w", l.ID, l.Type, err)
	}
	out, err := Canonical(b)
	if err != nil {
		return nil, fmt.Errorf("trace: encode line %d (%s): %w", l.ID, l.Type, err)
	}
	return out, nil
}

// Canonical re-encodes a JSON document in the golden-trace style: compact,
// object keys sorted, strings escaped only where JSON requires it (quote,
// backslash, control characters; \b \f \n \r \t short forms, otherwise
// \u00XX in lower case), and numbers kept as written.
func Canonical(doc []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(len(doc))
	writeValue(&buf, v)
	return buf.Bytes(), nil
}

func writeValue(buf *bytes.Buffer, v any) {
	switch v := v.(type) {
	case nil:
		buf.WriteString("null")
	case bool:
		buf.WriteString(strconv.FormatBool(v))
	case json.Number:
		buf.WriteString(string(v))
	case string:
		writeString(buf, v)
	case []any:
		buf.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeValue(buf, e)
		}
		buf.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			writeString(buf, k)
			buf.WriteByte(':')
			writeValue(buf, v[k])
		}
		buf.WriteByte('}')
	default:
		panic(fmt.Sprintf("trace: unexpected JSON value %T", v))
	}
}

func writeString(buf *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	buf.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"':
			buf.WriteString(`\"`)
		case c == '\\':
			buf.WriteString(`\\`)
		case c == '\n':
			buf.WriteString(`\n`)
		case c == '\r':
			buf.WriteString(`\r`)
		case c == '\t':
			buf.WriteString(`\t`)
		case c == '\b':
			buf.WriteString(`\b`)
		case c == '\f':
			buf.WriteString(`\f`)
		case c < 0x20:
			buf.WriteString(`\u00`)
			buf.WriteByte(hex[c>>4])
			buf.WriteByte(hex[c&0xf])
		case c < utf8.RuneSelf:
			buf.WriteByte(c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			buf.WriteRune(r) // invalid UTF-8 becomes U+FFFD
			i += size
			continue
		}
		i++
	}
	buf.WriteByte('"')
}

// Writer writes golden-trace lines.
type Writer struct {
	w *bufio.Writer
}

// NewWriter returns a Writer that writes to w. Call Flush when done.
func NewWriter(w io.Writer) *Writer { return &Writer{w: bufio.NewWriterSize(w, 1<<16)} }

// Write writes one line followed by a newline.
func (w *Writer) Write(l *Line) error {
	b, err := Marshal(l)
	if err != nil {
		return err
	}
	b = append(b, '\n')
	if _, err := w.w.Write(b); err != nil {
		return fmt.Errorf("trace: write line %d (%s): %w", l.ID, l.Type, err)
	}
	return nil
}

// Flush writes any buffered data.
func (w *Writer) Flush() error {
	if err := w.w.Flush(); err != nil {
		return fmt.Errorf("trace: flush: %w", err)
	}
	return nil
}

// WriteFile writes lines to the named file in the golden-trace format.
func WriteFile(path string, lines []Line) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			err = fmt.Errorf("trace: %w", cerr)
		}
	}()
	w := NewWriter(f)
	for i := range lines {
		if err := w.Write(&lines[i]); err != nil {
			return err
		}
	}
	return w.Flush()
}
