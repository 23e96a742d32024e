package i18n_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"tresham/compat/g18xx"
	"tresham/engine"
	"tresham/internal/fixtures"
	"tresham/replay"
	"tresham/titles"
	"tresham/titles/title"
	"tresham/ui"
	"tresham/ui/i18n"
)

func french(t *testing.T) *i18n.Catalog {
	t.Helper()
	f, err := ui.FS().Open("i18n/fr.po")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := i18n.Load(f)
	if err != nil {
		t.Fatal(err)
	}
	if c.Lang != "fr" {
		t.Fatalf("Language %q, want fr", c.Lang)
	}
	return c
}

// english is a catalogue with no translations: it renders messages as
// the engine writes them.
func english(t *testing.T) *i18n.Catalog {
	t.Helper()
	c, err := i18n.Load(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// site is a message the Go source writes, found by extract.
type site struct {
	format string
	pos    string
}

// extract finds, in the non-test Go files under dirs, the formats of the
// log lines (the ids given to Logf, LogStrs and NewLogBuilder, a variable
// standing for the string constants assigned to it in the file; appends
// to a game's Log, with a string concatenation read as a format:
// strconv.Itoa(x) as %d, anything else as %s) and of the refusals (Refuse
// and RefuseAs).
func extract(t *testing.T, dirs ...string) (logs, refusals []site) {
	t.Helper()
	fset := token.NewFileSet()
	for _, dir := range dirs {
		err := filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			// the string constants assigned to each variable of the file
			// (a message id chosen among several: id = "...")
			consts := map[string][]string{}
			ast.Inspect(f, func(n ast.Node) bool {
				as, ok := n.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != len(as.Rhs) {
					return true
				}
				for i, l := range as.Lhs {
					id, ok := l.(*ast.Ident)
					lit, isLit := as.Rhs[i].(*ast.BasicLit)
					if ok && isLit && lit.Kind == token.STRING {
						consts[id.Name] = append(consts[id.Name], format(lit))
					}
				}
				return true
			})
			eachCall(f, func(name string, call *ast.CallExpr) bool {
				pos := fset.Position(call.Pos()).String()
				switch name {
				case "Logf", "LogStrs", "NewLogBuilder":
					if len(call.Args) == 0 {
						break
					}
					if id, ok := call.Args[0].(*ast.Ident); ok && len(consts[id.Name]) > 0 {
						for _, c := range consts[id.Name] {
							logs = append(logs, site{c, pos})
						}
						break
					}
					logs = append(logs, site{format(call.Args[0]), pos})
				case "append":
					if len(call.Args) == 2 {
						if sel, ok := call.Args[0].(*ast.SelectorExpr); ok && sel.Sel.Name == "Log" {
							logs = append(logs, site{format(call.Args[1]), pos})
						}
					}
				case "Refuse", "RefuseAs":
					for _, a := range call.Args {
						if lit, ok := a.(*ast.BasicLit); ok && lit.Kind == token.STRING {
							refusals = append(refusals, site{format(lit), pos})
							break
						}
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return logs, refusals
}

// format reads a message's format from an expression: a string literal,
// or a concatenation of literals and values.
func format(e ast.Expr) string {
	switch v := e.(type) {
	case *ast.BasicLit:
		if v.Kind == token.STRING {
			s, _ := strconv.Unquote(v.Value)
			return s
		}
	case *ast.BinaryExpr:
		if v.Op == token.ADD {
			return concat(v.X) + concat(v.Y)
		}
	case *ast.CallExpr:
		if sel, ok := v.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Itoa" {
			return "%d"
		}
	case *ast.ParenExpr:
		return format(v.X)
	}
	return "%s"
}

// concat reads one operand of a concatenation: a literal's percent signs
// are written %% as in a format.
func concat(e ast.Expr) string {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		return strings.ReplaceAll(format(lit), "%", "%%")
	}
	return format(e)
}

// TestEveryLogMessageInFrench checks that every log line the engine and
// the titles write has its French text, with the same arguments.
func TestEveryLogMessageInFrench(t *testing.T) {
	fr := french(t)
	logs, _ := extract(t, "engine", "titles")
	if len(logs) < 50 {
		t.Fatalf("found only %d log sites: is the extraction broken?", len(logs))
	}
	ids := map[string]bool{}
	for _, s := range logs {
		if s.format == "%s" {
			continue // Logf and logLine themselves
		}
		ids[s.format] = true
		if !strings.Contains(s.format, "%") {
			// a line with no argument may be a template's instance
			if m, ok := fr.Decode(s.format); ok && fr.Render(m) != s.format {
				continue
			}
		}
		e, ok := fr.Entry("", s.format)
		if !ok || len(e.Str) == 0 || e.Str[0] == "" {
			t.Errorf("%s: log message %q has no French text", s.pos, s.format)
			continue
		}
		checkVerbs(t, e)
	}
	t.Logf("%d log sites, %d message ids, all in French", len(logs), len(ids))
}

// TestRefusalsInFrench checks that every refusal the engine and titles
// write with Refuse or RefuseAs has its French text, with the same
// arguments (a bare "%s" or "%v" passes a message made elsewhere on).
func TestRefusalsInFrench(t *testing.T) {
	fr := french(t)
	_, refusals := extract(t, "engine", "titles", "replay")
	ids := map[string]bool{}
	done := 0
	for _, s := range refusals {
		if ids[s.format] || s.format == "%s" || s.format == "%v" {
			continue
		}
		ids[s.format] = true
		if e, ok := fr.Entry("", s.format); ok && len(e.Str) > 0 && e.Str[0] != "" {
			done++
			checkVerbs(t, e)
			continue
		}
		t.Errorf("%s: refusal %q has no French text", s.pos, s.format)
	}
	t.Logf("refusals: %d of %d message ids in French", done, len(ids))
}

// checkVerbs fails when a translation does not take the arguments of its
// English text (each in its place's kind: %d a number, %s, %v).
func checkVerbs(t *testing.T, e *i18n.Entry) {
	t.Helper()
	if !e.Format() {
		if strings.Contains(e.ID, "%") && strings.Count(e.ID, "%") != strings.Count(e.Str[0], "%") {
			t.Errorf("%q is plain text (no c-format flag) but its translation %q has other percent signs", e.ID, e.Str[0])
		}
		return
	}
	want, err := i18n.Verbs(e.ID)
	if err != nil {
		t.Errorf("%q: %v", e.ID, err)
		return
	}
	for i, s := range e.Str {
		got, err := i18n.Verbs(s)
		if err != nil {
			t.Errorf("%q form %d: %v", e.ID, i, err)
			continue
		}
		if got != want {
			t.Errorf("%q form %d %q takes arguments %q, the English %q", e.ID, i, s, got, want)
		}
	}
}

// TestCatalogueArguments checks every translated entry of the catalogue
// takes its English text's arguments.
func TestCatalogueArguments(t *testing.T) {
	for _, e := range french(t).Entries() {
		checkVerbs(t, e)
		// gettext's msgfmt --check-format refuses Go's %[n]s in a
		// c-format entry: such an entry is flagged go-format instead
		reorders := strings.Contains(e.ID, "%[") || slices.ContainsFunc(e.Str, func(s string) bool { return strings.Contains(s, "%[") })
		if reorders && slices.Contains(e.Flags, "c-format") {
			t.Errorf("%q reorders its arguments (%%[n]) but is flagged c-format, which msgfmt refuses: flag it go-format", e.ID)
		}
	}
}

// englishVerbs are words of the log that no company, place or player name
// holds: a French line with one of them was left partly in English.
var englishVerbs = []string{"buys", "sells", "receives", "pays", "runs", "withholds", "passes", "lays", "places", "operates", "floats", "becomes", "train for", "share of"}

// TestFixtureLogsDecode replays real and synthetic games of both titles:
// every log line must be recognised as a catalogue message whose English
// rendering is the line itself, byte for byte, and which reads differently
// in French (so no line of the log is left in English).
func TestFixtureLogsDecode(t *testing.T) {
	fr, en := french(t), english(t)
	names := fixtureGames(t)
	lines := map[string]bool{}
	for _, name := range names {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, _, err := replay.Run(src, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, l := range replay.Engine(g).LogLines() {
			lines[l] = true
		}
	}
	var missing []string
	same := 0
	for l := range lines {
		m, ok := fr.Decode(l)
		if !ok {
			missing = append(missing, l)
			continue
		}
		if got := en.Render(m); got != l {
			t.Errorf("%q decodes as %q %q, which reads back as %q", l, m.ID, m.Args, got)
		}
		f := fr.Render(m)
		if f == l {
			same++
		}
		for _, w := range englishVerbs {
			if strings.Contains(" "+f+" ", " "+w+" ") {
				t.Errorf("%q reads %q in French: %q is English", l, f, w)
				break
			}
		}
	}
	sort.Strings(missing)
	for _, l := range missing {
		t.Errorf("log line %q matches no message of the catalogue", l)
	}
	t.Logf("%d games, %d distinct log lines, %d not recognised, %d read the same in French", len(names), len(lines), len(missing), same)
}

// TestFixtureLogMessages replays real and synthetic games of both titles
// and checks the message the engine keeps beside each log line: every
// line has one, its id has its French text, its English rendering is the
// line byte for byte, and its French rendering holds no English verb.
func TestFixtureLogMessages(t *testing.T) {
	fr, en := french(t), english(t)
	names := fixtureGames(t)
	ids := map[string]int{}
	total := 0
	for _, name := range names {
		src, err := g18xx.DecodeBytes(fixtures.MustRead(t, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, _, err := replay.Run(src, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		eg := replay.Engine(g)
		lines, msgs := eg.LogLines(), eg.LogMessages()
		if len(msgs) != len(lines) {
			t.Fatalf("%s: %d messages for %d lines", name, len(msgs), len(lines))
		}
		for i, l := range lines {
			total++
			m := i18n.Message{ID: msgs[i].ID, Args: msgs[i].Args}
			if m.ID == "" {
				t.Errorf("%s: line %d %q has no message", name, i, l)
				continue
			}
			if ids[m.ID]++; ids[m.ID] == 1 {
				if e, ok := fr.Entry("", m.ID); !ok || len(e.Str) == 0 || e.Str[0] == "" {
					t.Errorf("%s: message id %q (line %q) has no French text", name, m.ID, l)
				}
			}
			if got := en.Render(m); got != l {
				t.Errorf("%s: line %d %q: message %q %q renders %q in English", name, i, l, m.ID, m.Args, got)
			}
			f := fr.Render(m)
			for _, w := range englishVerbs {
				if strings.Contains(" "+f+" ", " "+w+" ") {
					t.Errorf("%s: %q reads %q in French: %q is English", name, l, f, w)
					break
				}
			}
		}
	}
	t.Logf("%d games, %d log lines, all with a message; %d message ids", len(names), total, len(ids))
}

// fixtureGames lists the games the log tests replay: four real ones and
// the synthetic games of both titles.
func fixtureGames(t *testing.T) []string {
	t.Helper()
	names := []string{"1860/19354.json", "1825/141331.json", "1860/1860_game_end_bank.json", "1825/1825_game_end_bank.json"}
	for _, pat := range []string{"synthetic/1860/*.json", "synthetic/1825/*.json"} {
		more, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, more...)
	}
	return names
}

// TestRefusalReadsInFrench checks a refusal as the engine words it, with
// its reason wrapped in turn, reads in French.
func TestRefusalReadsInFrench(t *testing.T) {
	fr := french(t)
	a := &engine.Action{ID: 12, Type: "pass"}
	inner := engine.Refuse(a, "%s cannot pass: %v", "LSWR", "LSWR must run a route")
	cases := []struct{ in, want string }{
		{inner.Error(), "action 12 (pass) refusée : LSWR ne peut pas passer : LSWR doit faire rouler un itinéraire"},
		{engine.Refuse(a, "it is %s's turn, not %s's", "Amélie", "Bob").Error(), "action 12 (pass) refusée : c'est le tour de Amélie, pas celui de Bob"},
		{engine.Refuse(a, "no train %q for sale", "3+2-1").Error(), `action 12 (pass) refusée : aucun train "3+2-1" à vendre`},
		{"illegal action: route 1 (2+2): a route must have at least 2 stops", "coup refusé : itinéraire 1 (2+2) : un itinéraire doit avoir au moins 2 arrêts"},
		{"illegal action: t1860: cannot lay a city tile now", "coup refusé : impossible de poser une tuile de ville maintenant"},
	}
	for _, c := range cases {
		if got := fr.Translate(c.in); got != c.want {
			t.Errorf("%q reads\n %q, want\n %q", c.in, got, c.want)
		}
	}
}

// TestPlural checks the plural form is chosen by the count, by the
// catalogue's Plural-Forms (French: one for 0 and 1).
func TestPlural(t *testing.T) {
	fr := french(t)
	for n, want := range map[string]string{
		"1": "Amélie vend 1 action de LSWR et reçoit £70",
		"0": "Amélie vend 0 action de LSWR et reçoit £0",
		"3": "Amélie vend 3 actions de LSWR et reçoit £210",
	} {
		money := map[string]string{"1": "70", "0": "0", "3": "210"}[n]
		in := "Amélie sells " + n + " shares of LSWR and receives £" + money
		if got := fr.Translate(in); got != want {
			t.Errorf("%q reads %q, want %q", in, got, want)
		}
	}
}

// TestReorder checks a translation may put the arguments in another order.
func TestReorder(t *testing.T) {
	if got := french(t).Translate("LNWR's 2 train returns to the bank (rule 6.3.4)"); got != "Le train 2 de LNWR retourne à la banque (règle 6.3.4)" {
		t.Errorf("got %q", got)
	}
}

// reasonFiles hold the reasons a rule function or the engine gives as an
// error (not through Refuse) that a refusal then wraps and the page shows:
// the share names of a sale, a run's routes, 1825's track and Surveyor
// rules, 1860's tile-lay rules.
var reasonFiles = []string{
	"engine/game.go", "engine/step/run.go",
	"titles/t1825/reach.go", "titles/t1825/routes.go", "titles/t1825/surveyors.go",
	"titles/t1860/map_rules.go", "titles/t1860/routes.go", "titles/t1860/routecheck.go",
	"titles/title/resolve.go", "titles/title/stated.go",
}

// TestReasonsInFrench checks every reason of reasonFiles (the formats of
// errors.New, fmt.Errorf, a run's fail and SharedTrack) has its French
// text, with the same arguments; formats that only wrap another error
// ("%s: %w") pass it on and are left out.
func TestReasonsInFrench(t *testing.T) {
	fr := french(t)
	fset := token.NewFileSet()
	n := 0
	for _, name := range reasonFiles {
		f, err := parser.ParseFile(fset, filepath.Join("..", "..", name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		eachCall(f, func(fn string, call *ast.CallExpr) bool {
			var lit *ast.BasicLit
			for _, a := range call.Args {
				if l, ok := a.(*ast.BasicLit); ok && l.Kind == token.STRING {
					lit = l
					break
				}
			}
			if lit == nil || (fn != "New" && fn != "Errorf" && fn != "fail" && fn != "SharedTrack") {
				return true
			}
			id := format(lit)
			if wrapper(id) {
				return true
			}
			n++
			e, ok := fr.Entry("", id)
			if !ok || len(e.Str) == 0 || e.Str[0] == "" {
				t.Errorf("%s: reason %q has no French text", fset.Position(lit.Pos()), id)
				return true
			}
			checkVerbs(t, e)
			return true
		})
	}
	if n < 30 {
		t.Fatalf("found only %d reasons: is the extraction broken?", n)
	}
	t.Logf("%d reasons, all in French", n)
}

// wrapper reports whether a format only passes other messages on: no
// word of its own outside a prefix naming the title or the place ("t1860:
// %s: %w", "%v").
func wrapper(id string) bool {
	rest := id
	for _, p := range []string{"t1860: ", "t1825: ", "1860: ", "1825: "} {
		rest = strings.TrimPrefix(rest, p)
	}
	for _, v := range []string{"%s", "%v", "%w", ":", " "} {
		rest = strings.ReplaceAll(rest, v, "")
	}
	return rest == ""
}

// TestReviewMovesInFrench checks that every description of a move the
// game review writes (review/describe.go: the ids given to say, or picked
// by either between a buy and a sale) has its French text. "buy %s" and
// "sell %s" (share ids the engine does not know) are left out: a verb
// and a bare name would claim any text that starts with the verb.
func TestReviewMovesInFrench(t *testing.T) {
	fr := french(t)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.Join("..", "..", "review", "describe.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	ast.Inspect(f, func(node ast.Node) bool {
		call, ok := node.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, ok := call.Fun.(*ast.Ident)
		if !ok || (fn.Name != "say" && fn.Name != "either") {
			return true
		}
		for i, a := range call.Args {
			lit, ok := a.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || (fn.Name == "say" && i > 0) {
				continue
			}
			id := format(lit)
			if id == "buy %s" || id == "sell %s" {
				continue
			}
			n++
			e, ok := fr.Entry("", id)
			if !ok || len(e.Str) == 0 || e.Str[0] == "" {
				t.Errorf("%s: move description %q has no French text", fset.Position(lit.Pos()), id)
				continue
			}
			checkVerbs(t, e)
		}
		return true
	})
	if n < 15 {
		t.Fatalf("found only %d move descriptions: is the extraction broken?", n)
	}
	t.Logf("%d move descriptions of the review, all in French", n)
}

// TestServerErrorsInFrench checks that every error format of the server
// (server/*.go: the formats given to errorf and writeError, which a
// player may see on the page: bad input, limits, sign-in, imports) has
// its French text, with the same arguments. Formats that only pass
// another message on ("%s: %v") are left out, and so would be formats
// with a verb the catalogue does not read (such as %.80q or %04X: the
// server gives those values as strings instead, so none is left).
func TestServerErrorsInFrench(t *testing.T) {
	fr := french(t)
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join("..", "..", "server", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	skipped := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			call, ok := node.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := call.Fun.(*ast.Ident)
			if !ok {
				return true
			}
			at := map[string]int{"errorf": 1, "writeError": 2}[fn.Name]
			if at == 0 || len(call.Args) <= at {
				return true
			}
			lit, ok := call.Args[at].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id := format(lit)
			if ids[id] || wrapper(id) {
				return true
			}
			ids[id] = true
			if _, err := i18n.Verbs(id); err != nil || strings.Contains(id, "%.") || strings.Contains(id, "%0") {
				skipped++
				t.Logf("%s: %q stays in English (a verb the catalogue does not read)", fset.Position(lit.Pos()), id)
				return true
			}
			e, ok := fr.Entry("", id)
			if !ok || len(e.Str) == 0 || e.Str[0] == "" {
				t.Errorf("%s: server error %q has no French text", fset.Position(lit.Pos()), id)
				return true
			}
			checkVerbs(t, e)
			return true
		})
	}
	if len(ids) < 100 {
		t.Fatalf("found only %d server error formats: is the extraction broken?", len(ids))
	}
	t.Logf("%d server error formats, %d in French, %d left in English", len(ids), len(ids)-skipped, skipped)
}

// TestDatedRefusalReadsInFrench checks that an import's refusal worded
// with the rules of the day (replay.DatedRefusal, inside the server's
// "does not replay" error) reads in French.
func TestDatedRefusalReadsInFrench(t *testing.T) {
	fr := french(t)
	a := &engine.Action{ID: 12, Type: "pass"}
	inner := engine.Refuse(a, "it is %s's turn, not %s's", "Amélie", "Bob")
	day := title.RulesOf(time.Date(2023, 12, 26, 0, 0, 0, 0, time.UTC))
	cases := []struct {
		err  *replay.DatedRefusal
		want string
	}{
		{&replay.DatedRefusal{Err: inner, Rules: day},
			"action 12 (pass) refusée : c'est le tour de Amélie, pas celui de Bob (rejouée selon les règles de 18xx.games du 2023-12-26)"},
		{&replay.DatedRefusal{Err: inner, Tried: []title.Rules{day}},
			"action 12 (pass) refusée : c'est le tour de Amélie, pas celui de Bob (rejouée selon les règles de 18xx.games du jour ; elle ne se rejoue pas non plus selon les règles du 2023-12-26)"},
		{&replay.DatedRefusal{Err: inner, Rules: day, Pin: "abc123"},
			`action 12 (pass) refusée : c'est le tour de Amélie, pas celui de Bob (rejouée selon les règles de 18xx.games du 2023-12-26) ; 18xx.games a figé cette partie sur sa version de code "abc123", que Tresham ne sait pas dater : elle se rejoue selon les règles du jour de sa création`},
	}
	// a change whose earlier rule accepts the move names that rule, in
	// French too: every dated change's earlier rule has its French text
	for _, name := range []string{"1860", "1825"} {
		d, ok := titles.Lookup(name)
		if !ok {
			t.Fatalf("no title %s", name)
		}
		for _, ch := range d.Changes {
			if e, ok := fr.Entry("", ch.Before); !ok || len(e.Str) == 0 || e.Str[0] == "" {
				t.Errorf("%s: the earlier rule %q has no French text", ch.Name, ch.Before)
			}
		}
	}
	if d, _ := titles.Lookup("1860"); len(d.Changes) > 0 {
		ch := d.Changes[0]
		fb, _ := fr.Entry("", ch.Before)
		cases = append(cases, struct {
			err  *replay.DatedRefusal
			want string
		}{&replay.DatedRefusal{Err: inner, Rules: day, Explained: &ch},
			"action 12 (pass) refusée : c'est le tour de Amélie, pas celui de Bob (rejouée selon les règles de 18xx.games du 2023-12-26) ; 18xx.games acceptait ce coup avant le " + ch.Since + ", selon sa règle d'alors : " + fb.Str[0] + " (" + ch.Name + " : " + ch.Source + ") ; la partie a pu être figée sur ce code"})
	}
	for _, c := range cases {
		in := "action id 12 (pass) does not replay: " + c.err.Error()
		want := "l'action id 12 (pass) ne se rejoue pas : " + c.want
		if got := fr.Translate(in); got != want {
			t.Errorf("%q reads\n %q, want\n %q", in, got, want)
		}
	}
}

// eachCall calls visit with every call in f and the called function's
// name (f's or x.f's); visit answers whether to look inside the call.
func eachCall(f *ast.File, visit func(name string, call *ast.CallExpr) bool) {
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		name := ""
		switch fn := call.Fun.(type) {
		case *ast.SelectorExpr:
			name = fn.Sel.Name
		case *ast.Ident:
			name = fn.Name
		}
		return visit(name, call)
	})
}
