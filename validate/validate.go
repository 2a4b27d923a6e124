package validate

import "github.com/jsonheal/jsonheal/internal/tape"

// Validate checks doc against the schema. It returns nil, nil when the
// document is valid (without allocating, once warmed up), the diagnostics
// in document order when it is not, and a *DocumentError when doc is not
// JSON, is nested deeper than MaxDepth, the schema recursed without end,
// or its evaluation went past Options.EvaluationsPerByte (ErrBudget).
func (s *Schema) Validate(doc []byte) (Diagnostics, error) {
	st := s.getState()
	defer s.putState(st)
	return st.validateDoc(doc)
}

// getState takes a scratch state from the schema's free list. The list is a
// buffered channel rather than a sync.Pool: a GC does not empty it, so a
// warmed-up schema keeps validating without allocating.
func (s *Schema) getState() *streamer {
	select {
	case st := <-s.free:
		return st
	default:
		st := &streamer{}
		st.s = s
		return st
	}
}

func (s *Schema) putState(st *streamer) {
	select {
	case s.free <- st:
	default: // enough states are kept; let this one go
	}
}

// Validator validates documents against one Schema with its own scratch
// state: not safe for concurrent use, but with no pool in the way its
// steady state allocates nothing for valid documents. Use one per goroutine.
type Validator struct {
	st streamer
}

// NewValidator returns a Validator for the schema.
func (s *Schema) NewValidator() *Validator {
	v := &Validator{}
	v.st.s = s
	return v
}

// Validate is Schema.Validate with the Validator's own state.
func (v *Validator) Validate(doc []byte) (Diagnostics, error) {
	return v.st.validateDoc(doc)
}

// ValidateJSON is Validate for a document the caller already knows to be
// valid JSON, such as the output of package sanitize: it skips the strict
// syntax check and only parses and validates. A document nested deeper
// than MaxDepth is refused as Validate refuses it (ErrDepth, at the offset
// of the opener past the limit), valid JSON or not. Given bytes that are
// not valid JSON it returns an error or a verdict on a lax reading of
// them; it never panics.
func (v *Validator) ValidateJSON(doc []byte) (Diagnostics, error) {
	v.st.incomplete = false
	root, err := v.st.readValue(doc)
	if err == tape.ErrDepth {
		return nil, depthError(int64(v.st.tape.ErrOffset()))
	}
	if err != nil {
		return nil, &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
	}
	return v.st.listed(v.st.run(v.st.s.root, root))
}
