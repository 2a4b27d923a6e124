package jsonl

// newSanitizer makes one worker's sanitizer.
func (o *Options) newSanitizer() Sanitizer {
	if o.NewSanitizer != nil {
		return o.NewSanitizer()
	}
	// TODO(merge main): sanitize.New(o.Sanitize) once it lands.
	return nil
}
