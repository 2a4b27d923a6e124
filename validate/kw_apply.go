package validate

import "strings"

// The applicators' messages, one constructor each, used by the
// whole-value evaluation (evalApplicators, evalAnyOf) and by the lanes of
// a streamed root (groupRecords). v is the value (nil on a streamed
// container: the caller sets its Received text).

// failNot records not's schema holding; at is the keyword location of
// the schema that has the not.
func (st *state) failNot(n *node, v *jv, at string) *Diagnostic {
	return st.fail(n, "not", CodeNot, v, "must not match the schema at "+at+"/not", "")
}

// failOneOfMultiple records branches first and second of oneOf (kw)
// both holding.
func (st *state) failOneOfMultiple(n *node, kw string, v *jv, first, second int) *Diagnostic {
	return st.fail(n, kw, CodeOneOfMultiple, v, "must match exactly one schema of oneOf, matches "+itoa(first)+" and "+itoa(second), "exactly one")
}

// failBranchTypes records every branch of anyOf or oneOf (kw) wanting
// another type than got, the value's: one line says which.
func (st *state) failBranchTypes(n *node, kw string, v *jv, branches []*node, got string) *Diagnostic {
	var names []string
	seen := map[string]bool{}
	for _, b := range branches {
		for _, t := range branchTypes(b) {
			if !seen[t] {
				seen[t] = true
				names = append(names, t)
			}
		}
	}
	d := st.fail(n, kw, CodeType, v, "must be "+strings.Join(names, " or ")+", got "+got, strings.Join(names, ", "))
	d.Allowed = names
	return d
}
