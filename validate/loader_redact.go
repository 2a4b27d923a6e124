package validate

import (
	"errors"

	"github.com/valyala/fastjson"
)

// A document that an Options.Loader returns is a schema only when it is
// one: JSON (checked when it is added, see addDocument) that passes the
// metaschema of its draft. A $ref can name any file (a credentials file,
// a config), so when compiling fails inside a loaded document that is not
// a schema, the error names the document, the JSON Pointer and the
// metaschema keyword it fails, and quotes nothing from it: not
// `unknown type "service_account"`, but
// `file:///etc/creds.json#/type: invalid schema: the document is not a
// JSON schema: it fails the draft 2020-12 metaschema (keyword anyOf);
// its values are not quoted`. A loaded document that passes its
// metaschema is a schema, and its errors quote excerpts of it as the root
// schema's do. The root schema (the bytes given to Compile) is always a
// schema: the caller chose it.

// redactLoaded returns err, or in its place a value-free error when err
// is located in a loaded document that is not a schema.
func (c *compiler) redactLoaded(err error) error {
	var ce *CompileError
	if !errors.As(err, &ce) {
		return err
	}
	d, ok := c.loadedDocOf(ce.URI)
	if !ok {
		return err
	}
	draft := c.opts.DefaultDraft
	if res := c.resources[d.uri]; res != nil {
		draft = res.draft
	}
	ms, merr := metaschema(draft)
	if merr != nil {
		return err
	}
	diags, verr := ms.Validate(d.data)
	if verr == nil && len(diags) == 0 {
		return err
	}
	kw := "not one JSON value"
	loc := ""
	if len(diags) > 0 {
		kw, loc = "keyword "+diags[0].Keyword, diags[0].InstanceLocation
	}
	return &CompileError{URI: d.uri, Location: loc, Err: ErrInvalidSchema,
		Msg: "the document is not a JSON schema: it fails the " + draft.String() + " metaschema (" + kw + "); its values are not quoted"}
}

// loadedDocOf returns the document, returned by the Loader, that holds
// the resource with the URI; ok is false for the root document, an
// embedded metaschema, or an unknown URI.
func (c *compiler) loadedDocOf(uri string) (docEntry, bool) {
	loaded := func(d docEntry) bool { return d.uri != "" && !isMetaschemaURI(d.uri) }
	for _, d := range c.docs {
		if d.uri == uri {
			// Its own URI (the document may have failed before its
			// resource was registered: a bad $schema).
			return d, loaded(d)
		}
	}
	r := c.resources[uri]
	if r == nil {
		return docEntry{}, false
	}
	for _, d := range c.docs {
		if !loaded(d) {
			continue
		}
		dr := c.resources[d.uri]
		if dr != nil && holds(dr.root, r.root, 0) {
			return d, true
		}
	}
	return docEntry{}, false
}

// holds reports whether target is v or one of its descendants. Depth is
// bounded by MaxDepth: fastjson parses no deeper.
func holds(v, target *fastjson.Value, depth int) bool {
	if v == target {
		return true
	}
	if depth > MaxDepth {
		return false
	}
	switch v.Type() {
	case fastjson.TypeObject:
		found := false
		v.GetObject().Visit(func(_ []byte, sv *fastjson.Value) {
			found = found || holds(sv, target, depth+1)
		})
		return found
	case fastjson.TypeArray:
		for _, e := range v.GetArray() {
			if holds(e, target, depth+1) {
				return true
			}
		}
	}
	return false
}
