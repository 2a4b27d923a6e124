package jsonl

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"unsafe"

	"github.com/jsonheal/jsonheal/internal/jsonstr"
)

// Reject is one line of a rejects file: a record that was not written, why,
// and its raw bytes so that it can be fixed and replayed. Encoding a Reject
// with encoding/json gives the same fields as the Cleaner writes.
type Reject struct {
	// File names the input (Options.Source), if given.
	File string `json:"file,omitempty"`
	// Line is the input line where the record starts (1-based); Lines is
	// how many lines it spans.
	Line  int64 `json:"line"`
	Lines int   `json:"lines"`
	// Offset is the input byte offset of the record; Size its size.
	Offset int64 `json:"offset"`
	Size   int64 `json:"size"`
	// Reason is the Reason's name, e.g. "syntax", "truncated", "schema".
	Reason string `json:"reason"`
	// Error is the compact diagnostic text.
	Error string `json:"error"`
	// Details is the structured diagnostic (JSON), if any.
	Details json.RawMessage `json:"details,omitempty"`
	// More is how many schema diagnostics Details leaves out, past the
	// per-record cap (Options.MaxDiagnostics); absent when none.
	More int `json:"more,omitempty"`
	// Raw is the record as read, when it is valid UTF-8; otherwise RawBase64
	// holds it (standard base64).
	Raw       string `json:"raw,omitempty"`
	RawBase64 string `json:"raw_base64,omitempty"`
	// RawTruncated reports that Raw holds only the first bytes of the
	// record (too-large records are not kept whole).
	RawTruncated bool `json:"raw_truncated,omitempty"`
}

// RawBytes returns the raw record bytes of r.
func (r *Reject) RawBytes() ([]byte, error) {
	if r.RawBase64 != "" {
		return base64.StdEncoding.DecodeString(r.RawBase64)
	}
	return []byte(r.Raw), nil
}

// appendReject appends one rejects-file line (with its newline) to dst.
func appendReject(dst []byte, source string, m *recMeta, raw []byte, reason Reason, d *Diagnosis) []byte {
	dst = append(dst, '{')
	if source != "" {
		dst = append(dst, `"file":`...)
		dst = appendJSONString(dst, source)
		dst = append(dst, ',')
	}
	dst = append(dst, `"line":`...)
	dst = strconv.AppendInt(dst, m.line, 10)
	dst = append(dst, `,"lines":`...)
	dst = strconv.AppendInt(dst, int64(m.lines), 10)
	dst = append(dst, `,"offset":`...)
	dst = strconv.AppendInt(dst, m.offset, 10)
	dst = append(dst, `,"size":`...)
	dst = strconv.AppendInt(dst, m.size, 10)
	dst = append(dst, `,"reason":"`...)
	dst = append(dst, reason.String()...)
	dst = append(dst, `","error":`...)
	dst = appendJSONString(dst, d.Text)
	if len(d.Details) > 0 {
		dst = append(dst, `,"details":`...)
		dst = append(dst, d.Details...)
	}
	if d.More > 0 {
		dst = append(dst, `,"more":`...)
		dst = strconv.AppendInt(dst, int64(d.More), 10)
	}
	mark := len(dst)
	if quoted, ok := jsonstr.AppendValid(append(dst, `,"raw":`...), unsafe.String(unsafe.SliceData(raw), len(raw))); ok {
		dst = quoted
	} else {
		dst = append(dst[:mark], `,"raw_base64":"`...)
		dst = base64.StdEncoding.AppendEncode(dst, raw)
		dst = append(dst, '"')
	}
	if m.tooLarge {
		dst = append(dst, `,"raw_truncated":true`...)
	}
	return append(dst, "}\n"...)
}

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes
// U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
	return jsonstr.Append(dst, s, "\ufffd")
}
