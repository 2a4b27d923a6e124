package validate

import (
	"strings"

	"github.com/jsonheal/jsonheal/internal/excerpt"
	"github.com/jsonheal/jsonheal/internal/format"
	"github.com/jsonheal/jsonheal/internal/jsonpointer"
	"github.com/jsonheal/jsonheal/internal/uriref"
	"github.com/valyala/fastjson"
)

// Compiling one subschema into a node: node (memoized), its keywords and
// references, and the errors that locate a fault in the schema. The
// applicator and validation keywords are in compile_keywords.go, which
// calls back into child for subschemas; the entry point (compileWith) and
// the metaschema checks are in compile.go, the resources and lookup of
// references in resource.go.

func (c *compiler) errAt(in scanInfo, kw string, sentinel error, msg string) error {
	return c.errCause(in, kw, sentinel, msg, nil)
}

// errCause is errAt with the error behind the sentinel (CompileError.Cause).
func (c *compiler) errCause(in scanInfo, kw string, sentinel error, msg string, cause error) error {
	loc := in.ptr
	if kw != "" {
		loc = string(jsonpointer.AppendToken([]byte(loc), kw))
	}
	return &CompileError{URI: in.res.uri, Location: loc, Err: sentinel, Msg: msg, Cause: cause}
}

// resourceNode returns the dynamic-scope record of a resource.
func (c *compiler) resourceNode(r *resource) (*resourceNode, error) {
	if r.node != nil {
		return r.node, nil
	}
	r.node = &resourceNode{uri: r.uri, recursiveAnchor: r.recursiveAnchor}
	if r.recursiveAnchor {
		root, err := c.node(r.root, c.info[r.root], "")
		if err != nil {
			return nil, err
		}
		r.node.root = root
	}
	if len(r.dynAnchors) > 0 {
		r.node.dynAnchors = make(map[string]*node, len(r.dynAnchors))
		for name, v := range r.dynAnchors {
			n, err := c.node(v, c.info[v], "")
			if err != nil {
				return nil, err
			}
			r.node.dynAnchors[name] = n
		}
	}
	return r.node, nil
}

// node compiles the subschema v (memoized, so cycles through $ref work).
func (c *compiler) node(v *fastjson.Value, in scanInfo, seg string) (*node, error) {
	if n := c.nodes[v]; n != nil {
		if n.seg == "" {
			n.seg = seg
		}
		return n, nil
	}
	if si, ok := c.info[v]; ok && si.res != nil {
		in = si
	} else {
		c.info[v] = in
	}
	n := &node{seg: seg, draft: in.draft, vocab: in.res.vocab, minLength: -1, maxLength: -1,
		minItems: -1, maxItems: -1, minProps: -1, maxProps: -1, minContains: -1, maxContains: -1}
	n.absLoc = in.res.uri + "#" + in.ptr
	c.nodes[v] = n
	rn, err := c.resourceNode(in.res)
	if err != nil {
		return nil, err
	}
	n.res = rn
	switch v.Type() {
	case fastjson.TypeTrue:
		// Draft 4 allows booleans only for additionalProperties and
		// additionalItems; its metaschema check rejects them elsewhere.
		n.boolean = 1
		return n, nil
	case fastjson.TypeFalse:
		n.boolean = 2
		return n, nil
	case fastjson.TypeObject:
		if err := c.keywords(n, v, in); err != nil {
			return n, err
		}
		// What evalKeywords applies besides the scalar keywords and
		// $ref: subschemas, containers, annotations, dynamic references.
		descends := n.hasApplicators || n.trackEval || n.hasObjectKw || n.hasArrayKw ||
			n.dynRef != nil || n.recursiveRef != nil
		n.leaf = !descends && n.ref == nil
		n.refOnly = !descends && n.ref != nil && !n.hasType && n.constV == nil && n.enum == nil &&
			!n.hasStringKw && !n.hasNumberKw
		return n, nil
	}
	return nil, c.errAt(in, "", ErrInvalidSchema, "a schema must be an object"+boolNote(in.draft))
}

func boolNote(d Draft) string {
	if d >= Draft6 {
		return " or a boolean"
	}
	return ""
}

