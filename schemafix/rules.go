package schemafix

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jsonheal/jsonheal/internal/jsonpointer"
	"github.com/jsonheal/jsonheal/sanitize"
)

// diag is the part of a validator diagnostic the fix rules read.
type diag struct {
	Path         string // JSON Pointer of the instance
	Code         string
	ReceivedType string
	Received     string // the value's JSON text, cut to 64 bytes (with "...")
	Property     string
	Allowed      []string
	Default      []byte
}

// edit replaces doc[start:end] with text.
type edit struct {
	start, end int
	text       []byte
	fix        Fix
}

// proposeFixes returns the edits the enabled rules make for diags on doc,
// at or above floor. It reads doc only when some diagnostic may be fixed
// (mayFix).
func proposeFixes(doc []byte, diags []diag, rules Rule, floor sanitize.Confidence) []edit {
	if !slices.ContainsFunc(diags, func(d diag) bool { return mayFix(d, rules) }) {
		return nil // the common case of a schema every record fails: no scan
	}
	return editsFor(indexDoc(doc), diags, rules, floor)
}

// editsFor is proposeFixes on the indexed document x, for every diagnostic.
func editsFor(x *docIndex, diags []diag, rules Rule, floor sanitize.Confidence) []edit {
	var edits []edit
	renamed := map[string]bool{} // "objectPath\x00name" a rename already provides
	if rules&Rename != 0 {
		edits = append(edits, renameFixes(x, diags, renamed)...)
	}
	defaults := map[string][]diag{} // object path -> missing properties with defaults
	var order []string
	for _, d := range diags {
		switch d.Code {
		case "enum":
			if rules&EnumCase != 0 {
				if e, ok := enumFix(x, d); ok {
					edits = append(edits, e)
				}
			}
		case "type":
			if e, ok := typeFix(x, d, rules); ok {
				edits = append(edits, e)
			}
		case "required":
			if rules&Default != 0 && len(d.Default) > 0 && json.Valid(d.Default) && !renamed[d.Path+"\x00"+d.Property] {
				if _, seen := defaults[d.Path]; !seen {
					order = append(order, d.Path)
				}
				defaults[d.Path] = append(defaults[d.Path], d)
			}
		}
	}
	for _, path := range order {
		if e, ok := defaultFix(x, path, defaults[path]); ok {
			edits = append(edits, e)
		}
	}
	kept := edits[:0]
	for _, e := range edits {
		if floor == 0 || e.fix.Confidence >= floor {
			kept = append(kept, e)
		}
	}
	return kept
}

// applyEdits applies the edits that do not overlap an edit later in the
// document, and returns the new document and the fixes applied, in
// document order. Skipped edits are proposed again in the next round.
// It builds the new document in one pass: its cost is the document's
// length plus the edits', however many there are.
func applyEdits(doc []byte, edits []edit) ([]byte, []Fix) {
	// Choose from the end of the document back: an edit is kept when it
	// ends at or before the start of the last one kept (among edits that
	// start at one place, the first proposed is kept first).
	slices.SortStableFunc(edits, func(a, b edit) int { return b.start - a.start })
	kept := edits[:0]
	size := len(doc)
	limit := len(doc) + 1
	for _, e := range edits {
		if e.end > limit {
			continue // overlaps an edit already kept
		}
		kept = append(kept, e)
		size += len(e.text) - (e.end - e.start)
		limit = e.start
	}
	slices.Reverse(kept)
	out := make([]byte, 0, size)
	fixes := make([]Fix, 0, len(kept))
	at := 0
	for _, e := range kept {
		out = append(append(out, doc[at:e.start]...), e.text...)
		at = e.end
		fixes = append(fixes, e.fix)
	}
	return append(out, doc[at:]...), fixes
}

// appendNormalized appends name with its case folded and its separators
// dropped to dst: "user_id" and "userId" both become "userid".
func appendNormalized(dst []byte, name string) []byte {
	for _, r := range name {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			dst = append(dst, byte(r))
		default:
			dst = utf8.AppendRune(dst, unicode.ToLower(r))
		}
	}
	return dst
}

