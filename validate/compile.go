package validate

import (
	"runtime"
	"strings"
	"sync"

	"github.com/jsonheal/jsonheal/internal/format"
	"github.com/valyala/fastjson"
)

// Schema is a compiled JSON Schema. It is immutable and safe for concurrent
// use; Validate keeps its scratch state in a pool.
type Schema struct {
	root    *node
	id      string
	draft   Draft
	usesDyn bool
	free    chan *streamer // idle scratch states
	perByte int64          // evaluations per byte of a value (<= 0: no bound)
}

// ID returns the root schema's $id ("" when it has none).
func (s *Schema) ID() string { return s.id }

// Draft returns the draft the root schema was compiled with.
func (s *Schema) Draft() Draft { return s.draft }

// compiler holds the state of one Compile call.
type compiler struct {
	opts      Options
	parsers   []*fastjson.Parser
	docs      []docEntry
	resources map[string]*resource
	anchors   map[string]*fastjson.Value
	info      map[*fastjson.Value]scanInfo
	nodes     map[*fastjson.Value]*node
	members   memberIndex      // JSON Pointer steps into large objects
	loadErrs  map[string]error // Loader failures, for messages
	metaDepth int
	loaded    int // bytes returned by the Loader so far
	usesDyn   bool
	skipMeta  bool
}

// Compile compiles a schema. Errors are *CompileError values that say where
// the schema is wrong (errors.Is with ErrInvalidSchema, ErrUnresolvedRef,
// ErrUnknownDraft, ErrInvalidRegexp, ErrNotJSON, ErrUnsupportedVocabulary,
// ErrRecursion for references that cycle without progress,
// ErrSchemaChain for more than MaxSchemaChain subschemas applied in turn
// to one value, and
// ErrResourceTooLarge for a loaded document over MaxResourceBytes).
func Compile(schema []byte, opts Options) (*Schema, error) {
	return compile(schema, opts, false)
}

func compile(schema []byte, opts Options, skipMeta bool) (*Schema, error) {
	s, _, err := compileWith(schema, opts, skipMeta)
	return s, err
}

// compileWith compiles, and also returns the compiler with the documents
// it loaded (Bundle reads them). c is returned with an error too: the
// deferred redaction reads it.
func compileWith(schema []byte, opts Options, skipMeta bool) (s *Schema, c *compiler, err error) {
	if opts.DefaultDraft < Draft4 || opts.DefaultDraft > Draft2020_12 {
		opts.DefaultDraft = Draft2020_12
	}
	c = &compiler{
		opts:      opts,
		resources: map[string]*resource{},
		anchors:   map[string]*fastjson.Value{},
		info:      map[*fastjson.Value]scanInfo{},
		nodes:     map[*fastjson.Value]*node{},
		loadErrs:  map[string]error{},
		skipMeta:  skipMeta,
	}
	defer func() { err = c.redactLoaded(err) }()
	res, err := c.addDocument("", schema, opts.DefaultDraft)
	if err != nil {
		return nil, c, err
	}
	root, err := c.node(res.root, c.info[res.root], "")
	if err != nil {
		return nil, c, err
	}
	if !skipMeta {
		if err := c.checkMetaschemas(); err != nil {
			return nil, c, err
		}
	}
	if err := c.checkCycles(root); err != nil {
		return nil, c, err
	}
	planNodes(c.nodes)
	s = &Schema{root: root, draft: res.draft, usesDyn: c.usesDyn, free: make(chan *streamer, 2*runtime.GOMAXPROCS(0)),
		perByte: int64(opts.EvaluationsPerByte)}
	if opts.EvaluationsPerByte == 0 {
		s.perByte = DefaultEvaluationsPerByte
	}
	if res.uri != "" {
		s.id = res.uri
	}
	return s, c, nil
}

// checkMetaschemas validates every loaded schema document against the
// metaschema of its draft.
func (c *compiler) checkMetaschemas() error {
	for i := 0; i < len(c.docs); i++ {
		d := c.docs[i]
		res := c.resources[d.uri]
		if res == nil || isMetaschemaURI(d.uri) {
			continue
		}
		ms, err := metaschema(res.draft)
		if err != nil {
			return err
		}
		diags, err := ms.Validate(d.data)
		if err != nil {
			return &CompileError{URI: d.uri, Err: ErrInvalidSchema, Msg: excerpt(err.Error(), maxMessageExcerpt)}
		}
		if len(diags) > 0 {
			return &CompileError{URI: d.uri, Location: diags[0].InstanceLocation, Err: ErrInvalidSchema,
				Msg: excerpt(diags[0].Message, maxMessageExcerpt) + " (metaschema " + res.draft.String() + ")"}
		}
	}
	return nil
}

var (
	metaOnce    [Draft2020_12 + 1]sync.Once
	metaSchemas [Draft2020_12 + 1]*Schema
	metaErrs    [Draft2020_12 + 1]error
)

// metaschema returns the compiled metaschema of a draft.
func metaschema(d Draft) (*Schema, error) {
	metaOnce[d].Do(func() {
		b, _ := metaschemaBytes(d.URI())
		metaSchemas[d], metaErrs[d] = compile(b, Options{DefaultDraft: d}, true)
	})
	return metaSchemas[d], metaErrs[d]
}

func (c *compiler) errAt(in scanInfo, kw string, sentinel error, msg string) error {
	return c.errCause(in, kw, sentinel, msg, nil)
}

// errCause is errAt with the error behind the sentinel (CompileError.Cause).
func (c *compiler) errCause(in scanInfo, kw string, sentinel error, msg string, cause error) error {
	loc := in.ptr
	if kw != "" {
		loc = string(appendPointerToken([]byte(loc), kw))
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
		n.leaf = !n.hasApplicators && !n.trackEval && !n.hasObjectKw && !n.hasArrayKw &&
			n.ref == nil && n.dynRef == nil && n.recursiveRef == nil
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
		p = appendPointerToken(p, t)
		seg = appendPointerToken(seg, t)
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
	abs, err := resolveURI(in.res.uri, string(b))
	if err != nil {
		return nil, "", c.errAt(in, kw, ErrUnresolvedRef, "not a URI: "+valueExcerpt(string(b)))
	}
	tv, tin, ok, err := c.lookup(abs, in)
	if err != nil {
		return nil, "", err
	}
	if !ok {
		msg := valueExcerpt(string(b)) + " (resolved to " + excerpt(abs, maxURIExcerpt) + ")"
		lerr := c.loadErrs[normalizeURI(strings.SplitN(abs, "#", 2)[0])]
		if lerr != nil {
			msg += ": loader: " + excerpt(lerr.Error(), maxMessageExcerpt)
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
		_, frag := splitFragment(abs)
		if frag != "" && frag[0] != '/' {
			tv := c.anchors[normalizeURI(strings.SplitN(abs, "#", 2)[0])+"#"+frag]
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
