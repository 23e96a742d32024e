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

// English writes the message's id with its arguments put in, in order
// (each verb takes the next argument; %% is a percent sign): the English
// line it stands for.
func (m Message) English() string {
	var b strings.Builder
	next := 0
	for i := 0; i < len(m.ID); i++ {
		if m.ID[i] != '%' || i+1 == len(m.ID) {
			b.WriteByte(m.ID[i])
			continue
		}
		i++
		if m.ID[i] == '%' {
			b.WriteByte('%')
			continue
		}
		if next < len(m.Args) {
			b.WriteString(m.Args[next])
		}
		next++
	}
	return b.String()
}

// MaxLogArgs is the most arguments a log line's message keeps; a line
// with more is kept as text only.
const MaxLogArgs = 6

// argSpans is where each argument of a message stands in its line, as
// byte offsets: the arguments are read back from the line when asked for.
type argSpans struct {
	n     uint8
	spans [MaxLogArgs][2]uint16
}

// draftMsg is a line's message as it is written: its id (a constant
// format, so no copy) and its arguments' places.
type draftMsg struct {
	id string
	argSpans
}

// lineMsg is what the game keeps of a line's message: its id as an index
// into the game's table of ids (Game.msgIDs, from 1; 0 for none) and its
// arguments' places. 28 bytes a line, and nothing allocated per line.
type lineMsg struct {
	id uint16
	argSpans
}

// message rebuilds the Message of line from id and a.
func (a *argSpans) message(id, line string) Message {
	if id == "" {
		return Message{}
	}
	out := Message{ID: id}
	if a.n > 0 {
		out.Args = make([]string, a.n)
		for i := range out.Args {
			s, e := int(a.spans[i][0]), int(a.spans[i][1])
			if s > e || e > len(line) {
				return Message{}
			}
			out.Args[i] = line[s:e]
		}
	}
	return out
}

// arg records that the argument just written spans line[start:end];
// without it (too many arguments, a line too long) the line has no id.
func (m *draftMsg) arg(start, end int) {
	if int(m.n) >= MaxLogArgs || end > 0xffff {
		m.id = ""
		return
	}
	m.spans[m.n] = [2]uint16{uint16(start), uint16(end)}
	m.n++
}

// idOf returns the index of message id id in g's table (adding it).
func (g *Game) idOf(id string) uint16 {
	if id == "" {
		return 0
	}
	if i, ok := g.msgIndex[id]; ok {
		return i
	}
	if len(g.msgIDs) >= 0xfffe {
		return 0
	}
	if g.msgIndex == nil {
		g.msgIndex = map[string]uint16{}
	}
	g.msgIDs = append(g.msgIDs, id)
	i := uint16(len(g.msgIDs))
	g.msgIndex[id] = i
	return i
}

// idName is the message id of index i.
func (g *Game) idName(i uint16) string {
	if i == 0 || int(i) > len(g.msgIDs) {
		return ""
	}
	return g.msgIDs[i-1]
}

// LogBuilder writes a log line and its message together: literal text
// with Text, each argument with Str or Int (or Open, Text and Close for
// one written in pieces), in the order the id's format puts them. It holds
// the line in its own array, so a LogBuilder on the stack (a local
// variable handed to Game.AddLog) allocates nothing but the line.
type LogBuilder struct {
	msg  draftMsg
	n    int
	arr  [320]byte
	more []byte // the line, once longer than arr
}

// NewLogBuilder starts a line whose message id is format (a constant Go
// format: %s for Str, %d for Int, %% for a percent sign).
func NewLogBuilder(format string) LogBuilder { return LogBuilder{msg: draftMsg{id: format}} }

func (b *LogBuilder) len() int {
	if b.more != nil {
		return len(b.more)
	}
	return b.n
}

