package validate

import (
	"net/url"
	"strings"

	"github.com/jsonheal/jsonheal/internal/excerpt"
	"github.com/jsonheal/jsonheal/internal/jsonpointer"
	"github.com/jsonheal/jsonheal/internal/uriref"
	"github.com/valyala/fastjson"
)

// resource is a schema resource found while scanning: a document root or a
// subschema with its own $id.
type resource struct {
	uri             string
	root            *fastjson.Value
	draft           Draft
	vocab           vocab
	assertFormat    bool
	dynAnchors      map[string]*fastjson.Value
	recursiveAnchor bool
	node            *resourceNode
}

// scanInfo tells, for one subschema, its resource and pointer in it.
type scanInfo struct {
	res   *resource
	ptr   string
	draft Draft
}

// addDocument parses a schema document, scans its resources and returns the
// root resource. uri is the retrieval URI ("" for the root schema).
func (c *compiler) addDocument(uri string, data []byte, defaultDraft Draft) (*resource, error) {
	uri = uriref.Normalize(uri)
	if err := checkJSON(data); err != nil {
		de := err.(*DocumentError)
		msg := "at offset " + itoa(int(de.Offset))
		if uri == "" {
			msg += ": " + de.Msg
		} else {
			// A loaded resource may be anything (a device, a binary
			// file): the message says where, never what.
			msg += ": the document is not a JSON schema"
		}
		return nil, &CompileError{URI: uri, Err: de.Err, Msg: msg}
	}
	p := new(fastjson.Parser)
	root, err := p.ParseBytes(data)
	if err != nil {
		msg := "the document is not a JSON schema"
		if uri == "" {
			msg = truncate(err.Error(), 200)
		}
		return nil, &CompileError{URI: uri, Err: ErrNotJSON, Msg: msg}
	}
	c.parsers = append(c.parsers, p)
	c.docs = append(c.docs, docEntry{uri: uri, data: data})
	draft := defaultDraft
	var vb vocab = vocabAll
	if s := root.Get("$schema"); s != nil && root.Type() == fastjson.TypeObject {
		draft, vb, err = c.draftOf(s, uri, "")
		if err != nil {
			return nil, err
		}
	}
	res := &resource{uri: uri, root: root, draft: draft, vocab: vb}
	res.assertFormat = c.assertFormat(draft, vb)
	c.resources[uri] = res
	rootRes := res
	if err := c.scan(root, scanInfo{res: res, draft: draft}, uri, true, &rootRes); err != nil {
		return nil, err
	}
	return rootRes, nil
}

type docEntry struct {
	uri  string
	data []byte
}

func (c *compiler) assertFormat(d Draft, vb vocab) bool {
	if c.skipMeta {
		return false // metaschemas are checked with format as an annotation
	}
	if c.opts.AssertFormat || vb&vocabFormatAssertion != 0 {
		return true
	}
	return d <= Draft7
}

// draftOf interprets a $schema value.
func (c *compiler) draftOf(s *fastjson.Value, uri, ptr string) (Draft, vocab, error) {
	b, err := s.StringBytes()
	if err != nil {
		return 0, 0, &CompileError{URI: uri, Location: ptr + "/$schema", Err: ErrInvalidSchema, Msg: "$schema must be a string"}
	}
	ms := string(b)
	if d, ok := draftFromURI(ms); ok {
		return d, vocabAll, nil
	}
	// A custom metaschema: its own $schema gives the draft, its $vocabulary
	// the enabled vocabularies.
	if c.metaDepth > 8 {
		return 0, 0, &CompileError{URI: uri, Location: ptr + "/$schema", Err: ErrUnknownDraft, Msg: "metaschema chain too long: " + excerpt.Value(ms)}
	}
	c.metaDepth++
	defer func() { c.metaDepth-- }()
	base, _ := uriref.SplitFragment(ms)
	mres, err := c.resourceFor(uriref.Normalize(base), Draft2020_12)
	if err != nil || mres == nil {
		return 0, 0, &CompileError{URI: uri, Location: ptr + "/$schema", Err: ErrUnknownDraft, Msg: excerpt.Value(ms)}
	}
	vb := vocabAll
	if voc := mres.root.GetObject("$vocabulary"); voc != nil {
		vb = 0
		var verr error
		voc.Visit(func(k []byte, v *fastjson.Value) {
			bit, known := vocabFromURI(string(k))
			if !known && v.Type() == fastjson.TypeTrue && verr == nil {
				verr = &CompileError{URI: uri, Location: ptr + "/$schema", Err: ErrUnsupportedVocabulary, Msg: excerpt.Value(string(k))}
			}
			vb |= bit
		})
		if verr != nil {
			return 0, 0, verr
		}
	}
	return mres.draft, vb, nil
}

