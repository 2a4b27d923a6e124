package validate

// formatFunc checks a string against a format.
type formatFunc func(s []byte) bool

// formats maps format names to checkers; unknown formats are annotations.
var formats = map[string]formatFunc{}