func (b *LogBuilder) write(p []byte) {
	if b.more == nil && b.n+len(p) <= len(b.arr) {
		b.n += copy(b.arr[b.n:], p)
		return
	}
	b.spill(len(p))
	b.more = append(b.more, p...)
}

func (b *LogBuilder) spill(extra int) {
	if b.more == nil {
		b.more = append(make([]byte, 0, 2*len(b.arr)+extra), b.arr[:b.n]...)
	}
}

// Text appends literal text of the format.
func (b *LogBuilder) Text(s string) {
	if b.more == nil && b.n+len(s) <= len(b.arr) {
		b.n += copy(b.arr[b.n:], s)
		return
	}
	b.spill(len(s))
	b.more = append(b.more, s...)
}

// Digits appends n in decimal as literal text (part of an argument Open
// started, or of the format's own text).
func (b *LogBuilder) Digits(n int) {
	var d [20]byte
	b.write(strconv.AppendInt(d[:0], int64(n), 10))
}

// Str appends a %s argument.
func (b *LogBuilder) Str(s string) {
	start := b.len()
	b.Text(s)
	b.msg.arg(start, b.len())
}

// Int appends a %d argument.
func (b *LogBuilder) Int(n int) {
	start := b.len()
	b.Digits(n)
	b.msg.arg(start, b.len())
}

// Open starts an argument written in pieces (with Text and Digits);
// Close with what Open returned ends it.
func (b *LogBuilder) Open() int { return b.len() }

// Close ends the argument Open started at start.
func (b *LogBuilder) Close(start int) { b.msg.arg(start, b.len()) }

// String returns the line written so far.
func (b *LogBuilder) String() string {
	if b.more != nil {
		return string(b.more)
	}
	return string(b.arr[:b.n])
}

// AddLog appends the line b wrote to the log, with its message.
func (g *Game) AddLog(b *LogBuilder) { g.addLine(b.String(), b.msg) }

// LogStrs appends a line whose arguments are all strings: format (its
// message id) with %s verbs and %% only, each %s taking the next of args.
// Unlike Logf it boxes nothing: the line is its only allocation.
func (g *Game) LogStrs(format string, args ...string) {
	l := NewLogBuilder(format)
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
// g.Log: a line appended to Log directly (without a message) gets none.
func (g *Game) addLine(line string, m draftMsg) {
	if len(g.msgs) < len(g.Log) {
		g.msgs = append(g.msgs, make([]lineMsg, len(g.Log)-len(g.msgs))...)
	}
	g.msgs = g.msgs[:len(g.Log)]
	if len(g.msgs) == cap(g.msgs) && cap(g.Log) > len(g.Log) {
		// grow as the log does (its capacity is set by the title)
		g.msgs = append(make([]lineMsg, 0, cap(g.Log)), g.msgs...)
	}
	g.Log = append(g.Log, line)
	g.msgs = append(g.msgs, lineMsg{id: g.idOf(m.id), argSpans: m.argSpans})
}

// LogMessages returns the message of each line of LogLines, in the same
// order (the zero Message for a line written without one).
func (g *Game) LogMessages() []Message { return g.LogMessagesFrom(0) }

// LogMessagesFrom is LogMessages of the lines from the first from on (a
// page that holds the earlier ones asks only for the new).
func (g *Game) LogMessagesFrom(from int) []Message {
	lines := g.LogLines()
	msgs := g.allMsgs()
	from = min(max(from, 0), len(lines))
	out := make([]Message, len(lines)-from)
	for i := from; i < len(lines); i++ {
		if i < len(msgs) {
			out[i-from] = msgs[i].message(g.idName(msgs[i].id), lines[i])
		}
	}
	return out
}

// allMsgs is the messages of every line, archived ones first.
func (g *Game) allMsgs() []lineMsg {
	live := g.msgs
	if len(live) > len(g.Log) {
		live = live[:len(g.Log)]
	}
	if g.archived == 0 {
		return live
	}
	_, msgs := g.archivedLog()
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
