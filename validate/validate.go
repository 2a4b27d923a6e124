package validate

import (
	"slices"

	"github.com/valyala/fastjson"
)

// Validate checks doc against the schema. It returns nil, nil when the
// document is valid (without allocating, once warmed up), the diagnostics
// in document order when it is not, and a *DocumentError when doc is not
// JSON, is nested deeper than MaxDepth, or the schema recursed without end.
func (s *Schema) Validate(doc []byte) (Diagnostics, error) {
	if err := checkJSON(doc); err != nil {
		return nil, err
	}
	st := s.getState()
	defer s.putState(st)
	v, err := st.parser.ParseBytes(doc)
	if err != nil {
		return nil, &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
	}
	return st.run(s.root, v)
}

// getState takes a scratch state from the schema's free list. The list is a
// buffered channel rather than a sync.Pool: a GC does not empty it, so a
// warmed-up schema keeps validating without allocating.
func (s *Schema) getState() *state {
	select {
	case st := <-s.free:
		return st
	default:
		return &state{s: s}
	}
}

func (s *Schema) putState(st *state) {
	select {
	case s.free <- st:
	default: // enough states are kept; let this one go
	}
}

// Validator validates documents against one Schema with its own scratch
// state: not safe for concurrent use, but with no pool in the way its
// steady state allocates nothing for valid documents. Use one per goroutine.
type Validator struct {
	st state
}

// NewValidator returns a Validator for the schema.
func (s *Schema) NewValidator() *Validator {
	return &Validator{st: state{s: s}}
}

// Validate is Schema.Validate with the Validator's own state.
func (v *Validator) Validate(doc []byte) (Diagnostics, error) {
	if err := checkJSON(doc); err != nil {
		return nil, err
	}
	root, err := v.st.parser.ParseBytes(doc)
	if err != nil {
		return nil, &DocumentError{Offset: -1, Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
	}
	return v.st.run(v.st.s.root, root)
}

// run validates v: a fast pass first, and a collecting pass when it fails.
func (st *state) run(root *node, v *fastjson.Value) (Diagnostics, error) {
	st.reset()
	if st.eval(root, v, 0) && st.err == nil {
		return nil, nil
	}
	if st.err != nil {
		return nil, st.err
	}
	st.reset()
	st.collect = true
	st.eval(root, v, 0)
	if st.err != nil {
		return nil, st.err
	}
	return st.diagnostics(), nil
}

// diagnostics sorts the records into document order and drops duplicates.
func (st *state) diagnostics() Diagnostics {
	recs := st.recs
	order := st.order[:0]
	for i := range recs {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpKey(recs[a].key, recs[b].key) })
	st.order = order
	out := make(Diagnostics, 0, len(recs))
	for _, i := range order {
		d := recs[i].d
		dup := false
		for j := len(out) - 1; j >= 0 && out[j].InstanceLocation == d.InstanceLocation; j-- {
			if out[j].Code == d.Code && out[j].Property == d.Property && out[j].Message == d.Message {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, d)
		}
	}
	st.recs = st.recs[:0]
	st.arena2 = nil // the returned strings point into it
	return out
}

// cmpKey orders instance paths: a parent before its children, siblings by
// document position.
func cmpKey(a, b []int) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] - b[i]
		}
	}
	return len(a) - len(b)
}
