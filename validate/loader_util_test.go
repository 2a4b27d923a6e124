package validate

import (
	"errors"
	"net/url"
	"path/filepath"
)

// testFileLoader is the loader of the CLI, for tests: file: URIs and
// relative references (against dir), read with ReadSchemaFile.
func testFileLoader(dir string) func(uri string) ([]byte, error) {
	return func(uri string) ([]byte, error) {
		u, err := url.Parse(uri)
		if err != nil {
			return nil, err
		}
		switch {
		case u.Scheme == "file":
			return ReadSchemaFile(filepath.FromSlash(u.Path))
		case u.Scheme == "" && u.Host == "":
			p := filepath.FromSlash(u.Path)
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			return ReadSchemaFile(p)
		}
		return nil, errors.New(uri + ": only local files are loaded")
	}
}