// child compiles the subschema under keyword path toks of the schema at in.
func (c *compiler) child(sv *fastjson.Value, in scanInfo, toks ...string) (*node, error) {
	p := []byte(in.ptr)
	var seg []byte
	for _, t := range toks {
		p = jsonpointer.AppendToken(p, t)
		seg = jsonpointer.AppendToken(seg, t)
	}
	return c.node(sv, scanInfo{res: in.res, ptr: string(p), draft: in.draft}, string(seg))
}

// resolveRef compiles the target of a reference keyword.
func (c *compiler) resolveRef(n *node, v *fastjson.Value, in scanInfo, kw string) (*node, string, error) {
	rv := v.Get(kw)
	b, err := rv.StringBytes()
	if err != nil {
		return nil, "", c.errAt(in, kw, ErrInvalidSchema, kw+" must be a string")
	}
	abs, err := uriref.Resolve(in.res.uri, string(b))
	if err != nil {
		return nil, "", c.errAt(in, kw, ErrUnresolvedRef, "not a URI: "+excerpt.Value(string(b)))
	}
	tv, tin, ok, err := c.lookup(abs, in)
	if err != nil {
		return nil, "", err
	}
	if !ok {
		msg := excerpt.Value(string(b)) + " (resolved to " + excerpt.Of(abs, excerpt.MaxURI) + ")"
		lerr := c.loadErrs[uriref.Normalize(strings.SplitN(abs, "#", 2)[0])]
		if lerr != nil {
			msg += ": loader: " + excerpt.Of(lerr.Error(), excerpt.MaxMessage)
		}
		return nil, "", c.errCause(in, kw, ErrUnresolvedRef, msg, lerr)
	}
	t, err := c.node(tv, tin, "")
	return t, abs, err
}

// keywords compiles the keywords of an object schema.
func (c *compiler) keywords(n *node, v *fastjson.Value, in scanInfo) error {
	d := in.draft
	var err error
	if v.Get("$ref") != nil {
		n.ref, _, err = c.resolveRef(n, v, in, "$ref")
		if err != nil {
			return err
		}
		n.hasApplicators = true
		if d <= Draft7 {
			return nil // siblings of $ref are ignored before 2019-09
		}
	}
	if d == Draft2020_12 && v.Get("$dynamicRef") != nil {
		var abs string
		n.dynRef, abs, err = c.resolveRef(n, v, in, "$dynamicRef")
		if err != nil {
			return err
		}
		_, frag := uriref.SplitFragment(abs)
		if frag != "" && frag[0] != '/' {
			tv := c.anchors[uriref.Normalize(strings.SplitN(abs, "#", 2)[0])+"#"+frag]
			if tv != nil {
				if a := tv.Get("$dynamicAnchor"); a != nil && string(a.GetStringBytes()) == frag {
					n.dynAnchor = frag
				}
			}
		}
		c.usesDyn = true
		n.hasApplicators = true
	}
	if d == Draft2019_09 && v.Get("$recursiveRef") != nil {
		n.recursiveRef, _, err = c.resolveRef(n, v, in, "$recursiveRef")
		if err != nil {
			return err
		}
		c.usesDyn = true
		n.hasApplicators = true
	}
	if n.vocab&vocabApplicator != 0 {
		if err := c.applicators(n, v, in); err != nil {
			return err
		}
	}
	if n.vocab&vocabValidation != 0 {
		if err := c.validation(n, v, in); err != nil {
			return err
		}
	}
	if d >= Draft2019_09 && n.vocab&vocabUnevaluated != 0 || d == Draft2019_09 {
		if sv := v.Get("unevaluatedProperties"); sv != nil {
			if n.unevalProps, err = c.child(sv, in, "unevaluatedProperties"); err != nil {
				return err
			}
			n.trackEval = true
			n.hasObjectKw = true
		}
		if sv := v.Get("unevaluatedItems"); sv != nil {
			if n.unevalItems, err = c.child(sv, in, "unevaluatedItems"); err != nil {
				return err
			}
			n.trackEval = true
			n.hasArrayKw = true
		}
	}
	if f := v.Get("format"); f != nil && f.Type() == fastjson.TypeString && in.res.assertFormat {
		n.formatName = string(f.GetStringBytes())
		n.format = format.Lookup(n.formatName)
		if n.format != nil {
			n.hasStringKw = true
		}
	}
	if dv := v.Get("default"); dv != nil {
		n.defaultJSON = dv.MarshalTo(nil)
	}
	return nil
}
