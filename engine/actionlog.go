package engine

import (
	"math/bits"
)

// ActionLog is the list of accepted actions (for restore and Undo). An
// Action is large and mostly empty strings, so the log keeps each
// action packed: its non-empty strings in a shared arena, its numbers in a
// small pointer-free record (the collector need not scan it), its lists
// (when it has any) and numbers too wide for 32 bits in side lists; all
// grow in fixed-size blocks, without copying.
type ActionLog struct {
	recs [][]packedAction
	n    int
	strs []*[strBlock]string
	ns   int // arena positions used (block k holds positions k*strBlock...)
	ext  [][]extAction
	next int // ext positions used
	wide [][6]int
	// vocab holds the distinct values of the coded fields (an action's
	// type and entity type: few, repeated on every action), which a record
	// names by 1 + index instead of taking arena positions.
	vocab []string
}

const (
	recBlock = 64
	strBlock = 128
	extBlock = 16
)

// packedAction is an Action without its strings and lists: mask says which
// of the string fields (in actionStrings order) are non-empty; they are
// at arena positions strs, strs+1, .... ext is 0, or 1 + the position of
// the action's lists in ActionLog.ext; wide is 0, or 1 + the index of its
// numbers in ActionLog.wide (nums are then unused).
type packedAction struct {
	strs      int32
	mask      uint16
	codes     [2]uint8 // the codedFields: 0 (empty or in the arena), or 1 + vocab index
	nums      [6]int32 // ID, Price, Percent, Rotation, Slot, Cost
	ext, wide int32
}

// codedFields are the indices in actionStrings of the fields kept in
// ActionLog.vocab (Type and EntityType).
var codedFields = [2]int{0, 2}

// maxVocab is the number of distinct coded values a log keeps (a uint8
// code); later ones go to the arena.
const maxVocab = 255

// code returns the code of s in l.vocab, adding it if there is room, or 0.
func (l *ActionLog) code(s string) uint8 {
	for i, v := range l.vocab {
		if v == s {
			return uint8(i + 1)
		}
	}
	if len(l.vocab) == maxVocab {
		return 0
	}
	l.vocab = append(l.vocab, s)
	return uint8(len(l.vocab))
}

// extAction holds the lists of an action with at least one non-nil.
type extAction struct {
	shares  []string
	routes  []Route
	auto    []Action
	program *ProgramSpec
}

// actionStrings lists the string fields of an action, in mask bit order.
func actionStrings(a *Action) [14]*string {
	return [14]*string{&a.Type, &a.Entity, &a.EntityType, &a.Company, &a.Corporation, &a.SharePrice,
		&a.Hex, &a.Tile, &a.City, &a.Train, &a.Variant, &a.Kind, &a.Description, &a.Message}
}

// actionNums lists the number fields of an action, in packedAction.nums order.
func actionNums(a *Action) [6]*int {
	return [6]*int{&a.ID, &a.Price, &a.Percent, &a.Rotation, &a.Slot, &a.Cost}
}

// Len is the number of actions in the log.
func (l *ActionLog) Len() int { return l.n }

// Push appends a copy of a.
func (l *ActionLog) Push(a *Action) {
	var p packedAction
	nums := actionNums(a)
	wide := false
	for k, f := range nums {
		p.nums[k] = int32(*f)
		wide = wide || int(p.nums[k]) != *f
	}
	if wide {
		var w [6]int
		for k, f := range nums {
			w[k] = *f
		}
		l.wide = append(l.wide, w)
		p.wide = int32(len(l.wide))
		p.nums = [6]int32{}
	}
	if a.Shares != nil || a.Routes != nil || a.Auto != nil || a.Program != nil {
		b := l.next / extBlock
		if b == len(l.ext) {
			l.ext = append(l.ext, make([]extAction, extBlock))
		}
		l.ext[b][l.next%extBlock] = extAction{shares: a.Shares, routes: a.Routes, auto: a.Auto, program: a.Program}
		l.next++
		p.ext = int32(l.next)
	}
	fields := actionStrings(a)
	for k, f := range fields {
		if *f != "" {
			p.mask |= 1 << k
		}
	}
	for j, k := range codedFields {
		if *fields[k] != "" {
			if p.codes[j] = l.code(*fields[k]); p.codes[j] != 0 {
				p.mask &^= 1 << k
			}
		}
	}
	// the action's strings are contiguous, in one arena block
	cnt := bits.OnesCount16(p.mask)
	if l.ns%strBlock+cnt > strBlock {
		l.ns += strBlock - l.ns%strBlock
	}
	p.strs = int32(l.ns)
	for k, f := range fields {
		if p.mask&(1<<k) == 0 {
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
	if p.ext != 0 {
		l.next = int(p.ext) - 1
		l.ext[l.next/extBlock][l.next%extBlock] = extAction{}
	}
	if p.wide != 0 {
		l.wide = l.wide[:p.wide-1]
	}
	*p = packedAction{}
	l.recs[k] = r[:len(r)-1]
}

// At returns (a copy of) action i.
func (l *ActionLog) At(i int) Action {
	p := &l.recs[i/recBlock][i%recBlock]
	var a Action
	nums := actionNums(&a)
	if p.wide != 0 {
		for k, f := range nums {
			*f = l.wide[p.wide-1][k]
		}
	} else {
		for k, f := range nums {
			*f = int(p.nums[k])
		}
	}
	if p.ext != 0 {
		x := &l.ext[(p.ext-1)/extBlock][(p.ext-1)%extBlock]
		a.Shares, a.Routes, a.Auto, a.Program = x.shares, x.routes, x.auto, x.program
	}
	pos := int(p.strs)
	fields := actionStrings(&a)
	for k, f := range fields {
		if p.mask&(1<<k) != 0 {
			*f = l.strs[pos/strBlock][pos%strBlock]
			pos++
		}
	}
	for j, k := range codedFields {
		if c := p.codes[j]; c != 0 {
			*fields[k] = l.vocab[c-1]
		}
	}
	return a
}
