package validate

import (
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
// a schema are redacted in loader_redact.go.

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
