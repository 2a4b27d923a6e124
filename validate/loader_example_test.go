package validate_test

import (
	"errors"
	"fmt"
	"io/fs"
	"testing/fstest"

	"github.com/jsonheal/jsonheal/validate"
)

// FSLoader resolves a schema's relative references inside an fs.FS (an
// embed.FS, os.DirFS); a missing file is a compile error that still wraps
// fs.ErrNotExist.
func ExampleFSLoader() {
	fsys := fstest.MapFS{
		"defs/id.json": {Data: []byte(`{"type":"integer","minimum":1}`)},
	}
	opts := validate.Options{Loader: validate.FSLoader(fsys)}
	s, err := validate.Compile([]byte(`{"properties":{"id":{"$ref":"defs/id.json"}}}`), opts)
	if err != nil {
		fmt.Println(err)
		return
	}
	d, _ := s.Validate([]byte(`{"id":0}`))
	fmt.Println(d[0].InstanceLocation, d[0].Keyword)

	_, err = opts.Loader("defs/none.json")
	fmt.Println(errors.Is(err, fs.ErrNotExist))
	// Output:
	// /id minimum
	// true
}
