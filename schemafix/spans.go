package schemafix

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/jsonheal/jsonheal/internal/jsonpointer"
	"github.com/jsonheal/jsonheal/scanner"
)

// Schema fixes edit a document that is already one valid JSON value (the
// sanitizer said so) at the places the validator's diagnostics point to.
// They find those places through the scanner, the house's one reader: it
// reads the document once and says, byte by byte, where strings (keys
// apart from values) and containers open and close; what lies between
// (commas, colons, numbers and literals) is then plain to see.

// valueSpan is one value of a document.
type valueSpan struct {
	start, end int // the value's bytes
	parent     int // the enclosing container's index in docIndex.vals; -1 for the root
	keyStart   int // a member's name (quotes included): [keyStart, keyEnd); -1 for an item or the root
	keyEnd     int
}

// docIndex is every value of a document, in the order they begin, with
// each container's children, so that finding a value costs its depth (and,
// in an object, a map lookup), never a scan of its container: a document
// with one diagnostic per item is fixed in linear time.
type docIndex struct {
	doc  []byte
	vals []valueSpan
	// The children of value v are kids[kidStart[v]:kidStart[v+1]], in
	// document order (built by the first lookup).
	kidStart, kids []int
	// byName maps the decoded member names of an object with more than
	// scanMembers members to the last member of that name (built by the
	// first lookup in that object).
	byName map[int]map[string]int
}

// scanMembers is how many members an object may have for a lookup to
// compare its names one by one; past it, the object gets a map.
const scanMembers = 8

// member is one object member: the key's span (quotes included) and the
// value's span.
type member struct {
	keyStart, keyEnd, valStart, valEnd int
}

// indexDoc reads doc through the scanner and records its values. A
// document the scanner rejects gets an empty index (nothing is found in
// it).
func indexDoc(doc []byte) *docIndex { return indexDocRuns(doc, true) }

