package validate

import (
	"errors"
	"io/fs"
	"os"
)

// MaxResourceBytes caps the size of one schema document: a file read by
// ReadSchemaFile, or the bytes an Options.Loader returns.
const MaxResourceBytes = 16 << 20

// MaxLoadedBytes caps the bytes all the documents an Options.Loader returns
// for one Compile may total.
const MaxLoadedBytes = 4 * MaxResourceBytes

// Sentinel errors of schema loading (see LoadError and CompileError).
var (
	// ErrNotRegularFile: a schema path names a device, FIFO, socket or
	// directory; only regular files are read.
	ErrNotRegularFile = errors.New("not a regular file")
	// ErrResourceTooLarge: a schema document is larger than MaxResourceBytes.
	ErrResourceTooLarge = errors.New("schema document too large")
)

// LoadError reports a schema file that could not be read. Its message
// names the file and the reason, never the file's content.
type LoadError struct {
	// Path is the file as given.
	Path string
	// Err is ErrNotRegularFile, ErrResourceTooLarge or the error of the
	// file system (fs.ErrNotExist, fs.ErrPermission, ...).
	Err error
	// Detail says more (the kind of file, the size), or is empty.
	Detail string
}

// Error implements error.
func (e *LoadError) Error() string {
	s := "validate: load " + e.Path + ": " + e.Err.Error()
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Unwrap returns the cause.
func (e *LoadError) Unwrap() error { return e.Err }

// ReadSchemaFile reads a schema document from a regular file of at most
// MaxResourceBytes. Devices (/dev/zero, /dev/urandom), FIFOs, sockets and
// directories are refused before anything is read from them, so a bad path
// can neither block nor fill memory. Errors are *LoadError values.
func ReadSchemaFile(path string) ([]byte, error) {
	fail := func(err error, detail string) ([]byte, error) {
		return nil, &LoadError{Path: path, Err: err, Detail: detail}
	}
	st, err := os.Stat(path)
	if err != nil {
		return fail(fsCause(err), "")
	}
	if err := checkResource(path, st); err != nil {
		return nil, err
	}
	// Opened without blocking: should the path have become a FIFO since
	// the Stat, opening it must not wait for a writer.
	f, err := os.OpenFile(path, os.O_RDONLY|openNoBlock, 0)
	if err != nil {
		return fail(fsCause(err), "")
	}
	defer f.Close()
	fst, err := f.Stat()
	if err != nil {
		return fail(fsCause(err), "")
	}
	if !fst.Mode().IsRegular() || !os.SameFile(st, fst) {
		return fail(ErrNotRegularFile, "changed while opening")
	}
	return readResource(path, f)
}

// fsCause strips the path from a file system error (LoadError has it).
func fsCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// fileKind names the kind of a file that is not regular.
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}
