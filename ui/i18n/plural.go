package i18n

import (
	"fmt"
	"strconv"
	"strings"
)

// pluralFunc picks the index of a plural form (msgstr[i]) for a count.
type pluralFunc func(n int) int

// parsePlural reads the plural= expression of a PO header's Plural-Forms
// (a C expression of n: ?:, ||, &&, comparisons, %, !, parentheses and
// integers, as gettext defines it).
func parsePlural(src string) (pluralFunc, error) {
	p := &exprParser{src: src}
	e, err := p.ternary()
	if err != nil {
		return nil, err
	}
	if p.skip(); p.pos != len(p.src) {
		return nil, fmt.Errorf("plural expression %q: unexpected %q", src, p.src[p.pos:])
	}
	return func(n int) int { return e(n) }, nil
}

type expr func(n int) int

type exprParser struct {
	src string
	pos int
}

func (p *exprParser) skip() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *exprParser) eat(tok string) bool {
	p.skip()
	if strings.HasPrefix(p.src[p.pos:], tok) {
		p.pos += len(tok)
		return true
	}
	return false
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *exprParser) ternary() (expr, error) {
	c, err := p.binary(0)
	if err != nil || !p.eat("?") {
		return c, err
	}
	a, err := p.ternary()
	if err != nil {
		return nil, err
	}
	if !p.eat(":") {
		return nil, fmt.Errorf("plural expression %q: ':' expected at %d", p.src, p.pos)
	}
	b, err := p.ternary()
	if err != nil {
		return nil, err
	}
	return func(n int) int {
		if c(n) != 0 {
			return a(n)
		}
		return b(n)
	}, nil
}

// levels are C's binary operators by increasing precedence (longer tokens
// first within a level).
var levels = [][]string{{"||"}, {"&&"}, {"==", "!="}, {"<=", ">=", "<", ">"}, {"%"}}

func apply(op string, a, b int) int {
	switch op {
	case "||":
		return b2i(a != 0 || b != 0)
	case "&&":
		return b2i(a != 0 && b != 0)
	case "==":
		return b2i(a == b)
	case "!=":
		return b2i(a != b)
	case "<=":
		return b2i(a <= b)
	case ">=":
		return b2i(a >= b)
	case "<":
		return b2i(a < b)
	case ">":
		return b2i(a > b)
	default: // "%"
		if b == 0 {
			return 0
		}
		return a % b
	}
}

func (p *exprParser) binary(level int) (expr, error) {
	if level == len(levels) {
		return p.unary()
	}
	left, err := p.binary(level + 1)
	if err != nil {
		return nil, err
	}
	for {
		op := ""
		for _, t := range levels[level] {
			if p.eat(t) {
				op = t
				break
			}
		}
		if op == "" {
			return left, nil
		}
		right, err := p.binary(level + 1)
		if err != nil {
			return nil, err
		}
		l := left
		left = func(n int) int { return apply(op, l(n), right(n)) }
	}
}

func (p *exprParser) unary() (expr, error) {
	switch {
	case p.eat("!"):
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		return func(n int) int { return b2i(e(n) == 0) }, nil
	case p.eat("("):
		e, err := p.ternary()
		if err != nil {
			return nil, err
		}
		if !p.eat(")") {
			return nil, fmt.Errorf("plural expression %q: ')' expected at %d", p.src, p.pos)
		}
		return e, nil
	case p.eat("n"):
		return func(n int) int { return n }, nil
	}
	p.skip()
	start := p.pos
	for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
		p.pos++
	}
	v, err := strconv.Atoi(p.src[start:p.pos])
	if err != nil {
		return nil, fmt.Errorf("plural expression %q: number or n expected at %d", p.src, start)
	}
	return func(int) int { return v }, nil
}
