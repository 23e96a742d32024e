package mapview

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"tresham/engine"
)

var cellFill = map[engine.CellType]string{
	engine.CellNormal: "#fff", engine.CellPar: "#c9b3ff", engine.CellEndgame: "#7fd1ff",
	engine.CellClose: "#555", engine.CellRepar: "#ffd27f", engine.CellIgnoreOneSale: "#ffe9a8",
}

// printedBreaks are, for a title whose share price index is one band
// printed in several rows, the prices that end a printed row. 1825 rule
// 6.3: "the SPI is a continuous band although it is shown in three rows for
// convenience. Therefore the next price above £61 is £67 and the next
// above £142 is £160"; the larger index of Unit 2 continues past £340 in a
// fourth row.
var printedBreaks = map[string][]int{"1825": {61, 142, 340}}

// MarketSVG draws the stock market of g: every cell with its price (par
// cells, game-end, closing and other special cells coloured), and each
// corporation's marker on its cell, stacked in arrival order (the first to
// arrive on top, the others below it, as the physical markers pile up).
// Each marker is `<g class="marker" data-corp="SYM" data-order="N">`.
func MarketSVG(g *engine.Game) string {
	const cw, ch = 44.0, 40.0
	m := g.Market
	if m == nil {
		return ""
	}
	// pos is where each cell is drawn: its row and column in the grid, or
	// for a one-row index printed in several rows (1825), its printed place.
	type at2 struct{ r, c int }
	pos := map[*engine.Cell]at2{}
	rows, cols := 0, 0
	breaks := printedBreaks[g.Title]
	for ri, row := range m.Rows {
		r, c := ri, 0
		if len(m.Rows) == 1 && breaks != nil {
			r = 0
		}
		for ci, cell := range row {
			if cell == nil {
				continue
			}
			if !(len(m.Rows) == 1 && breaks != nil) {
				c = ci
			}
			pos[cell] = at2{r, c}
			rows, cols = max(rows, r+1), max(cols, c+1)
			c++
			if len(m.Rows) == 1 && slices.Contains(breaks, cell.Price) {
				r, c = r+1, 0
			}
		}
	}
	type stack struct{ corps []*engine.Corporation }
	at := map[*engine.Cell]*stack{}
	for _, c := range g.Corps {
		if c.Cell == nil || c.Closed {
			continue
		}
		s := at[c.Cell]
		if s == nil {
			s = &stack{}
			at[c.Cell] = s
		}
		s.corps = append(s.corps, c)
	}
	w, h := float64(cols)*cw+2, float64(rows)*ch+2
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" class="market" viewBox="0 0 %s %s" width="%s" height="%s" font-family="sans-serif">`, f(w), f(h), f(w), f(h))
	for _, row := range m.Rows {
		for _, c := range row {
			if c == nil {
				continue
			}
			x, y := 1+float64(pos[c].c)*cw, 1+float64(pos[c].r)*ch
			fmt.Fprintf(&sb, `<g class="cell" data-cell="%s"><rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#888"/><text x="%s" y="%s" font-size="10" fill="%s">%d</text></g>`,
				c.ID(), f(x), f(y), f(cw), f(ch), cellFill[c.Type], f(x+3), f(y+11), map[bool]string{true: "#fff", false: "#000"}[c.Type == engine.CellClose], c.Price)
			s := at[c]
			if s == nil {
				continue
			}
			sort.SliceStable(s.corps, func(i, j int) bool { return g.CellOrder(s.corps[i]) < g.CellOrder(s.corps[j]) })
			// Draw the bottom of the pile first so the first arrival is on top.
			for k := len(s.corps) - 1; k >= 0; k-- {
				co := s.corps[k]
				fill, txt := CorpColor(co.Sym)
				mx, my := x+cw/2+float64(k)*3, y+ch/2+4+float64(k)*4
				fmt.Fprintf(&sb, `<g class="marker" data-corp="%s" data-order="%d"><title>%s (%d. on this price)</title><circle cx="%s" cy="%s" r="11" fill="%s" stroke="#000"/><text x="%s" y="%s" font-size="7" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text></g>`,
					esc(co.Sym), k, esc(co.Sym), k+1, f(mx), f(my), fill, f(mx), f(my), txt, esc(co.Sym))
			}
		}
	}
	sb.WriteString(`</svg>`)
	return sb.String()
}
