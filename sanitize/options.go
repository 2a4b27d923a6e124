package sanitize

import "github.com/jsonheal/jsonheal/scanner"

// DefaultMaxDepth is the nesting limit used when Options.MaxDepth is zero.
const DefaultMaxDepth = scanner.DefaultMaxDepth

// DefaultWriterWindow is the output a Writer holds when
// Options.WriterWindow is zero: 1 MiB, more than a model's answer.
const DefaultWriterWindow = 1 << 20

// Options configure a sanitizer. The zero value is ready to use: it strips
// fences and prose, escapes control bytes, replaces invalid UTF-8, makes
// every syntax repair, and reports truncation without closing it.
type Options struct {
	// CloseTruncated completes truncated input with the minimal closers
	// (dropping any incomplete number, literal or key first). The result is
	// still reported as truncated.
	CloseTruncated bool
	// Strict allows only the fast layer's certain changes: fence and prose
	// removal, control-byte escapes and truncation handling. Invalid UTF-8
	// and every kind in RepairKinds are syntax errors instead.
	Strict bool
	// Disable lists kinds of repair not to make: what they would repair is a
	// syntax error instead. Only the kinds in RepairKinds and
	// KindInvalidUTF8 can be disabled.
	Disable KindSet
	// MinConfidence is the confidence floor: a document that needs a fix
	// below it is not repaired but returned with ErrNeedsModel and the
	// fix's coordinates, for a model (or a person) to decide. Zero means
	// DefaultMinConfidence (likely): a guess is made only when the caller
	// sets Guess explicitly.
	MinConfidence Confidence
	// UnwrapStringDocument replaces a top-level string that holds a whole
	// document ("{\"a\": 1}", an answer serialized twice) by that document,
	// when the string's content is a valid object or array by itself. It is
	// off by default: such a string is valid JSON, and valid input passes
	// through untouched.
	UnwrapStringDocument bool
	// NonFiniteAsString turns undefined, NaN, Infinity and -Infinity into
	// strings ("NaN") instead of null.
	NonFiniteAsString bool
	// Values says what to do with input that holds several top-level
	// values. The zero value, ValuesOne, refuses it: a nil error means the
	// output is exactly one JSON text.
	Values ValuesMode
	// MaxDepth caps the nesting of arrays and objects; zero means
	// DefaultMaxDepth.
	MaxDepth int
	// MaxInput caps the size of one document's input in bytes; zero means
	// no cap. Past it the call stops with ErrTooLarge at exactly that
	// offset, whatever the chunking. It bounds memory: the output is never
	// more than six times the input.
	MaxInput int64
	// WriterWindow is how much output a Writer holds back before it
	// starts passing on what is settled; zero (or less) means
	// DefaultWriterWindow.
	// While the whole output fits in it, a refused document writes
	// nothing (Append's promise); past it, the Writer streams in bounded
	// memory, and a refusal found after output was written is a
	// *PartialError. Append, Bytes and Stream ignore it.
	WriterWindow int
}

// writerWindow returns the window a Writer holds (see WriterWindow).
func (o *Options) writerWindow() int {
	if o.WriterWindow > 0 {
		return o.WriterWindow
	}
	return DefaultWriterWindow
}

// DefaultMinConfidence is the confidence floor when Options.MinConfidence
// is zero: certain and likely fixes are made, and a document that needs a
// guess fails with ErrNeedsModel. Set MinConfidence to Guess to accept
// guesses. The same default holds in package heal and package jsonl.
const DefaultMinConfidence = Likely

// allows reports whether fixes of kind k may be made.
func (o *Options) allows(k Kind) bool {
	if o.Strict && (k == KindInvalidUTF8 || RepairKinds.Has(k)) {
		return false
	}
	if k == KindEscapedDocument && !o.UnwrapStringDocument {
		return false
	}
	return !o.Disable.Has(k)
}

// repairSet is the set of scanner repairs the options allow.
func (o *Options) repairSet() scanner.RepairSet {
	var set scanner.RepairSet
	for k := kindFirstRepair; k < KindEscapedDocument; k++ {
		if o.allows(k) {
			set = set.With(repairOfKind(k))
		}
	}
	return set
}