// indexDocRuns is indexDoc; with runs false it feeds strings to the
// scanner one byte at a time too (the tests' oracle of the runs).
func indexDocRuns(doc []byte, runs bool) *docIndex {
	x := &docIndex{doc: doc}
	sc := scanner.New(0)
	var stack []int
	keyStart, keyEnd := -1, -1
	scalar, str := -1, -1 // the open number or literal, the open string value
	open := func(i int) int {
		parent := -1
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		x.vals = append(x.vals, valueSpan{start: i, end: -1, parent: parent, keyStart: keyStart, keyEnd: keyEnd})
		keyStart, keyEnd = -1, -1
		return len(x.vals) - 1
	}
	closeScalar := func(i int) {
		if scalar >= 0 {
			x.vals[scalar].end = i
			scalar = -1
		}
	}
	feed := func(b []byte) bool {
		for len(b) > 0 || sc.HasPending() {
			n, ev := sc.Next(b)
			b = b[n:]
			if ev == scanner.Error {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(doc); i++ {
		wasString, depth := sc.InString(), sc.Depth()
		if wasString && runs {
			// Inside a string only a quote or a backslash can matter: the
			// bytes before the next one go to the scanner in one chunk.
			if run := stringRun(doc[i:]); run > 0 {
				if !feed(doc[i : i+run]) {
					return &docIndex{doc: doc}
				}
				i += run - 1
				continue
			}
		}
		if !feed(doc[i : i+1]) {
			return &docIndex{doc: doc}
		}
		inString := sc.InString()
		switch c := doc[i]; {
		case !wasString && inString: // an opening quote
			closeScalar(i)
			if sc.InKey() {
				keyStart = i
			} else {
				str = open(i)
			}
		case wasString && !inString: // a closing quote
			if str >= 0 {
				x.vals[str].end = i + 1
				str = -1
			} else {
				keyEnd = i + 1
			}
		case inString:
		case sc.Depth() > depth:
			closeScalar(i)
			stack = append(stack, open(i))
		case sc.Depth() < depth:
			closeScalar(i)
			x.vals[stack[len(stack)-1]].end = i + 1
			stack = stack[:len(stack)-1]
		case c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r':
			closeScalar(i)
		default:
			if scalar < 0 {
				scalar = open(i)
			}
		}
	}
	closeScalar(len(doc))
	for sc.End() != scanner.EOF {
	}
	if sc.Err() != nil || len(stack) > 0 || str >= 0 {
		return &docIndex{doc: doc}
	}
	return x
}

// stringRun returns how many bytes at the start of b, inside a string,
// come before the next quote or backslash (all of b when there is none).
func stringRun(b []byte) int {
	for i, c := range b {
		if c == '"' || c == '\\' {
			return i
		}
	}
	return len(b)
}

// children returns the indices of the values directly inside value v, in
// document order. The caller must not modify them.
func (x *docIndex) children(v int) []int {
	if x.kidStart == nil {
		x.linkChildren()
	}
	return x.kids[x.kidStart[v]:x.kidStart[v+1]]
}

// linkChildren lists every container's children in one pass: a count per
// parent, prefix sums, then each value in its parent's run (values are in
// document order, so each run is too).
func (x *docIndex) linkChildren() {
	x.kidStart = make([]int, len(x.vals)+1)
	for _, s := range x.vals {
		if s.parent >= 0 {
			x.kidStart[s.parent+1]++
		}
	}
	for v := range x.vals {
		x.kidStart[v+1] += x.kidStart[v]
	}
	x.kids = make([]int, x.kidStart[len(x.vals)])
	next := slices.Clone(x.kidStart[:len(x.vals)])
	for k, s := range x.vals {
		if s.parent >= 0 {
			x.kids[next[s.parent]] = k
			next[s.parent]++
		}
	}
}

// member returns the index of the last member of object v named name.
func (x *docIndex) member(v int, name string) (int, bool) {
	kids := x.children(v)
	if len(kids) <= scanMembers {
		found, ok := 0, false
		for _, k := range kids {
			s := x.vals[k]
			if keyEquals(x.doc[s.keyStart:s.keyEnd], name) {
				found, ok = k, true // the last duplicate wins
			}
		}
		return found, ok
	}
	names := x.byName[v]
	if names == nil {
		names = make(map[string]int, len(kids))
		for _, k := range kids {
			s := x.vals[k]
			names[decodeKey(x.doc[s.keyStart:s.keyEnd])] = k // the last duplicate wins
		}
		if x.byName == nil {
			x.byName = map[int]map[string]int{}
		}
		x.byName[v] = names
	}
	k, ok := names[name]
	return k, ok
}

// find returns the index of the value at JSON Pointer ptr ("" = root).
func (x *docIndex) find(ptr string) (int, bool) {
	if len(x.vals) == 0 {
		return 0, false
	}
	v := 0
	for ptr != "" {
		if ptr[0] != '/' {
			return 0, false
		}
		ptr = ptr[1:]
		tok := ptr
		if k := strings.IndexByte(ptr, '/'); k >= 0 {
			tok, ptr = ptr[:k], ptr[k:]
		} else {
			ptr = ""
		}
		tok = jsonpointer.UnescapeToken(tok)
		switch x.doc[x.vals[v].start] {
		case '{':
			k, found := x.member(v, tok)
			if !found {
				return 0, false
			}
			v = k
		case '[':
			n, err := strconv.Atoi(tok)
			kids := x.children(v)
			if err != nil || n < 0 || n >= len(kids) || tok != strconv.Itoa(n) {
				return 0, false
			}
			v = kids[n]
		default:
			return 0, false
		}
	}
	return v, true
}

// locate returns the span of the value at JSON Pointer ptr.
func (x *docIndex) locate(ptr string) (start, end int, ok bool) {
	v, ok := x.find(ptr)
	if !ok {
		return 0, 0, false
	}
	return x.vals[v].start, x.vals[v].end, true
}

// members returns the members of the object at ptr, in document order;
// ok is false when there is no object there.
func (x *docIndex) members(ptr string) (ms []member, ok bool) {
	v, ok := x.find(ptr)
	if !ok || x.doc[x.vals[v].start] != '{' {
		return nil, false
	}
	for _, k := range x.children(v) {
		s := x.vals[k]
		ms = append(ms, member{keyStart: s.keyStart, keyEnd: s.keyEnd, valStart: s.start, valEnd: s.end})
	}
	return ms, true
}

// keyEquals reports whether the JSON string text quoted equals name.
func keyEquals(quoted []byte, name string) bool {
	raw := quoted[1 : len(quoted)-1]
	if strings.IndexByte(string(raw), '\\') < 0 {
		return string(raw) == name
	}
	var s string
	return json.Unmarshal(quoted, &s) == nil && s == name
}

// decodeKey returns the decoded text of a JSON string.
func decodeKey(quoted []byte) string {
	if raw := quoted[1 : len(quoted)-1]; bytes.IndexByte(raw, '\\') < 0 {
		return string(raw) // nothing to decode
	}
	var s string
	if json.Unmarshal(quoted, &s) != nil {
		return string(quoted)
	}
	return s
}