// resourceFor finds or loads the resource with the URI (no fragment).
func (c *compiler) resourceFor(uri string, defaultDraft Draft) (*resource, error) {
	if r := c.resources[uri]; r != nil {
		return r, nil
	}
	data, ok := metaschemaBytes(uri)
	if !ok {
		if c.opts.Loader == nil {
			return nil, nil
		}
		var err error
		data, err = c.opts.Loader(uri)
		if err != nil || data == nil {
			if err != nil {
				c.loadErrs[uri] = err
			}
			return nil, nil
		}
		if len(data) > MaxResourceBytes {
			return nil, &CompileError{URI: uri, Err: ErrResourceTooLarge,
				Msg: itoa(len(data)) + " bytes, the limit is " + itoa(MaxResourceBytes)}
		}
		c.loaded += len(data)
		if c.loaded > MaxLoadedBytes {
			return nil, &CompileError{URI: uri, Err: ErrResourceTooLarge,
				Msg: "the documents loaded for one schema exceed " + itoa(MaxLoadedBytes) + " bytes"}
		}
	}
	r, err := c.addDocument(uri, data, defaultDraft)
	if err != nil {
		return nil, err
	}
	if c.resources[uri] == nil {
		c.resources[uri] = r
	}
	return c.resources[uri], nil
}

// scan walks the known subschema keywords of v, registering resources,
// anchors and the scanInfo of every subschema.
func (c *compiler) scan(v *fastjson.Value, in scanInfo, base string, docRoot bool, rootRes **resource) error {
	if c.info[v].res != nil {
		return nil
	}
	if v.Type() != fastjson.TypeObject {
		c.info[v] = in
		return nil
	}
	d := in.draft
	hasRef := v.Get("$ref") != nil
	if id := v.Get(d.idKeyword()); id != nil && id.Type() == fastjson.TypeString && !(hasRef && d <= Draft7) {
		idStr := string(id.GetStringBytes())
		if d <= Draft7 && strings.HasPrefix(idStr, "#") {
			if len(idStr) > 1 {
				c.anchors[base+idStr] = v
			}
		} else {
			abs, err := uriref.Resolve(base, idStr)
			if err != nil {
				return &CompileError{URI: in.res.uri, Location: in.ptr + "/" + d.idKeyword(), Err: ErrInvalidSchema, Msg: "bad $id: " + excerpt.Value(idStr)}
			}
			abs, frag := uriref.SplitFragment(abs)
			if !docRoot || abs != in.res.uri {
				draft, vb := d, in.res.vocab
				if s := v.Get("$schema"); s != nil {
					var err error
					draft, vb, err = c.draftOf(s, in.res.uri, in.ptr)
					if err != nil {
						return err
					}
				}
				r := &resource{uri: abs, root: v, draft: draft, vocab: vb}
				r.assertFormat = c.assertFormat(draft, vb)
				if c.resources[abs] == nil {
					c.resources[abs] = r
				}
				if docRoot {
					*rootRes = r
				}
				in = scanInfo{res: r, draft: draft}
				d = draft
			}
			base = abs
			if frag != "" && d <= Draft7 {
				c.anchors[abs+"#"+frag] = v
			}
		}
	}
	c.info[v] = in
	if d >= Draft2019_09 {
		if a := v.Get("$anchor"); a != nil && a.Type() == fastjson.TypeString {
			c.anchors[base+"#"+string(a.GetStringBytes())] = v
		}
		if d == Draft2019_09 && in.ptr == "" {
			if ra := v.Get("$recursiveAnchor"); ra != nil && ra.Type() == fastjson.TypeTrue {
				in.res.recursiveAnchor = true
			}
		}
	}
	if d >= Draft2020_12 {
		if a := v.Get("$dynamicAnchor"); a != nil && a.Type() == fastjson.TypeString {
			name := string(a.GetStringBytes())
			c.anchors[base+"#"+name] = v
			if in.res.dynAnchors == nil {
				in.res.dynAnchors = map[string]*fastjson.Value{}
			}
			in.res.dynAnchors[name] = v
		}
	}
	var err error
	sub := func(kw string, sv *fastjson.Value, tok ...string) {
		if err != nil || sv == nil {
			return
		}
		t := sv.Type()
		if t != fastjson.TypeObject && t != fastjson.TypeTrue && t != fastjson.TypeFalse {
			return
		}
		p := jsonpointer.AppendToken([]byte(in.ptr), kw)
		for _, x := range tok {
			p = jsonpointer.AppendToken(p, x)
		}
		err = c.scan(sv, scanInfo{res: in.res, ptr: string(p), draft: d}, base, false, rootRes)
	}
	o, _ := v.Object()
	o.Visit(func(k []byte, sv *fastjson.Value) {
		kw := string(k)
		switch kind := subschemaKind(d, kw, sv); kind {
		case kindSchema:
			sub(kw, sv)
		case kindArray:
			for i, e := range sv.GetArray() {
				sub(kw, e, itoa(i))
			}
		case kindMap:
			so, _ := sv.Object()
			if so == nil {
				return
			}
			so.Visit(func(mk []byte, e *fastjson.Value) {
				sub(kw, e, string(mk))
			})
		}
	})
	return err
}

