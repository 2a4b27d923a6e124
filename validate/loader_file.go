package validate

import (
	"errors"
	"io"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"

	"github.com/jsonheal/jsonheal/internal/excerpt"
)

// ErrNotLocal: a reference names a resource that a FileLoader or FSLoader
// does not read (an http:, https: or urn: URI, or a path outside an
// fs.FS). Nothing is ever fetched from the network.
var ErrNotLocal = errors.New("not a local file reference")

// FileLoader returns an Options.Loader that reads references as local
// files: a file: URI names its path, and a relative reference (no scheme,
// no host; the form a schema without $id gives its "$ref": "defs.json")
// names a path relative to dir, the folder of the schema that holds it.
// Files are read with ReadSchemaFile: regular files of at most
// MaxResourceBytes, never a device, FIFO or directory. Any other URI
// fails with ErrNotLocal. Errors are *LoadError values that wrap the
// cause, so errors.Is(err, fs.ErrNotExist) and the like work.
//
// It is what CompileFile uses, and what the jsonheal command uses for
// every --schema.
func FileLoader(dir string) func(uri string) ([]byte, error) {
	return func(uri string) ([]byte, error) {
		p, err := FilePath(dir, uri)
		if err != nil {
			return nil, err
		}
		return ReadSchemaFile(p)
	}
}

// FilePath returns the path of the file FileLoader(dir) reads for uri, or
// a *LoadError wrapping ErrNotLocal when it reads none. A caller that
// writes files can use it to learn which files its schema was read from.
func FilePath(dir, uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", notLocal(uri, "not a URI")
	}
	switch {
	case u.Scheme == "file" && (u.Host == "" || u.Host == "localhost"):
		return filepath.FromSlash(u.Path), nil
	case u.Scheme == "" && u.Host == "" && u.Path != "":
		p := filepath.FromSlash(u.Path)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		return p, nil
	}
	return "", notLocal(uri, "only local files are loaded")
}

// FSLoader returns an Options.Loader that reads relative references (no
// scheme, no host, no leading "/") from fsys, such as an embed.FS or
// os.DirFS: "$ref": "defs/a.json" reads defs/a.json. A path that leaves
// fsys ("../x.json") and any other URI fail with ErrNotLocal. Only
// regular files of at most MaxResourceBytes are read. Errors are
// *LoadError values that wrap the cause (fs.ErrNotExist, ...).
func FSLoader(fsys fs.FS) func(uri string) ([]byte, error) {
	return func(uri string) ([]byte, error) {
		u, err := url.Parse(uri)
		if err != nil || u.Scheme != "" || u.Host != "" || u.Opaque != "" {
			return nil, notLocal(uri, "only paths inside the file system are loaded")
		}
		name := path.Clean(u.Path)
		if !fs.ValidPath(name) || name == "." {
			return nil, notLocal(uri, "the path leaves the file system")
		}
		return readFSFile(fsys, name)
	}
}

// readFSFile reads a regular file of at most MaxResourceBytes from fsys.
func readFSFile(fsys fs.FS, name string) ([]byte, error) {
	fail := func(err error, detail string) ([]byte, error) {
		return nil, &LoadError{Path: name, Err: err, Detail: detail}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return fail(fsCause(err), "")
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return fail(fsCause(err), "")
	}
	if err := checkResource(name, st); err != nil {
		return nil, err
	}
	return readResource(name, f)
}

// checkResource refuses a schema file that is not a regular file or is
// larger than MaxResourceBytes, before a byte of it is read.
func checkResource(path string, st fs.FileInfo) error {
	if !st.Mode().IsRegular() {
		return &LoadError{Path: path, Err: ErrNotRegularFile, Detail: fileKind(st.Mode())}
	}
	if st.Size() > MaxResourceBytes {
		return &LoadError{Path: path, Err: ErrResourceTooLarge, Detail: itoa(int(st.Size())) + " bytes, the limit is " + itoa(MaxResourceBytes)}
	}
	return nil
}

// readResource reads an opened schema file, reading no more than
// MaxResourceBytes+1 bytes (a file may grow after its Stat).
func readResource(path string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxResourceBytes+1))
	if err != nil {
		return nil, &LoadError{Path: path, Err: fsCause(err)}
	}
	if len(data) > MaxResourceBytes {
		return nil, &LoadError{Path: path, Err: ErrResourceTooLarge, Detail: "grew past the limit of " + itoa(MaxResourceBytes) + " bytes"}
	}
	return data, nil
}

// notLocal is the error of a reference a file loader does not read; it
// quotes at most an excerpt of the URI.
func notLocal(uri, detail string) error {
	return &LoadError{Path: excerpt.Of(uri, excerpt.MaxURI), Err: ErrNotLocal, Detail: detail}
}

// CompileFile reads the schema at path with ReadSchemaFile and compiles
// it. When opts.Loader is nil, references to other files resolve with
// FileLoader(filepath.Dir(path)), relative to the schema's folder. Read
// errors are *LoadError values, compile errors *CompileError values.
func CompileFile(path string, opts Options) (*Schema, error) {
	data, err := ReadSchemaFile(path)
	if err != nil {
		return nil, err
	}
	if opts.Loader == nil {
		opts.Loader = FileLoader(filepath.Dir(path))
	}
	return Compile(data, opts)
}
