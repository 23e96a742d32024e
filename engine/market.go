package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// CellType is a stock-market cell's special meaning.
type CellType uint8

// Stock-market cell types (the letters of the published market charts).
const (
	CellNormal        CellType = iota
	CellPar                    // p: a par value
	CellEndgame                // e: reaching it ends the game
	CellClose                  // c: the corporation goes bankrupt / closes
	CellRepar                  // r: par value after bankruptcy
	CellIgnoreOneSale          // i: the first share sold does not move the price
)

// Cell is one stock-market space.
type Cell struct {
	Price int
	Row   int
	Col   int
	Type  CellType
}

// ID is the 18xx.games cell id "PRICE,ROW,COL".
func (c Cell) ID() string { return fmt.Sprintf("%d,%d,%d", c.Price, c.Row, c.Col) }

// Market is a stock market grid. It is immutable; positions live on corporations.
type Market struct {
	Rows [][]*Cell
	// ZigZag selects 1860's single zig-zag row: a right move is two cells, a down move one.
	ZigZag bool
	// StopShort: a zig-zag move of two cells that would pass an end of
	// the row does not move at all, instead of stopping at the end (as
	// 18xx.games moved 1860 prices from 2023-03-04 to 2023-03-06; t1860
	// dated.go).
	StopShort bool
}

// ParseMarket builds a market from rows of codes such as "100p" or "7i" ("" for no cell).
func ParseMarket(rows [][]string, zigzag bool) (*Market, error) {
	m := &Market{ZigZag: zigzag}
	for r, row := range rows {
		cells := make([]*Cell, len(row))
		for c, code := range row {
			if code == "" {
				continue
			}
			digits := strings.TrimRight(code, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
			price, err := strconv.Atoi(digits)
			if err != nil {
				return nil, fmt.Errorf("market cell %d,%d %q: %w", r, c, code, err)
			}
			cell := &Cell{Price: price, Row: r, Col: c}
			switch strings.TrimPrefix(code, digits) {
			case "":
			case "p":
				cell.Type = CellPar
			case "e":
				cell.Type = CellEndgame
			case "c":
				cell.Type = CellClose
			case "r":
				cell.Type = CellRepar
			case "i":
				cell.Type = CellIgnoreOneSale
			default:
				return nil, fmt.Errorf("market cell %d,%d %q: unknown type", r, c, code)
			}
			cells[c] = cell
		}
		m.Rows = append(m.Rows, cells)
	}
	return m, nil
}

// At returns the cell at row, col or nil.
func (m *Market) At(row, col int) *Cell {
	if row < 0 || row >= len(m.Rows) || col < 0 || col >= len(m.Rows[row]) {
		return nil
	}
	return m.Rows[row][col]
}

// CellByID finds a cell by its "PRICE,ROW,COL" id.
func (m *Market) CellByID(id string) (*Cell, error) {
	parts := strings.Split(id, ",")
	if len(parts) != 3 {
		return nil, fmt.Errorf("share price %q: want PRICE,ROW,COL", id)
	}
	r, err1 := strconv.Atoi(parts[1])
	c, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("share price %q: bad row/column", id)
	}
	cell := m.At(r, c)
	if cell == nil || cell.ID() != id {
		return nil, fmt.Errorf("share price %q: no such market cell", id)
	}
	return cell, nil
}

// Right is the cell a dividend moves a marker to (clamped at the end).
func (m *Market) Right(c *Cell) *Cell {
	if m.ZigZag {
		if m.StopShort && c.Col+2 >= len(m.Rows[c.Row]) {
			return c
		}
		return m.clampCol(c.Row, c.Col+2)
	}
	if n := m.At(c.Row, c.Col+1); n != nil {
		return n
	}
	return c
}

// Left is the cell a withheld dividend moves a marker to (clamped).
func (m *Market) Left(c *Cell) *Cell {
	if m.ZigZag {
		if m.StopShort && c.Col-2 < 0 {
			return c
		}
		return m.clampCol(c.Row, c.Col-2)
	}
	if n := m.At(c.Row, c.Col-1); n != nil {
		return n
	}
	return c
}

// Down is the cell one share sale moves a marker to.
func (m *Market) Down(c *Cell) *Cell {
	if m.ZigZag {
		return m.clampCol(c.Row, c.Col-1)
	}
	if n := m.At(c.Row+1, c.Col); n != nil {
		return n
	}
	return c
}

// Up is the cell a sold-out company moves to.
func (m *Market) Up(c *Cell) *Cell {
	if m.ZigZag {
		return m.clampCol(c.Row, c.Col+1)
	}
	if n := m.At(c.Row-1, c.Col); n != nil {
		return n
	}
	return c
}

func (m *Market) clampCol(row, col int) *Cell {
	cells := m.Rows[row]
	if col < 0 {
		col = 0
	}
	if col >= len(cells) {
		col = len(cells) - 1
	}
	return cells[col]
}

// ParCells lists the par cells in ascending price order.
func (m *Market) ParCells() []*Cell {
	n := 0
	for _, row := range m.Rows {
		for _, c := range row {
			if c != nil && c.Type == CellPar {
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]*Cell, 0, n)
	for _, row := range m.Rows {
		for _, c := range row {
			if c != nil && c.Type == CellPar {
				out = append(out, c)
			}
		}
	}
	sortCells(out)
	return out
}

// CellsOfType lists cells of the given types in ascending price order.
func (m *Market) CellsOfType(types ...CellType) []*Cell {
	var out []*Cell
	for _, row := range m.Rows {
		for _, c := range row {
			if c == nil {
				continue
			}
			for _, t := range types {
				if c.Type == t {
					out = append(out, c)
					break
				}
			}
		}
	}
	sortCells(out)
	return out
}

func sortCells(cs []*Cell) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Price < cs[j-1].Price; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}
