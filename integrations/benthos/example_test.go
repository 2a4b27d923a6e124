package benthos

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExampleConfigRuns runs example/config.yaml (the README's) unchanged
// on a gzip-compressed JSON Lines file: good records land in out.jsonl in
// input order, rejected ones in dead.jsonl with their class.
func TestExampleConfigRuns(t *testing.T) {
	conf, err := os.ReadFile("example/config.yaml")
	require.NoError(t, err)
	schema, err := os.ReadFile("example/schema.json")
	require.NoError(t, err)

	dir := t.TempDir()
	var recs []record
	for _, r := range fixtures(int(kindCount) * 25) {
		if !strings.Contains(r.raw, "\n") { // the example reads one record per line
			recs = append(recs, r)
		}
	}
	f, err := os.Create(filepath.Join(dir, "in.jsonl.gz"))
	require.NoError(t, err)
	zw := gzip.NewWriter(f)
	for _, r := range recs {
		_, err = zw.Write([]byte(r.raw + "\n"))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	require.NoError(t, f.Close())
	require.NoError(t, os.WriteFile(filepath.Join(dir, "schema.json"), schema, 0o600))
	t.Chdir(dir)

	b, _ := newBuilder(t)
	require.NoError(t, b.SetYAML(string(conf)))
	require.NoError(t, b.SetLoggerYAML("level: none"))
	run(t, b)

	var wantGood []string
	var wantDead []record
	for _, r := range recs {
		if r.want != "" {
			wantGood = append(wantGood, r.want)
		} else {
			wantDead = append(wantDead, r)
		}
	}
	assert.Equal(t, wantGood, readLines(t, "out.jsonl"))
	dead := readLines(t, "dead.jsonl")
	require.Len(t, dead, len(wantDead))
	for i, line := range dead {
		var d struct{ Record, Class, Layer, Error, Diagnostics string }
		require.NoError(t, json.Unmarshal([]byte(line), &d))
		assert.Equal(t, wantDead[i].raw, d.Record)
		assert.Equal(t, wantDead[i].class, d.Class)
		assert.Equal(t, wantDead[i].layer, d.Layer)
	}
}

// TestREADMEShowsTheExample keeps the README's example identical to the
// tested example/config.yaml.
func TestREADMEShowsTheExample(t *testing.T) {
	conf, err := os.ReadFile("example/config.yaml")
	require.NoError(t, err)
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	assert.Contains(t, string(readme), "```yaml\n"+string(conf)+"```")
}
