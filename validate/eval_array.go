package validate

import (
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/decimal"
)

// evalArray applies the array keywords of n to a.
func (st *evaluator) evalArray(n *node, v *jv, a []*jv, ev int) bool {
	ok := true
	if n.minItems >= 0 && len(a) < n.minItems {
		if !st.collect {
			return false
		}
		ok = false
		st.fail(n, "minItems", CodeMinItems, v, st.str("must have at least ", itoa(n.minItems), " items, has ", itoa(len(a))), itoa(n.minItems))
	}
	if n.maxItems >= 0 && len(a) > n.maxItems {
		if !st.collect {
			return false
		}
		ok = false
		st.fail(n, "maxItems", CodeMaxItems, v, st.str("must have at most ", itoa(n.maxItems), " items, has ", itoa(len(a))), itoa(n.maxItems))
	}
	for i, e := range a {
		var sub *node
		if i < len(n.prefixItems) {
			sub = n.prefixItems[i]
		} else if n.items != nil {
			sub = n.items
		} else {
			break
		}
		if ev != 0 {
			st.setBit(ev, i)
		}
		if sub.boolean == 1 {
			continue
		}
		if sub.boolean == 2 && i >= len(n.prefixItems) && st.collect {
			ok = false
			kw := "items"
			if n.itemsSeg == "/additionalItems" {
				kw = "additionalItems"
			}
			st.fail(n, kw, CodeAdditionalItems, v, "must have at most "+itoa(len(n.prefixItems))+" items, has "+itoa(len(a)), itoa(len(n.prefixItems)))
			break
		}
		st.pushInst(pathSeg{idx: i})
		st.pushKw(sub.seg)
		r := st.eval(sub, e, 0)
		st.popKw()
		st.popInst()
		if !r {
			if !st.collect {
				return false
			}
			ok = false
		}
	}
	if n.contains != nil {
		matches := 0
		collect := st.collect
		st.collect = false
		for i, e := range a {
			st.pushInst(pathSeg{idx: i})
			r := st.eval(n.contains, e, 0)
			st.popInst()
			if r {
				matches++
				if ev != 0 && n.containsEvaluates() {
					st.setBit(ev, i)
				}
			}
		}
		st.collect = collect
		minC := 1
		if n.minContains >= 0 {
			minC = n.minContains
		}
		if matches < minC {
			if !st.collect {
				return false
			}
			ok = false
			kw, code := "contains", CodeContains
			if n.minContains >= 0 {
				kw, code = "minContains", CodeMinContains
			}
			st.fail(n, kw, code, v, "must contain at least "+itoa(minC)+" matching items, has "+itoa(matches), itoa(minC))
		}
		if n.maxContains >= 0 && matches > n.maxContains {
			if !st.collect {
				return false
			}
			ok = false
			st.fail(n, "maxContains", CodeMaxContains, v, "must contain at most "+itoa(n.maxContains)+" matching items, has "+itoa(matches), itoa(n.maxContains))
		}
	}
	if n.uniqueItems && len(a) > 1 {
		if i, j := st.duplicate(a); i >= 0 {
			if !st.collect {
				return false
			}
			ok = false
			st.fail(n, "uniqueItems", CodeUniqueItems, v, st.str("items ", itoa(i), " and ", itoa(j), " are equal"), "unique items")
		}
	}
	return ok
}

// evalString applies the string keywords of n to v.
func (st *evaluator) evalString(n *node, v *jv) bool {
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
func (st *evaluator) evalNumber(n *node, v *jv) bool {
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

// limitFail records a failed numeric limit (collect mode).
func (st *evaluator) limitFail(n *node, v *jv, limit *decimal.Number, kw string, code Code, rel string) {
	lt := limit.Text()
	st.fail(n, kw, code, v, st.str("must be ", rel, " ", lt), lt)
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

// containsEvaluates reports whether the items n's contains matches count
// as evaluated for unevaluatedItems. They do from 2020-12 on; in 2019-09
// only items, additionalItems and unevaluatedItems evaluate items.
func (n *node) containsEvaluates() bool { return n.draft >= Draft2020_12 }
