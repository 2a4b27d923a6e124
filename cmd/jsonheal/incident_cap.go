package main

import (
	"fmt"
	"io"
)

// What `report` and `replay` hold of one incident is capped while it is
// read, by the record cap of clean (--max-record-bytes): an incident
// holds a record escaped (a JSON record's quotes and backslashes double
// at most) plus its diagnostics, so its cap is twice the record cap plus
// 1 MiB. A line longer than that is refused as soon as its first bytes
// past the cap are read, however long the line or small its compressed
// form (a zstd bomb of spaces); a record of several lines over it is read
// to its end without being held (the Splitter's cap) and refused.

// incidentCap is the most bytes one incident may hold when records are
// capped at maxRecord bytes.
func incidentCap(maxRecord int64) int64 { return 2*maxRecord + 1<<20 }

// incidentTooLargeError reports an incident over the cap, refused while
// reading it.
type incidentTooLargeError struct {
	// File names the input; Line is the line where the incident (or the
	// over-long line) starts, Offset the input offset (decompressed) where
	// it passed the cap.
	File         string
	Line, Offset int64
	// Size is the incident's size when it was read to its end (a record
	// of several lines); 0 when reading stopped at the cap (a line).
	Size int64
	// Cap is the cap, twice --max-record-bytes plus 1 MiB.
	Cap int64
}

// Error says where, how large, and which flag raises the cap.
func (e *incidentTooLargeError) Error() string {
	size := fmt.Sprintf("a line of more than %d bytes (not read past offset %d)", e.Cap, e.Offset)
	if e.Size > 0 {
		size = fmt.Sprintf("an incident of %d bytes, over the cap of %d", e.Size, e.Cap)
	}
	return fmt.Sprintf("%s:%d: %s; an incident holds at most twice --max-record-bytes plus 1 MiB: "+
		"raise --max-record-bytes to read it", e.File, e.Line, size)
}

// lineCapReader passes r on and fails, with an *incidentTooLargeError,
// as soon as a line (ended by LF or CR) passes max bytes.
type lineCapReader struct {
	r    io.Reader
	name string
	max  int64
	// run is the length of the current line so far; line its number
	// (1-based, counting LFs); offset the bytes passed on.
	run, line, offset int64
	err               error
}

func newLineCapReader(r io.Reader, name string, max int64) *lineCapReader {
	return &lineCapReader{r: r, name: name, max: max, line: 1}
}

// Read reads from r; past the cap it returns the bytes before it and the
// error, then the error alone.
func (l *lineCapReader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	for i, c := range p[:n] {
		switch c {
		case '\n':
			l.line++
			l.run = 0
		case '\r':
			l.run = 0
		default:
			if l.run++; l.run > l.max {
				l.offset += int64(i)
				l.err = &incidentTooLargeError{File: l.name, Line: l.line, Offset: l.offset, Cap: l.max}
				return i, l.err
			}
		}
	}
	l.offset += int64(n)
	return n, err
}
