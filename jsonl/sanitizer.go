package jsonl

import "github.com/jsonheal/jsonheal/sanitize"

// newSanitizer makes one worker's sanitizer.
func (o *Options) newSanitizer() Sanitizer {
	if o.NewSanitizer != nil {
		return o.NewSanitizer()
	}
	return sanitize.New(o.Sanitize)
}