// Closeness rates how surely the property name extra meant allowed: Certain when equal
// after folding case and separators, Likely within a small edit distance,
// Guess when one ends or starts with the other ("userId" -> "id"); 0 when
// unrelated.
func Closeness(extra, allowed string) sanitize.Confidence {
	var bufA, bufB [64]byte // on the stack for names up to 64 bytes
	a, b := appendNormalized(bufA[:0], extra), appendNormalized(bufB[:0], allowed)
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	if bytes.Equal(a, b) {
		return sanitize.Certain
	}
	// The edit distance is at least the difference in length: names
	// more than 2 bytes apart in length are never within 2 edits.
	// Nor are names with more than 2 bytes that the other lacks.
	if diff := len(a) - len(b); diff >= -2 && diff <= 2 && bytesOutside(a, b) <= 2 && bytesOutside(b, a) <= 2 {
		if d := editDistance(a, b, 2); d <= 2 && d*3 <= min(len(a), len(b)) {
			return sanitize.Likely
		}
	}
	short, long := a, b
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) >= 2 && (bytes.HasSuffix(long, short) || bytes.HasPrefix(long, short)) {
		return sanitize.Guess
	}
	return 0
}

// bytesOutside counts the bytes of a whose value does not occur in b: a
// lower bound of the edit distance of a and b, since each of them must be
// substituted or deleted.
func bytesOutside(a, b []byte) int {
	var in [4]uint64 // the byte values of b
	for _, c := range b {
		in[c>>6] |= 1 << (c & 63)
	}
	n := 0
	for _, c := range a {
		if in[c>>6]&(1<<(c&63)) == 0 {
			n++
		}
	}
	return n
}

// editDistance is the Levenshtein distance between a and b (bytes), or
// limit+1 when it is larger than limit: the rows stop as soon as none of
// their cells is within limit.
func editDistance[T string | []byte](a, b T, limit int) int {
	var rows [2][64]int // on the stack for names up to 63 bytes
	prev, cur := rows[0][:], rows[1][:]
	if len(b) >= len(rows[0]) {
		prev, cur = make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev, cur = prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1 // cells never decrease from one row to the next
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit+1)
}

// renameFixes renames an extra property to the single allowed, absent name
// close to it, when no other extra property of the object is close to that
// name too.
func renameFixes(doc *docIndex, diags []diag, renamed map[string]bool) []edit {
	type extra struct {
		obj  string // object path
		name string
		d    diag
	}
	var extras []extra
	for _, d := range diags {
		if d.Code != "additional_properties" || d.Property == "" || len(d.Allowed) == 0 {
			continue
		}
		obj := objectPathOf(doc, d)
		if obj == "\x00" {
			continue
		}
		extras = append(extras, extra{obj, d.Property, d})
	}
	byObject := map[string][]string{} // object path -> its extra names
	for _, x := range extras {
		byObject[x.obj] = append(byObject[x.obj], x.name)
	}
	nearTarget := map[[2]string][]string{} // {object, target} -> its extras close to target
	var edits []edit
	objects := map[string]map[string]member{} // object path -> its members by name (nil: not an object)
	for _, x := range extras {
		keys, seen := objects[x.obj]
		if !seen {
			keys = objectMembers(doc, x.obj)
			objects[x.obj] = keys
		}
		if keys == nil {
			continue
		}
		var target string
		var conf sanitize.Confidence
		matches := 0
		for _, name := range x.d.Allowed {
			if _, present := keys[name]; present {
				continue
			}
			if c := Closeness(x.name, name); c > 0 {
				target, conf = name, c
				matches++
			}
		}
		if matches != 1 {
			continue
		}
		m, ok := keys[x.name]
		if !ok || hasRival(nearTarget, byObject[x.obj], x.name, x.obj, target) {
			continue
		}
		quoted, _ := json.Marshal(target)
		edits = append(edits, edit{start: m.keyStart, end: m.keyEnd, text: quoted, fix: Fix{
			Rule: Rename, Confidence: conf, Path: x.obj, From: x.name, To: target,
		}})
		renamed[x.obj+"\x00"+target] = true
	}
	return edits
}

// hasRival reports whether an extra property of the object obj other
// than name is close to target too. The extras close to each target are
// found once per object (in nearTarget), so that an object with many extra
// properties costs their number times its allowed names, not their square.
func hasRival(nearTarget map[[2]string][]string, extras []string, name, obj, target string) bool {
	key := [2]string{obj, target}
	near, seen := nearTarget[key]
	if !seen {
		near = []string{}
		for _, y := range extras {
			if Closeness(y, target) > 0 {
				near = append(near, y)
			}
		}
		nearTarget[key] = near
	}
	for _, y := range near {
		if y != name {
			return true
		}
	}
	return false
}

// objectMembers returns the members of the object at path by name; nil
// when there is no object there.
func objectMembers(doc *docIndex, path string) map[string]member {
	ms, ok := doc.members(path)
	if !ok {
		return nil
	}
	keys := map[string]member{}
	for _, m := range ms {
		keys[decodeKey(doc.doc[m.keyStart:m.keyEnd])] = m
	}
	return keys
}

