// Package mixgen generates JSON Lines inputs that mix the forms language
// models write (plain, raw control bytes, trailing commas, fences on their
// own lines or on the value's line, an introduction line, pretty-printed,
// prose after), with a share of the records cut at a random point, and
// keeps the known value of every record: the oracle of the batch tests.
//
// Generation is deterministic for a seed.
package mixgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
)

// Form is one way a model writes a record.
type Form uint8

// The forms of a record.
const (
	Plain         Form = iota // {"id":1,...}
	RawControl                // raw tab and newline bytes inside a string
	TrailingComma             // a comma before a closer
	Fenced                    // ```json, the value, ``` on their own lines
	FenceOneLine              // ```json {...} ```
	FenceTight                // ```json{...}```
	FenceBare                 // ```{...}```
	Intro                     // "Here is the JSON:" then the value on the next line
	Pretty                    // indented over many lines
	ProseAfter                // the value, then a sentence on the same line
	ProseLine                 // the value, then a sentence on the next line
	ProseBefore               // "Sure: " then the value on the same line
	formCount
)

var formNames = [...]string{"plain", "raw_control", "trailing_comma", "fenced", "fence_one_line",
	"fence_tight", "fence_bare", "intro", "pretty", "prose_after", "prose_line", "prose_before"}

// String names the form.
func (f Form) String() string {
	if int(f) < len(formNames) {
		return formNames[f]
	}
	return "unknown"
}

// Forms lists every form.
func Forms() []Form {
	fs := make([]Form, formCount)
	for i := range fs {
		fs[i] = Form(i)
	}
	return fs
}

// Cut is where a truncated record stops.
type Cut uint8

// The truncation points.
const (
	NoCut         Cut = iota
	CutInString       // inside a string's content
	CutAfterColon     // right after a ':'
	CutAfterComma     // right after a ','
	CutAfterOpen      // right after a '['
	CutMidNumber      // inside a number of two or more digits
	cutCount
)

var cutNames = [...]string{"none", "in_string", "after_colon", "after_comma", "after_open", "mid_number"}

// String names the truncation point.
func (c Cut) String() string {
	if int(c) < len(cutNames) {
		return cutNames[c]
	}
	return "unknown"
}

// Options shape a mix. The zero value gives 100 records, every form, a
// quarter of them cut.
type Options struct {
	// Records is how many records the mix holds; zero means 100.
	Records int
	// CutFraction is the share of records cut; negative means none, zero
	// means 0.25.
	CutFraction float64
	// Forms are the forms drawn from; nil means every form.
	Forms []Form
}

// Entry is one record of a mix, as written and as meant.
type Entry struct {
	// ID is the record's "id" member, unique in the mix.
	ID int
	// Value is the record's value, compact JSON.
	Value []byte
	// Text is what the mix holds for the record (without the line end that
	// follows it).
	Text []byte
	// Form and Cut say how Text was written; a cut record is incomplete.
	Form Form
	Cut  Cut
}

// Complete reports whether the record was written whole.
func (e *Entry) Complete() bool { return e.Cut == NoCut }

// Mix is a generated input and its oracle.
type Mix struct {
	// Input is the JSON Lines input: every entry's Text, each followed by a
	// newline.
	Input []byte
	// Entries are the records, in input order.
	Entries []Entry
}

// Generate returns the mix of the given seed.
func Generate(seed uint64, opts Options) *Mix {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	n := opts.Records
	if n <= 0 {
		n = 100
	}
	frac := opts.CutFraction
	if frac == 0 {
		frac = 0.25
	}
	forms := opts.Forms
	if len(forms) == 0 {
		forms = Forms()
	}
	m := &Mix{}
	for i := range n {
		v := record(rng, i+1)
		e := Entry{ID: i + 1, Form: forms[rng.IntN(len(forms))]}
		e.Value, _ = json.Marshal(v)
		body := render(rng, v, e.Form)
		if frac > 0 && rng.Float64() < frac {
			body, e.Cut = cut(rng, body)
		}
		e.Text = wrap(rng, body, e.Form, e.Cut != NoCut)
		m.Entries = append(m.Entries, e)
		m.Input = append(m.Input, e.Text...)
		m.Input = append(m.Input, '\n')
	}
	return m
}

// object is a JSON object with its members in order.
type object []member

type member struct {
	key   string
	value any
}

var words = []string{"alpha", "beta", "gamma", "delta", "north", "south", "report", "ticket",
	"café", "naïve", "日本", "emoji 🙂", "a{b}", "[x]", "k:v", "one, two", `say "hi"`, `back\slash`, "tab\there", "```"}

func word(rng *rand.Rand) string { return words[rng.IntN(len(words))] }

