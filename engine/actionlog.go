package engine

import (
	"math/bits"
)

// ActionLog is the list of accepted actions (for restore and Undo). An
// Action is large and mostly empty strings, so the log keeps each
// action packed: its non-empty strings in a shared arena, the rest in a
// small record; both grow in fixed-size blocks, without copying.
type ActionLog struct {
	recs [][]packedAction
	n    int
	strs []*[strBlock]string
	ns   int // arena positions used (block k holds positions k*strBlock...)
}

const (
	recBlock = 128
	strBlock = 512
)

// packedAction is an Action without its strings: mask says which
// of the string fields (in actionStrings order) are non-empty; they are
// at arena positions strs, strs+1, ...
type packedAction struct {
	strs                                   int32
	mask                                   uint16
	id, price, percent, rotation, slot, co int
	shares                                 []string
	routes                                 []Route
	auto                                   []Action
}

// actionStrings lists the string fields of an action, in mask bit order.
func actionStrings(a *Action) [14]*string {
	return [14]*string{&a.Type, &a.Entity, &a.EntityType, &a.Company, &a.Corporation, &a.SharePrice,
		&a.Hex, &a.Tile, &a.City, &a.Train, &a.Variant, &a.Kind, &a.Description, &a.Message}
}

// Len is the number of actions in the log.
func (l *ActionLog) Len() int { return l.n }

// Push appends a copy of a.
func (l *ActionLog) Push(a *Action) {
	p := packedAction{id: a.ID, price: a.Price, percent: a.Percent, rotation: a.Rotation, slot: a.Slot, co: a.Cost,
		shares: a.Shares, routes: a.Routes, auto: a.Auto}
	fields := actionStrings(a)
	for k, f := range fields {
		if *f != "" {
			p.mask |= 1 << k
		}
	}
	// the action's strings are contiguous, in one arena block
	cnt := bits.OnesCount16(p.mask)
	if l.ns%strBlock+cnt > strBlock {
		l.ns += strBlock - l.ns%strBlock
	}
	p.strs = int32(l.ns)
	for _, f := range fields {
		if *f == "" {
			continue
		}
		b := l.ns / strBlock
		if b == len(l.strs) {
			l.strs = append(l.strs, new([strBlock]string))
		}
		l.strs[b][l.ns%strBlock] = *f
		l.ns++
	}
	k := l.n / recBlock
	if k == len(l.recs) {
		l.recs = append(l.recs, make([]packedAction, 0, recBlock))
	}
	l.recs[k] = append(l.recs[k], p)
	l.n++
}

// Pop drops the last action.
func (l *ActionLog) Pop() {
	l.n--
	k := l.n / recBlock
	r := l.recs[k]
	p := &r[len(r)-1]
	for pos := int(p.strs); pos < l.ns; pos++ {
		l.strs[pos/strBlock][pos%strBlock] = ""
	}
	l.ns = int(p.strs)
	*p = packedAction{}
	l.recs[k] = r[:len(r)-1]
}

// At returns (a copy of) action i.
func (l *ActionLog) At(i int) Action {
	p := &l.recs[i/recBlock][i%recBlock]
	a := Action{ID: p.id, Price: p.price, Percent: p.percent, Rotation: p.rotation, Slot: p.slot, Cost: p.co,
		Shares: p.shares, Routes: p.routes, Auto: p.auto}
	pos := int(p.strs)
	for k, f := range actionStrings(&a) {
		if p.mask&(1<<k) != 0 {
			*f = l.strs[pos/strBlock][pos%strBlock]
			pos++
		}
	}
	return a
}