// objectPathOf returns the pointer of the object an additional-property
// diagnostic is about: its InstanceLocation, or the parent when the
// location names the property itself. "\x00" when neither fits.
func objectPathOf(doc *docIndex, d diag) string {
	if start, _, ok := doc.locate(d.Path); ok && doc.doc[start] == '{' {
		suffix := "/" + EscapePointer(d.Property)
		if !strings.HasSuffix(d.Path, suffix) {
			return d.Path
		}
		if _, _, inner := doc.locate(d.Path + suffix); inner {
			return d.Path
		}
	}
	suffix := "/" + EscapePointer(d.Property)
	if parent, ok := strings.CutSuffix(d.Path, suffix); ok {
		return parent
	}
	return "\x00"
}

// EscapePointer escapes a property name for a JSON Pointer (RFC 6901).
func EscapePointer(s string) string { return jsonpointer.EscapeToken(s) }

// enumFix case-folds a string to its only enum match.
func enumFix(x *docIndex, d diag) (edit, bool) {
	doc := x.doc
	start, end, ok := x.locate(d.Path)
	if !ok || doc[start] != '"' {
		return edit{}, false
	}
	var got string
	if json.Unmarshal(doc[start:end], &got) != nil {
		return edit{}, false
	}
	var match string
	matches := 0
	for _, text := range d.Allowed {
		// Only a JSON string is a candidate: Unmarshal reads null into a
		// string as "" without an error.
		var want string
		if !strings.HasPrefix(text, `"`) || json.Unmarshal([]byte(text), &want) != nil {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(got), want) {
			match = text
			matches++
		}
	}
	if matches != 1 {
		return edit{}, false
	}
	return edit{start: start, end: end, text: []byte(match), fix: Fix{
		Rule: EnumCase, Confidence: sanitize.Likely, Path: d.Path, From: string(doc[start:end]), To: match,
	}}, true
}

// typeFix coerces exact readings ("42" -> 42, "true" -> true, 42 -> "42")
// or wraps a lone value in an array.
func typeFix(x *docIndex, d diag, rules Rule) (edit, bool) {
	doc := x.doc
	start, end, ok := x.locate(d.Path)
	if !ok {
		return edit{}, false
	}
	v := doc[start:end]
	have := jsonType(v)
	allowed := func(t string) bool { return slices.Contains(d.Allowed, t) }
	mk := func(rule Rule, conf sanitize.Confidence, text []byte) (edit, bool) {
		return edit{start: start, end: end, text: text, fix: Fix{
			Rule: rule, Confidence: conf, Path: d.Path, From: string(v), To: string(text),
		}}, true
	}
	if rules&Coerce != 0 {
		if have == "string" {
			var s string
			if json.Unmarshal(v, &s) == nil {
				switch {
				case (allowed("integer") || allowed("number")) && isJSONInteger(s):
					return mk(Coerce, sanitize.Certain, []byte(s))
				case allowed("number") && isJSONNumber(s):
					return mk(Coerce, sanitize.Certain, []byte(s))
				case allowed("boolean") && (s == "true" || s == "false"):
					return mk(Coerce, sanitize.Certain, []byte(s))
				case allowed("null") && s == "null":
					return mk(Coerce, sanitize.Certain, []byte(s))
				}
			}
		}
		if (have == "integer" || have == "number" || have == "boolean") && allowed("string") {
			quoted, _ := json.Marshal(string(v))
			return mk(Coerce, sanitize.Likely, quoted)
		}
	}
	if rules&WrapArray != 0 && allowed("array") && have != "array" && !allowed(have) {
		return mk(WrapArray, sanitize.Likely, slices.Concat([]byte("["), v, []byte("]")))
	}
	return edit{}, false
}

// defaultFix inserts the missing properties of one object from their
// schema defaults, in one edit.
func defaultFix(x *docIndex, path string, missing []diag) (edit, bool) {
	start, _, ok := x.locate(path)
	if !ok || x.doc[start] != '{' {
		return edit{}, false
	}
	ms, _ := x.members(path)
	nonEmpty := len(ms) > 0
	var text []byte
	seen := map[string]bool{}
	for _, d := range missing {
		if seen[d.Property] {
			continue
		}
		seen[d.Property] = true
		if len(text) > 0 {
			text = append(text, ',')
		}
		key, _ := json.Marshal(d.Property)
		text = append(append(append(text, key...), ':'), d.Default...)
	}
	members := string(text)
	if nonEmpty {
		text = append(text, ',')
	}
	return edit{start: start + 1, end: start + 1, text: text, fix: Fix{
		Rule: Default, Confidence: sanitize.Likely, Path: path, To: members,
	}}, true
}
