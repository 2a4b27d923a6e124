package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateShape keeps validate/ within the shape its rebuild set
// (issue #36): no call cycle across more than three files, no file over
// 600 lines, no struct over 20 fields but the compiled schema node, and
// no type with methods in more than four files, but those named in
// spreadLeft (a ratchet: a type leaves it when it meets the rule, and
// none joins it).
func TestValidateShape(t *testing.T) {
	g, err := load("../../validate")
	require.NoError(t, err)
	require.NotEmpty(t, g.files)
	for _, c := range g.components() {
		assert.LessOrEqual(t, len(c), 3, "call cycle across %v", c)
	}
	for _, f := range g.files {
		assert.LessOrEqual(t, g.lines[f], 600, "lines in %s", f)
	}
	require.Contains(t, g.fields, "evaluator")
	for name, n := range g.fields {
		if name != "node" {
			assert.LessOrEqual(t, n, 20, "fields of %s", name)
		}
	}
	for typ, files := range g.methodFiles {
		if n, left := spreadLeft[typ]; left {
			assert.LessOrEqual(t, len(files), n, "methods of %s in %v", typ, files)
			assert.Greater(t, len(files), 4, "%s meets the rule: take it out of spreadLeft", typ)
			continue
		}
		assert.LessOrEqual(t, len(files), 4, "methods of %s in %v", typ, files)
	}
}

// spreadLeft is, per type whose methods still spread over more than four
// files, the most it may spread over: the evaluator's keyword families
// have a file each (kw_*.go) besides its driver, budget, diagnostics and
// uniqueItems files.
var spreadLeft = map[string]int{
	"evaluator": 9,
}