type subKind int

const (
	kindNone subKind = iota
	kindSchema
	kindArray
	kindMap
)

// subschemaKind tells how keyword kw of draft d holds subschemas.
func subschemaKind(d Draft, kw string, v *fastjson.Value) subKind {
	switch kw {
	case "additionalProperties", "not":
		return kindSchema
	case "items":
		if v.Type() == fastjson.TypeArray && d <= Draft2019_09 {
			return kindArray
		}
		return kindSchema
	case "additionalItems":
		if d <= Draft2019_09 {
			return kindSchema
		}
	case "contains", "propertyNames":
		if d >= Draft6 {
			return kindSchema
		}
	case "if", "then", "else":
		if d >= Draft7 {
			return kindSchema
		}
	case "unevaluatedItems", "unevaluatedProperties", "contentSchema":
		if d >= Draft2019_09 {
			return kindSchema
		}
	case "allOf", "anyOf", "oneOf":
		return kindArray
	case "prefixItems":
		if d >= Draft2020_12 {
			return kindArray
		}
	case "properties", "patternProperties", "definitions":
		return kindMap
	case "$defs", "dependentSchemas":
		if d >= Draft2019_09 {
			return kindMap
		}
	case "dependencies":
		return kindMap
	}
	return kindNone
}

// lookup resolves an absolute URI (with fragment) to a value and its scan
// info.
func (c *compiler) lookup(abs string, from scanInfo) (*fastjson.Value, scanInfo, bool, error) {
	base, frag := uriref.SplitFragment(abs)
	base = uriref.Normalize(base)
	res, err := c.resourceFor(base, from.draft)
	if err != nil {
		return nil, scanInfo{}, false, err
	}
	if res == nil {
		return nil, scanInfo{}, false, nil
	}
	if frag == "" {
		return res.root, c.info[res.root], true, nil
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	if frag[0] != '/' {
		v := c.anchors[base+"#"+frag]
		if v == nil {
			return nil, scanInfo{}, false, nil
		}
		return v, c.info[v], true, nil
	}
	toks, _ := jsonpointer.Tokens(frag)
	v := res.root
	in := c.info[v]
	for _, t := range toks {
		switch v.Type() {
		case fastjson.TypeObject:
			v = c.members.get(v.GetObject(), t)
		case fastjson.TypeArray:
			a := v.GetArray()
			i, ok := arrayIndex(t)
			if !ok || i >= len(a) {
				return nil, scanInfo{}, false, nil
			}
			v = a[i]
		default:
			return nil, scanInfo{}, false, nil
		}
		if v == nil {
			return nil, scanInfo{}, false, nil
		}
		if si, ok := c.info[v]; ok && si.res != nil {
			in = si
		} else {
			in.ptr = string(jsonpointer.AppendToken([]byte(in.ptr), t))
		}
	}
	return v, in, true, nil
}

func arrayIndex(t string) (int, bool) {
	if t == "" || len(t) > 9 || (len(t) > 1 && t[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return 0, false
		}
		n = n*10 + int(t[i]-'0')
	}
	return n, true
}
