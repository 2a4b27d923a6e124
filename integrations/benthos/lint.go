package benthos

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/sanitize"
)

// switchableKindNames lists the repair kinds allow and deny may name.
func switchableKindNames() []string {
	var names []string
	for _, k := range sanitize.Kinds() {
		if switchableKinds.Has(k) {
			names = append(names, k.String())
		}
	}
	return names
}

// fixRuleNames lists the schema-guided fix rules, in the order of the docs.
func fixRuleNames() []string {
	return []string{"rename", "enum_case", "coerce", "wrap_array", "default"}
}

// kindLint is the lint rule of allow and deny: every name must be a
// switchable repair kind.
func kindLint(field string) string {
	return nameLint(field, "repair kind", switchableKindNames())
}

// nameLint returns a Bloblang lint rule for a list field whose entries must
// be among known, so that `lint` reports a misspelt name instead of the
// pipeline failing at start. Benthos runs the rule on the list and on each
// entry; it checks the entries. The names are matched as one regular
// expression, not as an array literal: Benthos parses every lint rule when
// the plugin registers, at each start of the binary, and an array of 40
// string literals took most of the plugin's 30-70 ms of init.
func nameLint(field, what string, known []string) string {
	quoted := make([]string, len(known))
	for i, n := range known {
		quoted[i] = regexp.QuoteMeta(n)
	}
	pattern := strconv.Quote("^(?:" + strings.Join(quoted, "|") + ")$")
	msg := strconv.Quote(field + ": unknown " + what + " ")
	tail := strconv.Quote(" (known: " + strings.Join(known, ", ") + ")")
	return `root = if this.type() == "string" && !this.trim().re_match(` + pattern + `) { ` +
		msg + ` + this.quote() + ` + tail + ` }`
}
