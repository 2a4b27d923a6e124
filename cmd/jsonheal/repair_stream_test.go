package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bigDocument returns a valid JSON array of about size bytes.
func bigDocument(size int) string {
	var b strings.Builder
	b.WriteString("[")
	for k := 0; b.Len() < size; k++ {
		if k > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(`{"id":` + strconv.Itoa(k) + `,"name":"Ada \"L\"","tags":["a","b"],"n":null}`)
	}
	b.WriteString("]\n")
	return b.String()
}

// Past the 1 MiB window, valid input streams through unchanged.
func TestRepairStreamsLargeDocuments(t *testing.T) {
	in := bigDocument(3 << 20)
	code, out, errOut := runCLI(t, in, "repair")
	assert.Equal(t, exitOK, code, errOut)
	assert.True(t, in == out, "the output is the input")
	assert.Empty(t, errOut)
}

// A refusal found after output began: exit 1, and the last line on stderr
// says how much is on stdout.
func TestRepairRefusalAfterOutputBegan(t *testing.T) {
	doc := bigDocument(2 << 20)
	code, out, errOut := runCLI(t, doc+`{"second": 1}`, "repair")
	assert.Equal(t, exitFailed, code)
	require.NotEmpty(t, out)
	assert.True(t, strings.HasPrefix(doc, out))
	lines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
	last := lines[len(lines)-1]
	assert.True(t, strings.HasPrefix(last, "jsonheal repair: stopped after "+strconv.Itoa(len(out))+" bytes written: multiple_values: "), errOut)
	assert.Contains(t, last, "(offset "+strconv.Itoa(len(doc))+")")
	assert.Contains(t, errOut, "--values=")

	code, out, errOut = runCLI(t, doc+`{"second": 1}`, "repair", "--report=json")
	assert.Equal(t, exitFailed, code)
	var rep struct {
		OK    bool `json:"ok"`
		Error struct {
			Kind    string `json:"kind"`
			Offset  int64  `json:"offset"`
			Written int64  `json:"written"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal([]byte(errOut), &rep), errOut)
	assert.False(t, rep.OK)
	assert.Equal(t, "multiple_values", rep.Error.Kind)
	assert.Equal(t, int64(len(doc)), rep.Error.Offset)
	assert.Equal(t, int64(len(out)), rep.Error.Written)
}

// A refusal right after a whole first value past the window: the Writer
// passed the value on whole, so stdout holds it; the last stderr line
// still says so (it said only the plain error before), in text and JSON.
func TestRepairRefusalAfterAWholeValueSaysWhatWasWritten(t *testing.T) {
	doc := "[" + strings.Repeat("1,", 700000) + "1]"
	code, out, errOut := runCLI(t, doc+`, "b"`, "repair")
	assert.Equal(t, exitFailed, code)
	assert.Equal(t, doc, out)
	lines := strings.Split(strings.TrimRight(errOut, "\n"), "\n")
	assert.True(t, strings.HasPrefix(lines[len(lines)-1], "jsonheal repair: stopped after "+strconv.Itoa(len(out))+" bytes written: "), errOut)

	code, out, errOut = runCLI(t, doc+`, "b"`, "repair", "--report=json")
	assert.Equal(t, exitFailed, code)
	var rep struct {
		Error struct {
			Written int64 `json:"written"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal([]byte(errOut), &rep), errOut)
	assert.Equal(t, int64(len(out)), rep.Error.Written)
}

// Within the window, a refusal prints nothing, and its error line is the
// usual one.
func TestRepairModelSizedRefusalPrintsNothing(t *testing.T) {
	doc := bigDocument(900 << 10)
	code, out, errOut := runCLI(t, doc+`{"second": 1}`, "repair")
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "jsonheal repair: multiple_values: ")
	assert.NotContains(t, errOut, "stopped after")
}

// A refusal within the window prints nothing in the modes whose output is
// one JSON text: neither the values before a broken one wrapped as an
// array, nor, in first mode, what was read past the first value. lines
// passes on the values that were complete, a sequence by design.
func TestRepairRefusalPrintsNothingInEveryMode(t *testing.T) {
	for _, c := range []struct{ in, values, cap, out string }{
		{"{\"a\":1}\n{\"b\":2}\n{\"c\":@}", "array", "", ""},
		{"{\"a\":1}\n{\"b\":2}\n{\"c\":[1,", "array", "", ""},
		{"{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n", "first", "20", ""},
		{"{\"a\":1}\n{\"b\":2}\n{\"c\":3}\n", "array", "20", ""},
		{"{\"a\":1} {\"b\":@}", "one", "", ""},
		{"{\"a\":1}\n{\"b\":2}\n{\"c\":@}", "lines", "", "{\"a\":1}\n{\"b\":2}"},
	} {
		args := []string{"repair", "--values=" + c.values}
		if c.cap != "" {
			args = append(args, "--max-document-bytes", c.cap)
		}
		code, out, errOut := runCLI(t, c.in, args...)
		assert.Equal(t, exitFailed, code, "%q %v: %s", c.in, args, errOut)
		assert.Equal(t, c.out, out, "%q %v", c.in, args)
	}
}

// --max-document-bytes caps the input, as validate's caps what it holds.
func TestRepairMaxDocumentBytes(t *testing.T) {
	code, out, errOut := runCLI(t, `{"a": [1, 2, 3, 4, 5]}`, "repair", "--max-document-bytes", "10")
	assert.Equal(t, exitFailed, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "too_large: 1:11: ")
	assert.Contains(t, errOut, "longer than --max-document-bytes (10 bytes)")

	code, out, errOut = runCLI(t, `{"a": 1}`, "repair", "--max-document-bytes=1KiB")
	assert.Equal(t, exitOK, code, errOut)
	assert.Equal(t, `{"a": 1}`, out)

	for _, bad := range []string{"0", "-5", "lots"} {
		code, _, errOut = runCLI(t, `{}`, "repair", "--max-document-bytes="+bad)
		assert.Equal(t, exitUsage, code, bad)
		assert.Contains(t, errOut, "--max-document-bytes: not a size", bad)
	}

	// Past the cap after output began: the refusal says how much was written.
	doc := bigDocument(3 << 20)
	code, out, errOut = runCLI(t, doc, "repair", "--max-document-bytes=2MiB")
	assert.Equal(t, exitFailed, code)
	assert.True(t, len(out) > 1<<20 && strings.HasPrefix(doc, out))
	assert.Contains(t, errOut, "stopped after "+strconv.Itoa(len(out))+" bytes written: too_large: ")
}
