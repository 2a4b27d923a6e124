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
	// reads holds the schema file and every file its references loaded.
	reads fileSet
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
	return ls, exitOK, nil
}

// recordingLoader is validate.FileLoader(dir) that adds every file it
// read to ls.reads.
func (ls *loadedSchema) recordingLoader(dir, schemaPath string) func(string) ([]byte, error) {
	load := validate.FileLoader(dir)
	return func(uri string) ([]byte, error) {
		data, err := load(uri)
		if err == nil {
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
