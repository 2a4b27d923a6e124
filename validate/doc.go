// Package validate is a compiled JSON Schema validator whose diagnostics are
// meant to be read by people and by language models alike.
//
// Compile turns a schema (drafts 2020-12, 2019-09, 7, 6 and 4) into an
// immutable program that is safe for concurrent use. Schema.Validate checks a
// document straight from its bytes (read into a reused tape, a flat list of
// its values that the evaluator walks, no tree, in one pass that also checks
// the syntax; the scanner reads a root array, and any document that pass
// rejects, to say what is wrong and where) and does not allocate when the document is valid. fastjson only
// parses schemas.
// Schema.ValidateReader and Stream (an io.Writer fed chunks split anywhere)
// give the same answers without holding the document: a root array is
// evaluated item by item and a root object member by member when the root
// schema allows it (see Stream); Schema.Plan says, per schema location,
// what a Stream reads item by item and what it holds whole, and why
// (plan.go decides it, for the Stream and for Plan). When a document is not valid, it returns one
// deterministic list of Diagnostics in document order, without cascades:
// a missing required property is reported once at its parent, extra
// properties are listed with the allowed names, an anyOf/oneOf failure is
// reported from its best-matching branch, and near misses carry a hint.
//
// Nothing is ever loaded from the network: the metaschemas of the five drafts
// are embedded and any other URI goes through Options.Loader. FileLoader
// (local files, relative to a folder) and FSLoader (an fs.FS) are ready-made
// loaders, and CompileFile compiles a schema file with FileLoader for its
// folder; they read regular files of at most MaxResourceBytes only (as
// ReadSchemaFile does). A compile error quotes at most a short excerpt of a
// schema value, and nothing of a loaded document that fails its
// metaschema (a $ref can name a file that is no schema). Bundle embeds the
// documents a Loader returned in the root schema's $defs, as one document
// that needs no Loader (for a model's prompt, say).
//
// Known differences from the specification are documented in README.md of
// this folder (regular expressions are RE2, not ECMA-262).
package validate
