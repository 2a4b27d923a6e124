package jsonl

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/jsonheal/jsonheal/sanitize"
)

// fakeSanitizer stands in for sanitize.Sanitizer in tests that must not
// depend on its repairs: it trims blanks, escapes raw newlines and tabs in
// strings (KindControlChar) and judges the result with encoding/json.
type fakeSanitizer struct {
	rep sanitize.Report
}

func (f *fakeSanitizer) Reset() { f.rep = sanitize.Report{Fixes: f.rep.Fixes[:0]} }

func (f *fakeSanitizer) Report() *sanitize.Report { return &f.rep }

func (f *fakeSanitizer) Append(dst, src []byte) ([]byte, error) {
	src = bytes.TrimSpace(src)
	start := len(dst)
	esc := escapeRawControls(src)
	if !bytes.Equal(esc, src) {
		f.rep.Fixes = append(f.rep.Fixes, sanitize.Fix{Kind: sanitize.KindControlChar, Confidence: sanitize.Certain, Line: 1, Column: 1})
	}
	dst = append(dst, esc...)
	if len(src) == 0 {
		return dst[:start], &sanitize.Error{Err: sanitize.ErrNoValue, Line: 1, Column: 1}
	}
	var v any
	err := json.Unmarshal(esc, &v)
	if err == nil {
		f.rep.Values = 1
		return dst, nil
	}
	var se *json.SyntaxError
	if errors.As(err, &se) || err.Error() == "unexpected end of JSON input" {
		if err.Error() == "unexpected end of JSON input" {
			f.rep.Truncated = true
			return dst[:start], &sanitize.Error{Err: sanitize.ErrTruncated, Offset: int64(len(src)), Line: 1, Column: len(src) + 1}
		}
		return dst[:start], &sanitize.Error{Err: sanitize.ErrSyntax, Offset: se.Offset, Line: 1, Column: int(se.Offset) + 1, Msg: se.Error()}
	}
	return dst[:start], &sanitize.Error{Err: sanitize.ErrSyntax, Line: 1, Column: 1, Msg: err.Error()}
}

func newFake() Sanitizer { return &fakeSanitizer{} }
