package jsonl

import "github.com/jsonheal/jsonheal/sanitize"

// DefaultMinConfidence is the confidence floor when
// Options.Sanitize.MinConfidence is zero, the same as everywhere
// (sanitize.DefaultMinConfidence, likely): batch cleaning writes records
// whose fixes are certain or likely, and a record that needs a guess goes
// to the Healer (a model) when there is one, or to the rejects with the
// guess named (ReasonNeedsModel). Set Sanitize.MinConfidence to
// sanitize.Guess to accept guesses. The floor applies to the schema fixes
// too.
const DefaultMinConfidence = sanitize.DefaultMinConfidence

// sanitizeOptions returns the sanitizer options of a worker, with the
// default floor made explicit.
func (o *Options) sanitizeOptions() sanitize.Options {
	so := o.Sanitize
	so.MinConfidence = so.MinConfidence.OrDefault()
	return so
}

// newSanitizer makes one worker's sanitizer.
func (o *Options) newSanitizer() Sanitizer {
	if o.NewSanitizer != nil {
		return o.NewSanitizer()
	}
	return sanitize.New(o.sanitizeOptions())
}
