package sanitize

// DefaultMaxDepth is the nesting limit used when Options.MaxDepth is zero.
const DefaultMaxDepth = 512

// Options configure a sanitizer. The zero value is ready to use: it strips
// fences and prose, escapes control bytes, replaces invalid UTF-8 and reports
// truncation without closing it.
type Options struct {
	// CloseTruncated completes truncated input with the minimal closers
	// (dropping any incomplete number, literal or key first). The result is
	// still reported as truncated.
	CloseTruncated bool
	// MaxDepth caps the nesting of arrays and objects; zero means
	// DefaultMaxDepth.
	MaxDepth int
	// Strict allows only the fast layer's certain changes: fence and prose
	// removal, control-byte escapes and truncation handling. Anything else
	// that would need a repair (today: invalid UTF-8) is an error instead.
	Strict bool
	// MaxOutput caps the size of the output in bytes; zero means no cap.
	MaxOutput int64
}

func (o *Options) maxDepth() int {
	if o.MaxDepth <= 0 {
		return DefaultMaxDepth
	}
	return o.MaxDepth
}
