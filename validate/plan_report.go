package validate

import (
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/internal/jsonpointer"
)

// Plan is what a Stream (so Schema.ValidateReader and jsonheal validate)
// decides, for each schema location, about an array or an object there:
// whether it streams (is read item by item, member by member) or is held
// whole, by which mechanism, and why when held. It is worked out by the
// functions the Stream itself plans with (plan.go), one entry per schema
// location and container type the schema does not refuse by its type.
//
// The root entries say what happens to the document's top-level value.
// An entry below the root says what happens to a value there once it
// grows past 64 KiB (smaller values are read whole, which is faster): it
// becomes a frame of its own when its entry streams and the entry of the
// container holding it has no Items reason. Schema.Validate on a whole
// buffer holds objects whole and runs no lanes: the plan is a Stream's.
// Per value, a Stream also reads whole a value that false applies to, or
// whose member name propertyNames refuses; a root container held for
// const/enum streams once it differs from every candidate.
type Plan []PlanEntry

// PlanEntry is the plan for a value of one type at one schema location.
type PlanEntry struct {
	// KeywordLocation is the JSON pointer from the root schema to the
	// schema, through the keywords applied ("/$ref" for a reference), as
	// in the keywordLocation of the JSON Schema output; "" is the root.
	KeywordLocation string `json:"keywordLocation"`
	// AbsoluteKeywordLocation is the schema's URI and pointer in its
	// resource, given when KeywordLocation goes through a reference.
	AbsoluteKeywordLocation string `json:"absoluteKeywordLocation,omitempty"`
	// Type is "array" or "object".
	Type string `json:"type"`
	// Streams says whether such a value streams.
	Streams bool `json:"streams"`
	// Mechanism says how it streams: "root chain" (the top-level value,
	// item by item or member by member) or "frame" (a value below the
	// root, past 64 KiB), with what the chain holds beside: lanes for
	// anyOf, oneOf, not, if/then/else and dependentSchemas (the
	// container is held whole up to 1 MiB first), const/enum guards
	// (held whole until the value differs from every candidate),
	// uniqueItems hashes, unevaluated* settled item by item or deferred
	// over lanes.
	Mechanism string `json:"mechanism,omitempty"`
	// Reason says why such a value is held whole (when Streams is false).
	Reason string `json:"reason,omitempty"`
	// Items says, when it streams, why its items (members) are each read
	// whole however large, if they are.
	Items string `json:"items,omitempty"`
}

// Text renders the plan one line per entry:
//
//	#<keyword location> [<absolute location>] <type>: streams (<mechanism>)[; items whole: <reason>]
//	#<keyword location> [<absolute location>] object: streams (<mechanism>)[; members whole: <reason>]
//	#<keyword location> [<absolute location>] <type>: held: <reason>
func (p Plan) Text() string {
	var b strings.Builder
	for _, e := range p {
		b.WriteString("#")
		b.WriteString(e.KeywordLocation)
		if e.AbsoluteKeywordLocation != "" {
			b.WriteString(" [")
			b.WriteString(e.AbsoluteKeywordLocation)
			b.WriteString("]")
		}
		b.WriteString(" ")
		b.WriteString(e.Type)
		if !e.Streams {
			b.WriteString(": held: ")
			b.WriteString(e.Reason)
			b.WriteString("\n")
			continue
		}
		b.WriteString(": streams (")
		b.WriteString(e.Mechanism)
		b.WriteString(")")
		if e.Items != "" && e.Type == "object" {
			b.WriteString("; members whole: ")
			b.WriteString(e.Items)
		} else if e.Items != "" {
			b.WriteString("; items whole: ")
			b.WriteString(e.Items)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Plan returns what a Stream decides about streaming, per schema location
// and container type (see Plan). It does the planning a Stream does at
// the start of a document once per schema location: call it to inspect
// a schema, not per document.
func (s *Schema) Plan() Plan {
	st := s.getState()
	defer s.putState(st)
	var out Plan
	seen := map[*node]bool{}
	var visit func(n *node, loc string, viaRef bool)
	visit = func(n *node, loc string, viaRef bool) {
		if seen[n] {
			return
		}
		seen[n] = true
		for _, object := range []bool{false, true} {
			if loc == "" || n.planned(object) {
				e := st.planEntry(n, loc == "", object)
				e.KeywordLocation = loc
				if viaRef {
					e.AbsoluteKeywordLocation = n.absLoc
				}
				out = append(out, e)
			}
		}
		eachSubschema(n, func(seg string, c *node, ref bool) {
			visit(c, loc+seg, viaRef || ref)
		})
	}
	visit(s.root, "", false)
	st.begin()
	return out
}

// planEntry plans a value of type object (else array) under n, as the
// root's (root) or as a frame's below it.
func (st *streamer) planEntry(n *node, root, object bool) PlanEntry {
	st.begin()
	st.planStream(DefaultMaxBuffer)
	e := PlanEntry{Type: "array"}
	if object {
		e.Type = "object"
	}
	open := byte('[')
	if object {
		open = '{'
	}
	var a *schemaChain
	if root {
		a = &st.arr
		e.Streams = st.planRoot(open)
		e.Mechanism = "root chain"
	} else {
		fs := &frameState{}
		a = &fs.a
		a.reset()
		fs.o.reset()
		if object {
			e.Streams = st.planObjectChain(a, &fs.o, n)
		} else {
			e.Streams = a.plan(st.s, n)
		}
		e.Mechanism = "frame"
	}
	if !e.Streams {
		e.Mechanism = ""
		e.Reason = a.held.String()
		st.lanes.release()
		return e
	}
	e.Mechanism += a.mechanism(st, root)
	e.Items = a.childHoldAll(object).String()
	st.lanes.release()
	return e
}

// eachSubschema calls fn with each subschema of n and the keyword path
// to it from n, in the order of the keywords below; ref says that fn's
// schema is reached through a reference.
func eachSubschema(n *node, fn func(seg string, c *node, ref bool)) {
	if n.ref != nil {
		fn("/$ref", n.ref, true)
	}
	if n.dynRef != nil {
		fn("/$dynamicRef", n.dynRef, true)
	}
	if n.recursiveRef != nil {
		fn("/$recursiveRef", n.recursiveRef, true)
	}
	list := func(kw string, bs []*node) {
		for i, b := range bs {
			fn("/"+kw+"/"+strconv.Itoa(i), b, false)
		}
	}
	one := func(seg string, c *node) {
		if c != nil {
			fn(seg, c, false)
		}
	}
	list("allOf", n.allOf)
	list("anyOf", n.anyOf)
	list("oneOf", n.oneOf)
	one("/not", n.not)
	one("/if", n.ifN)
	one("/then", n.thenN)
	one("/else", n.elseN)
	for _, c := range n.prefixItems {
		fn(c.seg, c, false) // prefixItems/i, or items/i before 2020-12
	}
	one(n.itemsSeg, n.items)
	one("/contains", n.contains)
	one("/unevaluatedItems", n.unevalItems)
	for _, p := range n.props {
		fn("/properties"+string(jsonpointer.AppendToken(nil, p.name)), p.n, false)
	}
	for _, pp := range n.patternProps {
		fn("/patternProperties"+string(jsonpointer.AppendToken(nil, pp.src)), pp.n, false)
	}
	one("/additionalProperties", n.additional)
	one("/propertyNames", n.propertyNames)
	for _, ds := range n.depSchemas {
		fn(ds.n.seg, ds.n, false) // dependentSchemas/name, or dependencies/name before 2019-09
	}
	one("/unevaluatedProperties", n.unevalProps)
}
