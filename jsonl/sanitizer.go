package jsonl

import "github.com/jsonheal/jsonheal/sanitize"

// DefaultMinConfidence is the sanitizer's confidence floor when
// Options.Sanitize.MinConfidence is zero: batch cleaning writes records
// whose fixes are certain or likely, and a record that needs a guess goes
// to the Healer (a model) when there is one, or to the rejects with the
// guess named (ReasonNeedsModel). Set Sanitize.MinConfidence to
// sanitize.Guess to accept guesses.
const DefaultMinConfidence = sanitize.Likely

// sanitizeOptions returns the sanitizer options of a worker, with the
// batch default floor.
func (o *Options) sanitizeOptions() sanitize.Options {
	so := o.Sanitize
	if so.MinConfidence == 0 {
		so.MinConfidence = DefaultMinConfidence
	}
	return so
}

// newSanitizer makes one worker's sanitizer.
func (o *Options) newSanitizer() Sanitizer {
	if o.NewSanitizer != nil {
		return o.NewSanitizer()
	}
	return sanitize.New(o.sanitizeOptions())
}
