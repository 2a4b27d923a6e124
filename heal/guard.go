package heal

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/jsonheal/jsonheal/scanner"
	"github.com/jsonheal/jsonheal/schemafix"
	"github.com/jsonheal/jsonheal/validate"
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
// It is built on validate.Stream: the scanner finds where the answer's
// first value begins (past prose and fences), and the validator reads
// that value member by member, as the tokens come. Only a root object
// whose schema lets it stream ($ref and allOf are followed; anyOf, oneOf,
// not, if, dependentSchemas or unevaluatedProperties at its top level
// keep it whole, see validate.Stream) is judged early, so a Guard never
// cancels a stream the full validator would accept. A Guard is immutable
// and safe for concurrent use.
type Guard struct {
	s *validate.Schema // nil: no rule
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

// NewGuard builds a Guard from a JSON Schema document's text (compiled
// with default options, so without an Options.Loader). Text that is not
// JSON is an error; a schema that does not compile gives a Guard that
// never cancels, and the full validator decides. That includes every
// schema with a $ref to another document ("defs.json", a file: or https:
// URI), which only a Loader resolves: compile such a schema once with
// validate.Compile and a Loader (validate.FileLoader, validate.FSLoader)
// or with validate.CompileFile, and give it to NewGuardFor, the same
// *validate.Schema as Healer.Schema.
func NewGuard(schema []byte) (*Guard, error) {
	s, err := validate.Compile(schema, validate.Options{})
	if errors.Is(err, validate.ErrNotJSON) {
		return nil, fmt.Errorf("heal: guard: %w", err)
	}
	if err != nil {
		return &Guard{}, nil
	}
	return NewGuardFor(s), nil
}

// NewGuardFor builds a Guard from a compiled schema, with the documents
// its $refs loaded when it was compiled (see NewGuard); nil gives a
// Guard that never cancels. Build it once and share it: it is immutable.
func NewGuardFor(s *validate.Schema) *Guard { return &Guard{s: s} }

// Watch returns a watcher for one stream: call it with each content delta;
// it returns an *EarlyViolation once a violation is certain, and nil
// otherwise (also after the first value ended, or on anything it does not
// understand).
func (g *Guard) Watch() func(delta string) error {
	w := &watcher{g: g, done: g.s == nil}
	w.sc.Reset(0)
	return w.write
}

// watcher follows the first top-level value of a stream.
type watcher struct {
	g      *Guard
	sc     scanner.Scanner  // finds the value's start
	stream *validate.Stream // reads the value
	done   bool
	seen   int // diagnostics of stream.Early already judged
}

func (w *watcher) write(delta string) error {
	if w.done || delta == "" {
		return nil
	}
	b := []byte(delta)
	if w.stream == nil {
		base := w.sc.Offset()
		for pos := 0; ; {
			n, ev := w.sc.Next(b[pos:])
			pos += n
			if ev == scanner.Error || ev == scanner.None && pos == len(b) {
				w.done = ev == scanner.Error
				return nil
			}
			if ev == scanner.ValueStart {
				start := int(w.sc.EventOffset() - base)
				if start < 0 || start >= len(b) || b[start] != '{' {
					w.done = true // not an object (or a scalar): nothing to judge
					return nil
				}
				w.stream = w.g.s.NewStream()
				b = b[start:]
				break
			}
		}
	}
	_, err := w.stream.Write(b)
	if v := w.judge(); v != nil {
		w.done = true
		return v
	}
	if err != nil || w.stream.Ended() {
		w.done = true
	}
	return nil
}

// judge looks at the diagnostics that became certain since the last call.
func (w *watcher) judge() error {
	early := w.stream.Early()
	for _, d := range early[min(w.seen, len(early)):] {
		switch d.Code {
		case validate.CodeAdditionalProperties:
			if d.InstanceLocation == "" && !closeToAny(d.Property, d.Allowed) {
				return &EarlyViolation{Path: "/" + schemafix.EscapePointer(d.Property),
					Message: fmt.Sprintf("property %q is not allowed (allowed: %s)", d.Property, strings.Join(sorted(d.Allowed), ", "))}
			}
		case validate.CodeEnum:
			if v := enumViolation(d); v != nil {
				return v
			}
		}
	}
	w.seen = len(early)
	return nil
}

// closeToAny reports whether a rename could turn name into an allowed one.
func closeToAny(name string, allowed []string) bool {
	for _, a := range allowed {
		if a == name || schemafix.Closeness(name, a) > 0 {
			return true
		}
	}
	return false
}

// enumViolation judges an enum diagnostic on a top-level property: certain
// when the value is a whole string, every allowed value is a string, and
// none matches it case-insensitively (the enum fix would).
func enumViolation(d validate.Diagnostic) error {
	if strings.Count(d.InstanceLocation, "/") != 1 || d.ReceivedType != "string" || strings.HasSuffix(d.Received, "...") {
		return nil
	}
	var value string
	if json.Unmarshal([]byte(d.Received), &value) != nil {
		return nil
	}
	set := make([]string, 0, len(d.Allowed))
	for _, text := range d.Allowed {
		var s string
		if json.Unmarshal([]byte(text), &s) != nil {
			return nil // a non-string value: leave it to the validator
		}
		if strings.EqualFold(strings.TrimSpace(value), s) {
			return nil // the enum rule will fix it
		}
		set = append(set, s)
	}
	return &EarlyViolation{Path: d.InstanceLocation,
		Message: fmt.Sprintf("%q is not one of %s", value, strings.Join(quoteAll(sorted(set)), ", "))}
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
