package i18n_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pageCall finds a message the page builds from a literal format: t(id,
// …), msg(id, …), msgn(id, plural, …), tc(ctx, id, …), msgc(ctx, id, …)
// (ui/static/i18n.js). The strings are JavaScript literals in single or
// double quotes.
var pageCall = regexp.MustCompile(`\b(t|msg|msgn|tc|msgc)\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")(?:\s*,\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"))?`)

// jsString is the value of a JavaScript string literal in quotes.
func jsString(lit string) string {
	body := lit[1 : len(lit)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) {
			i++
			switch body[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(body[i])
			}
			continue
		}
		b.WriteByte(body[i])
	}
	return b.String()
}

// TestPageMessagesInFrench checks that every message the page writes from
// a literal format (the Legal list's move labels, the price moves of a
// sale or a dividend, the review's and the coach's sentences: t, tc, msg,
// msgc, msgn in ui/static/*.js) has its French text with the English
// text's arguments, and that a message given an English plural has
// French plural forms.
func TestPageMessagesInFrench(t *testing.T) {
	fr := french(t)
	files, err := filepath.Glob(filepath.Join("..", "static", "*.js"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	seen := map[string]bool{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Base(f) == "i18n.js" {
			continue // the functions themselves
		}
		for _, m := range pageCall.FindAllStringSubmatchIndex(string(src), -1) {
			fn := string(src[m[2]:m[3]])
			ctx, id, plural := "", jsString(string(src[m[4]:m[5]])), ""
			second := ""
			if m[6] >= 0 {
				second = jsString(string(src[m[6]:m[7]]))
			}
			switch fn {
			case "tc", "msgc":
				if second == "" {
					continue // the format is not a literal
				}
				ctx, id = id, second
			case "msgn":
				plural = second
			}
			line := 1 + strings.Count(string(src[:m[0]]), "\n")
			where := filepath.Base(f) + ":" + itoa(line)
			if seen[ctx+"\x04"+id] {
				continue
			}
			seen[ctx+"\x04"+id] = true
			n++
			e, ok := fr.Entry(ctx, id)
			if !ok || len(e.Str) == 0 || e.Str[0] == "" || e.Fuzzy() {
				t.Errorf("%s: %s(%q) has no French text", where, fn, id)
				continue
			}
			if plural != "" && (e.Plural != plural || len(e.Str) < 2 || e.Str[1] == "") {
				t.Errorf("%s: %q: plural %q wants French plural forms (entry's plural %q, %d forms)", where, id, plural, e.Plural, len(e.Str))
			}
			if strings.Contains(id, "%") && !e.Format() {
				t.Errorf("%s: %q holds arguments but its entry is not flagged c-format", where, id)
			}
			checkVerbs(t, e)
		}
	}
	if n < 100 {
		t.Fatalf("found only %d page messages: is the extraction broken?", n)
	}
	t.Logf("%d messages the page builds, all in French", n)
}

func itoa(n int) string {
	s := ""
	for ; n > 0 || s == ""; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// TestServerWordsInFrench reads in French the server's errors that once
// had verbs the catalogue could not read (a code point, an option cut at
// 80 characters: now given as strings), a dated refusal's list of later
// changes and a bot's level in a consent refusal.
func TestServerWordsInFrench(t *testing.T) {
	fr := french(t)
	for in, want := range map[string]string{
		`name "a\ab" contains the control character U+0007 at character 2`:                                  `le nom "a\ab" contient le caractère de contrôle U+0007 au caractère 2`,
		`description contains the bidirectional formatting character U+202E at character 9`:                 `la description contient le caractère de mise en forme bidirectionnelle U+202E au caractère 9`,
		`name "a\u00a0b" contains the space U+00A0: use plain single spaces`:                                `le nom "a\u00a0b" contient l'espace U+00A0 : n'utilisez que des espaces simples`,
		`options: unknown option "nonsense" (the options of 1860: [two_player_map printed_rules])`:          `options : option inconnue "nonsense" (les options de 1860 : [two_player_map printed_rules])`,
		`the director of the selling company (Bot 2, a hard bot) does not agree to sell train 3-1 for £200`: `le directeur de la société vendeuse (Bot 2, un robot difficile) refuse de vendre le train 3-1 pour £200`,
	} {
		if got := fr.Translate(in); got != want {
			t.Errorf("%q reads\n %q, want\n %q", in, got, want)
		}
	}
}
