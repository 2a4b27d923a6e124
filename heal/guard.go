package heal

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jsonheal/jsonheal/scanner"
)

// Guard watches a streamed answer and reports, before the stream ends, a
// schema violation that is already certain and that no schema-guided fix
// can repair, so that the stream can be cancelled early and the tokens
// saved. It knows two such violations, both at the top level of the
// answer's object:
//
//   - a property the schema forbids (additionalProperties: false) whose name
//     is not close to any allowed name;
//   - a completed string value outside a property's string enum, with no
//     case-insensitive match.
//
// NewGuard reads only what the schema states directly at its top level;
// when the top level combines subschemas ($ref, allOf, anyOf, oneOf, if,
// patternProperties, unevaluatedProperties, dependentSchemas) it makes no
// property rule, so it never cancels a stream the full validator would
// accept. A Guard is immutable and safe for concurrent use.
type Guard struct {
	allowed []string                   // nil: any property is allowed
	enums   map[string]map[string]bool // property -> allowed strings
}

// EarlyViolation is the error a Guard's watcher returns when it cancels a
// stream.
type EarlyViolation struct {
	// Path is the JSON Pointer of the offending property.
	Path string
	// Message says what is wrong, as a re-ask diagnostic.
	Message string
}

// Error returns the diagnostic.
func (e *EarlyViolation) Error() string { return "stopped early: " + e.Path + ": " + e.Message }

// NewGuard builds a Guard from a JSON Schema document's text.
func NewGuard(schema []byte) (*Guard, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(schema, &top); err != nil {
		return nil, fmt.Errorf("heal: guard: %w", err)
	}
	g := &Guard{enums: map[string]map[string]bool{}}
	var props map[string]json.RawMessage
	if raw, ok := top["properties"]; ok {
		if err := json.Unmarshal(raw, &props); err != nil {
			return nil, fmt.Errorf("heal: guard: properties: %w", err)
		}
	}
	combined := false
	for _, k := range []string{"$ref", "$dynamicRef", "allOf", "anyOf", "oneOf", "if", "not",
		"patternProperties", "unevaluatedProperties", "dependentSchemas", "dependencies"} {
		if _, ok := top[k]; ok {
			combined = true
		}
	}
	if combined {
		return g, nil
	}
	if string(top["additionalProperties"]) == "false" {
		g.allowed = make([]string, 0, len(props))
		for name := range props {
			g.allowed = append(g.allowed, name)
		}
	}
	for name, raw := range props {
		var sub struct {
			Enum []json.RawMessage `json:"enum"`
		}
		if json.Unmarshal(raw, &sub) != nil || len(sub.Enum) == 0 {
			continue
		}
		set := map[string]bool{}
		for _, v := range sub.Enum {
			var s string
			if json.Unmarshal(v, &s) != nil {
				set = nil // a non-string value: leave it to the validator
				break
			}
			set[s] = true
		}
		if set != nil {
			g.enums[name] = set
		}
	}
	return g, nil
}

// Watch returns a watcher for one stream: call it with each content delta;
// it returns an *EarlyViolation once a violation is certain, and nil
// otherwise (also after the first value ended, or on anything it does not
// understand).
func (g *Guard) Watch() func(delta string) error {
	w := &watcher{g: g}
	w.sc.Reset(0)
	return w.write
}

// watcher follows the first top-level value of a stream: the scanner finds
// where it starts (past prose and fences); a small lexer then reads the
// top-level keys and string values.
type watcher struct {
	g     *Guard
	sc    scanner.Scanner
	done  bool
	in    bool // inside the first top-level value
	depth int
	// the string being read (key or value at depth 1)
	inStr  bool
	esc    bool
	isKey  bool
	buf    []byte
	curKey string
	expect byte // at depth 1: 'k' a key, ':' its colon, 'v' its value
}

func (w *watcher) write(delta string) error {
	if w.done || delta == "" {
		return nil
	}
	b := []byte(delta)
	base := w.sc.Offset()
	for pos := 0; pos < len(b) && !w.done; {
		n, ev := w.sc.Next(b[pos:])
		seg := b[pos : pos+n]
		switch ev {
		case scanner.ValueStart:
			if !w.in {
				start := int(w.sc.EventOffset() - base)
				w.in, w.expect = true, 'v'
				if start >= pos && start <= pos+n {
					seg = b[start : pos+n]
				}
				if err := w.lex(seg); err != nil {
					return err
				}
				pos += n
				continue
			}
		case scanner.ValueEnd:
			if w.in {
				end := int(w.sc.EventOffset() - base)
				if end >= pos && end <= pos+n {
					seg = b[pos:end]
				}
				err := w.lex(seg)
				w.done = true
				return err
			}
		case scanner.Error:
			w.done = true
			return nil
		}
		if w.in {
			if err := w.lex(seg); err != nil {
				return err
			}
		}
		if n == 0 && ev == scanner.None {
			break
		}
		pos += n
	}
	return nil
}

// lex reads bytes of the value; only a top-level object is judged.
func (w *watcher) lex(b []byte) error {
	for _, c := range b {
		if w.inStr {
			if w.depth == 1 {
				w.buf = append(w.buf, c)
			}
			switch {
			case w.esc:
				w.esc = false
			case c == '\\':
				w.esc = true
			case c == '"':
				w.inStr = false
				if w.depth == 1 {
					if err := w.endString(); err != nil {
						w.done = true
						return err
					}
				}
			}
			continue
		}
		switch c {
		case '"':
			w.inStr = true
			w.isKey = w.depth == 1 && w.expect == 'k'
			w.buf = append(w.buf[:0], c)
		case '{', '[':
			if w.depth == 0 && c == '[' {
				w.done = true // not an object: nothing to judge
				return nil
			}
			w.depth++
			if w.depth == 1 {
				w.expect = 'k'
			}
		case '}', ']':
			w.depth--
		case ':':
			if w.depth == 1 {
				w.expect = 'v'
			}
		case ',':
			if w.depth == 1 {
				w.expect = 'k'
			}
		}
	}
	return nil
}

func (w *watcher) endString() error {
	var s string
	if json.Unmarshal(w.buf, &s) != nil {
		return nil
	}
	if w.isKey {
		w.curKey = s
		w.expect = ':'
		return w.checkKey(s)
	}
	if w.expect == 'v' {
		w.expect = 0
		return w.checkEnum(w.curKey, s)
	}
	return nil
}

func (w *watcher) checkKey(name string) error {
	g := w.g
	if g.allowed == nil {
		return nil
	}
	for _, a := range g.allowed {
		if a == name || nameCloseness(name, a) > 0 {
			return nil // allowed, or a rename may fix it
		}
	}
	return &EarlyViolation{Path: "/" + escapePointer(name),
		Message: fmt.Sprintf("property %q is not allowed (allowed: %s)", name, strings.Join(sorted(g.allowed), ", "))}
}

func (w *watcher) checkEnum(prop, value string) error {
	set, ok := w.g.enums[prop]
	if !ok || set[value] {
		return nil
	}
	for s := range set {
		if strings.EqualFold(strings.TrimSpace(value), s) {
			return nil // the enum rule will fix it
		}
	}
	return &EarlyViolation{Path: "/" + escapePointer(prop),
		Message: fmt.Sprintf("%q is not one of %s", value, strings.Join(quoteAll(sorted(keys(set))), ", "))}
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

func quoteAll(s []string) []string {
	for i := range s {
		b, _ := json.Marshal(s[i])
		s[i] = string(b)
	}
	return s
}
