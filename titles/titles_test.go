package titles

import (
	"slices"
	"testing"

	"tresham/titles/t1860"
	"tresham/titles/title"
)

func TestLookup(t *testing.T) {
	for _, d := range All() {
		got, ok := Lookup(d.Name)
		if !ok || got.Name != d.Name {
			t.Fatalf("Lookup(%q) = %q, %v", d.Name, got.Name, ok)
		}
		if d.Description == "" || d.MinPlayers < 2 || d.MaxPlayers < d.MinPlayers || d.New == nil {
			t.Errorf("%s: incomplete descriptor %+v", d.Name, d)
		}
		seen := map[string]bool{}
		for _, o := range d.Options {
			if o.Name == "" || o.Description == "" || seen[o.Name] {
				t.Errorf("%s: option %+v empty or listed twice", d.Name, o)
			}
			seen[o.Name] = true
		}
	}
	if _, ok := Lookup("1830"); ok {
		t.Error("Lookup(1830) found a title")
	}
	if !slices.Equal(Names(), []string{"1860", "1825"}) {
		t.Errorf("Names() = %v", Names())
	}
}

// TestFixedTable: a caller changing its copy changes nobody else's.
func TestFixedTable(t *testing.T) {
	d, _ := Lookup("1860")
	d.Options[0].Name = "changed"
	d.MaxPlayers = 99
	again, _ := Lookup("1860")
	if again.Options[0].Name == "changed" || again.MaxPlayers == 99 {
		t.Error("a change to one Lookup result showed in the next")
	}
}

// TestNew sets up a game of each title at every player count and with
// every option (with up to two others) at some player count; a bad option is
// refused naming it.
func TestNew(t *testing.T) {
	for _, d := range All() {
		for n := d.MinPlayers; n <= d.MaxPlayers; n++ {
			g, err := d.New(players(n), nil)
			if err != nil {
				t.Errorf("%s with %d players: %v", d.Name, n, err)
				continue
			}
			if eg := g.Engine(); eg.Title != d.Name || len(eg.Players) != n {
				t.Errorf("%s with %d players: engine has title %q and %d players", d.Name, n, eg.Title, len(eg.Players))
			}
		}
		for _, o := range d.Options {
			// with up to two others (1825's kits need a unit, Kit 2
			// needs Kit 3 too)
			ok := false
			for _, a := range d.Options {
				for _, b := range d.Options {
					for n := d.MinPlayers; n <= d.MaxPlayers && !ok; n++ {
						_, err := d.New(players(n), []string{o.Name, a.Name, b.Name})
						ok = err == nil
					}
				}
			}
			if !ok {
				t.Errorf("%s: option %q is refused at every player count", d.Name, o.Name)
			}
		}
		if g, err := d.New(players(d.MinPlayers), []string{"no_such_option"}); err == nil || g != nil {
			t.Errorf("%s: an unknown option was accepted (or a non-nil game returned with the error)", d.Name)
		}
		if _, err := d.New(players(d.MaxPlayers+1), nil); err == nil {
			t.Errorf("%s: %d players were accepted", d.Name, d.MaxPlayers+1)
		}
	}
}

// TestOptionsListed: 1860's descriptor lists exactly the options its
// constructor knows.
func TestOptionsListed(t *testing.T) {
	d, _ := Lookup("1860")
	var names []string
	for _, o := range d.Options {
		names = append(names, o.Name)
	}
	if !slices.Equal(names, t1860.Options) {
		t.Errorf("descriptor options %v, constructor options %v", names, t1860.Options)
	}
}

func players(n int) []title.Player {
	out := make([]title.Player, n)
	for i := range out {
		out[i] = title.Player{ID: i + 1, Name: string(rune('A' + i))}
	}
	return out
}
