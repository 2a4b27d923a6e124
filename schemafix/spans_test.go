package schemafix

import (
	"bufio"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jsonheal/jsonheal/scanner"
)

// indexDocByteByByte is the former indexDoc, kept as the oracle: it feeds
// the scanner one byte at a time, strings included.
func indexDocByteByByte(doc []byte) *docIndex {
	x := &docIndex{doc: doc}
	sc := scanner.New(0)
	var stack []int
	keyStart, keyEnd := -1, -1
	scalar, str := -1, -1 // the open number or literal, the open string value
	open := func(i int) int {
		parent := -1
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		x.vals = append(x.vals, valueSpan{start: i, end: -1, parent: parent, keyStart: keyStart, keyEnd: keyEnd})
		keyStart, keyEnd = -1, -1
		return len(x.vals) - 1
	}
	closeScalar := func(i int) {
		if scalar >= 0 {
			x.vals[scalar].end = i
			scalar = -1
		}
	}
	for i := 0; i < len(doc); i++ {
		wasString, depth := sc.InString(), sc.Depth()
		for b := doc[i : i+1]; len(b) > 0 || sc.HasPending(); {
			n, ev := sc.Next(b)
			b = b[n:]
			if ev == scanner.Error {
				return &docIndex{doc: doc}
			}
		}
		inString := sc.InString()
		switch c := doc[i]; {
		case !wasString && inString: // an opening quote
			closeScalar(i)
			if sc.InKey() {
				keyStart = i
			} else {
				str = open(i)
			}
		case wasString && !inString: // a closing quote
			if str >= 0 {
				x.vals[str].end = i + 1
				str = -1
			} else {
				keyEnd = i + 1
			}
		case inString:
		case sc.Depth() > depth:
			closeScalar(i)
			stack = append(stack, open(i))
		case sc.Depth() < depth:
			closeScalar(i)
			x.vals[stack[len(stack)-1]].end = i + 1
			stack = stack[:len(stack)-1]
		case c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r':
			closeScalar(i)
		default:
			if scalar < 0 {
				scalar = open(i)
			}
		}
	}
	closeScalar(len(doc))
	for sc.End() != scanner.EOF {
	}
	if sc.Err() != nil || len(stack) > 0 || str >= 0 {
		return &docIndex{doc: doc}
	}
	return x
}

// TestIndexDocMatchesByteByByte: the index built with string runs fed to
// the scanner in one chunk is the byte-by-byte one, value for value, on the
// sample of model outputs (the broken ones give both an empty index) and
// on strings full of escapes, control bytes and invalid UTF-8.
func TestIndexDocMatchesByteByByte(t *testing.T) {
	docs := []string{
		`{"a":"x\"y\\","b":["\\\"",  "\u00e9\n"],"c":{"d\\":"\"\""}}`,
		"{\"raw\":\"line\nbreak\ttab\",\"bad\":\"\xff\xfe\",\"k\":[\"\\u12\"]}",
		`"top \"level\" string"`, `["unterminated`, `{"a":"b"`, `""`, `"\\"`,
	}
	f, err := os.Open("../testdata/sample/outputs.jsonl")
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		docs = append(docs, sc.Text())
	}
	require.NoError(t, sc.Err())
	require.Greater(t, len(docs), 300)
	indexed := 0
	for _, doc := range docs {
		want, got := indexDocByteByByte([]byte(doc)), indexDoc([]byte(doc))
		assert.Equal(t, want.vals, got.vals, doc)
		if len(want.vals) > 0 {
			indexed++
		}
	}
	assert.Greater(t, indexed, 300)
}
