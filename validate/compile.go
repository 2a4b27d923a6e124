package validate

import (
	"errors"
	"runtime"
	"sync"

	"github.com/jsonheal/jsonheal/internal/excerpt"
	"github.com/valyala/fastjson"
)

// Compile's entry point: the compiler's state and compileWith, which
// loads the root document, compiles its root node, checks each document
// against its draft's metaschema (checkMetaschemas; metaschema compiles
// the embedded ones with compile itself) and rejects cycles. One
// subschema is compiled in compile_node.go, documents and resources are
// loaded in resource.go, and errors inside a loaded document that is not
// a schema are redacted (redactLoaded, at the end of this file).

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
	if err := checkCycles(root, c.nodes); err != nil {
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
			return &CompileError{URI: d.uri, Err: ErrInvalidSchema, Msg: excerpt.Of(err.Error(), excerpt.MaxMessage)}
		}
		if len(diags) > 0 {
			return &CompileError{URI: d.uri, Location: diags[0].InstanceLocation, Err: ErrInvalidSchema,
				Msg: excerpt.Of(diags[0].Message, excerpt.MaxMessage) + " (metaschema " + res.draft.String() + ")"}
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