func phrase(rng *rand.Rand) string {
	k := 1 + rng.IntN(6)
	ws := make([]string, k)
	for i := range ws {
		ws[i] = word(rng)
	}
	return strings.Join(ws, " ")
}

// record returns a random record with the given id.
func record(rng *rand.Rand, id int) object {
	o := object{{"id", id}}
	if rng.IntN(4) > 0 {
		o = append(o, member{"title", phrase(rng)})
	}
	if rng.IntN(2) == 0 {
		o = append(o, member{"text", phrase(rng) + "\n" + phrase(rng) + "\t" + word(rng)})
	}
	if rng.IntN(3) > 0 {
		tags := make([]any, rng.IntN(4))
		for i := range tags {
			tags[i] = word(rng)
		}
		o = append(o, member{"tags", tags})
	}
	if rng.IntN(2) == 0 {
		o = append(o, member{"score", json.Number(fmt.Sprintf("%d.%02d", rng.IntN(1000), rng.IntN(100)))})
	}
	o = append(o, member{"count", json.Number(fmt.Sprint(10 + rng.IntN(100000)))})
	if rng.IntN(2) == 0 {
		o = append(o, member{"meta", object{
			{"ok", rng.IntN(2) == 0},
			{"none", nil},
			{"points", []any{json.Number(fmt.Sprint(rng.IntN(500))), json.Number(fmt.Sprint(-rng.IntN(500))), object{{"x", word(rng)}}}},
		}})
	}
	return o
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(m.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := json.Marshal(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// render writes v in the value part of form f.
func render(rng *rand.Rand, v object, f Form) []byte {
	compact, _ := json.Marshal(v)
	switch f {
	case Pretty:
		var b bytes.Buffer
		indent := []string{"  ", "    ", "\t"}[rng.IntN(3)]
		_ = json.Indent(&b, compact, "", indent)
		return b.Bytes()
	case RawControl:
		return rawControls(compact)
	case TrailingComma:
		return trailingCommas(rng, compact)
	}
	if rng.IntN(3) == 0 {
		return spaced(compact)
	}
	return compact
}

// rawControls turns the \n and \t escapes of the strings into raw bytes.
func rawControls(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) {
			switch b[i+1] {
			case 'n':
				out = append(out, '\n')
				i++
				continue
			case 't':
				out = append(out, '\t')
				i++
				continue
			}
			out = append(out, b[i], b[i+1])
			i++
			continue
		}
		out = append(out, b[i])
	}
	return out
}

// trailingCommas puts a comma before some closers outside strings (at
// least the last one).
func trailingCommas(rng *rand.Rand, b []byte) []byte {
	var out []byte
	walk(b, func(i int, c byte, inString bool) {
		if !inString && (c == '}' || c == ']') && i > 0 && b[i-1] != '{' && b[i-1] != '[' &&
			(i == len(b)-1 || rng.IntN(2) == 0) {
			out = append(out, ',')
		}
		out = append(out, c)
	})
	return out
}

// spaced puts a space after every ':' and ',' outside strings.
func spaced(b []byte) []byte {
	var out []byte
	walk(b, func(_ int, c byte, inString bool) {
		out = append(out, c)
		if !inString && (c == ':' || c == ',') {
			out = append(out, ' ')
		}
	})
	return out
}

// walk calls fn for every byte of the JSON text b, saying whether it is
// inside a string (the quotes themselves count as outside).
func walk(b []byte, fn func(i int, c byte, inString bool)) {
	in, esc := false, false
	for i, c := range b {
		switch {
		case esc:
			esc = false
			fn(i, c, true)
		case in && c == '\\':
			esc = true
			fn(i, c, true)
		case in && c == '"':
			in = false
			fn(i, c, false)
		case in:
			fn(i, c, true)
		case c == '"':
			in = true
			fn(i, c, false)
		default:
			fn(i, c, false)
		}
	}
}

// cut truncates body at a random point of a random kind; when no point of
// that kind exists it falls back to the others.
func cut(rng *rand.Rand, body []byte) ([]byte, Cut) {
	points := make([][]int, cutCount)
	inNumber := false
	walk(body, func(i int, c byte, inString bool) {
		if i == 0 || i >= len(body)-1 {
			return
		}
		switch {
		case inString:
			points[CutInString] = append(points[CutInString], i)
		case c == ':':
			points[CutAfterColon] = append(points[CutAfterColon], i+1)
		case c == ',':
			points[CutAfterComma] = append(points[CutAfterComma], i+1)
		case c == '[':
			points[CutAfterOpen] = append(points[CutAfterOpen], i+1)
		}
		digit := !inString && c >= '0' && c <= '9'
		if digit && inNumber {
			points[CutMidNumber] = append(points[CutMidNumber], i)
		}
		inNumber = digit || !inString && (c == '.' || c == '-') && inNumber
	})
	k := Cut(1 + rng.IntN(int(cutCount-1)))
	for range cutCount {
		if ps := points[k]; len(ps) > 0 {
			return bytes.Clone(body[:ps[rng.IntN(len(ps))]]), k
		}
		k = k%(cutCount-1) + 1
	}
	return bytes.Clone(body[:len(body)/2]), CutInString
}

var intros = []string{"Here is the JSON:", "Sure! Here's the result:", "Output:", "The answer is as follows:"}
var prose = []string{"Hope this helps!", "Let me know if you need anything else.", "This object follows the schema.", "Note: ids are unique, and counts are exact."}

// wrap puts body in the form's framing; a cut record stops where its body
// stops.
func wrap(rng *rand.Rand, body []byte, f Form, isCut bool) []byte {
	var pre, post string
	tag := []string{"json", "JSON", ""}[rng.IntN(3)]
	switch f {
	case Fenced:
		pre, post = "```"+tag+"\n", "\n```"
	case FenceOneLine:
		pre, post = "```json ", " ```"
	case FenceTight:
		pre, post = "```json", "```"
	case FenceBare:
		pre, post = "```", "```"
	case Intro:
		pre = intros[rng.IntN(len(intros))] + "\n"
	case ProseAfter:
		post = " " + prose[rng.IntN(len(prose))]
	case ProseLine:
		post = "\n" + prose[rng.IntN(len(prose))]
	case ProseBefore:
		pre = intros[rng.IntN(len(intros))] + " "
	}
	if isCut {
		post = ""
	}
	out := append([]byte(pre), body...)
	return append(out, post...)
}

// Equal reports whether the JSON texts a and b hold the same value
// (numbers compared by their decimal value).
func Equal(a, b []byte) bool {
	va, err := decode(a)
	if err != nil {
		return false
	}
	vb, err := decode(b)
	if err != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

func decode(b []byte) (any, error) {
	var v any
	err := json.Unmarshal(b, &v)
	return v, err
}

// ID returns the "id" member of the JSON object b, or -1.
func ID(b []byte) int {
	var v struct {
		ID *int `json:"id"`
	}
	if json.Unmarshal(b, &v) != nil || v.ID == nil {
		return -1
	}
	return *v.ID
}

// Result is what a batch run made of a mix, measured against its oracle.
type Result struct {
	// Out is the number of output records; Lost lists the ids of complete
	// records missing from the output; Wrong describes output records that
	// equal no original, or an original more than once.
	Out   int
	Lost  []int
	Wrong []string
}

// OK reports whether nothing was lost or wrong.
func (r *Result) OK() bool { return len(r.Lost) == 0 && len(r.Wrong) == 0 }

// String sums the result up.
func (r *Result) String() string {
	return fmt.Sprintf("%d out, %d complete records lost %v, %d wrong %q", r.Out, len(r.Lost), r.Lost, len(r.Wrong), r.Wrong)
}

// Check compares out (one JSON value per line) with the mix: every output
// record must equal exactly one original by value, no original may come
// out twice, and every complete original must come out.
func (m *Mix) Check(out []byte) *Result {
	r := &Result{}
	byID := make(map[int]*Entry, len(m.Entries))
	for i := range m.Entries {
		byID[m.Entries[i].ID] = &m.Entries[i]
	}
	seen := map[int]bool{}
	for line := range bytes.Lines(out) {
		line = bytes.TrimSuffix(line, []byte("\n"))
		r.Out++
		id := ID(line)
		e := byID[id]
		switch {
		case e == nil:
			r.Wrong = append(r.Wrong, "no such record: "+string(line))
		case seen[id]:
			r.Wrong = append(r.Wrong, "twice: "+string(line))
		case !Equal(line, e.Value):
			r.Wrong = append(r.Wrong, fmt.Sprintf("record %d (%s, cut %s) came out as %s", id, e.Form, e.Cut, line))
		}
		seen[id] = true
	}
	for i := range m.Entries {
		if e := &m.Entries[i]; e.Complete() && !seen[e.ID] {
			r.Lost = append(r.Lost, e.ID)
		}
	}
	return r
}

// Context shows the texts around the records a result names, for a test's
// failure message.
func (m *Mix) Context(r *Result) string {
	var b strings.Builder
	show := map[int]bool{}
	for _, id := range r.Lost {
		show[id-1], show[id], show[id+1] = true, true, true
	}
	for i := range m.Entries {
		if e := &m.Entries[i]; show[e.ID] {
			fmt.Fprintf(&b, "\n  %d %s cut=%s: %.400q", e.ID, e.Form, e.Cut, e.Text)
		}
	}
	return b.String()
}
