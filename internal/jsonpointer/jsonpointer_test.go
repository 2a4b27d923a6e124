package jsonpointer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEscapeToken(t *testing.T) {
	for tok, want := range map[string]string{
		"":      "",
		"a":     "a",
		"a/b":   "a~1b",
		"m~n":   "m~0n",
		"~1":    "~01", // '~' first, so "~1" stays a literal
		"/~/":   "~1~0~1",
		"héllo": "héllo",
	} {
		assert.Equal(t, want, EscapeToken(tok), tok)
		assert.Equal(t, "/"+want, string(AppendToken(nil, tok)), tok)
		assert.Equal(t, "#/x/"+want, string(AppendToken([]byte("#/x"), tok)), tok)
	}
}

func TestTokens(t *testing.T) {
	toks, ok := Tokens("")
	assert.True(t, ok)
	assert.Empty(t, toks)

	toks, ok = Tokens("/")
	assert.True(t, ok)
	assert.Equal(t, []string{""}, toks)

	toks, ok = Tokens("/$defs/a~1b/m~0n/~01/0")
	assert.True(t, ok)
	assert.Equal(t, []string{"$defs", "a/b", "m~n", "~1", "0"}, toks)

	_, ok = Tokens("$defs/a")
	assert.False(t, ok)
}

// TestTokensUndoAppendToken: splitting a pointer built token by token
// gives the tokens back.
func TestTokensUndoAppendToken(t *testing.T) {
	in := []string{"properties", "a/b", "~", "~1", "", "x~0y"}
	var p []byte
	for _, tok := range in {
		p = AppendToken(p, tok)
	}
	out, ok := Tokens(string(p))
	assert.True(t, ok)
	assert.Equal(t, in, out)
}

// TestUnescapeTokenUndoesEscapeToken: every token comes back from its
// escaped form, "~01" is "~1" (not "/"), and a token with no '~' is
// returned as it is.
func TestUnescapeTokenUndoesEscapeToken(t *testing.T) {
	for _, tok := range []string{"", "plain", "a/b", "~", "~1", "~0", "/~/", "x~01y", "~~//"} {
		assert.Equal(t, tok, UnescapeToken(EscapeToken(tok)), tok)
	}
	assert.Equal(t, "~1", UnescapeToken("~01"))
	assert.Equal(t, "a/b~c", UnescapeToken("a~1b~0c"))
}
