package t1825

import (
	"bufio"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"tresham/compat/g18xx"
	"tresham/internal/fixtures"
)

// fixtureGames lists the 1825 fixture games, real and synthetic.
func fixtureGames(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, pat := range []string{"1825/*.json", "synthetic/1825/*.json"} {
		m, err := fixtures.Games(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no 1825 fixtures")
	}
	return files
}

// traceCorp is the part of a golden-trace corporation the data tests read.
type traceCorp struct {
	Sym            string         `json:"sym"`
	Minor          bool           `json:"minor"`
	Closed         bool           `json:"closed"`
	TokensPlaced   []string       `json:"tokens_placed"`
	TokensUnplaced int            `json:"tokens_unplaced"`
	SharesByOwner  map[string]int `json:"shares_by_owner"`
	ParPrice       *int           `json:"par_price"`
}

type tracePlayer struct {
	ID    int      `json:"id"`
	Cash  int      `json:"cash"`
	Certs []string `json:"certs"`
}

type traceCompany struct {
	Sym     string `json:"sym"`
	Owner   any    `json:"owner"`
	Revenue int    `json:"revenue"`
	Value   int    `json:"value"`
}

// traceLine is the part of a golden-trace line the data tests read.
type traceLine struct {
	ID           int               `json:"id"`
	Type         string            `json:"type"`
	Phase        string            `json:"phase"`
	Tiles        map[string]string `json:"tiles"`
	Corporations []traceCorp       `json:"corporations"`
	Players      []tracePlayer     `json:"players"`
	Companies    []traceCompany    `json:"companies"`
	BankCash     int               `json:"bank_cash"`
	CertLimit    int               `json:"cert_limit"`
	Depot        struct {
		Upcoming [][2]any `json:"upcoming"`
	} `json:"depot"`
	Flags struct {
		BankSize    int      `json:"bank_size"`
		MinorTrains []string `json:"minor_trains"`
	} `json:"flags"`
}

// readTrace reads the golden trace beside a game, or returns nil when the
// game has none.
func readTrace(t *testing.T, game string) []traceLine {
	t.Helper()
	f, err := fixtures.Open(strings.TrimSuffix(game, ".json") + ".trace.jsonl")
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []traceLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var l traceLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("%s: %v", game, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// fixture is a decoded 1825 game with its options and trace.
type fixture struct {
	name  string
	game  *g18xx.Game
	opts  Options
	trace []traceLine
}

func loadFixture(t *testing.T, path string) fixture {
	t.Helper()
	g, err := g18xx.DecodeBytes(fixtures.MustRead(t, path))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if g.Title != "1825" {
		t.Fatalf("%s: title %q", path, g.Title)
	}
	o, err := ParseOptions(g.Settings.OptionalRules, len(g.Players))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return fixture{name: filepath.Base(path), game: g, opts: o, trace: readTrace(t, path)}
}
