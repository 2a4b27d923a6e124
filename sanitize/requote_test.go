package sanitize

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A single-quoted string read whole and rewritten in one pass (requote)
// comes out as the edits one per change make it, and with the same fixes
// and errors: fed a byte at a time, no string is whole in a chunk and
// every change is an edit of its own; requoteEdits makes the whole
// strings edits too.
func TestRequoteMatchesEdits(t *testing.T) {
	inputs := []string{
		`{'a': 'It\'s "solid".', 'b': 'x'}`,
		`['a"b'+ 'c', 'd\"e\n','f', 'é"\'',/*c*/ 'g"'/*c*/]`,
		`{'k"\'':'v"'}`,
		`['a"b' 'c', 'x"'+'y']`,
		`['a string of more than 32 bytes with "quotes" and it\'s escapes', 1]`,
		`{'n': ['"', '\'', '\\', '\/"']}`,
		`['It\'s' + 'b', 'c"\'d' + 'e', 'f\'\'g'+'h']`, // the closing quote is edited after
		`{'a': 'It\'s', 'b': 'x"\'\'y', 'c': tru`,      // cut back past the strings
		`['a"b',`,
		`['a"b'`,
		`['\u0041"', 'bad \x "esc"', 'tab	"']`, // read quote by quote
	}
	options := []Options{
		{},
		{CloseTruncated: true},
		{Disable: KindSet(0).With(KindInnerQuote)}, // every closing quote settles
		{Disable: KindSet(0).With(KindInvalidEscape)},
		{MinConfidence: Certain},
	}
	for _, in := range inputs {
		for _, opts := range options {
			want, wantRep, wantErr := viaWriter([]byte(in), []int{1}, opts)
			for _, edits := range []bool{false, true} {
				z := New(opts)
				z.requoteEdits = edits
				got, err := z.Append(nil, []byte(in))
				assert.Equal(t, string(want), string(got), "%s %+v edits=%v", in, opts, edits)
				assert.Equal(t, wantRep, *z.Report(), "%s %+v edits=%v", in, opts, edits)
				assert.Equal(t, errString(wantErr), errString(err), "%s %+v edits=%v", in, opts, edits)
			}
		}
	}
}

func TestQuoteOrBackslash(t *testing.T) {
	s := []byte(`0123456789abcdef"0123456789\`)
	for i := range s {
		want := len(s) - 1 // the backslash
		if i <= 16 {
			want = 16
		}
		assert.Equal(t, want-i, quoteOrBackslash(s[i:]), "from %d", i)
	}
	assert.Equal(t, 0, quoteOrBackslash(nil))
	assert.Equal(t, 9, quoteOrBackslash([]byte("é\x80\xffabcde")))
}
