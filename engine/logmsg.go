package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Message is a message id and its arguments, as the page receives them
// beside each log line and refusal: ID is the English Go format the
// engine wrote the text with (the msgid of the catalogues, see
// docs/i18n.md) and Args the values put in it, as written (a %d as its
// digits). Rendering ID with Args in English gives back the text byte for
// byte. The zero Message (ID "") means the text has no known id: the
// reader sees the English text.
type Message struct {
	ID   string   `json:"id"`
	Args []string `json:"args,omitempty"`
}

// MaxLogArgs is the most arguments a log line's message keeps; a line
// with more is kept as text only.
const MaxLogArgs = 6

// lineMsg is what the game keeps of a log line's message: its id (a
// constant format, so no copy) and where each argument stands in the
// line, as byte offsets; the arguments are read back from the line when
// asked for. It allocates nothing per line.
type lineMsg struct {
	id    string
	n     uint8
	spans [MaxLogArgs][2]uint16
}

// message rebuilds the Message of line from m.
func (m *lineMsg) message(line string) Message {
	if m.id == "" {
		return Message{}
	}
	out := Message{ID: m.id}
	if m.n > 0 {
		out.Args = make([]string, m.n)
		for i := range out.Args {
			s, e := int(m.spans[i][0]), int(m.spans[i][1])
			if s > e || e > len(line) {
				return Message{}
			}
			out.Args[i] = line[s:e]
		}
	}
	return out
}

// arg records that the argument just written spans line[start:end];
// false when it cannot be kept (too many arguments, a line too long).
func (m *lineMsg) arg(start, end int) bool {
	if int(m.n) >= MaxLogArgs || end > 0xffff {
		m.id = ""
		return false
	}
	m.spans[m.n] = [2]uint16{uint16(start), uint16(end)}
	m.n++
	return true
}

// LogBuilder writes a log line and its message together: literal text
// with Text, each argument with Str or Int, in the order the id's format
// puts them. Build it on the stack (NewLogBuilder with a stack buffer) and
// hand it to Game.AddLog: the line is then the only allocation.
type LogBuilder struct {
	buf []byte
	msg lineMsg
}

// NewLogBuilder starts a line whose message id is format (a constant Go
// format: %s for Str, %d for Int, %% for a percent sign), written into
// buf's storage.
func NewLogBuilder(format string, buf []byte) LogBuilder {
	return LogBuilder{buf: buf[:0], msg: lineMsg{id: format}}
}

// Text appends literal text of the format.
func (b *LogBuilder) Text(s string) { b.buf = append(b.buf, s...) }

// Str appends a %s argument.
func (b *LogBuilder) Str(s string) {
	start := len(b.buf)
	b.buf = append(b.buf, s...)
	b.msg.arg(start, len(b.buf))
}

// Int appends a %d argument.
func (b *LogBuilder) Int(n int) {
	start := len(b.buf)
	b.buf = strconv.AppendInt(b.buf, int64(n), 10)
	b.msg.arg(start, len(b.buf))
}

// Bytes returns the line written so far.
func (b *LogBuilder) Bytes() []byte { return b.buf }

// Open starts an argument written in pieces (with Text or Extend); Close
// with what Open returned ends it.
func (b *LogBuilder) Open() int { return len(b.buf) }

// Close ends the argument Open started at start.
func (b *LogBuilder) Close(start int) { b.msg.arg(start, len(b.buf)) }

// Extend replaces the line with buf, which must be Bytes with more
// appended (for appenders of the form f(buf []byte, ...) []byte).
func (b *LogBuilder) Extend(buf []byte) { b.buf = buf }

// AddLog appends the line b wrote to the log, with its message.
func (g *Game) AddLog(b *LogBuilder) { g.addLine(string(b.buf), b.msg) }

// LogStrs appends a line whose arguments are all strings: format (its
// message id) with %s verbs and %% only, each %s taking the next of args.
// Unlike Logf it boxes nothing: the line is its only allocation.
func (g *Game) LogStrs(format string, args ...string) {
	var arr [256]byte
	l := NewLogBuilder(format, arr[:0])
	next := 0
	for rest := format; rest != ""; {
		i := strings.IndexByte(rest, '%')
		if i < 0 || i+1 == len(rest) {
			l.Text(rest)
			break
		}
		l.Text(rest[:i])
		verb := rest[i+1]
		rest = rest[i+2:]
		switch {
		case verb == '%':
			l.Text("%")
		case verb == 's' && next < len(args):
			l.Str(args[next])
			next++
		default:
			panic("LogStrs: format " + strconv.Quote(format) + " is not %s verbs for its arguments")
		}
	}
	if next != len(args) {
		panic("LogStrs: format " + strconv.Quote(format) + " takes fewer arguments than given")
	}
	g.AddLog(&l)
}

// addLine appends line and its message, keeping g.msgs in step with
// g.Log: a line appended to Log directly (without a message) gets the
// zero message.
func (g *Game) addLine(line string, m lineMsg) {
	if len(g.msgs) < len(g.Log) {
		g.msgs = append(g.msgs, make([]lineMsg, len(g.Log)-len(g.msgs))...)
	}
	g.msgs = g.msgs[:len(g.Log)]
	g.Log = append(g.Log, line)
	g.msgs = append(g.msgs, m)
}

// LogMessages returns the message of each line of LogLines, in the same
// order (the zero Message for a line written without one).
func (g *Game) LogMessages() []Message {
	lines := g.LogLines()
	msgs := g.allMsgs()
	out := make([]Message, len(lines))
	for i := range lines {
		if i < len(msgs) {
			out[i] = msgs[i].message(lines[i])
		}
	}
	return out
}

// LogMessagesFrom returns the messages of Log[from:] (the lines not
// archived), as LogMessages does.
func (g *Game) LogMessagesFrom(from int) []Message {
	from = min(max(from, 0), len(g.Log))
	out := make([]Message, len(g.Log)-from)
	for i := range out {
		if j := from + i; j < len(g.msgs) {
			out[i] = g.msgs[j].message(g.Log[j])
		}
	}
	return out
}

// allMsgs is the messages of every line, archived ones first.
func (g *Game) allMsgs() []lineMsg {
	if g.archived == 0 {
		return g.msgs
	}
	_, msgs := g.archivedLog()
	live := g.msgs
	if len(live) > len(g.Log) {
		live = live[:len(g.Log)]
	}
	// pad the archived part to its lines (lines archived without messages)
	for len(msgs) < g.archived {
		msgs = append(msgs, lineMsg{})
	}
	return append(msgs[:g.archived], live...)
}

// simpleVerb reports whether c is a verb logLine writes itself.
func simpleVerb(c byte) bool { return c == 's' || c == 'd' || c == 'v' }

// sprintArg writes one argument as fmt writes it under verb (a simple
// verb, no flags).
func sprintArg(b []byte, verb byte, v any) []byte {
	return fmt.Appendf(b, "%"+string(verb), v)
}
