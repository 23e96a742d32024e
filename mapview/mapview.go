// Package mapview draws a title game's board as SVG for the web UI: every
// hex at its board position with its coordinate, the tile on it (printed or
// laid) with its track, cities with token slots and tokens, towns, halts,
// revenues (phase-dependent ones with the current one marked), labels,
// terrain costs, impassable borders and off-board values.
//
// Each hex is an SVG group `<g class="hex" data-hex="ID" data-x="…"
// data-y="…" data-cost="terrain cost">` so the browser can highlight hexes, attach click handlers
// and draw route overlays; cities are `<g class="city" data-city="TILEID-PART">`
// with one `<circle class="slot" data-slot="i">` per token slot.
package mapview

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"tresham/board"
)

// R is the hex radius (centre to corner) in SVG user units.
const R = 50.0

// margin is the space around the hexes.
const margin = 30.0

// Options are the game facts the board alone does not know.
type Options struct {
	// PhaseColors are the tile colours of the current phase (yellow, green,
	// …); the last one with a value picks a phase-dependent revenue.
	PhaseColors []string
	// Homes maps a hex to the corporations whose home token is still to be
	// placed there (drawn faintly in a free slot).
	Homes map[string][]string
	// Highlight lists hexes drawn highlighted (e.g. legal tile lays).
	Highlight []string
}

// Point is a position in SVG user units.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// View is a rendered board.
type View struct {
	SVG    string  `json:"svg"`
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	// Hexes are the hex centres by hex id.
	Hexes map[string]Point `json:"hexes"`
	// Nodes are the stop positions by node signature "HEX-PART".
	Nodes map[string]Point `json:"nodes"`
	// Places describe every hex in words, in drawing order (the text view
	// of the map).
	Places []Place `json:"places"`
	// Market is the stock market chart (MarketSVG); empty from Render.
	Market string `json:"market,omitempty"`
	// Par are the par prices of the market, ascending.
	Par []int `json:"par,omitempty"`
	// Rules are the game's market, phase and train tables; nil from Render.
	Rules *Rules `json:"rules,omitempty"`
	// Run is the run kept on the map (play.LastRun), set by the caller
	// that knows the action log.
	Run any `json:"run,omitempty"`
	// Moved is what the last move changed (play.LastMove), set likewise.
	Moved any `json:"moved,omitempty"`
	// Head is SVG's text before the first hex, HexSVG each hex's group in
	// SVG's order (SVG is Head, the groups and "</svg>"): what an answer
	// of only the hexes that changed is made of. Not in the JSON.
	Head   string   `json:"-"`
	HexSVG []HexSVG `json:"-"`
}

// HexSVG is one hex's drawing: its group of a View's SVG, and with a
// Cache, Key, everything the drawing and the hex's Place read of it (the
// same Key, the same drawing and Place).
type HexSVG struct {
	ID, SVG, Key string
}

// With returns the view with Run and Moved set (nil leaves one out): the
// server's map endpoint adds what it reads from the action log.
func (v View) With(run, moved any) any {
	v.Run, v.Moved = run, moved
	return v
}

// CorpColor returns the fill and text colours of a corporation's tokens
// (the colours of the published games; a fixed palette for unknown symbols).
func CorpColor(sym string) (fill, text string) {
	if c, ok := corpColors[sym]; ok {
		return c[0], c[1]
	}
	h := 0
	for _, r := range sym {
		h = h*31 + int(r)
	}
	p := palette[(h%len(palette)+len(palette))%len(palette)]
	return p, "#fff"
}

var corpColors = map[string][2]string{
	// 1860
	"C&N": {"#00bfff", "#000"}, "IOW": {"#ff0000", "#fff"}, "IWNJ": {"#000000", "#fff"},
	"FYN": {"#008000", "#fff"}, "NGStL": {"#ffff00", "#000"}, "BHI&R": {"#8b008b", "#fff"},
	"S&C": {"#00008b", "#fff"}, "VYSC": {"#9acd32", "#000"},
	// 1825
	"LNWR": {"#000000", "#fff"}, "GWR": {"#004225", "#fff"}, "GER": {"#191970", "#fff"},
	"LSWR": {"#d0f0c0", "#000"}, "SECR": {"#ffef00", "#000"}, "LBSC": {"#ffa500", "#000"},
	"MR": {"#ff0000", "#fff"}, "NER": {"#00ff00", "#000"}, "GCR": {"#89cff0", "#000"},
	"GNR": {"#228c22", "#fff"}, "L&Y": {"#6c0ba9", "#fff"}, "CR": {"#0047ab", "#fff"},
	"NBR": {"#7c4700", "#fff"}, "GSWR": {"#001800", "#ff0"}, "GNoS": {"#299617", "#000"},
	"HR": {"#ffd300", "#000"}, "M&C": {"#00ffef", "#000"}, "Cam": {"#48260d", "#fff"},
	"TV": {"#ffa6c9", "#000"},
}

var palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf"}

var tileFill = map[board.Color]string{
	board.White: "#eae3cf", board.Yellow: "#fde900", board.Green: "#71bf44", board.Brown: "#cb7745",
	board.Gray: "#bcbdc0", board.Blue: "#35a7ff", board.Sepia: "#d4b483", board.Red: "#ec232a",
}

// geometry holds the layout-dependent constants.
type geometry struct {
	layout board.Layout
	minX   float64
	minY   float64
}

// centre returns the centre of the hex with doubled coordinates (x, y).
func (g geometry) centre(x, y int) Point {
	s := math.Sqrt(3) / 2
	if g.layout == board.Flat {
		return Point{float64(x)*1.5*R - g.minX + margin + R, float64(y)*s*R - g.minY + margin + s*R}
	}
	return Point{float64(x)*s*R - g.minX + margin + s*R, float64(y)*1.5*R - g.minY + margin + R}
}

// edgeAngle returns the direction (degrees, SVG y down) of hex side e.
func (g geometry) edgeAngle(e float64) float64 {
	if g.layout == board.Flat {
		return 90 + 60*e
	}
	return 120 + 60*e
}

// cornerAngle returns the direction of corner c (0..5).
func (g geometry) cornerAngle(c int) float64 {
	if g.layout == board.Flat {
		return 60 * float64(c)
	}
	return 30 + 60*float64(c)
}

func polar(deg, r float64) Point {
	a := deg * math.Pi / 180
	return Point{r * math.Cos(a), r * math.Sin(a)}
}

