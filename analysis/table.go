package analysis

import (
	"encoding/csv"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Tables are the report as spreadsheet tables: players by round, company
// operations, and revenue left on the table.
func (r *Report) Tables() []Table {
	names := map[int]string{}
	for _, p := range r.Players {
		names[p.ID] = p.Name
	}
	players := Table{Name: "players by round", Header: []string{"round", "action", "player", "cash", "certificates", "value", "change"}}
	for _, row := range r.Rounds {
		players.Rows = append(players.Rows, []string{row.Round, itoa(row.Action), names[row.Player], itoa(row.Cash), itoa(row.Certs), itoa(row.Value), signed(row.Delta)})
	}
	ops := Table{Name: "operations", Header: []string{"round", "action", "company", "president", "revenue", "subsidy", "paid", "per share",
		"best revenue", "best revenue+subsidy", "left", "treasury", "trains", "tokens", "price"}}
	for _, o := range r.Operations {
		ops.Rows = append(ops.Rows, []string{o.Round, itoa(o.Action), o.Company, names[o.President], itoa(o.Revenue), itoa(o.Subsidy), o.Paid,
			itoa(o.PerShare), itoa(o.BestRevenue), itoa(o.BestTotal), itoa(o.Left), itoa(o.Treasury), strings.Join(o.Trains, " "), itoa(o.Tokens), itoa(o.Price)})
	}
	left := Table{Name: "revenue left on the table", Header: []string{"who", "left"}}
	for _, sym := range sortedKeys(r.LeftByCompany) {
		left.Rows = append(left.Rows, []string{sym, itoa(r.LeftByCompany[sym])})
	}
	for _, p := range r.Players {
		left.Rows = append(left.Rows, []string{p.Name, itoa(r.LeftByPlayer[strconv.Itoa(p.ID)])})
	}
	spent := Table{Name: "time spent", Header: []string{"player", "total", "stock rounds", "operating rounds", "auction"}}
	for _, p := range r.Players {
		spent.Rows = append(spent.Rows, []string{p.Name, duration(p.TimeSpentS), duration(p.ByRoundS["Stock"]), duration(p.ByRoundS["Operating"]), duration(p.ByRoundS["Auction"])})
	}
	return []Table{players, ops, left, spent}
}

// Table is one spreadsheet table.
type Table struct {
	Name   string
	Header []string
	Rows   [][]string
}

// WriteCSV writes the tables as CSV, each after a "# name" line and
// separated by a blank line.
func WriteCSV(w io.Writer, tables []Table) error {
	for i, t := range tables {
		if i > 0 {
			if _, err := fmt.Fprintln(w); err != nil {
				return err
			}
		}
		if _, err := fmt.Fprintf(w, "# %s\n", t.Name); err != nil {
			return err
		}
		cw := csv.NewWriter(w)
		if err := cw.Write(t.Header); err != nil {
			return err
		}
		if err := cw.WriteAll(t.Rows); err != nil {
			return err
		}
	}
	return nil
}

// WriteText writes the tables aligned in columns.
func WriteText(w io.Writer, tables []Table) error {
	for i, t := range tables {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s\n", strings.ToUpper(t.Name[:1])+t.Name[1:])
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, strings.Join(t.Header, "\t")+"\t")
		for _, row := range t.Rows {
			fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// duration writes seconds as hours and minutes ("12h05m", "3m20s").
func duration(s int64) string {
	switch {
	case s >= 3600:
		return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
	case s >= 60:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%ds", s)
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
