package validate

import (
	"errors"
	"strconv"

	"github.com/jsonheal/jsonheal/internal/uriref"
	"github.com/valyala/fastjson"
)

// ErrNotBundled: Bundle cannot make one self-contained document of a
// schema and the documents its references loaded.
var ErrNotBundled = errors.New("cannot bundle the schema into one document")

// Bundle returns schema as one self-contained document: the root schema
// with every document opts.Loader returned for it embedded in its $defs
// ("definitions" for a draft-07 root or older) as a compound document, the
// way the 2020-12 specification bundles schemas (section 9.3). Each
// embedded document is an object keyed by the URI it was loaded from and
// given that URI as its $id (draft-04: id), so every $ref, written as it
// was, resolves inside the bundle to the same schema as before. Nothing
// else changes: a $ref is never rewritten.
//
// When nothing was loaded, Bundle returns schema itself. Otherwise the
// bundle is compiled again without a Loader before it is returned: a
// bundle that would need one, or that fails to compile, is an error that
// wraps ErrNotBundled, as is a loaded document that is not an object,
// whose own $id differs from the URI it was loaded from, or whose draft
// is not the root's (Compile checks a whole document against the root's
// metaschema). A schema that does not compile returns Compile's error.
//
// It is for handing a schema to something that cannot load files: a
// model's prompt, an API's response format.
func Bundle(schema []byte, opts Options) ([]byte, error) {
	s, c, err := compileWith(schema, opts, false)
	if err != nil {
		return nil, err
	}
	var loaded []docEntry
	for _, d := range c.docs {
		if d.uri != "" && !isMetaschemaURI(d.uri) {
			loaded = append(loaded, d)
		}
	}
	if len(loaded) == 0 {
		return schema, nil
	}
	out, err := buildBundle(schema, loaded, c, s.draft)
	if err != nil {
		return nil, err
	}
	self := opts
	self.Loader = nil
	if _, err := Compile(out, self); err != nil {
		cause := "it does not compile on its own"
		var ce *CompileError
		if errors.As(err, &ce) {
			cause += " (" + ce.Err.Error() + ")"
		}
		return nil, &CompileError{Err: ErrNotBundled, Msg: cause}
	}
	return out, nil
}

// buildBundle embeds the loaded documents in the root's $defs (or
// definitions).
func buildBundle(schema []byte, loaded []docEntry, c *compiler, rootDraft Draft) ([]byte, error) {
	var p fastjson.Parser
	root, err := p.ParseBytes(schema)
	if err != nil {
		return nil, &CompileError{Err: ErrNotJSON, Msg: truncate(err.Error(), 200)}
	}
	rootObj, err := root.Object()
	if err != nil {
		return nil, &CompileError{Err: ErrNotBundled, Msg: "the root schema is not an object"}
	}
	defsKey := "$defs"
	if rootDraft <= Draft7 {
		defsKey = "definitions"
	}
	var a fastjson.Arena
	defs := a.NewObject()
	if v := rootObj.Get(defsKey); v != nil {
		if v.Type() != fastjson.TypeObject {
			return nil, &CompileError{Location: "/" + defsKey, Err: ErrNotBundled, Msg: defsKey + " is not an object"}
		}
		defs = v
	}
	defsObj, _ := defs.Object()
	idKey := rootDraft.idKeyword()
	for _, d := range loaded {
		var dp fastjson.Parser
		doc, err := dp.ParseBytes(d.data)
		if err != nil {
			return nil, &CompileError{URI: d.uri, Err: ErrNotBundled, Msg: "the document is not JSON"}
		}
		docObj, err := doc.Object()
		if err != nil {
			return nil, &CompileError{URI: d.uri, Err: ErrNotBundled, Msg: "the document is not an object"}
		}
		if id := docObj.Get(idKey); id != nil && !sameURI(d.uri, string(id.GetStringBytes())) {
			return nil, &CompileError{URI: d.uri, Location: "/" + idKey, Err: ErrNotBundled,
				Msg: "the document's own " + idKey + " differs from the URI it was loaded from"}
		}
		if res := c.resources[d.uri]; res == nil || res.draft != rootDraft {
			// Compile checks a whole document against its root's
			// metaschema, embedded resources included.
			return nil, &CompileError{URI: d.uri, Err: ErrNotBundled, Msg: "the document's draft is not the root schema's " + rootDraft.String()}
		}
		emb := a.NewObject()
		embObj, _ := emb.Object()
		embObj.Set(idKey, a.NewString(d.uri))
		docObj.Visit(func(k []byte, v *fastjson.Value) {
			if string(k) != idKey {
				embObj.Set(string(k), v)
			}
		})
		defsObj.Set(freeKey(defsObj, d.uri), emb)
	}
	rootObj.Set(defsKey, defs)
	return root.MarshalTo(nil), nil
}

// freeKey returns name, or name with the first "~2", "~3"... suffix that
// is not a member of o.
func freeKey(o *fastjson.Object, name string) string {
	key := name
	for i := 2; o.Get(key) != nil; i++ {
		key = name + "~" + strconv.Itoa(i)
	}
	return key
}

// sameURI reports whether the $id value id, resolved against the URI a
// document was loaded from, is that URI.
func sameURI(loadedFrom, id string) bool {
	abs, err := uriref.Resolve(loadedFrom, id)
	return err == nil && uriref.Normalize(abs) == loadedFrom
}
