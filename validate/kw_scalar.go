package validate

import (
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/tape"
)

// The scalar families: string (length, pattern, format) and number
// (bounds, multipleOf) keywords, applied to a value held whole (a string
// or number is never streamed); their messages are in diag_build.go.

// evalString applies the string keywords of n to v.
func (st *evaluator) evalString(n *node, v *tape.Value) bool {
	b := v.StringBytes()
	ok := true
	// A string of k bytes has between k/4 and k characters: only count
	// them when that does not settle the lengths.
	if n.maxLength >= 0 && len(b) > n.maxLength || n.minLength >= 0 && (len(b)+3)/4 < n.minLength {
		l := utf8.RuneCountInString(b2s(b))
		if n.minLength >= 0 && l < n.minLength {
			if !st.collect {
				return false
			}
			ok = false
			st.fail(n, "minLength", CodeMinLength, v, st.str("must be at least ", itoa(n.minLength), " characters long, is ", itoa(l)), itoa(n.minLength))
		}
		if n.maxLength >= 0 && l > n.maxLength {
			if !st.collect {
				return false
			}
			ok = false
			st.fail(n, "maxLength", CodeMaxLength, v, st.str("must be at most ", itoa(n.maxLength), " characters long, is ", itoa(l)), itoa(n.maxLength))
		}
	}
	if n.pattern != nil && !n.pattern.Match(b) {
		if !st.collect {
			return false
		}
		ok = false
		st.fail(n, "pattern", CodePattern, v, st.str("must match pattern ", st.quote(n.patternSrc)), n.patternSrc)
	}
	if n.format != nil && !n.format(b) {
		if !st.collect {
			return false
		}
		ok = false
		st.fail(n, "format", CodeFormat, v, st.str("must be a valid ", n.formatName), n.formatName)
	}
	return ok
}

// evalNumber applies the numeric keywords of n to v.
func (st *evaluator) evalNumber(n *node, v *tape.Value) bool {
	if n.intLimits != nil {
		// Integer limits and a small integer: compare machine integers.
		if x, ok := decimal.SmallInt(st.numText(v)); ok && n.intLimits.holds(x) {
			return true
		}
	}
	d, valid := st.number(v)
	if !valid {
		return false
	}
	ok := true
	if n.minimum != nil && decimal.Compare(&d, n.minimum) < 0 {
		if !st.collect {
			return false
		}
		ok = false
		st.limitFail(n, v, n.minimum, "minimum", CodeMinimum, ">=")
	}
	if n.maximum != nil && decimal.Compare(&d, n.maximum) > 0 {
		if !st.collect {
			return false
		}
		ok = false
		st.limitFail(n, v, n.maximum, "maximum", CodeMaximum, "<=")
	}
	exMin, exMax := "exclusiveMinimum", "exclusiveMaximum"
	if n.draft == Draft4 {
		exMin, exMax = "minimum", "maximum"
	}
	if n.exclMin != nil && decimal.Compare(&d, n.exclMin) <= 0 {
		if !st.collect {
			return false
		}
		ok = false
		st.limitFail(n, v, n.exclMin, exMin, CodeExclusiveMinimum, ">")
	}
	if n.exclMax != nil && decimal.Compare(&d, n.exclMax) >= 0 {
		if !st.collect {
			return false
		}
		ok = false
		st.limitFail(n, v, n.exclMax, exMax, CodeExclusiveMaximum, "<")
	}
	if n.multipleOf != nil && !decimal.IsMultipleOf(&d, n.multipleOf) {
		if !st.collect {
			return false
		}
		ok = false
		mt := n.multipleOf.Text()
		st.fail(n, "multipleOf", CodeMultipleOf, v, st.str("must be a multiple of ", mt), mt)
	}
	return ok
}

// intLimits are a schema's numeric limits when all of them are small
// integers and there is no multipleOf: a small integer value is checked
// against them without decimal arithmetic.
type intLimits struct {
	min, max, exclMin, exclMax int64
	has                        uint8 // which limits exist: 1 min, 2 max, 4 exclMin, 8 exclMax
}

// newIntLimits returns the integer limits of n, or nil.
func newIntLimits(n *node) *intLimits {
	if n.multipleOf != nil {
		return nil
	}
	l := &intLimits{}
	for i, d := range []*decimal.Number{n.minimum, n.maximum, n.exclMin, n.exclMax} {
		if d == nil {
			continue
		}
		x, ok := decimal.SmallInt(d.Text())
		if !ok {
			return nil
		}
		l.has |= 1 << i
		switch i {
		case 0:
			l.min = x
		case 1:
			l.max = x
		case 2:
			l.exclMin = x
		case 3:
			l.exclMax = x
		}
	}
	if l.has == 0 {
		return nil
	}
	return l
}

// holds reports whether x is within the limits.
func (l *intLimits) holds(x int64) bool {
	return (l.has&1 == 0 || x >= l.min) && (l.has&2 == 0 || x <= l.max) &&
		(l.has&4 == 0 || x > l.exclMin) && (l.has&8 == 0 || x < l.exclMax)
}
