package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestValidateShape keeps validate/ within the shape its rebuild set
// (issue #36): no call cycle across more than three files, no file over
// 600 lines, no struct over 20 fields but the compiled schema node, and
// no type with methods in more than four files.
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
		assert.LessOrEqual(t, len(files), 4, "methods of %s in %v", typ, files)
	}
}
