package schemafix

import "github.com/jsonheal/jsonheal/sanitize"

// Rule is a set of schema-guided fix rules (a bit mask).
type Rule uint8

// The schema-guided fix rules.
const (
	// Rename renames an extra property to the single allowed, absent
	// name within a small edit distance (additionalProperties: false).
	Rename Rule = 1 << iota
	// EnumCase case-folds a string to its only matching enum value.
	EnumCase
	// Coerce converts "42" to 42, "true" to true (and back to strings)
	// where the schema wants that type and the reading is exact.
	Coerce
	// WrapArray wraps a lone value in an array where an array is wanted.
	WrapArray
	// Default fills a missing required property from its schema default.
	Default

	// All is every rule.
	All = Rename | EnumCase | Coerce | WrapArray | Default
)

// MaxRules bounds the number of rule bits (a Rule is 8 bits): an array of
// MaxRules counters can count fixes by rule.
const MaxRules = 8

var ruleNames = [...]string{"rename", "enum_case", "coerce", "wrap_array", "default"}

// String returns the snake_case name of a single rule, or the names of a set
// joined by "|".
func (r Rule) String() string {
	s := ""
	for i, n := range ruleNames {
		if r&(1<<i) != 0 {
			if s != "" {
				s += "|"
			}
			s += n
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

// MarshalText returns the name of r.
func (r Rule) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// Fix is one schema-guided fix applied to a document.
type Fix struct {
	Rule       Rule                `json:"rule"`
	Confidence sanitize.Confidence `json:"confidence"`
	// Path is the JSON Pointer of the fixed value (or object).
	Path string `json:"path"`
	// From and To are JSON texts: the replaced text and its replacement;
	// for a rename, the property names; for defaults, To holds the
	// inserted members.
	From string `json:"from"`
	To   string `json:"to"`
}
