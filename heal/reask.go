package heal

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/sanitize"
)

// This file writes what a model reads when its answer is not JSON: what is
// wrong, where (the JSON Pointer of the value, line, column and the
// answer's own text there) and what is expected, in words a model can act
// on and in few tokens. The library's
// wording (sentinels, offsets, confidence floors) stays in Decision.Reason.

// Re-ask instructions, after the diagnostics.
const (
	reaskSyntaxTail = "Reply with the complete corrected JSON value only: no prose, no code fences."
	reaskSchemaTail = "Correct only these fields and reply with the complete JSON value only: no prose, no code fences."
)

// reaskText is the user turn of a re-ask: the diagnostics and the
// instruction to correct only them.
func reaskText(v Verdict) string {
	if v.Decision.Class == ClassSyntax {
		return "Your previous answer is not valid JSON: " + v.Diagnostics + "\n" + reaskSyntaxTail
	}
	return "Your previous answer does not match the required JSON schema:\n" + v.Diagnostics + "\n" + reaskSchemaTail
}

// syntaxProblem says what is wrong with an answer the sanitizer refused,
// for the model: "at /user/name (line 1, column 19), near `...`:
// <problem>", or "at line 1, column 19, ..." where the pointer would be
// the whole value (or is not shown, see shownPointer).
func syntaxProblem(answer []byte, err error) string {
	var e *sanitize.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	var problem string
	switch {
	case errors.Is(err, sanitize.ErrNeedsModel):
		problem = kindProblem(e.Kind)
	case errors.Is(err, sanitize.ErrMultipleValues):
		problem = "a second JSON value begins here; reply with exactly one JSON value."
	case errors.Is(err, sanitize.ErrDepth):
		problem = "the value nests too deep."
	default:
		problem = e.Msg
		if problem == "" {
			problem = e.Err.Error()
		}
		problem += "."
	}
	where := "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column)
	if p := shownPointer(answer, e.Offset); p != "" {
		where = "at " + p + " (" + where + ")"
	} else {
		where = "at " + where
	}
	if x := excerpt(answer, e.Offset); x != "" {
		where += ", near `" + x + "`"
	}
	return where + ": " + problem
}

// kindProblems says, for each repair the sanitizer may refuse (every
// likely and guess kind), what the model wrote and what JSON expects.
var kindProblems = map[sanitize.Kind]string{
	sanitize.KindExtraComma:        "an extra comma; remove it.",
	sanitize.KindMissingComma:      "a comma is missing between two elements or members.",
	sanitize.KindSingleQuote:       "a string in single quotes; JSON strings use double quotes.",
	sanitize.KindTypographicQuote:  "typographic quotes; JSON strings use straight double quotes (\").",
	sanitize.KindUnquotedKey:       "a key without quotes; write every key in double quotes.",
	sanitize.KindUnquotedValue:     "a value without quotes; write strings in double quotes (only numbers, true, false and null go bare).",
	sanitize.KindInnerQuote:        "a double quote inside a string is not escaped; write it as \\\".",
	sanitize.KindNonFinite:         "NaN, Infinity or undefined, which JSON does not have; write null or a number.",
	sanitize.KindMismatchedBracket: "the brackets do not match; close each [ with ] and each { with }.",
	sanitize.KindMissingColon:      "a colon is missing between a key and its value.",
	sanitize.KindMissingValue:      "a key has no value; give every key a value (null when unknown).",
	sanitize.KindWrapper:           "a constructor call around a value; write the value alone.",
	sanitize.KindConcatenation:     "strings joined with +; write one string.",
	sanitize.KindEllipsis:          "a ... placeholder; write every element, or none.",
	sanitize.KindLeadingZero:       "a number with leading zeros; write it without them, or as a string.",
	sanitize.KindInvalidEscape:     "an invalid escape in a string; write a backslash as \\\\.",
	sanitize.KindFullWidth:         "full-width punctuation used as syntax; use ASCII , : [ ] { }.",
	sanitize.KindValueComment:      "a # comment where a value belongs; JSON has no comments.",
	sanitize.KindUnclosedString:    "a string is not closed; end it with a double quote.",
	sanitize.KindRegex:             "a regular expression literal; write it as a string.",
	sanitize.KindInnerFence:        "a markdown code fence inside the JSON; remove it.",
	sanitize.KindEscapedQuotes:     "every quote is escaped; write the JSON itself, not escaped.",
	sanitize.KindEscapedDocument:   "the JSON is written as a string; write the JSON itself.",
	sanitize.KindStringBackoff:     "a string is not closed; end it with a double quote.",
	sanitize.KindProseValue:        "text after the JSON value; write one JSON value and nothing after it.",
}

// kindProblem is the problem a refused repair of kind k stands for.
func kindProblem(k sanitize.Kind) string {
	if p, ok := kindProblems[k]; ok {
		return p
	}
	return "this is not valid JSON."
}

// maxShownPointer bounds, in bytes, the JSON Pointer a re-ask shows.
const maxShownPointer = 120

// shownPointer returns the JSON Pointer of the value the answer was being
// read at off (sanitize.PointerAt), as the re-ask shows it: "" for the
// whole value, and for a pointer longer than maxShownPointer or holding
// control characters, backquotes or invalid UTF-8 (the line, column and
// excerpt still say where).
func shownPointer(answer []byte, off int64) string {
	p := sanitize.PointerAt(answer, off)
	if len(p) > maxShownPointer || !utf8.ValidString(p) || strings.IndexFunc(p, notShown) >= 0 {
		return ""
	}
	return p
}

// notShown reports whether r may not appear in a pointer a re-ask shows.
func notShown(r rune) bool { return r < 0x20 || r == 0x7f || r == '`' }

// Excerpt bounds: bytes of the answer shown before and after the offset,
// on its line.
const (
	excerptBefore = 20
	excerptAfter  = 16
)

// excerpt returns the answer's text around off, on off's line, cut at
// whole UTF-8 characters; "" when there is none or it holds a backquote
// (it is shown between backquotes).
func excerpt(answer []byte, off int64) string {
	if off < 0 || off > int64(len(answer)) {
		return ""
	}
	at := int(off)
	lo := max(0, at-excerptBefore)
	if nl := bytes.LastIndexByte(answer[lo:at], '\n'); nl >= 0 {
		lo += nl + 1
	}
	hi := min(len(answer), at+excerptAfter)
	if nl := bytes.IndexByte(answer[at:hi], '\n'); nl >= 0 {
		hi = at + nl
	}
	for lo < at && !utf8.RuneStart(answer[lo]) {
		lo++
	}
	for hi > at && hi < len(answer) && !utf8.RuneStart(answer[hi]) {
		hi--
	}
	x := bytes.TrimSpace(answer[lo:hi])
	if len(x) == 0 || bytes.IndexByte(x, '`') >= 0 || !utf8.Valid(x) {
		return ""
	}
	return string(x)
}