func f(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

// escaper is built once: building a Replacer took a fifth of drawing a board.
var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func esc(s string) string { return escaper.Replace(s) }

// hexDrawing is one hex as drawn: its SVG group, its stops' positions and
// its description.
type hexDrawing struct {
	svg   string
	nodes []nodeAt
	place Place
}

type nodeAt struct {
	sig string
	at  Point
}

// Render draws board b.
func Render(b *board.Board, opt Options) View {
	v := render(b, opt, nil)
	v.JoinSVG()
	return v
}

// JoinSVG sets SVG from Head and HexSVG (a view rendered in parts, whose
// SVG is left empty until asked for).
func (v *View) JoinSVG() {
	n := len(v.Head) + len("</svg>")
	for _, h := range v.HexSVG {
		n += len(h.SVG)
	}
	var sb strings.Builder
	sb.Grow(n)
	sb.WriteString(v.Head)
	for _, h := range v.HexSVG {
		sb.WriteString(h.SVG)
	}
	sb.WriteString(`</svg>`)
	v.SVG = sb.String()
}

// render draws board b in parts (Head and HexSVG; SVG empty: JoinSVG);
// memo, when not nil, answers a hex's drawing kept under key or draws it
// (a hex's drawing depends only on what the key holds).
func render(b *board.Board, opt Options, memo func(key string, draw func() hexDrawing) hexDrawing) View {
	var phase []board.Color
	for _, s := range opt.PhaseColors {
		if c, err := board.ParseColor(s); err == nil {
			phase = append(phase, c)
		}
	}
	g := geometry{layout: b.Layout()}
	ids := b.HexIDs()
	sort.Strings(ids)
	s := math.Sqrt(3) / 2
	first := true
	var maxX, maxY float64
	for _, id := range ids {
		x, y, _ := board.HexXY(g.layout, id)
		var px, py float64
		if g.layout == board.Flat {
			px, py = float64(x)*1.5*R, float64(y)*s*R
		} else {
			px, py = float64(x)*s*R, float64(y)*1.5*R
		}
		if first || px < g.minX {
			g.minX = px
		}
		if first || py < g.minY {
			g.minY = py
		}
		if first || px > maxX {
			maxX = px
		}
		if first || py > maxY {
			maxY = py
		}
		first = false
	}
	var w, h float64
	if g.layout == board.Flat {
		w, h = maxX-g.minX+2*R+2*margin, maxY-g.minY+2*s*R+2*margin
	} else {
		w, h = maxX-g.minX+2*s*R+2*margin, maxY-g.minY+2*R+2*margin
	}
	v := View{Width: math.Ceil(w), Height: math.Ceil(h), Hexes: map[string]Point{}, Nodes: map[string]Point{}}
	high := map[string]bool{}
	for _, id := range opt.Highlight {
		high[id] = true
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 %s %s" width="%s" height="%s" font-family="sans-serif">`, f(v.Width), f(v.Height), f(v.Width), f(v.Height))
	sb.WriteString(`<rect class="map-bg" x="0" y="0" width="100%" height="100%" fill="#f4f1ea"/>`)
	v.Head = sb.String()
	v.HexSVG = make([]HexSVG, 0, len(ids))
	phaseKey := strings.Join(opt.PhaseColors, ",")
	var keyBuf []byte
	for _, id := range ids {
		hv, _ := b.Hex(id)
		x, y, _ := board.HexXY(g.layout, id)
		c := g.centre(x, y)
		v.Hexes[id] = c
		draw := func() hexDrawing {
			var sb strings.Builder
			cls := "hex"
			if high[id] {
				cls += " legal"
			}
			cost := ""
			if n := hv.Tile.Cost(); n > 0 {
				cost = fmt.Sprintf(` data-cost="%d"`, n)
			}
			fmt.Fprintf(&sb, `<g class="%s" data-hex="%s" data-x="%s" data-y="%s"%s transform="translate(%s %s)">`, cls, id, f(c.X), f(c.Y), cost, f(c.X), f(c.Y))
			nodes := map[string]Point{}
			drawHex(&sb, g, b, hv, phase, opt.Homes[id], c, nodes)
			sb.WriteString(`</g>`)
			d := hexDrawing{svg: sb.String(), place: describe(g, b, hv, phase, opt.Homes[id])}
			for sig, p := range nodes {
				d.nodes = append(d.nodes, nodeAt{sig, p})
			}
			return d
		}
		var d hexDrawing
		key := ""
		if memo == nil {
			d = draw()
		} else {
			// everything drawHex and describe read of the hex
			keyBuf = hexKey(keyBuf[:0], g.layout, id, c, b.Location(id), hv, opt.Homes[id], phaseKey, high[id])
			key = string(keyBuf)
			d = memo(key, draw)
		}
		v.HexSVG = append(v.HexSVG, HexSVG{ID: id, SVG: d.svg, Key: key})
		for _, n := range d.nodes {
			v.Nodes[n.sig] = n.at
		}
		v.Places = append(v.Places, d.place)
	}
	return v
}

// hexKey appends to buf everything drawHex and describe read of hex id
// (the Cache's key of its drawing): the layout, the id, the centre, the
// location's name, the tile laid (id, name, colour, code, rotation, and
// whether it is the printed one), the tokens, the homes still to place,
// the phase's colours and the highlight. It is built without fmt: a
// move's board computes a key for every hex.
func hexKey(buf []byte, layout board.Layout, id string, c Point, location string, hv board.HexView, homes []string, phaseKey string, high bool) []byte {
	buf = strconv.AppendInt(buf, int64(layout), 10)
	buf = append(append(buf, '|'), id...)
	buf = append(append(buf, '|'), f(c.X)...)
	buf = append(append(buf, ','), f(c.Y)...)
	buf = append(append(buf, '|'), location...)
	buf = append(append(buf, '|'), hv.TileID...)
	buf = append(append(buf, '|'), hv.Tile.Name...)
	buf = strconv.AppendInt(append(buf, '|'), int64(hv.Tile.Color), 10)
	buf = append(append(buf, '|'), hv.Tile.Code...)
	buf = strconv.AppendInt(append(buf, '|'), int64(hv.Rotation), 10)
	buf = strconv.AppendBool(append(buf, '|'), hv.Tile == hv.Printed)
	buf = append(buf, '|', '[')
	for i, slots := range hv.Tokens {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = appendQuoted(buf, slots)
	}
	buf = append(buf, ']', '|')
	buf = appendQuoted(buf, homes)
	buf = append(append(buf, '|'), phaseKey...)
	return strconv.AppendBool(append(buf, '|'), high)
}

// appendQuoted appends ss as fmt's %q writes a list of strings.
func appendQuoted(buf []byte, ss []string) []byte {
	buf = append(buf, '[')
	for i, s := range ss {
		if i > 0 {
			buf = append(buf, ' ')
		}
		buf = strconv.AppendQuote(buf, s)
	}
	return append(buf, ']')
}

// drawHex draws one hex in hex-local coordinates (centre at 0,0).
func drawHex(sb *strings.Builder, g geometry, b *board.Board, hv board.HexView, phase []board.Color, homes []string, c Point, nodes map[string]Point) {
	t, rot := hv.Tile, hv.Rotation
	var pts []string
	for i := 0; i < 6; i++ {
		p := polar(g.cornerAngle(i), R)
		pts = append(pts, f(p.X)+","+f(p.Y))
	}
	fmt.Fprintf(sb, `<polygon class="hex-shape" points="%s" fill="%s" stroke="#777" stroke-width="1"/>`, strings.Join(pts, " "), tileFill[t.Color])
	apothem := R * math.Sqrt(3) / 2
	edgePt := func(e int) Point { return polar(g.edgeAngle(float64(e)), apothem) }
	// Node positions. A hex of four cities or more (1825's London) draws
	// them smaller on a ring wide enough that none covers another, with
	// their common revenue once at the centre.
	cities := 0
	for _, n := range t.Nodes {
		if n.Kind == board.City {
			cities++
		}
	}
	crowded := cities >= crowdedCities
	cityR := cityRadius
	pos := nodePositions(g, t, rot, apothem)
	if crowded {
		cityR = crowdedCityRadius
		for i, p := range pos {
			if d := math.Hypot(p.X, p.Y); d > 1 && t.Nodes[i].Kind == board.City {
				pos[i] = Point{p.X / d * crowdedRing, p.Y / d * crowdedRing}
			}
		}
	}
	sharedRevenue := crowded && sameFlatRevenue(t.Nodes)
	for i, n := range t.Nodes {
		nodes[hv.ID+"-"+strconv.Itoa(n.Part)] = Point{c.X + pos[i].X, c.Y + pos[i].Y}
	}
	endPt := func(e board.End) Point {
		switch e.Kind {
		case board.EndEdge:
			return edgePt(board.RotateEdge(e.N, rot))
		case board.EndNode:
			return pos[e.N]
		}
		return Point{}
	}
	// Track; data-path is the path's index, by which a route names it.
	for pi, p := range t.Paths {
		a, z := endPt(p.A), endPt(p.B)
		dash := ""
		if p.Track == "narrow" {
			dash = ` stroke-dasharray="6 4"`
		}
		if p.A.Kind == board.EndEdge && p.B.Kind == board.EndEdge {
			fmt.Fprintf(sb, `<path class="track" data-path="%d" d="M%s %sQ0 0 %s %s" fill="none" stroke="#000" stroke-width="8"%s/>`, pi, f(a.X), f(a.Y), f(z.X), f(z.Y), dash)
		} else {
			fmt.Fprintf(sb, `<path class="track" data-path="%d" d="M%s %sL%s %s" fill="none" stroke="#000" stroke-width="8"%s/>`, pi, f(a.X), f(a.Y), f(z.X), f(z.Y), dash)
		}
	}
	// Borders.
	for _, bd := range t.Borders {
		e := board.RotateEdge(bd.Edge, rot)
		a := polar(g.edgeAngle(float64(e))-30, R)
		z := polar(g.edgeAngle(float64(e))+30, R)
		col := "#d00"
		if bd.Type != "impassable" {
			col = "#06c"
		}
		fmt.Fprintf(sb, `<line class="border %s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="6"/>`, esc(bd.Type), f(a.X), f(a.Y), f(z.X), f(z.Y), col)
		if bd.Cost > 0 {
			m := polar(g.edgeAngle(float64(e)), apothem-10)
			fmt.Fprintf(sb, `<text x="%s" y="%s" font-size="10" text-anchor="middle" dominant-baseline="middle">%d</text>`, f(m.X), f(m.Y), bd.Cost)
		}
	}
	// Stops.
	homeLeft := append([]string(nil), homes...)
	var slotsAt []Point // every city slot's centre, to keep revenues off them
	for i, n := range t.Nodes {
		if n.Kind == board.City {
			ns := max(n.Slots, 1)
			for s := 0; s < ns; s++ {
				slotsAt = append(slotsAt, Point{pos[i].X - cityR*float64(ns) + cityR + 2*cityR*float64(s), pos[i].Y})
			}
		}
	}
	for i, n := range t.Nodes {
		p := pos[i]
		switch n.Kind {
		case board.City:
			var slots []string
			if i < len(hv.Tokens) {
				slots = hv.Tokens[i]
			}
			drawCity(sb, hv, n, p, slots, &homeLeft, cityR)
			if !sharedRevenue && (n.Revenue > 0 || n.Phased != nil) {
				drawRevenue(sb, n, phase, revenueSpot(p, cityHalfWidth(n.Slots)+2, 14, slotsAt, cityR, apothem))
			}
		case board.Town, board.Halt:
			if n.Kind == board.Halt {
				fmt.Fprintf(sb, `<rect class="halt" x="%s" y="%s" width="12" height="12" transform="rotate(45 %s %s)" fill="#fff" stroke="#000" stroke-width="2"/>`, f(p.X-6), f(p.Y-6), f(p.X), f(p.Y))
				if n.Symbol != "" {
					fmt.Fprintf(sb, `<text x="%s" y="%s" font-size="8" text-anchor="middle" dominant-baseline="central">%s</text>`, f(p.X), f(p.Y), esc(n.Symbol))
				}
			} else {
				fmt.Fprintf(sb, `<circle class="town" cx="%s" cy="%s" r="6" fill="#000"/>`, f(p.X), f(p.Y))
			}
			if n.Revenue > 0 || n.Phased != nil {
				drawRevenue(sb, n, phase, revenueSpot(p, 10, 12, slotsAt, cityR, apothem))
			}
		case board.Offboard:
			drawRevenue(sb, n, phase, Point{p.X, p.Y})
		}
	}
	if sharedRevenue {
		for _, n := range t.Nodes {
			if n.Kind == board.City {
				drawRevenue(sb, n, phase, Point{})
				break
			}
		}
	}
	// Labels, terrain, names.
	if l := t.Label(); l != "" {
		lp := polar(g.cornerAngle(3)+20, R*0.62)
		if crowded {
			// outside the ring of cities, towards a corner
			lp = polar(g.cornerAngle(3), R*0.74)
		}
		fmt.Fprintf(sb, `<text class="label" x="%s" y="%s" font-size="14" font-weight="bold" text-anchor="middle" dominant-baseline="central">%s</text>`, f(lp.X), f(lp.Y), esc(l))
	}
	for _, u := range t.Upgrades {
		up := polar(g.cornerAngle(0)-10, R*0.55)
		terrain := strings.Join(u.Terrains, "/")
		shape := fmt.Sprintf(`<polygon points="%s,%s %s,%s %s,%s" fill="#b58b4c" stroke="#000"/>`, f(up.X-9), f(up.Y+4), f(up.X+9), f(up.Y+4), f(up.X), f(up.Y-12))
		if terrain == "water" {
			shape = fmt.Sprintf(`<rect x="%s" y="%s" width="20" height="10" rx="3" fill="#5ac8fa" stroke="#000"/>`, f(up.X-10), f(up.Y-6))
		}
		fmt.Fprintf(sb, `<g class="terrain" data-terrain="%s">%s<text x="%s" y="%s" font-size="10" text-anchor="middle">%d</text></g>`, esc(terrain), shape, f(up.X), f(up.Y+15), u.Cost)
	}
	if hv.TileID != "" && hv.Tile != hv.Printed {
		tp := polar(g.cornerAngle(1)-15, R*0.72)
		fmt.Fprintf(sb, `<text class="tile-name" x="%s" y="%s" font-size="8" text-anchor="middle">%s</text>`, f(tp.X), f(tp.Y), esc(t.Name))
	}
	if loc := b.Location(hv.ID); loc != "" {
		// a long name on two lines, each inside the hex (the hexes drawn
		// after this one would cover what passes its edge)
		lines := locationLines(loc)
		size, step := locationFont, locationLineHeight
		if len(lines) > 2 {
			size, step = locationFont-1, locationLineHeight-1
		}
		ly := apothem - 5 - step*float64(len(lines)-1)
		fmt.Fprintf(sb, `<text class="location" x="0" y="%s" font-size="%s" text-anchor="middle" fill="#111" paint-order="stroke" stroke="#fff" stroke-width="2">`, f(ly), f(size))
		if len(lines) == 1 {
			sb.WriteString(esc(loc))
		} else {
			for i, l := range lines {
				dy := "0"
				if i > 0 {
					dy = f(step)
				}
				fmt.Fprintf(sb, `<tspan x="0" dy="%s">%s</tspan>`, dy, esc(l))
			}
		}
		sb.WriteString(`</text>`)
	}
	// The coordinate sits clear of the track: left of the top side's
	// midpoint on flat maps, under the top corner on pointy ones.
	cx, cy := -R*0.4, -apothem+10
	if g.layout == board.Pointy {
		cx, cy = 0, -R+16
	}
	fmt.Fprintf(sb, `<text class="coord" x="%s" y="%s" font-size="9" text-anchor="middle" fill="#333" paint-order="stroke" stroke="#fff" stroke-width="2">%s</text>`, f(cx), f(cy), hv.ID)
}

// nodePositions places the stops of a tile: the only stop at the centre,
// otherwise each towards its loc or the mean direction of its exits.
func nodePositions(g geometry, t *board.TileDef, rot int, apothem float64) []Point {
	pos := make([]Point, len(t.Nodes))
	if len(t.Nodes) == 1 && (t.Nodes[0].Loc == "" || t.Nodes[0].Loc == "center") {
		if t.Nodes[0].Kind == board.Offboard {
			return pos
		}
		return pos
	}
	for i, n := range t.Nodes {
		if n.Loc == "center" {
			continue
		}
		if n.Loc != "" {
			if l, err := strconv.ParseFloat(n.Loc, 64); err == nil {
				pos[i] = polar(g.edgeAngle(l+float64(rot)), apothem*0.55)
				continue
			}
		}
		var sx, sy float64
		k := 0
		ex := t.NodeExits(i, rot)
		for e := 0; e < 6; e++ {
			if ex&(1<<e) != 0 {
				p := polar(g.edgeAngle(float64(e)), 1)
				sx, sy = sx+p.X, sy+p.Y
				k++
			}
		}
		if k == 0 || math.Hypot(sx, sy) < 0.3 {
			// No exits or straight through: spread around the centre.
			if len(t.Nodes) > 1 {
				pos[i] = polar(g.edgeAngle(float64(3*i)), apothem*0.4)
			}
			continue
		}
		d := math.Hypot(sx, sy)
		pos[i] = Point{sx / d * apothem * 0.5, sy / d * apothem * 0.5}
	}
	return pos
}

const (
	// cityRadius is a token slot's radius.
	cityRadius = 12.0
	// crowdedCities is the number of cities from which a hex draws them
	// smaller on a ring (crowdedCityRadius, crowdedRing from the centre).
	crowdedCities     = 4
	crowdedCityRadius = 10.5
	crowdedRing       = 24.0
)

// revenueSpot places a stop's revenue circle beside it (the stop at p, the
// circle dx across and dy up or down): above right, else the first of the other corners around
// it that covers no other city's slot and stays inside the hex.
func revenueSpot(p Point, dx, dy float64, slots []Point, r, apothem float64) Point {
	const rev = 9.0
	try := []Point{{p.X + dx, p.Y - dy}, {p.X - dx, p.Y - dy}, {p.X + dx, p.Y + dy}, {p.X - dx, p.Y + dy}}
	for _, c := range try {
		if math.Hypot(c.X, c.Y) > apothem-rev+2 {
			continue
		}
		clear := true
		for _, s := range slots {
			if math.Hypot(c.X-s.X, c.Y-s.Y) < r+rev-3 {
				clear = false
				break
			}
		}
		if clear {
			return c
		}
	}
	return try[0]
}

const (
	// locationFont is the place names' font size; locationLineHeight the
	// distance between the lines of a long one.
	locationFont       = 8.0
	locationLineHeight = 8.5
	// locationLineChars is the length of a name's line that fits in a hex
	// (about half an em a letter, at the foot of a hex where it narrows).
	locationLineChars = 12
)

// locationLines splits a place name longer than a line at its spaces into
// lines of locationLineChars letters at most ("Gosport & Portsmouth" →
// "Gosport & ", "Portsmouth"); an "&" stays with the word before it and a
// word longer than a line has one of its own. A line keeps its trailing
// space, so that the text's content reads as the name.
func locationLines(name string) []string {
	if len(name) <= locationLineChars {
		return []string{name}
	}
	var words []string
	for _, w := range strings.SplitAfter(name, " ") {
		if strings.TrimSpace(w) == "&" && len(words) > 0 {
			words[len(words)-1] += w
			continue
		}
		words = append(words, w)
	}
	var lines []string
	for _, w := range words {
		if n := len(lines); n > 0 && len(strings.TrimSpace(lines[n-1]+w)) <= locationLineChars {
			lines[n-1] += w
			continue
		}
		lines = append(lines, w)
	}
	return lines
}

// sameFlatRevenue tells whether every city of nodes has the same revenue,
// not phase-dependent.
func sameFlatRevenue(nodes []board.NodeDef) bool {
	rev := -1
	for _, n := range nodes {
		if n.Kind != board.City {
			continue
		}
		if n.Phased != nil || (rev >= 0 && n.Revenue != rev) {
			return false
		}
		rev = n.Revenue
	}
	return rev > 0
}

func cityHalfWidth(slots int) float64 {
	if slots <= 1 {
		return 12
	}
	return 12 * float64(slots)
}

// drawCity draws a city's slots with their tokens.
func drawCity(sb *strings.Builder, hv board.HexView, n board.NodeDef, p Point, slots []string, homes *[]string, r float64) {
	ns := n.Slots
	if ns < 1 {
		ns = 1
	}
	fmt.Fprintf(sb, `<g class="city" data-city="%s-%d" data-hex="%s">`, esc(hv.TileID), n.Part, hv.ID)
	width := 2 * r * float64(ns)
	if ns > 1 {
		fmt.Fprintf(sb, `<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="#fff" stroke="#000" stroke-width="2"/>`, f(p.X-width/2), f(p.Y-r), f(width), f(2*r), f(r))
	}
	for s := 0; s < ns; s++ {
		sx := p.X - width/2 + r + 2*r*float64(s)
		tok := ""
		if s < len(slots) {
			tok = slots[s]
		}
		fill, txt, label, cls := "#fff", "#000", "", "slot"
		if tok != "" {
			fill, txt = CorpColor(tok)
			label, cls = tok, "slot token"
		} else if len(*homes) > 0 {
			label, cls = (*homes)[0], "slot home"
			*homes = (*homes)[1:]
			txt = "#999"
		}
		fmt.Fprintf(sb, `<circle class="%s" data-slot="%d" cx="%s" cy="%s" r="%s" fill="%s" stroke="#000" stroke-width="2"/>`, cls, s, f(sx), f(p.Y), f(r), fill)
		if label != "" {
			fs := 9.0
			if len(label) > 3 {
				fs = 27 / float64(len(label)) * 1.2
			}
			fs *= r / cityRadius
			fmt.Fprintf(sb, `<text x="%s" y="%s" font-size="%s" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text>`, f(sx), f(p.Y), f(fs), txt, esc(label))
		}
	}
	sb.WriteString(`</g>`)
}

// drawRevenue draws a flat revenue in a white circle, or a phase-dependent
// one as a row of coloured boxes with the current phase's box outlined.
func drawRevenue(sb *strings.Builder, n board.NodeDef, phase []board.Color, p Point) {
	if n.Phased == nil {
		fmt.Fprintf(sb, `<g class="revenue"><circle cx="%s" cy="%s" r="9" fill="#fff" stroke="#000"/><text x="%s" y="%s" font-size="9" text-anchor="middle" dominant-baseline="central">%d</text></g>`, f(p.X), f(p.Y), f(p.X), f(p.Y), n.Revenue)
		return
	}
	cur := n.RevenueFor(phase)
	curIdx := -1
	for i := len(phase) - 1; i >= 0 && curIdx < 0; i-- {
		for j, pr := range n.Phased {
			if pr.Color == phase[i] {
				curIdx = j
				break
			}
		}
	}
	const bw, bh = 20.0, 14.0
	x0 := p.X - bw*float64(len(n.Phased))/2
	fmt.Fprintf(sb, `<g class="revenue phased" data-current="%d">`, cur)
	for j, pr := range n.Phased {
		stroke, sw := "#000", "1"
		if j == curIdx {
			stroke, sw = "#000", "3"
		}
		x := x0 + bw*float64(j)
		fmt.Fprintf(sb, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="%s"/><text x="%s" y="%s" font-size="9" text-anchor="middle" dominant-baseline="central">%d</text>`,
			f(x), f(p.Y-bh/2), f(bw), f(bh), tileFill[pr.Color], stroke, sw, f(x+bw/2), f(p.Y), pr.Value)
	}
	sb.WriteString(`</g>`)
}
