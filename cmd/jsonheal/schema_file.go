package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/jsonheal/jsonheal/validate"
)

// Every command that takes --schema (validate, clean, replay, ask) loads
// it here, with one loader: validate.FileLoader for the schema's folder.
// A $ref to another local file resolves the same way in every command,
// and the schema file and every file the loader read join the files the
// command reads, which no output may be (files.go).

// loadedSchema is a compiled --schema with its text and the files it was
// read from.
type loadedSchema struct {
	schema *validate.Schema
	text   []byte
	// forModel is the text a model is given (ask's system prompt and
	// --response-format, the healer's prompt in clean and replay): text
	// with every $ref'd file bundled in its $defs (validate.Bundle), so
	// the model sees what the validator checks. When the files cannot be
	// bundled it is text, and bundleErr says why.
	forModel  []byte
	bundleErr error
	// reads holds the schema file and every file its references loaded.
	reads fileSet
	// loaded holds what the loader returned, by URI, for the bundle.
	loaded map[string][]byte
}

// loadSchema reads and compiles the schema file at path. On failure it
// returns exitUsage (the file cannot be read) or exitNoCompile, and an
// error that names the file.
func loadSchema(path string, opts validate.Options) (*loadedSchema, int, error) {
	text, err := validate.ReadSchemaFile(path)
	if err != nil {
		return nil, exitUsage, fmt.Errorf("read schema: %w", err)
	}
	ls := &loadedSchema{text: text}
	ls.reads.add("--schema "+path, path)
	opts.Loader = ls.recordingLoader(filepath.Dir(path), path)
	if ls.schema, err = validate.Compile(text, opts); err != nil {
		return nil, exitNoCompile, fmt.Errorf("schema %s does not compile: %w", path, err)
	}
	ls.forModel = text
	if len(ls.loaded) > 0 {
		// Bundled from what was read, never read again.
		opts.Loader = func(uri string) ([]byte, error) { return ls.loaded[uri], nil }
		if b, err := validate.Bundle(text, opts); err == nil {
			ls.forModel = b
		} else {
			ls.bundleErr = fmt.Errorf("the model is given %s without the files its $refs name: %w", path, err)
		}
	}
	return ls, exitOK, nil
}

// recordingLoader is validate.FileLoader(dir) that adds every file it
// read to ls.reads, and its bytes to ls.loaded.
func (ls *loadedSchema) recordingLoader(dir, schemaPath string) func(string) ([]byte, error) {
	load := validate.FileLoader(dir)
	return func(uri string) ([]byte, error) {
		data, err := load(uri)
		if err == nil {
			if ls.loaded == nil {
				ls.loaded = map[string][]byte{}
			}
			ls.loaded[uri] = data
			if p, perr := validate.FilePath(dir, uri); perr == nil {
				ls.reads.add(p+", read by --schema "+schemaPath, p)
			}
		}
		return data, err
	}
}

// add adds the regular file at path, under name, when it can be stat'ed.
func (set *fileSet) add(name, path string) {
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		*set = append(*set, namedFile{name, st})
	}
}
