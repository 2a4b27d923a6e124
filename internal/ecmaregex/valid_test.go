package ecmaregex

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestValid: the "regex" format accepts ECMA-262 patterns RE2 compiles and
// refuses RE2 or Perl syntax that ECMA-262 lacks.
func TestValid(t *testing.T) {
	for _, s := range []string{`^[a-z]+$`, `\d{4}-\d{2}`, `(?:ab)+`, `\p{Letter}+`, `\cJ`, `a\sb`, ``} {
		assert.True(t, Valid(s), s)
	}
	for _, s := range []string{`\Aabc`, `abc\z`, `\Qa.b\E`, `(?P<name>x)`, `(?i)abc`, `(?#comment)`, `^(abc]`, `a{2,1}`} {
		assert.False(t, Valid(s), s)
	}
}
