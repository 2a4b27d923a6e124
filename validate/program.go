package validate

import (
	"github.com/jsonheal/jsonheal/internal/decimal"
	"github.com/jsonheal/jsonheal/internal/ecmaregex"
	"github.com/jsonheal/jsonheal/internal/format"
)

// typeMask is a set of JSON Schema types.
type typeMask uint8

const (
	tNull typeMask = 1 << iota
	tBoolean
	tObject
	tArray
	tNumber
	tInteger
	tString
)

var typeNames = [...]string{"null", "boolean", "object", "array", "number", "integer", "string"}

func typeFromName(s string) typeMask {
	for i, n := range typeNames {
		if n == s {
			return 1 << i
		}
	}
	return 0
}

// names lists the types in the set.
func (m typeMask) names() []string {
	var out []string
	for i, n := range typeNames {
		if m&(1<<i) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// node is one compiled schema: every keyword is pre-parsed, every subschema
// pre-resolved, every regexp pre-compiled. Nodes are immutable after Compile.
type node struct {
	res     *resourceNode // the schema resource the node belongs to
	absLoc  string        // absolute location: resource URI + "#" + pointer
	seg     string        // keyword path from its lexical parent, e.g. "/properties/a"
	draft   Draft
	boolean int8 // 0: an object schema; 1: true; 2: false

	vocab vocab

	hasType   bool
	types     typeMask
	typeNames []string
	typeOr    string // "string or null", for messages
	typeList  string // "string, null"

	enum   *enumSet
	constV *cval

	ref          *node
	dynRef       *node  // static target of $dynamicRef
	dynAnchor    string // anchor name of $dynamicRef when it is bookended
	recursiveRef *node  // static target of $recursiveRef

	allOf, anyOf, oneOf []*node
	not                 *node
	ifN, thenN, elseN   *node

	minimum, maximum, exclMin, exclMax, multipleOf *decimal.Number
	intLimits                                      *intLimits // the limits as int64s, when they are small integers

	minLength, maxLength int // -1: absent
	pattern              *ecmaregex.Pattern
	patternSrc           string
	format               format.Func
	formatName           string

	prefixItems              []*node
	items                    *node // for items after prefixItems
	itemsSeg                 string
	contains                 *node
	minContains, maxContains int // -1: absent
	minItems, maxItems       int
	uniqueItems              bool
	unevalItems              *node

	props          []prop
	propIndex      map[string]int
	propTable      *propTable // perfect hash of the names of props (nil: use propIndex)
	patternProps   []patternProp
	additional     *node
	propertyNames  *node
	required       []requiredName
	requiredKnown  bool // every required name is among properties (checked by bits)
	depRequired    []depRequired
	depSchemas     []depSchema
	minProps       int
	maxProps       int
	unevalProps    *node
	allowedNames   []string // property names listed by properties (for hints)
	foldedNames    []string // nearname.Fold(allowedNames[i])
	allowedList    []string // allowedNames plus "/pattern/" of patternProperties
	allowedText    string   // allowedList joined with ", "
	defaultJSON    []byte
	trackEval      bool // evaluated-location tracking needed (has unevaluated*)
	hasObjectKw    bool
	hasArrayKw     bool
	hasStringKw    bool
	hasNumberKw    bool
	hasApplicators bool
	plan           nodePlan // what it decides about streaming a container (plan.go)
	// leaf: no subschema, reference or evaluation tracking; eval applies
	// its keywords directly (it cannot recurse, and no dynamic scope or
	// annotation reaches below it).
	leaf bool
	// refOnly: $ref and no other keyword that evaluates.
	refOnly bool
}

// resourceNode carries what the dynamic scope needs of a schema resource.
type resourceNode struct {
	uri             string
	root            *node // set for resources with $recursiveAnchor
	dynAnchors      map[string]*node
	recursiveAnchor bool
}

type prop struct {
	name string
	n    *node
}

type patternProp struct {
	re  *ecmaregex.Pattern
	src string
	n   *node
}

type requiredName struct {
	name string
	idx  int // index in node.props, or -1
}

type depRequired struct {
	name     string
	required []string
}

type depSchema struct {
	name string
	n    *node
}

// minContains is the least number of matches contains asks for.
func minContains(n *node) int {
	if n.minContains >= 0 {
		return n.minContains
	}
	return 1
}
